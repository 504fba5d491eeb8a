"""Several bot processes on one database: each serves its shards' guilds (timers, paced tables),
and every timer fires exactly once, also when a process dies and its shards come back elsewhere."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.settings import Settings
from bot.shards import Shards, format_ids, parse_ids, shard_of
from bot.store import Database
from bot.tables import TableService
from tests.conftest import START_TIME, FakeClock
from tests.tables.helpers import ALICE, BOB, CHANNEL

KF = "kitten-fishing"
DAY = 86400
GUILDS = [(1000 + k) << 22 for k in range(4)]
"""Guild k is on shard k of 4 (and on shard k % 2 of 2)."""


def process(database: Database, clock: FakeClock, count: int, ids: str | None) -> TableService:
    """The tables service of one bot process started with SHARD_COUNT=count, SHARD_IDS=ids."""
    settings = Settings(
        _env_file=None,
        database_url="sqlite+aiosqlite:///unused.db",
        shard_count=count,
        shard_ids=ids,
    )
    return TableService(database, settings, clock=clock)


def test_shard_ids_are_read_and_written_as_ranges() -> None:
    assert parse_ids("0-3,6", 8) == frozenset({0, 1, 2, 3, 6})
    assert parse_ids(" 2 ", 4) == frozenset({2})
    assert format_ids(frozenset({0, 1, 2, 3, 6})) == "0-3,6"
    assert Shards(8, frozenset({5})).label() == "5 of 8"
    for bad, words in (("4", "does not exist"), ("3-1", "backwards"), ("a", "not a shard"), ("", "no shard")):
        with pytest.raises(ValueError, match=words):
            parse_ids(bad, 4)
    assert [shard_of(g, 4) for g in GUILDS] == [0, 1, 2, 3]
    assert shard_of(None, 4) == 0  # DMs: shard 0
    # Discord's formula, checked on a real-looking snowflake
    assert shard_of(81384788765712384, 16) == (81384788765712384 >> 22) % 16


def test_shard_settings_say_what_is_wrong() -> None:
    from pydantic import ValidationError

    with pytest.raises(ValidationError, match="SHARD_IDS needs SHARD_COUNT"):
        Settings(_env_file=None, shard_ids="0-1")
    with pytest.raises(ValidationError, match="shard 4 does not exist"):
        Settings(_env_file=None, shard_count=4, shard_ids="0-4")
    assert Settings(_env_file=None).shards() is None
    assert Settings(_env_file=None, shard_count=2).shards() == Shards(2, frozenset({0, 1}))


async def _tables(service: TableService) -> list[int]:
    """One running two-human table in each of the four guilds, a lobby in each as well."""
    ids = []
    for n, guild in enumerate(GUILDS):
        info = await service.open_lobby(guild, CHANNEL + n, KF, None, ALICE, "Alice", seed=n)
        await service.join(info.id, BOB, "Bob")
        ids.append((await service.start(info.id, ALICE)).table.id)
        await service.open_lobby(guild, CHANNEL + 10 + n, KF, None, BOB, "Bob")
    return ids


async def test_each_process_fires_its_own_shards_timers_once(
    database: Database, clock: FakeClock
) -> None:
    one = process(database, clock, 2, "0")
    two = process(database, clock, 2, "1")
    ids = await _tables(one)
    later = START_TIME + timedelta(seconds=DAY + 60)
    # reminders, expiries and stale lobbies: each process its own guilds, all of them once
    reminded = [r.table.id for r in await one.due_reminders(later - timedelta(seconds=120))]
    reminded2 = [r.table.id for r in await two.due_reminders(later - timedelta(seconds=120))]
    assert sorted(reminded) == [ids[0], ids[2]] and sorted(reminded2) == [ids[1], ids[3]]
    wake = await one.next_wakeup()
    assert wake is not None
    expired = [e.result.table.id for e in await one.expire_overdue(later)]
    assert sorted(expired) == [ids[0], ids[2]]
    assert await one.expire_overdue(later) == []
    expired2 = [e.result.table.id for e in await two.expire_overdue(later)]
    assert sorted(expired2) == [ids[1], ids[3]]
    lobbies = {t.guild_id for t in await one.expire_lobbies(later)}
    lobbies2 = {t.guild_id for t in await two.expire_lobbies(later)}
    assert lobbies == {GUILDS[0], GUILDS[2]} and lobbies2 == {GUILDS[1], GUILDS[3]}


async def test_a_dead_process_shards_come_back_elsewhere_and_fire_once(
    database: Database, clock: FakeClock
) -> None:
    """Process B (shards 2-3 of 4) dies with its timers due; A (0-1) never touches them; C,
    started with B's shards, fires each once, even racing a second copy of itself."""
    a = process(database, clock, 4, "0-1")
    ids = await _tables(a)
    later = START_TIME + timedelta(seconds=DAY + 60)
    assert sorted(e.result.table.id for e in await a.expire_overdue(later)) == ids[:2]
    assert await a.expire_overdue(later) == []  # B's tables wait for B's shards
    c1 = process(database, clock, 4, "2-3")
    c2 = process(database, clock, 4, "2,3")
    first, second = await asyncio.gather(c1.expire_overdue(later), c2.expire_overdue(later))
    fired = sorted(e.result.table.id for e in [*first, *second])
    assert fired == ids[2:]
    # one process with every shard (no SHARD_IDS) sees nothing left to do
    everything = process(database, clock, 4, None)
    assert await everything.expire_overdue(later) == []


async def test_paced_tables_resume_in_the_process_of_their_guild(
    database: Database, clock: FakeClock
) -> None:
    a = process(database, clock, 2, "0")
    b = process(database, clock, 2, "1")
    for n, guild in enumerate(GUILDS[:2]):
        info = await a.open_lobby(guild, CHANNEL + n, KF, None, ALICE, "Alice", seed=n)
        await a.add_cpu(info.id, ALICE)
        await a.start(info.id, ALICE)
        await a.set_auto(info.id, ALICE, True)
    assert [t.guild_id for t in await a.auto_pending_tables()] == [GUILDS[0]]
    assert [t.guild_id for t in await b.auto_pending_tables()] == [GUILDS[1]]
