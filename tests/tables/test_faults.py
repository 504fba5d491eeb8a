"""Faults: games ending together, conflicts run again whole, one broken table among many."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import select, text, update

from bot.store import Database
from bot.store.database import DatabaseConflict, DatabaseError, DatabaseUnavailable
from bot.store.models import ActionLogRow, TableRow, UserStatsRow
from bot.tables import TableError, TableService, units
from tests.tables.helpers import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    assert_snapshot_is_replay,
    dump,
    stored_row,
)

KF = "kitten-fishing"
FLIP = {"type": "flip"}
RETRY_LOG = "bot.tables.units"


async def won_by_default(
    service: TableService, channel: int, first: tuple[int, str], second: tuple[int, str]
) -> int:
    """A two-human table whose second player left (the CPU plays on): `first` can finish it."""
    info = await service.open_lobby(GUILD, channel, KF, None, first[0], first[1], seed=channel)
    await service.join(info.id, *second)
    await service.start(info.id, first[0])
    await service.leave(info.id, second[0])
    return info.id


async def stats(database: Database) -> dict[int, tuple[int, int, int, int]]:
    """Each user's (played, won, lost, drawn), over every game."""
    async with database.sessions() as s:
        rows = (await s.scalars(select(UserStatsRow))).all()
    return {r.user_id: (r.played, r.won, r.lost, r.drawn) for r in rows}


def retries(caplog: pytest.LogCaptureFixture) -> list[str]:
    """The retry warnings logged so far."""
    return [r.getMessage() for r in caplog.records if r.name == RETRY_LOG]


def skip_on_sqlite(database: Database) -> None:
    """SQLite has one writer at a time: no serialisation failure, no deadlock to retry."""
    if database.dialect == "sqlite":
        pytest.skip("SQLite has no serialisation failures or deadlocks")


# ---------------------------------------------------------------------------- lock order


async def test_two_games_of_the_same_players_ending_together_do_not_deadlock(
    database: Database, settings, caplog: pytest.LogCaptureFixture
) -> None:
    # Alice sits first at one table, Bob at the other: in seat order their statistics rows
    # would be locked in opposite orders. Each game waits after its first statistics row
    # until the other game has written one too (or half a second has passed), so that a
    # deadlock, if the order allows one, happens every time.
    other_db = Database(database.url)
    one, two = TableService(database, settings), TableService(other_db, settings)
    try:
        first = await won_by_default(one, CHANNEL, (ALICE, "Alice"), (BOB, "Bob"))
        second = await won_by_default(one, CHANNEL + 1, (BOB, "Bob"), (ALICE, "Alice"))
        written = asyncio.Event()
        arrived: list[TableService] = []

        def pause_after_first_row(service: TableService) -> None:
            real = service._repo.upsert

            async def upsert(s: Any, model: type[Any], *args: Any, **kwargs: Any) -> None:
                await real(s, model, *args, **kwargs)
                if model is UserStatsRow and service not in arrived:
                    arrived.append(service)
                    if len(arrived) == 2:
                        written.set()
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(written.wait(), 0.5)

            service._repo.upsert = upsert  # type: ignore[method-assign]

        pause_after_first_row(one)
        pause_after_first_row(two)
        with caplog.at_level(logging.WARNING, RETRY_LOG):
            ended = await asyncio.gather(one.finish(first, ALICE), two.finish(second, BOB))
        assert [r.table.status for r in ended] == ["finished", "finished"]
        assert retries(caplog) == []  # no deadlock to recover from
        assert {user: played for user, (played, *_) in (await stats(database)).items()} == {
            ALICE: 2,
            BOB: 2,
        }
        for table_id in (first, second):
            await assert_snapshot_is_replay(one, database, table_id)
    finally:
        await other_db.dispose()


# ---------------------------------------------------------------------------- all or nothing


async def test_a_move_whose_log_cannot_be_written_changes_nothing(
    service: TableService, database: Database
) -> None:
    # The table's new state and its log rows are written together (on PostgreSQL one
    # statement, on SQLite one transaction): a log row that can't go in keeps the table too.
    info = await service.open_lobby(GUILD, CHANNEL, KF, None, ALICE, "Alice", seed=9)
    await service.join(info.id, BOB, "Bob")
    started = await service.start(info.id, ALICE)
    async with database.sessions() as s, s.begin():
        s.add(ActionLogRow(table_id=info.id, seq=0, seat=1, action={"type": "stray"}))
    before = await dump(database)
    with pytest.raises(DatabaseError) as err:
        await service.act(info.id, ALICE, FLIP)
    assert not isinstance(err.value, DatabaseUnavailable)  # the request's own failure
    assert await dump(database) == before
    assert (await service.load(info.id)).version == started.table.version


# ---------------------------------------------------------------------------- retries


@pytest.mark.parametrize("errcode", ["serialization_failure", "deadlock_detected"])
async def test_a_conflict_runs_the_whole_unit_of_work_again(
    service: TableService,
    database: Database,
    errcode: str,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    skip_on_sqlite(database)
    table_id = await won_by_default(service, CHANNEL, (ALICE, "Alice"), (BOB, "Bob"))
    real = service._writer.record_stats
    calls: list[int] = []

    async def conflicted_once(s: Any, *args: Any) -> None:
        calls.append(1)
        await real(s, *args)
        if len(calls) == 1:  # PostgreSQL itself aborts the transaction, after the stats
            await s.execute(
                text(f"DO $$ BEGIN RAISE EXCEPTION 'conflict' USING ERRCODE = '{errcode}'; END $$")
            )

    monkeypatch.setattr(service._writer, "record_stats", conflicted_once)
    with caplog.at_level(logging.WARNING, RETRY_LOG):
        ended = await service.finish(table_id, ALICE)
    assert ended.table.status == "finished"
    assert len(calls) == 2 and len(retries(caplog)) == 1
    # the first run left nothing behind: one game counted, one log, the snapshot its replay
    assert (await stats(database))[ALICE][0] == 1
    await assert_snapshot_is_replay(service, database, table_id)


async def test_a_conflict_that_persists_is_told_as_a_sentence(
    service: TableService,
    database: Database,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    skip_on_sqlite(database)
    table_id = await won_by_default(service, CHANNEL, (ALICE, "Alice"), (BOB, "Bob"))
    before = await dump(database)
    runs: list[int] = []

    async def always_conflicted(s: Any, *args: Any) -> None:
        runs.append(1)
        await s.execute(
            text("DO $$ BEGIN RAISE EXCEPTION 'x' USING ERRCODE = 'deadlock_detected'; END $$")
        )

    monkeypatch.setattr(service._writer, "record_stats", always_conflicted)
    monkeypatch.setattr(units, "RETRY_PAUSE", 0.0)
    with caplog.at_level(logging.WARNING, RETRY_LOG), pytest.raises(DatabaseConflict) as err:
        await service.finish(table_id, ALICE)
    assert len(runs) == 1 + units.RETRIES == len(retries(caplog)) + 1
    assert str(err.value).endswith("try again.")
    assert await dump(database) == before


async def test_a_stale_view_is_the_answer_not_a_conflict_to_retry(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    info = await service.open_lobby(GUILD, CHANNEL, KF, None, ALICE, "Alice")
    await service.join(info.id, BOB, "Bob")
    started = await service.start(info.id, ALICE)
    real = service._repo.load_rows
    loads: list[int] = []

    async def counted(*args: Any) -> Any:
        loads.append(1)
        return await real(*args)

    monkeypatch.setattr(service._repo, "load_rows", counted)
    with pytest.raises(TableError) as err:
        await service.act(info.id, ALICE, FLIP, expected_version=started.table.version - 1)
    assert err.value.code == "table_moved_on" and len(loads) == 1


async def test_no_retry_once_a_transaction_of_the_call_committed(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    # set_guild_settings writes, commits, then reads in a second transaction: a conflict in
    # the read must not write again (nor hide that the write happened)
    writes: list[int] = []
    real_upsert = service._repo.upsert

    async def counted_upsert(*args: Any, **kwargs: Any) -> None:
        writes.append(1)
        await real_upsert(*args, **kwargs)

    async def conflicted_read(guild_id: int) -> Any:
        raise DatabaseConflict("The database stopped this change (deadlock); try again.")

    monkeypatch.setattr(service._repo, "upsert", counted_upsert)
    monkeypatch.setattr(service._preferences, "guild_settings", conflicted_read)
    with pytest.raises(DatabaseConflict):
        await service.set_guild_settings(GUILD, turn_timer_seconds=600)
    assert len(writes) == 1
    monkeypatch.undo()
    assert (await service.guild_settings(GUILD)).turn_timer_seconds == 600


async def test_every_public_method_is_a_unit_of_work() -> None:
    public = [
        name
        for name in dir(TableService)
        if not name.startswith("_") and asyncio.iscoroutinefunction(getattr(TableService, name))
    ]
    assert len(public) > 30
    assert all(getattr(getattr(TableService, name), "__unit_of_work__", False) for name in public)


# ---------------------------------------------------------------------------- expiry isolation


async def test_a_table_whose_expiry_fails_does_not_stop_the_others(
    service: TableService, database: Database, caplog: pytest.LogCaptureFixture
) -> None:
    tables = []
    for n in range(2):
        info = await service.open_lobby(GUILD, CHANNEL + n, KF, None, ALICE, "Alice", seed=n)
        await service.join(info.id, BOB, "Bob")
        tables.append((await service.start(info.id, ALICE)).table)
    broken, fine = tables
    # the first table's snapshot is corrupt: loading its game raises
    async with database.sessions() as s, s.begin():
        await s.execute(
            update(TableRow).where(TableRow.id == broken.id).values(snapshot={"corrupt": True})
        )
    late = max(t.deadline for t in tables if t.deadline is not None) + timedelta(seconds=1)
    with caplog.at_level(logging.ERROR, "bot.tables.deadlines"):
        expired = await service.expire_overdue(late)
    assert [e.result.table.id for e in expired] == [fine.id]
    assert expired[0].user_ids == (ALICE,)
    assert (await stored_row(database, broken.id)).version == broken.version
    assert (await stored_row(database, fine.id)).action_count == 1
    failed = [r for r in caplog.records if r.exc_info]
    assert len(failed) == 1 and f"table {broken.id}" in failed[0].getMessage()
    await assert_snapshot_is_replay(service, database, fine.id)


async def test_a_table_whose_reminder_fails_does_not_cost_the_others_theirs(
    service: TableService, database: Database, caplog: pytest.LogCaptureFixture
) -> None:
    tables = []
    for n in range(2):
        info = await service.open_lobby(GUILD, CHANNEL + n, KF, None, ALICE, "Alice", seed=n)
        await service.join(info.id, BOB, "Bob")
        tables.append((await service.start(info.id, ALICE)).table)
    broken, fine = tables
    async with database.sessions() as s, s.begin():
        await s.execute(
            update(TableRow)
            .where(TableRow.id == broken.id)
            .values(prompt_states=[{"v": 1, "sig": "x", "req": True, "due": "not a time"}])
        )
    soon = max(t.deadline for t in tables if t.deadline is not None) - timedelta(minutes=1)
    with caplog.at_level(logging.ERROR, "bot.tables.deadlines"):
        reminders = await service.due_reminders(soon)
    assert [r.table.id for r in reminders] == [fine.id]
    failed = [r for r in caplog.records if r.exc_info]
    assert len(failed) == 1 and f"table {broken.id}" in failed[0].getMessage()
