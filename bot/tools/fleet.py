"""Several bot processes on one database without Discord: a stand-in gateway, players, an audit.

A fleet process (`bot.tools.fleet_process`) is `cardbot run` without the Discord connection,
its gateway a pipe: interactions in on standard input, replies and what its timers did out on
standard output, one JSON object a line.

`Fleet` starts such processes and, like Discord, hands each interaction to the process that
owns the guild's shard; it can SIGKILL one and start it again. `play` is a simulated person at
one table, acting through the fleet at a pace it is given or staying away so that the turn
timer plays for them. `audit` then reads the database: every acknowledged action is in the
log, no timer move came before its prompt's deadline (a timer that fired twice plays the next
prompt early), none came too late or is still missing, and every reply and timer came from the
process owning its guild.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import os
import random
import signal
import sys
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import orjson

from bot.shards import Shards, parse_ids, shard_of
from bot.tools.fleet_process import LINE_LIMIT, READY, FastClock, shared_clock

if TYPE_CHECKING:
    pass

log = logging.getLogger(__name__)

# ====================================================================== the gateway


@dataclass
class Member:
    """One process of the fleet: its shards and, while it runs, its pipes."""

    shards: str
    proc: asyncio.subprocess.Process | None = None
    pending: dict[int, asyncio.Future[dict[str, Any] | None]] = field(default_factory=dict)
    up: asyncio.Event = field(default_factory=asyncio.Event)
    pids: list[int] = field(default_factory=list)
    reader: asyncio.Task[None] | None = None
    engines: str = ""
    """Which engines the process runs (`bot.compiled.describe`), as it said when ready."""


@dataclass(frozen=True)
class Reply:
    """How long one interaction took, from the gateway's send to the reply read back."""

    kind: str
    at: float
    """Wall clock (perf_counter) of the reply."""
    ms: float
    handled_ms: float
    """The part spent in the process's service call."""
    written_ms: float = 0.0
    """From the gateway's send to the process writing its reply (`shared_clock`): the bot's
    part, without the time the gateway took to read the reply back."""


class Fleet:
    """Processes on one database, each given a shard range, and the gateway between them and
    the players: `request` takes an interaction to the process owning its guild."""

    def __init__(
        self,
        url: str,
        shard_count: int,
        ranges: Iterable[str],
        *,
        speed: float = 1.0,
        tick: float = 1.0,
        env: Mapping[str, str] | None = None,
        logs: Path | None = None,
    ) -> None:
        self.url = url
        self.count = shard_count
        self.members = [Member(ids) for ids in ranges]
        self.owner: dict[int, Member] = {}
        for member in self.members:
            for shard in Shards(shard_count, parse_ids(member.shards, shard_count)).ids:
                if shard in self.owner:
                    raise ValueError(f"shard {shard} is given to two processes")
                self.owner[shard] = member
        if len(self.owner) != shard_count:
            raise ValueError("every shard needs a process")
        self.clock = FastClock(time.time(), speed)
        self.tick = tick
        self.env = dict(env or {})
        self.logs = logs
        self.events: list[dict[str, Any]] = []
        self.replies: list[Reply] = []
        self.foreign: list[dict[str, Any]] = []
        """Replies and timer events that came from a process not owning the guild."""
        self.kills = 0
        self._ids = itertools.count(1)
        self._news: dict[int, asyncio.Event] = {}

    # ------------------------------------------------------------------ processes

    async def start(self) -> None:
        """Start every process; back when all are ready."""
        await asyncio.gather(*(self._launch(member) for member in self.members))

    async def _launch(self, member: Member) -> None:
        env = {
            **os.environ,
            "DATABASE_URL": self.url,
            "SHARD_COUNT": str(self.count),
            "SHARD_IDS": member.shards,
            "DISCORD_TOKEN": "",
            **self.env,
        }
        stderr: IO[bytes] | None = None
        if self.logs is not None:
            stderr = open(self.logs / f"fleet-{member.shards}.log", "ab")  # noqa: SIM115
        try:
            member.proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "bot.tools.fleet_process",
                f"--epoch={self.clock.epoch}",
                f"--speed={self.clock.speed}",
                f"--tick={self.tick}",
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=stderr,
                env=env,
                limit=LINE_LIMIT,
            )
        finally:
            if stderr is not None:
                stderr.close()
        member.pids.append(member.proc.pid)
        ready = asyncio.get_running_loop().create_future()
        member.reader = asyncio.create_task(self._read(member, member.proc, ready))
        if not await ready:
            raise RuntimeError(f"the process of shards {member.shards} stopped before it was ready")
        member.up.set()

    async def _read(
        self, member: Member, proc: asyncio.subprocess.Process, ready: asyncio.Future[bool]
    ) -> None:
        assert proc.stdout is not None
        shards = parse_ids(member.shards, self.count)
        while line := await proc.stdout.readline():
            message = orjson.loads(line)
            if message.get(READY):
                member.engines = str(message.get("engines", ""))
                ready.set_result(True)
            elif "id" in message:
                future = member.pending.pop(message["id"], None)
                if future is not None and not future.done():
                    future.set_result(message)
            else:
                if shard_of(message.get("guild"), self.count) not in shards:
                    self.foreign.append(message)
                self.events.append(message)
                self._news.setdefault(message["table"], asyncio.Event()).set()
        # the process is gone: what it had not answered never will be (Discord: "This
        # interaction failed"; the person tries again)
        member.up.clear()
        if not ready.done():
            ready.set_result(False)
        for future in member.pending.values():
            if not future.done():
                future.set_result(None)
        member.pending.clear()

    async def kill(self, index: int) -> None:
        """SIGKILL one process (nothing of it gets to run again) and wait for it to be gone."""
        member = self.members[index]
        assert member.proc is not None
        member.up.clear()
        with contextlib.suppress(ProcessLookupError):
            member.proc.send_signal(signal.SIGKILL)
        await member.proc.wait()
        if member.reader is not None:
            await member.reader
        self.kills += 1

    async def restart(self, index: int) -> None:
        """Start the process of those shards again (a supervisor's restart)."""
        await self._launch(self.members[index])

    async def close(self) -> None:
        """Close every process's input (it stops) and wait for them."""
        for member in self.members:
            proc = member.proc
            if proc is None or proc.returncode is not None:
                continue
            assert proc.stdin is not None
            proc.stdin.close()
            try:
                await asyncio.wait_for(proc.wait(), 20)
            except TimeoutError:
                proc.kill()
                await proc.wait()
            if member.reader is not None:
                await member.reader

    # ------------------------------------------------------------------ the gateway

    def member_of(self, guild: int | None) -> Member:
        """The process owning the guild's shard."""
        return self.owner[shard_of(guild, self.count)]

    async def serving(self, guild: int | None) -> None:
        """Back when the process of the guild's shard is up."""
        await self.member_of(guild).up.wait()

    async def request(self, guild: int | None, kind: str, **fields: Any) -> dict[str, Any] | None:
        """One interaction to the process owning `guild`; None when that process is down or
        died before it answered."""
        member = self.member_of(guild)
        proc = member.proc
        if not member.up.is_set() or proc is None or proc.stdin is None:
            return None
        number = next(self._ids)
        future: asyncio.Future[dict[str, Any] | None] = asyncio.get_running_loop().create_future()
        member.pending[number] = future
        started, sent = time.perf_counter(), shared_clock()
        try:
            proc.stdin.write(
                orjson.dumps({"id": number, "kind": kind, "guild": guild, **fields}) + b"\n"
            )
            await proc.stdin.drain()
        except (BrokenPipeError, ConnectionResetError):
            member.pending.pop(number, None)
            return None
        reply = await future
        if reply is not None:
            ended = time.perf_counter()
            written = (float(reply.get("replied_at", sent)) - sent) * 1000
            handled = float(reply.get("handled_ms", 0))
            self.replies.append(Reply(kind, ended, (ended - started) * 1000, handled, written))
            if reply["pid"] not in member.pids or reply.get("error") == "not_my_shard":
                self.foreign.append(reply)
        return reply

    def news(self, table_id: int) -> asyncio.Event:
        """Set when a timer did something at the table (a reminder, an expiry): the player's DM."""
        return self._news.setdefault(table_id, asyncio.Event())


# ====================================================================== players


@dataclass
class Ledger:
    """What the players sent and were told: the audit's other half."""

    sent: dict[tuple[int, int], Mapping[str, Any]] = field(default_factory=dict)
    """(table, seq) → the action sent for that place in the log: answered as applied, or
    not answered at all (its process died: applied or not)."""
    acked: set[tuple[int, int]] = field(default_factory=set)
    """(table, seq) of the actions the players were told were applied."""
    tables: set[int] = field(default_factory=set)
    refused: Counter[str] = field(default_factory=Counter)
    unanswered: int = 0


@dataclass(frozen=True)
class Player:
    """A person at one table: their user id, the table's guild and id, and its game."""

    user: int
    guild: int | None
    table: int
    game: str


Pace = Callable[[int], Awaitable[bool]]
"""Waits before the player's n-th decision as the person would; False: they stay away and let
the turn timer play that turn."""


async def play(
    fleet: Fleet,
    player: Player,
    pace: Pace,
    ledger: Ledger,
    *,
    poll: float = 2.0,
    rematch: Callable[[], bool] = lambda: False,
) -> dict[str, Any]:
    """Play the table to its end (then again while `rematch()` says so); the last reply.

    Moves are the normal CPU's choice from the player's own prompt and view, as in
    `cardbot bench service`, made before `pace` waits (a person decides while thinking: a
    burst of clicks is only the clicks). Without an answer (the process died) the player
    waits for the guild's process and looks again; a refusal because the table moved on (the timer played
    the turn) is looked at again too. A timer's news wakes a waiting player; `poll` seconds of
    silence make it look anyway (the news of a process killed just after it acted is lost).
    """
    from bot.tools.bench_service import choose
    from engines.cpu import cpu_player

    cpu = cpu_player(player.game, "normal")
    rng = random.Random(player.table)
    table = player.table
    ledger.tables.add(table)
    decisions = 0

    async def look() -> dict[str, Any]:
        while True:
            fleet.news(table).clear()
            reply = await fleet.request(player.guild, "look", table=table, user=player.user)
            if reply is not None and reply.get("error") != "database":
                return reply
            ledger.unanswered += 1
            await fleet.serving(player.guild)

    async def news() -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(fleet.news(table).wait(), poll)

    reply = await look()
    while True:
        if "error" in reply:
            ledger.refused[reply["error"]] += 1
            if reply["error"] != "table_moved_on":
                raise RuntimeError(f"table {table}: {reply['error']}")
            reply = await look()
            continue
        if reply["status"] != "active":
            if not rematch():
                return reply
            again = await fleet.request(player.guild, "rematch", table=table, user=player.user)
            if again is None or "error" in again:
                return reply
            table = again["table"]
            ledger.tables.add(table)
            reply = again
            continue
        if reply["prompt"] is None:
            await news()
            reply = await look()
            continue
        decisions += 1
        # the person makes up their mind while thinking; the interaction is the click after
        action = choose(cpu, reply["view"], reply["prompt"], rng)
        if not await pace(decisions):
            version = reply["prompt_version"]
            while reply.get("status") == "active" and reply.get("prompt_version") == version:
                await news()
                reply = await look()
            continue
        if action is None:
            await news()
            reply = await look()
            continue
        place = (table, reply["action_count"])
        ledger.sent[place] = action
        answer = await fleet.request(
            player.guild,
            "act",
            table=table,
            user=player.user,
            action=action,
            prompt_version=reply["prompt_version"],
        )
        if answer is None:
            ledger.unanswered += 1
            await fleet.serving(player.guild)
            reply = await look()
            continue
        if answer.get("ok"):
            ledger.acked.add((table, answer["seq"]))
            if answer["seq"] != place[1]:  # not where the prompt said: note it where it went
                ledger.sent[(table, answer["seq"])] = ledger.sent.pop(place)
        else:
            ledger.sent.pop(place, None)
        reply = answer


# ====================================================================== the audit


@dataclass
class Audit:
    """What the database says happened at the players' tables."""

    tables: int = 0
    finished: int = 0
    acked: int = 0
    lost: int = 0
    """Actions a player was told were applied that the log does not hold."""
    applied_unanswered: int = 0
    """Actions applied whose reply was lost with a killed process (the player looked again)."""
    timer_moves: int = 0
    early: int = 0
    """Timer moves before their prompt's deadline: a timer fired twice."""
    late: int = 0
    """Timer moves later than the allowed lag after their deadline."""
    overdue: int = 0
    """Prompts still open past their deadline and the allowed lag: a timer that never fired."""
    lags: list[float] = field(default_factory=list)
    """Wall seconds from each timer move's deadline to its firing."""
    reported: int = 0
    unreported: int = 0
    """Timer moves in the log that no process reported (it was killed before it could)."""
    reported_twice: int = 0
    reminded_twice: int = 0
    foreign: int = 0

    @property
    def ok(self) -> bool:
        """Nothing lost, every timer once and in time, every guild served by its own process."""
        return not (
            self.lost
            or self.early
            or self.late
            or self.overdue
            or self.reported_twice
            or self.reminded_twice
            or self.foreign
        )

    def lines(self) -> list[str]:
        """The checks, one a line, for people."""
        lags = sorted(self.lags)

        def at(q: float) -> str:
            return f"{lags[min(len(lags) - 1, int(q * len(lags)))]:.2f} s" if lags else "—"

        verdict = "ok" if self.ok else "FAILED"
        return [
            f"actions acknowledged {self.acked:,}, lost {self.lost}"
            f" (applied with their reply lost in a kill: {self.applied_unanswered})",
            f"timer moves {self.timer_moves:,}: early (fired twice) {self.early},"
            f" late {self.late}, never fired {self.overdue};"
            f" reported {self.reported:,}, twice {self.reported_twice},"
            f" lost with a killed process {self.unreported}; reminders twice {self.reminded_twice}",
            f"timer lag p50 {at(0.5)}, p99 {at(0.99)}, worst {at(1.0)}",
            f"replies or timers from a process not owning the guild: {self.foreign}",
            f"tables {self.tables:,}, finished {self.finished:,}: {verdict}",
        ]


async def audit(fleet: Fleet, ledger: Ledger, *, late_after: float) -> Audit:
    """Read the players' tables back and check them against the ledger and the fleet's events.

    `late_after`: wall seconds after a deadline by which its timer must have fired (a tick,
    a restart, the machine's load).
    """
    from sqlalchemy import select

    from bot.store import Database
    from bot.store.models import ACTIVE, FINISHED, ActionLogRow, SeatRow, TableRow

    report = Audit(tables=len(ledger.tables), acked=len(ledger.acked), foreign=len(fleet.foreign))
    reported = Counter(
        (event["table"], seq)
        for event in fleet.events
        if event["event"] == "expiry"
        for seq in event["moves"]
    )
    reminded = Counter(
        (event["table"], seat, due, number)  # each reminder of a prompt (its rhythm) once
        for event in fleet.events
        if event["event"] == "reminder"
        for seat, due, number in event["dues"]
    )
    report.reported = len(reported)
    report.reported_twice = sum(1 for n in reported.values() if n > 1)
    report.reminded_twice = sum(1 for n in reminded.values() if n > 1)
    speed = fleet.clock.speed
    database = Database(fleet.url)
    try:
        ids = sorted(ledger.tables)
        async with database.sessions() as s:
            tables = {
                row.id: row
                for start in range(0, len(ids), 1000)
                for row in await s.scalars(
                    select(TableRow).where(TableRow.id.in_(ids[start : start + 1000]))
                )
            }
            humans: dict[int, set[int]] = {}
            logs: dict[int, list[ActionLogRow]] = {}
            for start in range(0, len(ids), 1000):
                chunk = ids[start : start + 1000]
                for seat in await s.scalars(select(SeatRow).where(SeatRow.table_id.in_(chunk))):
                    if seat.user_id is not None:
                        humans.setdefault(seat.table_id, set()).add(seat.seat)
                for entry in await s.scalars(
                    select(ActionLogRow)
                    .where(ActionLogRow.table_id.in_(chunk))
                    .order_by(ActionLogRow.table_id, ActionLogRow.seq)
                ):
                    logs.setdefault(entry.table_id, []).append(entry)
        now = fleet.clock()
        acked: dict[int, list[tuple[int, int]]] = {}
        for place in ledger.acked:
            acked.setdefault(place[0], []).append(place)
        timed: set[tuple[int, int]] = set()
        for table_id in ids:
            row = tables[table_id]
            report.finished += row.status == FINISHED
            timer = row.turn_timer_seconds
            previous: datetime | None = None
            for entry in logs.get(table_id, []):
                place = (table_id, entry.seq)
                if entry.seat in humans.get(table_id, set()):
                    if ledger.sent.get(place) == entry.action:
                        report.applied_unanswered += place not in ledger.acked
                    else:
                        timed.add(place)
                        # the prompt came with the write before this one (the start for seq 0)
                        since = previous or row.created_at
                        lag = (entry.created_at - since).total_seconds() - timer
                        report.early += lag < 0
                        if previous is not None:
                            report.lags.append(lag / speed)
                            report.late += lag / speed > late_after
                previous = entry.created_at
            logged = {entry.seq: entry.action for entry in logs.get(table_id, [])}
            report.lost += sum(
                1 for place in acked.get(table_id, ()) if logged.get(place[1]) != ledger.sent[place]
            )
            if (
                row.status == ACTIVE
                and row.deadline is not None
                and (now - row.deadline).total_seconds() / speed > late_after
            ):
                report.overdue += 1
        report.timer_moves = len(timed)
        report.unreported = len(timed - set(reported))
    finally:
        await database.dispose()
    return report

