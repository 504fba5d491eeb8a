"""Property: any sequence of calls keeps the table consistent (SQLite, hypothesis-driven).

After every call: the snapshot is the replay of the log, the log has `action_count` rows, a
refused call changed nothing at all, and an accepted call moved the version by exactly one.
"""

from __future__ import annotations

import asyncio
import tempfile
from datetime import timedelta
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.settings import Settings
from bot.store import Database
from bot.tables import TableError, TableService
from tests.conftest import FakeClock
from tests.tables import secret_numbers
from tests.tables.helpers import ALICE, BOB, CAROL, CHANNEL, GUILD, assert_snapshot_is_replay, dump

USERS = (ALICE, BOB, CAROL)

operation = st.one_of(
    st.tuples(st.just("act"), st.sampled_from(USERS), st.integers(0, 4), st.integers(-1, 0)),
    st.tuples(st.just("advance"), st.integers(1, 3)),
    st.tuples(st.just("auto"), st.sampled_from(USERS), st.booleans()),
    st.tuples(st.just("leave"), st.sampled_from(USERS)),
    st.tuples(st.just("finish"), st.sampled_from(USERS)),
    st.tuples(st.just("expire"), st.integers(0, 2)),
)


async def _run(game: str, seats: int, cpus: int, policy: str, ops: list[tuple]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        clock = FakeClock()
        async with Database(f"sqlite+aiosqlite:///{Path(tmp) / 'p.db'}") as database:
            await database.upgrade()
            service = TableService(database, Settings(_env_file=None), clock=clock)
            info = await service.open_lobby(GUILD, CHANNEL, game, None, ALICE, "A", seats, seed=3)
            for user in USERS[1 : seats - cpus]:
                await service.join(info.id, user, str(user))
            for _ in range(cpus):
                await service.add_cpu(info.id, ALICE)
            await service.set_table_settings(info.id, ALICE, expiry_policy=policy)
            await service.start(info.id, ALICE)
            for op in ops:
                before_rows = await dump(database)
                before = await service.load(info.id)
                try:
                    await _apply(service, clock, info.id, before, op)
                except TableError:
                    assert await dump(database) == before_rows, op
                    continue
                after = await service.load(info.id)
                assert after.version - before.version in (0, 1), op
                await assert_snapshot_is_replay(service, database, info.id)


async def _apply(service: TableService, clock: FakeClock, table_id: int, before, op) -> None:
    kind = op[0]
    if kind == "act":
        _, user, number, stale = op
        action = {"type": "flip"} if before.game == "kitten-fishing" else {"type": "pick"}
        if number:
            action["number"] = number
        await service.act(table_id, user, action, expected_version=before.version + stale)
    elif kind == "advance":
        await service.advance(table_id, limit=op[1])
    elif kind == "auto":
        await service.set_auto(table_id, op[1], op[2])
    elif kind == "leave":
        await service.leave(table_id, op[1])
    elif kind == "finish":
        await service.finish(table_id, op[1])
    elif before.deadline is not None:
        clock.now = before.deadline + timedelta(seconds=op[1])
        await service.expire_overdue()


@settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    setup=st.sampled_from(
        [
            ("kitten-fishing", 2, 1),
            ("kitten-fishing", 2, 0),
            (secret_numbers.GAME_ID, 3, 1),
            (secret_numbers.GAME_ID, 3, 0),
            (secret_numbers.GAME_ID, 2, 0),
        ]
    ),
    policy=st.sampled_from(["cpu_turn", "cpu_seat", "abandon"]),
    ops=st.lists(operation, max_size=15),
)
def test_any_sequence_of_calls_keeps_the_table_consistent(setup, policy, ops) -> None:
    game, seats, cpus = setup
    asyncio.run(_run(game, seats, cpus, policy, ops))
