"""What the use cases of the tables service share: the write path (`TableWriter`: a game
started, CPU batches, a batch written, what follows it), what each use case is given
(`UseCase`); the rows read and judged without writing are `bot.tables.rows`.

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
    Mapping,
    Sequence,
)
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from bot.settings import Settings
from bot.store.database import (
    DatabaseError,
)
from bot.store.models import (
    ACTIVE,
    FINISHED,
    LOBBY,
    SeatRow,
    TableRow,
    UserStatsRow,
)
from bot.tables import flow, units
from bot.tables.automation import Automation, Batch, CostKey, Job, Seating, Thought, chooser
from bot.tables.errors import TableError
from bot.tables.repository import Rows, TableRepository
from bot.tables.results import ActResult
from bot.tables.rows import (
    SeatViews,
    cpu_plays,
    game_class_or_error,
    game_of,
    has_paced_step,
    merge_results,
    promote_levels,
    result_of,
    winners,
)
from bot.tables.thinkers import Thinkers
from engines.cpu import DEFAULT_LEVEL
from engines.errors import GameError, RecordError
from engines.game import Decide, Game

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]
Progress = Callable[[ActResult], Awaitable[None]]
"""Called with each write of a unit of work but its last (the moves so far, to show them)."""


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


__all__ = ["ACTIVE", "FINISHED", "LOBBY", "UNSET", "Batch", "Pending", "TableWriter", "UseCase"]
