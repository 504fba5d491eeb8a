"""What a table looks like in Discord after the tables service changed it.

The Desk only publishes: it is handed each result (by the flows, the timers and the `Pacer`,
which takes the table's own steps) and never asks the tables service for anything. What it
keeps of its messages is in the publisher's book (`MessageBook`, through the `Outlet`).

Its parts, each a module of its own:
table_message.py  the table message, edited in place while it is the channel's last word, else
                  posted anew at the bottom (`ChannelWatch`)
pings.py          at most one short turn ping that mentions whom the game now waits for in
                  public (never a seat asked privately), and whom a change should notify
hands.py          for each player one hand DM per table, edited in place, that carries their
                  hand and controls; the one-time "your DMs are closed" notice
reminders.py      reminders and the "game has stalled" notice
outlet.py         the client, the message book and the rates every message goes through

Every table has its own lock (here): one table's publishing never waits for, or breaks,
another's; within a table the changes go out in order, and an older result never puts an older
table back on screen. Table-message edits close together are batched into one.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import defaultdict, deque
from collections.abc import Mapping
from typing import Any

import discord

from bot.discord import present
from bot.discord.hands import Hands
from bot.discord.images import Images
from bot.discord.outlet import PING, STALL, Outlet, Refs
from bot.discord.pacing import Pacing
from bot.discord.pings import Pings
from bot.discord.reminders import Reminders
from bot.discord.table_message import TableMessage
from bot.games import presenter, seat_names
from bot.i18n import normalise_locale, t
from bot.settings import Settings
from bot.tables.messages import MessageBook
from bot.tables.results import ActResult, Reminder, SeatPrompt, TableInfo
from engines.actions import event_seen_by

log = logging.getLogger(__name__)

LOG_LINES = 6


class Desk:
    """Publishes tables: the table message, turn pings, hand DMs, reminders, closing."""

    def __init__(
        self,
        client: discord.Client,
        book: MessageBook,
        images: Images,
        settings: Settings,
        *,
        default_locale: str = "ja",
        edit_interval: float = 1.0,
        pacing: Pacing | None = None,
    ) -> None:
        self.outlet = Outlet(client, book, pacing or Pacing())
        self.pacing = self.outlet.pacing
        self.budget = self.outlet.budget
        self.watch = self.outlet.watch
        self.images = images
        self.default_locale = default_locale
        self.edit_interval = edit_interval
        """Table-message edits closer together than this are batched into one."""
        self.logs: dict[int, deque[str]] = defaultdict(lambda: deque(maxlen=LOG_LINES))
        self.table_message = TableMessage(self.outlet, images, settings, self.logs)
        self.pings = Pings(self.outlet, settings)
        self.hands = Hands(self.outlet, images, settings)
        self.reminders = Reminders(self.outlet, self.hands, self.pings, settings)
        self.locks: dict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.published: dict[int, int] = {}
        """The newest table version put on screen, per table (in this process)."""
        self._last_edit: dict[int, float] = {}
        self._pending_edit: dict[int, tuple[TableInfo, Mapping[str, Any] | None]] = {}
        self._edit_tasks: dict[int, asyncio.Task[None]] = {}
        self._seen_locales: dict[int, str] = {}
        """Each user's Discord language as last stored (to write it only when it changes)."""

    # ------------------------------------------------------------------ locales

    async def guild_locale(self, guild_id: int | None) -> str:
        """The guild's default language (the bot's default when it set none)."""
        if guild_id is None:
            return self.default_locale
        return await self.outlet.book.guild_locale(guild_id) or self.default_locale

    async def user_locale(self, interaction: discord.Interaction[Any]) -> str:
        """The language of a reply: the user's choice, their Discord locale, else the guild's."""
        chosen = await self.outlet.book.user_locale(interaction.user.id)
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
            await self.outlet.book.set_seen_locale(interaction.user.id, locale)
            self._seen_locales[interaction.user.id] = locale

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
            # one read: the kept messages, the players' preferences, the guild's language
            guild = table.guild_id if table.locale is None else None
            audience = await self.outlet.book.audience(table.id, _users(table), guild)
            locale = table.locale or audience.guild_locale or self.default_locale
            refs = {(r.kind, r.user_id): r for r in audience.refs}
            prefs = audience.prefs
            self.note(table, result, locale, notice)
            seen = notice is not None or interaction is not None or new_message
            seen = seen or _publicly_seen(result)
            # Each step on its own: a refused edit must not cost the players their ping or DM.
            # A change nobody else may know of (a private pass) leaves the channel untouched:
            # even an edit would say that someone answered.
            if seen:
                await self.outlet.attempt(
                    table,
                    "table message",
                    self._table_message(
                        table,
                        result.public_view,
                        locale,
                        interaction=interaction,
                        new=new_message,
                        refs=dict(refs),
                    ),
                )
            if table.status == "active":
                loud = self.pings.to_notify(table, result, actor_id, prefs)
                closed = await self.hands.dm_hands(
                    table, result, refs, prefs, loud, actor_id, actor_message, locale
                )
                await self.outlet.attempt(
                    table,
                    "turn ping",
                    self.pings.ping(table, result, refs, actor_id, locale, loud, closed),
                )
            else:
                await self.outlet.attempt(
                    table, "ping deletion", self.outlet.delete_kept(table, refs, PING)
                )
                if table.status == "finished":
                    await self.hands.result_hands(
                        table, result, refs, prefs, actor_id, actor_message, locale
                    )
                else:  # abandoned (the last person left)
                    await self.hands.close_hands(table, refs, locale)
            if seen:
                await self.outlet.attempt(
                    table, "stall notice deletion", self.outlet.delete_kept(table, refs, STALL)
                )
        if not table.is_open:
            self.forget(table.id)

    def forget(self, table_id: int) -> None:
        """Drop the log and lock of a table that is over (the published version stays: a late,
        older result must still not bring the table back)."""
        self.logs.pop(table_id, None)
        self.locks.pop(table_id, None)
        self._last_edit.pop(table_id, None)

    async def _table_message(
        self,
        table: TableInfo,
        view: Mapping[str, Any] | None,
        locale: str,
        *,
        interaction: discord.Interaction[Any] | None,
        new: bool,
        refs: Refs,
    ) -> None:
        """The table message now, or (an edit soon after the last one) batched into one edit
        (`refs`: the table's kept messages as read for this publish)."""
        waited = time.monotonic() - self._last_edit.get(table.id, float("-inf"))
        urgent = interaction is not None or new or not table.is_open or table.status == "lobby"
        if urgent or waited >= self.edit_interval:
            self._pending_edit.pop(table.id, None)
            self._last_edit[table.id] = time.monotonic()
            await self.table_message.update(
                table, view, locale, interaction=interaction, new=new, refs=refs
            )
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
            await self.outlet.attempt(
                table, "table message", self.table_message.update(table, view, locale)
            )

    async def refresh(self, table: TableInfo, view: Mapping[str, Any] | None) -> None:
        """Redraw a table's message after a change of its seats only (a CPU's new level), with
        its public `view` (None before the game starts)."""
        async with self.locks[table.id]:
            if table.version < self.published.get(table.id, -1):
                return
            self.published[table.id] = table.version
            locale = await self.table_locale(table)
            await self.outlet.attempt(
                table, "table message", self.table_message.update(table, view, locale)
            )

    # ------------------------------------------------------------------ reminders, closing

    async def remind(self, reminder: Reminder, prompts: Mapping[int, SeatPrompt]) -> None:
        """Remind the players whose turn waits (`Reminders.remind`), in the table's order."""
        table = reminder.table
        async with self.locks[table.id]:
            locale = await self.table_locale(table)
            await self.reminders.remind(reminder, prompts, locale)

    async def close_table(self, table: TableInfo, text: str) -> None:
        """A table ended without a result: its message says why, its ping and notices go, and
        each player's DM loses its controls."""
        async with self.locks[table.id]:
            self.published[table.id] = max(table.version, self.published.get(table.id, -1))
            self._pending_edit.pop(table.id, None)
            locale = await self.table_locale(table)
            await self.table_message.show(
                table, present.closed_embed(table, text, locale), None, follow=False
            )
            refs = await self.outlet.refs(table.id)
            await self.outlet.delete_kept(table, refs, PING)
            await self.outlet.delete_kept(table, refs, STALL)
            await self.hands.close_hands(table, refs, locale)
        self.forget(table.id)

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


def _users(table: TableInfo) -> list[int]:
    return [s.user_id for s in table.seats if s.user_id is not None]
