"""Where the CPU seats think: worker processes, never the event loop (but for what costs nothing).

The bot is one asyncio process: while the loop runs a CPU's search (a hard player of the
longest game thinks for up to about 0.6 s), every other table and every click in the process
waits. So decisions are taken in a pool of worker processes (`ProcessPoolExecutor`, started
by `forkserver` where the platform has it, else `spawn`: never a fork of a process that runs
threads), `CPU_WORKERS` of them, outside any database transaction; the loop only awaits them.

A decision that costs less than the pool's round trip (a game without choices, most easy
and normal players: microseconds) is still taken on the loop: the `CostBook` notes how long each
kind of decision (game, level, prompt kind) took wherever it ran, in thread CPU time, and a
kind is taken on the loop only once it has been seen often and none of its last few was slow.
Anything unknown or slow goes to the pool. A kind is no promise (a hard player's forced
follow costs nothing, its lead a search): a decision taken on the loop that runs past
`LOOP_GUARD` is cut short by an alarm, dropped whole (its RNG as before) and thought in a
worker, where the process can be interrupted (its main thread; elsewhere the cost book alone
decides). The Hint thinks the same way. With `CPU_WORKERS=0` everything is thought on the loop
(a lone terminal player, the tests).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from bot.tables.automation import (
    CostKey,
    DecisionTimeout,
    Job,
    Seating,
    Thought,
    can_interrupt,
    deadline,
    hint_in_worker,
    hint_of,
    play_out,
    think,
    warm,
)
from engines.errors import JSON
from engines.game import Game

log = logging.getLogger(__name__)
T = TypeVar("T")

CHEAP_SECONDS = 0.002
"""A kind of decision is taken on the event loop only while none of its last few took longer."""
SEEN_BEFORE_CHEAP = 8
"""Decisions of a kind seen before it may be taken on the loop (unknown kinds think elsewhere)."""
REMEMBERED = 32
"""Decisions of a kind whose durations are kept."""
LOOP_SLICE = 0.01
"""Seconds of decisions one step of the loop may take in a row, cheap ones included."""
LOOP_GUARD = 0.02
"""Seconds a decision taken on the loop (its kind measured cheap) may run before it is dropped
and thought in a worker: ten times a cheap decision, and well inside the loop's budget."""
WORKER_SLICE = 0.05
"""Seconds of decisions a worker takes in one job before it hands the moves back to be written
(and shown): a table's hard CPUs show their moves as they come, not all at the end."""


class CostBook:
    """How long each kind of decision took lately, to know which may be taken on the loop."""

    def __init__(self) -> None:
        self._seen: dict[CostKey, deque[float]] = {}

    def note(self, key: CostKey, seconds: float) -> None:
        """A decision of this kind took `seconds`."""
        seen = self._seen.get(key)
        if seen is None:
            seen = self._seen[key] = deque(maxlen=REMEMBERED)
        seen.append(seconds)

    def cheap(self, key: CostKey) -> bool:
        """Decisions of this kind were seen often enough, and none of the last few was slow."""
        seen = self._seen.get(key)
        return seen is not None and len(seen) >= SEEN_BEFORE_CHEAP and max(seen) <= CHEAP_SECONDS


def start_method() -> str:
    """`forkserver` where the platform has it, else `spawn` (never `fork`: the bot's process
    runs threads, and a fork copies their locks mid-use)."""
    methods = multiprocessing.get_all_start_methods()
    return "forkserver" if "forkserver" in methods else "spawn"


class Thinkers:
    """The worker processes a tables service thinks in (None: on the loop), and its cost book.

    The pool starts with the first decision that needs it (or `start`); a pool whose worker
    died is replaced once, and a job that still cannot be thought there is thought on the loop
    (slow, but the table goes on) and logged.
    """

    def __init__(self, workers: int, decision_seconds: float) -> None:
        self.workers = workers
        self.decision_seconds = decision_seconds
        self.costs = CostBook()
        self._pool: Executor | None = None

    @property
    def elsewhere(self) -> bool:
        """Decisions that are not cheap are thought in worker processes."""
        return self.workers > 0

    @property
    def guard(self) -> float | None:
        """Seconds a decision taken on the loop may run before it is dropped and thought in a
        worker instead (None: no guard, with no workers, or where none can be set)."""
        return LOOP_GUARD if self.elsewhere and can_interrupt() else None

    def may_decide_here(self, key: CostKey, spent: float) -> bool:
        """A decision of kind `key` may be taken on the loop, after `spent` seconds of others."""
        return not self.elsewhere or (spent < LOOP_SLICE and self.costs.cheap(key))

    def start(self) -> None:
        """Start the worker processes now (they import the games before their first job)."""
        if self._pool is None and self.elsewhere:
            context = multiprocessing.get_context(start_method())
            self._pool = ProcessPoolExecutor(self.workers, context, initializer=warm)
            for _ in range(self.workers):  # each starts a worker, which warms up at once
                self._pool.submit(warm)

    async def _in_pool(self, what: str, job: Callable[..., T], *args: Any) -> T:
        """`job(*args)` in a worker process; a pool whose worker died is replaced once, and
        should it die again the job runs on the loop (slow, but the table goes on), logged."""
        loop = asyncio.get_running_loop()
        for attempt in range(2):
            self.start()
            assert self._pool is not None
            try:
                return await loop.run_in_executor(self._pool, job, *args)
            except BrokenProcessPool:
                log.error("a CPU worker process died (try %d of 2): starting new ones", attempt + 1)
                self.close()
        log.error("CPU worker processes keep dying: %s on the event loop for now", what)
        return job(*args)

    async def think(self, job: Job) -> Thought:
        """Go on with a stopped loop in a worker process (see `bot.tables.automation.think`)."""
        job.slice_seconds = WORKER_SLICE
        job.limit = self.decision_seconds
        thought = await self._in_pool("thinking", think, job)
        for key, seconds in thought.automation.timings:
            self.costs.note(key, seconds)
        return thought

    async def play_out(
        self, game_id: str, snapshot: dict[str, JSON], seating: Seating, seed: int, purpose: str
    ) -> tuple[list[JSON], dict[str, JSON]]:
        """A whole game played out by the CPUs ("see the result"), in a worker process."""
        if not self.elsewhere:
            return play_out(game_id, snapshot, seating, seed, purpose)
        return await self._in_pool(
            "playing a game out", play_out, game_id, snapshot, seating, seed, purpose
        )

    async def hint(self, game: Game, seat: int, seed: int, purpose: str) -> dict[str, JSON] | None:
        """The Hint for `seat`'s prompt (`hint_of`): on the loop when hints of its kind are
        cheap (and guarded there), else in a worker process."""
        prompt = game.prompt(seat)
        if prompt is None:
            return None
        key = (game.id, f"hint:{type(game).hint_level}", prompt.kind)
        guard = self.guard
        if self.may_decide_here(key, 0.0):
            started = time.thread_time()
            try:
                with deadline(guard):
                    found = hint_of(game, seat, seed, purpose)
                self.costs.note(key, time.thread_time() - started)
                return found
            except DecisionTimeout:  # no answer lost: the same numbers are drawn elsewhere
                self.costs.note(key, time.thread_time() - started)
        found, seconds = await self._in_pool(
            "a hint", hint_in_worker, game.id, game.to_json(), seat, seed, purpose
        )
        self.costs.note(key, seconds)
        return found

    def close(self, wait: bool = False) -> None:
        """Stop the worker processes: jobs not begun are dropped, one in progress is let
        finish (`wait`: and waited for, the processes gone on return)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=wait, cancel_futures=True)
