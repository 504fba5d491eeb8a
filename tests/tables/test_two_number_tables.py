"""Kokutorum and Shirokuro-jaku at real tables: a person on Auto with CPUs plays to the end;
two people answering every prompt as they please (here: the normal CPU's choice from their own
view) with a CPU play to the end, each asked to rotate before every round's first move, claims
answered in private; the stored state is always the replay of the log."""

from __future__ import annotations

import random

import pytest

from bot.store import Database
from bot.tables import TableService
from engines.actions import Action
from engines.cpu import cpu_player
from engines.players import Decision
from engines.prompts import Prompt
from tests.tables.helpers import ALICE, BOB, CHANNEL, GUILD, assert_snapshot_is_replay

GAMES = ("kokutorum", "shirokuro")
FIRST_MOVES = {"kokutorum": ("draw",), "shirokuro": ("discard", "tsumo")}
"""What closes a round's rotation: the first draw; the dealer's first discard or tsumo."""


async def table(service: TableService, game: str, seats: int, people: list[int], seed: int) -> int:
    info = await service.open_lobby(GUILD, CHANNEL, game, None, ALICE, "Alice", seats, seed=seed)
    if BOB in people:
        await service.join(info.id, BOB, "Bob")
    for _ in range(seats - len(people)):
        await service.add_cpu(info.id, ALICE, "normal")
    return (await service.start(info.id, ALICE)).table.id


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seats", [2, 3])
async def test_a_person_on_auto_with_cpus_plays_to_the_end(
    service: TableService, database: Database, game: str, seats: int
) -> None:
    table_id = await table(service, game, seats, [ALICE], seed=seats)
    await service.set_auto(table_id, ALICE, True)
    for _ in range(2000):
        result = await service.advance(table_id, limit=20)
        if result.table.status != "active":
            break
    finished = await service.load(table_id)
    assert finished.status == "finished" and finished.result is not None
    assert finished.result["over"] and finished.result["winners"]
    await assert_snapshot_is_replay(service, database, table_id)


@pytest.mark.parametrize("game", GAMES)
async def test_two_people_and_a_cpu_play_to_the_end_each_asked_to_rotate(
    service: TableService, database: Database, game: str
) -> None:
    table_id = await table(service, game, 3, [ALICE, BOB], seed=5)
    rng = random.Random(5)
    player = cpu_player(game, "normal")
    for _ in range(3000):
        acted = False
        for user in (ALICE, BOB):
            current = await service.prompt(table_id, user)
            if current.table.status != "active" or current.prompt is None:
                continue
            prompt = Prompt.from_json(current.prompt)
            decision = Decision(current.view, prompt, rng, lambda action: True)
            action = player.decide(decision) or prompt.default
            if action is None:
                # an optional prompt let go (a knock not worth it): "Not now", else the
                # knock's window would hold the CPU after it until its time runs out
                await service.decline(table_id, user, prompt_version=current.version)
                acted = True
                continue
            await service.act(
                table_id, user, Action.to_json(action), prompt_version=current.version
            )
            acted = True
        status = (await service.load(table_id)).status
        if status != "active":
            break
        if not acted:
            await service.advance(table_id, limit=5)
    finished = await service.load(table_id)
    assert finished.status == "finished" and finished.result is not None
    record = await service.record(table_id, include_sealed=True)
    # every round: both people decided on their rotation before its first move (a decision
    # comes only before it, so a decision after a first move opens the next round)
    phases, decided, closed = 0, set(), True
    for action in record["actions"]:
        if action["type"] in ("rotate", "keep"):
            if closed:
                phases, decided, closed = phases + 1, set(), False
            decided.add(action["seat"])
        elif action["type"] in FIRST_MOVES[game] and not closed:
            assert {0, 1} <= decided, (phases, action)
            closed = True
    assert phases == len(finished.result["rounds"])
    await assert_snapshot_is_replay(service, database, table_id)
