"""Several bot processes on one PostgreSQL database (bot.tools.fleet: real processes, the tables service,
a pipe for a gateway): tables played across them to their end, each guild served by the process
owning its shard, every turn timer fired once, also when a process is killed mid-game and
started again."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.settings import Settings
from bot.shards import shard_of
from bot.store import Database
from bot.tables import TableService
from bot.tools.fleet import Fleet, Ledger, Player, audit, play

GAME = "go-fish"
SHARD_COUNT = 4
RANGES = ("0-1", "2", "3")
KILLED = 1
"""The process killed mid-game: shard 2's."""
GUILDS = [(2000 + k) << 22 for k in range(8)]
"""Two guilds on each shard."""
TURN_TIMER = 300
SPEED = 150.0
"""The processes' clocks run 150 times faster: a 300 s turn timer runs out in 2 s."""
AWAY = (2, 5)
"""The decisions the player of every third table leaves to the turn timer (on every shard)."""


async def _open_tables(database: Database) -> list[Player]:
    """Three tables a guild, one person and one to three CPU seats at each."""
    settings = Settings(
        _env_file=None,  # type: ignore[call-arg]
        database_url=database.url,
        turn_timer_seconds=TURN_TIMER,
    )
    service = TableService(database, settings)
    players = []
    for n in range(3 * len(GUILDS)):
        guild, user = GUILDS[n % len(GUILDS)], 5000 + n
        lobby = await service.open_lobby(guild, 9000 + n, GAME, None, user, f"P{n}", seed=n)
        for _ in range(1 + n % 3):
            await service.add_cpu(lobby.id, user)
        await service.start(lobby.id, user)
        players.append(Player(user, guild, lobby.id, GAME))
    return players


def _logs(folder: Path) -> str:
    return "\n".join(f"{p.name}:\n{p.read_text()[-3000:]}" for p in sorted(folder.glob("*.log")))


@pytest.mark.parametrize("database", ["postgres"], indirect=True)
async def test_tables_play_across_processes_and_survive_a_killed_one(
    database: Database, tmp_path: Path
) -> None:
    players = await _open_tables(database)
    fleet = Fleet(
        database.url,
        SHARD_COUNT,
        RANGES,
        speed=SPEED,
        tick=0.2,
        env={"TURN_TIMER_SECONDS": str(TURN_TIMER), "ARCHIVE_AFTER_DAYS": "0"},
        logs=tmp_path,
    )
    ledger = Ledger()
    aways: list[int] = []
    away = {p.table for n, p in enumerate(players) if n % 3 == 0}
    victim = next(p for p in players if p.table in away and shard_of(p.guild, SHARD_COUNT) == 2)
    victim_away = asyncio.Event()

    def pace(n: int, player: Player) -> bool:
        if n in AWAY and player.table in away:
            aways.append(player.table)
            if player is victim and n == AWAY[-1]:
                victim_away.set()  # its timer is due in 2 s: the process dies before
            return False
        return True

    async def paced(player: Player) -> None:
        async def decide(n: int) -> bool:
            return pace(n, player)

        await play(fleet, player, decide, ledger, poll=1.0)

    await fleet.start()
    games = asyncio.gather(*(paced(p) for p in players))
    try:
        await asyncio.wait_for(victim_away.wait(), 30)
        await fleet.kill(KILLED)
        await fleet.restart(KILLED)
        await asyncio.wait_for(games, 45)
        report = await audit(fleet, ledger, late_after=20.0)
    finally:
        games.cancel()  # a failure above leaves players waiting: they go with the fleet
        await fleet.close()
    assert report.ok, "\n".join(report.lines()) + "\n" + _logs(tmp_path)
    assert report.finished == len(players) == report.tables
    assert report.acked > 10 * len(players) and report.lost == 0
    # every away decision was played by a timer, once; and none came before its deadline
    assert report.timer_moves >= len(aways) > 0 and report.early == 0
    # the killed process's guilds went on in its restart, which fired the victim's timer
    restarted = fleet.members[KILLED].pids[-1]
    assert any(
        e["event"] == "expiry" and e["table"] == victim.table and e["pid"] == restarted
        for e in fleet.events
    )
    assert fleet.kills == 1
    # a reply is written by its process before the gateway reads it back (one clock for both)
    assert fleet.replies and all(0 < r.written_ms <= r.ms + 1 for r in fleet.replies)
    # each process answered its own guilds only (the fleet's gateway checks each reply too)
    assert not fleet.foreign
    for member in fleet.members:
        assert any(e["pid"] in member.pids for e in fleet.events), member.shards
        assert member.engines.startswith("engines: "), member.engines  # said when ready
