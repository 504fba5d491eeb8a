"""Every action of every game, as the engine writes it, is exactly RECORDS.md's shape, and reads
back as the same action (issue 23: a friend call's object came back as a list of pairs)."""

from __future__ import annotations

import json

import pytest

from engines.actions import Action
from engines.record import CONTRACT_GAMES, parse_record, replay
from engines.registry import games
from tests.record_shapes import SHAPES, assert_documented, walk


def test_the_documented_shapes_cover_every_registered_game() -> None:
    assert set(SHAPES) == set(CONTRACT_GAMES) == {cls.id for cls in games()}


@pytest.mark.parametrize("game", CONTRACT_GAMES)
def test_every_action_type_round_trips_in_its_documented_shape(game: str) -> None:
    applied: set[str] = set()
    for played in walk(game):
        for action in [*played.applied, *played.offered]:
            data = action.to_json()
            assert_documented(game, data, played.seats)
            assert json.loads(json.dumps(data)) == data
            again = Action.from_json(json.loads(json.dumps(data)))
            assert again == action and hash(again) == hash(action) and again.to_json() == data
        applied |= {a.type for a in played.applied}
        answer = replay(parse_record(played.record())).answer
        assert answer.get("actions_applied") == len(played.applied), answer
    assert applied == set(SHAPES[game])


def test_a_friend_call_as_a_list_of_pairs_is_refused() -> None:
    (played,) = walk("zhao-pengyou", games=1)
    record = played.record()
    at = next(i for i, a in enumerate(record["actions"]) if a["type"] == "call")
    call = record["actions"][at]
    call["calls"] = [[list(pair) for pair in sorted(c.items())] for c in call["calls"]]
    answer = replay(parse_record(record)).answer
    assert answer["error"]["index"] == at
    assert answer["error"]["code"] == "malformed_action"
