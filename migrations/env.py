"""Alembic environment: run on the connection `Database.upgrade` hands over, or standalone."""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import create_async_engine

from bot.settings import get_settings, normalize_database_url
from bot.store.models import Base

config = context.config
target_metadata = Base.metadata


def _url() -> str:
    url = config.get_main_option("sqlalchemy.url")
    return normalize_database_url(url or get_settings().database_url)


def run_migrations_offline() -> None:
    """Print SQL instead of running it (`alembic upgrade --sql`)."""
    context.configure(
        url=_url(),
        target_metadata=target_metadata,
        literal_binds=True,
        render_as_batch=True,
        dialect_opts={"paramstyle": "named"},
    )
    with context.begin_transaction():
        context.run_migrations()


def do_run_migrations(connection: Connection) -> None:
    """Migrate on a synchronous connection (SQLite alters go through batch mode)."""
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=True,
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


async def _run_async_migrations() -> None:
    engine = create_async_engine(_url())
    async with engine.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:
            # a batch alter drops the old table: with foreign keys on, that would cascade
            await connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
            await connection.commit()
        await connection.run_sync(do_run_migrations)
        await connection.commit()
        if sqlite:
            await connection.exec_driver_sql("PRAGMA foreign_keys=ON")
            await connection.commit()
    await engine.dispose()


def run_migrations_online() -> None:
    """Use the caller's connection when given (the bot), else open one (the alembic CLI)."""
    connection = config.attributes.get("connection")
    if connection is not None:
        do_run_migrations(connection)
    else:
        asyncio.run(_run_async_migrations())


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
