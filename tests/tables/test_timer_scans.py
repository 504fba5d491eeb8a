"""The timers' scans read their own partial indexes (migration 0006), on both databases.

Every process runs these scans at every tick. On PostgreSQL, with a status-led index and the
shard test written as the process's own shards, the planner read every open table instead
(the unique index of open tables per channel) for the earliest deadline: 1-5 ms a tick.
"""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import insert

from bot.settings import Settings
from bot.store import Database
from bot.store.models import ACTIVE, FINISHED, LOBBY, TableRow, utcnow
from bot.tables import TableService
from bot.tables.repository import compile_for_driver
from bot.tools.bench_store import stored_table

OPEN_TABLES = 1_000
ENDED_TABLES = 2_000


async def _fill(database: Database) -> None:
    """Tables as a busy bot has them: most ended, a thousand running with their timers due
    over the next hour, a few lobbies, guilds spread over the shards."""
    rng = random.Random(5)
    now = utcnow()
    rows: list[dict[str, Any]] = []
    for n in range(OPEN_TABLES + ENDED_TABLES):
        status = FINISHED if n < ENDED_TABLES else (LOBBY if n % 50 == 0 else ACTIVE)
        due = now + timedelta(seconds=rng.uniform(1, 3600))
        rows.append(
            stored_table(
                n,
                now,
                guild_id=rng.getrandbits(62),
                status=status,
                updated_at=now - timedelta(days=30 if status == FINISHED else 0),
                deadline=due if status == ACTIVE else None,
                remind_at=due - timedelta(seconds=60) if status == ACTIVE else None,
            )
        )
    async with database.sessions() as s, s.begin():
        await s.execute(insert(TableRow), rows)
    if database.dialect == "postgresql":
        async with database.driver_connection() as conn:
            await conn.execute("ANALYZE tables")


async def _plans(database: Database, service: TableService) -> dict[str, str]:
    """Each scan's query plan, as the database makes it for the statement the timers send."""
    scans = service._deadlines._scans
    now = utcnow()
    params: dict[str, dict[str, Any]] = {
        "reminders": {"now": now},
        "overdue": {"now": now},
        "lobbies": {"cutoff": now},
        "archivable": {"cutoff": now, "limit": 200},
        "wakeup": {},
    }
    out: dict[str, str] = {}
    for name, given in params.items():
        sql, names, defaults = compile_for_driver(
            getattr(scans, name), database.engine.dialect, given
        )
        args = [given[n] if n in given else defaults[n] for n in names]
        if database.dialect == "postgresql":
            async with database.driver_connection() as conn:
                # the plan a prepared statement settles on after its first runs
                await conn.execute("SET plan_cache_mode = force_generic_plan")
                try:
                    rows = await conn.fetch(f"EXPLAIN {sql}", *args)
                finally:
                    await conn.execute("RESET plan_cache_mode")
            out[name] = "\n".join(row[0] for row in rows)
        else:
            async with database.engine.connect() as conn:
                result = await conn.exec_driver_sql(f"EXPLAIN QUERY PLAN {sql}", tuple(args))
                out[name] = "\n".join(str(row[-1]) for row in result)
    return out


@pytest.mark.parametrize("shards", [None, "0-1"], ids=["one process", "two shards of eight"])
async def test_each_timer_scan_reads_its_own_index(
    database: Database, clock: Any, shards: str | None
) -> None:
    await _fill(database)
    settings = Settings(  # type: ignore[call-arg]
        _env_file=None,
        database_url="sqlite+aiosqlite:///unused.db",
        archive_after_days=7,
        shard_count=8 if shards else None,
        shard_ids=shards,
    )
    plans = await _plans(database, TableService(database, settings, clock=clock))
    assert "ix_tables_active_remind_at" in plans["reminders"], plans["reminders"]
    assert "ix_tables_active_deadline" in plans["overdue"], plans["overdue"]
    assert "ix_tables_lobby_updated_at" in plans["lobbies"], plans["lobbies"]
    assert "ix_tables_unarchived_updated_at" in plans["archivable"], plans["archivable"]
    for index in (
        "ix_tables_active_deadline",
        "ix_tables_active_remind_at",
        "ix_tables_lobby_updated_at",
    ):
        assert index in plans["wakeup"], plans["wakeup"]
    for name, plan in plans.items():
        assert "uq_tables_open_channel" not in plan, (name, plan)
        assert "SCAN tables\n" not in plan + "\n" and "Seq Scan" not in plan, (name, plan)
