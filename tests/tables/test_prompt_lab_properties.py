"""Property: any sequence of service calls on Prompt Lab keeps the table consistent and discreet.

Calls: act (a legal answer to the user's prompt, or an illegal or stale action), advance,
expire (the clock moved past the deadline), leave, Auto on/off. After every call: a refused call
changed nothing at all; an accepted one moved the version by at most one; the snapshot is the
replay of the whole log; and no public view, TableInfo, public event or record holds a card that
is in a hand, in the kitty, or in a sealed action not revealed yet. SQLite only.
"""

from __future__ import annotations

import asyncio
import random
import re
import tempfile
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.settings import Settings
from bot.store import Database
from bot.tables import ActResult, TableError, TableInfo, TableService
from engines.cpu import random_pick
from engines.players import Decision
from engines.prompts import Prompt
from tests.conftest import FakeClock
from tests.tables import prompt_lab
from tests.tables.helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    assert_snapshot_is_replay,
    dump,
    stored_row,
)
from tests.tables.prompt_lab import DECK, PromptLab, card_codes, hidden_from

USERS = (ALICE, BOB, CAROL)
KINDS = ("draw", "declare", "bury", "expose", "discard", "pair", "run", "pass", "flip")

act = st.tuples(
    st.just("act"),
    st.integers(0, 2),
    st.sampled_from(["legal", "legal", "legal", "illegal", "stale"]),
    st.integers(0, 2**16),
)
operation = st.one_of(
    act,
    act,
    act,
    st.tuples(st.just("advance"), st.sampled_from([1, 2, 5, 30, 60])),
    st.tuples(st.just("expire"), st.integers(0, 5)),
    st.tuples(st.just("leave"), st.sampled_from(USERS)),
    st.tuples(st.just("auto"), st.sampled_from(USERS), st.booleans()),
)


@pytest.fixture(autouse=True)
def _lab(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    with prompt_lab.installed(monkeypatch):
        yield


async def _game(database: Database, table_id: int) -> PromptLab:
    return PromptLab.from_json((await stored_row(database, table_id)).snapshot)


async def _action(
    service: TableService, database: Database, table_id: int, user: int, mode: str, seed: int
) -> dict[str, Any]:
    """A legal answer to the user's prompt (when it has one), or an action the rules refuse."""
    rng = random.Random(seed)
    current = await service.prompt(table_id, user)
    if mode == "legal" and current.prompt is not None:
        prompt = Prompt.from_json(current.prompt)
        game = await _game(database, table_id)
        options = list(prompt.choices)
        if prompt.pick is not None:
            picked = random_pick(Decision(current.view, prompt, rng, game.accepts))
            options += [picked] if picked is not None else []
        if options:
            return rng.choice(options).to_json()
    kind = rng.choice(KINDS)
    hand = list(current.view.get("hand") or [])
    if kind == "declare":
        return {"type": kind, "card": rng.choice(DECK)}
    if kind in ("bury", "expose", "discard"):
        pool = hand + rng.sample(DECK, 3)
        return {"type": kind, "cards": rng.sample(pool, min(len(pool), rng.randrange(0, 8)))}
    return {"type": kind}


async def _apply(
    service: TableService,
    database: Database,
    clock: FakeClock,
    table_id: int,
    before: TableInfo,
    op: tuple[Any, ...],
) -> ActResult | None:
    kind = op[0]
    if kind == "act":
        _, index, mode, seed = op
        # most acts come from a user asked something to answer (a stale one from anyone)
        asked = [
            s.user_id
            for s in before.seats
            if s.is_human and (p := before.prompt_of(s.seat)) and p.asked
        ]
        user = asked[index % len(asked)] if asked and mode != "stale" else USERS[index]
        action = await _action(service, database, table_id, user, mode, seed)
        seat = before.seat_of(user)
        version = before.prompt_version(seat.seat) if seat else 0
        if mode == "stale":
            version -= 1
        return await service.act(table_id, user, action, prompt_version=version)
    if kind == "advance":
        return await service.advance(table_id, limit=op[1])
    if kind == "expire":
        if before.deadline is None:
            return None
        clock.now = max(clock.now, before.deadline + timedelta(seconds=op[1]))
        expired = await service.expire_overdue()
        return expired[0].result if expired else None
    if kind == "leave":
        return await service.leave(table_id, op[1])
    await service.set_auto(table_id, op[1], op[2])
    return None


async def _assert_discreet(
    service: TableService, database: Database, table_id: int, result: ActResult | None
) -> None:
    """Nothing public holds a card hidden from the channel."""
    table = await service.load(table_id)
    game = await _game(database, table_id)
    hidden = hidden_from(game, None)
    if table.status == "active":
        assert not card_codes(await service.public_view(table_id)) & hidden
    assert not card_codes(await service.record(table_id)) & hidden
    assert not set(re.findall(r"'([A2-9TJQK][SHDC])'", repr(table))) & hidden
    if result is not None:
        assert not card_codes(result.public_view) & hidden
        for step in result.steps:
            public = [e for e in step.events if "audience" not in e]
            assert not card_codes(public) & hidden, step
    private = {s for s, p in ({} if game.is_over() else game.prompts()).items() if not p.public}
    assert not private & set(table.public_waiting)


async def _play_to(service: TableService, table_id: int, phase: str) -> None:
    """Play on (the table's pace, the humans' hints) until the game reaches `phase`."""
    phases = ["deal", "bury", "expose", "discard", "claims", "over"]
    while True:
        table = await service.load(table_id)
        view = await service.public_view(table_id)
        if table.status != "active" or phases.index(view["phase"]) >= phases.index(phase):
            return
        result = await service.advance(table_id, 100)
        if result.applied:
            continue
        user = table.asked_user_ids[0]
        hint = await service.hint(table_id, user)
        assert hint is not None and hint["action"] is not None
        await service.act(table_id, user, hint["action"])


async def _run(
    players: tuple[Any, ...], policy: str, start_at: str, ops: list[tuple[Any, ...]]
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        clock = FakeClock()
        async with Database(f"sqlite+aiosqlite:///{Path(tmp) / 'p.db'}") as database:
            await database.upgrade()
            service = TableService(database, Settings(_env_file=None), clock=clock)
            info = await service.open_lobby(
                GUILD, CHANNEL, prompt_lab.GAME_ID, None, ALICE, "A", len(players), seed=3
            )
            for player in players[1:]:
                if isinstance(player, int):
                    await service.join(info.id, player, str(player))
                else:
                    await service.add_cpu(info.id, ALICE, player)
            await service.set_table_settings(info.id, ALICE, expiry_policy=policy)
            await service.start(info.id, ALICE)
            await _play_to(service, info.id, start_at)
            for op in ops:
                before_rows = await dump(database)
                before = await service.load(info.id)
                try:
                    result = await _apply(service, database, clock, info.id, before, op)
                except TableError:
                    assert await dump(database) == before_rows, op
                    continue
                after = await service.load(info.id)
                assert after.version - before.version in (0, 1), op
                await assert_snapshot_is_replay(service, database, info.id)
                await _assert_discreet(service, database, info.id, result)


@settings(
    max_examples=30,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    players=st.sampled_from(
        [
            (ALICE, BOB, "normal"),
            (ALICE, "easy"),
            (ALICE, BOB, CAROL, "hard"),
            (ALICE, BOB),
        ]
    ),
    policy=st.sampled_from(["cpu_turn", "cpu_seat", "abandon"]),
    start_at=st.sampled_from(["deal", "bury", "discard"]),
    ops=st.lists(operation, min_size=8, max_size=40),
)
def test_any_sequence_of_calls_keeps_the_lab_consistent_and_discreet(
    players, policy, start_at, ops
) -> None:
    asyncio.run(_run(players, policy, start_at, ops))
