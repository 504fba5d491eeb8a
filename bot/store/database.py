"""The database handle: async engine, session factory and Alembic upgrades (SQLite or PostgreSQL)."""

from __future__ import annotations

import asyncio
import json
import time
import weakref
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
from alembic.config import Config
from sqlalchemy import event, text
from sqlalchemy.engine import URL, Connection, Dialect, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, InvalidatePoolError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.ext.asyncio import (
    AsyncConnection,
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.pool import StaticPool
from sqlalchemy.util.concurrency import greenlet_spawn

from bot.settings import (
    DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT,
    DEFAULT_LOCK_TIMEOUT,
    DEFAULT_POOL_SIZE,
    DEFAULT_STATEMENT_TIMEOUT,
    Settings,
    normalize_database_url,
)
from bot.store.migrations import (
    alembic_config,
    current_revision_on,
    downgrade_on,
    process_migration_lock,
    upgrade_on,
)

SQLITE_BUSY_TIMEOUT = 30.0
"""Seconds a SQLite writer waits for another one (the racing writer then sees the new version)."""
MIGRATION_LOCK_KEY = 0x63617264626F74  # "cardbot": the PostgreSQL advisory lock of upgrades
DRIVERS = {"sqlite": "aiosqlite", "postgresql": "asyncpg"}
"""The databases cardbot works with, and the async driver of each."""
URL_HINT = "sqlite:///path/to/cardbot.db or postgresql://user:password@host:5432/database"
_STANDARD_JSON = json.JSONEncoder(check_circular=False, separators=(",", ":"))


def dump_json(value: Any) -> str:
    """A JSON value as the database stores it: compact, written by orjson (a snapshot in a
    sixth of the time of `json.dumps`). What orjson refuses (an integer past 64 bits) is
    written by the standard library instead."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return _STANDARD_JSON.encode(value)


def load_json(text: str | bytes) -> Any:
    """A stored JSON value read back (orjson: a third of the time of `json.loads`)."""
    return orjson.loads(text)


class DatabaseError(Exception):
    """A database that cannot be used, as one sentence; `exit_code` 1 means "try again"."""

    exit_code = 2


class BadDatabaseUrl(DatabaseError):
    """DATABASE_URL is not a URL of a database cardbot works with."""


class DatabaseUnavailable(DatabaseError):
    """The database cannot serve this request now (down, restarting, busy, too slow): try again
    in a moment; nothing about the request itself is wrong."""

    exit_code = 1


class DatabaseUnreachable(DatabaseUnavailable):
    """The database server did not answer (down, wrong host or port, no network)."""


class DatabaseTimeout(DatabaseUnavailable):
    """A limit cut the work short: a statement, a lock wait, a transaction left idle."""


class DatabaseConflict(DatabaseUnavailable):
    """PostgreSQL aborted the transaction for a serialisation failure or a deadlock; running the
    whole transaction again is safe and usually succeeds (the tables service does so)."""


FAILURES = (DBAPIError, OSError, PoolTimeout)
"""What a database failure can be raised as: the driver's errors wrapped by SQLAlchemy, the
network's (refused, reset, timed out), and the pool waiting too long for a connection."""
CONFLICT_STATES = frozenset({"40001", "40P01"})  # serialization_failure, deadlock_detected
TIMEOUT_STATES = frozenset(
    {
        "57014",  # query_canceled: statement_timeout
        "55P03",  # lock_not_available: lock_timeout
        "25P03",  # idle_in_transaction_session_timeout
    }
)
UNAVAILABLE_STATES = frozenset({"57P01", "57P02", "57P03", "53300"})
"""Shutting down, crashed, starting up, too many connections (plus class 08: connection lost)."""


@dataclass(frozen=True)
class Timeouts:
    """PostgreSQL limits set on every connection, in seconds (0: no limit); SQLite has none."""

    statement: float = DEFAULT_STATEMENT_TIMEOUT
    lock: float = DEFAULT_LOCK_TIMEOUT
    idle_in_transaction: float = DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT

    @classmethod
    def from_settings(cls, settings: Settings) -> Timeouts:
        """The limits the settings ask for."""
        return cls(
            settings.database_statement_timeout_seconds,
            settings.database_lock_timeout_seconds,
            settings.database_idle_in_transaction_timeout_seconds,
        )

    def server_settings(self) -> dict[str, str]:
        """The limits as PostgreSQL run-time parameters (milliseconds), sent at connection."""
        return {
            "statement_timeout": _milliseconds(self.statement),
            "lock_timeout": _milliseconds(self.lock),
            "idle_in_transaction_session_timeout": _milliseconds(self.idle_in_transaction),
        }


def _milliseconds(seconds: float) -> str:
    return str(round(seconds * 1000))


def mask_url(url: str) -> str:
    """The URL with its password replaced by ***."""
    return make_url(url).render_as_string(hide_password=True)


PING_AFTER_IDLE = 2.0
"""Seconds a pooled PostgreSQL connection may rest before it is pinged on its next checkout.

A connection that died with a server restart or a cut network is then replaced before a
request uses it. One given back less than this ago is handed out unpinged: a busy process
saves a round trip per transaction (a sixth of a move's), and a server restart within that
moment still costs at most one request per process its "try again in a moment", since the
first dead connection met renews the whole pool."""
_IDLE_SINCE = "cardbot_idle_since"


def _note_checkin(_dbapi_connection: Any, record: Any) -> None:
    record.info[_IDLE_SINCE] = time.monotonic()


def _pinger(dialect: Dialect) -> Callable[[Any, Any, Any], None]:
    """A pool `checkout` listener: ping a connection that rested `PING_AFTER_IDLE` or more
    (a new one, never given back, is not pinged); a dead one renews the pool."""

    def ping_if_rested(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        since = record.info.get(_IDLE_SINCE)
        if since is None or time.monotonic() - since < PING_AFTER_IDLE:
            return
        try:
            dialect.do_ping(dbapi_connection)
        except dialect.loaded_dbapi.Error as exc:
            if dialect.is_disconnect(exc, dbapi_connection, None):
                raise InvalidatePoolError() from None
            raise

    return ping_if_rested


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


class Database:
    """One database: `engine`, `sessions()` (AsyncSession factory) and `upgrade()` to head."""

    def __init__(
        self,
        url: str,
        *,
        echo: bool = False,
        timeouts: Timeouts | None = None,
        pool_size: int = DEFAULT_POOL_SIZE,
    ) -> None:
        """Check the URL and make the engine (no connection yet); BadDatabaseUrl if unusable.

        `timeouts` apply to every PostgreSQL connection (default: `Timeouts()`); `pool_size`
        is how many PostgreSQL connections it keeps.
        """
        self.url = normalize_database_url(url)
        self.timeouts = timeouts or Timeouts()
        self.pool_size = pool_size
        self._gates: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = (
            weakref.WeakKeyDictionary()
        )
        parsed = _parse_url(self.url)
        self.dialect = parsed.get_backend_name()
        kwargs: dict[str, Any] = {
            "echo": echo,
            "json_serializer": dump_json,
            "json_deserializer": load_json,
        }
        if self.dialect == "sqlite":
            database = parsed.database or ""
            if database in ("", ":memory:"):
                # one shared connection (else each pooled one is its own empty database):
                # for quick single-task use only, concurrent sessions would share a transaction
                kwargs["poolclass"] = StaticPool
            elif not database.startswith("file:"):
                folder = Path(database).expanduser().parent
                try:
                    folder.mkdir(parents=True, exist_ok=True)
                except OSError as exc:
                    raise BadDatabaseUrl(
                        f"Cannot create the folder {folder} of the SQLite file: "
                        f"{exc.strerror or exc}."
                    ) from None
            kwargs["connect_args"] = {"timeout": SQLITE_BUSY_TIMEOUT}
        else:
            kwargs["connect_args"] = {"server_settings": self.timeouts.server_settings()}
            # a fixed set of connections: requests beyond them queue for one. Extra connections
            # opened for a rush and closed after cost more than the wait (a new server process
            # each), and a loaded process serves no faster with more of them
            kwargs.update(pool_size=pool_size, max_overflow=0)
        try:
            self.engine: AsyncEngine = create_async_engine(self.url, **kwargs)
        except (ArgumentError, ImportError) as exc:
            raise BadDatabaseUrl(
                f"DATABASE_URL cannot be used ({exc}); write it as {URL_HINT}."
            ) from None
        if self.dialect == "sqlite":
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
        else:
            # a connection that died with a server restart is replaced, not handed out
            pool = self.engine.sync_engine.pool
            event.listen(pool, "checkin", _note_checkin)
            event.listen(pool, "checkout", _pinger(self.engine.sync_engine.dialect))
        self.sessions: async_sessionmaker[AsyncSession] = async_sessionmaker(
            self.engine, expire_on_commit=False
        )
        self.reconnects = 0
        """Connections opened or found lost so far: each may mean that what is stored is not
        what this process last saw committed (a restarted server that lost a commit, a
        failover to a standby behind the old primary). What is kept of the database's rows
        between calls is dropped when this moves (`bot.tables.pgrows.HeldTables`)."""
        pool = self.engine.sync_engine.pool
        for name in ("connect", "invalidate", "soft_invalidate"):
            event.listen(pool, name, self._reconnected)

    def _reconnected(self, *_: Any) -> None:
        self.reconnects += 1

    @classmethod
    def from_settings(cls, settings: Settings) -> Database:
        """The database the settings name, with their connection limits."""
        return cls(
            settings.database_url,
            timeouts=Timeouts.from_settings(settings),
            pool_size=settings.database_pool_size,
        )

    @property
    def masked_url(self) -> str:
        """The URL with its password hidden, for logs and `cardbot db upgrade`."""
        return mask_url(self.url)

    @property
    def location(self) -> str:
        """Where the tables are, for people: the SQLite file's full path, else the masked URL."""
        database = make_url(self.url).database or ""
        if self.dialect != "sqlite" or database in ("", ":memory:"):
            return self.masked_url if self.dialect != "sqlite" else "memory (nothing is kept)"
        if database.startswith("file:"):
            return database
        return str(Path(database).expanduser().resolve())

    @asynccontextmanager
    async def _first_contact(self) -> AsyncIterator[AsyncConnection]:
        """A connection, with failures to connect or to use the database told as sentences."""
        # The sentence is raised outside the `except` clause: chained to the driver's error,
        # it would keep that error's frames (and aiosqlite's worker) alive past the loop.
        failure: Exception | None = None
        connection = self.engine.connect()
        try:
            await connection.start()
        except Exception as exc:
            failure = self._unusable(exc, connecting=True)
            if failure is exc:
                raise
        if failure is not None:
            raise failure
        try:
            yield connection
        except DBAPIError as exc:
            failure = self._unusable(exc, connecting=False)
        finally:
            await connection.close()
        if failure is not None:
            raise failure

    def _unusable(self, exc: Exception, *, connecting: bool) -> Exception:
        """The DatabaseError that tells `exc`, or `exc` itself when it is not the database's."""
        told = str(getattr(exc, "orig", None) or exc).strip()
        problem = told.splitlines()[0] if told else type(exc).__name__
        if isinstance(exc, OSError) and self.dialect != "sqlite":
            return DatabaseUnreachable(
                f"Could not reach the database at {self.location} ({problem}): check that "
                "PostgreSQL runs there and that DATABASE_URL names the right host and port, "
                "then try again."
            )
        if isinstance(exc, DBAPIError | OSError) or (connecting and _is_driver_error(exc)):
            return DatabaseError(f"The database at {self.location} cannot be used: {problem}.")
        return exc

    def failure(self, exc: BaseException) -> DatabaseError:
        """The sentence for a database failure met while serving a request (one of FAILURES).

        Unavailable (try again in a moment): the server down, restarting or unreachable, a
        connection lost, a limit reached, a conflict, SQLite busy. Anything else is the
        request's own failure, told as a plain DatabaseError.
        """
        orig = getattr(exc, "orig", None) or exc
        told = str(orig).strip()
        problem = told.splitlines()[0] if told else type(orig).__name__
        state = str(getattr(orig, "sqlstate", None) or "")
        if state in CONFLICT_STATES:
            return DatabaseConflict(
                f"The database stopped this change, which conflicted with another one "
                f"({problem}); try again."
            )
        if state in TIMEOUT_STATES or isinstance(exc, PoolTimeout):
            return DatabaseTimeout(
                f"The database at {self.location} took too long ({problem}); try again in a moment."
            )
        lost = isinstance(exc, DBAPIError) and exc.connection_invalidated
        lost = lost or (not state and _connection_lost(orig))  # the driver's own, unwrapped
        busy = self.dialect == "sqlite" and "is locked" in problem
        if (
            lost
            or busy
            or isinstance(orig, OSError)
            or state in UNAVAILABLE_STATES
            or state.startswith("08")
        ):
            return DatabaseUnavailable(
                f"The database at {self.location} is not answering ({problem}); "
                "try again in a moment."
            )
        return DatabaseError(f"The database at {self.location} refused the request: {problem}.")

    @asynccontextmanager
    async def driver_connection(self) -> AsyncIterator[Any]:
        """A pooled PostgreSQL connection as the driver's own object (`asyncpg.Connection`).

        For the few statements whose handling through SQLAlchemy costs the bot more than
        running them (`bot.tables.pgrows`). The pool is the engine's: the same size, the same
        ping after a rest. A failure that means the connection is gone (network, server
        restart) invalidates it, as SQLAlchemy does for its own statements, and so does
        leaving with a transaction still open: the pool then opens a new connection instead
        of handing that one out again. Failures are the driver's (`driver_failures()`).

        Taken from the pool itself, not through an engine connection (`engine.connect()`):
        that wraps it twice and gives it back through two more greenlet switches, 130 us a
        use against 50 here, for a connection the driver's path never runs a statement of
        SQLAlchemy's on.
        """
        pool = self.engine.sync_engine.pool
        async with self._gate():
            fairy = await greenlet_spawn(pool.connect)  # the checkout listeners run in it
            adapted = fairy.dbapi_connection
            assert adapted is not None  # a checked-out connection is open
            raw = adapted.driver_connection
            try:
                yield raw
            except BaseException as exc:
                if _connection_lost(exc) or raw.is_in_transaction():
                    await greenlet_spawn(fairy.invalidate)
                else:
                    fairy.close()
                raise
            if raw.is_in_transaction():
                await greenlet_spawn(fairy.invalidate)
            else:
                # Given back in place: with no transaction of SQLAlchemy's adapter on it (the
                # driver's path never begins one there), the check-in's reset and the pool's
                # queue wait for nothing.
                fairy.close()

    def _gate(self) -> asyncio.Semaphore:
        """First come, first served for the pool's connections on the driver's path.

        When every connection is out, the pool's own queue (an `asyncio.Queue`) lets a newcomer
        take a connection given back before the caller woken for it gets to run; the woken one
        then queues again at the back. In a rush of moves, a few waited out the whole rush and
        more (0.8 s, against 0.5 for the rush). A semaphore of the pool's size in front serves
        them in order: asyncio's lets no newcomer past those already waiting (a test in
        tests/store/test_pool.py holds it to that). One per event loop: a semaphore belongs to
        the loop it first waited in.
        """
        loop = asyncio.get_running_loop()
        gate = self._gates.get(loop)
        if gate is None:
            gate = self._gates[loop] = asyncio.Semaphore(self.pool_size)
        return gate

    async def upgrade(self, revision: str = "head") -> str | None:
        """Run the Alembic migrations up to `revision`; returns the revision now current.

        Alembic runs on the engine's own connection (`run_sync`), so this works from inside a
        running event loop: no nested `asyncio.run`, no second engine. Upgrades are serialised:
        within the process (Alembic's `context`/`op` are process-wide proxies), and across
        processes by a lock taken in the migration's own transaction (PostgreSQL: an advisory
        lock; SQLite: BEGIN IMMEDIATE), so bot processes starting together migrate once.
        """
        return await self._migrate(upgrade_on, revision)

    async def downgrade(self, revision: str) -> str | None:
        """Run the migrations down to `revision` (the same locks as `upgrade`)."""
        return await self._migrate(downgrade_on, revision)

    async def _migrate(
        self, step: Callable[[Connection, Config, str], str | None], revision: str
    ) -> str | None:
        config = alembic_config(self.url)
        async with process_migration_lock(), self._first_contact() as connection:
            if self.dialect == "sqlite":
                # SQLite alters a table by copying it and dropping the old one; with foreign
                # keys on, that drop would cascade to every seat and log row of every table.
                # The pragma only takes effect outside a transaction.
                await connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
                await connection.commit()
            try:
                async with connection.begin():
                    if self.dialect == "postgresql":
                        # A migration may rewrite big tables and wait for another process's
                        # upgrade: the limits meant for the bot's short transactions do not
                        # apply to it.
                        for name in Timeouts().server_settings():
                            await connection.execute(text(f"SET LOCAL {name} = 0"))
                        await connection.execute(
                            text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK_KEY}
                        )
                    elif self.dialect == "sqlite":
                        await connection.exec_driver_sql("BEGIN IMMEDIATE")
                    current = await connection.run_sync(step, config, revision)
                    if self.dialect == "sqlite":
                        broken = (
                            await connection.exec_driver_sql("PRAGMA foreign_key_check")
                        ).all()
                        if broken:
                            raise DatabaseError(
                                f"The migration to {revision} would leave rows without their "
                                f"table ({len(broken)}); nothing was changed."
                            )
                    return current
            finally:
                if self.dialect == "sqlite":
                    await connection.exec_driver_sql("PRAGMA foreign_keys=ON")
                    await connection.commit()

    async def current_revision(self) -> str | None:
        """The revision the database is at (None when it was never migrated)."""
        async with self.engine.connect() as connection:
            return await connection.run_sync(current_revision_on)

    async def warm(self) -> int:
        """Open the pool's connections now, all at once (PostgreSQL; SQLite has nothing to
        open); the number opened.

        Else the first rush after a start opens them while it waits: a PostgreSQL connection
        is a new server process and a password exchange, and the first burst of the load bench
        took 0.7 s instead of 0.2 while its four processes opened forty. A connection that
        cannot be opened now is left for later, when a request needs it.
        """
        if self.dialect != "postgresql":
            return 0
        opened = await asyncio.gather(
            *(self.engine.connect() for _ in range(self.pool_size)), return_exceptions=True
        )
        connections = [c for c in opened if isinstance(c, AsyncConnection)]
        for connection in connections:
            await connection.close()
        return len(connections)

    async def dispose(self) -> None:
        """Close every pooled connection."""
        await self.engine.dispose()

    async def __aenter__(self) -> Database:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.dispose()


_DRIVER_FAILURES: tuple[type[BaseException], ...] = ()


def driver_failures() -> tuple[type[BaseException], ...]:
    """What a failure through `Database.driver_connection` can be raised as: the pool's (as
    in FAILURES), the driver's own errors, the network's."""
    global _DRIVER_FAILURES
    if not _DRIVER_FAILURES:
        import asyncpg

        _DRIVER_FAILURES = (
            *FAILURES,
            asyncpg.PostgresError,
            asyncpg.InterfaceError,
            asyncpg.InternalClientError,  # a connection the server ended, used again
        )
    return _DRIVER_FAILURES


def _connection_lost(exc: BaseException) -> bool:
    """The driver's failure means its connection can't be used again."""
    state = str(getattr(exc, "sqlstate", None) or "")
    if state:
        return state.startswith("08") or state in UNAVAILABLE_STATES
    return isinstance(exc, OSError | TimeoutError) or type(exc).__module__.startswith("asyncpg")


def _parse_url(url: str) -> URL:
    """The parsed URL of a database cardbot works with; BadDatabaseUrl otherwise."""
    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError):  # ValueError: a port that is not a number
        masked = mask_text(url)
        shown = masked if len(masked) <= 60 else masked[:60] + "…"
        raise BadDatabaseUrl(
            f"DATABASE_URL '{shown}' is not a database URL; write it as {URL_HINT}."
        ) from None
    backend, _, driver = parsed.drivername.partition("+")
    if DRIVERS.get(backend) != driver:
        raise BadDatabaseUrl(
            f"DATABASE_URL names {parsed.drivername}; cardbot keeps its tables in SQLite or "
            f"PostgreSQL: write it as {URL_HINT} (the driver is chosen for you)."
        )
    return parsed


def mask_text(url: str) -> str:
    """A URL-like text with whatever stands between `:` and `@` hidden (it may be a password)."""
    head, at, tail = url.rpartition("@")
    if not at or "://" not in head:
        return url
    scheme, _, credentials = head.partition("://")
    user, colon, _password = credentials.partition(":")
    return f"{scheme}://{user}{':***' if colon else ''}@{tail}"


def _is_driver_error(exc: Exception) -> bool:
    """True for a driver's own refusal (asyncpg: bad password, no such database, bad option)."""
    module = type(exc).__module__
    return module.startswith(("asyncpg", "aiosqlite", "sqlite3")) or isinstance(exc, TypeError)
