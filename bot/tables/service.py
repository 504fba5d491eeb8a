"""The tables service: lobbies, seats, CPU seats, turn flow, timers and the action log.

Transport-free: it takes ids and JSON actions and returns immutable results; the Discord
adapter (and `cardbot play`) render and reply. Every operation is one database transaction.
Concurrency is optimistic: each write to a table is `UPDATE tables ... WHERE id = ? AND
version = ?`; when no row matches, another action got there first, the whole transaction rolls
back and the caller gets `TableError("table_moved_on")`. The stored snapshot always equals the
replay of the table's action log from `Game.new(seats, options, seed)`.
"""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm.attributes import set_committed_value

from bot.settings import (
    EXPIRY_POLICIES,
    LOCALES,
    MAX_TURN_TIMER,
    MIN_TURN_TIMER,
    Settings,
    get_settings,
)
from bot.store.database import Database
from bot.store.models import (
    ABANDONED,
    ACTIVE,
    FINISHED,
    LOBBY,
    NO_USER,
    OPEN_STATUSES,
    ActionLogRow,
    GuildSettingsRow,
    MessageRefRow,
    SeatRow,
    TableRow,
    UserSettingsRow,
    UserStatsRow,
    utcnow,
)
from bot.tables.errors import TableError
from bot.tables.results import (
    ActResult,
    Expiry,
    GuildSettings,
    MessageRef,
    SeatInfo,
    Step,
    TableInfo,
    UserStats,
)
from engines.base import JSON, Action, Game, GameError, IllegalAction, RecordError, game_class
from engines.base import resolve_options as engine_resolve_options
from engines.cpu import DEFAULT_LEVEL, cpu_chooser, cpu_player
from engines.record import Record

Clock = Callable[[], datetime]


class _Unset:
    def __repr__(self) -> str:
        return "UNSET"


UNSET: Any = _Unset()
"""Default of optional setters: leave the value as it is (None clears it)."""

NAME_LENGTH = 100
BATCH_CAP = 100_000
"""Safety net on one CPU batch; a game that loops forever is an engine bug, not a hang."""


class TableService:
    """Every table operation, by table id and acting user id; one transaction each."""

    def __init__(
        self,
        database: Database,
        settings: Settings | None = None,
        *,
        clock: Clock = utcnow,
    ) -> None:
        self._db = database
        self._settings = settings or get_settings()
        self._clock = clock

    # ================================================================== lobby

    async def open_lobby(
        self,
        guild_id: int | None,
        channel_id: int,
        game: str,
        options: Mapping[str, JSON] | None,
        creator_id: int,
        creator_name: str,
        seats: int | None = None,
        *,
        seed: int | None = None,
        locale: str | None = None,
    ) -> TableInfo:
        """Open a lobby in a channel; the creator takes seat 0.

        `seats` is how many seats the lobby offers (default: the game's maximum); the game
        starts with the seats taken. `seed` defaults to fresh OS randomness (kept in the row).
        """
        cls = _game_class(game)
        resolved = _resolve_options(cls, options)
        seat_count = cls.max_seats if seats is None else seats
        try:
            cls.check_seats(seat_count)
        except RecordError as exc:
            raise TableError.from_engine(exc) from None
        now = self._clock()
        async with self._transaction() as s:
            busy = await self._open_table_id(s, channel_id)
            if busy is not None:
                raise _channel_busy(channel_id, busy)
            guild = await s.get(GuildSettingsRow, guild_id) if guild_id is not None else None
            row = TableRow(
                guild_id=guild_id,
                channel_id=channel_id,
                game=cls.id,
                options=resolved,
                seat_count=seat_count,
                seed=secrets.randbits(63) if seed is None else seed,
                status=LOBBY,
                to_act=[],
                action_count=0,
                version=0,
                created_by=creator_id,
                created_at=now,
                updated_at=now,
                reminder_sent=False,
                turn_timer_seconds=(guild and guild.turn_timer_seconds)
                or self._settings.turn_timer_seconds,
                expiry_policy=(guild and guild.expiry_policy) or self._settings.expiry_policy,
                locale=locale or (guild and guild.locale) or None,
                series_match=1,
                series_first=resolved.get("first"),
            )
            s.add(row)
            await self._flush_open_table(s, channel_id)
            seat = SeatRow(table_id=row.id, seat=0, user_id=creator_id, name=_name(creator_name))
            s.add(seat)
            await s.flush()
            return _info(row, [seat])

    async def join(
        self, table_id: int, user_id: int, name: str, *, expected_version: int | None = None
    ) -> TableInfo:
        """Take the next free seat of a lobby."""
        async with self._transaction() as s:
            row, seats = await self._load_rows(s, table_id, expected_version)
            _require_status(row, LOBBY, "lobby_only")
            held = _seat_of(seats, user_id)
            if held is not None:
                raise TableError(
                    "already_seated",
                    "You already have a seat here.",
                    table_id=row.id,
                    seat=held.seat,
                )
            _require_room(row, seats)
            await self._bump(s, row)
            seat = SeatRow(table_id=row.id, seat=len(seats), user_id=user_id, name=_name(name))
            s.add(seat)
            await s.flush()
            return _info(row, [*seats, seat])

    async def add_cpu(
        self,
        table_id: int,
        user_id: int,
        level: str = DEFAULT_LEVEL,
        name: str | None = None,
        *,
        expected_version: int | None = None,
    ) -> TableInfo:
        """A seated player adds a computer seat at `level` (easy / normal / hard)."""
        async with self._transaction() as s:
            row, seats = await self._load_rows(s, table_id, expected_version)
            _require_status(row, LOBBY, "lobby_only")
            _require_seated(row, seats, user_id)
            _require_room(row, seats)
            try:
                cpu_player(row.game, level)
            except GameError as exc:
                raise TableError.from_engine(exc) from None
            await self._bump(s, row)
            seat = SeatRow(
                table_id=row.id,
                seat=len(seats),
                cpu_level=level,
                name=_name(name or self._cpu_name(row, seats)),
            )
            s.add(seat)
            await s.flush()
            return _info(row, [*seats, seat])

    async def remove_cpu(
        self, table_id: int, user_id: int, seat: int, *, expected_version: int | None = None
    ) -> TableInfo:
        """A seated player removes a computer seat; later seats move up one."""
        async with self._transaction() as s:
            row, seats = await self._load_rows(s, table_id, expected_version)
            _require_status(row, LOBBY, "lobby_only")
            _require_seated(row, seats, user_id)
            if not 0 <= seat < len(seats):
                raise TableError("no_seat", f"There is no seat {seat}.", table_id=row.id, seat=seat)
            if seats[seat].user_id is not None:
                raise TableError(
                    "not_a_cpu", f"Seat {seat} is not a computer seat.", table_id=row.id, seat=seat
                )
            await self._bump(s, row)
            remaining = await self._drop_lobby_seat(s, seats, seat)
            return _info(row, remaining)

    async def leave(
        self, table_id: int, user_id: int, *, expected_version: int | None = None
    ) -> ActResult:
        """Leave a table.

        In the lobby the seat is freed (later seats move up; the creator's role passes to the
        next human; a lobby left without humans is abandoned). In a running game the CPU takes
        the seat at normal level and plays on at once if it is to act; a game left without any
        human player is abandoned.
        """
        async with self._transaction() as s:
            row, seats = await self._load_rows(s, table_id, expected_version)
            held = _require_seated(row, seats, user_id)
            if row.status == LOBBY:
                rest = [x for x in seats if x is not held]
                humans = [x for x in rest if x.user_id is not None]
                values: dict[str, Any] = {}
                if not humans:
                    values["status"] = ABANDONED
                elif row.created_by == user_id:
                    values["created_by"] = humans[0].user_id
                await self._bump(s, row, **values)
                remaining = await self._drop_lobby_seat(s, seats, held.seat)
                return ActResult(_info(row, remaining))
            _require_status(row, ACTIVE, "not_active")
            if held.cpu_takeover:
                raise _taken_over(row, held)
            held.cpu_takeover = True
            held.auto = False
            held.cpu_level = held.cpu_level or DEFAULT_LEVEL
            if not any(x.user_id is not None and not x.cpu_takeover for x in seats):
                await self._bump(s, row, status=ABANDONED, deadline=None, reminder_sent=False)
                return ActResult(_info(row, seats))
            game = _game(row)
            steps, actions = self._run_cpus(row, seats, game, include_auto=False)
            return await self._persist(s, row, seats, game, steps, actions, started=bool(actions))

    async def start(
        self, table_id: int, user_id: int, *, expected_version: int | None = None
    ) -> ActResult:
        """The creator starts the game with the seats taken; CPU seats to act play at once."""
        async with self._transaction() as s:
            row, seats = await self._load_rows(s, table_id, expected_version)
            _require_status(row, LOBBY, "lobby_only")
            _require_creator(row, user_id)
            cls = _game_class(row.game)
            if len(seats) < cls.min_seats:
                raise TableError(
                    "not_enough_seats",
                    f"{cls.names['en']} needs at least {cls.min_seats} seats.",
                    table_id=row.id,
                    seats=len(seats),
                    min_seats=cls.min_seats,
                )
            return await self._start_game(s, row, seats)

    # ================================================================== play

    async def act(
        self,
        table_id: int,
        user_id: int,
        action: Mapping[str, JSON],
        expected_version: int | None = None,
    ) -> ActResult:
        """Apply the user's action, then every CPU (and taken-over) seat now to act, in one batch.

        The action's seat is the user's seat, whatever `action["seat"]` says.
        """
        async with self._transaction() as s:
            row, seats = await self._load_rows(s, table_id, expected_version)
            _require_status(row, ACTIVE, "not_active")
            held = _require_seated(row, seats, user_id)
            if held.cpu_takeover:
                raise _taken_over(row, held)
            if held.seat not in row.to_act:
                raise TableError(
                    "not_your_turn",
                    "It is not your turn.",
                    table_id=row.id,
                    seat=held.seat,
                    to_act=list(row.to_act),
                )
            game = _game(row)
            try:
                parsed = Action.from_json({**dict(action), "seat": held.seat})
                events = game.apply(parsed)
            except IllegalAction as exc:
                raise TableError.illegal(exc) from None
            steps = [_step(parsed, events, by_cpu=False)]
            more_steps, more = self._run_cpus(row, seats, game, include_auto=False, offset=1)
            steps += more_steps
            return await self._persist(s, row, seats, game, steps, [parsed, *more])

    async def finish(
        self, table_id: int, user_id: int, *, expected_version: int | None = None
    ) -> ActResult:
        """Play every remaining turn at once: "see the result" (games with `instant_finish`).

        Every action is logged (one bulk insert); `steps` is empty, `applied` counts them.
        """
        async with self._transaction() as s:
            row, seats = await self._load_rows(s, table_id, expected_version)
            _require_status(row, ACTIVE, "not_active")
            _require_seated(row, seats, user_id)
            cls = _game_class(row.game)
            if not cls.instant_finish:
                raise TableError(
                    "no_instant_finish",
                    f"{cls.names['en']} has decisions to make; it cannot be finished at once.",
                    table_id=row.id,
                    game=row.game,
                )
            game = _game(row)
            actions = game.autoplay(_chooser(row, seats, f"finish@{row.action_count}"))
            return await self._persist(s, row, seats, game, [], actions)

    async def advance(self, table_id: int, limit: int = 1) -> ActResult:
        """Let automated seats (CPU, taken over, auto-flagged humans) take up to `limit` actions.

        The transport calls this at its watching pace; nothing to do returns `applied == 0`
        without writing.
        """
        async with self._transaction() as s:
            row, seats = await self._load_rows(s, table_id, None)
            _require_status(row, ACTIVE, "not_active")
            game = _game(row)
            steps, actions = self._run_cpus(row, seats, game, include_auto=True, limit=limit)
            if not actions:
                return self._result(row, seats, game, [], 0)
            return await self._persist(s, row, seats, game, steps, actions)

    async def set_auto(
        self, table_id: int, user_id: int, on: bool, *, expected_version: int | None = None
    ) -> TableInfo:
        """Turn the user's seat's auto flag on or off (the CPU then plays it via `advance`).

        A seat the CPU took over (the user left, or timed out under `cpu_seat`) comes back to
        its user either way: off, they play it again; on, the CPU plays it at their pace.
        """
        async with self._transaction() as s:
            row, seats = await self._load_rows(s, table_id, expected_version)
            if row.status not in OPEN_STATUSES:
                raise _status_error(row, "not_active")
            held = _require_seated(row, seats, user_id)
            await self._bump(s, row)
            if held.cpu_takeover:
                held.cpu_takeover = False
                held.cpu_level = None
            held.auto = on
            await s.flush()
            return _info(row, seats)

    async def rematch(self, table_id: int, user_id: int) -> ActResult:
        """Play again: a new running table in the same channel, same seats and options.

        Series (Kitten Fishing's `first`): match k of a series starts with seat
        `(first of match 1 + k - 1) % seats`, so the first player alternates match by match.
        Only the newest finished table of a series can be rematched (else `table_moved_on`).
        """
        async with self._transaction() as s:
            old, old_seats = await self._load_rows(s, table_id, None)
            if old.status != FINISHED:
                raise _status_error(old, "not_finished")
            _require_seated(old, old_seats, user_id)
            series_id = old.series_id or old.id
            newer = await s.scalar(
                select(TableRow.id).where(
                    TableRow.series_id == series_id, TableRow.series_match > old.series_match
                )
            )
            if newer is not None:
                raise _moved_on(old)
            busy = await self._open_table_id(s, old.channel_id)
            if busy is not None:
                raise _channel_busy(old.channel_id, busy)
            cls = _game_class(old.game)
            match = old.series_match + 1
            options = dict(old.options)
            if old.series_first is not None and "first" in options:
                options["first"] = (old.series_first + match - 1) % len(old_seats)
            now = self._clock()
            row = TableRow(
                guild_id=old.guild_id,
                channel_id=old.channel_id,
                game=cls.id,
                options=_resolve_options(cls, options),
                seat_count=old.seat_count,
                seed=secrets.randbits(63),
                status=LOBBY,
                to_act=[],
                action_count=0,
                version=0,
                created_by=old.created_by,
                created_at=now,
                updated_at=now,
                reminder_sent=False,
                turn_timer_seconds=old.turn_timer_seconds,
                expiry_policy=old.expiry_policy,
                locale=old.locale,
                series_id=series_id,
                series_match=match,
                series_first=old.series_first,
            )
            s.add(row)
            await self._flush_open_table(s, old.channel_id)
            seats = [
                SeatRow(
                    table_id=row.id,
                    seat=x.seat,
                    user_id=x.user_id,
                    cpu_level=None if x.user_id is not None else x.cpu_level,
                    name=x.name,
                )
                for x in old_seats
            ]
            s.add_all(seats)
            await s.flush()
            return await self._start_game(s, row, seats)

    async def abandon(
        self,
        table_id: int,
        user_id: int,
        is_moderator: bool = False,
        *,
        expected_version: int | None = None,
    ) -> TableInfo:
        """End a lobby or a running game without a result (its creator or a moderator)."""
        async with self._transaction() as s:
            row, seats = await self._load_rows(s, table_id, expected_version)
            if row.status not in OPEN_STATUSES:
                raise _status_error(row, "not_active")
            if not is_moderator:
                _require_creator(row, user_id)
            await self._bump(s, row, status=ABANDONED, deadline=None, reminder_sent=False)
            return _info(row, seats)

    # ================================================================== reading

    async def load(self, table_id: int) -> TableInfo:
        """The table (any status)."""
        async with self._transaction() as s:
            return _info(*await self._load_rows(s, table_id, None))

    async def active_table(self, channel_id: int) -> TableInfo | None:
        """The channel's lobby or running table, if any."""
        async with self._transaction() as s:
            table_id = await self._open_table_id(s, channel_id)
            if table_id is None:
                return None
            return _info(*await self._load_rows(s, table_id, None))

    async def tables_waiting_on(self, user_id: int) -> list[TableInfo]:
        """Every running table, in any guild, where a seat of the user is to act."""
        async with self._transaction() as s:
            rows = (
                await s.scalars(
                    select(TableRow)
                    .join(SeatRow, SeatRow.table_id == TableRow.id)
                    .where(
                        TableRow.status == ACTIVE,
                        SeatRow.user_id == user_id,
                        SeatRow.cpu_takeover.is_(False),
                    )
                    .order_by(TableRow.deadline, TableRow.id)
                )
            ).all()
            out = []
            for row in rows:
                seats = await self._seats(s, row.id)
                info = _info(row, seats)
                if user_id in info.waiting_user_ids:
                    out.append(info)
            return out

    async def auto_pending_tables(self) -> list[TableInfo]:
        """Running tables waiting on an auto-flagged seat: resume `advance` after a restart."""
        async with self._transaction() as s:
            rows = (
                await s.scalars(
                    select(TableRow)
                    .where(
                        TableRow.status == ACTIVE,
                        TableRow.id.in_(
                            select(SeatRow.table_id).where(
                                SeatRow.auto.is_(True), SeatRow.cpu_takeover.is_(False)
                            )
                        ),
                    )
                    .order_by(TableRow.id)
                )
            ).all()
            out = []
            for row in rows:
                seats = await self._seats(s, row.id)
                if any(seats[seat].auto and not seats[seat].cpu_takeover for seat in row.to_act):
                    out.append(_info(row, seats))
            return out

    async def private_view(self, table_id: int, user_id: int) -> dict[str, JSON]:
        """The view of the user's seat (their hand and the public table)."""
        async with self._transaction() as s:
            row, seats = await self._load_rows(s, table_id, None)
            held = _require_seated(row, seats, user_id)
            return _game_of_table(row).view(held.seat)

    async def public_view(self, table_id: int) -> dict[str, JSON]:
        """The public view of the game (what the channel may see)."""
        async with self._transaction() as s:
            row, _ = await self._load_rows(s, table_id, None)
            return _game_of_table(row).view(None)

    async def legal_actions(self, table_id: int, user_id: int) -> list[dict[str, JSON]]:
        """The user's legal actions now, as JSON (empty when not their turn)."""
        async with self._transaction() as s:
            row, seats = await self._load_rows(s, table_id, None)
            held = _require_seated(row, seats, user_id)
            if row.status != ACTIVE or held.cpu_takeover:
                return []
            return [a.to_json() for a in _game(row).legal_actions(held.seat)]

    async def record(self, table_id: int) -> dict[str, JSON]:
        """The table's game record (RECORDS.md): game, seats, options, seed, actions."""
        async with self._transaction() as s:
            row, seats = await self._load_rows(s, table_id, None)
            actions = (
                await s.scalars(
                    select(ActionLogRow.action)
                    .where(ActionLogRow.table_id == row.id)
                    .order_by(ActionLogRow.seq)
                )
            ).all()
            return Record(
                row.game, len(seats), dict(row.options), row.seed, None, tuple(actions)
            ).to_json()

    async def user_stats(self, user_id: int, game: str | None = None) -> list[UserStats]:
        """The user's played / won / lost / drawn counts, per game."""
        async with self._transaction() as s:
            query = select(UserStatsRow).where(UserStatsRow.user_id == user_id)
            if game is not None:
                query = query.where(UserStatsRow.game == game)
            rows = (await s.scalars(query.order_by(UserStatsRow.game))).all()
            return [UserStats(r.user_id, r.game, r.played, r.won, r.lost, r.drawn) for r in rows]

    # ================================================================== timers

    async def due_reminders(self, now: datetime | None = None) -> list[TableInfo]:
        """Running tables whose deadline is near and not yet reminded; each is returned once.

        "Near" is `reminder_before_seconds`, capped at half the table's turn timer so a short
        timer does not remind at once. The claim is atomic (several bot processes are safe).
        """
        now = now or self._clock()
        before = timedelta(seconds=self._settings.reminder_before_seconds)
        out: list[TableInfo] = []
        async with self._transaction() as s:
            rows = (
                await s.scalars(
                    select(TableRow)
                    .where(
                        TableRow.status == ACTIVE,
                        TableRow.reminder_sent.is_(False),
                        TableRow.deadline > now,
                        TableRow.deadline <= now + before,
                    )
                    .order_by(TableRow.deadline)
                )
            ).all()
            for row in rows:
                assert row.deadline is not None
                if row.deadline - now > self._reminder_window(row.turn_timer_seconds):
                    continue
                claimed = await s.execute(
                    update(TableRow)
                    .where(
                        TableRow.id == row.id,
                        TableRow.version == row.version,
                        TableRow.reminder_sent.is_(False),
                    )
                    .values(reminder_sent=True)
                    .execution_options(synchronize_session=False)
                )
                if _rowcount(claimed) == 1:
                    set_committed_value(row, "reminder_sent", True)
                    out.append(_info(row, await self._seats(s, row.id)))
        return out

    async def expire_overdue(self, now: datetime | None = None) -> list[Expiry]:
        """Apply each overdue table's expiry policy, once per deadline.

        `cpu_turn`: the CPU plays the pending action of each absent seat once, then the CPU
        seats play on. `cpu_seat`: the CPU takes those seats for the rest of the game.
        `abandon`: the table is abandoned. A table someone acted on meanwhile is skipped.
        """
        now = now or self._clock()
        async with self._transaction() as s:
            ids = (
                await s.scalars(
                    select(TableRow.id)
                    .where(TableRow.status == ACTIVE, TableRow.deadline <= now)
                    .order_by(TableRow.deadline, TableRow.id)
                )
            ).all()
        out: list[Expiry] = []
        for table_id in ids:
            try:
                expiry = await self._expire_one(table_id, now)
            except TableError as exc:
                if exc.code != "table_moved_on":
                    raise
                continue
            if expiry is not None:
                out.append(expiry)
        return out

    async def expire_lobbies(self, now: datetime | None = None) -> list[TableInfo]:
        """Abandon lobbies untouched for `lobby_expiry_seconds`."""
        now = now or self._clock()
        cutoff = now - timedelta(seconds=self._settings.lobby_expiry_seconds)
        async with self._transaction() as s:
            ids = (
                await s.scalars(
                    select(TableRow.id).where(
                        TableRow.status == LOBBY, TableRow.updated_at <= cutoff
                    )
                )
            ).all()
        out: list[TableInfo] = []
        for table_id in ids:
            try:
                async with self._transaction() as s:
                    row, seats = await self._load_rows(s, table_id, None)
                    if row.status != LOBBY or row.updated_at > cutoff:
                        continue
                    await self._bump(s, row, status=ABANDONED)
                    out.append(_info(row, seats))
            except TableError as exc:
                if exc.code != "table_moved_on":
                    raise
        return out

    async def next_wakeup(self) -> datetime | None:
        """The earliest moment a reminder, an expiry or a lobby expiry falls due (for a sleep)."""
        async with self._transaction() as s:
            deadline = await s.scalar(
                select(func.min(TableRow.deadline)).where(TableRow.status == ACTIVE)
            )
            unreminded = (
                await s.execute(
                    select(TableRow.deadline, TableRow.turn_timer_seconds).where(
                        TableRow.status == ACTIVE,
                        TableRow.reminder_sent.is_(False),
                        TableRow.deadline.is_not(None),
                    )
                )
            ).all()
            lobby = await s.scalar(
                select(func.min(TableRow.updated_at)).where(TableRow.status == LOBBY)
            )
        times: list[datetime] = [
            due - self._reminder_window(timer) for due, timer in unreminded if due is not None
        ]
        if deadline is not None:
            times.append(deadline)
        if lobby is not None:
            times.append(lobby + timedelta(seconds=self._settings.lobby_expiry_seconds))
        return min(times) if times else None

    def _reminder_window(self, turn_timer_seconds: int) -> timedelta:
        """How long before the deadline the reminder goes: the setting, at most half the timer."""
        return min(
            timedelta(seconds=self._settings.reminder_before_seconds),
            timedelta(seconds=turn_timer_seconds / 2),
        )

    # ================================================================== settings and messages

    async def set_table_settings(
        self,
        table_id: int,
        user_id: int,
        *,
        turn_timer_seconds: int | None = None,
        expiry_policy: str | None = None,
        locale: str | None = UNSET,
        is_moderator: bool = False,
    ) -> TableInfo:
        """Change a table's turn timer, expiry policy or locale (creator or moderator).

        A new timer applies from the next turn; the current deadline stands.
        """
        values: dict[str, Any] = {}
        if turn_timer_seconds is not None:
            values["turn_timer_seconds"] = _check_timer(turn_timer_seconds)
        if expiry_policy is not None:
            values["expiry_policy"] = _check_policy(expiry_policy)
        if locale is not UNSET:
            values["locale"] = _check_locale(locale)
        async with self._transaction() as s:
            row, seats = await self._load_rows(s, table_id, None)
            if row.status not in OPEN_STATUSES:
                raise _status_error(row, "not_active")
            if not is_moderator:
                _require_creator(row, user_id)
            await self._bump(s, row, **values)
            return _info(row, seats)

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """The guild's defaults for new tables."""
        async with self._transaction() as s:
            row = await s.get(GuildSettingsRow, guild_id)
            if row is None:
                return GuildSettings(guild_id)
            return GuildSettings(guild_id, row.locale, row.turn_timer_seconds, row.expiry_policy)

    async def set_guild_settings(
        self,
        guild_id: int,
        *,
        locale: str | None = UNSET,
        turn_timer_seconds: int | None = UNSET,
        expiry_policy: str | None = UNSET,
    ) -> GuildSettings:
        """Change the guild's defaults (None clears a value back to the bot's setting)."""
        values: dict[str, Any] = {}
        if locale is not UNSET:
            values["locale"] = _check_locale(locale)
        if turn_timer_seconds is not UNSET:
            values["turn_timer_seconds"] = (
                None if turn_timer_seconds is None else _check_timer(turn_timer_seconds)
            )
        if expiry_policy is not UNSET:
            values["expiry_policy"] = (
                None if expiry_policy is None else _check_policy(expiry_policy)
            )
        async with self._transaction() as s:
            await self._upsert(s, GuildSettingsRow, {"guild_id": guild_id}, values)
        return await self.guild_settings(guild_id)

    async def dm_closed(self, user_id: int) -> bool:
        """True when a DM to the user failed and they have not opened DMs since."""
        async with self._transaction() as s:
            row = await s.get(UserSettingsRow, user_id)
            return bool(row and row.dm_closed)

    async def set_dm_closed(self, user_id: int, closed: bool) -> None:
        """Remember whether the user's DMs are closed."""
        async with self._transaction() as s:
            await self._upsert(s, UserSettingsRow, {"user_id": user_id}, {"dm_closed": closed})

    async def user_locale(self, user_id: int) -> str | None:
        """The user's locale override, if they chose one."""
        async with self._transaction() as s:
            row = await s.get(UserSettingsRow, user_id)
            return row.locale if row else None

    async def set_user_locale(self, user_id: int, locale: str | None) -> None:
        """Set (or clear, with None) the user's locale override."""
        value = _check_locale(locale)
        async with self._transaction() as s:
            await self._upsert(s, UserSettingsRow, {"user_id": user_id}, {"locale": value})

    async def set_message_ref(
        self,
        table_id: int,
        kind: str,
        channel_id: int,
        message_id: int,
        user_id: int | None = None,
    ) -> MessageRef:
        """Remember (or replace) the message of `kind` ("table", "ping", "hand"...) to edit."""
        keys = {
            "table_id": table_id,
            "kind": kind,
            "user_id": NO_USER if user_id is None else user_id,
        }
        async with self._transaction() as s:
            if await s.get(TableRow, table_id) is None:
                raise _no_table(table_id)
            await self._upsert(
                s, MessageRefRow, keys, {"channel_id": channel_id, "message_id": message_id}
            )
        return MessageRef(table_id, kind, user_id, channel_id, message_id)

    async def get_message_ref(
        self, table_id: int, kind: str, user_id: int | None = None
    ) -> MessageRef | None:
        """The remembered message of `kind` (for `user_id`), or None."""
        async with self._transaction() as s:
            row = await s.scalar(
                select(MessageRefRow).where(
                    MessageRefRow.table_id == table_id,
                    MessageRefRow.kind == kind,
                    MessageRefRow.user_id == (NO_USER if user_id is None else user_id),
                )
            )
            return _message_ref(row) if row else None

    async def message_refs(self, table_id: int) -> list[MessageRef]:
        """Every remembered message of a table."""
        async with self._transaction() as s:
            rows = (
                await s.scalars(
                    select(MessageRefRow)
                    .where(MessageRefRow.table_id == table_id)
                    .order_by(MessageRefRow.id)
                )
            ).all()
            return [_message_ref(r) for r in rows]

    async def delete_message_ref(
        self, table_id: int, kind: str, user_id: int | None = None
    ) -> bool:
        """Forget a message (it was deleted); True when there was one."""
        async with self._transaction() as s:
            result = await s.execute(
                delete(MessageRefRow).where(
                    MessageRefRow.table_id == table_id,
                    MessageRefRow.kind == kind,
                    MessageRefRow.user_id == (NO_USER if user_id is None else user_id),
                )
            )
            return _rowcount(result) > 0

    # ================================================================== internals

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[AsyncSession]:
        async with self._db.sessions() as session, session.begin():
            yield session

    async def _seats(self, s: AsyncSession, table_id: int) -> list[SeatRow]:
        return list(
            (
                await s.scalars(
                    select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
                )
            ).all()
        )

    async def _load_rows(
        self, s: AsyncSession, table_id: int, expected_version: int | None
    ) -> tuple[TableRow, list[SeatRow]]:
        row = await s.get(TableRow, table_id)
        if row is None:
            raise _no_table(table_id)
        if expected_version is not None and expected_version != row.version:
            raise _moved_on(row)
        return row, await self._seats(s, table_id)

    async def _open_table_id(self, s: AsyncSession, channel_id: int) -> int | None:
        return await s.scalar(
            select(TableRow.id).where(
                TableRow.channel_id == channel_id, TableRow.status.in_(OPEN_STATUSES)
            )
        )

    async def _flush_open_table(self, s: AsyncSession, channel_id: int) -> None:
        """Flush a new open table; the partial unique index refuses a second one per channel."""
        try:
            await s.flush()
        except IntegrityError:
            raise _channel_busy(channel_id, None) from None

    async def _bump(self, s: AsyncSession, row: TableRow, **values: Any) -> None:
        """Write `values` and version + 1, only if nobody wrote the table since we read it."""
        now = self._clock()
        values = {**values, "version": row.version + 1, "updated_at": now}
        result = await s.execute(
            update(TableRow)
            .where(TableRow.id == row.id, TableRow.version == row.version)
            .values(**values)
            .execution_options(synchronize_session=False)
        )
        if _rowcount(result) != 1:
            raise _moved_on(row)
        for key, value in values.items():
            set_committed_value(row, key, value)

    async def _drop_lobby_seat(
        self, s: AsyncSession, seats: list[SeatRow], index: int
    ) -> list[SeatRow]:
        """Delete a lobby seat and move the later ones up (one at a time: the unique key)."""
        await s.delete(seats[index])
        await s.flush()
        remaining = [x for x in seats if x.seat != index]
        for x in remaining:
            if x.seat > index:
                x.seat -= 1
                await s.flush()
        return remaining

    def _cpu_name(self, row: TableRow, seats: Sequence[SeatRow]) -> str:
        cls = _game_class(row.game)
        locale = row.locale or self._settings.default_locale
        base = cls.cpu_names.get(locale) or cls.cpu_names.get("en") or "CPU"
        count = sum(1 for x in seats if x.user_id is None)
        return base if count == 0 else f"{base} {count + 1}"

    async def _start_game(self, s: AsyncSession, row: TableRow, seats: list[SeatRow]) -> ActResult:
        cls = _game_class(row.game)
        try:
            game = cls.new(len(seats), row.options, row.seed)
        except RecordError as exc:
            raise TableError.from_engine(exc) from None
        steps, actions = self._run_cpus(row, seats, game, include_auto=False)
        return await self._persist(s, row, seats, game, steps, actions, started=True, status=ACTIVE)

    def _run_cpus(
        self,
        row: TableRow,
        seats: Sequence[SeatRow],
        game: Game,
        *,
        include_auto: bool,
        limit: int | None = None,
        offset: int = 0,
    ) -> tuple[list[Step], list[Action]]:
        """Let the automated seats that are to act play, until a human is to act or `limit`.

        One chooser per batch, seeded from the table seed and the log length at the batch's
        start (`offset` counts actions this call applied before the batch), so a replay of the
        same calls gives the same CPU moves.
        """
        steps: list[Step] = []
        actions: list[Action] = []
        chooser = None
        cap = BATCH_CAP if limit is None else min(limit, BATCH_CAP)
        while not game.is_over() and len(actions) < cap:
            ready = sorted(seat for seat in game.to_act() if _automated(seats[seat], include_auto))
            if not ready:
                break
            if chooser is None:
                chooser = _chooser(row, seats, f"cpu@{row.action_count + offset}")
            action = chooser(game, ready[0])
            steps.append(_step(action, game.apply(action), by_cpu=True))
            actions.append(action)
        return steps, actions

    async def _persist(
        self,
        s: AsyncSession,
        row: TableRow,
        seats: list[SeatRow],
        game: Game,
        steps: list[Step],
        actions: Sequence[Action],
        *,
        started: bool = False,
        status: str | None = None,
        now: datetime | None = None,
    ) -> ActResult:
        """Write snapshot, log rows, version + 1 (and the end: result, stats) in this transaction.

        A new turn deadline (now + the table's timer) whenever an action was applied or the game
        started; none once it is over.
        """
        now = now or self._clock()
        first_seq = row.action_count
        values: dict[str, Any] = {
            "snapshot": game.to_json(),
            "to_act": sorted(game.to_act()),
            "action_count": first_seq + len(actions),
        }
        if status is not None:
            values["status"] = status
        if game.is_over():
            values.update(status=FINISHED, result=game.result(), deadline=None, reminder_sent=False)
        elif actions or started:
            values.update(
                deadline=now + timedelta(seconds=row.turn_timer_seconds), reminder_sent=False
            )
        await self._bump(s, row, **values)
        if actions:
            await s.execute(
                insert(ActionLogRow),
                [
                    {
                        "table_id": row.id,
                        "seq": first_seq + i,
                        "seat": action.seat,
                        "action": action.to_json(),
                        "created_at": now,
                    }
                    for i, action in enumerate(actions)
                ],
            )
        if game.is_over():
            await self._record_stats(s, row, seats, game.result() or {})
        await s.flush()
        return self._result(row, seats, game, steps, len(actions))

    def _result(
        self,
        row: TableRow,
        seats: Sequence[SeatRow],
        game: Game,
        steps: Sequence[Step],
        applied: int,
    ) -> ActResult:
        to_act = game.to_act()
        return ActResult(
            table=_info(row, seats),
            steps=tuple(steps),
            applied=applied,
            public_view=game.view(None),
            views={seat: game.view(seat) for seat in range(game.seats)},
            auto_pending=any(
                seats[seat].auto and not _automated(seats[seat], False) for seat in to_act
            ),
        )

    async def _record_stats(
        self, s: AsyncSession, row: TableRow, seats: Sequence[SeatRow], result: Mapping[str, Any]
    ) -> None:
        winners = _winners(result)
        for seat in seats:
            if seat.user_id is None:
                continue
            outcome = "drawn" if not winners else "won" if seat.seat in winners else "lost"
            await self._upsert(
                s,
                UserStatsRow,
                {"user_id": seat.user_id, "game": row.game},
                {"played": 1, outcome: 1},
                increment=True,
            )

    async def _upsert(
        self,
        s: AsyncSession,
        model: type[Any],
        keys: Mapping[str, Any],
        values: Mapping[str, Any],
        *,
        increment: bool = False,
    ) -> None:
        """INSERT ... ON CONFLICT (keys) DO UPDATE, on SQLite and PostgreSQL alike.

        With `increment`, `values` are added to the stored counts instead of replacing them.
        """
        dialect = sqlite if self._db.dialect == "sqlite" else postgresql
        stmt = dialect.insert(model).values({**_insert_defaults(model), **keys, **values})
        if increment:
            changes = {k: getattr(model, k) + v for k, v in values.items()}
        else:
            changes = dict(values)
        if changes:
            stmt = stmt.on_conflict_do_update(index_elements=list(keys), set_=changes)
        else:
            stmt = stmt.on_conflict_do_nothing(index_elements=list(keys))
        await s.execute(stmt)

    async def _expire_one(self, table_id: int, now: datetime) -> Expiry | None:
        async with self._transaction() as s:
            row, seats = await self._load_rows(s, table_id, None)
            if row.status != ACTIVE or row.deadline is None or row.deadline > now:
                return None
            pending = tuple(
                seat for seat in sorted(row.to_act) if not _automated(seats[seat], False)
            )
            users = tuple(seats[seat].user_id or 0 for seat in pending)
            policy = row.expiry_policy
            if policy != "abandon" and not _has_cpu(row.game):
                policy = "abandon"  # nobody can play for the absent seat
            if policy == "abandon":
                await self._bump(s, row, status=ABANDONED, deadline=None, reminder_sent=False)
                return Expiry(policy, pending, users, ActResult(_info(row, seats)))
            game = _game(row)
            steps: list[Step] = []
            actions: list[Action] = []
            if policy == "cpu_seat":
                for seat in pending:
                    seats[seat].cpu_takeover = True
                    seats[seat].auto = False
                    seats[seat].cpu_level = seats[seat].cpu_level or DEFAULT_LEVEL
            else:
                chooser = _chooser(row, seats, f"expire@{row.action_count}")
                for seat in pending:
                    if game.is_over() or seat not in game.to_act():
                        continue
                    action = chooser(game, seat)
                    steps.append(_step(action, game.apply(action), by_cpu=True))
                    actions.append(action)
            more_steps, more = self._run_cpus(
                row, seats, game, include_auto=False, offset=len(actions)
            )
            steps += more_steps
            actions += more
            result = await self._persist(s, row, seats, game, steps, actions, started=True, now=now)
            return Expiry(policy, pending, users, result)


# ====================================================================== helpers


def _game_class(game_id: str) -> type[Game]:
    try:
        return game_class(game_id)
    except RecordError as exc:
        raise TableError.from_engine(exc) from None


def _resolve_options(cls: type[Game], options: Mapping[str, JSON] | None) -> dict[str, JSON]:
    try:
        return engine_resolve_options(cls.option_specs, options)
    except RecordError as exc:
        raise TableError.from_engine(exc) from None


def _game(row: TableRow) -> Game:
    assert row.snapshot is not None, "a running table always has a snapshot"
    return _game_class(row.game).from_json(row.snapshot)


def _game_of_table(row: TableRow) -> Game:
    if row.snapshot is None:
        raise _status_error(row, "not_active")
    return _game(row)


def _automated(seat: SeatRow, include_auto: bool) -> bool:
    return seat.user_id is None or seat.cpu_takeover or (include_auto and seat.auto)


def _chooser(
    row: TableRow, seats: Sequence[SeatRow], purpose: str
) -> Callable[[Game, int], Action]:
    """`cpu_chooser` for the table: each seat at its level (humans at normal), seeded per purpose."""
    levels = [seat.cpu_level or DEFAULT_LEVEL for seat in seats]
    try:
        return cpu_chooser(row.game, levels, row.seed, purpose=purpose)
    except GameError as exc:
        raise TableError.from_engine(exc) from None


def _has_cpu(game_id: str) -> bool:
    try:
        cpu_player(game_id)
    except GameError:
        return False
    return True


def _name(name: str) -> str:
    """A display name that fits the column (Discord's are 32 characters at most anyway)."""
    return name.strip()[:NAME_LENGTH] or "?"


def _step(action: Action, events: Sequence[Any], *, by_cpu: bool) -> Step:
    return Step(action.seat, action.to_json(), tuple(e.to_json() for e in events), by_cpu)


def _seat_of(seats: Sequence[SeatRow], user_id: int) -> SeatRow | None:
    return next((x for x in seats if x.user_id == user_id), None)


def _winners(result: Mapping[str, Any]) -> set[int]:
    """Winning seats from any game's result: `winners` (list) or `winner` (seat or None)."""
    if isinstance(result.get("winners"), list):
        return {int(x) for x in result["winners"]}
    winner = result.get("winner")
    return set() if winner is None else {int(winner)}


def _info(row: TableRow, seats: Sequence[SeatRow]) -> TableInfo:
    return TableInfo(
        id=row.id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        game=row.game,
        options=dict(row.options),
        status=row.status,
        version=row.version,
        seats=tuple(
            SeatInfo(x.seat, x.user_id, x.cpu_level, x.name, bool(x.auto), bool(x.cpu_takeover))
            for x in sorted(seats, key=lambda x: x.seat)
        ),
        seat_count=row.seat_count,
        to_act=tuple(row.to_act or ()),
        action_count=row.action_count,
        created_by=row.created_by,
        created_at=row.created_at,
        updated_at=row.updated_at,
        deadline=row.deadline,
        reminder_sent=bool(row.reminder_sent),
        turn_timer_seconds=row.turn_timer_seconds,
        expiry_policy=row.expiry_policy,
        locale=row.locale,
        series_id=row.series_id,
        series_match=row.series_match,
        result=dict(row.result) if row.result is not None else None,
    )


def _message_ref(row: MessageRefRow) -> MessageRef:
    return MessageRef(
        row.table_id,
        row.kind,
        None if row.user_id == NO_USER else row.user_id,
        row.channel_id,
        row.message_id,
    )


def _insert_defaults(model: type[Any]) -> dict[str, Any]:
    """Python-side column defaults, which a Core upsert does not apply by itself."""
    out: dict[str, Any] = {}
    for column in model.__table__.columns:
        default = column.default
        if default is not None and default.is_scalar:
            out[column.key] = default.arg
    return out


def _rowcount(result: Any) -> int:
    return int(result.rowcount)


def _require_status(row: TableRow, status: str, code: str) -> None:
    if row.status != status:
        raise _status_error(row, code)


def _status_error(row: TableRow, code: str) -> TableError:
    messages = {
        "lobby_only": "That can only be done before the game starts.",
        "not_active": "This table is not being played.",
        "not_finished": "This table has not finished yet.",
    }
    return TableError(code, messages[code], table_id=row.id, status=row.status)


def _require_seated(row: TableRow, seats: Sequence[SeatRow], user_id: int) -> SeatRow:
    held = _seat_of(seats, user_id)
    if held is None:
        raise TableError(
            "not_seated", "You have no seat at this table.", table_id=row.id, user_id=user_id
        )
    return held


def _require_creator(row: TableRow, user_id: int) -> None:
    if row.created_by != user_id:
        raise TableError(
            "not_creator",
            "Only the table's creator (or a moderator) can do that.",
            table_id=row.id,
            creator_id=row.created_by,
        )


def _require_room(row: TableRow, seats: Sequence[SeatRow]) -> None:
    if len(seats) >= row.seat_count:
        raise TableError(
            "table_full", "Every seat is taken.", table_id=row.id, seats=row.seat_count
        )


def _taken_over(row: TableRow, seat: SeatRow) -> TableError:
    return TableError(
        "seat_taken_over",
        "The computer plays your seat now.",
        table_id=row.id,
        seat=seat.seat,
    )


def _moved_on(row: TableRow) -> TableError:
    return TableError(
        "table_moved_on",
        "The table has moved on since you looked; look again.",
        table_id=row.id,
        version=row.version,
    )


def _no_table(table_id: int) -> TableError:
    return TableError("no_table", "There is no such table.", table_id=table_id)


def _channel_busy(channel_id: int, table_id: int | None) -> TableError:
    return TableError(
        "channel_busy",
        "This channel already has a table; finish or abandon it first (or open a thread).",
        channel_id=channel_id,
        table_id=table_id,
    )


def _check_timer(seconds: int) -> int:
    if not isinstance(seconds, int) or not MIN_TURN_TIMER <= seconds <= MAX_TURN_TIMER:
        raise TableError(
            "bad_setting",
            f"The turn timer is {MIN_TURN_TIMER} to {MAX_TURN_TIMER} seconds.",
            setting="turn_timer_seconds",
            value=seconds,
            min=MIN_TURN_TIMER,
            max=MAX_TURN_TIMER,
        )
    return seconds


def _check_policy(policy: str) -> str:
    if policy not in EXPIRY_POLICIES:
        raise TableError(
            "bad_setting",
            f"The expiry policy is one of {', '.join(EXPIRY_POLICIES)}.",
            setting="expiry_policy",
            value=policy,
            choices=list(EXPIRY_POLICIES),
        )
    return policy


def _check_locale(locale: str | None) -> str | None:
    if locale is not None and locale not in LOCALES:
        raise TableError(
            "bad_setting",
            f"The locale is one of {', '.join(LOCALES)}.",
            setting="locale",
            value=locale,
            choices=list(LOCALES),
        )
    return locale


__all__ = ["UNSET", "TableService"]
