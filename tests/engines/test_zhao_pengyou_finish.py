"""Zhao Pengyou games finished by the CPU players give the same results, action for action.

`cardbot replay --finish` lets normal CPUs play seeded records to the end; these fixtures pin
what they gave (the action count, each deal's defender points, the final ranks and a digest of
the whole answer), so that making the engine or the players faster is shown to change nothing.
The hard player is pinned on two one-deal games the same way (a digest of every action taken).
A deliberate change of a player's play changes these fixtures, and its commit says so.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from bot.replay import answer_line
from engines.cpu import cpu_chooser
from engines.zhao_pengyou import ZhaoPengyou


def _digest(value: object) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:16]


FINISHED = [
    (
        {"seats": 6, "seed": 2},
        4447,
        [35, 95, 55, 70, 30, 105, 50, 70, 110, 40, 35, 30, 55, 55, 135, 50, 105, 100, 40, 75, 10]
        + [95],
        "J K T 8 A 5",
        "c9e15bfff8f4c575",
    ),
    (
        {"seats": 7, "seed": 5},
        3697,
        [40, 100, 105, 50, 135, 55, 50, 45, 105, 120, 85, 105, 130, 85, 130, 85, 45, 70, 170],
        "6 A 7 4 9 7 8",
        "5beabbce24194407",
    ),
    (
        {"seats": 8, "seed": 1},
        5754,
        [35, 120, 50, 30, 90, 175, 75, 80, 70, 110, 135, 70, 140, 100, 60, 180, 145, 75, 30],
        "A 9 4 A 8 T K T",
        "510e2ff9ebc7a22c",
    ),
    (
        {"seats": 9, "seed": 6, "options": {"ranks": ["T"] * 9}},
        882,
        [180, 105, 0],
        "T J T A Q J Q K K",
        "2f3f7e8d549b1edd",
    ),
    (
        {"seats": 10, "seed": 4, "options": {"ranks": ["Q"] * 10}},
        293,
        [75],
        "A Q A Q A Q Q A Q Q",
        "96c727d7c5aea651",
    ),
    (
        {"seats": 11, "seed": 7, "options": {"ranks": ["Q"] * 11}},
        611,
        [210, 160],
        "A A A K Q A Q K A Q K",
        "05c13c41c457be61",
    ),
    (
        {"seats": 12, "seed": 1, "options": {"ranks": ["K"] * 12}},
        387,
        [100],
        "K A K A K A K K K A A K",
        "b4d2b765bd177ac9",
    ),
    (
        {"seats": 12, "seed": 3, "options": {"ranks": ["J"] * 12}},
        1161,
        [40, 65, 130],
        "J Q Q K A J J A Q A J J",
        "4169b8582ebbedf7",
    ),
]


@pytest.mark.parametrize(("record", "actions", "points", "ranks", "digest"), FINISHED)
def test_finished_records_are_unchanged(
    record: dict[str, object], actions: int, points: list[int], ranks: str, digest: str
) -> None:
    answer, code = answer_line(json.dumps({"game": ZhaoPengyou.id, **record}), True)
    assert code == 0
    result = answer["result"]
    assert isinstance(result, dict)
    assert answer["actions_applied"] == actions
    assert [deal["defender_points"] for deal in result["deals"]] == points
    assert " ".join(result["ranks"]) == ranks
    assert _digest(answer) == digest


@pytest.mark.parametrize(
    ("seed", "actions", "points", "digest"),
    [(1, 195, [55], "f9af229877d7b7de"), (2, 201, [30], "f658c97a23698a6b")],
)
def test_hard_player_games_are_unchanged(
    seed: int, actions: int, points: list[int], digest: str
) -> None:
    game = ZhaoPengyou.new(6, {"ranks": ["K"] * 6}, seed)
    taken = game.autoplay(cpu_chooser(ZhaoPengyou.id, ["hard"] + ["normal"] * 5, seed))
    assert len(taken) == actions
    assert [deal["defender_points"] for deal in game.outcomes] == points
    assert _digest([action.to_json() for action in taken]) == digest
