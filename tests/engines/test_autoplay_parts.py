"""`Game.autoplay(..., parts=n)` stops as the n-th part (hand, deal, round) ends: the same
actions as playing on, cut there, whatever fast path the engine takes."""

from __future__ import annotations

import pytest

from engines.cpu import cpu_chooser
from engines.registry import game_class

CASES = [
    ("gong-zhu", 4, ["hard", "normal"]),
    ("gong-zhu", 4, ["normal", "easy"]),
    ("zhao-pengyou", 6, ["normal", "easy"]),
    ("zhao-pengyou", 7, ["easy"]),
    ("kokutorum", 2, ["normal", "easy"]),
    ("shirokuro", 3, ["normal", "easy", "hard"]),
]


@pytest.mark.parametrize(("game_id", "seats", "levels"), CASES)
def test_parts_cuts_the_same_game_where_a_part_ends(
    game_id: str, seats: int, levels: list[str]
) -> None:
    cls = game_class(game_id)
    lineup = (levels + [levels[-1]] * seats)[:seats]
    for seed in range(2):
        whole = cls.new(seats, {}, seed)
        all_actions = whole.autoplay(cpu_chooser(game_id, lineup, seed))
        for parts in (1, 2):
            game = cls.new(seats, {}, seed)
            cut = game.autoplay(cpu_chooser(game_id, lineup, seed), parts=parts)
            assert cut == all_actions[: len(cut)]
            assert game.part() == parts or game.is_over()
            # the action that finished the part was the last one taken
            shorter = cls.new(seats, {}, seed)
            shorter.autoplay(cpu_chooser(game_id, lineup, seed), limit=len(cut) - 1)
            assert shorter.part() == parts - 1
