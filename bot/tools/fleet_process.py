"""One process of a fleet (bot/tools/fleet.py): `cardbot run` without the Discord connection.

    python -m bot.tools.fleet_process --epoch E --speed S --tick T   (the settings as `cardbot
                                                                    run` reads them, from the
                                                                    environment: DATABASE_URL,
                                                                    SHARD_COUNT, SHARD_IDS, ...)

It migrates the database, serves the guilds of its shards through the tables service and runs
those guilds' timers. Its gateway is a pipe: interactions come in on standard input, one JSON
object a line, and the replies and what the timers did (reminders, expiries) go out on standard
output, one a line. Time runs `speed` times faster than the wall's (`FastClock`, one epoch for
every process of the fleet), so that turn timers of minutes run out in seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import orjson

from bot.shards import Shards

if TYPE_CHECKING:
    from bot.tables import TableInfo, TableService

log = logging.getLogger(__name__)

READY = "ready"
LINE_LIMIT = 1 << 22
"""Longest line either side sends (a reply carries the seat's view)."""

_MONOTONIC = getattr(time, "CLOCK_MONOTONIC", None)


def shared_clock() -> float:
    """Seconds on the machine's monotonic clock, one clock for every process (CLOCK_MONOTONIC):
    the gateway's send and a process's reply are compared on it."""
    return time.clock_gettime(_MONOTONIC) if _MONOTONIC is not None else time.monotonic()


@dataclass(frozen=True)
class FastClock:
    """The service's clock with time running `speed` times faster than the wall's from `epoch`
    (seconds since 1970); every process of a fleet shares both, so they agree on the time."""

    epoch: float
    speed: float = 1.0

    def __call__(self) -> datetime:
        return datetime.fromtimestamp(self.epoch + (time.time() - self.epoch) * self.speed, UTC)

    def wall_seconds(self, seconds: float) -> float:
        """Seconds of this clock in seconds of the wall's."""
        return seconds / self.speed


def _table_fields(table: Any, user_id: int) -> dict[str, Any]:
    seat = table.seat_of(user_id)
    return {
        "table": table.id,
        "status": table.status,
        "action_count": table.action_count,
        "seat": None if seat is None else seat.seat,
        "prompt_version": 0 if seat is None else table.prompt_version(seat.seat),
    }


async def _answer(
    service: TableService, shards: Shards | None, request: Mapping[str, Any]
) -> dict[str, Any]:
    """One interaction: `look` (the user's prompt and view), `act`, `rematch`."""
    from bot.store.database import DatabaseError
    from bot.tables import TableError

    guild, table_id, user = request.get("guild"), int(request["table"]), int(request["user"])
    if shards is not None and not shards.owns(guild):
        return {"error": "not_my_shard"}  # Discord never sends another shard's interaction
    started = time.perf_counter()
    try:
        if request["kind"] == "look":
            current = await service.prompt(table_id, user)
            out = {
                **_table_fields(current.table, user),
                "prompt": current.prompt,
                "view": current.view,
            }
        elif request["kind"] in ("act", "rematch"):
            if request["kind"] == "act":
                result = await service.act(
                    table_id, user, request["action"], prompt_version=request.get("prompt_version")
                )
            else:
                result = await service.rematch(table_id, user)
            out = _table_fields(result.table, user)
            out.update(
                ok=True,
                seq=result.table.action_count - result.applied,
                prompt=result.prompt_for(out["seat"]),
                view=result.view_for(out["seat"]),
            )
        else:
            out = {"error": "unknown_kind"}
    except TableError as exc:
        out = {"error": exc.code}
    except DatabaseError as exc:
        out = {"error": "database", "message": str(exc)}
    out["handled_ms"] = (time.perf_counter() - started) * 1000
    return out


def _due(table: TableInfo, seat: int) -> str | None:
    state = table.prompt_of(seat)
    return None if state is None or state.due is None else state.due.isoformat()


async def _timers(
    service: TableService, clock: FastClock, tick: float, emit: Callable[[dict[str, Any]], None]
) -> None:
    """The timer loop of `cardbot run` (bot.discord.timers), its messages written out instead."""
    while True:
        try:
            now = clock()
            for reminder in await service.due_reminders(now):
                table = reminder.table
                emit(
                    {
                        "event": "reminder",
                        "table": table.id,
                        "guild": table.guild_id,
                        "at": now.isoformat(),
                        "dues": [
                            [seat, _due(table, seat), number]
                            for seat, number in zip(
                                reminder.seats, reminder.numbers, strict=True
                            )
                        ],
                    }
                )
            for expiry in await service.expire_overdue(now):
                result = expiry.result
                first = result.table.action_count - result.applied
                timed = set(expiry.seats) | set(expiry.defaulted)
                emit(
                    {
                        "event": "expiry",
                        "table": result.table.id,
                        "guild": result.table.guild_id,
                        "at": now.isoformat(),
                        "policy": expiry.policy,
                        "moves": [
                            first + n for n, step in enumerate(result.steps) if step.seat in timed
                        ],
                    }
                )
            await service.expire_lobbies(now)
            await service.archive_finished(now)
            wake = await service.next_wakeup()
        except Exception:
            log.exception("timer tick failed")
            wake = None
        pause = tick
        if wake is not None:
            pause = min(tick, clock.wall_seconds((wake - clock()).total_seconds()))
        await asyncio.sleep(max(0.01, pause))


async def serve(clock: FastClock, tick: float) -> None:
    """Serve the interactions read from standard input until it closes."""
    from bot import compiled
    from bot.run import freeze_startup_heap
    from bot.settings import Settings
    from bot.store import Database
    from bot.tables import TableService

    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    shards = settings.shards()
    database = Database.from_settings(settings)
    out = sys.stdout

    def emit(message: dict[str, Any]) -> None:
        out.write(orjson.dumps({**message, "pid": os.getpid()}, default=str).decode() + "\n")
        out.flush()

    service = TableService(database, settings, clock=clock)
    try:
        await database.upgrade()
        await database.warm()
        service.start_thinking()  # as the bot does at its start
        timers = asyncio.create_task(_timers(service, clock, tick, emit))
        loop = asyncio.get_running_loop()
        reader = asyncio.StreamReader(limit=LINE_LIMIT)
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
        freeze_startup_heap()
        emit(
            {
                READY: True,
                "shards": sorted(shards.ids) if shards else None,
                "engines": compiled.describe(),
            }
        )
        running: set[asyncio.Task[None]] = set()

        async def handle(request: dict[str, Any]) -> None:
            answer = await _answer(service, shards, request)
            emit({"id": request["id"], **answer, "replied_at": shared_clock()})

        while line := await reader.readline():
            task = asyncio.create_task(handle(orjson.loads(line)))
            running.add(task)
            task.add_done_callback(running.discard)
        if running:
            await asyncio.wait(running)
        timers.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await timers
    finally:
        service.close()
        await database.dispose()


def main(argv: list[str] | None = None) -> int:
    """One fleet process."""
    parser = argparse.ArgumentParser(prog="python -m bot.tools.fleet_process", description=__doc__)
    parser.add_argument("--epoch", type=float, required=True, help="the clock's start (wall s)")
    parser.add_argument("--speed", type=float, default=1.0, help="how much faster time runs")
    parser.add_argument("--tick", type=float, default=1.0, help="longest timer pause (wall s)")
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=os.environ.get("LOG_LEVEL", "WARNING").upper(),
        format="%(asctime)s %(process)d %(levelname)s %(name)s: %(message)s",
    )
    from bot import compiled

    compiled.activate()  # as `cardbot run` does: the compiled engines, when built from these sources
    asyncio.run(serve(FastClock(args.epoch, args.speed), args.tick))
    return 0


if __name__ == "__main__":
    sys.exit(main())
