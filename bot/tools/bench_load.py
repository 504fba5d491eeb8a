"""Load: several bot processes on one PostgreSQL, many stored tables, people playing at once.

    python -m bot.tools.bench_load [--tables 10000] [--active 1000] [--processes 4]
                                   [--seconds 60] [--kill-every S] [--url postgresql://...]

Makes a throw-away database on the PostgreSQL server of `--url` (default:
$CARDBOT_TEST_POSTGRES_URL; the role must be allowed to create databases) and stores
`--tables` tables in it: `--active` running games opened through the tables service, one
person and one to three normal CPUs at each, and the rest as `bot.tools.bench_startup` stores them
(finished, one in ten still running with nobody acting). Then it starts `--processes`
processes of `bot.tools.fleet_process` (the tables service and the timers of a shard range each, a pipe for
a gateway) and a simulated person at every running table: they think for about `--think`
seconds before each move (never more than twice that), some moves come in bursts (every `--burst-every` seconds a share of
the people waiting act at once), some turns are left to the turn timer (`--away`), and each
finished game is played again. Time runs `--speed` times faster in the processes, so that the
shortest turn timer (5 minutes) runs out in seconds.

It prints the actions handled per second, the latency from interaction to reply (from the
gateway's send to the process writing its reply, both on the machine's monotonic clock; also
the part spent in the service, and the time until the bench read the reply back, which adds
the bench's own waits for the CPU), the timer lag (how late expiries fire after their deadline), the
database's growth, and the checks of `bot.tools.fleet.audit`. With `--kill-every S` one process
(in turn) is SIGKILLed and started again every S seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import os
import random
import statistics
import time
import uuid
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager

from bot.tools.fleet import Fleet, Ledger, Player, Reply, audit, play

POSTGRES_ENV = "CARDBOT_TEST_POSTGRES_URL"
TURN_TIMER = 300
"""The shortest turn timer a table may have (seconds)."""
TARGET_P99 = 300.0
"""Milliseconds from an action's interaction to its reply, 99th percentile (issue 13)."""


@asynccontextmanager
async def scratch_database(url: str) -> AsyncIterator[str]:
    """A new, empty database on the server of `url`, dropped afterwards."""
    import asyncpg
    from sqlalchemy.engine import make_url

    from bot.settings import normalize_database_url

    server = make_url(normalize_database_url(url))
    dsn = server.set(drivername="postgresql").render_as_string(hide_password=False)
    name = f"cardbot_load_{uuid.uuid4().hex[:12]}"

    async def admin(statement: str) -> None:
        connection = await asyncpg.connect(dsn)
        try:
            await connection.execute(statement)
        finally:
            await connection.close()

    await admin(f'CREATE DATABASE "{name}"')
    try:
        yield server.set(database=name).render_as_string(hide_password=False)
    finally:
        await admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def database_size(url: str) -> int:
    """Bytes the database takes on disk."""
    from sqlalchemy import text

    from bot.store import Database

    database = Database(url)
    try:
        async with database.engine.connect() as conn:
            return int(await conn.scalar(text("SELECT pg_database_size(current_database())")))
    finally:
        await database.dispose()


async def open_tables(url: str, active: int, game: str, seed: int) -> list[Player]:
    """The running tables, opened and started through the tables service, spread over guilds."""
    from bot.settings import Settings
    from bot.store import Database
    from bot.tables import TableService

    rng = random.Random(seed)
    database = Database(url)
    settings = Settings(
        _env_file=None,  # type: ignore[call-arg]
        database_url=url,
        turn_timer_seconds=TURN_TIMER,
    )
    service = TableService(database, settings)

    async def one(n: int) -> Player:
        guild, user = (n % 64 + 1) << 22, 100_000 + n
        lobby = await service.open_lobby(guild, 5_000_000 + n, game, None, user, f"P{n}")
        for _ in range(rng.randint(1, 3)):
            await service.add_cpu(lobby.id, user)
        await service.start(lobby.id, user)
        return Player(user, guild, lobby.id, game)

    try:
        players: list[Player] = []
        for start in range(0, active, 20):
            players += await asyncio.gather(
                *(one(n) for n in range(start, min(active, start + 20)))
            )
        return players
    finally:
        await database.dispose()


class Bursts:
    """Every `every` seconds, a share of the people thinking stop thinking and act at once.

    The burst itself picks them (each person thinking, with probability `share`) and wakes only
    those: waking every thinker to let each draw would cost the bench a stampede of its own at
    the very moment it times the replies."""

    def __init__(self, every: float, share: float, seed: int = 0) -> None:
        self.every = every
        self.share = share
        self.rng = random.Random(seed)
        self.thinking: set[asyncio.Future[None]] = set()
        self.times: list[float] = []
        """When each burst went off (perf_counter)."""

    async def run(self) -> None:
        """Set off a burst every `every` seconds."""
        while True:
            await asyncio.sleep(self.every)
            self.times.append(time.perf_counter())
            for person in list(self.thinking):
                if self.rng.random() < self.share and not person.done():
                    person.set_result(None)

    def sizes(self, replies: Sequence[Reply]) -> list[tuple[int, float]]:
        """Each burst's moves (sent within 0.1 s of it) and how long after it the last reply
        came, in seconds."""
        out = []
        for t in self.times:
            moves = [r for r in replies if 0 <= r.at - r.ms / 1000 - t <= 0.1]
            if moves:
                out.append((len(moves), max(r.at for r in moves) - t))
        return out

    def caught(self, reply: Reply, within: float = 2.0) -> bool:
        """The interaction was sent within `within` seconds after a burst went off."""
        sent = reply.at - reply.ms / 1000
        return any(0 <= sent - t <= within for t in self.times)

    async def think(self, seconds: float) -> None:
        """Think for `seconds`, unless a burst catches this person first."""
        person: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.thinking.add(person)
        try:
            await asyncio.wait_for(person, seconds)
        except TimeoutError:
            pass
        finally:
            self.thinking.discard(person)


def shard_ranges(count: int, processes: int) -> list[str]:
    """`count` shards in `processes` contiguous ranges (`0-1`, `2-3`, ...)."""
    bounds = [round(k * count / processes) for k in range(processes + 1)]
    return [
        f"{low}-{high - 1}" if high - 1 > low else str(low)
        for low, high in itertools.pairwise(bounds)
    ]


def quantile(values: Sequence[float], q: float) -> float:
    """The q-quantile (nearest rank) of `values`."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


async def run(args: argparse.Namespace, url: str) -> bool:
    """The whole bench on the database at `url`; True when every check passed."""
    from bot.tools.bench_startup import fill

    started = time.perf_counter()
    stored = args.tables - args.active
    await fill(url, stored, stored // 10)
    players = await open_tables(url, args.active, args.game, args.seed)
    size_before = await database_size(url)
    print(
        f"stored {args.tables:,} tables ({args.active:,} being played, {stored // 10:,} running"
        f" idle, the rest finished) in {time.perf_counter() - started:.1f} s;"
        f" database {size_before / 2**20:,.1f} MiB"
    )
    shards = args.shards or 2 * args.processes
    fleet = Fleet(
        url,
        shards,
        shard_ranges(shards, args.processes),
        speed=args.speed,
        tick=args.tick,
        env={"TURN_TIMER_SECONDS": str(TURN_TIMER), "ARCHIVE_AFTER_DAYS": "0"},
    )
    ledger = Ledger()
    bursts = Bursts(args.burst_every, args.burst_share, args.seed)
    running = True
    restarts: list[float] = []

    async def person(player: Player) -> None:
        rng = random.Random(player.table)

        async def pace(n: int) -> bool:
            if rng.random() < args.away:
                return False
            await bursts.think(min(rng.expovariate(1 / args.think), 2 * args.think))
            return True

        await bursts.think(rng.uniform(0, args.think))  # people arrive over a while
        await play(fleet, player, pace, ledger, poll=args.tick * 5, rematch=lambda: running)

    stop_killing = asyncio.Event()

    async def killer() -> None:
        # told to stop, it ends between two kills: a restart cut short would leave its
        # process started but never marked ready, and the end of the run waiting for it
        for n in range(1_000_000):
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop_killing.wait(), args.kill_every)
                return
            began = time.perf_counter()
            await fleet.kill(n % args.processes)
            await fleet.restart(n % args.processes)
            restarts.append(time.perf_counter() - began)

    launched = time.perf_counter()
    await fleet.start()
    print(
        f"{args.processes} processes ready in {time.perf_counter() - launched:.1f} s"
        f" (shards {', '.join(m.shards for m in fleet.members)} of {shards});"
        f" time runs {args.speed:g}x: a {TURN_TIMER // 60}-minute turn timer lasts"
        f" {fleet.clock.wall_seconds(TURN_TIMER):.0f} s;"
        f" {', '.join(sorted({m.engines for m in fleet.members}))}"
    )
    helpers = [asyncio.create_task(bursts.run())]
    killing = asyncio.create_task(killer()) if args.kill_every else None
    people = [asyncio.create_task(person(p)) for p in players]
    began = time.perf_counter()
    size_growth = 0
    try:
        await asyncio.sleep(args.seconds)
        running = False
        elapsed = time.perf_counter() - began
        stop_killing.set()
        for task in [*helpers, *people]:
            task.cancel()
        if killing is not None:
            helpers.append(killing)  # not cancelled: it ends once its kill's restart is done
        outcomes = await asyncio.gather(*helpers, *people, return_exceptions=True)
        failed = [o for o in outcomes if isinstance(o, BaseException) and not _cancelled(o)]
        # every process up and the replies still on their way read, before the audit
        for member in fleet.members:
            await member.up.wait()
        deadline = time.perf_counter() + 30
        while any(m.pending for m in fleet.members) and time.perf_counter() < deadline:
            await asyncio.sleep(0.05)
        late_after = args.tick + max(restarts, default=0.0) + 5.0
        report = await audit(fleet, ledger, late_after=late_after)
        size_growth = await database_size(url) - size_before
    finally:
        await fleet.close()
    replies = [r for r in fleet.replies if r.at - began <= elapsed]
    acts = [r for r in replies if r.kind == "act"]
    print(f"{elapsed:.0f} s, {len(players):,} people")
    print(
        f"  actions handled {len(acts) / elapsed:,.1f}/s"
        f" ({len(replies) / elapsed:,.1f} interactions/s with looks and rematches)"
    )
    for kind in ("act", "look"):
        print("  " + _latency(kind, [r for r in replies if r.kind == kind]))
    print("    " + _latency("acts at a person's pace", [r for r in acts if not bursts.caught(r)]))
    print("    " + _latency("acts in the 2 s after a burst", [r for r in acts if bursts.caught(r)]))
    sizes = bursts.sizes(acts)
    if sizes:
        print(
            f"    bursts {len(sizes)}: {min(n for n, _ in sizes)}-{max(n for n, _ in sizes)} moves"
            f" at once (median {statistics.median(n for n, _ in sizes):.0f}), the last reply"
            f" {min(d for _, d in sizes):.2f}-{max(d for _, d in sizes):.2f} s after"
            f" (median {statistics.median(d for _, d in sizes):.2f}; in turn"
            f" {', '.join(f'{d:.2f}' for _, d in sizes)})"
        )
    p99 = quantile([r.written_ms for r in acts], 0.99)
    print(f"  target p99 ≤ {TARGET_P99:.0f} ms: {'met' if p99 <= TARGET_P99 else 'NOT met'}")
    expiries = sum(1 for e in fleet.events if e["event"] == "expiry")
    print(
        f"  timers: {expiries:,} expiries, {len(fleet.events) - expiries:,} reminders reported;"
        f" lag allowed {late_after:.1f} s"
    )
    print(
        f"  database grew {size_growth / 2**20:,.1f} MiB"
        f" ({size_growth / max(1, len(acts)) / 1024:,.1f} KiB an action, the CPUs' replies with it)"
    )
    if args.kill_every:
        print(
            f"  kills {fleet.kills} (every {args.kill_every:g} s), restart to ready median"
            f" {statistics.median(restarts) if restarts else 0:.1f} s;"
            f" interactions unanswered {ledger.unanswered}"
        )
    for line in report.lines():
        print(f"  check: {line}")
    for failure in failed[:5]:
        print(f"  a player failed: {failure!r}")
    return report.ok and not failed


def _cancelled(outcome: BaseException) -> bool:
    return isinstance(outcome, asyncio.CancelledError)


def _latency(label: str, replies: Sequence[Reply]) -> str:
    if not replies:
        return f"{label}: none"
    written = [r.written_ms for r in replies]
    read = [r.ms for r in replies]
    service = [r.handled_ms for r in replies]
    return (
        f"{label} (n={len(replies):,}): interaction to reply p50 {quantile(written, 0.5):.0f} ms,"
        f" p99 {quantile(written, 0.99):.0f} ms, worst {max(written):.0f} ms;"
        f" in the service p50 {quantile(service, 0.5):.0f} ms, p99 {quantile(service, 0.99):.0f} ms;"
        f" read back by the bench p99 {quantile(read, 0.99):.0f} ms"
    )


async def _main(args: argparse.Namespace) -> bool:
    async with scratch_database(args.url) as url:
        return await run(args, url)


def main(argv: list[str] | None = None) -> int:
    """Run the bench; exit 1 when a check failed."""
    parser = argparse.ArgumentParser(
        prog="python -m bot.tools.bench_load",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--tables", type=int, default=10_000, help="tables stored (10000)")
    parser.add_argument("--active", type=int, default=1_000, help="of them played (1000)")
    parser.add_argument("--processes", type=int, default=4, help="bot processes (4)")
    parser.add_argument("--shards", type=int, help="SHARD_COUNT (default: 2 a process)")
    parser.add_argument("--seconds", type=float, default=60, help="how long people play (60)")
    parser.add_argument("--kill-every", type=float, help="SIGKILL and restart one every S s")
    parser.add_argument("--think", type=float, default=8.0, help="mean thinking time (8 s)")
    parser.add_argument("--burst-every", type=float, default=10.0, help="seconds between bursts")
    parser.add_argument("--burst-share", type=float, default=0.2, help="who acts in a burst")
    parser.add_argument("--away", type=float, default=0.03, help="turns left to the timer")
    parser.add_argument("--speed", type=float, default=10.0, help="how much faster time runs")
    parser.add_argument("--tick", type=float, default=1.0, help="longest timer pause (s)")
    parser.add_argument("--game", default="go-fish", help="the game played (go-fish)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--url", default=os.environ.get(POSTGRES_ENV), help="PostgreSQL server")
    args = parser.parse_args(argv)
    from bot import compiled

    # the people's choices too: they share the machine with the processes they time
    compiled.activate()
    if not args.url or not args.url.startswith(("postgres", "postgresql")):
        parser.error(f"needs a PostgreSQL URL: --url or ${POSTGRES_ENV}")
    ok = asyncio.run(_main(args))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
