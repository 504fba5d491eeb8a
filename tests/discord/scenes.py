"""Reusable steps of the bot tests: a started two-player table, clicks by action name, a pause
of the paced loop, and what a message or the channel shows."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.tables import ActResult, TableError, TableService
from tests.discord.harness import (
    ALICE,
    CHANNEL_ID,
    EPHEMERAL,
    HANA,
    Call,
    Exchange,
    FakeUser,
    Harness,
    find_id,
    message_text,
)


async def two_player_table(harness: Harness, channel_id: int = CHANNEL_ID) -> int:
    """Alice opens a lobby, 花子 joins, Alice starts (Alice flips first); the table message id."""
    lobby = await harness.slash(ALICE, "game new", game="kitten-fishing", channel_id=channel_id)
    table_message = lobby.response.message_id
    assert table_message is not None
    await press(harness, HANA, table_message, "join")
    await press(harness, ALICE, table_message, "start")
    return table_message


async def press(
    harness: Harness, user: FakeUser, message_id: int, action: str, **kwargs: Any
) -> Exchange:
    """Click the component named `action` (`join`, `act:0`, `finish`...) on a stored message."""
    return await harness.click(
        user, message_id, find_id(harness.recorder.message(message_id), action), **kwargs
    )


async def flip_from_dm(harness: Harness, user: FakeUser) -> Exchange:
    """The user presses Flip on their newest DM."""
    dm = harness.recorder.last_dm(user)
    return await press(harness, user, int(dm["id"]), "act:0")


def posts(calls: list[Call], channel_id: int = CHANNEL_ID) -> list[Call]:
    """New messages the bot posted in a channel through REST."""
    return [
        c
        for c in calls
        if c.kind == "http" and c.method == "POST" and c.path == f"/channels/{channel_id}/messages"
    ]


def edits_of(calls: list[Call], message_id: int, channel_id: int = CHANNEL_ID) -> list[Call]:
    """REST edits of one channel message."""
    return [
        c
        for c in calls
        if c.method == "PATCH" and c.path == f"/channels/{channel_id}/messages/{message_id}"
    ]


def original_edit(exchange: Exchange) -> Call:
    """The edit of the clicked message after a deferred update (what the clicker now sees)."""
    return next(c for c in exchange.replies if c.path.endswith("/messages/@original"))


def followup_with(exchange: Exchange, action: str) -> int:
    """The id of the private followup that carries the control `action` (a confirmation)."""
    for call in exchange.replies:
        if any(c.split(":")[4] == action for c in call.custom_ids):
            assert call.message_id is not None
            return call.message_id
    raise AssertionError(f"no followup with '{action}'")


async def see_the_result(harness: Harness, user: FakeUser, **kwargs: Any) -> Exchange:
    """The user opens their hand, presses "See the result" and confirms it."""
    shown = await harness.slash(user, "game hand", **kwargs)
    hand = shown.response.message_id or 0
    ask = await press(harness, user, hand, "finish", **kwargs)
    return await press(harness, user, followup_with(ask, "finish_ok"), "finish_ok", **kwargs)


class Pause:
    """The service's `advance`, stopping the Desk's paced loop once, right after the step where
    `when(result)` holds (as if another bot process had taken the table over): players may then
    click before the table moves on. Counts the calls that took steps."""

    def __init__(self, service: TableService, when: Callable[[ActResult], bool]) -> None:
        self.advance = service.advance
        self.when = when
        self.armed, self.stop = True, False
        self.steps = 0

    async def __call__(self, table_id: int, limit: int = 1, **kwargs: Any) -> ActResult:
        if self.stop:
            self.stop = False
            raise TableError("held_by_the_test", "The test holds the table here.")
        result = await self.advance(table_id, limit, **kwargs)
        self.steps += result.applied
        if self.armed and self.when(result):
            self.armed, self.stop = False, True
        return result


# ---------------------------------------------------------------------------- reading messages


def components(message: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every component of a message, row after row."""
    return [c for row in message.get("components") or [] for c in row["components"]]


def labels(message: Mapping[str, Any]) -> list[str]:
    """What each component of a message shows (a button's label, a select's placeholder)."""
    return [c.get("label") or c.get("placeholder") or "" for c in components(message)]


def control(message: Mapping[str, Any], action: str) -> dict[str, Any]:
    """The one component of `message` whose action (and arg, when given) is `action`."""
    found = [c for c in components(message) if ":".join(c["custom_id"].split(":")[4:]) == action]
    found = found or [c for c in components(message) if c["custom_id"].split(":")[4] == action]
    assert len(found) == 1, (action, [c["custom_id"] for c in components(message)])
    return found[0]


def component(message: Mapping[str, Any], action: str) -> dict[str, Any]:
    """The first component of `message` whose custom_id names `action`."""
    for row in message["components"]:
        for item in row["components"]:
            if item.get("custom_id", "").split(":")[4] == action:
                return item
    raise AssertionError(f"no {action} on the message")


def description(message: Mapping[str, Any]) -> str:
    """The text of a message's embed."""
    return message["embeds"][0]["description"]


def turn_field(message: Mapping[str, Any]) -> str:
    """Whose turn a table message says it is."""
    return next(f["value"] for f in message["embeds"][0]["fields"] if f["name"] == "Turn")


def channel_texts(harness: Harness) -> str:
    """Everything the channel can read now (posts and table messages, no ephemeral reply)."""
    return "\n".join(
        message_text(m)
        for m in harness.recorder.channel_messages()
        if not int(m.get("flags") or 0) & EPHEMERAL
    )


def public_channel_calls(calls: list[Call]) -> list[Call]:
    """Every message the channel could read: posts and edits in it, not ephemeral replies."""
    out = []
    for call in calls:
        result = call.result if isinstance(call.result, dict) else {}
        message = (result.get("resource") or {}).get("message") or result
        if int(message.get("channel_id") or 0) != CHANNEL_ID or "guild_id" not in message:
            continue
        if int(message.get("flags") or 0) & EPHEMERAL or call.ephemeral:
            continue
        out.append(call)
    return out
