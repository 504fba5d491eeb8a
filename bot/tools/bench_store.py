"""Store figures: the channel lookup behind most interactions, on a SQLite file of many tables.

    python -m bot.tools.bench_store [--tables 10000] [--quick]

Fills a new SQLite file (real migrations) with `--tables` tables, most of them finished or
abandoned (as a bot's file becomes), a few open, two seats each; then times `active_table`
(the service's own query, with the status filter written as the partial index's own words)
against the same lookup with the status filter bound as parameters (`status IN (?, ?)`, how
it was written before), and prints SQLite's plan of each.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import event, insert, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.settings import Settings
from bot.store.database import Database
from bot.store.models import (
    ABANDONED,
    ACTIVE,
    FINISHED,
    LOBBY,
    OPEN_STATUSES,
    SeatRow,
    TableRow,
    utcnow,
)
from bot.tables import TableService

Figure = tuple[str, str]

CHANNELS = 200
"""Channels the tables are spread over: each holds many finished tables and at most one open."""
OPEN_EVERY = 100
"""One table in this many is open (a lobby or a running game): the rest are over."""
BOUND = "SELECT tables.id FROM tables WHERE tables.channel_id = ? AND tables.status IN (?, ?)"
"""The channel lookup as it was: the open statuses bound as parameters."""


def stored_table(seed: int, now: datetime, **columns: Any) -> dict[str, Any]:
    """The columns of one stored table for a bulk insert: a finished two-seat game that never
    moved, stored at `now`, but for `columns` (status, guild, times...)."""
    return {
        "guild_id": 1,
        "channel_id": seed,
        "game": "kitten-fishing",
        "options": {},
        "seat_count": 2,
        "seed": seed,
        "status": FINISHED,
        "snapshot": None,
        "to_act": [],
        "action_count": 0,
        "version": 0,
        "created_by": 1,
        "created_at": now,
        "updated_at": now,
        "prompt_states": None,
        "paced": False,
        "turn_timer_seconds": 86400,
        "expiry_policy": "cpu_turn",
        "series_match": 1,
        **columns,
    }


class BoundFilterService(TableService):
    """The tables service with the channel lookup as it was (for the "before" figure)."""

    async def _open_table_id(self, s: AsyncSession, channel_id: int) -> int | None:
        return await s.scalar(
            select(TableRow.id).where(
                TableRow.channel_id == channel_id, TableRow.status.in_(OPEN_STATUSES)
            )
        )


async def fill(database: Database, tables: int) -> list[int]:
    """Store `tables` tables over CHANNELS channels; the channels that have an open table."""
    now = utcnow()
    rows: list[dict[str, Any]] = []
    open_count = min(CHANNELS, tables // OPEN_EVERY)
    for n in range(tables):
        channel = n % CHANNELS
        # the newest table of the first `open_count` channels is open, every other one is over
        is_open = n >= tables - CHANNELS and channel < open_count
        status = (ACTIVE if n % 2 else LOBBY) if is_open else (FINISHED if n % 7 else ABANDONED)
        rows.append(stored_table(n, now, id=n + 1, channel_id=channel, status=status))
    seats = [
        {"table_id": row["id"], "seat": seat, "user_id": 1000 + seat, "name": f"P{seat}"}
        for row in rows
        for seat in range(2)
    ]
    async with database.sessions() as s, s.begin():
        await s.execute(insert(TableRow), rows)
        await s.execute(insert(SeatRow), seats)
    return list(range(open_count))


async def plan(database: Database, sql: str, params: tuple[Any, ...]) -> str:
    """SQLite's query plan of one statement, on one line."""
    async with database.engine.connect() as connection:
        result = await connection.exec_driver_sql(f"EXPLAIN QUERY PLAN {sql}", params)
        return "; ".join(str(row[-1]) for row in result)


async def service_lookup(database: Database, service: TableService, channel: int) -> str:
    """The SQL of the channel lookup `active_table` sends (caught on its way to SQLite)."""
    sent: list[str] = []

    def catch(_conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        sent.append(statement)

    event.listen(database.engine.sync_engine, "before_cursor_execute", catch)
    try:
        await service.active_table(channel)
    finally:
        event.remove(database.engine.sync_engine, "before_cursor_execute", catch)
    return next(sql for sql in sent if "channel_id = ?" in sql)


def paired_us(
    path: Path, queries: dict[str, tuple[str, tuple[Any, ...]]], repeat: int
) -> dict[str, str]:
    """The mean time SQLite itself takes for each query (the stdlib driver, no event loop), in
    µs; the queries take turns in blocks, so a busy machine slows them alike."""
    spent = dict.fromkeys(queries, 0.0)
    block = 100
    with contextlib.closing(sqlite3.connect(path)) as connection:
        for _ in range(max(1, repeat // block)):
            for when, (sql, params) in queries.items():
                started = time.perf_counter()
                for _ in range(block):
                    connection.execute(sql, params).fetchall()
                spent[when] += time.perf_counter() - started
    runs = max(1, repeat // block) * block
    return {when: f"{total * 1e6 / runs:.1f} µs per query" for when, total in spent.items()}


async def paired_ms(
    lookups: dict[str, Callable[[int], Awaitable[object]]], channel: int, repeat: int
) -> dict[str, str]:
    """The median duration of each lookup of one channel, in ms; the lookups take turns."""
    samples: dict[str, list[float]] = {when: [] for when in lookups}
    for _ in range(repeat):
        for when, lookup in lookups.items():
            started = time.perf_counter()
            await lookup(channel)
            samples[when].append((time.perf_counter() - started) * 1000)
    return {when: f"{statistics.median(times):.3f} ms" for when, times in samples.items()}


async def figures(tables: int, quick: bool) -> list[Figure]:
    """Fill a new SQLite file and time the channel lookup before and after."""
    repeat = 200 if quick else 1000
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.db"
        url = f"sqlite+aiosqlite:///{path}"
        database = Database(url)
        try:
            await database.upgrade()
            open_channels = await fill(database, tables)
            settings = Settings(_env_file=None, database_url=url)  # type: ignore[call-arg]
            services = {
                "before": BoundFilterService(database, settings),
                "after": TableService(database, settings),
            }
            busy, idle = open_channels[0], CHANNELS + 1
            found = {when: await service.active_table(busy) for when, service in services.items()}
            if found["after"] is None or found["before"] != found["after"]:
                raise RuntimeError("the two lookups disagree")
            lookups = {
                "before": (BOUND, (LOBBY, ACTIVE)),
                "after": (await service_lookup(database, services["after"], busy), ()),
            }
            stored = f"{tables:,} tables, {len(open_channels)} open"
            channels = {"a channel with a table": busy, "a channel without one": idle}
            out: list[Figure] = [
                (f"{when}: plan", await plan(database, sql, (busy, *statuses)))
                for when, (sql, statuses) in lookups.items()
            ]
            for label, channel in channels.items():
                alone = paired_us(
                    path,
                    {
                        when: (sql, (channel, *statuses))
                        for when, (sql, statuses) in lookups.items()
                    },
                    repeat * 20,
                )
                out += [
                    (f"{when}: the lookup alone (sqlite3), {label} ({stored})", figure)
                    for when, figure in alone.items()
                ]
            for label, channel in channels.items():
                timed = await paired_ms(
                    {when: service.active_table for when, service in services.items()},
                    channel,
                    repeat,
                )
                out += [
                    (f"{when}: active_table, {label} ({stored}), median", figure)
                    for when, figure in timed.items()
                ]
        finally:
            await database.dispose()
    return out


def run(quick: bool, tables: int = 10_000) -> list[Figure]:
    """The figures, in the shape `cardbot bench` prints."""
    return asyncio.run(figures(tables, quick))


def main(argv: list[str] | None = None) -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(prog="python -m bot.tools.bench_store", description=__doc__)
    parser.add_argument("--tables", type=int, default=10_000, help="tables stored (10000)")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    args = parser.parse_args(argv)
    print(f"store figures, SQLite, Python {sys.version.split()[0]}")
    for label, figure in run(args.quick, args.tables):
        print(f"  {label:<80} {figure}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
