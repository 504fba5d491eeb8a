"""The tables service on PostgreSQL through the driver: the statements a move, a look and a
timer tick cost (`bot.tables.pgrows`), and what a unit writes when more than a move is written."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import timedelta
from typing import Any

import pytest

from bot.store import Database
from bot.store.models import SeatRow, TableRow
from bot.tables import TableError, TableService
from bot.tables.pgrows import HeldTables, PgUnit
from bot.tools.bench_service import choose
from engines.actions import Action
from engines.cpu import cpu_player
from engines.registry import game_class
from tests.tables.helpers import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    assert_snapshot_is_replay,
    stored_row,
)
from tests.tables.test_timers import two_humans

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


async def alice_vs_cpu(service: TableService) -> Any:
    """A Kitten Fishing table started, Alice against a CPU, Alice first; its lobby's info."""
    info = await service.open_lobby(GUILD, CHANNEL, KF, {"first": 0}, ALICE, "Alice", seed=4)
    await service.add_cpu(info.id, ALICE)
    await service.start(info.id, ALICE)
    return info


async def test_a_move_is_one_read_and_one_write_and_the_next_one_write_only(
    service: TableService, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    info = await alice_vs_cpu(service)
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
    # the process wrote the table last: the next move is decided on that, and only written
    sent.clear()
    again = await service.act(info.id, ALICE, FLIP)
    await logged_so_far()
    assert again.table.version == played.table.version + 1
    assert len(sent) == 1 and sent[0].startswith("WITH bumped AS (UPDATE tables SET"), sent
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
    begin = kinds.index("BEGIN")
    assert kinds[-1] == "COMMIT" and "SELECT" not in kinds[begin:], sent
    assert kinds[begin + 1].startswith("UPDATE") and "INSERT" in kinds[begin + 2 :]
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


async def test_a_move_after_another_process_moved_the_table_is_decided_on_the_stored_table(
    service: TableService, database: Database, settings: Any, clock: Any, monkeypatch: Any
) -> None:
    info = await alice_vs_cpu(service)
    await service.act(info.id, ALICE, FLIP)  # this process holds the table from here
    other = TableService(database, settings, clock=clock)  # a second process, or a restart
    elsewhere = await other.act(info.id, ALICE, FLIP)
    sent = statements(database, monkeypatch)
    # the held table is stale: its write is refused, and the move is made on the stored table
    result = await service.act(info.id, ALICE, FLIP)
    await logged_so_far()
    assert result.table.version == elsewhere.table.version + 1
    assert [s.split(" ")[0] for s in sent] == ["WITH", "SELECT", "WITH"], sent
    # Alice answers the prompt the other process showed her: judged on the held table it is
    # out of date, so it is judged again on the stored one, and played, not refused
    elsewhere = await other.act(info.id, ALICE, FLIP)
    await logged_so_far()
    sent.clear()
    result = await service.act(
        info.id, ALICE, FLIP, prompt_version=elsewhere.table.prompt_version(0)
    )
    await logged_so_far()
    assert result.table.version == elsewhere.table.version + 1
    assert [s.split(" ")[0] for s in sent] == ["SELECT", "WITH"], sent
    await assert_snapshot_is_replay(service, database, info.id)
    # an out-of-date prompt is still refused, on the stored table's word
    with pytest.raises(TableError) as refused:
        await other.act(info.id, ALICE, FLIP, prompt_version=elsewhere.table.prompt_version(0))
    assert refused.value.code == "table_moved_on"


def columns(row: Any, model: Any) -> dict[str, Any]:
    return {c.key: getattr(row, c.key) for c in model.__table__.c}


@pytest.mark.parametrize(
    ("game", "seats"), [("go-fish", 4), ("gong-zhu", 4), ("zhao-pengyou", 6), (KF, 2)]
)
async def test_a_held_table_is_the_stored_table(
    service: TableService,
    database: Database,
    settings: Any,
    clock: Any,
    game: str,
    seats: int,
) -> None:
    """After every move, what the process holds is what a read of the table gives, column by
    column, seat by seat and the game's snapshot; and the same moves made at the same table
    by a process that holds nothing (each move read) leave the same game."""
    if database.dialect != "postgresql":
        pytest.skip("tables are held on PostgreSQL, where a read costs a round trip")
    reading = TableService(database, settings, clock=clock)
    reading._repo.held = HeldTables(0)
    tables = []
    for service_, channel in ((service, CHANNEL), (reading, CHANNEL + 1)):
        lobby = await service_.open_lobby(GUILD, channel, game, None, ALICE, "A", seats, seed=3)
        for _ in range(seats - 1):
            await service_.add_cpu(lobby.id, ALICE, "normal")
        await service_.start(lobby.id, ALICE)
        tables.append((service_, lobby.id, random.Random(5), cpu_player(game, "normal")))
    moves = 0
    while moves < 60:
        looks = [await s_.prompt(table, ALICE) for s_, table, _, _ in tables]
        assert looks[0].view == looks[1].view and looks[0].prompt == looks[1].prompt
        if looks[0].table.status != "active":
            break
        if looks[0].prompt is None:
            for s_, table, _, _ in tables:
                await s_.advance(table, 5)
            continue
        for (s_, table, rng, cpu), look in zip(tables, looks, strict=True):
            action = choose(cpu, look.view, look.prompt, rng) or {"type": "pass"}
            await s_.act(table, ALICE, action, prompt_version=look.version)
        moves += 1
        table_id = tables[0][1]
        held = service._repo.held.take(table_id)
        assert len(reading._repo.held) == 0
        if held is None:
            assert (await service.prompt(table_id, ALICE)).table.status != "active"
            continue
        async with database.driver_connection() as conn:
            unit = PgUnit(conn)
            row = await unit.table(table_id)
            assert row is not None
            stored_seats = await unit.seats(table_id)
        kept_row, kept_seats = PgUnit(None).adopt(held)  # type: ignore[arg-type]
        kept = columns(kept_row, TableRow) | {"snapshot": held.game.to_json()}
        assert kept == columns(row, TableRow), f"move {moves}"
        assert [columns(x, SeatRow) for x in kept_seats] == [
            columns(x, SeatRow) for x in stored_seats
        ]
        service._repo.held.keep(kept_row, kept_seats, held.game)
        other = await stored_row(database, tables[1][1])
        assert row.snapshot == other.snapshot and row.prompt_states == other.prompt_states
    assert moves >= 10
    for s_, table, _, _ in tables:
        await assert_snapshot_is_replay(s_, database, table)


async def test_a_result_still_read_keeps_its_game_when_the_table_plays_on(
    service: TableService, database: Database
) -> None:
    """A move's result reads its seats' views when asked: the next move at the table, played
    on the game the process holds, does not change what the earlier result shows."""
    info = await service.open_lobby(GUILD, CHANNEL, KF, {"first": 0}, ALICE, "Alice", seed=4)
    await service.join(info.id, BOB, "Bob")
    await service.start(info.id, ALICE)
    first = await service.act(info.id, ALICE, FLIP)  # Bob's view not made yet
    second = await service.act(info.id, BOB, FLIP)
    later = await service.act(info.id, ALICE, FLIP)
    assert second.view_for(0) != later.view_for(0)
    record = await service.record(info.id)
    replay = game_class(KF).new(2, record["options"], record["seed"])
    replay.apply(Action.from_json(record["actions"][0]))
    assert first.view_for(1) == replay.view(1)
    replay.apply(Action.from_json(record["actions"][1]))
    assert second.view_for(0) == replay.view(0) and second.view_for(1) == replay.view(1)


async def test_a_look_at_a_held_table_reads_no_snapshot_and_shows_the_held_game(
    service: TableService, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    info = await alice_vs_cpu(service)
    played = await service.act(info.id, ALICE, FLIP)
    sent = statements(database, monkeypatch)
    look = await service.prompt(info.id, ALICE)
    await logged_so_far()
    assert len(sent) == 1 and "CASE WHEN t.version = $2 THEN NULL ELSE t.snapshot" in sent[0]
    assert look.view == played.view_for(0) and look.prompt == played.prompt_for(0)
    # a move takes the held game while the look reads the table: the look reads it again,
    # whole, rather than show a game being played on
    real = PgUnit.table

    async def raced(unit: PgUnit, table_id: int, **kwargs: Any) -> Any:
        service._repo.held.take(table_id)
        return await real(unit, table_id, **kwargs)

    monkeypatch.setattr(PgUnit, "table", raced)
    sent.clear()
    again = await service.prompt(info.id, ALICE)
    await logged_so_far()
    assert len(sent) == 2 and "CASE WHEN" in sent[0] and "CASE WHEN" not in sent[1], sent
    assert again.view == look.view and again.version == look.version


async def test_the_timers_play_on_a_held_table_and_leave_it_held(
    service: TableService, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    info = (await two_humans(service)).table
    moved = await service.act(info.id, ALICE, FLIP)
    deadline = moved.table.deadline
    assert deadline is not None
    sent = statements(database, monkeypatch)
    [due] = await service.due_reminders(deadline - timedelta(seconds=60))
    await logged_so_far()
    # the scan, then the reminder's write: the table is not read
    assert [s.split(" ")[0] for s in sent] == ["SELECT", "UPDATE"], sent
    sent.clear()
    after = await service.act(info.id, BOB, FLIP, prompt_version=due.table.prompt_version(1))
    await logged_so_far()
    assert len(sent) == 1 and sent[0].startswith("WITH"), sent
    sent.clear()
    [expiry] = await service.expire_overdue(after.table.deadline + timedelta(seconds=1))
    await logged_so_far()
    assert expiry.seats == (0,)
    assert [s.split(" ")[0] for s in sent] == ["SELECT", "WITH"], sent
    sent.clear()
    await service.act(info.id, BOB, FLIP, prompt_version=expiry.result.table.prompt_version(1))
    await logged_so_far()
    assert len(sent) == 1 and sent[0].startswith("WITH"), sent
    await assert_snapshot_is_replay(service, database, info.id)


class Reader:
    """What a result that still reads a game looks like to `HeldTables` (`detach`)."""

    def __init__(self) -> None:
        self.detached = 0

    def detach(self) -> None:
        self.detached += 1


def held_row(table_id: int, version: int = 1, status: str = "active") -> TableRow:
    return TableRow(id=table_id, version=version, status=status, options={}, to_act=[0])


def test_held_tables_keep_the_last_played_and_no_more() -> None:
    tables = HeldTables(limit=2)
    game = game_class(KF).new(2, {}, 1)
    for table_id in (1, 2, 3):
        tables.keep(held_row(table_id), [], game)
    assert len(tables) == 2 and tables.peek(1) is None  # the one played longest ago went
    tables.keep(held_row(2, version=2), [], game)  # played again: now the newest
    tables.keep(held_row(4), [], game)
    assert tables.peek(3) is None and tables.peek(2) is not None
    tables.keep(held_row(2, version=1), [], game)  # a write that committed before the last
    newest = tables.peek(2)
    assert newest is not None and newest.version == 2
    tables.keep(held_row(4, version=2, status="finished"), [], game)
    assert tables.peek(4) is None  # only running tables are held


def test_a_held_table_taken_detaches_what_still_reads_its_game() -> None:
    tables = HeldTables()
    game = game_class(KF).new(2, {}, 1)
    reader = Reader()
    tables.keep(held_row(1), [], game, reader)
    held = tables.take(1)
    assert held is not None and held.game is game and reader.detached == 1
    assert tables.take(1) is None
    # given back by a call that wrote nothing, unless a newer one is held by then
    tables.give_back(held)
    assert tables.peek(1) is held
    tables.take(1)
    tables.keep(held_row(1, version=2), [], game)
    tables.give_back(held)
    newer = tables.peek(1)
    assert newer is not None and newer.version == 2
