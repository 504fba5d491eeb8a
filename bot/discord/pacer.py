"""The table's own pace: the steps it takes by itself (draws, Auto seats), one after another.

A use case's result says whether such steps are pending and at what pace (`ActResult.auto_pending`,
`pace`); the `Pacer` is the caller that takes them. It asks the tables service to advance, hands
each result to the Desk to publish, and goes on until a person decides or the game ends. The
flows and the timers publish through it, so that a result's follow-up is never lost; the Desk
only publishes, and never asks the service for anything.
"""

from __future__ import annotations

import asyncio
import logging
from functools import partial
from typing import Any

from bot.discord.desk import Desk
from bot.tables.errors import TableError
from bot.tables.results import ActResult, TableInfo
from bot.tables.service import TableService

log = logging.getLogger(__name__)

AUTO_RACES = 3
"""Lost races in a row after which the pace loop leaves the table to whoever won them (the
timers' watchdog resumes a table nobody goes on with)."""


class Pacer:
    """Publishes results through the Desk and takes the follow-up steps they announce."""

    def __init__(
        self, service: TableService, desk: Desk, *, delay: float = 2.0, batch: int = 1
    ) -> None:
        self.service = service
        self.desk = desk
        self.delay = delay
        """Seconds between Auto's steps (a game's own pace for its steps may be shorter)."""
        self.batch = batch
        """Steps taken per call to the service."""
        self.tasks: dict[int, asyncio.Task[None]] = {}

    async def publish(self, result: ActResult, **how: Any) -> None:
        """Publish `result` (`Desk.publish`'s options), then take the steps it leaves pending."""
        await self.desk.publish(result, **how)
        if result.auto_pending:
            self.ensure(result.table.id, result.pace)

    async def close_table(self, table: TableInfo, text: str) -> None:
        """A table ended without a result: the Desk says why, and its paced steps stop."""
        await self.desk.close_table(table, text)
        task = self.tasks.pop(table.id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    def ensure(self, table_id: int, pace: float | None = None) -> None:
        """Take the table's paced steps (draws, Auto seats) until a human decides or it ends."""
        task = self.tasks.get(table_id)
        if task is not None and not task.done():
            return
        self.tasks[table_id] = asyncio.create_task(
            self._run(table_id, pace), name=f"cardbot-auto-{table_id}"
        )

    def stop(self) -> None:
        """Stop every table's paced steps (the bot is closing)."""
        for task in list(self.tasks.values()):
            task.cancel()

    async def _run(self, table_id: int, pace: float | None = None) -> None:
        races = 0
        try:
            while True:
                # the game's own pace for its steps (a deal), never slower than Auto's
                await asyncio.sleep(self.delay if pace is None else min(pace, self.delay))
                shown = [0]
                publish = partial(self._publish_counted, shown)
                try:
                    # CPU moves thought in workers meanwhile are shown as they come
                    result = await self.service.advance(table_id, self.batch, progress=publish)
                except TableError as exc:
                    races += 1
                    if exc.code == "table_moved_on" and races <= AUTO_RACES:
                        continue  # another call wrote the table meanwhile: look again
                    log.info("table %s: paced play stops (%s)", table_id, exc.code)
                    return
                races = 0
                if not result.applied and not shown[0]:
                    return  # nothing to take now (a person's window holds the table)
                await self.desk.publish(result)
                if not result.auto_pending:
                    return
                pace = result.pace
        except Exception:
            log.exception("table %s: paced play failed", table_id)
        finally:
            if self.tasks.get(table_id) is asyncio.current_task():
                del self.tasks[table_id]

    async def _publish_counted(self, shown: list[int], result: ActResult) -> None:
        """Publish one write of the pace loop's call, counting the moves it applied."""
        shown[0] += result.applied
        await self.desk.publish(result)
