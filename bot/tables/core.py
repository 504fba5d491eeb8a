"""What the use cases of the tables service share: the write path (`TableWriter`: a game
started, CPU batches, a batch written, what follows it), what each use case is given
(`UseCase`), and the pure helpers and refusals over a table's rows.

The stored snapshot always equals the replay of the table's action log from
`Game.new(seats, options, seed)`; every write is the repository's conditional write
(`bot.tables.repository`).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import weakref
from collections.abc import (
    Awaitable,
    Callable,
    Collection,
    Iterator,
    Mapping,
    Sequence,
)
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import (
    ColumnElement,
    func,
    literal_column,
    true,
)
from sqlalchemy.ext.asyncio import AsyncSession

from bot.settings import Settings
from bot.shards import Shards
from bot.store.database import (
    DatabaseError,
    dump_json,
    load_json,
)
from bot.store.models import (
    ACTIVE,
    FINISHED,
    LOBBY,
    SeatRow,
    TableRow,
    UserStatsRow,
)
from bot.tables import archive, flow, units
from bot.tables.automation import Automation, Batch, CostKey, Job, Seating, Thought, chooser
from bot.tables.errors import TableError, quarantined
from bot.tables.repository import Rows, TableRepository
from bot.tables.results import ActResult, SeatInfo, SeatPromptInfo, Step, TableInfo
from bot.tables.thinkers import Thinkers
from engines.cpu import DEFAULT_LEVEL, cpu_player
from engines.errors import JSON, GameError, RecordError
from engines.game import Decide, Game
from engines.options import resolve_options as engine_resolve_options
from engines.prompts import Prompt
from engines.registry import game_class

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]
Progress = Callable[[ActResult], Awaitable[None]]
"""Called with each write of a unit of work but its last (the moves so far, to show them)."""

NAME_LENGTH = 100


class _Unset:
    def __repr__(self) -> str:
        return "UNSET"


UNSET: Any = _Unset()
"""Default of optional setters: leave the value as it is (None clears it)."""


@dataclass(frozen=True, slots=True)
class Pending:
    """A unit's batch as its first write left it: the game written, and the CPUs' loop, which
    may have stopped before a decision to be thought elsewhere (`TableWriter.follow`)."""

    game: Game
    auto: Automation | None = None


class TableWriter:
    """The write path the use cases share: a game started, CPU batches (here or in a worker),
    a batch written with its prompts, deadlines and statistics, and what follows it."""

    def __init__(
        self, repo: TableRepository, settings: Settings, clock: Clock, thinkers: Thinkers
    ) -> None:
        self._repo = repo
        self._settings = settings
        self._clock = clock
        self.thinkers = thinkers
        """Where the CPU seats think (`bot.tables.thinkers`)."""
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        """Each table's lock on its units of work in this process (`table_lock`)."""

    def new_table(self, **values: Any) -> TableRow:
        """A lobby row with the bookkeeping columns at their starting values."""
        now = self._clock()
        return TableRow(
            seed=secrets.randbits(63),
            status=LOBBY,
            to_act=[],
            action_count=0,
            version=0,
            created_at=now,
            updated_at=now,
            paced=False,
            **values,
        )

    # ------------------------------------------------------------------ the write path

    async def start_game(
        self, s: AsyncSession, row: TableRow, seats: list[SeatRow]
    ) -> tuple[ActResult, Pending]:
        cls = game_class_or_error(row.game)
        try:
            game = cls.new(len(seats), row.options, row.seed)
        except RecordError as exc:
            raise TableError.from_engine(exc) from None
        batch, auto = self.automate(row, seats, game)
        result = await self.persist(
            s, row, seats, game, batch, started=True, status=ACTIVE, auto=auto
        )
        return result, Pending(game, auto)

    def seating(self, seats: Sequence[SeatRow]) -> Seating:
        """The seats as the CPU batches need them (each seat at its level; a person's at normal,
        for their Auto). A level chosen during a match (`next_level`) decides from the game's
        next part (hand, deal, round) on, even within one batch that crosses into it."""
        return Seating(
            levels=tuple(seat.cpu_level or DEFAULT_LEVEL for seat in seats),
            later=tuple(seat.next_level for seat in seats),
            parts=tuple(seat.level_part for seat in seats),
            cpu=tuple(cpu_plays(seat) for seat in seats),
            auto=tuple(bool(seat.auto) for seat in seats),
        )

    def automate(
        self,
        row: TableRow,
        seats: Sequence[SeatRow],
        game: Game,
        *,
        paced: int = 0,
        offset: int = 0,
        states: Sequence[flow.PromptState] | None = None,
    ) -> tuple[Batch, Automation]:
        """Let the CPU seats decide, and take up to `paced` steps of the table's pace: what may
        be decided on the event loop is taken here (`bot.tables.automation`); the loop stops
        before a decision to be thought in a worker (`auto.waiting`: `follow` goes on).

        One chooser per batch, seeded from the table seed and the log length at the batch's
        start (`offset`: actions this call applied before it), so replays give the same CPU
        moves. `states`: the row's prompt states when the caller has read them already.
        """
        auto = self.automation(row, seats, paced, offset, states)
        return self.run_here(auto, game), auto

    def automation(
        self,
        row: TableRow,
        seats: Sequence[SeatRow],
        paced: int,
        offset: int,
        states: Sequence[flow.PromptState] | None,
    ) -> Automation:
        """The CPU loop of a batch starting `offset` actions after the row's log (its RNGs
        seeded `cpu@<n>`), at the row's prompt states unless `states` are given."""
        if states is None:
            states = flow.load_states(row.prompt_states, len(seats))
        return Automation.start(
            row.game,
            row.seed,
            f"cpu@{row.action_count + offset}",
            self.seating(seats),
            states,
            self._clock(),
            paced,
        )

    def run_here(self, auto: Automation, game: Game) -> Batch:
        """Take on the event loop the steps of `auto` that may be taken here: the table's own
        steps, and decisions known to cost less than a worker's round trip (one that runs
        past the loop's guard after all is dropped and thought in a worker)."""
        batch = Batch.empty()
        thinkers = self.thinkers
        auto.timings = []

        def may_decide(key: CostKey) -> bool:
            return thinkers.may_decide_here(key, sum(t for _, t in auto.timings))

        try:
            auto.run(game, batch, may_decide, guard=thinkers.guard)
        except GameError as exc:
            raise TableError.from_engine(exc) from None
        for key, seconds in auto.timings:
            thinkers.costs.note(key, seconds)
        return batch

    def run_automated(
        self,
        row: TableRow,
        seats: Sequence[SeatRow],
        game: Game,
        *,
        paced: int = 0,
        offset: int = 0,
        states: Sequence[flow.PromptState] | None = None,
    ) -> Batch:
        """The whole batch on the event loop (`automate` thinking nowhere else): for the
        tests and tools that want the CPUs' answers at once."""
        auto = self.automation(row, seats, paced, offset, states)
        batch = Batch.empty()
        try:
            auto.run(game, batch)
        except GameError as exc:
            raise TableError.from_engine(exc) from None
        return batch

    def chooser(self, row: TableRow, seats: Sequence[SeatRow], purpose: str) -> Decide:
        """`cpu_chooser` for the table: each seat at its level (humans at normal); a level
        chosen during a match decides from the game's next part on (`automation.chooser`)."""
        try:
            return chooser(row.game, self.seating(seats), row.seed, purpose)
        except GameError as exc:
            raise TableError.from_engine(exc) from None

    # ------------------------------------------------------------------ thinking elsewhere

    def table_lock(self, table_id: int) -> asyncio.Lock:
        """The lock of one table's units of work in this process: a move, the table's pace, a
        timer's turn there run one after the other, never interleaved (a CPU thinking for
        seconds between two writes of a unit is not raced by another unit of this process)."""
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        return lock

    async def follow(
        self, result: ActResult, pending: Pending, progress: Progress | None = None
    ) -> ActResult:
        """Go on with a batch stopped before a decision to be thought elsewhere: think it in a
        worker process, outside any transaction, write what it did (the same conditional write
        as a person's move), and again until the CPUs have nothing left to decide now.

        Each write is published as it comes when `progress` is given: it is called with every
        result but the last, which is returned. Without it the results are merged into one.
        A write refused because the table moved on meanwhile drops the thought, and the loop
        starts again from the table as it is. Should this stop halfway (a failure, a crash),
        the table is left `paced` with a watchdog deadline: the timers resume it
        (`bot.tables.deadlines`), as the restart path does (`auto_pending_tables`).
        """
        auto, game = pending.auto, pending.game
        if auto is None or not auto.waiting:
            return result
        done = [result]
        table_id = result.table.id
        while auto is not None and auto.waiting:
            if progress is not None and (done[-1].applied or done[-1].steps):
                await progress(done[-1])
            try:
                job = Job(game.to_json(), auto, 0.0, None)
                thought = await self.thinkers.think(job)
                written = await self.write_thought(table_id, done[-1].table.version, thought)
            except (DatabaseError, TableError, GameError) as exc:
                log.warning("table %s: the CPUs' moves stop here for now (%s)", table_id, exc)
                break
            if written is None:
                break
            result, game, auto = written
            done.append(result)
        if progress is not None:
            return done[-1]
        return merge_results(done)

    async def write_thought(
        self, table_id: int, version: int, thought: Thought
    ) -> tuple[ActResult, Game, Automation] | None:
        """Write what a worker thought at `table_id`, if the table is still at `version` (else
        start the CPUs' batch again from the table as it is); then take on the loop what may
        be taken there. None when nothing is left to write."""
        for seat, kind, level in thought.automation.fallbacks:
            log.warning(
                "table %s: seat %s's %s decision passed its deadline at level %s; a cheaper "
                "level decided",
                table_id,
                seat,
                kind,
                level,
            )
        async with self._repo.unit() as s:
            row, seats, held_game, held = await self._repo.rows_to_write(s, table_id)
            if row.status != ACTIVE:
                if held is not None:
                    self._repo.held.give_back(held)
                return None
            states = flow.load_states(row.prompt_states, len(seats))
            if row.version == version:
                game = game_class_or_error(row.game).from_json(thought.snapshot)
                auto = thought.automation
                auto.states = states
                auto.now = self._clock()
                batch = Batch.from_wire(thought.batch)
                batch.extend(self.run_here(auto, game))
            else:
                # the table moved on meanwhile: what was thought was thought for another table
                game = held_game if held_game is not None else game_of(row)
                batch, auto = self.automate(row, seats, game, states=states)
            if not batch.actions and not batch.declined and not auto.waiting:
                if held is not None:
                    self._repo.held.give_back(held)
                return None
            result = await self.persist(s, row, seats, game, batch, states=states, auto=auto)
            return result, game, auto

    async def persist(
        self,
        s: Rows,
        row: TableRow,
        seats: list[SeatRow],
        game: Game,
        batch: Batch,
        *,
        started: bool = False,
        status: str | None = None,
        now: datetime | None = None,
        states: list[flow.PromptState] | None = None,
        auto: Automation | None = None,
    ) -> ActResult:
        """Write snapshot, log rows, prompt states, version + 1 (and the end: result, stats).

        Prompt versions step for the seats whose prompt changed or who acted; each new prompt
        gets its deadline; the table keeps the earliest deadline and reminder for the timers.
        A table with steps of its own still to take (its pace, or CPU moves being thought
        elsewhere: `auto.waiting`) is `paced`, and its deadline is at most `stall_seconds`
        away: a watchdog, pushed back by each write, that the timers meet only when nothing
        moved the table for that long (`bot.tables.deadlines`: a stall, resumed).
        """
        now = now or self._clock()
        first_seq = row.action_count
        promote_levels(seats, game)
        old = states if states is not None else flow.load_states(row.prompt_states, len(seats))
        prompts = {} if game.is_over() else game.seat_decisions()
        new = flow.next_states(
            old,
            prompts,
            batch.acted,
            now,
            row.turn_timer_seconds,
            self._settings.live_timer_seconds,
            row.window_seconds,
            present={step.seat for step in batch.steps if step.by == "user"},
        )
        new = flow.mark_declined(new, batch.declined)
        deadline, remind_at = flow.schedule(new, flow.reminder_rule(self._settings))
        thinking = auto is not None and auto.waiting and not game.is_over()
        paced = has_paced_step(game, seats) or thinking
        if paced:
            watchdog = now + timedelta(seconds=self._settings.stall_seconds)
            deadline = watchdog if deadline is None else min(deadline, watchdog)
        values: dict[str, Any] = {
            "snapshot": game.to_json(),
            "to_act": sorted(game.to_act()),
            "action_count": first_seq + len(batch.actions),
            "prompt_states": flow.dump_states(new),
            "deadline": deadline,
            "remind_at": remind_at,
            "paced": paced,
        }
        if status is not None:
            values["status"] = status
        if game.is_over():
            values.update(status=FINISHED, result=game.result())
        await self._repo.bump(s, row, **values)
        if batch.actions:
            log = [
                {
                    "table_id": row.id,
                    "seq": first_seq + i,
                    "seat": action.seat,
                    "action": action.to_json(),
                    "seal": batch.seals[i] if i < len(batch.seals) else None,
                    "created_at": now,
                }
                for i, action in enumerate(batch.actions)
            ]
            await self._repo.log(s, log)
        if game.is_over():
            await self.record_stats(s, row, seats, game.result() or {})
        await s.flush()
        reprompted = frozenset(
            seat
            for seat, (before, after) in enumerate(zip(old, new, strict=True))
            if after.version != before.version and after.asked
        )
        result = result_of(
            row,
            seats,
            game,
            batch.steps,
            len(batch.actions),
            reprompted,
            prompts,
            states=new,
            pending=thinking,
        )
        views = result.views if isinstance(result.views, SeatViews) else None
        self._repo.hold(s, row, seats, game, views)
        return result

    async def record_stats(
        self, s: Rows, row: TableRow, seats: Sequence[SeatRow], result: Mapping[str, Any]
    ) -> None:
        won = winners(result)
        # In user order, not seat order: two games of the same players ending together then
        # lock their rows in one order and cannot deadlock.
        for seat in sorted(seats, key=lambda x: x.user_id or 0):
            if seat.user_id is None:
                continue
            outcome = "drawn" if not won else "won" if seat.seat in won else "lost"
            await self._repo.upsert(
                s,
                UserStatsRow,
                {"user_id": seat.user_id, "game": row.game},
                {"played": 1, outcome: 1},
                increment=True,
            )

    def cpu_name(self, row: TableRow, seats: Sequence[SeatRow]) -> str:
        cls = game_class_or_error(row.game)
        locale = row.locale or self._settings.default_locale
        base = cls.cpu_names.get(locale) or cls.cpu_names.get("en") or "CPU"
        count = sum(1 for x in seats if x.user_id is None)
        return base if count == 0 else f"{base} {count + 1}"


class UseCase:
    """One part of the service's operations (the lobby, play, the timers...), over the
    collaborators it is given: the repository, the write path, the settings and the clock."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # Each public method is one unit of work, run again whole after a database conflict
        # (bot.tables.units); done here so that no use case's method can go without it.
        super().__init_subclass__(**kwargs)
        units.wrap_public_methods(cls)

    def __init__(
        self, repo: TableRepository, writer: TableWriter, settings: Settings, clock: Clock
    ) -> None:
        self._repo = repo
        self._writer = writer
        self._settings = settings
        self._clock = clock
        self._shards = settings.shards()


# ====================================================================== helpers


def game_class_or_error(game_id: str) -> type[Game]:
    """The engine class of a table's game, or the engine's error as a TableError."""
    try:
        return game_class(game_id)
    except RecordError as exc:
        raise TableError.from_engine(exc) from None


def resolve_options(cls: type[Game], options: Mapping[str, JSON] | None) -> dict[str, JSON]:
    """The game's options with defaults filled in, or the engine's refusal as a TableError."""
    try:
        return engine_resolve_options(cls.option_specs, options)
    except RecordError as exc:
        raise TableError.from_engine(exc) from None


def owned(shards: Shards | None) -> ColumnElement[bool]:
    """SQL: the table rows of the guilds a process serves (every row without sharding)."""
    if shards is None:
        return true()
    others = sorted(set(range(shards.count)) - shards.ids)
    if not others:
        return true()
    guild = func.coalesce(TableRow.guild_id, 0)
    # a literal shift: PostgreSQL has `bigint >> integer`, not `bigint >> bigint`
    shard = guild.op(">>")(literal_column("22")) % shards.count
    # Written as the shards it does not serve: PostgreSQL has no statistics for this expression
    # and takes each listed value as 0.5% of the rows, so `IN (own)` looked like keeping 1% of
    # a process's tables (a quarter, with 4 processes) and made it scan every open table for
    # the earliest deadline rather than read the first few entries of the timers' indexes;
    # `NOT IN (others)` looks like keeping most of them, nearer the truth, and errs on the side
    # that keeps the timers on their indexes.
    return shard.not_in(others)


def promote_levels(seats: Sequence[SeatRow], game: Game) -> None:
    """Levels chosen during a match become the seats' levels once the next part has begun."""
    part = game.part()
    for seat in seats:
        if seat.next_level is not None and (part is None or part != seat.level_part):
            seat.cpu_level, seat.next_level, seat.level_part = seat.next_level, None, None


def game_of(row: TableRow) -> Game:
    """The running game of a table row (its snapshot); the `table_quarantined` refusal at a
    table the timers set aside."""
    if row.quarantine is not None:
        raise quarantined(row)
    snapshot = row.snapshot
    if snapshot is None and row.archive is not None:
        snapshot = archive.unpack(row.archive)[1]
    if snapshot is None:
        raise status_error(row, "not_active")
    return game_class_or_error(row.game).from_json(snapshot)


def cpu_plays(seat: SeatRow) -> bool:
    """The CPU decides for this seat straight after any action (a CPU seat, or taken over)."""
    return seat.user_id is None or seat.cpu_takeover


def automated(seat: SeatRow) -> bool:
    """The CPU decides for this seat, at once or at the table's pace (Auto on)."""
    return cpu_plays(seat) or seat.auto


def has_paced_step(game: Game, seats: Sequence[SeatRow]) -> bool:
    """The table has something to do at its own pace: its own step (a draw), or an Auto seat
    the game waits for."""
    if game.is_over():
        return False
    if game.table_step() is not None:
        return True
    return any(
        p.required and seats[seat].auto and not cpu_plays(seats[seat])
        for seat, p in game.seat_decisions().items()
    )


def has_cpu(game_id: str) -> bool:
    """True when the game has a computer player (someone can play for an absent seat)."""
    try:
        cpu_player(game_id)
    except GameError:
        return False
    return True


def display_name(name: str) -> str:
    """A display name that fits the column (Discord's are 32 characters at most anyway)."""
    return name.strip()[:NAME_LENGTH] or "?"


def seat_of(seats: Sequence[SeatRow], user_id: int) -> SeatRow | None:
    """The seat a user holds, if any."""
    return next((x for x in seats if x.user_id == user_id), None)


def winners(result: Mapping[str, Any]) -> set[int]:
    """Winning seats from any game's result: `winners` (list) or `winner` (seat or None)."""
    if isinstance(result.get("winners"), list):
        return {int(x) for x in result["winners"]}
    winner = result.get("winner")
    return set() if winner is None else {int(winner)}


def info(
    row: TableRow, seats: Sequence[SeatRow], states: Sequence[flow.PromptState] | None = None
) -> TableInfo:
    """The table as the service hands it out (no hidden game state); `states`: the row's
    prompt states when the caller has them already."""
    if states is None:
        states = flow.load_states(row.prompt_states, len(seats)) if row.prompt_states else []
    return TableInfo(
        id=row.id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        game=row.game,
        options=dict(row.options),
        status=row.status,
        version=row.version,
        seats=tuple(
            SeatInfo(
                x.seat,
                x.user_id,
                x.cpu_level,
                x.name,
                bool(x.auto),
                bool(x.cpu_takeover),
                x.next_level,
            )
            for x in sorted(seats, key=lambda x: x.seat)
        ),
        seat_count=row.seat_count,
        to_act=tuple(row.to_act or ()),
        action_count=row.action_count,
        created_by=row.created_by,
        created_at=row.created_at,
        updated_at=row.updated_at,
        # a running table's prompts' own deadline (the row's may be its watchdog's)
        deadline=min((s.due for s in states if s.due is not None), default=None)
        if states and row.status == ACTIVE
        else row.deadline,
        turn_timer_seconds=row.turn_timer_seconds,
        expiry_policy=row.expiry_policy,
        locale=row.locale,
        series_id=row.series_id,
        series_match=row.series_match,
        result=dict(row.result) if row.result is not None else None,
        window_seconds=row.window_seconds,
        prompts=tuple(
            SeatPromptInfo(
                s.version,
                s.asked,
                s.required,
                s.public,
                s.due,
                s.reminded,
                s.seen,
                s.muted,
                s.since,
            )
            for s in states
        ),
    )


def result_of(
    row: TableRow,
    seats: Sequence[SeatRow],
    game: Game,
    steps: Sequence[Step],
    applied: int,
    reprompted: Collection[int] = frozenset(),
    prompts: Mapping[int, Prompt] | None = None,
    *,
    states: Sequence[flow.PromptState] | None = None,
    pending: bool = False,
) -> ActResult:
    """An ActResult: the table, the steps, every seat's view and decision (`pending`: CPU
    moves are still being thought, and the table's pace loop would take them up).

    The table's own step (a draw) is no seat's decision: the result gives it to no seat, so no
    transport shows it as controls. Seats' views are made when first asked for (most callers
    want one or two of them, and a CPU seat's is nobody's).
    """
    if prompts is None:
        prompts = {} if game.is_over() else game.seat_decisions()
    return ActResult(
        table=info(row, seats, states),
        steps=tuple(steps),
        applied=applied,
        public_view=game.view(None),
        views=SeatViews(game),
        prompts={seat: p.to_json() for seat, p in prompts.items()},
        reprompted=frozenset(reprompted),
        auto_pending=pending or has_paced_step(game, seats),
        pace=_step_pace(game),
    )


def merge_results(results: Sequence[ActResult]) -> ActResult:
    """Several writes of one unit of work as one result: the table as the last left it, every
    step, and the seats given a new prompt by any of them that still have it."""
    if len(results) == 1:
        return results[0]
    last = results[-1]
    asked = {seat for seat, state in enumerate(last.table.prompts) if state.asked}
    reprompted = frozenset().union(*(r.reprompted for r in results)) & asked
    return replace(
        last,
        steps=tuple(step for r in results for step in r.steps),
        applied=sum(r.applied for r in results),
        reprompted=reprompted,
    )


class SeatViews(Mapping[int, Mapping[str, Any]]):
    """Each seat's private view of a game, made when first asked for and kept.

    The game must not change after: the service hands it over at the end of a call."""

    __slots__ = ("__weakref__", "_game", "_made")

    def __init__(self, game: Game) -> None:
        self._game = game
        self._made: dict[int, Mapping[str, Any]] = {}

    def detach(self) -> None:
        """Read a copy of the game from now on: the table's next move plays on this one (a
        held table, `bot.tables.pgrows.HeldTables`). The copy shares nothing with it."""
        game = self._game
        self._game = type(game).from_json(load_json(dump_json(game.to_json())))

    def __getitem__(self, seat: int) -> Mapping[str, Any]:
        view = self._made.get(seat)
        if view is None:
            if not (isinstance(seat, int) and 0 <= seat < self._game.seats):
                raise KeyError(seat)
            view = self._made[seat] = self._game.view(seat)
        return view

    def __iter__(self) -> Iterator[int]:
        return iter(range(self._game.seats))

    def __len__(self) -> int:
        return self._game.seats

    def __repr__(self) -> str:
        return f"SeatViews({self._game.seats} seats)"


def _step_pace(game: Game) -> float | None:
    if game.is_over():
        return None
    step = game.table_step()
    return step.pace if step is not None else None


# ---------------------------------------------------------------------- refusals


def require_status(row: TableRow, status: str, code: str) -> None:
    """Refuse unless the table is in `status`."""
    if row.status != status:
        raise status_error(row, code)


def status_error(row: TableRow, code: str) -> TableError:
    """A refusal because of the table's status."""
    messages = {
        "lobby_only": "That can only be done before the game starts.",
        "not_active": "This table is not being played.",
        "not_finished": "This table has not finished yet.",
    }
    return TableError(code, messages[code], table_id=row.id, status=row.status)


def require_seated(row: TableRow, seats: Sequence[SeatRow], user_id: int) -> SeatRow:
    """The user's seat, or the `not_seated` refusal."""
    held = seat_of(seats, user_id)
    if held is None:
        raise TableError(
            "not_seated", "You have no seat at this table.", table_id=row.id, user_id=user_id
        )
    return held


def require_creator(row: TableRow, user_id: int) -> None:
    """Refuse unless the user opened the table."""
    if row.created_by != user_id:
        raise TableError(
            "not_creator",
            "Only the table's creator (or a moderator) can do that.",
            table_id=row.id,
            creator_id=row.created_by,
        )


def require_room(row: TableRow, seats: Sequence[SeatRow]) -> None:
    """Refuse when every seat is taken."""
    if len(seats) >= row.seat_count:
        raise TableError(
            "table_full", "Every seat is taken.", table_id=row.id, seats=row.seat_count
        )


def taken_over(row: TableRow, seat: SeatRow) -> TableError:
    """The refusal for a user whose seat the CPU plays now."""
    return TableError(
        "seat_taken_over", "The computer plays your seat now.", table_id=row.id, seat=seat.seat
    )


__all__ = ["ACTIVE", "FINISHED", "LOBBY", "UNSET", "Batch", "Pending", "TableWriter", "UseCase"]
