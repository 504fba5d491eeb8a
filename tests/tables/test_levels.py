"""A CPU level chosen during a match plays from the next hand on (lobby: at once)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.tables import TableService
from bot.tables.rows import game_of
from engines.actions import Action
from engines.cpu import cpu_chooser
from engines.game import Game
from engines.gong_zhu import GongZhu
from engines.prompts import Prompt
from engines.registry import GameSpec
from tests.tables.helpers import ALICE, CHANNEL, GUILD, stored_row

GZ = GongZhu.id


@pytest.fixture
def decisions(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, str, int | None]]:
    """(seat, level, part) of every decision a Gong Zhu CPU player takes."""
    seen: list[tuple[int, str, int | None]] = []
    original = GameSpec.player

    def spying(spec: GameSpec, level: str) -> Any:
        player = original(spec, level)
        if spec.id != GZ:
            return player

        class Spy:
            def decide(self, decision: Any) -> Any:
                part = len(decision.view["hand_scores"])  # type: ignore[arg-type]
                seen.append((decision.prompt.seat, level, part))
                return player.decide(decision)

            def __getattr__(self, name: str) -> Any:
                return getattr(player, name)

        return Spy()

    monkeypatch.setattr(GameSpec, "player", spying)
    return seen


async def _play_alice(service: TableService, database: Any, table_id: int, until_part: int) -> Game:
    """Alice (seat 0) plays easy moves, and the table deals at its pace, until the match
    reaches `until_part` or ends."""
    alice = cpu_chooser(GZ, ["easy"] * 4, 5, purpose="alice")
    while True:
        game = game_of(await stored_row(database, table_id))
        if game.is_over() or (game.part() or 0) >= until_part:
            return game
        prompt: Prompt | None = game.prompt(0)
        if prompt is None:  # the table's own step (the next hand's deal), at its pace
            assert game.table_step() is not None
            assert (await service.advance(table_id)).applied
            continue
        action: Action | None = alice(game, prompt)
        assert action is not None
        await service.act(table_id, ALICE, action.to_json())


async def test_a_level_chosen_mid_hand_plays_from_the_next_hand(
    service: TableService, database: Any, decisions: list[tuple[int, str, int | None]]
) -> None:
    info = await service.open_lobby(GUILD, CHANNEL, GZ, None, ALICE, "Alice", 4, seed=11)
    for _ in range(3):
        info = await service.add_cpu(info.id, ALICE, "normal")
    await service.start(info.id, ALICE)
    game = await _play_alice(service, database, info.id, 0)
    assert game.part() == 0

    changed = await service.set_cpu_level(info.id, ALICE, 1, "hard")
    assert (changed.seats[1].cpu_level, changed.seats[1].next_level) == ("normal", "hard")
    # choosing the level it has already drops the pending change
    same = await service.set_cpu_level(info.id, ALICE, 2, "normal")
    assert (same.seats[2].cpu_level, same.seats[2].next_level) == ("normal", None)

    before = len(decisions)
    game = await _play_alice(service, database, info.id, 2)
    table = await service.load(info.id)
    assert (table.seats[1].cpu_level, table.seats[1].next_level) == ("hard", None)
    after = [(level, part) for seat, level, part in decisions[before:] if seat == 1]
    assert {level for level, part in after if part == 0} == {"normal"}
    assert {level for level, part in after if part >= 1} == {"hard"}
    # the other CPUs keep their levels
    assert {level for seat, level, _ in decisions if seat in (2, 3)} == {"normal"}


async def test_in_the_lobby_and_in_a_game_of_one_hand_the_level_changes_at_once(
    service: TableService,
) -> None:
    info = await service.open_lobby(GUILD, CHANNEL, GZ, None, ALICE, "Alice", 4, seed=11)
    info = await service.add_cpu(info.id, ALICE, "normal")
    info = await service.set_cpu_level(info.id, ALICE, 1, "easy")
    assert (info.seats[1].cpu_level, info.seats[1].next_level) == ("easy", None)
    go = await service.open_lobby(GUILD, CHANNEL + 1, "go-fish", None, ALICE, "Alice", 2)
    go = await service.add_cpu(go.id, ALICE, "normal")
    await service.start(go.id, ALICE)
    go = await service.set_cpu_level(go.id, ALICE, 1, "hard")
    assert (go.seats[1].cpu_level, go.seats[1].next_level) == ("hard", None)
