"""A held table never outlives a doubt about what is stored (`bot.tables.pgrows.HeldTables`).

If the database loses an acknowledged commit (synchronous_commit off and a crash, a failover to
a standby behind the old primary), the table this process holds is no longer the stored one,
and another process may reach the held version by another path. The conditional write asks
for the version and the write id held, which no other writer produces by chance; a connection
lost or opened anew drops every held table."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from sqlalchemy import delete, select, text, update

from bot.store import Database
from bot.store.database import DatabaseError
from bot.store.models import ActionLogRow, TableRow
from bot.tables import TableService
from bot.tables.pgrows import HeldTables
from engines.registry import game_class
from tests.tables.helpers import ALICE, CHANNEL, GUILD, assert_snapshot_is_replay, stored_row

KF = "kitten-fishing"
FLIP = {"type": "flip"}


async def alice_vs_cpu(service: TableService) -> int:
    """A running Kitten Fishing table, Alice against a CPU, Alice first."""
    info = await service.open_lobby(GUILD, CHANNEL, KF, {"first": 0}, ALICE, "Alice", seed=4)
    await service.add_cpu(info.id, ALICE)
    await service.start(info.id, ALICE)
    return info.id


def postgres_only(database: Database) -> None:
    if database.dialect != "postgresql":
        pytest.skip("tables are held on PostgreSQL only")


async def test_a_move_after_the_database_lost_the_held_commit_is_judged_on_the_stored_table(
    service: TableService, database: Database, settings: Any, clock: Any
) -> None:
    postgres_only(database)
    table_id = await alice_vs_cpu(service)
    await service.act(table_id, ALICE, FLIP)
    elsewhere = Database(database.url)  # another process, with connections of its own
    try:
        before = await stored_row(elsewhere, table_id)
        lost = await service.act(table_id, ALICE, FLIP)  # this process holds the table now
        assert service._repo.held.peek(table_id) is not None
        # the database loses that commit: the row and the log as they were before it
        values = {c.key: getattr(before, c.key) for c in TableRow.__table__.c if c.key != "id"}
        async with elsewhere.sessions() as s, s.begin():
            await s.execute(update(TableRow).where(TableRow.id == table_id).values(values))
            await s.execute(
                delete(ActionLogRow).where(
                    ActionLogRow.table_id == table_id, ActionLogRow.seq >= before.action_count
                )
            )
        # another process writes the table: the held version again, by another path
        other = TableService(elsewhere, settings, clock=clock)
        changed = await other.set_table_settings(table_id, ALICE, locale="ja")
        assert changed.version == lost.table.version
        # the held table is not played on: Alice's move is judged on the table as stored
        result = await service.act(table_id, ALICE, FLIP)
        assert result.table.action_count > before.action_count
        assert result.table.locale == "ja"
        await assert_snapshot_is_replay(service, database, table_id)
        async with elsewhere.sessions() as s:
            seqs = list(
                await s.scalars(
                    select(ActionLogRow.seq)
                    .where(ActionLogRow.table_id == table_id)
                    .order_by(ActionLogRow.seq)
                )
            )
        assert seqs == list(range(result.table.action_count))  # no gap in the log
    finally:
        await elsewhere.dispose()


async def test_a_connection_lost_drops_every_held_table(
    service: TableService, database: Database
) -> None:
    postgres_only(database)
    table_id = await alice_vs_cpu(service)
    await service.act(table_id, ALICE, FLIP)
    assert len(service._repo.held) == 1
    # the server ends every connection of this database (a restart, a failover)
    elsewhere = Database(database.url)
    try:
        async with elsewhere.engine.connect() as conn:
            await conn.execute(
                text(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
            )
    finally:
        await elsewhere.dispose()
    with contextlib.suppress(DatabaseError):  # a dead connection met, or replaced unused
        await service.load(table_id)
    assert len(service._repo.held) == 0
    await service.act(table_id, ALICE, FLIP)  # read again, and played
    await assert_snapshot_is_replay(service, database, table_id)


def test_held_tables_are_dropped_when_the_connections_were_opened_anew() -> None:
    reconnects = [0]
    tables = HeldTables(doubts=lambda: reconnects[0])
    game = game_class(KF).new(2, {}, 1)
    row = TableRow(id=1, version=1, write_id=7, status="active")
    tables.keep(row, [], game)
    assert tables.peek(1) is not None
    reconnects[0] += 1  # a new connection: perhaps to a server that lost a commit
    assert tables.peek(1) is None and tables.take(1) is None and len(tables) == 0
    tables.keep(row, [], game)  # committed since: held again
    assert tables.peek(1) is not None
