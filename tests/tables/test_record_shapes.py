"""What a table writes, its action log and its record (`/game record`), is exactly RECORDS.md's
shape for every action type of every game; a log written before calls kept their shape still
gives an exact record (issue 23)."""

from __future__ import annotations

import random

import pytest
from sqlalchemy import select, update

from bot.store import Database
from bot.store.models import ActionLogRow
from bot.tables import TableService
from engines.actions import Action
from engines.cpu import cpu_player
from engines.players import Decision
from engines.prompts import Prompt
from engines.record import CONTRACT_GAMES, parse_record, replay
from engines.registry import game_class
from tests.record_shapes import SHAPES, assert_documented
from tests.tables.helpers import CHANNEL, GUILD, assert_snapshot_is_replay

PEOPLE = [1000 + n for n in range(12)]


async def people_table(service: TableService, game: str, seats: int, seed: int) -> int:
    """A table of `seats` people (no CPU seat: every decision comes through `act`)."""
    info = await service.open_lobby(GUILD, CHANNEL, game, None, PEOPLE[0], "P0", seats, seed=seed)
    for n in range(1, seats):
        await service.join(info.id, PEOPLE[n], f"P{n}")
    return (await service.start(info.id, PEOPLE[0])).table.id


async def play(service: TableService, table_id: int, game: str, seats: int, most: int) -> None:
    """Every person answers their prompts through `act`: an action of a type not logged yet
    when the prompt offers one, else the easy CPU's choice from their own view; optional
    prompts are let go otherwise. The table's own steps are taken through `advance`."""
    rng = random.Random(table_id)
    player = cpu_player(game, "easy")
    logged: set[str] = set()
    for _ in range(most):
        acted = False
        for user in PEOPLE[:seats]:
            current = await service.prompt(table_id, user)
            if current.table.status != "active" or current.prompt is None:
                continue
            prompt = Prompt.from_json(current.prompt)
            fresh = [a for a in (*prompt.choices, prompt.default) if a and a.type not in logged]
            if fresh:
                action: Action | None = fresh[0]
            elif prompt.required:
                decision = Decision(current.view, prompt, rng, lambda action: True)
                action = player.decide(decision) or prompt.default
            else:
                continue
            assert action is not None
            data = action.to_json()
            result = await service.act(table_id, user, data, prompt_version=current.version)
            logged |= {step.action["type"] for step in result.steps}
            acted = True
        table = await service.load(table_id)
        if table.status != "active" or logged >= set(SHAPES[game]):
            return
        if not acted:
            result = await service.advance(table_id, limit=5)
            logged |= {step.action["type"] for step in result.steps}


@pytest.mark.parametrize("game", CONTRACT_GAMES)
async def test_the_log_and_the_record_hold_every_action_in_its_documented_shape(
    service: TableService, database: Database, game: str
) -> None:
    seats = game_class(game).min_seats
    table_id = await people_table(service, game, seats, seed=3)
    await play(service, table_id, game, seats, most=3000)
    async with database.sessions() as s:
        logged = list(
            await s.scalars(select(ActionLogRow.action).where(ActionLogRow.table_id == table_id))
        )
    for action in logged:
        assert_documented(game, action, seats)
    record = await service.record(table_id)
    for action in record["actions"]:
        assert_documented(game, action, seats)
    assert {a["type"] for a in logged} == set(SHAPES[game])
    answer = replay(parse_record(record)).answer
    assert "error" not in answer
    await assert_snapshot_is_replay(service, database, table_id)


async def test_a_call_logged_as_lists_of_pairs_is_recorded_as_its_object(
    service: TableService, database: Database
) -> None:
    game = "zhao-pengyou"
    table_id = await people_table(service, game, 6, seed=3)
    await play(service, table_id, game, 6, most=3000)
    async with database.sessions() as s:
        seq, call = next(
            (row.seq, row.action)
            for row in await s.scalars(
                select(ActionLogRow).where(ActionLogRow.table_id == table_id)
            )
            if row.action["type"] == "call"
        )
        # as the bot logged it before issue 23
        old = {**call, "calls": [[list(p) for p in sorted(c.items())] for c in call["calls"]]}
        await s.execute(
            update(ActionLogRow)
            .where(ActionLogRow.table_id == table_id, ActionLogRow.seq == seq)
            .values(action=old)
        )
        await s.commit()
    record = await service.record(table_id)
    assert call in record["actions"] and old not in record["actions"]
    for action in record["actions"]:
        assert_documented(game, action, 6)
    await assert_snapshot_is_replay(service, database, table_id)
