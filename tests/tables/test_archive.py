"""Finished tables archived after ARCHIVE_AFTER_DAYS: records, views and statistics unchanged."""

from __future__ import annotations

from sqlalchemy import func, select

from bot.settings import Settings
from bot.store import Database
from bot.store.models import ActionLogRow, TableRow
from bot.tables import TableService
from tests.conftest import FakeClock
from tests.tables.helpers import ALICE, CHANNEL, GUILD, assert_snapshot_is_replay, stored_row


async def played(service: TableService, game: str, channel: int, seats: int = 2) -> int:
    """A table of Alice (on Auto) and CPUs, played to its end at the table's pace."""
    info = await service.open_lobby(GUILD, channel, game, None, ALICE, "Alice", seats, seed=channel)
    for _ in range(seats - 1):
        await service.add_cpu(info.id, ALICE)
    await service.start(info.id, ALICE)
    await service.set_auto(info.id, ALICE, True)
    while (await service.load(info.id)).status == "active":
        await service.advance(info.id, limit=500)
    return info.id


async def log_rows(database: Database, table_id: int) -> int:
    async with database.sessions() as s:
        count = await s.scalar(
            select(func.count()).select_from(ActionLogRow).where(ActionLogRow.table_id == table_id)
        )
        return int(count or 0)


async def test_old_finished_tables_are_archived_and_read_the_same(
    service: TableService, database: Database, clock: FakeClock
) -> None:
    finished = [
        await played(service, "kitten-fishing", CHANNEL),
        await played(service, "go-fish", CHANNEL + 1, 4),
        await played(service, "gong-zhu", CHANNEL + 2, 4),
    ]
    running = await service.open_lobby(GUILD, CHANNEL + 3, "go-fish", None, ALICE, "Alice")
    await service.add_cpu(running.id, ALICE)
    await service.start(running.id, ALICE)
    await service.set_auto(running.id, ALICE, True)
    await service.advance(running.id, limit=3)
    running_rows = await log_rows(database, running.id)
    assert running_rows >= 3
    records = [await service.record(t) for t in finished]
    views = [await service.public_view(t) for t in finished]
    stats = await service.user_stats(ALICE)
    assert all([await log_rows(database, t) > 0 for t in finished])

    clock.advance(29 * 86400)
    assert await service.archive_finished() == []  # not old enough
    clock.advance(2 * 86400)
    assert sorted(await service.archive_finished()) == finished
    assert await service.archive_finished() == []  # once
    for table_id, record, view in zip(finished, records, views, strict=True):
        assert await log_rows(database, table_id) == 0
        row = await stored_row(database, table_id)
        assert row.snapshot is None and row.archive is not None
        assert await service.record(table_id) == record
        assert await service.public_view(table_id) == view
    assert await service.user_stats(ALICE) == stats
    # the running table is untouched
    assert await log_rows(database, running.id) == running_rows
    assert (await stored_row(database, running.id)).archive is None
    await assert_snapshot_is_replay(service, database, running.id)


async def test_archiving_can_be_turned_off(database: Database, clock: FakeClock) -> None:
    settings = Settings(_env_file=None, database_url="sqlite:///unused.db", archive_after_days=0)
    service = TableService(database, settings, clock=clock)
    table_id = await played(service, "kitten-fishing", CHANNEL)
    clock.advance(365 * 86400)
    assert await service.archive_finished() == []
    assert (await stored_row(database, table_id)).archive is None


async def test_a_downgrade_puts_the_archived_logs_back(
    service: TableService, database: Database, clock: FakeClock
) -> None:
    table_id = await played(service, "go-fish", CHANNEL)
    record = await service.record(table_id)
    before = await log_rows(database, table_id)
    snapshot = (await stored_row(database, table_id)).snapshot
    clock.advance(40 * 86400)
    assert await service.archive_finished() == [table_id]

    assert await database.downgrade("0003") == "0003"
    assert await log_rows(database, table_id) == before
    async with database.sessions() as s:
        row_snapshot = await s.scalar(select(TableRow.snapshot).where(TableRow.id == table_id))
    assert row_snapshot == snapshot
    await database.upgrade()
    assert await service.record(table_id) == record
