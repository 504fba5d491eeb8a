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
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta

import pytest

POSTGRES_ENV = "CARDBOT_TEST_POSTGRES_URL"
# The CPUs think on the event loop in tests (the service's one batch, written at once), unless
# a test asks for worker processes itself (tests/tables/test_thinking.py and the never-stall
# tests): a pool of processes per test would cost more than most tests.
os.environ.setdefault("CPU_WORKERS", "0")
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


def _postgres_admin_url() -> str:
    from bot.settings import normalize_database_url

    url = os.environ.get(POSTGRES_ENV)
    if not url:
        pytest.skip(f'PostgreSQL: set {POSTGRES_ENV} (eval "$(.ci/start-postgres)")')
    return normalize_database_url(url)


_template: dict[str, str] = {}
"""The session's migrated template database on PostgreSQL (cloning it beats migrating anew)."""


async def _admin_execute(admin_url: str, *statements: str) -> None:
    import asyncpg

    admin = await asyncpg.connect(_asyncpg_dsn(admin_url))
    try:
        for statement in statements:
            await admin.execute(statement)
    finally:
        await admin.close()


async def _create_postgres_database(admin_url: str, template: str | None) -> str:
    import asyncio

    import asyncpg

    name = f"cardbot_test_{uuid.uuid4().hex[:16]}"
    clause = f' TEMPLATE "{template}"' if template else ""
    for attempt in range(20):
        try:
            await _admin_execute(admin_url, f'CREATE DATABASE "{name}"{clause}')
            return name
        except asyncpg.ObjectInUseError:  # the template's last connection is still closing
            if attempt == 19:
                raise
            await asyncio.sleep(0.05)
    raise AssertionError("unreachable")


async def _migrated_template(admin_url: str) -> str:
    from sqlalchemy.engine import make_url

    from bot.store import Database

    if "name" not in _template:
        name = await _create_postgres_database(admin_url, None)
        db = Database(make_url(admin_url).set(database=name).render_as_string(False))
        await db.upgrade()
        await db.dispose()
        _template["name"], _template["admin_url"] = name, admin_url
    return _template["name"]


@pytest.fixture(scope="session", autouse=True)
def _drop_postgres_template():
    """Drop the session's template database, if one was made."""
    yield
    if "name" in _template:
        import asyncio

        asyncio.run(
            _admin_execute(
                _template["admin_url"],
                f'DROP DATABASE IF EXISTS "{_template["name"]}" WITH (FORCE)',
            )
        )


@asynccontextmanager
async def _postgres_database(migrated: bool) -> AsyncIterator[str]:
    """A new, uniquely named PostgreSQL database (empty, or a clone of the migrated template)."""
    from sqlalchemy.engine import make_url

    admin_url = _postgres_admin_url()
    template = await _migrated_template(admin_url) if migrated else None
    name = await _create_postgres_database(admin_url, template)
    try:
        yield make_url(admin_url).set(database=name).render_as_string(hide_password=False)
    finally:
        await _admin_execute(admin_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgres"])
async def database_url(request: pytest.FixtureRequest, tmp_path) -> AsyncIterator[str]:
    """The URL of an empty database: a temp SQLite file, or a new PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'cardbot.db'}"
        return
    async with _postgres_database(migrated=False) as url:
        yield url


@pytest.fixture(params=["sqlite", "postgres"])
async def database(request: pytest.FixtureRequest, tmp_path):
    """A Database at the newest revision: a migrated SQLite file, or a PostgreSQL database
    cloned from one migrated once per session (disposed and dropped after the test)."""
    from bot.store import Database

    if request.param == "sqlite":
        db = Database(f"sqlite+aiosqlite:///{tmp_path / 'cardbot.db'}")
        await db.upgrade()
        try:
            yield db
        finally:
            await db.dispose()
        return
    async with _postgres_database(migrated=True) as url:
        db = Database(url)
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
