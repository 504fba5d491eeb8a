"""Where the CPU seats think: worker processes, never the event loop (but for what costs nothing).

The bot is one asyncio process: while the loop runs a CPU's search (a hard player of the
longest game thinks for up to about 0.6 s), every other table and every click in the process
waits. So decisions are taken in a pool of worker processes (`ProcessPoolExecutor`, started
by `forkserver` where the platform has it, else `spawn`: never a fork of a process that runs
threads), `CPU_WORKERS` of them, outside any database transaction; the loop only awaits them.

A decision that costs less than the pool's round trip (a game without choices, most easy
and normal players: microseconds) is still taken on the loop: the `CostBook` notes how long each
kind of decision (game, level, prompt kind) took wherever it ran, and a kind is taken on the
loop only once it has been seen often and never slow. Anything unknown or slow goes to the pool.
With `CPU_WORKERS=0` everything is thought on the loop (a lone terminal player, the tests).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections import deque
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from bot.tables.automation import CostKey, Job, Seating, Thought, play_out, think, warm
from engines.base import JSON

log = logging.getLogger(__name__)

CHEAP_SECONDS = 0.002
"""A kind of decision is taken on the event loop only while none of its last few took longer."""
SEEN_BEFORE_CHEAP = 8
"""Decisions of a kind seen before it may be taken on the loop (unknown kinds think elsewhere)."""
REMEMBERED = 32
"""Decisions of a kind whose durations are kept."""
LOOP_SLICE = 0.01
"""Seconds of decisions one step of the loop may take in a row, cheap ones included."""
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

    async def think(self, job: Job) -> Thought:
        """Go on with a stopped loop in a worker process (see `bot.tables.automation.think`)."""
        job.slice_seconds = WORKER_SLICE
        job.limit = self.decision_seconds
        loop = asyncio.get_running_loop()
        for attempt in range(2):
            self.start()
            assert self._pool is not None
            try:
                thought = await loop.run_in_executor(self._pool, think, job)
                break
            except BrokenProcessPool:
                log.error("a CPU worker process died (try %d of 2): starting new ones", attempt + 1)
                self.close()
        else:
            log.error("CPU worker processes keep dying: thinking on the event loop for now")
            job.limit = None
            thought = think(job)
        for key, seconds in thought.automation.timings:
            self.costs.note(key, seconds)
        return thought

    async def play_out(
        self, game_id: str, snapshot: dict[str, JSON], seating: Seating, seed: int, purpose: str
    ) -> tuple[list[JSON], dict[str, JSON]]:
        """A whole game played out by the CPUs ("see the result"), in a worker process."""
        if not self.elsewhere:
            return play_out(game_id, snapshot, seating, seed, purpose)
        loop = asyncio.get_running_loop()
        for attempt in range(2):
            self.start()
            assert self._pool is not None
            try:
                return await loop.run_in_executor(
                    self._pool, play_out, game_id, snapshot, seating, seed, purpose
                )
            except BrokenProcessPool:
                log.error("a CPU worker process died (try %d of 2): starting new ones", attempt + 1)
                self.close()
        log.error("CPU worker processes keep dying: playing the game out on the event loop")
        return play_out(game_id, snapshot, seating, seed, purpose)

    def close(self) -> None:
        """Stop the worker processes (a job in progress is let finish)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
