"""Connection limits: each PostgreSQL connection gets them, a request they cut is a sentence.

SQLite has no such limits; its counterpart, a writer holding the file too long, is told the
same way.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import asyncpg
import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url

from bot.settings import Settings
from bot.store import Database
from bot.store.database import (
    MIGRATION_LOCK_KEY,
    DatabaseTimeout,
    DatabaseUnavailable,
    Timeouts,
)
from bot.tables import TableService
from tests.tables.helpers import ALICE, BOB, CHANNEL, GUILD, assert_snapshot_is_replay

KF = "kitten-fishing"
FLIP = {"type": "flip"}
LIMITS = ("statement_timeout", "lock_timeout", "idle_in_transaction_session_timeout")


def postgres_only(database: Database | str) -> None:
    """Skip on SQLite, which has no such limits."""
    dialect = database.dialect if isinstance(database, Database) else make_url(database).drivername
    if dialect.startswith("sqlite"):
        pytest.skip("PostgreSQL limits")


def dsn(url: str) -> str:
    """The URL for asyncpg itself (a second client that holds locks)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


async def shown(database: Database) -> tuple[str, ...]:
    """The three limits as a connection of `database` reports them."""
    async with database.engine.connect() as connection:
        return tuple(
            [(await connection.execute(text(f"SHOW {name}"))).scalar_one() for name in LIMITS]
        )


async def two_humans(service: TableService) -> int:
    info = await service.open_lobby(GUILD, CHANNEL, KF, None, ALICE, "Alice", seed=3)
    await service.join(info.id, BOB, "Bob")
    return (await service.start(info.id, ALICE)).table.id


@asynccontextmanager
async def idle_limited(database: Database, settings: Settings) -> AsyncIterator[TableService]:
    """A service on `database` whose connections end a transaction left idle for 1 s."""
    postgres_only(database)
    limited = Database(database.url, timeouts=Timeouts(idle_in_transaction=1.0))
    try:
        yield TableService(limited, settings)
    finally:
        await limited.dispose()


def slow_cpus(service: TableService, monkeypatch: pytest.MonkeyPatch) -> None:
    """The CPUs of `service` think 2.5 s before each batch of moves taken in a unit of work
    (longer than the limits the tests set, well under theirs)."""
    real = service._writer.run_here

    def slow(*args: Any, **kwargs: Any) -> Any:
        time.sleep(2.5)
        return real(*args, **kwargs)

    monkeypatch.setattr(service._writer, "run_here", slow)


def test_settings_name_the_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    defaults = Timeouts.from_settings(Settings(_env_file=None))  # type: ignore[call-arg]
    assert defaults == Timeouts() == Timeouts(30, 10, 300)
    monkeypatch.setenv("DATABASE_STATEMENT_TIMEOUT_SECONDS", "2.5")
    monkeypatch.setenv("DATABASE_LOCK_TIMEOUT_SECONDS", "0")
    monkeypatch.setenv("DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS", "60")
    chosen = Timeouts.from_settings(Settings(_env_file=None))  # type: ignore[call-arg]
    assert chosen.server_settings() == {
        "statement_timeout": "2500",
        "lock_timeout": "0",
        "idle_in_transaction_session_timeout": "60000",
    }
    example = (Path(__file__).parents[2] / ".env.example").read_text(encoding="utf-8")
    for name in ("STATEMENT", "LOCK", "IDLE_IN_TRANSACTION"):
        assert f"\nDATABASE_{name}_TIMEOUT_SECONDS=" in example


async def test_every_connection_gets_the_limits(database: Database) -> None:
    postgres_only(database)
    assert await shown(database) == ("30s", "10s", "5min")
    limited = Database(database.url, timeouts=Timeouts(1.5, 0.25, 0))
    try:
        # two connections open at once: each one was given the limits when it opened
        both = await asyncio.gather(shown(limited), shown(limited))
        assert list(both) == [("1500ms", "250ms", "0")] * 2
    finally:
        await limited.dispose()


async def test_a_long_statement_is_cut_and_told_as_a_sentence(
    database: Database, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    postgres_only(database)
    # limits well above a loaded machine's pauses, so that only the planted delay meets them
    limited = Database(database.url, timeouts=Timeouts(statement=1.0))
    service = TableService(limited, settings)
    try:
        table_id = await two_humans(service)
        real = service._repo.open_table_id

        async def slow_lookup(s: Any, channel_id: int) -> int | None:
            await s.execute(text("SELECT pg_sleep(5)"))
            return await real(s, channel_id)

        monkeypatch.setattr(service._repo, "open_table_id", slow_lookup)
        started = time.monotonic()
        with pytest.raises(DatabaseTimeout) as err:
            await asyncio.wait_for(service.active_table(CHANNEL), 4)
        assert time.monotonic() - started < 4
        message = str(err.value)
        assert message.startswith("The database at ") and "statement timeout" in message
        assert message.endswith("try again in a moment.") and "Traceback" not in message
        monkeypatch.undo()
        # the connection pool is fine: the next request is served
        assert (await service.active_table(CHANNEL)).id == table_id  # type: ignore[union-attr]
    finally:
        await limited.dispose()


async def test_waiting_too_long_for_a_row_is_cut_and_changes_nothing(
    database: Database, settings: Settings
) -> None:
    postgres_only(database)
    limited = Database(database.url, timeouts=Timeouts(lock=0.2))
    service = TableService(limited, settings)
    try:
        table_id = await two_humans(service)
        holder = await asyncpg.connect(dsn(database.url))
        try:
            lock = holder.transaction()
            await lock.start()
            await holder.execute("SELECT id FROM tables WHERE id = $1 FOR UPDATE", table_id)
            with pytest.raises(DatabaseTimeout) as err:
                await asyncio.wait_for(service.act(table_id, ALICE, FLIP), 5)
            assert "lock timeout" in str(err.value)
            await lock.rollback()
        finally:
            await holder.close()
        assert (await service.load(table_id)).action_count == 0
        assert (await service.act(table_id, ALICE, FLIP)).table.action_count == 1
        await assert_snapshot_is_replay(service, limited, table_id)
    finally:
        await limited.dispose()


async def test_a_transaction_left_idle_is_ended_and_told(
    database: Database, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a limit well above a loaded machine's pauses between two statements: with 0.2 s, CI under
    # load once had the check's own second act ended too
    async with idle_limited(database, settings) as service:
        info = await service.open_lobby(GUILD, CHANNEL, KF, None, ALICE, "Alice", seed=3)
        await service.add_cpu(info.id, ALICE, "normal")
        # the start deals and lets the CPUs move inside the transaction that read the lobby
        slow_cpus(service, monkeypatch)
        with pytest.raises(DatabaseUnavailable) as err:
            await service.start(info.id, ALICE)
        assert str(err.value).endswith("try again in a moment.")
        monkeypatch.undo()
        assert (await service.load(info.id)).status == "lobby"
        assert (await service.start(info.id, ALICE)).table.status == "active"


async def test_a_move_holds_no_transaction_while_the_cpus_think(
    database: Database, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A move reads its table, decides (the CPUs' replies with it), then writes table and log
    # in one statement: however long the deciding takes, no transaction waits idle meanwhile.
    async with idle_limited(database, settings) as service:
        table_id = await two_humans(service)
        slow_cpus(service, monkeypatch)
        assert (await service.act(table_id, ALICE, FLIP)).table.action_count == 1
        monkeypatch.undo()
        await assert_snapshot_is_replay(service, database, table_id)


async def test_migrations_are_not_held_to_the_limits(database_url: str) -> None:
    # another process's upgrade holds the migration lock longer than the lock limit
    postgres_only(database_url)
    holder = await asyncpg.connect(dsn(database_url))
    limited = Database(database_url, timeouts=Timeouts(statement=0.2, lock=0.1))
    try:
        await holder.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK_KEY)
        upgrade = asyncio.create_task(limited.upgrade())
        await asyncio.sleep(0.5)
        assert not upgrade.done()
        await holder.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK_KEY)
        assert await upgrade is not None
        assert await shown(limited) == ("200ms", "100ms", "5min")  # the bot's own connections
    finally:
        await holder.close()
        await limited.dispose()


async def test_sqlite_held_by_another_writer_is_told_as_a_sentence(
    database: Database, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    if database.dialect != "sqlite":
        pytest.skip("SQLite's busy writer")
    monkeypatch.setattr("bot.store.database.SQLITE_BUSY_TIMEOUT", 0.2)
    impatient = Database(database.url)
    service = TableService(impatient, settings)
    path = make_url(database.url).database or ""
    try:
        table_id = await two_humans(service)
        holder = sqlite3.connect(path, isolation_level=None)
        try:
            holder.execute("BEGIN IMMEDIATE")
            with pytest.raises(DatabaseUnavailable) as err:
                await service.act(table_id, ALICE, FLIP)
            assert "database is locked" in str(err.value)
            assert str(err.value).endswith("try again in a moment.")
            holder.execute("ROLLBACK")
        finally:
            holder.close()
        assert (await service.act(table_id, ALICE, FLIP)).table.action_count == 1
        await assert_snapshot_is_replay(service, impatient, table_id)
    finally:
        await impatient.dispose()
