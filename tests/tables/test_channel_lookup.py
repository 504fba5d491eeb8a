"""The channel lookup behind most interactions uses the open-table index on SQLite."""

from __future__ import annotations

import pytest

from bot.bench_store import BOUND, figures, plan, service_lookup
from bot.store import Database
from bot.tables import TableService
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
