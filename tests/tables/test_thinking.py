"""The CPUs think in worker processes: the same moves, written as they come, cut short when
slow, and a table left halfway (a crash between two writes) resumed by the timers.

Most tests here start real worker processes (`CPU_WORKERS=1`); the rest of the suite thinks on
the event loop (tests/conftest.py).
"""

from __future__ import annotations

import logging
import re
import signal
import threading
import time
from collections.abc import AsyncIterator, Iterator
from datetime import timedelta
from typing import Any

import pytest

import bot.tables.thinkers
from bot.games import plugins
from bot.settings import Settings
from bot.store import Database
from bot.tables import ActResult, TableService
from bot.tables.automation import (
    Automation,
    Batch,
    DecisionTimeout,
    Job,
    Seating,
    _answer,
    can_interrupt,
    cheaper,
    deadline,
)
from bot.tables.core import Pending
from engines.cpu import LEVELS, cpu_chooser, decision_rng
from engines.zhao_pengyou import ZhaoPengyou
from tests.conftest import START_TIME, FakeClock
from tests.tables.helpers import ALICE, BOB, GUILD, assert_snapshot_is_replay, stored_row


def pooled_settings(**values: Any) -> Settings:
    return Settings(
        _env_file=None,  # type: ignore[call-arg]
        database_url="sqlite+aiosqlite:///unused.db",
        **{"cpu_workers": 1, **values},
    )


@pytest.fixture
async def pooled(database: Database, clock: FakeClock) -> AsyncIterator[TableService]:
    """A service whose CPUs think in one worker process (stopped after the test)."""
    service = TableService(database, pooled_settings(), clock=clock)
    yield service
    service.close(wait=True)


class Jobs:
    """Counts the jobs a service hands its workers."""

    def __init__(self, service: TableService) -> None:
        self.count = 0
        self.think = service._thinkers.think

        async def counted(job: Job) -> Any:
            self.count += 1
            return await self.think(job)

        service._thinkers.think = counted  # type: ignore[method-assign]


async def table(service: TableService, game: str, seats: int, channel: int, seed: int) -> int:
    """Alice and CPUs of every level (hard first), seeded; started."""
    lobby = await service.open_lobby(GUILD, channel, game, None, ALICE, "Alice", seats, seed=seed)
    for n in range(seats - 1):
        await service.add_cpu(lobby.id, ALICE, LEVELS[-1 - n % len(LEVELS)])
    return (await service.start(lobby.id, ALICE)).table.id


async def alice_plays(service: TableService, table_id: int, moves: int) -> None:
    """Alice makes `moves` moves, the Hint's, letting optional prompts pass."""
    for _ in range(moves * 4):
        current = await service.prompt(table_id, ALICE)
        if current.table.status != "active" or moves == 0:
            return
        if current.prompt is None:
            result = await service.advance(table_id, 1)
            if not result.applied:
                return
            continue
        hint = await service.hint(table_id, ALICE) or {}
        action = hint.get("action") or current.prompt.get("default")
        if action is None:
            await service.decline(table_id, ALICE, prompt_version=current.version)
            continue
        await service.act(table_id, ALICE, action, prompt_version=current.version)
        moves -= 1


def test_the_workers_start_at_the_bots_start_and_are_gone_once_it_closes(
    database: Database,
) -> None:
    """`start_thinking` starts `CPU_WORKERS` processes; `close(wait=True)` leaves none."""
    service = TableService(database, pooled_settings(cpu_workers=2))
    service.start_thinking()
    pool = service._thinkers._pool
    assert pool is not None
    pool.submit(int).result(timeout=60)  # started and answering
    workers = list(pool._processes.values())  # type: ignore[attr-defined]
    assert len(workers) == 2 and all(w.is_alive() for w in workers)
    service.close(wait=True)
    for worker in workers:
        worker.join(timeout=10)
    assert not any(w.is_alive() for w in workers)
    service.close()  # twice is harmless


# ---------------------------------------------------------------------------- the same moves


async def test_every_game_plays_the_same_cpu_moves_thought_in_workers_or_on_the_loop(
    database: Database, clock: FakeClock, pooled: TableService
) -> None:
    """RECORDS.md's seeds: the same table, the same moves, wherever the CPUs thought them and
    in however many writes they came."""
    inline = TableService(database, pooled_settings(cpu_workers=0), clock=clock)
    jobs = Jobs(pooled)
    channel = 10
    for n, game in enumerate(p.engine for p in plugins()):
        seats = min(game.max_seats, 6)
        records = []
        for service in (inline, pooled):
            channel += 1
            table_id = await table(service, game.id, seats, channel, seed=500 + n)
            await alice_plays(service, table_id, 12)
            records.append((await service.record(table_id, include_sealed=True))["actions"])
            await assert_snapshot_is_replay(service, database, table_id)
        assert records[0] == records[1], game.id
        assert any(a["seat"] != 0 for a in records[0]), game.id
    assert jobs.count > 0  # the hard players' decisions went to the worker


async def test_a_move_is_shown_at_once_and_the_cpus_moves_as_they_come(
    database: Database, pooled: TableService
) -> None:
    """Zhao Pengyou at 6 seats, five hard CPUs: Alice's move is written first; each worker's
    moves follow in writes of their own, handed to `progress`; together, every step once."""
    lobby = await pooled.open_lobby(GUILD, 1, "zhao-pengyou", None, ALICE, "Alice", 6, seed=3)
    for _ in range(5):
        await pooled.add_cpu(lobby.id, ALICE, "hard")
    started = await pooled.start(lobby.id, ALICE)
    table_id = started.table.id
    shown: list[ActResult] = []

    async def progress(result: ActResult) -> None:
        shown.append(result)

    while (await pooled.load(table_id)).status == "active" and len(shown) < 3:
        current = await pooled.prompt(table_id, ALICE)
        if current.prompt is None:
            await pooled.advance(table_id, 50, progress=progress)
            continue
        hint = await pooled.hint(table_id, ALICE) or {}
        action = hint.get("action") or current.prompt.get("default")
        if action is None:
            await pooled.decline(table_id, ALICE, prompt_version=current.version)
            continue
        before = (await pooled.load(table_id)).action_count
        mark = len(shown)
        last = await pooled.act(
            table_id, ALICE, action, prompt_version=current.version, progress=progress
        )
        written = [*shown[mark:], last]
        assert written[0].steps[0].by == "user"  # Alice's move comes first, at once
        versions = [r.table.version for r in written]
        assert versions == sorted(set(versions))  # one write each
        assert sum(r.applied for r in written) == last.table.action_count - before
    assert len(shown) >= 3, "the CPUs' moves came in one write"
    await assert_snapshot_is_replay(pooled, database, table_id)


# ---------------------------------------------------------------------------- deadlines


HARD_SEATING = Seating(("hard",) * 6, (None,) * 6, (None,) * 6, (True,) * 6, (False,) * 6)
"""Six hard CPU seats."""


def first_lead() -> ZhaoPengyou:
    """A 6-seat Zhao Pengyou deal at its first lead (a search for a hard player)."""
    game = ZhaoPengyou.new(6, {}, 7)
    easy = cpu_chooser("zhao-pengyou", ["easy"] * 6, 1)
    while game.phase != "play":
        game.autoplay(easy, limit=1)
    return game


@pytest.fixture
def alarm() -> Iterator[None]:
    """SIGALRM's handler and timer as they were before the test, put back after it."""
    handler = signal.getsignal(signal.SIGALRM)
    yield
    signal.setitimer(signal.ITIMER_REAL, 0)
    signal.signal(signal.SIGALRM, handler)


def spin() -> None:
    """Think until interrupted (ten seconds at most: a deadline that never comes fails)."""
    until = time.monotonic() + 10
    while time.monotonic() < until:
        pass


def test_a_deadline_cuts_the_block_short_and_never_fires_after_it(alarm: None) -> None:
    """In the main thread the alarm interrupts a decision; once the block is left no alarm is
    running, and a SIGALRM that arrives late (delivered as the block ended) is harmless."""
    assert can_interrupt()
    with pytest.raises(DecisionTimeout), deadline(0.001):
        spin()
    with deadline(5):
        pass
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    signal.raise_signal(signal.SIGALRM)  # a late signal: nothing raised, the process lives on
    assert can_interrupt()


def test_a_deadline_leaves_someone_elses_alarm_alone(alarm: None) -> None:
    """A SIGALRM handler of anyone else's (SIG_IGN included), or a timer of theirs running, is
    left as it was: no deadline then (the decision runs whole), and their alarm still comes."""
    rang: list[int] = []

    def theirs(signum: int, frame: Any) -> None:
        rang.append(signum)

    for handler in (theirs, signal.SIG_IGN):
        signal.signal(signal.SIGALRM, handler)
        assert not can_interrupt()
        with deadline(1e-6):
            time.sleep(0.01)  # past the deadline, not cut short
        assert signal.getsignal(signal.SIGALRM) is handler
        assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    signal.signal(signal.SIGALRM, signal.SIG_DFL)
    signal.setitimer(signal.ITIMER_REAL, 600)  # a timer of someone else's (the fixture stops it)
    assert not can_interrupt()
    with deadline(1e-6):
        time.sleep(0.01)
    assert signal.getitimer(signal.ITIMER_REAL)[0] > 500  # theirs, still running
    assert signal.getsignal(signal.SIGALRM) is signal.SIG_DFL


def test_a_deadline_outside_the_main_thread_sets_no_alarm(alarm: None) -> None:
    """Signals reach the main thread only: in another thread no alarm is set (it would
    interrupt whatever the main thread does), and the decision runs whole."""
    seen: list[object] = []

    def decide() -> None:
        seen.append(can_interrupt())
        with deadline(1e-6):
            seen.append(signal.getitimer(signal.ITIMER_REAL))
            time.sleep(0.01)
        seen.append("whole")

    thread = threading.Thread(target=decide)
    thread.start()
    thread.join()
    assert seen == [False, (0.0, 0.0), "whole"]


def test_a_decision_past_its_deadline_is_taken_by_a_cheaper_level_from_the_same_numbers() -> None:
    """The worker's alarm cuts a hard decision short; the next cheaper level (and the next)
    decides with the seat's RNG as it was before: the same as that level alone."""
    game = first_lead()
    prompt = next(p for p in game.seat_decisions().values() if p.required)
    auto = Automation.start("zhao-pengyou", 7, "cpu@0", HARD_SEATING, [], START_TIME, 0)
    answer = auto.decide(game, prompt, limit=1e-6)
    gave_up = [level for _, _, level in auto.fallbacks]
    assert gave_up and gave_up[0] == "hard"
    decided = cheaper(gave_up[-1])
    assert decided is not None
    assert answer == _answer(game, prompt, decided, decision_rng(7, "cpu@0", prompt.seat))


def test_a_decision_on_the_loop_past_its_guard_is_dropped_whole() -> None:
    """On the event loop a kind of decision measured cheap may be slow this time: past the
    loop's guard it is dropped (nothing applied, the seat's RNG as before) and the loop stops
    before it, to think it elsewhere: the same answer as if it had never been tried."""
    game = first_lead()
    prompt = next(p for p in game.seat_decisions().values() if p.required)
    auto = Automation.start("zhao-pengyou", 7, "cpu@0", HARD_SEATING, [], START_TIME, 0)
    batch = Batch.empty()
    snapshot = game.to_json()
    auto.run(game, batch, guard=1e-6)
    assert auto.waiting and not batch.actions and game.to_json() == snapshot
    assert [key for key, _ in auto.timings] == [("zhao-pengyou", "hard", prompt.kind)]
    auto.run(game, batch)  # thought after all, with no guard
    expected = _answer(first_lead(), prompt, "hard", decision_rng(7, "cpu@0", prompt.seat))
    assert batch.actions[0] == expected


async def test_a_slow_decision_of_a_cheap_kind_goes_to_the_worker(
    database: Database, clock: FakeClock, pooled: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every kind of decision taken for cheap, each cut by the loop's guard at once: all are
    thought in the worker after all, and the table plays the same moves as on the loop."""
    monkeypatch.setattr(bot.tables.thinkers, "LOOP_GUARD", 1e-6)
    monkeypatch.setattr(pooled._thinkers.costs, "cheap", lambda key: True)
    jobs = Jobs(pooled)
    inline = TableService(database, pooled_settings(cpu_workers=0), clock=clock)
    records = []
    for channel, service in enumerate((inline, pooled)):
        table_id = await table(service, "gong-zhu", 4, channel + 1, seed=21)
        await alice_plays(service, table_id, 6)
        records.append((await service.record(table_id, include_sealed=True))["actions"])
        await assert_snapshot_is_replay(service, database, table_id)
    assert records[0] == records[1]
    assert jobs.count > 0


async def test_a_hint_is_thought_in_a_worker_and_says_what_the_loop_would(
    database: Database, clock: FakeClock, pooled: TableService
) -> None:
    """A hard Hint (a search) is thought in a worker process, outside any transaction: the
    same action and reason as thought on the loop."""
    inline = TableService(database, pooled_settings(cpu_workers=0), clock=clock)
    sent: list[str] = []
    in_pool = pooled._thinkers._in_pool

    async def counted(what: str, job: Any, *args: Any) -> Any:
        sent.append(what)
        return await in_pool(what, job, *args)

    pooled._thinkers._in_pool = counted  # type: ignore[method-assign]
    hints = []
    for channel, service in enumerate((inline, pooled)):
        table_id = await table(service, "gong-zhu", 4, channel + 1, seed=8)
        for _ in range(8):
            current = await service.prompt(table_id, ALICE)
            if current.prompt is not None and current.prompt["required"]:
                break
            await service.advance(table_id, 1)
        hints.append(await service.hint(table_id, ALICE))
    assert hints[0] is not None and hints[0]["action"] is not None
    assert hints[0] == hints[1]
    assert "a hint" in sent


async def test_slow_decisions_in_a_worker_are_cut_short_and_logged(
    database: Database, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    service = TableService(database, pooled_settings(cpu_decision_seconds=0.0001), clock=clock)
    try:
        caplog.set_level(logging.WARNING)
        table_id = await table(service, "gong-zhu", 4, 1, seed=5)
        await alice_plays(service, table_id, 4)
        await assert_snapshot_is_replay(service, database, table_id)
    finally:
        service.close()
    assert "passed its deadline at level hard; a cheaper level decided" in caplog.text


# ---------------------------------------------------------------------------- races, crashes


async def test_a_thought_for_a_table_that_moved_on_is_dropped_and_thought_again(
    database: Database, pooled: TableService
) -> None:
    """Between a worker's thought and its write, another write to the table (Bob's Auto):
    the thought is refused by the version, and the CPUs think again on the table as it is."""
    lobby = await pooled.open_lobby(GUILD, 1, "gong-zhu", None, ALICE, "Alice", 4, seed=9)
    await pooled.join(lobby.id, BOB, "Bob")
    for _ in range(2):
        await pooled.add_cpu(lobby.id, ALICE, "hard")
    think_there = pooled._thinkers.think
    raced = []

    async def racing(job: Job) -> Any:
        thought = await think_there(job)
        if not raced:
            raced.append(await pooled.set_auto(lobby.id, BOB, False))  # a write meanwhile
        return thought

    pooled._thinkers.think = racing  # type: ignore[method-assign]
    started = await pooled.start(lobby.id, ALICE)
    assert raced, "the CPUs thought in the worker"
    table_id = started.table.id
    await assert_snapshot_is_replay(pooled, database, table_id)
    # thought again from a log of the same length: the same moves as a table never raced
    inline = TableService(database, pooled_settings(cpu_workers=0))
    other = await inline.open_lobby(GUILD, 2, "gong-zhu", None, ALICE, "Alice", 4, seed=9)
    await inline.join(other.id, BOB, "Bob")
    for _ in range(2):
        await inline.add_cpu(other.id, ALICE, "hard")
    await inline.start(other.id, ALICE)
    record = await pooled.record(table_id, include_sealed=True)
    assert record["actions"] and any(a["seat"] > 1 for a in record["actions"])
    assert record["actions"] == (await inline.record(other.id, include_sealed=True))["actions"]


async def test_a_table_left_between_two_writes_is_resumed_by_the_timers(
    database: Database, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    """The process dies after writing Alice's move, before the CPUs' thought is written:
    the table is `paced` with a watchdog deadline. A restarted process finds it (the restart
    path), and the timers resume it once nothing moved it for `stall_seconds`; the log names
    the table and what it waits for, never a card."""
    crashing = TableService(database, pooled_settings(), clock=clock)

    async def dies(result: ActResult, pending: Pending, progress: Any = None) -> ActResult:
        return result  # the process stops here

    crashing._writer.follow = dies  # type: ignore[method-assign]
    lobby = await crashing.open_lobby(GUILD, 1, "gong-zhu", None, ALICE, "Alice", 4, seed=12)
    for _ in range(3):
        await crashing.add_cpu(lobby.id, ALICE, "hard")
    started = await crashing.start(lobby.id, ALICE)
    table_id = started.table.id
    row = await stored_row(database, table_id)
    assert row.paced and row.deadline == clock.now + timedelta(seconds=60)

    again = TableService(database, pooled_settings(cpu_workers=0), clock=clock)
    assert [t.id for t in await again.auto_pending_tables()] == [table_id]  # the restart path
    clock.advance(59)
    assert await again.expire_overdue() == []
    clock.advance(2)
    caplog.set_level(logging.INFO)
    [resumed] = await again.expire_overdue()
    assert resumed.policy == "resume"
    assert {step.seat for step in resumed.result.steps} == {1, 2, 3}  # the CPUs exposed
    said = [r.getMessage() for r in caplog.records if "stalled" in r.getMessage()]
    assert len(said) == 1 and said[0].startswith(f"table {table_id} stalled; resuming it")
    assert "seat 1 (cpu): expose required" in said[0]
    assert not re.findall(r"\b(?:10|[2-9JQKA])[SHDC]\b", said[0])  # no card named
    row = await stored_row(database, table_id)
    assert not row.paced and row.deadline is not None and row.deadline > clock.now
    await assert_snapshot_is_replay(again, database, table_id)
    assert await again.expire_overdue() == []


async def test_a_paced_table_nobody_goes_on_with_is_resumed(
    service: TableService, database: Database, clock: FakeClock
) -> None:
    """Zhao Pengyou's deal with nobody taking its draws (the pace loop stopped): stalled after
    `stall_seconds`, resumed one draw at a time; its watchdog moves on with each write."""
    lobby = await service.open_lobby(GUILD, 1, "zhao-pengyou", None, ALICE, "Alice", 6, seed=4)
    for _ in range(5):
        await service.add_cpu(lobby.id, ALICE, "easy")
    started = await service.start(lobby.id, ALICE)
    table_id = started.table.id
    assert started.auto_pending and started.table.deadline is None  # no prompt's deadline
    for _ in range(3):
        clock.advance(61)
        [resumed] = await service.expire_overdue()
        assert resumed.policy == "resume" and resumed.result.auto_pending
        assert [step.by for step in resumed.result.steps if step.by == "table"] == ["table"]
        row = await stored_row(database, table_id)
        assert row.paced and row.deadline == clock.now + timedelta(seconds=60)
    assert await service.expire_overdue() == []  # not before its watchdog again
