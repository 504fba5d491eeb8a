"""Drive a real discord.py client offline: gateway payloads in, recorded HTTP requests out.

No machine here reaches Discord, so the two network seams of discord.py are replaced:

- `client.http.request` (the bot's REST calls: channel messages, DMs, threads, login) and
- the interaction-webhook adapter (`discord.webhook.async_.async_context`, which carries every
  interaction response, followup and original-message edit; discord.py's own tests use the
  same seam),

by a `Recorder` that keeps each request (method, path, JSON payload, attached files) and answers
with a realistic Discord payload: a created message has an id, an author, its embeds, components
and attachments; a DM channel has its recipient; a failure raises the real `discord.Forbidden`.

Interactions are real too: `Harness.slash/autocomplete/click` build INTERACTION_CREATE payloads
and feed them through `client._connection.parse_interaction_create`, so the CommandTree, the
option transformers, autocomplete and the dynamic-item view store all run as in production.
The connection state comes from a READY payload with one guild, two text channels and members.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import discord
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

API = re.compile(r"^https?://[^/]+/api/v\d+")
EPHEMERAL = 64
APP_ID = 900000000000000001
BOT_ID = 900000000000000001
GUILD_ID = 800000000000000001
CHANNEL_ID = 810000000000000001
OTHER_CHANNEL_ID = 810000000000000002
TIMESTAMP = "2026-11-29T12:00:00.000000+00:00"

_ids = itertools.count(1_200_000_000_000_000_000)


def snowflake() -> int:
    """A fresh, increasing snowflake."""
    return next(_ids)


@dataclass(frozen=True)
class FakeUser:
    """A Discord user in the fake guild."""

    id: int
    name: str
    locale: str = "en-US"
    moderator: bool = False

    def payload(self) -> dict[str, Any]:
        """The user object as the gateway sends it."""
        return {
            "id": str(self.id),
            "username": self.name.lower(),
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": False,
        }

    def member_payload(self) -> dict[str, Any]:
        """The guild member object (with the interaction's computed permissions)."""
        perms = (
            discord.Permissions.all()
            if self.moderator
            else discord.Permissions(
                send_messages=True,
                view_channel=True,
                read_message_history=True,
                use_application_commands=True,
            )
        )
        return {
            "user": self.payload(),
            "roles": [],
            "joined_at": TIMESTAMP,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "nick": None,
            "permissions": str(perms.value),
        }


ALICE = FakeUser(700000000000000001, "Alice", "en-US")
HANA = FakeUser(700000000000000002, "花子", "ja")
BOB = FakeUser(700000000000000003, "Bob", "en-GB")
MOD = FakeUser(700000000000000004, "Mod", "en-US", moderator=True)
USERS = (ALICE, HANA, BOB, MOD)


@dataclass
class SentFile:
    """A file attached to a request."""

    filename: str
    data: bytes


@dataclass
class Call:
    """One recorded request: REST (`http`) or interaction webhook (`webhook`)."""

    kind: str
    method: str
    path: str
    payload: Any
    files: list[SentFile] = field(default_factory=list)
    result: Any = None

    @property
    def body(self) -> dict[str, Any]:
        """The message part of the payload (the `data` of an interaction callback)."""
        if not isinstance(self.payload, dict):
            return {}
        if self.path.endswith("/callback"):
            return self.payload.get("data") or {}
        return self.payload

    @property
    def callback_type(self) -> int | None:
        """The interaction response type (4 message, 5 deferred, 6 deferred update, 7 update, 8 choices)."""
        if self.path.endswith("/callback"):
            return int(self.payload["type"])
        return None

    @property
    def ephemeral(self) -> bool:
        """True when the message is only visible to its recipient."""
        return bool(int(self.body.get("flags") or 0) & EPHEMERAL)

    @property
    def content(self) -> str:
        """The message text ('' when none)."""
        return self.body.get("content") or ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        """The embeds sent."""
        return self.body.get("embeds") or []

    @property
    def text(self) -> str:
        """Content, embed titles, descriptions, fields and footers, for text assertions."""
        return message_text(self.body)

    @property
    def custom_ids(self) -> list[str]:
        """Every component custom_id in the message."""
        return list(custom_ids(self.body.get("components") or []))

    @property
    def allowed_mentions(self) -> dict[str, Any] | None:
        """The allowed_mentions object sent, if any."""
        return self.body.get("allowed_mentions")

    @property
    def message_id(self) -> int | None:
        """The id of the message this call created or edited."""
        if isinstance(self.result, dict):
            made = (self.result.get("interaction") or {}).get("response_message_id")
            if made is not None:
                return int(made)
            msg = (
                self.result.get("resource", {}).get("message")
                if "resource" in self.result
                else self.result
            )
            if isinstance(msg, dict) and "id" in msg:
                return int(msg["id"])
        return None


def custom_ids(components: Iterable[dict[str, Any]]) -> Iterable[str]:
    """Walk a component tree and yield its custom_ids."""
    for comp in components:
        if "custom_id" in comp:
            yield comp["custom_id"]
        yield from custom_ids(comp.get("components") or [])


def message_text(body: dict[str, Any]) -> str:
    """All human-readable text of a message payload."""
    parts = [body.get("content") or ""]
    for embed in body.get("embeds") or []:
        parts += [embed.get("title") or "", embed.get("description") or ""]
        for fld in embed.get("fields") or []:
            parts += [fld.get("name") or "", fld.get("value") or ""]
        parts.append((embed.get("footer") or {}).get("text") or "")
    return "\n".join(p for p in parts if p)


class _FakeResponse:
    """Enough of an aiohttp response for discord.HTTPException."""

    def __init__(self, status: int, reason: str) -> None:
        self.status = status
        self.reason = reason


class Recorder:
    """Records every request and answers like Discord would."""

    def __init__(self) -> None:
        self.calls: list[Call] = []
        self.messages: dict[int, dict[str, Any]] = {}
        self.deleted: set[int] = set()
        self.dm_channels: dict[int, int] = {}  # user id -> DM channel id
        self.dm_closed: set[int] = set()
        self.user_payloads: dict[int, dict[str, Any]] = {u.id: u.payload() for u in USERS}
        self.bot_user = {
            "id": str(BOT_ID),
            "username": "cardbot",
            "global_name": "cardbot",
            "discriminator": "0",
            "avatar": None,
            "bot": True,
            "verified": True,
            "mfa_enabled": False,
            "flags": 0,
        }
        self.adapter = _RecordingWebhookAdapter(self)
        self.on_create: Callable[[dict[str, Any]], None] | None = None
        """Called with each message created in a guild channel (the gateway's MESSAGE_CREATE)."""
        self.invalid_token = False
        self.failures: dict[tuple[str, str], tuple[int, int, str]] = {}

    def fail(
        self,
        method: str,
        path: str,
        status: int = 403,
        code: int = 50013,
        message: str = "Missing Permissions",
    ) -> None:
        """Make Discord refuse one REST request from now on (status and JSON error code)."""
        self.failures[(method, path)] = (status, code, message)

    # -- installing ------------------------------------------------------------------------

    def install(self, client: discord.Client) -> None:
        """Replace the client's REST layer with this recorder."""
        client.http.request = self.http_request  # type: ignore[method-assign]

    def activate(self) -> None:
        """Route interaction webhooks through the recorder in the current context."""
        async_context.set(self.adapter)

    # -- queries ---------------------------------------------------------------------------

    def since(self, mark: int) -> list[Call]:
        """Calls recorded after `mark` (a previous `len(recorder.calls)`)."""
        return self.calls[mark:]

    def dm_calls(self, user: FakeUser) -> list[Call]:
        """Messages sent (or attempted) to a user's DM channel."""
        channel = self.dm_channels.get(user.id)
        return [c for c in self.calls if channel and c.path == f"/channels/{channel}/messages"]

    def channel_messages(self, channel_id: int = CHANNEL_ID) -> list[dict[str, Any]]:
        """Messages currently in a channel (after edits, without deleted ones)."""
        return [
            m
            for mid, m in self.messages.items()
            if int(m["channel_id"]) == channel_id and mid not in self.deleted
        ]

    def dm_messages(self, user: FakeUser) -> list[dict[str, Any]]:
        """Messages the bot has in the user's DM channel, oldest first."""
        channel = self.dm_channels.get(user.id)
        return [m for m in self.messages.values() if channel and int(m["channel_id"]) == channel]

    def last_dm(self, user: FakeUser) -> dict[str, Any]:
        """The newest message in the user's DMs."""
        messages = self.dm_messages(user)
        assert messages, f"no DM to {user.name}"
        return messages[-1]

    def message(self, message_id: int) -> dict[str, Any]:
        """The current payload of a message."""
        return self.messages[message_id]

    # -- REST ------------------------------------------------------------------------------

    async def http_request(
        self, route: discord.http.Route, *, files: Any = None, form: Any = None, **kwargs: Any
    ) -> Any:
        """Stand-in for `HTTPClient.request`."""
        path = API.sub("", route.url)
        payload = kwargs.get("json")
        sent_files = _files(files)
        if form:
            for part in form:
                if part["name"] == "payload_json":
                    payload = json.loads(part["value"])
        if route.method == "GET" and kwargs.get("params"):
            payload = dict(kwargs["params"])  # a read's query (the messages after an id)
        call = Call("http", route.method, path, payload, sent_files)
        self.calls.append(call)
        call.result = self._answer(route.method, path, payload, sent_files)
        await asyncio.sleep(0)
        return call.result

    def _answer(self, method: str, path: str, payload: Any, files: list[SentFile]) -> Any:
        failure = self.failures.get((method, path))
        if failure is not None:
            status, code, message = failure
            kind = {403: discord.Forbidden, 404: discord.NotFound}.get(
                status, discord.HTTPException
            )
            raise kind(_FakeResponse(status, message), {"code": code, "message": message})
        if self.invalid_token and path == "/users/@me":
            raise discord.HTTPException(
                _FakeResponse(401, "Unauthorized"), {"code": 0, "message": "401: Unauthorized"}
            )
        if path == "/users/@me" and method == "GET":
            return self.bot_user
        if path == "/oauth2/applications/@me":
            return {
                "id": str(APP_ID),
                "name": "cardbot",
                "icon": None,
                "description": "",
                "rpc_origins": [],
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": self.user_payloads[ALICE.id],
                "summary": "",
                "verify_key": "0" * 64,
                "flags": 0,
            }
        if (m := re.fullmatch(r"/channels/(\d+)", path)) and method == "GET":
            return self.channel_payload(int(m.group(1)))
        if path == "/users/@me/channels" and method == "POST":
            user_id = int(payload["recipient_id"])
            channel_id = self.dm_channels.setdefault(user_id, snowflake())
            return {
                "id": str(channel_id),
                "type": 1,
                "last_message_id": None,
                "recipients": [self.user_payloads[user_id]],
            }
        if m := re.fullmatch(r"/applications/\d+(?:/guilds/\d+)?/commands", path):
            return [
                dict(cmd, id=str(snowflake()), application_id=str(APP_ID), version="1")
                for cmd in payload
            ]
        if m := re.fullmatch(r"/channels/(\d+)/threads", path):
            return {
                "id": str(snowflake()),
                "type": 11,
                "guild_id": str(GUILD_ID),
                "parent_id": m.group(1),
                "owner_id": str(BOT_ID),
                "name": payload.get("name", "thread"),
                "last_message_id": None,
                "rate_limit_per_user": 0,
                "message_count": 0,
                "member_count": 0,
                "flags": 0,
                "thread_metadata": {
                    "archived": False,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": TIMESTAMP,
                    "locked": False,
                },
            }
        if m := re.fullmatch(r"/channels/(\d+)/messages", path):
            channel_id = int(m.group(1))
            if method == "POST":
                recipient = next((u for u, c in self.dm_channels.items() if c == channel_id), None)
                if recipient is not None and recipient in self.dm_closed:
                    raise discord.Forbidden(
                        _FakeResponse(403, "Forbidden"),
                        {"code": 50007, "message": "Cannot send messages to this user"},
                    )
                return self.store(channel_id, payload or {}, files)
            if method == "GET":
                after = int((payload or {}).get("after") or 0)
                return [
                    m
                    for mid, m in sorted(self.messages.items(), reverse=True)
                    if int(m["channel_id"]) == channel_id
                    and mid > after
                    and mid not in self.deleted
                    and not int(m.get("flags") or 0) & EPHEMERAL
                ][: int((payload or {}).get("limit") or 50)]
        if m := re.fullmatch(r"/channels/(\d+)/messages/(\d+)", path):
            message_id = int(m.group(2))
            if method == "PATCH":
                return self.edit(message_id, payload or {}, files)
            if method == "DELETE":
                self.deleted.add(message_id)
                return None
            if method == "GET":
                return self.messages[message_id]
        raise AssertionError(f"the harness has no answer for {method} {path}")

    # -- message store ---------------------------------------------------------------------

    def store(
        self,
        channel_id: int,
        body: dict[str, Any],
        files: list[SentFile],
        *,
        interaction: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """Create a message the way Discord echoes it back."""
        message_id = snowflake()
        message: dict[str, Any] = {
            "id": str(message_id),
            "channel_id": str(channel_id),
            "author": self.bot_user,
            "content": body.get("content") or "",
            "timestamp": TIMESTAMP,
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": _attachments(files),
            "embeds": body.get("embeds") or [],
            "components": body.get("components") or [],
            "pinned": False,
            "type": 0 if interaction is None else 19,
            "flags": int(body.get("flags") or 0),
        }
        if channel_id not in self.dm_channels.values():
            message["guild_id"] = str(GUILD_ID)
        if interaction is not None:
            message["interaction_metadata"] = interaction
            message["application_id"] = str(APP_ID)
        self.messages[message_id] = message
        self._created(message)
        return message

    def _created(self, message: dict[str, Any]) -> None:
        """Tell the client, as the gateway would (guild channels; not ephemeral messages)."""
        ephemeral = int(message.get("flags") or 0) & EPHEMERAL
        if self.on_create is not None and "guild_id" in message and not ephemeral:
            self.on_create(message)

    def chat(self, user: FakeUser, channel_id: int = CHANNEL_ID, text: str = "hi") -> int:
        """Someone writes in a channel (the bot hears of it through MESSAGE_CREATE)."""
        message_id = snowflake()
        message = {
            "id": str(message_id),
            "channel_id": str(channel_id),
            "guild_id": str(GUILD_ID),
            "author": user.payload(),
            "content": text,
            "timestamp": TIMESTAMP,
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "components": [],
            "pinned": False,
            "type": 0,
            "flags": 0,
        }
        self.messages[message_id] = message
        self._created(message)
        return message_id

    def channel_payload(self, channel_id: int) -> dict[str, Any]:
        """A guild channel as GET /channels/{id} answers (its newest message id included)."""
        newest = max(
            (
                int(m["id"])
                for m in self.messages.values()
                if int(m["channel_id"]) == channel_id
                and not int(m.get("flags") or 0) & EPHEMERAL
            ),
            default=None,
        )
        payload = _channel_payload(channel_id, "games", 0)
        payload["last_message_id"] = None if newest is None else str(newest)
        return payload

    def edit(self, message_id: int, body: dict[str, Any], files: list[SentFile]) -> dict[str, Any]:
        """Apply an edit to a stored message and return it."""
        message = self.messages[message_id]
        for key in ("content", "embeds", "components"):
            if key in body:
                message[key] = body[key] or ([] if key != "content" else "")
        if files or "attachments" in body:
            kept = {str(a.get("id")) for a in body.get("attachments") or [] if "id" in a}
            message["attachments"] = [
                a for a in message["attachments"] if a["id"] in kept
            ] + _attachments(files)
        message["edited_timestamp"] = TIMESTAMP
        return message


class _RecordingWebhookAdapter(AsyncWebhookAdapter):
    """Interaction responses, followups and original-message edits, recorded."""

    def __init__(self, recorder: Recorder) -> None:
        super().__init__()
        self.recorder = recorder
        self.originals: dict[str, int] = {}  # interaction token -> message id
        self.channels: dict[str, int] = {}  # interaction token -> channel id
        self.metadata: dict[str, dict[str, Any]] = {}  # interaction token -> interaction_metadata

    async def request(self, route: discord.http.Route, session: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        """Stand-in for the webhook adapter's network request."""
        path = API.sub("", route.url)
        payload = kwargs.get("payload")
        multipart = kwargs.get("multipart")
        if multipart:
            for part in multipart:
                if part["name"] == "payload_json":
                    payload = json.loads(part["value"])
        files = _files(kwargs.get("files"))
        call = Call("webhook", route.method, path, payload, files)
        self.recorder.calls.append(call)
        call.result = self._answer(route, path, payload, files)
        await asyncio.sleep(0)
        return call.result

    def _answer(
        self, route: discord.http.Route, path: str, payload: Any, files: list[SentFile]
    ) -> Any:
        rec = self.recorder
        token = route.webhook_token or ""
        channel_id = self.channels.get(token, CHANNEL_ID)
        if path.endswith("/callback"):
            kind = int(payload["type"])
            data = payload.get("data") or {}
            interaction = {"id": str(route.webhook_id), "type": kind}
            result: dict[str, Any] = {"interaction": dict(interaction)}
            if kind == 4:  # a new message
                msg = rec.store(channel_id, data, files, interaction=self.metadata.get(token))
                self.originals[token] = int(msg["id"])
                result["interaction"]["response_message_id"] = msg["id"]
                result["interaction"]["response_message_ephemeral"] = bool(
                    int(data.get("flags") or 0) & EPHEMERAL
                )
                result["resource"] = {"type": 4, "message": msg}
            elif kind == 5:  # "thinking…", the original message is edited later
                msg = rec.store(
                    channel_id,
                    {"content": "", "flags": data.get("flags") or 0},
                    [],
                    interaction=self.metadata.get(token),
                )
                self.originals[token] = int(msg["id"])
                result["interaction"]["response_message_id"] = msg["id"]
                result["interaction"]["response_message_loading"] = True
                result["interaction"]["response_message_ephemeral"] = bool(
                    int(data.get("flags") or 0) & EPHEMERAL
                )
                result["resource"] = {"type": 5}
            elif kind == 7:  # edit the message the component is on
                message_id = self.originals.get(token)
                if message_id is not None:
                    msg = rec.edit(message_id, data, files)
                    result["resource"] = {"type": 7, "message": msg}
            return result
        if path.endswith("/messages/@original"):
            message_id = self.originals[token]
            if route.method == "PATCH":
                return rec.edit(message_id, payload or {}, files)
            if route.method == "DELETE":
                rec.deleted.add(message_id)
                return None
            return rec.messages[message_id]
        if m := re.fullmatch(r"/webhooks/\d+/[^/]+/messages/(\d+)", path):
            message_id = int(m.group(1))
            if route.method == "PATCH":
                return rec.edit(message_id, payload or {}, files)
            if route.method == "DELETE":
                rec.deleted.add(message_id)
                return None
            return rec.messages[message_id]
        if re.fullmatch(r"/webhooks/\d+/[^/]+", path) and route.method == "POST":
            return rec.store(channel_id, payload or {}, files)
        raise AssertionError(f"the harness has no webhook answer for {route.method} {path}")


def _files(files: Any) -> list[SentFile]:
    out = []
    for f in files or []:
        f.reset()
        out.append(SentFile(f.filename, f.fp.read()))
        f.reset()
    return out


def _attachments(files: list[SentFile]) -> list[dict[str, Any]]:
    out = []
    for f in files:
        aid = snowflake()
        out.append(
            {
                "id": str(aid),
                "filename": f.filename,
                "size": len(f.data),
                "url": f"https://cdn.discordapp.com/attachments/0/{aid}/{f.filename}",
                "proxy_url": f"https://media.discordapp.net/attachments/0/{aid}/{f.filename}",
                "content_type": "image/png" if f.filename.endswith(".png") else "application/json",
            }
        )
    return out


def _channel_payload(channel_id: int, name: str, position: int) -> dict[str, Any]:
    return {
        "id": str(channel_id),
        "type": 0,
        "guild_id": str(GUILD_ID),
        "name": name,
        "position": position,
        "permission_overwrites": [],
        "nsfw": False,
        "parent_id": None,
        "topic": None,
        "rate_limit_per_user": 0,
        "last_message_id": None,
    }


def guild_payload() -> dict[str, Any]:
    """A GUILD_CREATE-shaped guild: two text channels, the users and the bot as members."""
    everyone = {
        "id": str(GUILD_ID),
        "name": "@everyone",
        "permissions": str(
            discord.Permissions(
                send_messages=True,
                view_channel=True,
                read_message_history=True,
                use_application_commands=True,
            ).value
        ),
        "position": 0,
        "color": 0,
        "hoist": False,
        "managed": False,
        "mentionable": False,
        "flags": 0,
    }
    bot_member = {
        "user": {
            "id": str(BOT_ID),
            "username": "cardbot",
            "global_name": "cardbot",
            "discriminator": "0",
            "avatar": None,
            "bot": True,
        },
        "roles": [],
        "joined_at": TIMESTAMP,
        "deaf": False,
        "mute": False,
        "flags": 0,
    }
    return {
        "id": str(GUILD_ID),
        "name": "Card room",
        "icon": None,
        "owner_id": str(MOD.id),
        "preferred_locale": "en-US",
        "roles": [everyone],
        "emojis": [],
        "stickers": [],
        "features": [],
        "member_count": len(USERS) + 1,
        "members": [u.member_payload() for u in USERS] + [bot_member],
        "channels": [
            _channel_payload(CHANNEL_ID, "games", 0),
            _channel_payload(OTHER_CHANNEL_ID, "more-games", 1),
        ],
        "threads": [],
        "voice_states": [],
        "presences": [],
        "large": False,
        "unavailable": False,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "nsfw_level": 0,
        "premium_tier": 0,
        "system_channel_flags": 0,
        "afk_timeout": 300,
    }


@dataclass
class Exchange:
    """What one interaction caused: every request recorded while it was handled."""

    calls: list[Call]

    @property
    def replies(self) -> list[Call]:
        """Interaction responses, followups and original-message edits (the interaction's own messages)."""
        return [c for c in self.calls if c.kind == "webhook"]

    @property
    def response(self) -> Call:
        """The first interaction callback (the acknowledgement)."""
        return next(c for c in self.calls if c.path.endswith("/callback"))

    @property
    def answer(self) -> Call:
        """What the user finally sees as the interaction's own message: the edit of the deferred
        reply when the bot acknowledged first, else the response itself."""
        edits = [c for c in self.replies if c.path.endswith("/messages/@original")]
        return edits[-1] if edits else self.response

    @property
    def channel_posts(self) -> list[Call]:
        """REST message creations and edits in guild channels (not DMs)."""
        return [
            c
            for c in self.calls
            if c.kind == "http"
            and "/messages" in c.path
            and c.method in ("POST", "PATCH")
            and (c.result or {}).get("guild_id")
        ]

    def ephemeral_text(self) -> str:
        """The text of every ephemeral reply, joined."""
        texts = [c.text for c in self.replies if c.ephemeral or self._original_ephemeral(c)]
        return "\n".join(text for text in texts if text)

    def _original_ephemeral(self, call: Call) -> bool:
        if "/messages/" not in call.path or not isinstance(call.result, dict):
            return False
        return bool(int(call.result.get("flags") or 0) & EPHEMERAL)

    def choices(self) -> list[dict[str, Any]]:
        """The autocomplete choices answered."""
        return self.response.payload["data"]["choices"]


class Harness:
    """A logged-in offline client, a fake guild, and helpers to send it interactions."""

    def __init__(self, client: discord.Client, recorder: Recorder) -> None:
        self.client = client
        self.recorder = recorder

    @classmethod
    async def start(
        cls, make_client: Callable[[], discord.Client], recorder: Recorder | None = None
    ) -> Harness:
        """Create the client, log in through the recorder, and deliver READY with the guild."""
        recorder = recorder or Recorder()
        client = make_client()
        recorder.install(client)
        recorder.on_create = client._connection.parse_message_create
        recorder.activate()
        await client.login("offline.token")
        state = client._connection
        state.parse_ready(
            {
                "v": 10,
                "user": recorder.bot_user,
                "guilds": [guild_payload()],
                "session_id": "offline",
                "resume_gateway_url": "wss://gateway.invalid",
                "application": {"id": str(APP_ID), "flags": 0},
                "shard": [0, 1],
            }
        )
        if state._ready_task is not None:
            state._ready_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await state._ready_task
        return cls(client, recorder)

    async def close(self) -> None:
        """Close the client (its aiohttp session was never used for a request)."""
        with contextlib.suppress(Exception):
            await self.client.close()

    # -- sending interactions ---------------------------------------------------------------

    def _base(
        self, user: FakeUser, kind: int, channel_id: int | None, dm: bool, locale: str | None
    ) -> dict[str, Any]:
        interaction_id = snowflake()
        data: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(APP_ID),
            "type": kind,
            "token": f"token-{interaction_id}",
            "version": 1,
            "locale": locale or user.locale,
            "app_permissions": str(discord.Permissions.all().value),
            "entitlements": [],
            "attachment_size_limit": 26214400,
        }
        if dm:
            channel = self.recorder.dm_channels.setdefault(user.id, snowflake())
            data["channel"] = {"id": str(channel), "type": 1, "recipients": [user.payload()]}
            data["channel_id"] = str(channel)
            data["user"] = user.payload()
            data["context"] = 1
            data["authorizing_integration_owners"] = {"1": str(user.id)}
        else:
            channel = channel_id or CHANNEL_ID
            data["guild_id"] = str(GUILD_ID)
            data["guild_locale"] = "en-US"
            data["channel"] = {
                "id": str(channel),
                "type": 0,
                "guild_id": str(GUILD_ID),
                "name": "games",
                "position": 0,
                "permission_overwrites": [],
                "nsfw": False,
                "parent_id": None,
            }
            data["channel_id"] = str(channel)
            data["member"] = user.member_payload()
            data["context"] = 0
            data["authorizing_integration_owners"] = {"0": str(GUILD_ID)}
        self.recorder.adapter.channels[data["token"]] = int(channel)
        self.recorder.adapter.metadata[data["token"]] = {
            "id": data["id"],
            "type": kind,
            "user": user.payload(),
            "authorizing_integration_owners": data["authorizing_integration_owners"],
        }
        return data

    async def _dispatch(self, payload: dict[str, Any]) -> Exchange:
        self.recorder.activate()
        mark = len(self.recorder.calls)
        before = asyncio.all_tasks()
        self.client._connection.parse_interaction_create(payload)
        await self.settle(before)
        return Exchange(self.recorder.since(mark))

    async def settle(
        self, before: set[asyncio.Task[Any]] | None = None, timeout: float = 30.0
    ) -> None:
        """Wait until every task started since `before` (and the tasks they start) has finished."""
        current = asyncio.current_task()
        before = before or set()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            await asyncio.sleep(0)
            pending = {
                t
                for t in asyncio.all_tasks()
                if t not in before and t is not current and not t.done()
            }
            # background loops and discord.py's view timeouts (ephemeral views get 15 minutes)
            pending = {
                t
                for t in pending
                if not t.get_name().startswith("cardbot-background")
                and "timeout_task" not in getattr(t.get_coro(), "__qualname__", "")
            }
            if not pending:
                return
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise AssertionError(f"interaction handling did not finish: {pending}")
            await asyncio.wait(pending, timeout=remaining)

    async def slash(
        self,
        user: FakeUser,
        command: str,
        *,
        channel_id: int | None = None,
        user_locale: str | None = None,
        **options: Any,
    ) -> Exchange:
        """Run a slash command, e.g. `slash(ALICE, "game new", game="kitten-fishing")`."""
        payload = self._base(user, 2, channel_id, False, user_locale)
        payload["data"] = self._command_data(command, options, focused=None)
        return await self._dispatch(payload)

    async def autocomplete(
        self,
        user: FakeUser,
        command: str,
        focused: str,
        *,
        channel_id: int | None = None,
        user_locale: str | None = None,
        **options: Any,
    ) -> Exchange:
        """Ask for autocomplete choices of option `focused` (its current text in `options`)."""
        payload = self._base(user, 4, channel_id, False, user_locale)
        options.setdefault(focused, "")
        payload["data"] = self._command_data(command, options, focused=focused)
        return await self._dispatch(payload)

    def _command_data(
        self, command: str, options: dict[str, Any], focused: str | None
    ) -> dict[str, Any]:
        names = command.split()
        opts = [self._option(k, v, k == focused) for k, v in options.items()]
        for name in reversed(names[1:]):
            opts = [{"type": 1, "name": name, "options": opts}]
        return {
            "id": str(snowflake()),
            "name": names[0],
            "type": 1,
            "options": opts,
            "guild_id": str(GUILD_ID),
        }

    @staticmethod
    def _option(name: str, value: Any, focused: bool) -> dict[str, Any]:
        kind = 5 if isinstance(value, bool) else 4 if isinstance(value, int) else 3
        out: dict[str, Any] = {"type": kind, "name": name, "value": value}
        if focused:
            out["type"] = 3 if not isinstance(value, int) or isinstance(value, bool) else kind
            out["focused"] = True
        return out

    async def clicks_at_once(self, clicks: list[tuple[FakeUser, int, str]]) -> Exchange:
        """Deliver several button clicks before handling any of them (a race between players)."""
        self.recorder.activate()
        mark = len(self.recorder.calls)
        before = asyncio.all_tasks()
        for user, message_id, custom_id in clicks:
            self.client._connection.parse_interaction_create(
                self._click_payload(user, message_id, custom_id, None, None)
            )
        await self.settle(before)
        return Exchange(self.recorder.since(mark))

    async def click(
        self,
        user: FakeUser,
        message_id: int,
        custom_id: str,
        *,
        values: list[str] | None = None,
        user_locale: str | None = None,
    ) -> Exchange:
        """Press a component of a stored message (a button, or a select with `values`)."""
        return await self._dispatch(
            self._click_payload(user, message_id, custom_id, values, user_locale)
        )

    def _click_payload(
        self,
        user: FakeUser,
        message_id: int,
        custom_id: str,
        values: list[str] | None,
        user_locale: str | None,
    ) -> dict[str, Any]:
        message = self.recorder.message(message_id)
        assert custom_id in list(custom_ids(message["components"])), (
            f"{custom_id} is not on message {message_id}"
        )
        dm = "guild_id" not in message
        payload = self._base(user, 3, int(message["channel_id"]), dm, user_locale)
        payload["message"] = message
        payload["data"] = {"custom_id": custom_id, "component_type": 3 if values is not None else 2}
        if values is not None:
            payload["data"]["values"] = values
        self.recorder.adapter.originals[payload["token"]] = message_id
        return payload


def find_id(message: dict[str, Any], action: str) -> str:
    """The custom_id of the component of `message` whose action is `action` (`act:0`, `join`...)."""
    for custom_id in custom_ids(message.get("components") or []):
        parts = custom_id.split(":")
        if ":".join(parts[4:]) == action or parts[4] == action:
            return custom_id
    raise AssertionError(
        f"no '{action}' component on message {message.get('id')}: {list(custom_ids(message.get('components') or []))}"
    )
