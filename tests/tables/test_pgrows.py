"""The tables service on PostgreSQL through the driver: the statements a move, a look and a
timer tick cost (`bot.tables.pgrows`), and what a unit writes when more than a move is written."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import pytest

from bot.store import Database
from bot.tables import TableService
from tests.tables.helpers import ALICE, BOB, CHANNEL, GUILD, assert_snapshot_is_replay

KF = "kitten-fishing"
FLIP = {"type": "flip"}


def statements(database: Database, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every statement sent through `Database.driver_connection` from now on, in order (not the
    driver's own questions about types, asked once a connection)."""
    if database.dialect != "postgresql":
        pytest.skip("the driver's path is PostgreSQL's")
    sent: list[str] = []
    real: Callable[[], Any] = database.driver_connection

    @asynccontextmanager
    async def logged() -> AsyncIterator[Any]:
        async with real() as conn:

            def note(record: Any) -> None:
                query = " ".join(record.query.split())
                if "typeinfo_tree" not in query and "'jit'" not in query:
                    sent.append(query)  # not the driver learning a type, once a connection

            conn.add_query_logger(note)
            try:
                yield conn
            finally:
                conn.remove_query_logger(note)

    monkeypatch.setattr(database, "driver_connection", logged)
    return sent


async def logged_so_far() -> None:
    """Let the driver hand over what it logged (its loggers are called soon, not at once)."""
    await asyncio.sleep(0)


async def test_a_move_is_one_read_and_one_write(
    service: TableService, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    info = await service.open_lobby(GUILD, CHANNEL, KF, {"first": 0}, ALICE, "Alice", seed=4)
    await service.add_cpu(info.id, ALICE)
    await service.start(info.id, ALICE)
    sent = statements(database, monkeypatch)
    played = await service.act(info.id, ALICE, FLIP)
    await logged_so_far()
    assert played.applied == 2  # Alice's flip and the CPU's answer
    # the table with its seats; then table and both log rows, no BEGIN or COMMIT around them
    assert len(sent) == 2, "\n".join(sent)
    assert sent[0].startswith("SELECT t.*") and "json_agg" in sent[0]
    assert sent[1].startswith("WITH bumped AS (UPDATE tables SET")
    sent.clear()
    look = await service.prompt(info.id, ALICE)
    await logged_so_far()
    assert look.prompt is not None and len(sent) == 1
    await assert_snapshot_is_replay(service, database, info.id)


async def test_a_game_ended_by_a_move_writes_its_statistics_in_one_transaction(
    service: TableService, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    info = await service.open_lobby(GUILD, CHANNEL, KF, None, ALICE, "Alice", seed=8)
    await service.join(info.id, BOB, "Bob")
    await service.start(info.id, ALICE)
    await service.leave(info.id, BOB)  # the CPU plays Bob's seat on
    sent = statements(database, monkeypatch)
    result = await service.act(info.id, ALICE, FLIP)
    while result.table.status == "active":
        await logged_so_far()
        sent.clear()
        result = await service.act(info.id, ALICE, FLIP)
    await logged_so_far()
    # the last move: the table, its log and the players' statistics commit together
    kinds = [s.split(" ")[0].rstrip(";") for s in sent]
    assert kinds[1] == "BEGIN" and kinds[-1] == "COMMIT", sent
    assert kinds[2].startswith("UPDATE") and "INSERT" in kinds[3:]
    assert any("user_stats" in s for s in sent)
    [stats] = await service.user_stats(ALICE)
    assert stats.played == 1
    await assert_snapshot_is_replay(service, database, info.id)


async def test_a_timer_tick_with_nothing_due_is_one_statement_a_scan(
    service: TableService, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent = statements(database, monkeypatch)
    assert await service.due_reminders() == []
    assert await service.expire_overdue() == []
    assert await service.expire_lobbies() == []
    assert await service.next_wakeup() is None
    await logged_so_far()
    assert len(sent) == 4 and all(s.startswith("SELECT") for s in sent), sent
