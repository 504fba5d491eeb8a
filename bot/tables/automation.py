"""What a table does by itself after a change: its CPU seats' answers and its own paced steps.

After every change the seats the CPU plays answer what they are asked, optional prompts
included (declining is an answer), and the table takes its own steps (a draw) and the turns
of its Auto seats at its pace: one loop, `Automation.run`, the only one (the tables service,
its worker processes and the tests share it). Its whole state is plain data (the seats as
the loop needs them, the prompt states, the prompts let pass, the choosers' random number
generators once they are made), so the loop can stop before any decision and go on in
another process (`think`), then come back: a CPU that thinks for long thinks in a worker
process, never on the event loop, and nothing about the game depends on where it thought.

Determinism: one chooser per batch, its RNGs seeded from the table's seed and the log's length
at the batch's start (`cpu@<n>`, docs/DESIGN.md's seeds), travelling with the loop from process
to process, so a table plays the same CPU moves wherever and in however many pieces they are
thought. A decision that passes its deadline in a worker (`deadline`) is taken again by the
next cheaper level with the RNG as it was before it: the one thing that depends on the clock.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from random import Random
from types import FrameType
from typing import Any

from bot.tables import flow
from bot.tables.results import Step
from engines.actions import Action, Event
from engines.cpu import LEVELS, cpu_chooser, cpu_player, decision_rng
from engines.cpu import hint as cpu_hint
from engines.errors import JSON
from engines.game import Decide, Game, resolve_prompt
from engines.players import Decision
from engines.prompts import Prompt, automated_prompt
from engines.registry import game_class

BATCH_CAP = 100_000
"""Safety net on one batch; a game that loops forever is an engine bug, not a hang."""

CostKey = tuple[str, str, str]
"""What a decision's cost is noted under: (game, level, prompt kind)."""


@dataclass
class Batch:
    """Actions applied in one call: for the log (with seals), the narration and the versions."""

    steps: list[Step]
    actions: list[Action]
    seals: list[str | None]
    acted: set[int]
    declined: set[tuple[int, str]] = field(default_factory=set)
    """(seat, prompt signature) of optional prompts let pass: not offered again."""

    @classmethod
    def empty(cls) -> Batch:
        """Nothing applied yet."""
        return cls([], [], [], set())

    def add(self, game: Game, action: Action, *, by: str) -> list[Event]:
        """Apply `action` to `game` and note it (`by`: "user", "cpu", "timer" or "table")."""
        events = game.apply(action)
        seal = game.seal_of(action)
        self.steps.append(
            Step(
                action.seat,
                action.to_json(),
                tuple(e.to_json() for e in events),
                by != "user",
                sealed=seal is not None,
                by=by,
            )
        )
        self.actions.append(action)
        self.seals.append(seal)
        if by != "table":  # the table's own step (a draw) is no decision of that seat's
            self.acted.add(action.seat)
        return events

    def extend(self, other: Batch) -> None:
        """Append another batch applied after this one."""
        self.steps += other.steps
        self.actions += other.actions
        self.seals += other.seals
        self.acted |= other.acted
        self.declined |= other.declined

    def to_wire(self) -> dict[str, Any]:
        """The batch as plain data, to cross from a worker process (actions as their JSON)."""
        return {
            "steps": self.steps,
            "actions": [a.to_json() for a in self.actions],
            "seals": self.seals,
            "acted": self.acted,
            "declined": self.declined,
        }

    @classmethod
    def from_wire(cls, data: dict[str, Any]) -> Batch:
        """`to_wire`'s batch again."""
        return cls(
            list(data["steps"]),
            [Action.from_json(a) for a in data["actions"]],
            list(data["seals"]),
            set(data["acted"]),
            set(data["declined"]),
        )


@dataclass(frozen=True, slots=True)
class Seating:
    """The seats as the loop needs them: who the CPU plays, at which level."""

    levels: tuple[str, ...]
    """Each seat's level now (a seat a person plays: the level their Auto and Hint use)."""
    later: tuple[str | None, ...]
    """A level chosen during a match, played from the game's next part on (None: none)."""
    parts: tuple[int | None, ...]
    """The part in which each later level was chosen."""
    cpu: tuple[bool, ...]
    """The CPU answers for the seat at once (a CPU seat, or a seat it took over)."""
    auto: tuple[bool, ...]
    """A person's seat with Auto on: the CPU plays its turns at the table's pace."""

    def automated(self, seat: int) -> bool:
        """The CPU decides for this seat, at once or at the table's pace."""
        return self.cpu[seat] or self.auto[seat]

    def at_once(self, seat: int) -> bool:
        """The CPU answers this seat's prompts at once."""
        return self.cpu[seat]

    def level(self, seat: int, game: Game) -> tuple[str, bool]:
        """The level that decides for `seat` now, and whether it is the later one."""
        later = self.later[seat]
        if later is not None and game.part() != self.parts[seat]:
            return later, True
        return self.levels[seat], False


class DecisionTimeout(BaseException):
    """A CPU decision ran past its deadline (raised by the alarm; a BaseException, so that no
    `except Exception` of a player's own swallows it)."""


class Interrupted(Exception):
    """A decision taken on the event loop ran past the loop's guard: it is thought elsewhere."""


_armed = False
"""A deadline is running (`deadline`): the alarm's signal interrupts the decision."""


def _expired(signum: int, frame: FrameType | None) -> None:
    if _armed:
        raise DecisionTimeout


def can_interrupt() -> bool:
    """A decision can be cut short here: the main thread of a process on a platform with
    interval timers, where no other alarm is running or handled (a handler of anyone else's,
    SIG_IGN included, is left alone: their alarm is not ours to take)."""
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        return False
    if signal.getitimer(signal.ITIMER_REAL)[0] > 0:
        return False  # someone else's alarm is running: left alone
    return signal.getsignal(signal.SIGALRM) in (_expired, signal.SIG_DFL)


@contextmanager
def deadline(seconds: float | None) -> Iterator[None]:
    """Raise DecisionTimeout in the block once `seconds` have passed (wall clock), where a
    decision can be cut short (`can_interrupt`); elsewhere, or with None, no deadline.

    The alarm's handler stays installed (harmless when no deadline runs): put back after each
    block, a signal delivered just as it ends would meet no handler."""
    global _armed
    if seconds is None or seconds <= 0 or not can_interrupt():
        yield
        return
    if signal.getsignal(signal.SIGALRM) is not _expired:
        signal.signal(signal.SIGALRM, _expired)
    try:
        _armed = True
        signal.setitimer(signal.ITIMER_REAL, seconds)
        yield
    finally:
        _armed = False
        signal.setitimer(signal.ITIMER_REAL, 0)


def cheaper(level: str) -> str | None:
    """The next cheaper level (None below the cheapest)."""
    at = LEVELS.index(level) if level in LEVELS else 0
    return LEVELS[at - 1] if at > 0 else None


@dataclass
class Automation:
    """The loop's state after a change to one table: everything it needs to go on, here or in
    a worker process. `run` takes the steps due; `waiting` is the decision it stopped before."""

    game_id: str
    seed: int
    purpose: str
    """The chooser's seed purpose: `cpu@<log length at the batch's start>`."""
    seating: Seating
    states: Sequence[flow.PromptState]
    """The seats' prompt states as stored (whose windows hold the table)."""
    now: datetime
    paced: int = 0
    """Steps of the table's pace this batch may take (a draw, an Auto seat's turn)."""
    taken_at_pace: int = 0
    declined: set[tuple[int, str]] = field(default_factory=set)
    rngs: dict[bool, list[Random]] = field(default_factory=dict)
    """The chooser's RNGs by seat, made at its first decision: now (False), later (True)."""
    waiting: bool = False
    """`run` stopped before a decision that is to be thought elsewhere."""
    timings: list[tuple[CostKey, float]] = field(default_factory=list)
    """How long each decision took (seconds), for the service's cost book."""
    fallbacks: list[tuple[int, str, str]] = field(default_factory=list)
    """Decisions that passed their deadline: (seat, prompt kind, level that gave up)."""

    @classmethod
    def start(
        cls,
        game_id: str,
        seed: int,
        purpose: str,
        seating: Seating,
        states: Sequence[flow.PromptState],
        now: datetime,
        paced: int = 0,
    ) -> Automation:
        """A new batch's loop; the optional prompts let pass in `states` stay let pass."""
        declined = {
            (seat, state.signature)
            for seat, state in enumerate(states)
            if state.declined and state.signature is not None
        }
        return cls(game_id, seed, purpose, seating, list(states), now, paced, declined=declined)

    # ------------------------------------------------------------------ the loop

    def run(
        self,
        game: Game,
        batch: Batch,
        may_decide: Callable[[CostKey], bool] = lambda key: True,
        limit: float | None = None,
        guard: float | None = None,
    ) -> None:
        """Take the steps due, applying them to `game` and noting them in `batch`, until none
        is left or `may_decide` refuses the next decision (then `waiting`).

        In order: the optional prompts of every seat the CPU plays (Auto seats too: letting
        them wait for the pace would hold the table on a prompt nobody else answers), the CPU
        seats' required prompts, then up to `paced` steps of the table's pace (its own step,
        an Auto seat's turn), each followed by the CPUs' answers. While a person holds an
        optional prompt whose window is open, the CPUs answer only their optional prompts.
        `limit`: seconds a decision may take before a cheaper level decides (workers only).
        `guard`: seconds a decision may take here before it is dropped, its RNG as before, and
        the loop stops before it (`waiting`): the event loop's guard against a kind of
        decision measured cheap that is not, this time.
        """
        self.waiting = False
        seating = self.seating
        while not game.is_over() and len(batch.actions) < BATCH_CAP:
            prompts = game.seat_decisions()
            held = flow.held_by_a_player(prompts, self.states, seating.automated, self.now)
            asked = {s: p for s, p in prompts.items() if not p.required} if held else prompts
            optional = {s: p for s, p in asked.items() if not p.required}
            prompt = automated_prompt(
                optional, seating.automated, self.declined
            ) or automated_prompt(asked, seating.at_once, self.declined)
            by, paced_step = "cpu", False
            if prompt is None and self.taken_at_pace < self.paced and not held:
                step = game.table_step()
                prompt = automated_prompt(prompts, seating.automated, self.declined, step=step)
                by = "table" if prompt is not None and prompt is step else "cpu"
                paced_step = True
            if prompt is None:
                return
            if not prompt.mechanical and not may_decide(self.cost_key(game, prompt)):
                self.waiting = True
                return
            try:
                action = resolve_prompt(game, prompt, lambda g, p: self.decide(g, p, limit, guard))
            except Interrupted:
                self.waiting = True
                return
            if action is None:
                self.declined.add((prompt.seat, prompt.signature()))
                batch.declined.add((prompt.seat, prompt.signature()))
                continue  # a prompt let pass is no step: the pace's step is still to take
            batch.add(game, action, by=by)
            self.taken_at_pace += paced_step

    def cost_key(self, game: Game, prompt: Prompt) -> CostKey:
        """What the cost of deciding `prompt` is noted under."""
        return (self.game_id, self.seating.level(prompt.seat, game)[0], prompt.kind)

    def decide(
        self, game: Game, prompt: Prompt, limit: float | None = None, guard: float | None = None
    ) -> Action | None:
        """The seat's CPU's answer, from the seat's view only, with the batch's RNG (`run`'s
        `limit` and `guard`). Its cost is noted in thread CPU time: a busy machine's other
        processes do not make a decision look slow."""
        seat = prompt.seat
        level, later = self.seating.level(seat, game)
        rngs = self.rngs.get(later)
        if rngs is None:
            count = len(self.seating.levels)
            rngs = self.rngs[later] = [
                decision_rng(self.seed, self.purpose, s) for s in range(count)
            ]
        rng = rngs[seat]
        key = (self.game_id, level, prompt.kind)
        started = time.thread_time()
        state = rng.getstate()
        action: Action | None = None
        deciding: str | None = level
        while deciding is not None:
            below = None if guard is not None else cheaper(deciding)
            try:
                # the cheapest level has no limit; the guard drops the decision instead
                with deadline(guard if guard is not None else limit if below is not None else None):
                    action = _answer(game, prompt, deciding, rng)
                break
            except DecisionTimeout:
                rng.setstate(state)  # whoever decides next draws the same numbers
                if guard is not None:
                    self.timings.append((key, time.thread_time() - started))
                    raise Interrupted from None
                self.fallbacks.append((seat, prompt.kind, deciding))
                deciding = below
        self.timings.append((key, time.thread_time() - started))
        return action


def _answer(game: Game, prompt: Prompt, level: str, rng: Random) -> Action | None:
    """What the game's CPU player at `level` answers from the seat's view (as `CpuChooser`)."""
    seat = prompt.seat
    view: dict[str, JSON] = game.view(seat)
    return cpu_player(game.id, level).decide(Decision(view, prompt, rng, game.accepts))


# ====================================================================== in a worker process


@dataclass
class Job:
    """A stopped loop to go on with elsewhere: the game as JSON and the loop's state."""

    snapshot: dict[str, JSON]
    automation: Automation
    slice_seconds: float
    """Go on deciding while the decisions taken so far took less than this (one at least)."""
    limit: float | None
    """A decision's deadline (seconds)."""


@dataclass
class Thought:
    """What a job did: the steps taken (as plain data), the game after, the loop's state."""

    batch: dict[str, Any]
    snapshot: dict[str, JSON]
    automation: Automation


def think(job: Job) -> Thought:
    """Go on with a stopped loop: take the decision it stopped before, and the steps after it
    while the job's slice of time lasts; then stop before the next decision (or at the end)."""
    auto = job.automation
    game = game_class(auto.game_id).from_json(job.snapshot)
    batch = Batch.empty()
    spent = [0.0, 0]

    def may_decide(key: CostKey) -> bool:
        if spent[1] and sum(t for _, t in auto.timings) >= job.slice_seconds:
            return False
        spent[1] += 1
        return True

    auto.timings = []
    auto.fallbacks = []
    auto.run(game, batch, may_decide, job.limit)
    return Thought(batch.to_wire(), game.to_json(), auto)


def chooser(game_id: str, seating: Seating, seed: int, purpose: str) -> Decide:
    """`cpu_chooser` for a table: each seat at its level, a later level (`Seating.later`)
    from the game's next part on; a plain `CpuChooser` when no seat has one (games know it)."""
    now = cpu_chooser(game_id, seating.levels, seed, purpose=purpose)
    pending = {
        seat: part
        for seat, (later, part) in enumerate(zip(seating.later, seating.parts, strict=True))
        if later is not None
    }
    if not pending:
        return now
    later = cpu_chooser(
        game_id,
        [seating.later[seat] or level for seat, level in enumerate(seating.levels)],
        seed,
        purpose=purpose,
    )

    def decide(game: Game, prompt: Prompt) -> Action | None:
        if prompt.seat in pending and game.part() != pending[prompt.seat]:
            return later(game, prompt)
        return now(game, prompt)

    return decide


def play_out(
    game_id: str, snapshot: dict[str, JSON], seating: Seating, seed: int, purpose: str
) -> tuple[list[JSON], dict[str, JSON]]:
    """Every remaining decision taken by the CPUs ("see the result"): the actions (as JSON)
    and the game at its end; in a worker process, thousands of moves being no work for the
    event loop."""
    game = game_class(game_id).from_json(snapshot)
    actions = game.autoplay(chooser(game_id, seating, seed, purpose))
    return [a.to_json() for a in actions], game.to_json()


def hint_of(game: Game, seat: int, seed: int, purpose: str) -> dict[str, JSON] | None:
    """What the game's hint level would do in `seat` now, and why when it can say, as plain
    data (`{"action", "reason", "params"}`); None when the seat is not asked."""
    prompt = game.prompt(seat)
    if prompt is None:
        return None
    found = cpu_hint(game, prompt, seed, purpose)
    return {
        "action": None if found.action is None else found.action.to_json(),
        "reason": found.reason,
        "params": dict(found.params),
    }


def hint_in_worker(
    game_id: str, snapshot: dict[str, JSON], seat: int, seed: int, purpose: str
) -> tuple[dict[str, JSON] | None, float]:
    """`hint_of` in a worker process, and the thread CPU time it took."""
    started = time.thread_time()
    found = hint_of(game_class(game_id).from_json(snapshot), seat, seed, purpose)
    return found, time.thread_time() - started


def warm() -> None:
    """Import every game and its players in a worker before its first job (the pool's
    initializer), so that the first decision does not pay for the imports."""
    from engines.registry import games

    for cls in games():
        for level in LEVELS:
            try:
                cpu_player(cls.id, level)
            except Exception:
                continue
