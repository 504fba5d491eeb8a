"""The schema's migrations: Alembic configured in code (no alembic.ini, no dependence on the
working directory), the head revision, and the steps `Database.upgrade` runs on a connection,
one upgrade at a time in a process."""

from __future__ import annotations

import asyncio
import weakref
from importlib import resources
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection

_migration_locks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = (
    weakref.WeakKeyDictionary()
)


def process_migration_lock() -> asyncio.Lock:
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


def head_revision() -> str | None:
    """The newest revision in migrations/versions."""
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def upgrade_on(connection: Connection, config: Config, revision: str) -> str | None:
    config.attributes["connection"] = connection
    command.upgrade(config, revision)
    return current_revision_on(connection)


def downgrade_on(connection: Connection, config: Config, revision: str) -> str | None:
    config.attributes["connection"] = connection
    command.downgrade(config, revision)
    return current_revision_on(connection)


def current_revision_on(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()
