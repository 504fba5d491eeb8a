"""The rows of a move on PostgreSQL, through the driver itself (asyncpg), not the ORM.

A move, a look and a timer's turn read one table and its seats and write them back with the
action log: a handful of short statements. Through SQLAlchemy's ORM and its asyncpg adapter
each of them cost more of the bot's CPU than PostgreSQL spent running it (about 2 ms to read a
table and its seats, against 0.6 ms straight through the driver), and a busy process answers
only as fast as its CPU allows. `PgUnit` does what the service needs of a session for those
calls, with the same rows (`TableRow` and `SeatRow` objects, not attached to any session) and
the same meaning:

- the table and its seats are read in one statement, outside any transaction (one snapshot;
  a session's transaction gave no more under PostgreSQL's default isolation), and every
  write is the table's conditional UPDATE on the version and write id read, so a stale read
  is refused;
- a move's writes (the UPDATE and its log rows) go as one statement at `commit`, atomic
  without BEGIN and COMMIT; changed seats or statistics open a transaction instead, and the
  table, its log, its seats and the statistics commit together or not at all.
- a move at a table this process wrote last reads nothing (`HeldTables`): it is decided on
  the row and seats as committed, and its write, conditional on the version and write id
  held, is refused if anyone wrote the table since; the move is then decided again on the
  table as read. Held tables never outlive a doubt about what is stored: all are dropped
  when a connection was lost or opened anew (`Database.reconnects`) or a call failed.

JSON columns come back decoded (SQLAlchemy's dialect sets the driver's codec on each new
connection) and go as text written by the engine's own serializer (`dump_json`; None as JSON
`null`, as SQLAlchemy's `JSON` type writes it). SQLite keeps the session path: there a
statement costs little next to the file's own work.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, cast

from sqlalchemy import JSON, Table
from sqlalchemy.orm import attributes

from bot.store.database import dump_json, load_json
from bot.store.models import ACTIVE, ActionLogRow, SeatRow, TableRow
from engines.game import Game

if TYPE_CHECKING:
    from asyncpg import Connection
    from asyncpg.transaction import Transaction

_TABLES = cast(Table, TableRow.__table__)
_LOG = cast(Table, ActionLogRow.__table__)
_JSON_COLUMNS = frozenset(c.key for c in _TABLES.c if isinstance(c.type, JSON))
_PLAIN_COLUMNS = frozenset(c.key for c in _TABLES.c) - _JSON_COLUMNS
_HELD_JSON_COLUMNS = _JSON_COLUMNS - {"snapshot"}
_SEAT_COLUMNS = frozenset(c.key for c in cast(Table, SeatRow.__table__).c)
_TABLE_MANAGER = attributes.manager_of_class(TableRow)
_SEAT_MANAGER = attributes.manager_of_class(SeatRow)
SEAT_STATE = ("cpu_level", "next_level", "level_part", "auto", "cpu_takeover", "name", "user_id")
"""The seat columns a running table may change (written back by `flush` when they did)."""

_SELECT_TABLE = (
    "SELECT t.*, (SELECT json_agg(s ORDER BY s.seat) FROM seats s WHERE s.table_id = t.id)"
    " AS seat_rows FROM tables t WHERE t.id = $1"
)
"""A table and its seats in one statement (one round trip, one snapshot)."""
_SELECT_TABLE_UNLESS = (
    "SELECT "
    + ", ".join(f"t.{c.name}" for c in _TABLES.c if c.name != "snapshot")
    + ", CASE WHEN t.version = $2 THEN NULL ELSE t.snapshot END AS snapshot,"
    " (SELECT json_agg(s ORDER BY s.seat) FROM seats s WHERE s.table_id = t.id)"
    " AS seat_rows FROM tables t WHERE t.id = $1"
)
"""The same, its snapshot left out when the table is at a version whose game the caller has."""
_UPDATE_SEAT = (
    "UPDATE seats SET "
    + ", ".join(f"{c} = ${n}" for n, c in enumerate(SEAT_STATE, 2))
    + " WHERE id = $1"
)
_LOG_COLUMNS = ("table_id", "seq", "seat", "action", "seal", "created_at")
_INSERT_LOG = (
    f"INSERT INTO {_LOG.name} ({', '.join(_LOG_COLUMNS)}) "
    f"VALUES ({', '.join(f'${n}' for n in range(1, len(_LOG_COLUMNS) + 1))})"
)
_BUMPS: dict[tuple[str, ...], str] = {}
_MOVES: dict[tuple[str, ...], str] = {}


def _sets(columns: tuple[str, ...]) -> str:
    for name in columns:
        if name not in _TABLES.c:
            raise KeyError(f"tables has no column {name}")
    return ", ".join(f"{name} = ${n}" for n, name in enumerate(columns, 4))


_WRITTEN = "WHERE id = $1 AND version = $2 AND write_id = $3"
"""The conditional write: the table as read, its version and the write id of its last write."""


def _bump_sql(columns: tuple[str, ...]) -> str:
    """`UPDATE tables SET <columns> WHERE id = $1 AND version = $2 AND write_id = $3`, made
    once per column set."""
    sql = _BUMPS.get(columns)
    if sql is None:
        sql = _BUMPS[columns] = f"UPDATE tables SET {_sets(columns)} {_WRITTEN}"
    return sql


def _move_sql(columns: tuple[str, ...]) -> str:
    """The bump and the action log's rows in one statement: the rows are inserted only when
    the conditional UPDATE matched, and the statement answers (bumped, logged)."""
    sql = _MOVES.get(columns)
    if sql is None:
        n = len(columns) + 4
        sql = _MOVES[columns] = (
            f"WITH bumped AS (UPDATE tables SET {_sets(columns)} {_WRITTEN} RETURNING id),"
            f" logged AS (INSERT INTO {_LOG.name} ({', '.join(_LOG_COLUMNS)})"
            f" SELECT bumped.id, x.seq, x.seat, x.action::json, x.seal, ${n} FROM bumped,"
            f" unnest(${n + 1}::integer[], ${n + 2}::integer[], ${n + 3}::text[],"
            f" ${n + 4}::text[]) AS x(seq, seat, action, seal) RETURNING 1)"
            " SELECT (SELECT count(*) FROM bumped), (SELECT count(*) FROM logged)"
        )
    return sql


def _row(manager: Any, record: Mapping[str, Any]) -> Any:
    """A mapped object holding a fetched row's values, as the ORM's loading fills one (its
    instance dict), without a session: about 4 us against 85 through the constructor."""
    obj = manager.new_instance()
    obj.__dict__.update(record)
    return obj


def _seat_state(seat: SeatRow) -> tuple[Any, ...]:
    values = seat.__dict__
    return tuple(values.get(name) for name in SEAT_STATE)


@dataclass(slots=True)
class _Bump:
    table_id: int
    written: tuple[int, int]
    """The table's version and write id as read."""
    values: Mapping[str, Any]
    refused: Exception


class Detachable(Protocol):
    """What a call handed out that still reads its game (`SeatViews`): given a copy of its own
    before the game is played on."""

    def detach(self) -> None: ...


@dataclass(frozen=True, slots=True)
class Held:
    """A running table as this process last committed it: the stored table while `version` and
    the write id (in `plain`) are the stored ones (every write to a table or its seats steps
    the version and draws a new write id)."""

    version: int
    plain: Mapping[str, Any]
    """The row's columns other than JSON ones (numbers, text, times: immutable values)."""
    texts: Mapping[str, str]
    """The JSON columns but the snapshot, as the database stores them: each use decodes its
    own copy."""
    seats: tuple[Mapping[str, Any], ...]
    game: Game
    """The game itself, equal to the stored snapshot: the next move plays on it."""
    readers: weakref.ref[Detachable] | None
    """The last call's result's views of `game`, while that result is still in use."""


HELD_TABLES = 1024
"""Running tables a process holds at most, the ones played last: a game held is a few KB to a
few tens (21 KB the largest measured, late in a game whose snapshot keeps its whole log), so
about 20 MB at most."""


class HeldTables:
    """The running tables this process wrote last, so that the next move there needs no read.

    A move made from a held table writes on the condition that the table's version and write
    id are still the ones held (as every write does): if another process or call wrote it
    meanwhile, the write is refused and the move is made again from the stored table. The row
    and seats are copied out at each use; the game is played on, once what still reads it
    (the last result's views) has a copy of its own.

    `doubts` counts the events that put what is stored in doubt (connections lost or opened
    anew: a restarted server, a failover, a commit that may be lost): when it has moved since
    the last look, every held table is dropped, and read again at its next use.
    """

    __slots__ = ("_doubts", "_held", "_limit", "_seen")

    def __init__(self, limit: int = HELD_TABLES, doubts: Callable[[], int] = lambda: 0) -> None:
        self._held: OrderedDict[int, Held] = OrderedDict()
        self._limit = limit
        self._doubts = doubts
        self._seen = doubts()

    def __len__(self) -> int:
        self._check()
        return len(self._held)

    def _check(self) -> None:
        doubts = self._doubts()
        if doubts != self._seen:
            self._seen = doubts
            self._held.clear()

    def clear(self) -> None:
        """Hold nothing (what is stored is in doubt)."""
        self._held.clear()

    def take(self, table_id: int) -> Held | None:
        """The table as held, no longer held (the call taking it plays on its game)."""
        self._check()
        held = self._held.pop(table_id, None)
        if held is not None and held.readers is not None:
            readers = held.readers()
            if readers is not None:
                readers.detach()
        return held

    def peek(self, table_id: int) -> Held | None:
        """The table as held, still held: its game is only to be read, and only while it is
        still held (`holds`), before anything is awaited."""
        self._check()
        return self._held.get(table_id)

    def holds(self, held: Held) -> bool:
        """`held` is still held: no call took it to play on its game."""
        return self._held.get(held.plain["id"]) is held

    def give_back(self, held: Held) -> None:
        """Hold again a table taken by a call that wrote nothing, its game unchanged (unless
        a newer one is held by then)."""
        self._held.setdefault(held.plain["id"], held)

    def drop(self, table_id: int) -> None:
        self._held.pop(table_id, None)

    def keep(
        self,
        row: TableRow,
        seats: Sequence[SeatRow],
        game: Game,
        readers: Detachable | None = None,
    ) -> None:
        """Hold the table as committed just now (running tables only), its game `game`, read
        by `readers`."""
        self._check()
        if row.status != ACTIVE or self._limit <= 0:
            self._held.pop(row.id, None)
            return
        newer = self._held.get(row.id)
        if newer is not None and newer.version > row.version:
            return  # another call's write committed after this one, and its game is held
        values = row.__dict__
        self._held[row.id] = Held(
            version=row.version,
            plain={k: v for k, v in values.items() if k in _PLAIN_COLUMNS},
            texts={k: dump_json(values[k]) for k in _HELD_JSON_COLUMNS if k in values},
            seats=tuple(
                {k: v for k, v in seat.__dict__.items() if k in _SEAT_COLUMNS} for seat in seats
            ),
            game=game,
            readers=None if readers is None else weakref.ref(readers),
        )
        self._held.move_to_end(row.id)
        while len(self._held) > self._limit:
            self._held.popitem(last=False)


class PgUnit:
    """One call's reads and writes on one pooled connection (see the module's docstring).

    A move's writes wait for `commit` when nothing else is written with them: the table's
    UPDATE and its log rows then go as one statement, without BEGIN and COMMIT (three round
    trips fewer). Anything more (changed seats, statistics) opens a transaction, and the
    waiting writes go first in it.
    """

    __slots__ = ("_after", "_bump", "_conn", "_log", "_read", "_seats", "_transaction")

    def __init__(self, conn: Connection) -> None:
        self._conn = conn
        self._transaction: Transaction | None = None
        self._seats: list[tuple[SeatRow, tuple[Any, ...]]] = []
        """Seats read through this unit, with their state as read (for `flush`)."""
        self._read: dict[int, list[SeatRow]] = {}
        """Seats read with their table, by table id (`seats` hands them out)."""
        self._bump: _Bump | None = None
        self._log: list[tuple[Any, ...]] = []
        self._after: list[Callable[[], None]] = []

    # ------------------------------------------------------------------ reads

    async def table(self, table_id: int, *, unless_version: int | None = None) -> TableRow | None:
        """The table row, or None; its seats come with it (`seats`). With `unless_version`,
        a row at that version comes without its snapshot (None): the caller holds its game."""
        if unless_version is None:
            record = await self._conn.fetchrow(_SELECT_TABLE, table_id)
        else:
            record = await self._conn.fetchrow(_SELECT_TABLE_UNLESS, table_id, unless_version)
        if record is None:
            return None
        values = dict(record.items())
        self._read[table_id] = [self._seat(x) for x in values.pop("seat_rows") or ()]
        return cast(TableRow, _row(_TABLE_MANAGER, values))

    def adopt(self, held: Held) -> tuple[TableRow, list[SeatRow]]:
        """A held table's row and seats, as `table` and `seats` would read them, unread: its
        JSON columns decoded afresh, its seats followed for `flush`. The row has no snapshot:
        the game is `held.game`."""
        values = dict(held.plain)
        for name, text in held.texts.items():
            values[name] = load_json(text)
        row = cast(TableRow, _row(_TABLE_MANAGER, values))
        return row, [self._seat(dict(seat)) for seat in held.seats]

    async def seats(self, table_id: int) -> list[SeatRow]:
        """The table's seats in seat order, as read with the table (`table` first)."""
        read = self._read.pop(table_id, None)
        if read is None:
            raise LookupError(f"table {table_id}'s seats are read with it: read the table first")
        return read

    def _seat(self, values: Mapping[str, Any]) -> SeatRow:
        seat = cast(SeatRow, _row(_SEAT_MANAGER, values))
        self._seats.append((seat, _seat_state(seat)))
        return seat

    # ------------------------------------------------------------------ writes

    async def bump(
        self,
        table_id: int,
        written: tuple[int, int],
        values: Mapping[str, Any],
        refused: Exception,
    ) -> None:
        """`UPDATE tables SET values WHERE id AND version AND write_id` (`written`: the version
        and write id as read); `refused` is raised when it matches no row: here, or at
        `commit` when the write waits for its log rows."""
        if self._bump is not None:
            await self._begin()  # a second write to the table: the first goes now
        self._bump = _Bump(table_id, written, dict(values), refused)
        if self._transaction is not None:
            await self._write_waiting()

    async def log(self, rows: Iterable[Mapping[str, Any]]) -> None:
        """Append action log rows (`table_id`, `seq`, `seat`, `action`, `seal`, `created_at`)."""
        self._log += [
            (
                r["table_id"],
                r["seq"],
                r["seat"],
                dump_json(r["action"]),
                r["seal"],
                r["created_at"],
            )
            for r in rows
        ]
        if self._transaction is not None:
            await self._write_waiting()

    async def upsert(
        self,
        table: str,
        keys: Mapping[str, Any],
        values: Mapping[str, Any],
        defaults: Mapping[str, Any],
        *,
        increment: bool,
    ) -> None:
        """INSERT ... ON CONFLICT (keys) DO UPDATE (plain values: numbers and text), values
        added to the stored ones with `increment`."""
        await self._begin()
        row = {**defaults, **keys, **values}
        names = list(row)
        if increment:
            changes = [f"{k} = {table}.{k} + EXCLUDED.{k}" for k in values]
        else:
            changes = [f"{k} = EXCLUDED.{k}" for k in values]
        conflict = "DO UPDATE SET " + ", ".join(changes) if changes else "DO NOTHING"
        sql = (
            f"INSERT INTO {table} ({', '.join(names)}) "
            f"VALUES ({', '.join(f'${n}' for n in range(1, len(names) + 1))}) "
            f"ON CONFLICT ({', '.join(keys)}) {conflict}"
        )
        await self._conn.execute(sql, *row.values())

    async def flush(self) -> None:
        """Write back the seats changed since they were read (a session's flush, for seats:
        the table row itself changes only through `bump`)."""
        changed = []
        for i, (seat, before) in enumerate(self._seats):
            now = _seat_state(seat)
            if now != before:
                changed.append((seat.id, *now))
                self._seats[i] = (seat, now)
        if changed:
            await self._begin()
            await self._conn.executemany(_UPDATE_SEAT, changed)

    def after_commit(self, callback: Callable[[], None]) -> None:
        """Call `callback` once this unit has committed (never after a rollback)."""
        self._after.append(callback)

    async def commit(self) -> None:
        """Write what waits and commit (nothing to do after reads only); then the callbacks
        of `after_commit`."""
        await self.flush()
        if self._transaction is not None:
            transaction, self._transaction = self._transaction, None
            await transaction.commit()
        elif self._bump is not None or self._log:
            await self._write_waiting()
        after, self._after = self._after, []
        for callback in after:
            callback()

    async def rollback(self) -> None:
        """Undo what was written (after a refusal or a failure)."""
        self._bump, self._log, self._after = None, [], []
        if self._transaction is not None:
            transaction, self._transaction = self._transaction, None
            await transaction.rollback()

    async def _begin(self) -> None:
        if self._transaction is None:
            self._transaction = self._conn.transaction()
            await self._transaction.start()
            await self._write_waiting()

    async def _write_waiting(self) -> None:
        """The waiting bump and log rows: in the open transaction, else as one statement."""
        bump, log = self._bump, self._log
        self._bump, self._log = None, []
        if bump is None:
            if log:
                await self._conn.executemany(_INSERT_LOG, log)
            return
        columns = tuple(sorted(bump.values))
        params = [
            dump_json(bump.values[name]) if name in _JSON_COLUMNS else bump.values[name]
            for name in columns
        ]
        conn = self._conn
        if not log or self._transaction is not None:
            status = await conn.execute(_bump_sql(columns), bump.table_id, *bump.written, *params)
            if int(status.rpartition(" ")[2] or 0) != 1:
                raise bump.refused
            if log:
                await conn.executemany(_INSERT_LOG, log)
            return
        when = log[0][5]
        if any(entry[0] != bump.table_id or entry[5] != when for entry in log):
            raise ValueError("a move's log rows are of its table and of one time")
        record = await conn.fetchrow(
            _move_sql(columns),
            bump.table_id,
            *bump.written,
            *params,
            when,
            [entry[1] for entry in log],
            [entry[2] for entry in log],
            [entry[3] for entry in log],
            [entry[4] for entry in log],
        )
        if record is None or record[0] != 1:
            raise bump.refused
