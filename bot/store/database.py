"""The database handle: async engine, session factory and Alembic upgrades (SQLite or PostgreSQL)."""

from __future__ import annotations

import asyncio
import weakref
from importlib import resources
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import event, text
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.pool import StaticPool

from bot.settings import normalize_database_url

SQLITE_BUSY_TIMEOUT = 30.0
"""Seconds a SQLite writer waits for another one (the racing writer then sees the new version)."""
MIGRATION_LOCK_KEY = 0x63617264626F74  # "cardbot": the PostgreSQL advisory lock of upgrades

_migration_locks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = (
    weakref.WeakKeyDictionary()
)


def _process_migration_lock() -> asyncio.Lock:
    """One upgrade at a time in this process (per event loop: a Lock belongs to one loop)."""
    loop = asyncio.get_running_loop()
    lock = _migration_locks.get(loop)
    if lock is None:
        lock = _migration_locks[loop] = asyncio.Lock()
    return lock


def migrations_dir() -> Path:
    """The directory of the `migrations` package (works from a checkout and when installed)."""
    return Path(str(resources.files("migrations")))


def alembic_config(url: str | None = None) -> Config:
    """An Alembic config built in code: no alembic.ini, no dependence on the working directory."""
    config = Config()
    config.set_main_option("script_location", str(migrations_dir()))
    if url is not None:
        # configparser interpolation: a literal % in a password must be doubled
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def mask_url(url: str) -> str:
    """The URL with its password replaced by ***."""
    return make_url(url).render_as_string(hide_password=True)


def head_revision() -> str | None:
    """The newest revision in migrations/versions."""
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


class Database:
    """One database: `engine`, `sessions()` (AsyncSession factory) and `upgrade()` to head."""

    def __init__(self, url: str, *, echo: bool = False) -> None:
        self.url = normalize_database_url(url)
        parsed = make_url(self.url)
        self.dialect = parsed.get_backend_name()
        kwargs: dict[str, Any] = {"echo": echo}
        if self.dialect == "sqlite":
            database = parsed.database or ""
            if database in ("", ":memory:"):
                # one shared connection (else each pooled one is its own empty database):
                # for quick single-task use only, concurrent sessions would share a transaction
                kwargs["poolclass"] = StaticPool
            elif not database.startswith("file:"):
                Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
            kwargs["connect_args"] = {"timeout": SQLITE_BUSY_TIMEOUT}
        else:
            kwargs["pool_pre_ping"] = True
        self.engine: AsyncEngine = create_async_engine(self.url, **kwargs)
        if self.dialect == "sqlite":
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
        self.sessions: async_sessionmaker[AsyncSession] = async_sessionmaker(
            self.engine, expire_on_commit=False
        )

    @property
    def masked_url(self) -> str:
        """The URL with its password hidden, for logs and `cardbot db upgrade`."""
        return mask_url(self.url)

    async def upgrade(self, revision: str = "head") -> str | None:
        """Run the Alembic migrations up to `revision`; returns the revision now current.

        Alembic runs on the engine's own connection (`run_sync`), so this works from inside a
        running event loop: no nested `asyncio.run`, no second engine. Upgrades are serialised:
        within the process (Alembic's `context`/`op` are process-wide proxies), and across
        processes by a lock taken in the migration's own transaction (PostgreSQL: an advisory
        lock; SQLite: BEGIN IMMEDIATE), so bot processes starting together migrate once.
        """
        config = alembic_config(self.url)
        async with _process_migration_lock(), self.engine.begin() as connection:
            if self.dialect == "postgresql":
                await connection.execute(
                    text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK_KEY}
                )
            elif self.dialect == "sqlite":
                await connection.exec_driver_sql("BEGIN IMMEDIATE")
            return await connection.run_sync(_upgrade, config, revision)

    async def current_revision(self) -> str | None:
        """The revision the database is at (None when it was never migrated)."""
        async with self.engine.connect() as connection:
            return await connection.run_sync(_current_revision)

    async def dispose(self) -> None:
        """Close every pooled connection."""
        await self.engine.dispose()

    async def __aenter__(self) -> Database:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.dispose()


def _upgrade(connection: Connection, config: Config, revision: str) -> str | None:
    config.attributes["connection"] = connection
    command.upgrade(config, revision)
    return _current_revision(connection)


def _current_revision(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()
