"""Turn timers: reminders while a turn waits (and the "stalled" notice), expiry policies after
its deadline, lobbies that never start, and old finished tables archived.

Deadlines live in the database (the tables service keeps them), so this loop holds no state:
after a restart the first tick finds every reminder due and every deadline passed, and the
service's atomic claims make each fire once, even with several bot processes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import UTC, datetime

from bot.discord.desk import Desk
from bot.discord.pacer import Pacer
from bot.games import seat_names
from bot.i18n import t
from bot.tables.results import Expiry, Reminder
from bot.tables.service import TableService

log = logging.getLogger(__name__)

TASK_NAME = "cardbot-background-timers"


class Timers:
    """Calls the service's timer queries and tells the players what happened."""

    def __init__(
        self, service: TableService, desk: Desk, pacer: Pacer, *, interval: float = 30.0
    ) -> None:
        self.service = service
        self.desk = desk
        self.pacer = pacer
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
        for reminder in await self.service.due_reminders(now):
            await self._guarded(reminder.table.id, self._remind(reminder))
        for expiry in await self.service.expire_overdue(now):
            await self._guarded(expiry.result.table.id, self._expired(expiry))
        for table in await self.service.expire_lobbies(now):
            locale = await self.desk.table_locale(table)
            await self._guarded(table.id, self.pacer.close_table(table, t("lobby.expired", locale)))
        archived = await self.service.archive_finished(now)
        if archived:
            log.info("archived %d finished tables", len(archived))

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
            self.pacer.ensure(table_id)
        return resumed

    async def _remind(self, reminder: Reminder) -> None:
        """The Desk reminds the players (a DM, or a mention when DMs are closed) and, for a
        turn that has just stalled, tells the channel; each reminded DM shows the prompt now."""
        prompts = {
            uid: await self.service.prompt(reminder.table.id, uid) for uid in reminder.user_ids
        }
        await self.desk.remind(reminder, prompts)

    async def _expired(self, expiry: Expiry) -> None:
        """Say what came of it, then publish the table as after any move.

        A prompt's own default (a pass) is said only when it was public: a private prompt's
        timing out reveals nothing.
        """
        table = expiry.result.table
        locale = await self.desk.table_locale(table)
        names = seat_names(table, locale)
        who = t("list.sep", locale).join(names[s] for s in expiry.seats) or "—"
        if expiry.policy == "abandon":
            await self.pacer.close_table(table, t("table.abandoned_timer", locale, name=who))
            return
        notice = None
        if expiry.policy == "cpu_seat":
            notice = t("table.expired_seat", locale, name=who)
        elif expiry.policy == "cpu_turn":
            notice = t("table.expired_cpu", locale, name=who)
        await self.pacer.publish(expiry.result, notice=notice)
