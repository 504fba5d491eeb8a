"""Shared fixtures: a migrated database on SQLite and on PostgreSQL, a settable clock, a service.

The `database` fixture runs each test twice: on a fresh SQLite file and on a fresh PostgreSQL
database. PostgreSQL needs `CARDBOT_TEST_POSTGRES_URL` (a role allowed to create databases);
`eval "$(.ci/start-postgres)"` starts a throw-away server and exports it. Without the variable
the PostgreSQL half is skipped, with the reason in the report.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest

POSTGRES_ENV = "CARDBOT_TEST_POSTGRES_URL"
START_TIME = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


class FakeClock:
    """A clock the test moves by hand (the service takes any `() -> datetime`)."""

    def __init__(self, now: datetime = START_TIME) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> datetime:
        self.now += timedelta(seconds=seconds)
        return self.now


def _asyncpg_dsn(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


@pytest.fixture(params=["sqlite", "postgres"])
async def database_url(request: pytest.FixtureRequest, tmp_path) -> AsyncIterator[str]:
    """The URL of an empty database: a temp SQLite file, or a new PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'cardbot.db'}"
        return
    admin_url = os.environ.get(POSTGRES_ENV)
    if not admin_url:
        pytest.skip(f'PostgreSQL: set {POSTGRES_ENV} (eval "$(.ci/start-postgres)")')
    import asyncpg
    from sqlalchemy.engine import make_url

    from bot.settings import normalize_database_url

    admin_url = normalize_database_url(admin_url)
    name = f"cardbot_test_{uuid.uuid4().hex[:16]}"
    admin = await asyncpg.connect(_asyncpg_dsn(admin_url))
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    try:
        yield make_url(admin_url).set(database=name).render_as_string(hide_password=False)
    finally:
        admin = await asyncpg.connect(_asyncpg_dsn(admin_url))
        try:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await admin.close()


@pytest.fixture
async def database(database_url: str):
    """A Database migrated to head (disposed after the test)."""
    from bot.store import Database

    db = Database(database_url)
    await db.upgrade()
    try:
        yield db
    finally:
        await db.dispose()


@pytest.fixture
def clock() -> FakeClock:
    """A clock standing at START_TIME until the test moves it."""
    return FakeClock()


@pytest.fixture
def settings():
    """Bot settings for tests: the defaults, nothing read from the environment or .env."""
    from bot.settings import Settings

    return Settings(_env_file=None, database_url="sqlite+aiosqlite:///unused.db")


@pytest.fixture
def service(database, settings, clock):
    """A TableService on the test database with the fake clock."""
    from bot.tables import TableService

    return TableService(database, settings, clock=clock)
