"""What a table looks like in Discord after the tables service changed it.

One table message per table, edited in place (image + embed); one short turn ping that
mentions whoever the game waits for in public (never a seat asked privately); a DM with the
hand and its controls to each player given a new prompt; the one-time "your DMs are closed"
notice; the pace of mechanical steps and Auto seats. Message ids live in the database (the
service's message refs), so all of this survives restarts. Every table has its own lock: one
table's publishing never waits for, or breaks, another's. DMs go out in parallel, outside the
lock; during fast phases (a deal, Auto) table-message edits are batched to one per interval.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import defaultdict, deque
from collections.abc import Awaitable, Mapping
from functools import partial
from typing import Any

import discord

from bot.discord import present
from bot.discord.controls import PickState, SeatControls, seat_view, two_part_choice
from bot.discord.images import Images
from bot.games import presenter, seat_names
from bot.i18n import game_name, normalise_locale, t
from bot.tables.errors import TableError
from bot.tables.results import ActResult, SeatInfo, TableInfo
from bot.tables.service import TableService
from engines.base import event_seen_by

log = logging.getLogger(__name__)

TABLE, PING, HAND = "table", "ping", "hand"
LOG_LINES = 6
AUTO_RACES = 3
"""Lost races in a row after which the pace loop leaves the table to whoever won them (the
timers' watchdog resumes a table nobody goes on with)."""


class Desk:
    """Publishes tables: the table message, turn pings, hand DMs, the table's pace."""

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
    ) -> None:
        self.client = client
        self.service = service
        self.images = images
        self.default_locale = default_locale
        self.auto_delay = auto_delay
        self.auto_batch = auto_batch
        self.edit_interval = edit_interval
        """Table-message edits closer together than this are batched into one."""
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
    ) -> None:
        """Bring the channel and the DMs up to date after `result`.

        `actor_id` is the user whose click caused it: their own message is updated by the
        interaction, so they get no ping and no DM. `interaction` is given when the clicked
        message *is* the table message (the lobby's Start button): it is edited through it.
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
            # Each step on its own: a refused edit must not cost the players their ping or DM.
            # A change nobody else may know of (a private pass) leaves the channel untouched:
            # even an edit would say that someone answered.
            if notice or interaction is not None or new_message or _publicly_seen(result):
                await self._attempt(
                    table,
                    "table message",
                    self._table_message(
                        table, result.public_view, locale, interaction=interaction, new=new_message
                    ),
                )
        if table.status == "active":
            prompted = self._to_dm(table, result, actor_id)
            closed_now = await self._dm_hands(table, result, prompted, locale)
            async with self.locks[table.id]:
                if self.published.get(table.id) == table.version:
                    await self._attempt(
                        table, "turn ping", self._ping(table, result, actor_id, locale, closed_now)
                    )
        else:
            async with self.locks[table.id]:
                await self._attempt(table, "ping deletion", self._delete_ping(table))
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
        """Edit the table message in place (or post it when there is none yet)."""
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
    ) -> None:
        """Put `embed` on the table message: through the interaction, by editing, or by posting."""
        attachments = [file] if file is not None else []
        ref = None if new else await self.service.get_message_ref(table.id, TABLE)
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
        channel = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        if ref is not None:
            try:
                await channel.get_partial_message(ref.message_id).edit(
                    embed=embed, attachments=attachments, view=view
                )
                return
            except discord.NotFound:
                log.info(
                    "table %s: its message %s was deleted; posting anew", table.id, ref.message_id
                )
        extra: dict[str, Any] = {} if view is None else {"view": view}
        posted = await channel.send(embed=embed, files=attachments, **extra)
        await self.service.set_message_ref(table.id, TABLE, table.channel_id, posted.id)

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

    @staticmethod
    def _to_dm(table: TableInfo, result: ActResult, actor_id: int | None) -> list[SeatInfo]:
        """Seats given a new prompt that a human plays themselves, other than the actor."""
        return [
            s
            for s in table.seats
            if s.seat in result.reprompted
            and s.is_human
            and not s.auto
            and s.user_id != actor_id
            and result.prompt_for(s.seat) is not None
        ]

    async def _delete_ping(self, table: TableInfo) -> None:
        ref = await self.service.get_message_ref(table.id, PING)
        if ref is None:
            return
        await self.service.delete_message_ref(table.id, PING)
        channel = self.client.get_partial_messageable(ref.channel_id, guild_id=table.guild_id)
        with contextlib.suppress(discord.NotFound, discord.Forbidden):
            await channel.get_partial_message(ref.message_id).delete()

    async def _ping(
        self,
        table: TableInfo,
        result: ActResult,
        actor_id: int | None,
        locale: str,
        closed: set[int],
    ) -> None:
        """One short message mentioning the players the game now waits for, in public.

        It is replaced only when someone is newly waited for; a seat asked privately (a claim)
        is never mentioned, and neither is anyone whose turn the CPU plays (Auto).
        """
        auto = {s.user_id for s in table.seats if s.auto}
        waiting = [uid for uid in table.ping_user_ids if uid not in auto]
        fresh = [
            s.user_id
            for s in table.seats
            if s.seat in result.reprompted and s.user_id in waiting and s.user_id != actor_id
        ]
        if not waiting:
            await self._delete_ping(table)
            return
        if not fresh:
            return
        await self._delete_ping(table)
        mention = [uid for uid in waiting if uid != actor_id]
        if not mention:
            return
        lines = []
        for uid in mention:
            key = (
                "table.ping_dm_closed"
                if uid in closed or await self.service.dm_closed(uid)
                else "table.ping"
            )
            lines.append(t(key, locale, mention=f"<@{uid}>", game=game_name(table.game, locale)))
        channel = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        posted = await channel.send(
            "\n".join(lines),
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
        self, table: TableInfo, result: ActResult, seats: list[SeatInfo], locale: str
    ) -> set[int]:
        """DM each seat its new prompt, all at once; returns the users found DM-closed just now."""

        async def one(seat: SeatInfo) -> int | None:
            assert seat.user_id is not None
            if await self.service.dm_closed(seat.user_id):
                return None
            dm_locale = await self.dm_locale(seat.user_id, locale)
            embed, view, file = await self.hand_message(
                table,
                seat,
                result.view_for(seat.seat),
                dm_locale,
                prompt=result.prompt_for(seat.seat),
            )
            sent = await self.send_dm(
                table, seat.user_id, embed=embed, view=view, file=file, locale=locale
            )
            return None if sent else seat.user_id

        outcomes = await asyncio.gather(*(one(seat) for seat in seats), return_exceptions=True)
        closed: set[int] = set()
        for seat, outcome in zip(seats, outcomes, strict=True):
            if isinstance(outcome, BaseException):
                log.warning("table %s: DM to seat %s failed", table.id, seat.seat, exc_info=outcome)
            elif outcome is not None:
                closed.add(outcome)
        return closed

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
    ) -> bool:
        """DM a user; on 403/50007 mark them DM-closed and say so once in the channel.

        Returns False only when the user's DMs turned out to be closed; another failure is
        logged and the user is tried again next time.
        """
        try:
            channel = await self._dm_channel(user_id)
            kwargs: dict[str, Any] = {"content": content, "embed": embed}
            if view is not None:
                kwargs["view"] = view
            if file is not None:
                kwargs["file"] = file
            message = await channel.send(**kwargs)
        except discord.Forbidden as exc:
            log.info("table %s: DMs of user %s are closed (%s)", table.id, user_id, exc.code)
            await self.service.set_dm_closed(user_id, True)
            seat = table.seat_of(user_id)
            name = seat.name if seat else f"<@{user_id}>"
            notice = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
            await self._attempt(
                table,
                "DM-closed notice",
                notice.send(
                    t("table.dm_closed_notice", locale, name=name),
                    allowed_mentions=discord.AllowedMentions.none(),
                ),
            )
            return False
        except discord.HTTPException:
            log.warning("table %s: DM to user %s failed", table.id, user_id, exc_info=True)
            return True
        await self.service.set_message_ref(
            table.id, HAND, message.channel.id, message.id, user_id=user_id
        )
        return True

    async def _dm_channel(self, user_id: int) -> discord.PartialMessageable:
        channel_id = self._dm_channels.get(user_id)
        if channel_id is None:
            data = await self.client.http.start_private_message(user_id)
            channel_id = self._dm_channels[user_id] = int(data["id"])
        return self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)

    # ------------------------------------------------------------------ closing

    async def close_table(self, table: TableInfo, text: str) -> None:
        """A table ended without a result: its message says why, its ping goes."""
        async with self.locks[table.id]:
            self.published[table.id] = max(table.version, self.published.get(table.id, -1))
            self._pending_edit.pop(table.id, None)
            locale = await self.table_locale(table)
            await self.show(table, present.closed_embed(table, text, locale), None)
            await self._delete_ping(table)
        task = self.auto_tasks.pop(table.id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        self.forget(table.id)

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


def _publicly_seen(result: ActResult) -> bool:
    """Whether the channel may learn that something happened: a public event, a finished or
    closed table, or an action applied at once ("see the result")."""
    if not result.table.is_open or (result.applied and not result.steps) or not result.steps:
        return True
    return any(event_seen_by(e, None) for step in result.steps for e in step.events)
