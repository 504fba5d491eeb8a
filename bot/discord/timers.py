"""Turn timers: reminders before the deadline, expiry policies after it, lobbies that never start.

Deadlines live in the database (the tables service keeps them), so this loop holds no state:
after a restart the first tick finds every reminder due and every deadline passed, and the
service's atomic claims make each fire once, even with several bot processes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import UTC, datetime

import discord

from bot.discord.desk import Desk
from bot.discord.games import seat_names
from bot.i18n import game_name, t
from bot.tables.results import Expiry, TableInfo
from bot.tables.service import TableService

log = logging.getLogger(__name__)

TASK_NAME = "cardbot-background-timers"


class Timers:
    """Calls the service's timer queries and tells the players what happened."""

    def __init__(self, service: TableService, desk: Desk, *, interval: float = 30.0) -> None:
        self.service = service
        self.desk = desk
        self.interval = interval
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Run `tick` in the background until `stop`."""
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._loop(), name=TASK_NAME)

    async def stop(self) -> None:
        """Stop the background loop."""
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

    async def _loop(self) -> None:
        while True:
            try:
                await self.tick()
            except Exception:
                log.exception("timer tick failed")
            await asyncio.sleep(await self._pause())

    async def _pause(self) -> float:
        try:
            wake = await self.service.next_wakeup()
        except Exception:
            return self.interval
        if wake is None:
            return self.interval
        return max(1.0, min(self.interval, (wake - datetime.now(UTC)).total_seconds()))

    async def tick(self, now: datetime | None = None) -> None:
        """One round: reminders, expiries, stale lobbies; a failing table never stops the others."""
        for table in await self.service.due_reminders(now):
            await self._guarded(table.id, self._remind(table))
        for expiry in await self.service.expire_overdue(now):
            await self._guarded(expiry.result.table.id, self._expired(expiry))
        for table in await self.service.expire_lobbies(now):
            locale = await self.desk.table_locale(table)
            await self._guarded(table.id, self.desk.close_table(table, t("lobby.expired", locale)))

    @staticmethod
    async def _guarded(table_id: int, work: object) -> None:
        try:
            await work  # type: ignore[misc]
        except Exception:
            log.exception("timer work failed for table %s", table_id)

    async def resume_auto(self) -> list[int]:
        """Re-arm auto-play after a restart: tables where an auto-flagged seat is to act.

        The auto flags live in the database, the pace loop in memory; this reads the one to
        restart the other. Returns the table ids resumed.
        """
        resumed = [table.id for table in await self.service.auto_pending_tables()]
        for table_id in resumed:
            self.desk.ensure_auto(table_id)
        return resumed

    async def _remind(self, table: TableInfo) -> None:
        """DM each player to act (the hand with its controls), or mention them when DMs are closed."""
        locale = await self.desk.table_locale(table)
        when = discord.utils.format_dt(table.deadline, "R") if table.deadline else "—"
        game = game_name(table.game, locale)
        mention: list[int] = []
        for uid in table.waiting_user_ids:
            seat = table.seat_of(uid)
            if seat is None:
                continue
            if not await self.service.dm_closed(uid):
                view = await self.service.private_view(table.id, uid)
                dm_locale = await self.desk.dm_locale(uid, locale)
                embed, controls, file = await self.desk.hand_message(table, seat, view, dm_locale)
                sent = await self.desk.send_dm(
                    table,
                    uid,
                    locale=locale,
                    content=t(
                        "table.reminder_dm",
                        dm_locale,
                        game=game_name(table.game, dm_locale),
                        when=when,
                    ),
                    embed=embed,
                    view=controls,
                    file=file,
                )
                if sent:
                    continue
            mention.append(uid)
        if mention:
            channel = self.desk.client.get_partial_messageable(
                table.channel_id, guild_id=table.guild_id
            )
            await channel.send(
                "\n".join(
                    t("table.reminder", locale, mention=f"<@{uid}>", game=game, when=when)
                    for uid in mention
                ),
                allowed_mentions=discord.AllowedMentions(
                    everyone=False, roles=False, users=[discord.Object(uid) for uid in mention]
                ),
            )

    async def _expired(self, expiry: Expiry) -> None:
        """Say what the policy did, then publish the table as after any move."""
        table = expiry.result.table
        locale = await self.desk.table_locale(table)
        names = seat_names(table, locale)
        who = t("list.sep", locale).join(names[s] for s in expiry.seats) or "—"
        if expiry.policy == "abandon":
            await self.desk.close_table(table, t("table.abandoned_timer", locale, name=who))
            return
        key = "table.expired_seat" if expiry.policy == "cpu_seat" else "table.expired_cpu"
        await self.desk.publish(expiry.result, notice=t(key, locale, name=who))
