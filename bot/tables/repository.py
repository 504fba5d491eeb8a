"""Where the tables service keeps its tables: the one path of every read and write.

`TableRepository` owns the database and the choice of how to reach it. A move, a look and a
timer's turn at one table (`unit`) go through the driver on PostgreSQL (`bot.tables.pgrows`:
a handful of short statements, and the tables this process wrote last held unread), through
a session on SQLite; every other call runs in an ORM session (`transaction`). The rest of the
service never asks which database it has: the dialect is known here and nowhere else.

Concurrency is optimistic: each write to a table is `UPDATE tables ... WHERE id = ? AND
version = ? AND write_id = ?`, the version and the random write id as read (or held); when no
row matches, another action got there first, the whole transaction rolls back and the caller
gets `TableError("table_moved_on")`. The write id makes the condition one no other writer meets
by chance: after the database lost an acknowledged commit, another process may reach the same
version by another path. For the same reason the tables held unread are all dropped at any
doubt about what is stored: a database failure, a connection lost or opened anew.
"""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator, Callable, Collection, Iterable, Mapping
from contextlib import asynccontextmanager
from datetime import datetime
from functools import partial
from typing import Any, cast

from sqlalchemy import Select, Table, Update, bindparam, case, insert, select, text, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import configure_mappers, defer
from sqlalchemy.orm.attributes import set_committed_value

from bot.store.database import FAILURES, Database, DatabaseError, driver_failures
from bot.store.models import ACTIVE, QUARANTINE_LENGTH, ActionLogRow, SeatRow, TableRow
from bot.tables import units
from bot.tables.errors import channel_busy, moved_on, no_table
from bot.tables.pgrows import Detachable, Held, HeldTables, PgUnit
from engines.game import Game

Rows = AsyncSession | PgUnit
"""Where a call reads and writes its table: a session, or on PostgreSQL for the calls of
play and the timers, the driver's connection (`bot.tables.pgrows`). Only the repository looks
inside: the rest of the service hands it back to the repository's methods."""
AnySelect = Select[*tuple[Any, ...]]
Compiled = tuple[str, tuple[str, ...], dict[str, Any]]
"""A statement's PostgreSQL text, its parameters' names in order, the values it binds itself."""

_TABLES = cast(Table, TableRow.__table__)
_SEATS_OF: Select[SeatRow] = (
    select(SeatRow).where(SeatRow.table_id == bindparam("table_id")).order_by(SeatRow.seat)
)
"""A table's seats in seat order, the statement made once (made per call, its building cost
more than the query)."""
_LOG_INSERT = insert(cast(Table, ActionLogRow.__table__))
"""Action log rows, written as a plain insert of many rows (no ORM bookkeeping is needed)."""
_BUMPS: dict[tuple[str, ...], Update] = {}
"""`TableRepository.bump`'s conditional UPDATE by the columns it writes, each made once."""
OPEN_FILTER = text("tables.status IN ('lobby', 'active')")
"""The open-table filter written as the partial unique index's own words, so that SQLite can
use that index for the channel lookup (a bound `IN (?, ?)` cannot match a partial index)."""


def _bump_statement(columns: tuple[str, ...]) -> Update:
    """`UPDATE tables SET <columns> WHERE id = :b_id AND version = :b_version AND write_id =
    :b_write_id`, made once per set of columns; each column's value is the parameter
    `v_<column>`."""
    statement = _BUMPS.get(columns)
    if statement is None:
        c = _TABLES.c
        statement = (
            update(_TABLES)
            .where(
                c.id == bindparam("b_id"),
                c.version == bindparam("b_version"),
                c.write_id == bindparam("b_write_id"),
            )
            .values({name: bindparam(f"v_{name}", type_=c[name].type) for name in columns})
        )
        _BUMPS[columns] = statement
    return statement


def compile_for_driver(statement: AnySelect, dialect: Any, names: Collection[str] = ()) -> Compiled:
    """`Compiled` for running a statement through the driver, its parameters `names` given at
    each call (an `IN` list of its own is written out as parameters)."""
    # writing out the IN lists wants a value for every parameter: ours stand in as None
    expanded = statement.compile(dialect=dialect).construct_expanded_state(dict.fromkeys(names))
    return expanded.statement, tuple(expanded.positiontup or ()), dict(expanded.parameters)


def insert_defaults(model: type[Any]) -> dict[str, Any]:
    """Python-side column defaults, which a Core upsert does not apply by itself."""
    out: dict[str, Any] = {}
    for column in model.__table__.columns:
        default = column.default
        if default is not None and default.is_scalar:
            out[column.key] = default.arg
    return out


def new_write_id() -> int:
    """A write's id (`TableRow.write_id`): 63 random bits, never drawn twice by chance."""
    return secrets.randbits(63)


def rowcount(result: Any) -> int:
    """Rows an UPDATE or DELETE touched."""
    return int(result.rowcount)


class TableRepository:
    """The tables' storage: transactions, a table's rows, the conditional write, the log, the
    statistics' upserts, the timers' scans, and the tables held unread (PostgreSQL)."""

    def __init__(self, database: Database, clock: Callable[[], datetime]) -> None:
        self._db = database
        self._clock = clock
        self._fast = database.dialect == "postgresql"
        """Moves, looks and timers go through the driver (`bot.tables.pgrows`)."""
        self._compiled: dict[AnySelect, Compiled] = {}
        """`query`'s statements compiled for the driver."""
        self.held = HeldTables(doubts=lambda: database.reconnects)
        """The running tables this process wrote last (PostgreSQL): a move there reads nothing.
        All dropped once the database's connections were lost or opened anew since."""
        # The driver's path makes rows of no session (`pgrows`): their attributes work only
        # once the mappers are configured, which an ORM statement does on its first run. A
        # fresh process whose first call is a move or a look has run none yet.
        configure_mappers()

    # ------------------------------------------------------------------ transactions

    @asynccontextmanager
    async def transaction(self, *, reads_only: bool = False) -> AsyncIterator[AsyncSession]:
        """One transaction; a database failure leaves it as a DatabaseError sentence.
        `reads_only`: it writes nothing, so the unit of work may still run again whole after
        it (a conflict in a later transaction is retried).

        The sentence is raised outside the `except` clause, unchained: the driver's error
        would keep the failed connection's frames alive. Its first line is in the sentence.
        """
        failure: DatabaseError | None = None
        try:
            async with self._db.sessions() as session, session.begin():
                yield session
        except FAILURES as exc:
            failure = self._db.failure(exc)
        if failure is not None:
            self.held.clear()  # what is stored is in doubt: every held table is read again
            raise failure
        if not reads_only:
            units.committed()

    @asynccontextmanager
    async def _driver(self) -> AsyncIterator[Any]:
        """A pooled PostgreSQL connection as the driver's own (`asyncpg.Connection`); a
        database failure leaves it as a DatabaseError sentence, as in `transaction`."""
        failure: DatabaseError | None = None
        try:
            async with self._db.driver_connection() as conn:
                yield conn
        except driver_failures() as exc:
            failure = self._db.failure(exc)
        if failure is not None:
            self.held.clear()  # as in `transaction`
            raise failure

    @asynccontextmanager
    async def unit(self) -> AsyncIterator[Rows]:
        """One transaction of a move, a look or a timer's turn at one table: through the
        driver on PostgreSQL (`PgUnit`: reads its table and seats, writes them and the log),
        a session on SQLite."""
        if not self._fast:
            async with self.transaction() as session:
                yield session
            return
        async with self._driver() as conn:
            unit = PgUnit(conn)
            try:
                yield unit
            except BaseException:
                await unit.rollback()
                raise
            await unit.commit()
        units.committed()

    async def query(self, statement: AnySelect, **params: Any) -> list[tuple[Any, ...]]:
        """The rows of a read-only statement made once, its bound parameters given by name:
        on PostgreSQL through the driver (compiled once, one round trip, no transaction), else
        in a session. The timers' scans, run every tick by every process."""
        if not self._fast:
            async with self.transaction() as s:
                return [tuple(row) for row in (await s.execute(statement, params)).all()]
        compiled = self._compiled.get(statement)  # statements hash by identity
        if compiled is None:
            compiled = self._compiled[statement] = compile_for_driver(
                statement, self._db.engine.dialect, params
            )
        sql, names, defaults = compiled
        args = [params[name] if name in params else defaults[name] for name in names]
        async with self._driver() as conn:
            records = await conn.fetch(sql, *args)
        return [tuple(record) for record in records]

    # ------------------------------------------------------------------ reads

    async def seats(self, s: Rows, table_id: int) -> list[SeatRow]:
        """A table's seats in seat order (in a unit: read with the table, `load_rows` first)."""
        if isinstance(s, PgUnit):
            return await s.seats(table_id)
        return list((await s.scalars(_SEATS_OF, {"table_id": table_id})).all())

    async def load_rows(
        self, s: Rows, table_id: int, expected_version: int | None, *, held: Held | None = None
    ) -> tuple[TableRow, list[SeatRow]]:
        """The table and its seats; with `held` (PostgreSQL), no snapshot if the table is still
        at the held version (the row's snapshot is then None)."""
        if isinstance(s, PgUnit):
            row = await s.table(table_id, unless_version=None if held is None else held.version)
        else:
            row = await s.get(TableRow, table_id)
        if row is None:
            raise no_table(table_id)
        if expected_version is not None and expected_version != row.version:
            raise moved_on(row)
        return row, await self.seats(s, table_id)

    async def rows_of(
        self, s: Rows, table_id: int, expected_version: int | None, held: Held | None
    ) -> tuple[TableRow, list[SeatRow], Game | None]:
        """The table and its seats for a move: a `held` table unread, with its game (the write
        is refused if the table moved on since), else as read (the game None)."""
        if held is not None and isinstance(s, PgUnit):
            row, seats = s.adopt(held)
            return row, seats, held.game
        row, seats = await self.load_rows(s, table_id, expected_version)
        return row, seats, None

    async def rows_to_write(
        self, s: Rows, table_id: int
    ) -> tuple[TableRow, list[SeatRow], Game | None, Held | None]:
        """The table and its seats for a call that writes them (a timer's): a held table
        unread, with its game, else as read (the game None: `game_of(row)`). The write is
        refused if a held table moved on since; a call that writes nothing gives the table
        back (`HeldTables.give_back`)."""
        held = self.held.take(table_id) if isinstance(s, PgUnit) else None
        row, seats, game = await self.rows_of(s, table_id, None, held)
        return row, seats, game, held

    async def open_table_id(self, s: AsyncSession, channel_id: int) -> int | None:
        """The channel's lobby or running table, if any."""
        return await s.scalar(
            select(TableRow.id).where(TableRow.channel_id == channel_id, OPEN_FILTER)
        )

    # ------------------------------------------------------------------ writes

    async def flush_open_table(self, s: AsyncSession, channel_id: int) -> None:
        """Flush a new open table; the partial unique index refuses a second one per channel."""
        try:
            await s.flush()
        except IntegrityError:
            raise channel_busy(channel_id, None) from None

    async def bump(self, s: Rows, row: TableRow, **values: Any) -> None:
        """Write `values`, version + 1 and a new write id, only if nobody wrote the table since
        we read it (its version and write id as read)."""
        values = {
            **values,
            "version": row.version + 1,
            "write_id": new_write_id(),
            "updated_at": self._clock(),
        }
        self.held.drop(row.id)  # held again only once a move's write has committed
        if isinstance(s, PgUnit):
            # refused here, or when the unit commits if the write waits for its log rows
            await s.bump(row.id, (row.version, row.write_id), values, moved_on(row))
            row.__dict__.update(values)  # a row of no session: nothing to track
            return
        params = {f"v_{name}": value for name, value in values.items()}
        params.update(b_id=row.id, b_version=row.version, b_write_id=row.write_id)
        if rowcount(await s.execute(_bump_statement(tuple(sorted(values))), params)) != 1:
            raise moved_on(row)
        for key, value in values.items():
            set_committed_value(row, key, value)

    async def log(self, s: Rows, entries: list[dict[str, Any]]) -> None:
        """Append rows to the action log (with the table's write: they commit together)."""
        if isinstance(s, PgUnit):
            await s.log(entries)
        else:
            await s.execute(_LOG_INSERT, entries)

    async def upsert(
        self,
        s: Rows,
        model: type[Any],
        keys: Mapping[str, Any],
        values: Mapping[str, Any],
        *,
        increment: bool = False,
    ) -> None:
        """INSERT ... ON CONFLICT (keys) DO UPDATE, on SQLite and PostgreSQL alike.

        With `increment`, `values` are added to the stored counts instead of replacing them.
        """
        if isinstance(s, PgUnit):
            table = model.__table__.name
            await s.upsert(table, keys, values, insert_defaults(model), increment=increment)
            return
        dialect = postgresql if self._fast else sqlite
        stmt = dialect.insert(model).values({**insert_defaults(model), **keys, **values})
        if increment:
            changes = {k: getattr(model, k) + v for k, v in values.items()}
        else:
            changes = dict(values)
        if changes:
            stmt = stmt.on_conflict_do_update(index_elements=list(keys), set_=changes)
        else:
            stmt = stmt.on_conflict_do_nothing(index_elements=list(keys))
        await s.execute(stmt)

    # ------------------------------------------------------------------ quarantine

    async def quarantine(self, table_id: int, reason: str) -> str | None:
        """Set a table aside (`TableRow.quarantine`): no timer of any process finds it again,
        and its players are refused (`quarantined`) until `release`. Written whatever the
        table holds, unread (it may be what cannot be read). The version stays (nothing of the
        game changed); the new write id refuses the write of any copy held elsewhere. The
        table's game id, or None when it was set aside already or is gone."""
        c = _TABLES.c
        statement = (
            update(_TABLES)
            .where(c.id == table_id, c.quarantine.is_(None))
            .values(
                quarantine=reason[:QUARANTINE_LENGTH],
                deadline=None,
                remind_at=None,
                paced=False,
                write_id=new_write_id(),
                updated_at=self._clock(),
            )
            .returning(c.game)
        )
        self.held.drop(table_id)
        async with self.transaction() as s:
            game: str | None = (await s.execute(statement)).scalar()
        return game

    async def release(self, table_id: int) -> str | None:
        """Put a quarantined table back in play: a running one is due at once, and the timers
        take it up at their next tick (a turn whose time ran out meanwhile expires then, a
        table with steps of its own resumes them). The table's game id, or None when it was
        not quarantined."""
        c = _TABLES.c
        now = self._clock()
        statement = (
            update(_TABLES)
            .where(c.id == table_id, c.quarantine.is_not(None))
            .values(
                quarantine=None,
                deadline=case((c.status == ACTIVE, now), else_=c.deadline),
                write_id=new_write_id(),
                updated_at=now,
            )
            .returning(c.game)
        )
        async with self.transaction() as s:
            game: str | None = (await s.execute(statement)).scalar()
        return game

    async def quarantined(self) -> list[TableRow]:
        """The tables set aside, by id (their snapshot and archive not loaded)."""
        async with self.transaction(reads_only=True) as s:
            rows = await s.scalars(
                select(TableRow)
                .where(TableRow.quarantine.is_not(None))
                .order_by(TableRow.id)
                .options(defer(TableRow.snapshot), defer(TableRow.archive))
            )
            return list(rows)

    def hold(
        self,
        s: Rows,
        row: TableRow,
        seats: Iterable[SeatRow],
        game: Game,
        views: Detachable | None = None,
    ) -> None:
        """Once the unit commits, hold the table as written (PostgreSQL): the next move there
        plays on `game` unread. Nothing on SQLite, where every call reads its table."""
        if isinstance(s, PgUnit):
            s.after_commit(partial(self.held.keep, row, list(seats), game, views))


__all__ = [
    "OPEN_FILTER",
    "Held",
    "Rows",
    "TableRepository",
    "compile_for_driver",
    "insert_defaults",
    "rowcount",
]
