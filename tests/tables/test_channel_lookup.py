"""The channel lookup behind most interactions uses the open-table index on SQLite."""

from __future__ import annotations

import pytest
from sqlalchemy import event

from bot.store import Database
from bot.tables import TableService
from bot.tools.bench_store import BOUND, figures, plan, service_lookup
from tests.tables.helpers import ALICE, CHANNEL, GUILD

INDEX = "INDEX uq_tables_open_channel (channel_id=?)"


async def test_the_lookup_searches_the_open_table_index(
    service: TableService, database: Database
) -> None:
    if database.dialect != "sqlite":
        pytest.skip("the plan checked is SQLite's")
    opened = await service.open_lobby(GUILD, CHANNEL, "kitten-fishing", None, ALICE, "Alice")
    sql = await service_lookup(database, service, CHANNEL)
    assert INDEX in await plan(database, sql, (CHANNEL,))
    assert (await service.active_table(CHANNEL)).id == opened.id  # type: ignore[union-attr]
    # the filter bound as parameters cannot be matched to the index's own WHERE clause
    assert INDEX not in await plan(database, BOUND, (CHANNEL, "lobby", "active"))


async def test_the_store_bench_prints_before_and_after() -> None:
    figured = dict(await figures(tables=400, quick=True))
    assert INDEX in figured["after: plan"] and INDEX not in figured["before: plan"]
    timed = [label for label in figured if "active_table" in label]
    assert len(timed) == 4 and all(figured[label].endswith(" ms") for label in timed)


async def test_the_channels_last_table_is_found_from_its_index(
    service: TableService, database: Database
) -> None:
    if database.dialect != "sqlite":
        pytest.skip("the plan checked is SQLite's")
    assert await service.last_table(CHANNEL) is None  # nothing here yet, nothing read whole
    opened = await service.open_lobby(GUILD, CHANNEL, "kitten-fishing", None, ALICE, "Alice")
    await service.add_cpu(opened.id, ALICE, "normal")
    await service.start(opened.id, ALICE)
    await service.finish(opened.id, ALICE)
    sent: list[str] = []

    def catch(_conn: object, _cursor: object, statement: str, *_rest: object) -> None:
        sent.append(statement)

    event.listen(database.engine.sync_engine, "before_cursor_execute", catch)
    try:
        last = await service.last_table(CHANNEL)
    finally:
        event.remove(database.engine.sync_engine, "before_cursor_execute", catch)
    assert last is not None and last.id == opened.id and last.status == "finished"
    newest = next(sql for sql in sent if "ORDER BY" in sql and "channel_id = ?" in sql)
    assert "ix_tables_channel_id" in await plan(database, newest, (CHANNEL, 1, 0))
    # an abandoned newest table: nothing to speak of
    again = await service.rematch(opened.id, ALICE)
    await service.abandon(again.table.id, ALICE)
    assert await service.last_table(CHANNEL) is None
