"""The schema: migrations from empty on both databases, models == migration, DB constraints."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect, select
from sqlalchemy.exc import IntegrityError

from bot.store import Database, head_revision
from bot.store.models import Base, MessageRefRow, SeatRow, TableRow, UserStatsRow

HEAD = "0011"
BIG_ID = 1234567890123456789
MAX_ID = 2**63 - 1


def _table(channel_id: int, status: str = "lobby", **extra) -> TableRow:
    values = dict(
        guild_id=BIG_ID,
        channel_id=channel_id,
        game="kitten-fishing",
        options={"first": 0},
        seat_count=2,
        seed=MAX_ID,
        status=status,
        to_act=[],
        created_by=BIG_ID,
        turn_timer_seconds=86400,
        expiry_policy="cpu_turn",
    )
    values.update(extra)
    return TableRow(**values)


async def test_upgrade_from_empty_creates_every_table(database_url: str) -> None:
    db = Database(database_url)
    try:
        assert await db.current_revision() is None
        revision = await db.upgrade()
        assert revision == head_revision() == HEAD
        assert await db.current_revision() == HEAD
        async with db.engine.connect() as conn:
            names = await conn.run_sync(lambda c: set(inspect(c).get_table_names()))
        assert {
            "tables",
            "seats",
            "action_log",
            "message_refs",
            "user_stats",
            "user_settings",
            "guild_settings",
            "alembic_version",
        } <= names
        # A second upgrade is a no-op.
        assert await db.upgrade() == HEAD
    finally:
        await db.dispose()


async def test_models_match_the_migration(database: Database) -> None:
    def diff(connection):
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        return compare_metadata(context, Base.metadata)

    async with database.engine.connect() as conn:
        assert await conn.run_sync(diff) == []


async def test_one_open_table_per_channel_is_enforced_by_the_database(database: Database) -> None:
    async with database.sessions() as s, s.begin():
        s.add(_table(10, "lobby"))
    with pytest.raises(IntegrityError):
        async with database.sessions() as s, s.begin():
            s.add(_table(10, "active"))
    # Finished and abandoned tables do not count, and other channels are free.
    async with database.sessions() as s, s.begin():
        s.add_all([_table(10, "finished"), _table(10, "abandoned"), _table(11, "active")])
    async with database.sessions() as s:
        statuses = (
            await s.scalars(
                select(TableRow.status).where(TableRow.channel_id == 10).order_by(TableRow.id)
            )
        ).all()
    assert statuses == ["lobby", "finished", "abandoned"]


async def test_status_must_be_known(database: Database) -> None:
    with pytest.raises(IntegrityError):
        async with database.sessions() as s, s.begin():
            s.add(_table(12, "paused"))


async def test_big_discord_ids_round_trip(database: Database) -> None:
    async with database.sessions() as s, s.begin():
        row = _table(MAX_ID, guild_id=BIG_ID, created_by=MAX_ID)
        s.add(row)
        await s.flush()
        s.add(SeatRow(table_id=row.id, seat=0, user_id=BIG_ID, name="名前"))
        s.add(
            MessageRefRow(
                table_id=row.id, kind="table", user_id=BIG_ID, channel_id=MAX_ID, message_id=BIG_ID
            )
        )
        s.add(UserStatsRow(user_id=BIG_ID, game="kitten-fishing", played=1, won=1, lost=0, drawn=0))
        table_id = row.id
    async with database.sessions() as s:
        row = await s.get(TableRow, table_id)
        assert (row.guild_id, row.channel_id, row.created_by, row.seed) == (
            BIG_ID,
            MAX_ID,
            MAX_ID,
            MAX_ID,
        )
        seat = await s.scalar(select(SeatRow).where(SeatRow.user_id == BIG_ID))
        assert seat is not None and seat.name == "名前"
        ref = await s.scalar(select(MessageRefRow))
        assert (ref.user_id, ref.channel_id, ref.message_id) == (BIG_ID, MAX_ID, BIG_ID)
        stats = await s.get(UserStatsRow, (BIG_ID, "kitten-fishing"))
        assert stats is not None and stats.won == 1


async def test_foreign_keys_are_enforced(database: Database) -> None:
    with pytest.raises(IntegrityError):
        async with database.sessions() as s, s.begin():
            s.add(SeatRow(table_id=999, seat=0, user_id=1, name="ghost"))


async def test_seat_numbers_are_unique_per_table(database: Database) -> None:
    async with database.sessions() as s, s.begin():
        row = _table(20)
        s.add(row)
        await s.flush()
        table_id = row.id
        s.add(SeatRow(table_id=table_id, seat=0, user_id=1, name="a"))
    with pytest.raises(IntegrityError):
        async with database.sessions() as s, s.begin():
            s.add(SeatRow(table_id=table_id, seat=0, user_id=2, name="b"))


async def test_datetimes_come_back_aware_utc(database: Database) -> None:
    from datetime import UTC, datetime, timedelta, timezone

    tokyo = timezone(timedelta(hours=9))
    moment = datetime(2026, 3, 1, 18, 30, 15, 123456, tzinfo=tokyo)
    async with database.sessions() as s, s.begin():
        row = _table(30, deadline=moment, created_at=moment, updated_at=moment)
        s.add(row)
        await s.flush()
        table_id = row.id
    async with database.sessions() as s:
        row = await s.get(TableRow, table_id)
        assert row.deadline == moment
        assert row.deadline.tzinfo is not None
        assert row.deadline.utcoffset() == timedelta(0)
        assert row.deadline.astimezone(UTC).hour == 9


async def test_sqlite_connections_use_wal_and_foreign_keys(database: Database) -> None:
    if database.dialect != "sqlite":
        pytest.skip("SQLite pragmas")
    from sqlalchemy import text

    async with database.engine.connect() as conn:
        assert (await conn.execute(text("PRAGMA journal_mode"))).scalar() == "wal"
        assert (await conn.execute(text("PRAGMA foreign_keys"))).scalar() == 1


def test_plain_postgres_urls_get_asyncpg() -> None:
    db = Database("postgresql://bot:s3cret@db.example:5432/cardbot")
    assert db.url.startswith("postgresql+asyncpg://")
    assert db.dialect == "postgresql"
    assert db.masked_url == "postgresql+asyncpg://bot:***@db.example:5432/cardbot"


async def test_downgrade_to_base_and_back(database_url: str) -> None:
    from alembic import command

    from bot.store import alembic_config

    def downgrade(connection) -> None:
        config = alembic_config(database_url)
        config.attributes["connection"] = connection
        command.downgrade(config, "base")

    def table_names(connection) -> set[str]:
        return set(inspect(connection).get_table_names()) - {"alembic_version"}

    async with Database(database_url) as db:
        await db.upgrade()
        async with db.engine.begin() as conn:
            await conn.run_sync(downgrade)
        async with db.engine.connect() as conn:
            assert await conn.run_sync(table_names) == set()
        assert await db.current_revision() is None
        assert await db.upgrade() == HEAD
        async with db.engine.connect() as conn:
            assert "tables" in await conn.run_sync(table_names)


async def test_processes_upgrading_at_once_do_not_collide(database_url: str) -> None:
    """Several bot processes (shards) may start together; each runs upgrade()."""
    import asyncio

    databases = [Database(database_url) for _ in range(3)]
    try:
        revisions = await asyncio.gather(*(db.upgrade() for db in databases))
        assert revisions == [HEAD] * 3
    finally:
        for db in databases:
            await db.dispose()


async def test_separate_processes_upgrading_at_once_migrate_once(database_url: str) -> None:
    import asyncio
    import sys
    import time
    from pathlib import Path

    # Each process imports everything first, then waits for the same instant to upgrade.
    script = (
        "import sys, time\n"
        "from bot.store.cli import main\n"
        "time.sleep(max(0.0, float(sys.argv[1]) - time.time()))\n"
        "sys.exit(main(['upgrade', '--url', sys.argv[2]]))\n"
    )
    start = time.time() + 3.0
    root = Path(__file__).resolve().parents[2]
    procs = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            script,
            str(start),
            database_url,
            cwd=root,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        for _ in range(4)
    ]
    outputs = [await proc.communicate() for proc in procs]
    for proc, (out, err) in zip(procs, outputs, strict=True):
        assert proc.returncode == 0, err.decode()[-2000:]
        assert f"revision: {HEAD}" in out.decode()
    async with Database(database_url) as db:
        assert await db.current_revision() == HEAD


async def test_in_memory_sqlite_keeps_one_database(settings) -> None:
    from bot.tables import TableService

    async with Database("sqlite+aiosqlite://") as db:
        await db.upgrade()
        service = TableService(db, settings)
        info = await service.open_lobby(None, 0, "kitten-fishing", None, 1, "me")
        assert (await service.load(info.id)).seats[0].name == "me"


async def test_upgrade_from_0001_keeps_tables_and_the_one_open_table_rule(database_url: str) -> None:
    """A database made by the first release keeps its rows (tables, seats, move logs), and still
    refuses a second open table in a channel, once every later migration is applied on top."""
    from sqlalchemy import text

    async with Database(database_url) as db:
        await db.upgrade("0001")
        async with db.engine.begin() as conn:
            await conn.execute(
                text(
                    "INSERT INTO tables (channel_id, game, options, seat_count, seed, status,"
                    " to_act, action_count, version, created_by, created_at, updated_at,"
                    " reminder_sent, turn_timer_seconds, expiry_policy, series_match, series_first)"
                    " VALUES (7, 'kitten-fishing', '{}', 2, 1, 'active', '[]', 0, 0, 1,"
                    " CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, false, 3600, 'cpu_turn', 1, 0)"
                )
            )
            table_id = await conn.scalar(text("SELECT id FROM tables"))
            for seat, user in ((0, 11), (1, None)):
                await conn.execute(
                    text(
                        "INSERT INTO seats (table_id, seat, user_id, cpu_level, name, auto,"
                        " cpu_takeover) VALUES (:t, :s, :u, :c, 'x', false, false)"
                    ),
                    {"t": table_id, "s": seat, "u": user, "c": None if user else "normal"},
                )
            for seq in range(3):
                await conn.execute(
                    text(
                        "INSERT INTO action_log (table_id, seq, seat, action, created_at)"
                        " VALUES (:t, :q, 0, '{\"seat\": 0, \"type\": \"flip\"}',"
                        " CURRENT_TIMESTAMP)"
                    ),
                    {"t": table_id, "q": seq},
                )
        assert await db.upgrade() == HEAD
        async with db.engine.connect() as conn:
            # SQLite rebuilds an altered table: its seats and move log must not go with it
            assert await conn.scalar(text("SELECT count(*) FROM seats")) == 2
            assert await conn.scalar(text("SELECT count(*) FROM action_log")) == 3
        async with db.sessions() as s:
            row = (await s.scalars(select(TableRow))).one()
            assert (row.channel_id, row.paced, row.prompt_states) == (7, False, None)
            s.add(
                TableRow(
                    channel_id=7, game="kitten-fishing", options={}, seat_count=2, seed=2,
                    status="lobby", created_by=1, turn_timer_seconds=60, expiry_policy="abandon",
                )
            )
            with pytest.raises(IntegrityError):
                await s.flush()
