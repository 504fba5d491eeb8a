"""PostgreSQL connections of the pool: a rested one is pinged before use, a busy one is not.

The server ends every connection of the test's database (as a restart would); what the next
request sees depends on how long its pooled connection rested.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import asyncpg
import pytest
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.settings import Settings
from bot.store import Database
from bot.store import database as database_module
from bot.store.database import DatabaseUnavailable
from bot.tables import TableService
from tests.store.test_timeouts import FLIP, dsn, postgres_only, two_humans
from tests.tables.helpers import ALICE


async def end_every_connection(database: Database) -> int:
    """What a server restart does to the pool: each connection to the database is ended."""
    other = await asyncpg.connect(dsn(database.url))
    try:
        ended = await other.fetchval(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
    finally:
        await other.close()
    return int(ended)


async def test_a_rested_connection_found_dead_is_replaced_unseen(
    database: Database, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    postgres_only(database)
    monkeypatch.setattr(database_module, "PING_AFTER_IDLE", 0.0)  # every connection has rested
    service = TableService(database, settings)
    table_id = await two_humans(service)
    assert await end_every_connection(database) >= 1
    assert (await service.load(table_id)).id == table_id  # pinged, found dead, replaced
    assert (await service.act(table_id, ALICE, FLIP)).table.action_count == 1


async def test_a_connection_just_given_back_is_used_unpinged(
    database: Database, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the price of saving the round trip: a server restart in that moment costs one request
    # its "try again in a moment", and the dead connection renews the whole pool
    postgres_only(database)
    monkeypatch.setattr(database_module, "PING_AFTER_IDLE", 3600.0)
    service = TableService(database, settings)
    table_id = await two_humans(service)
    assert await end_every_connection(database) >= 1
    with pytest.raises(DatabaseUnavailable):
        await service.load(table_id)
    assert (await service.load(table_id)).id == table_id


async def test_a_process_keeps_the_connections_the_settings_name_and_no_more(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    postgres_only(database)
    monkeypatch.setenv("DATABASE_URL", database.url)
    monkeypatch.setenv("DATABASE_POOL_SIZE", "2")
    sized = Database.from_settings(Settings(_env_file=None))  # type: ignore[call-arg]
    try:

        async def connection() -> AsyncConnection:
            return await sized.engine.connect()

        first, second = await connection(), await connection()
        third = asyncio.create_task(connection())
        await asyncio.sleep(0.3)
        assert not third.done()  # waits for one of the two, opens no third
        await first.close()
        await (await asyncio.wait_for(third, 10)).close()
        await second.close()
    finally:
        await sized.dispose()
    example = (Path(__file__).parents[2] / ".env.example").read_text(encoding="utf-8")
    assert "\nDATABASE_POOL_SIZE=10\n" in example
    assert Settings(_env_file=None).database_pool_size == 2  # type: ignore[call-arg]


async def test_the_drivers_connections_go_to_those_waiting_in_their_order(
    database: Database,
) -> None:
    # The pool's own queue let a newcomer take a connection given back before the caller
    # woken for it ran; that one then queued again at the back, and in a rush of moves a few
    # waited out the whole rush.
    postgres_only(database)
    single = Database(database.url, pool_size=1)
    order: list[str] = []
    held, release = asyncio.Event(), asyncio.Event()

    async def holder() -> None:
        async with single.driver_connection():
            held.set()
            await release.wait()

    async def user(name: str) -> None:
        async with single.driver_connection():
            order.append(name)

    try:
        holding = asyncio.create_task(holder())
        await held.wait()
        waiting = asyncio.create_task(user("waiting"))
        await asyncio.sleep(0.2)  # it waits for the only connection
        release.set()
        newcomer = asyncio.create_task(user("newcomer"))  # comes as it is given back
        await asyncio.wait_for(asyncio.gather(holding, waiting, newcomer), 10)
    finally:
        await single.dispose()
    assert order == ["waiting", "newcomer"]


async def test_a_process_opens_its_connections_as_it_starts(database: Database) -> None:
    if database.dialect != "postgresql":
        assert await database.warm() == 0  # a file: nothing to open
        return
    sized = Database(database.url, pool_size=3)
    try:
        assert await sized.warm() == 3
        pool: Any = sized.engine.sync_engine.pool
        assert pool.checkedin() == 3 and pool.checkedout() == 0
    finally:
        await sized.dispose()
