"""A poisoned table (its game cannot be loaded or advanced) is set aside once, with one log
line, instead of failing at every tick of every process; its players are told, nothing of it is
lost, and an admin lists it and puts it back in play (`cardbot tables`)."""

from __future__ import annotations

import argparse
import asyncio
import logging
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import update

from bot.settings import get_settings
from bot.store import Database
from bot.store.models import TableRow, utcnow
from bot.tables import TableError, TableService, admin
from tests.tables.helpers import ALICE, BOB, CHANNEL, GUILD, assert_snapshot_is_replay, stored_row

KF = "kitten-fishing"
FLIP = {"type": "flip"}
TICKS = 30


async def two_tables(service: TableService) -> list[Any]:
    """Two running Kitten Fishing tables of Alice and Bob, in two channels."""
    tables = []
    for n in range(2):
        info = await service.open_lobby(GUILD, CHANNEL + n, KF, None, ALICE, "Alice", seed=n)
        await service.join(info.id, BOB, "Bob")
        tables.append((await service.start(info.id, ALICE)).table)
    return tables


async def set_snapshot(database: Database, table_id: int, snapshot: Any) -> None:
    async with database.sessions() as s, s.begin():
        await s.execute(update(TableRow).where(TableRow.id == table_id).values(snapshot=snapshot))


def cardbot_tables(action: str, table_id: int | None = None) -> int:
    """`cardbot tables ACTION [ID]` (run in a thread: it runs an event loop of its own)."""
    return admin.main(argparse.Namespace(action=action, id=table_id))


async def test_a_poisoned_table_is_quarantined_once_and_released_once_fixed(
    service: TableService,
    database: Database,
    caplog: pytest.LogCaptureFixture,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    broken, fine = await two_tables(service)
    before = await stored_row(database, broken.id)
    await set_snapshot(database, broken.id, {"corrupt": True})  # loading its game raises
    late = max(t.deadline for t in (broken, fine)) + timedelta(seconds=1)
    expired = []
    with caplog.at_level(logging.INFO, "bot.tables"):
        for tick in range(TICKS):  # a timer tick a second, for half a minute
            now = late + timedelta(seconds=tick)
            await service.due_reminders(now)
            expired += await service.expire_overdue(now)
            await service.expire_lobbies(now)
            await service.next_wakeup()
    # one line, which says which table, its game and why; the other table went on
    told = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(told) == 1, [r.getMessage() for r in told]
    line = told[0].getMessage()
    assert f"table {broken.id} ({KF}) quarantined: expiry failed: " in line
    assert f"cardbot tables release {broken.id}" in line
    assert [e.result.table.id for e in expired] == [fine.id]
    await assert_snapshot_is_replay(service, database, fine.id)
    # the players are told, and nothing of the table changed but its being set aside
    for call in (service.act(broken.id, ALICE, FLIP), service.prompt(broken.id, ALICE)):
        with pytest.raises(TableError) as refused:
            await call
        assert refused.value.code == "table_quarantined"
    row = await stored_row(database, broken.id)
    assert (row.status, row.action_count, row.snapshot) == (
        "active",
        before.action_count,
        {"corrupt": True},
    )
    assert await service.next_wakeup() != late  # no tick hurries for it
    # an admin sees it, and once the row is fixed, releases it
    monkeypatch.setenv("DATABASE_URL", database.url)
    get_settings.cache_clear()
    try:
        assert await asyncio.to_thread(cardbot_tables, "quarantined") == 0
        listed = capsys.readouterr().out.splitlines()
        assert listed[0].startswith(f"table {broken.id}: {KF}, active, quarantined since ")
        assert listed[1].startswith("  expiry failed: ") and len(listed) == 2
        await set_snapshot(database, broken.id, before.snapshot)
        assert await asyncio.to_thread(cardbot_tables, "release", broken.id) == 0
        assert "is back in play" in capsys.readouterr().out
        assert await asyncio.to_thread(cardbot_tables, "quarantined") == 0
        assert capsys.readouterr().out == "no table is quarantined\n"
        assert await asyncio.to_thread(cardbot_tables, "release", broken.id) == 2
        assert "is not quarantined" in capsys.readouterr().err
    finally:
        get_settings.cache_clear()
    # the timers take it up (released now, by the clock of the admin's command): Alice's turn
    # ran out meanwhile, and it expires as it would have
    expired = await service.expire_overdue(utcnow() + timedelta(seconds=1))
    [resumed] = [e for e in expired if e.result.table.id == broken.id]
    assert resumed.user_ids == (ALICE,) and resumed.result.applied > 0
    await assert_snapshot_is_replay(service, database, broken.id)


async def test_a_table_set_aside_by_another_process_is_skipped_quietly(
    service: TableService,
    database: Database,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    broken, fine = await two_tables(service)
    await set_snapshot(database, broken.id, {"corrupt": True})
    late = max(t.deadline for t in (broken, fine)) + timedelta(seconds=1)
    assert await service._repo.quarantine(broken.id, "expiry failed: KeyError") == KF
    assert await service._repo.quarantine(broken.id, "expiry failed: again") is None
    overdue = service._deadlines._scans.overdue
    real = service._repo.query

    async def scanned_before(statement: Any, **params: Any) -> list[tuple[Any, ...]]:
        if statement is overdue:  # as scanned just before another process set it aside
            return [(broken.id,), (fine.id,)]
        return await real(statement, **params)

    monkeypatch.setattr(service._repo, "query", scanned_before)
    with caplog.at_level(logging.INFO, "bot.tables"):
        expired = await service.expire_overdue(late)
    assert [e.result.table.id for e in expired] == [fine.id]
    assert [r for r in caplog.records if r.levelno >= logging.WARNING] == []
