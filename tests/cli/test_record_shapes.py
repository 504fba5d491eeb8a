"""`cardbot cpu` and `cardbot replay` write every action in RECORDS.md's shape, for every game
(issue 23: a Zhao Pengyou call came out of `cardbot cpu` as lists of pairs)."""

from __future__ import annotations

import io
import json

import pytest

from bot.cpu import converse
from bot.replay import replay_lines
from engines.record import CONTRACT_GAMES
from tests.record_shapes import SHAPES, assert_documented, walk

LEVELS = ("easy", "normal")
UNANSWERED = {"zhao-pengyou": {"pass"}}
"""Types no CPU chose at the moments asked (in the walks' last windows they declare)."""


@pytest.mark.parametrize("game", CONTRACT_GAMES)
def test_cpu_answers_and_replays_are_in_the_documented_shapes(game: str) -> None:
    walks = walk(game)
    queries, seats = [], []
    for played in walks:
        moments = set(played.moments)
        # and the moment before each action type's first appearance, asked of its seat
        firsts: dict[str, int] = {}
        for index, action in enumerate(played.applied):
            firsts.setdefault(action.type, index)
        moments |= {(index, played.applied[index].seat) for index in firsts.values()}
        for upto, seat in sorted(moments):
            queries.append(json.dumps({"record": played.record(upto), "seat": seat}).encode())
            seats.append(played.seats)
    answered: set[str] = set()
    for level in LEVELS:
        out = io.BytesIO()
        converse(queries, level, out)
        answers = [json.loads(line) for line in out.getvalue().splitlines()]
        assert len(answers) == len(queries)
        for answer, count in zip(answers, seats, strict=True):
            assert set(answer) == {"action"}, answer
            if answer["action"] is not None:
                assert_documented(game, answer["action"], count)
                answered.add(answer["action"]["type"])
    assert answered == set(SHAPES[game]) - UNANSWERED.get(game, set())
    out = io.BytesIO()
    replay_lines([json.dumps(p.record()).encode() for p in walks], False, out)
    for line, played in zip(out.getvalue().splitlines(), walks, strict=True):
        assert json.loads(line)["actions_applied"] == len(played.applied)
