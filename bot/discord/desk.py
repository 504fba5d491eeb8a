"""What a table looks like in Discord after the tables service changed it.

One table message per table, edited in place while it is the channel's last word, else posted
anew at the bottom (`ChannelWatch`); at most one short turn ping that mentions whom the game
now waits for in public (never a seat asked privately); for each player one hand DM per table,
edited in place, that carries their hand and controls; the one-time "your DMs are closed"
notice; reminders and the "game has stalled" notice; the pace of mechanical steps and Auto
seats.

Notifications respect people (docs/discord.md, "Notifications"): a new DM or a ping, the
messages that make a phone buzz, goes to a player when the game starts waiting for them after
they have been away (their own setting may say every turn, or reminders only); a player who
acted a moment ago sees their DM change in place. A DM posted anew replaces the old one, which
is deleted.

Message ids live in the database (the service's message refs, with the prompt version a DM's
controls carry), so all of this survives restarts. Every table has its own lock: one table's
publishing never waits for, or breaks, another's; within a table the changes go out in order.
Writes to a channel keep within Discord's rate (`ChannelBudget`); a DM that fails is tried
again only after a while (`DmBackoff`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import defaultdict, deque
from collections.abc import Awaitable, Collection, Mapping, Sequence
from datetime import datetime
from functools import partial
from typing import Any

import discord

from bot.discord import ids, present
from bot.discord.channels import ChannelWatch
from bot.discord.components import TableButton
from bot.discord.controls import PickState, SeatControls, seat_view, two_part_choice
from bot.discord.images import Images
from bot.discord.pacing import ChannelBudget, DmBackoff, Pacing
from bot.games import presenter, seat_names
from bot.i18n import game_name, normalise_locale, t
from bot.settings import DEFAULT_NOTIFY
from bot.tables import flow
from bot.tables.core import has_cpu
from bot.tables.errors import TableError
from bot.tables.results import (
    ActResult,
    MessageRef,
    Reminder,
    SeatInfo,
    TableInfo,
    UserPrefs,
)
from bot.tables.service import TableService
from engines.actions import event_seen_by

log = logging.getLogger(__name__)

TABLE, PING, HAND, STALL = "table", "ping", "hand", "stall"
LOG_LINES = 6
AUTO_RACES = 3
"""Lost races in a row after which the pace loop leaves the table to whoever won them (the
timers' watchdog resumes a table nobody goes on with)."""
Refs = dict[tuple[str, int | None], MessageRef]
"""A table's kept messages by (kind, user)."""


class Desk:
    """Publishes tables: the table message, turn pings, hand DMs, reminders, the table's pace."""

    def __init__(
        self,
        client: discord.Client,
        service: TableService,
        images: Images,
        *,
        default_locale: str = "ja",
        auto_delay: float = 2.0,
        auto_batch: int = 1,
        edit_interval: float = 1.0,
        pacing: Pacing | None = None,
    ) -> None:
        self.client = client
        self.service = service
        self.images = images
        self.default_locale = default_locale
        self.auto_delay = auto_delay
        self.auto_batch = auto_batch
        self.edit_interval = edit_interval
        """Table-message edits closer together than this are batched into one."""
        self.pacing = pacing or Pacing()
        self.budget = ChannelBudget(self.pacing)
        self.dm_backoff = DmBackoff(self.pacing)
        self.watch = ChannelWatch(client)
        self.logs: dict[int, deque[str]] = defaultdict(lambda: deque(maxlen=LOG_LINES))
        self.locks: dict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.auto_tasks: dict[int, asyncio.Task[None]] = {}
        self.published: dict[int, int] = {}
        """The newest table version put on screen, per table (in this process)."""
        self._last_edit: dict[int, float] = {}
        self._pending_edit: dict[int, tuple[TableInfo, Mapping[str, Any] | None]] = {}
        self._edit_tasks: dict[int, asyncio.Task[None]] = {}
        self._dm_channels: dict[int, int] = {}
        self._seen_locales: dict[int, str] = {}
        """Each user's Discord language as last stored (to write it only when it changes)."""

    # ------------------------------------------------------------------ locales

    async def guild_locale(self, guild_id: int | None) -> str:
        """The guild's default language (the bot's default when it set none)."""
        if guild_id is None:
            return self.default_locale
        settings = await self.service.guild_settings(guild_id)
        return settings.locale or self.default_locale

    async def user_locale(self, interaction: discord.Interaction[Any]) -> str:
        """The language of a reply: the user's choice, their Discord locale, else the guild's."""
        chosen = await self.service.user_locale(interaction.user.id)
        if chosen:
            return chosen
        fallback = await self.guild_locale(interaction.guild_id)
        return normalise_locale(interaction.locale, fallback)

    async def remember(self, interaction: discord.Interaction[Any]) -> None:
        """Store the user's Discord language (ja/en) for the DMs that follow, even after a restart."""
        code = str(interaction.locale.value).lower()
        if not code.startswith(("ja", "en")):
            return
        locale = normalise_locale(code)
        if self._seen_locales.get(interaction.user.id) != locale:
            await self.service.set_seen_locale(interaction.user.id, locale)
            self._seen_locales[interaction.user.id] = locale

    async def dm_locale(self, user_id: int, fallback: str) -> str:
        """The language of a DM: the user's choice, else their Discord client's, else `fallback`."""
        return await self.service.dm_locale(user_id) or fallback

    async def table_locale(self, table: TableInfo) -> str:
        """The language of a table's channel messages: the table's, else the guild's."""
        return table.locale or await self.guild_locale(table.guild_id)

    # ------------------------------------------------------------------ the log

    def note(
        self, table: TableInfo, result: ActResult | None, locale: str, notice: str | None = None
    ) -> None:
        """Add what `result` did to the table's short log, in words the channel may read."""
        lines = self.logs[table.id]
        if notice:
            lines.append(notice)
        if result is None:
            return
        names = seat_names(table, locale)
        game = presenter(table.game)

        def name_of(seat: int | None) -> str:
            return names[seat] if seat is not None and 0 <= seat < len(names) else "—"

        steps = list(result.steps)
        if not steps and result.applied:
            lines.append(t("table.finished_at_once", locale, count=result.applied))
        sentences = [s for s in (game.narrate(st.events, name_of, locale) for st in steps) if s]
        if len(sentences) > LOG_LINES:
            lines.append(t("table.skipped", locale, count=len(sentences) - LOG_LINES + 1))
            sentences = sentences[-(LOG_LINES - 1) :]
        lines.extend(sentences)

    def start_notice(self, result: ActResult, locale: str) -> str | None:
        """The game's sentence for a new game (who goes first)."""
        view = result.public_view or {}
        return presenter(result.table.game).start_notice(
            view, seat_names(result.table, locale), present.cpu_seats(result.table), locale
        )

    # ------------------------------------------------------------------ publishing

    async def publish(
        self,
        result: ActResult,
        *,
        actor_id: int | None = None,
        notice: str | None = None,
        interaction: discord.Interaction[Any] | None = None,
        new_message: bool = False,
        actor_message: int | None = None,
    ) -> None:
        """Bring the channel and the DMs up to date after `result`.

        `actor_id` is the user whose click caused it: they are looking, so nothing notifies
        them; `actor_message`, the message their click edited (when it is their hand DM, it
        is up to date already). `interaction` is given when the clicked message *is* the
        table message (the lobby's Start button): it is edited through it.
        """
        table = result.table
        async with self.locks[table.id]:
            if table.version < self.published.get(table.id, -1):
                # a later change was published first (two moves finished out of order): showing
                # this one would put an older table back on screen
                return
            self.published[table.id] = table.version
            locale = await self.table_locale(table)
            self.note(table, result, locale, notice)
            seen = notice is not None or interaction is not None or new_message
            seen = seen or _publicly_seen(result)
            # Each step on its own: a refused edit must not cost the players their ping or DM.
            # A change nobody else may know of (a private pass) leaves the channel untouched:
            # even an edit would say that someone answered.
            if seen:
                await self._attempt(
                    table,
                    "table message",
                    self._table_message(
                        table, result.public_view, locale, interaction=interaction, new=new_message
                    ),
                )
            refs = await self._refs(table.id)
            prefs = await self.service.user_prefs(_users(table))
            if table.status == "active":
                loud = self._to_notify(table, result, actor_id, prefs)
                closed = await self._dm_hands(
                    table, result, refs, prefs, loud, actor_id, actor_message, locale
                )
                await self._attempt(
                    table,
                    "turn ping",
                    self._ping(table, result, refs, actor_id, locale, loud, closed),
                )
            else:
                await self._attempt(table, "ping deletion", self._delete_kept(table, refs, PING))
                if table.status == "finished":
                    await self._result_hands(table, result, refs, prefs, actor_id, actor_message)
                else:  # abandoned (the last person left)
                    await self._close_hands(table, refs)
            if seen:
                await self._attempt(
                    table, "stall notice deletion", self._delete_kept(table, refs, STALL)
                )
        if result.auto_pending:
            self.ensure_auto(table.id, result.pace)
        if not table.is_open:
            self.forget(table.id)

    def forget(self, table_id: int) -> None:
        """Drop the log and lock of a table that is over (the published version stays: a late,
        older result must still not bring the table back)."""
        self.logs.pop(table_id, None)
        self.locks.pop(table_id, None)
        self._last_edit.pop(table_id, None)

    @staticmethod
    async def _attempt(table: TableInfo, what: str, work: Awaitable[Any]) -> None:
        """Run one publishing step; Discord refusing it is logged, not raised."""
        try:
            await work
        except discord.HTTPException:
            log.warning("table %s: %s failed", table.id, what, exc_info=True)

    async def _refs(self, table_id: int) -> Refs:
        return {(r.kind, r.user_id): r for r in await self.service.message_refs(table_id)}

    async def _table_message(
        self,
        table: TableInfo,
        view: Mapping[str, Any] | None,
        locale: str,
        *,
        interaction: discord.Interaction[Any] | None,
        new: bool,
    ) -> None:
        """The table message now, or (an edit soon after the last one) batched into one edit."""
        waited = time.monotonic() - self._last_edit.get(table.id, float("-inf"))
        urgent = interaction is not None or new or not table.is_open or table.status == "lobby"
        if urgent or waited >= self.edit_interval:
            self._pending_edit.pop(table.id, None)
            self._last_edit[table.id] = time.monotonic()
            await self.update_table_message(table, view, locale, interaction=interaction, new=new)
            return
        self._pending_edit[table.id] = (table, view)
        task = self._edit_tasks.get(table.id)
        if task is None or task.done():
            delay = self.edit_interval - waited
            self._edit_tasks[table.id] = asyncio.create_task(
                self._flush_edit(table.id, delay), name=f"cardbot-edit-{table.id}"
            )

    async def _flush_edit(self, table_id: int, delay: float) -> None:
        await asyncio.sleep(max(0.0, delay))
        async with self.locks[table_id]:
            pending = self._pending_edit.pop(table_id, None)
            if pending is None:
                return
            table, view = pending
            if table.version < self.published.get(table_id, -1):
                return
            self._last_edit[table_id] = time.monotonic()
            locale = await self.table_locale(table)
            await self._attempt(
                table, "table message", self.update_table_message(table, view, locale)
            )

    async def update_table_message(
        self,
        table: TableInfo,
        view: Mapping[str, Any] | None,
        locale: str,
        *,
        interaction: discord.Interaction[Any] | None = None,
        new: bool = False,
    ) -> None:
        """Bring the table message up to date (or post it when there is none yet)."""
        names = seat_names(table, locale)
        file = await self.images.image(
            table, view, names, locale, viewer=None, filename=present.TABLE_IMAGE
        )
        components: discord.ui.View | None
        if table.status == "lobby":
            embed, components = (
                present.lobby_embed(table, locale),
                present.lobby_view(table, locale),
            )
        else:
            embed = present.table_embed(
                table, view, list(self.logs[table.id]), locale, image=file is not None
            )
            components = present.table_view(table, locale)
        await self.show(table, embed, components, file, interaction=interaction, new=new)

    async def show(
        self,
        table: TableInfo,
        embed: discord.Embed,
        view: discord.ui.View | None,
        file: discord.File | None = None,
        *,
        interaction: discord.Interaction[Any] | None = None,
        new: bool = False,
        follow: bool = True,
    ) -> None:
        """Put `embed` on the table message: through the interaction, by editing it, or by
        posting it (anew at the bottom when the channel has moved on, with `follow`)."""
        attachments = [file] if file is not None else []
        refs = {} if new else await self._refs(table.id)
        ref = refs.get((TABLE, None))
        if (
            interaction is not None
            and interaction.message is not None
            and (ref is None or ref.message_id == interaction.message.id)
        ):
            message = await interaction.edit_original_response(
                embed=embed, attachments=attachments, view=view
            )
            if ref is None:
                await self.service.set_message_ref(table.id, TABLE, message.channel.id, message.id)
            return
        left_behind: MessageRef | None = None
        if ref is not None:
            if follow and await self._left_behind(table, ref, refs):
                left_behind = ref
            else:
                channel = self.client.get_partial_messageable(
                    ref.channel_id, guild_id=table.guild_id
                )
                try:
                    await self.budget.take(ref.channel_id)
                    await channel.get_partial_message(ref.message_id).edit(
                        embed=embed, attachments=attachments, view=view
                    )
                    return
                except discord.NotFound:
                    log.info(
                        "table %s: its message %s was deleted; posting anew",
                        table.id,
                        ref.message_id,
                    )
        extra: dict[str, Any] = {} if view is None else {"view": view}
        posted = await self._post(
            table, table.channel_id, embed=embed, files=attachments, silent=ref is not None, **extra
        )
        await self.service.set_message_ref(table.id, TABLE, table.channel_id, posted.id)
        if left_behind is not None:
            await self._delete_message(table, left_behind)

    async def _left_behind(self, table: TableInfo, ref: MessageRef, refs: Refs) -> bool:
        """The table message is out of the conversation: others wrote below it, or it is old
        (Discord limits edits of old messages, and nobody scrolls up to them)."""
        limit = self.service.settings.table_repost_seconds
        if (
            ref.posted_at is not None
            and (self.service.now() - ref.posted_at).total_seconds() >= limit
        ):
            return True
        return await self.watch.moved_on(ref.channel_id, table.guild_id, ref.message_id)

    async def _post(
        self, table: TableInfo, channel_id: int, *, silent: bool = False, **kwargs: Any
    ) -> discord.Message:
        """A new message in the table's channel (or a thread of it), within its budget."""
        channel = self.client.get_partial_messageable(channel_id, guild_id=table.guild_id)
        await self.budget.take(channel_id)
        return await channel.send(silent=silent, **kwargs)

    async def _delete_message(self, table: TableInfo, ref: MessageRef) -> None:
        guild = None if ref.kind == HAND else table.guild_id
        kind = discord.ChannelType.private if ref.kind == HAND else None
        channel = self.client.get_partial_messageable(ref.channel_id, guild_id=guild, type=kind)
        with contextlib.suppress(discord.NotFound, discord.Forbidden):
            await channel.get_partial_message(ref.message_id).delete()

    async def refresh(self, table: TableInfo) -> None:
        """Redraw a table's message after a change of its seats only (a CPU's new level)."""
        view = await self.service.public_view(table.id) if table.status == "active" else None
        async with self.locks[table.id]:
            if table.version < self.published.get(table.id, -1):
                return
            self.published[table.id] = table.version
            locale = await self.table_locale(table)
            await self._attempt(
                table, "table message", self.update_table_message(table, view, locale)
            )

    # ------------------------------------------------------------------ who is notified

    def _to_notify(
        self,
        table: TableInfo,
        result: ActResult,
        actor_id: int | None,
        prefs: Mapping[int, UserPrefs],
    ) -> set[int]:
        """Users the game now starts waiting for (a new required prompt of theirs) whom that
        should notify: by their setting, every time, only reminders, or (the default) when they
        have not acted at the table for a while."""
        away_after = self.service.settings.notify_away_seconds
        out = set()
        for seat in table.seats:
            uid = seat.user_id
            if uid is None or uid == actor_id or seat.auto or seat.cpu_takeover:
                continue
            prompt = result.prompt_for(seat.seat)
            state = table.prompt_of(seat.seat)
            if seat.seat not in result.reprompted or prompt is None or state is None:
                continue
            if not prompt.get("required", True):
                continue  # an optional prompt is offered in place, never rung
            mode = prefs[uid].notify if uid in prefs else DEFAULT_NOTIFY
            if mode == "every_turn" or (
                mode == "away" and flow.away(state.seen, table.updated_at, away_after)
            ):
                out.add(uid)
        return out

    async def _delete_kept(self, table: TableInfo, refs: Refs, kind: str) -> None:
        """Delete the table's message of `kind` (its ping, its stall notice), if it has one."""
        ref = refs.pop((kind, None), None)
        if ref is None:
            return
        await self.service.delete_message_ref(table.id, kind, message_id=ref.message_id)
        await self._delete_message(table, ref)

    async def _ping(
        self,
        table: TableInfo,
        result: ActResult,
        refs: Refs,
        actor_id: int | None,
        locale: str,
        loud: Collection[int],
        closed: Collection[int],
    ) -> None:
        """At most one short message mentioning whom the game starts waiting for, in public.

        The old one goes as soon as the game waits for someone new (or for nobody); a new one
        mentions only those to notify (`loud`). A seat asked privately (a claim) is never
        mentioned, and neither is anyone whose turn the CPU plays (Auto).
        """
        replace, mention = ping_plan(table, result, actor_id, loud)
        if not replace:
            return
        await self._delete_kept(table, refs, PING)
        if not mention:
            return
        lines = []
        for uid in mention:
            key = "table.ping_dm_closed" if uid in closed else "table.ping"
            lines.append(t(key, locale, mention=f"<@{uid}>", game=game_name(table.game, locale)))
        await self._post_ping(table, "\n".join(lines), mention)

    async def _post_ping(self, table: TableInfo, text: str, mention: Sequence[int]) -> None:
        """Post the table's one ping (the caller deleted the old one)."""
        posted = await self._post(
            table,
            table.channel_id,
            content=text,
            allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(uid) for uid in mention]
            ),
        )
        await self.service.set_message_ref(table.id, PING, table.channel_id, posted.id)

    # ------------------------------------------------------------------ private messages

    async def hand_message(
        self,
        table: TableInfo,
        seat: SeatInfo,
        view: Mapping[str, Any] | None,
        locale: str,
        *,
        prompt: Mapping[str, Any] | None = None,
        version: int | None = None,
        you_line: str | None = None,
        state: PickState | None = None,
        page: int = 0,
        parts: tuple[int | None, int | None] = (None, None),
    ) -> tuple[discord.Embed, discord.ui.View | None, discord.File | None]:
        """A player's private message: embed, controls and image (the hand strip for a pick)."""
        names = seat_names(table, locale)
        state = state or PickState()
        pick = prompt.get("pick") if prompt else None
        if pick and not seat.auto and not seat.cpu_takeover:
            file = await self.images.hand(
                list(pick["cards"]),
                pick.get("selectable"),
                state.chosen,
                locale,
                filename=present.HAND_IMAGE,
                groups=present.hand_image_groups(table.game, pick, locale),
            )
        else:
            chosen = two_part_choice(prompt, parts)
            if chosen is not None and view is not None:
                # the image shows what the choice would make (the hand after an insert)
                view = {**view, "proposal": dict(chosen)}
            file = await self.images.image(
                table, view, names, locale, viewer=seat.seat, filename=present.HAND_IMAGE
            )
        chosen = two_part_choice(prompt, parts)
        preview = presenter(table.game).choice_preview(chosen, view, locale) if chosen else None
        embed = present.hand_embed(
            table,
            view,
            seat,
            locale,
            you_line=you_line,
            image=file is not None,
            prompt=prompt,
            state=state,
            preview=preview,
        )
        controls = seat_view(
            SeatControls(
                table,
                seat,
                prompt,
                table.prompt_version(seat.seat) if version is None else version,
                state,
                page,
                view,
                parts,
            ),
            locale,
        )
        return embed, controls, file

    async def _dm_hands(
        self,
        table: TableInfo,
        result: ActResult,
        refs: Refs,
        prefs: Mapping[int, UserPrefs],
        loud: Collection[int],
        actor_id: int | None,
        actor_message: int | None,
        locale: str,
    ) -> set[int]:
        """Bring each player's hand DM up to date, all at once; returns the users whose DMs
        turned out closed (those to notify in the channel instead).

        A player given a new prompt whom it should notify gets a new DM (the old one goes);
        anyone else's DM is edited in place, and only when its controls changed: a new prompt,
        one that went away, or the actor's, when they played from elsewhere (`/play`).
        """

        async def one(seat: SeatInfo) -> int | None:
            uid = seat.user_id
            assert uid is not None
            pref = prefs.get(uid, UserPrefs(uid))
            ref = refs.get((HAND, uid))
            version = table.prompt_version(seat.seat)
            playing = not seat.auto and not seat.cpu_takeover
            asked = seat.seat in result.reprompted and result.prompt_for(seat.seat) is not None
            if uid == actor_id:
                if ref is not None and ref.message_id == actor_message:
                    if ref.version != version:  # the click showed it: note what it shows
                        await self.service.set_message_version(
                            table.id, HAND, uid, ref.message_id, version
                        )
                    return None
                if ref is None or not playing or ref.version == version:
                    return None
                how = "edit"
            elif uid in loud:
                how = "post"
            elif asked and playing:
                how = "edit" if ref is not None else "quiet"
            elif ref is not None and playing and ref.version != version:
                how = "edit"  # its controls went out of date (a window closed, a claim lapsed)
            else:
                return None
            if pref.dm_closed:
                return uid if how == "post" else None
            prompt = result.prompt_for(seat.seat)
            embed, view, file = await self.hand_message(
                table, seat, result.view_for(seat.seat), pref.locale or locale, prompt=prompt
            )
            public = prompt is None or bool(prompt.get("public", True))
            sent = await self.send_hand(
                table,
                uid,
                ref,
                how,
                version,
                locale,
                embed=embed,
                view=view,
                file=file,
                announce=public,
            )
            return uid if sent is False and how == "post" else None

        seats = [s for s in table.seats if s.user_id is not None]
        outcomes = await asyncio.gather(*(one(seat) for seat in seats), return_exceptions=True)
        closed: set[int] = set()
        for seat, outcome in zip(seats, outcomes, strict=True):
            if isinstance(outcome, BaseException):
                log.warning("table %s: DM to seat %s failed", table.id, seat.seat, exc_info=outcome)
            elif outcome is not None:
                closed.add(outcome)
        return closed

    async def _result_hands(
        self,
        table: TableInfo,
        result: ActResult,
        refs: Refs,
        prefs: Mapping[int, UserPrefs],
        actor_id: int | None,
        actor_message: int | None,
    ) -> None:
        """The game is over: every player's hand DM becomes the result (no controls left but
        Rematch); a player without one gets it, unless they are looking already."""
        locale = await self.table_locale(table)

        async def one(seat: SeatInfo) -> None:
            uid = seat.user_id
            assert uid is not None
            pref = prefs.get(uid, UserPrefs(uid))
            ref = refs.get((HAND, uid))
            if uid == actor_id and (ref is None or ref.message_id == actor_message):
                return  # the click shows the result
            if ref is None and (seat.cpu_takeover or pref.dm_closed):
                return  # they left the game, or cannot be DMed
            state = table.prompt_of(seat.seat)
            away_after = self.service.settings.notify_away_seconds
            away = state is None or flow.away(state.seen, table.updated_at, away_after)
            how = "edit" if ref is not None else ("post" if away else "quiet")
            embed, view, file = await self.hand_message(
                table, seat, result.view_for(seat.seat), pref.locale or locale
            )
            await self.send_hand(
                table,
                uid,
                ref,
                how,
                table.prompt_version(seat.seat),
                locale,
                embed=embed,
                view=view,
                file=file,
            )

        seats = [s for s in table.seats if s.user_id is not None]
        outcomes = await asyncio.gather(*(one(seat) for seat in seats), return_exceptions=True)
        for seat, outcome in zip(seats, outcomes, strict=True):
            if isinstance(outcome, BaseException):
                log.warning(
                    "table %s: result DM to seat %s failed", table.id, seat.seat, exc_info=outcome
                )

    async def send_hand(
        self,
        table: TableInfo,
        user_id: int,
        ref: MessageRef | None,
        how: str,
        version: int,
        locale: str,
        *,
        content: str | None = None,
        embed: discord.Embed | None = None,
        view: discord.ui.View | None = None,
        file: discord.File | None = None,
        announce: bool = True,
    ) -> bool | None:
        """Show a player their hand message: `edit` their DM in place, or post a new one that
        notifies (`post`) or not (`quiet`); a new one replaces the old, which is deleted.

        True when it was shown; False when their DMs turned out to be closed (said in the
        channel with `announce`: not for a private prompt, whose DM nobody else may know of);
        None when it was not tried (their DMs wait after a failure) or failed otherwise.
        """
        if self.dm_backoff.waiting(user_id):
            return None
        if how == "edit" and ref is not None:
            channel = self.client.get_partial_messageable(
                ref.channel_id, type=discord.ChannelType.private
            )
            try:
                await self.budget.take(ref.channel_id)
                await channel.get_partial_message(ref.message_id).edit(
                    content=content,
                    embed=embed,
                    attachments=[file] if file is not None else [],
                    view=view,
                )
            except discord.NotFound:
                how = "quiet"  # gone: post it again, quietly
            except discord.Forbidden as exc:
                await self._dm_refused(table, user_id, locale, exc)
                return False
            except discord.HTTPException:
                log.warning(
                    "table %s: DM edit for user %s failed", table.id, user_id, exc_info=True
                )
                self.dm_backoff.failed(user_id)
                return None
            else:
                self.dm_backoff.succeeded(user_id)
                await self.service.set_message_version(
                    table.id, HAND, user_id, ref.message_id, version
                )
                return True
        message = await self.send_dm(
            table,
            user_id,
            locale=locale,
            content=content,
            embed=embed,
            view=view,
            file=file,
            silent=how != "post",
            version=version,
            announce=announce,
        )
        if not isinstance(message, discord.Message):
            return None if message is None else False
        if ref is not None and ref.message_id != message.id:
            await self._delete_message(table, ref)
        return True

    async def send_dm(
        self,
        table: TableInfo,
        user_id: int,
        *,
        locale: str,
        content: str | None = None,
        embed: discord.Embed | None = None,
        view: discord.ui.View | None = None,
        file: discord.File | None = None,
        silent: bool = False,
        version: int | None = None,
        announce: bool = True,
    ) -> discord.Message | bool | None:
        """DM a user their hand message (kept as their DM for this table); on 403/50007 mark
        them DM-closed and (with `announce`) say so once in the channel.

        The message; False when the user's DMs turned out to be closed; None when it was not
        tried (DMs waiting after a failure) or failed otherwise (tried again after a while).
        """
        if self.dm_backoff.waiting(user_id):
            return None
        try:
            channel = await self._dm_channel(user_id)
            kwargs: dict[str, Any] = {"content": content, "embed": embed, "silent": silent}
            if view is not None:
                kwargs["view"] = view
            if file is not None:
                kwargs["file"] = file
            await self.budget.take(channel.id)
            message = await channel.send(**kwargs)
        except discord.Forbidden as exc:
            await self._dm_refused(table, user_id, locale, exc, announce)
            return False
        except discord.HTTPException:
            log.warning("table %s: DM to user %s failed", table.id, user_id, exc_info=True)
            self.dm_backoff.failed(user_id)
            return None
        self.dm_backoff.succeeded(user_id)
        await self.service.set_message_ref(
            table.id, HAND, message.channel.id, message.id, user_id=user_id, version=version
        )
        return message

    async def _dm_refused(
        self,
        table: TableInfo,
        user_id: int,
        locale: str,
        exc: discord.Forbidden,
        announce: bool = True,
    ) -> None:
        """The user's DMs are closed: remember it, and say so once in the channel (not after
        a DM about a private prompt: the channel would learn that they had one)."""
        log.info("table %s: DMs of user %s are closed (%s)", table.id, user_id, exc.code)
        await self.service.set_dm_closed(user_id, True)
        if not announce:
            return
        seat = table.seat_of(user_id)
        name = seat.name if seat else f"<@{user_id}>"
        await self._attempt(
            table,
            "DM-closed notice",
            self._post(
                table,
                table.channel_id,
                content=t("table.dm_closed_notice", locale, name=name),
                allowed_mentions=discord.AllowedMentions.none(),
            ),
        )

    async def _dm_channel(self, user_id: int) -> discord.PartialMessageable:
        channel_id = self._dm_channels.get(user_id)
        if channel_id is None:
            data = await self.client.http.start_private_message(user_id)
            channel_id = self._dm_channels[user_id] = int(data["id"])
        return self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)

    # ------------------------------------------------------------------ reminders

    async def remind(self, reminder: Reminder) -> None:
        """Remind the players whose turn waits: a new DM with their hand, its controls and a
        button to mute this turn's reminders (the old DM goes), or, when their DMs are closed,
        a mention in the channel (only for public prompts: a private one is never named
        there); then, for a turn that has just stalled, say so in the channel once."""
        table = reminder.table
        async with self.locks[table.id]:
            locale = await self.table_locale(table)
            refs = await self._refs(table.id)
            prefs = await self.service.user_prefs(reminder.user_ids)
            mention: list[int] = []
            for uid in reminder.user_ids:
                seat = table.seat_of(uid)
                if seat is None:
                    continue
                state = table.prompt_of(seat.seat)
                pref = prefs.get(uid, UserPrefs(uid))
                if not pref.dm_closed and await self._remind_by_dm(
                    table, seat, refs.get((HAND, uid)), pref, locale
                ):
                    continue
                if state is None or state.public:
                    mention.append(uid)
            if mention:
                await self._delete_kept(table, refs, PING)
                text = "\n".join(
                    t(
                        "table.reminder",
                        locale,
                        mention=f"<@{uid}>",
                        game=game_name(table.game, locale),
                        when=_relative(_due(table, uid)),
                    )
                    for uid in mention
                )
                await self._attempt(table, "reminder", self._post_ping(table, text, mention))
            stalled = [
                s for s in reminder.stalled if (p := table.prompt_of(s)) is not None and p.public
            ]
            if stalled:
                await self._attempt(table, "stall notice", self._stalled(table, stalled, locale))

    async def _remind_by_dm(
        self,
        table: TableInfo,
        seat: SeatInfo,
        ref: MessageRef | None,
        pref: UserPrefs,
        locale: str,
    ) -> bool:
        """One reminder DM; False when it could not go (the channel mentions them instead)."""
        uid = seat.user_id
        assert uid is not None
        current = await self.service.prompt(table.id, uid)
        dm_locale = pref.locale or locale
        embed, controls, file = await self.hand_message(
            table, seat, current.view, dm_locale, prompt=current.prompt, version=current.version
        )
        controls = controls or discord.ui.View(timeout=None)
        controls.add_item(
            TableButton(
                table.id,
                current.version,
                ids.MUTE,
                label=t("button.mute", dm_locale),
                emoji="🔕",
                row=4,
            )
        )
        content = t(
            "table.reminder_dm",
            dm_locale,
            game=game_name(table.game, dm_locale),
            when=_relative(_due(table, uid)),
        )
        state = table.prompt_of(seat.seat)
        sent = await self.send_hand(
            table,
            uid,
            ref,
            "post",
            current.version,
            locale,
            content=content,
            embed=embed,
            view=controls,
            file=file,
            announce=state is None or state.public,
        )
        return sent is True

    async def _stalled(self, table: TableInfo, seats: Sequence[int], locale: str) -> None:
        """The one "game has stalled" notice of the table (it replaces an older one)."""
        names = seat_names(table, locale)
        states = [p for s in seats if (p := table.prompt_of(s)) is not None]
        since = min((p.since for p in states if p.since is not None), default=None)
        due = min((p.due for p in states if p.due is not None), default=table.deadline)
        policy = flow.effective_policy(table.expiry_policy, has_cpu(table.game))
        text = t(
            "table.stalled",
            locale,
            name=t("list.sep", locale).join(names[s] for s in seats),
            since=_relative(since),
            count=self.service.settings.reminder_limit,
            when=_relative(due),
            policy=t(f"choice.expiry.{policy}", locale),
        )
        refs = await self._refs(table.id)
        await self._delete_kept(table, refs, STALL)
        posted = await self._post(
            table,
            table.channel_id,
            content=text,
            silent=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await self.service.set_message_ref(table.id, STALL, table.channel_id, posted.id)

    # ------------------------------------------------------------------ closing

    async def close_table(self, table: TableInfo, text: str) -> None:
        """A table ended without a result: its message says why, its ping and notices go, and
        each player's DM loses its controls."""
        async with self.locks[table.id]:
            self.published[table.id] = max(table.version, self.published.get(table.id, -1))
            self._pending_edit.pop(table.id, None)
            locale = await self.table_locale(table)
            await self.show(table, present.closed_embed(table, text, locale), None, follow=False)
            refs = await self._refs(table.id)
            await self._delete_kept(table, refs, PING)
            await self._delete_kept(table, refs, STALL)
            await self._close_hands(table, refs)
        task = self.auto_tasks.pop(table.id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        self.forget(table.id)

    async def _close_hands(self, table: TableInfo, refs: Refs) -> None:
        """Each player's DM says the table closed, without controls."""
        hands = [r for (kind, _), r in refs.items() if kind == HAND and r.user_id is not None]
        prefs = await self.service.user_prefs([r.user_id for r in hands if r.user_id])
        fallback = await self.table_locale(table)

        async def one(ref: MessageRef) -> None:
            assert ref.user_id is not None
            pref = prefs.get(ref.user_id, UserPrefs(ref.user_id))
            locale = pref.locale or fallback
            embed = present.closed_embed(table, t("hand.closed", locale), locale)
            await self.send_hand(table, ref.user_id, ref, "edit", 0, locale, embed=embed)

        outcomes = await asyncio.gather(*(one(r) for r in hands), return_exceptions=True)
        for outcome in outcomes:
            if isinstance(outcome, BaseException):
                log.warning("table %s: closing a DM failed", table.id, exc_info=outcome)

    # ------------------------------------------------------------------ the table's pace

    def ensure_auto(self, table_id: int, pace: float | None = None) -> None:
        """Take the table's paced steps (draws, Auto seats) until a human decides or it ends."""
        task = self.auto_tasks.get(table_id)
        if task is not None and not task.done():
            return
        self.auto_tasks[table_id] = asyncio.create_task(
            self._auto(table_id, pace), name=f"cardbot-auto-{table_id}"
        )

    async def _auto(self, table_id: int, pace: float | None = None) -> None:
        races = 0
        try:
            while True:
                # the game's own pace for its steps (a deal), never slower than Auto's
                await asyncio.sleep(self.auto_delay if pace is None else min(pace, self.auto_delay))
                shown = [0]
                publish = partial(self._publish_counted, shown)
                try:
                    # CPU moves thought in workers meanwhile are shown as they come
                    result = await self.service.advance(
                        table_id, self.auto_batch, progress=publish
                    )
                except TableError as exc:
                    races += 1
                    if exc.code == "table_moved_on" and races <= AUTO_RACES:
                        continue  # another call wrote the table meanwhile: look again
                    log.info("table %s: paced play stops (%s)", table_id, exc.code)
                    return
                races = 0
                if not result.applied and not shown[0]:
                    return  # nothing to take now (a person's window holds the table)
                await self.publish(result)
                if not result.auto_pending:
                    return
                pace = result.pace
        except Exception:
            log.exception("table %s: paced play failed", table_id)
        finally:
            if self.auto_tasks.get(table_id) is asyncio.current_task():
                del self.auto_tasks[table_id]

    async def _publish_counted(self, shown: list[int], result: ActResult) -> None:
        """Publish one write of the pace loop's call, counting the moves it applied."""
        shown[0] += result.applied
        await self.publish(result)

    async def flush(self) -> None:
        """Wait for batched table-message edits (tests; a clean shutdown)."""
        tasks = [t for t in self._edit_tasks.values() if not t.done()]
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)


def ping_plan(
    table: TableInfo, result: ActResult, actor_id: int | None, loud: Collection[int]
) -> tuple[bool, list[int]]:
    """(whether the table's ping goes, whom a new one mentions) after `result`.

    It goes when the game waits in public for nobody, or for someone new; a new one mentions
    those newly waited for whom it should notify (`loud`), never a seat asked privately nor
    one the CPU plays (Auto).
    """
    auto = {s.user_id for s in table.seats if s.auto}
    waiting = [uid for uid in table.ping_user_ids if uid not in auto]
    if not waiting:
        return True, []
    fresh = [
        s.user_id
        for s in table.seats
        if s.seat in result.reprompted
        and s.user_id is not None
        and s.user_id in waiting
        and s.user_id != actor_id
    ]
    if not fresh:
        return False, []
    return True, [uid for uid in fresh if uid in loud]


def _publicly_seen(result: ActResult) -> bool:
    """Whether the channel may learn that something happened: a public event, a finished or
    closed table, or an action applied at once ("see the result")."""
    if not result.table.is_open or (result.applied and not result.steps) or not result.steps:
        return True
    return any(event_seen_by(e, None) for step in result.steps for e in step.events)


def _users(table: TableInfo) -> list[int]:
    return [s.user_id for s in table.seats if s.user_id is not None]


def _due(table: TableInfo, user_id: int) -> datetime | None:
    """When the user's prompt runs out (the table's deadline when it has none of its own)."""
    seat = table.seat_of(user_id)
    state = table.prompt_of(seat.seat) if seat is not None else None
    return state.due if state is not None and state.due is not None else table.deadline


def _relative(when: datetime | None) -> str:
    return discord.utils.format_dt(when, "R") if when is not None else "—"
