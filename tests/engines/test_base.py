"""The engine protocol's shared pieces: actions as data, options, seeded randomness, registry."""

from __future__ import annotations

import pickle

import pytest

from engines.actions import Action, Event
from engines.cpu_query import QueryError
from engines.errors import GameError, IllegalAction, RecordError
from engines.options import OptionSpec, resolve_options
from engines.prompts import CardPick, Prompt
from engines.registry import game_class, games
from engines.rng import derive_rng


def test_actions_round_trip_as_record_json() -> None:
    data = {"seat": 2, "type": "expose", "cards": ["QS", "AH"]}
    action = Action.from_json(data)
    assert action.to_json() == data
    assert action.get("cards") == ("QS", "AH")
    assert hash(action) == hash(Action.from_json(dict(data)))


@pytest.mark.parametrize(
    "data",
    [
        {"seat": 0, "type": "call", "calls": [{"card": "AS", "nth": 1}, {"card": "KH", "nth": 2}]},
        {"seat": 1, "type": "x", "deep": {"b": [{"c": {}}, []], "a": None}, "empty": {}},
        {"seat": 2, "type": "x", "pairs": [["card", "AS"], ["nth", 1]]},
    ],
)
def test_nested_objects_and_lists_keep_their_shape(data: dict[str, object]) -> None:
    action = Action.from_json(data)
    assert action.to_json() == data
    assert (
        Action.make(
            data["seat"],
            data["type"],
            **{  # type: ignore[arg-type]
                k: v for k, v in data.items() if k not in ("seat", "type")
            },
        )
        == action
    )
    assert hash(action) == hash(Action.from_json(data))
    assert Prompt.from_json(Prompt(0, "x", choices=(action,)).to_json()).choices == (action,)


def test_an_object_and_a_list_of_pairs_are_different_actions() -> None:
    called = Action.from_json({"seat": 0, "type": "call", "calls": [{"card": "AS", "nth": 1}]})
    pairs = Action.from_json({"seat": 0, "type": "call", "calls": [[["card", "AS"], ["nth", 1]]]})
    assert called != pairs
    (call,) = called.get("calls")
    assert call["card"] == "AS" and dict(call) == {"card": "AS", "nth": 1}
    assert call.get("nth") == 1 and call.get("missing") is None and len(call) == 2


@pytest.mark.parametrize(
    "data",
    [
        [],
        {"type": "flip"},
        {"seat": "0", "type": "flip"},
        {"seat": 0},
        {"seat": True, "type": "flip"},
    ],
)
def test_malformed_actions_have_a_stable_code(data: object) -> None:
    with pytest.raises(IllegalAction) as err:
        Action.from_json(data)
    assert err.value.code == "malformed_action"


def test_options_fill_defaults_and_refuse_unknowns() -> None:
    specs = (
        OptionSpec("rules", ("standard", "early_end"), "standard"),
        OptionSpec("refill", (1, 5), 1),
    )
    assert resolve_options(specs, {"refill": 5}) == {"rules": "standard", "refill": 5}
    with pytest.raises(RecordError) as err:
        resolve_options(specs, {"refil": 5})
    assert err.value.code == "unknown_option"
    with pytest.raises(RecordError) as err:
        resolve_options(specs, {"refill": True})
    assert err.value.code == "bad_option"


def test_derived_rngs_depend_on_seed_and_purpose_only() -> None:
    assert derive_rng(1, "deal").random() == derive_rng(1, "deal").random()
    assert derive_rng(1, "deal").random() != derive_rng(1, "cpu").random()
    assert derive_rng(1, "deal").random() != derive_rng(2, "deal").random()


def test_registry() -> None:
    assert "kitten-fishing" in [g.id for g in games()]
    assert game_class("kitten-fishing").names["ja"] == "子猫の魚釣り"
    with pytest.raises(RecordError) as err:
        game_class("poker")
    assert err.value.code == "unknown_game"


@pytest.mark.parametrize("name", ["cls", "self", "kind", "fields", "data"])
def test_an_action_field_may_bear_any_name(name: str) -> None:
    data = {"seat": 0, "type": "flip", name: 1}
    action = Action.from_json(data)
    assert action.get(name) == 1 and action.to_json() == data
    assert Action.make(0, "flip", **{name: 1}) == action


def nested(depth: int) -> object:
    value: object = 0
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("field", [1.0, 1.5, [0, 2.5], {"nth": 1.0}, nested(20), nested(5000)])
def test_fractions_and_deep_nesting_in_an_action_are_malformed(field: object) -> None:
    with pytest.raises(IllegalAction) as err:
        Action.from_json({"seat": 0, "type": "play", "position": field})
    assert err.value.code == "malformed_action"


@pytest.mark.parametrize("value", [1.0, 0.0, True, False, "1", [1], None])
def test_an_option_equal_to_a_choice_but_of_another_type_is_refused(value: object) -> None:
    specs = (OptionSpec("first", (0, 1), 0),)
    with pytest.raises(RecordError) as err:
        resolve_options(specs, {"first": value})
    assert err.value.code == "bad_option" and "must be one of 0, 1" in err.value.message
    assert resolve_options(specs, {"first": 1}) == {"first": 1}
    assert type(resolve_options(specs, {})["first"]) is int


def test_a_huge_unknown_option_name_is_cut_in_the_message() -> None:
    with pytest.raises(RecordError) as err:
        resolve_options((), {"x" * 100_000: 1})
    assert len(err.value.message) < 100 and err.value.params["option"] == "x" * 100_000


def test_a_card_pick_builds_its_action_and_reads_it_back() -> None:
    from engines.prompts import CardPick

    bury = CardPick("bury", ("7H", "7H", "QS", "2C"), 2, 2)
    action = bury.action(1, [3, 0])
    assert action.to_json() == {"seat": 1, "type": "bury", "cards": ["7H", "2C"]}
    assert bury.positions(["7H", "7H"]) == [0, 1]  # copies taken left to right
    assert bury.chosen(action) == ["7H", "2C"]
    play = CardPick("play", ("7H", "QS"), 1, 1, field="card", single=True)
    assert play.action(0, [1]).to_json() == {"seat": 0, "type": "play", "card": "QS"}
    assert play.chosen(play.action(0, [1])) == ["QS"]
    assert CardPick.from_json(play.to_json()) == play


def test_the_protocols_values_are_equal_and_hash_alike_by_their_fields() -> None:
    play = Action.make(1, "play", card="7H")
    assert play == Action(1, "play", (("card", "7H"),)) and hash(play) == hash(
        Action(1, "play", (("card", "7H"),))
    )
    assert play != Action.make(2, "play", card="7H") and play != Action.make(1, "lead", card="7H")
    assert len({play, Action.make(1, "play", card="7H"), Action.make(1, "play", card="8H")}) == 2
    assert (
        play != ("play", 1)
        and repr(play) == "Action(seat=1, type='play', fields=(('card', '7H'),))"
    )

    seen = Event("drew", 0, {"card": "7H"}, audience=frozenset((0,)))
    assert seen == Event("drew", 0, {"card": "7H"}, audience=frozenset((0,)))
    assert seen != Event("drew", 0, {"card": "8H"}, audience=frozenset((0,)))
    assert hash(seen) == hash(Event("drew", 0, {"card": "8H"}, audience=frozenset((0,))))
    assert Event("skip").data == {} and Event("skip").seat is None

    pick = CardPick("play", ("7H", "8H"), 1, 1, "card", (), True, (("H", (0, 1)),), (True, False))
    same = CardPick("play", ("7H", "8H"), 1, 1, "card", (), True, (("H", (0, 1)),), (True, False))
    assert pick == same and hash(pick) == hash(same)
    assert pick != CardPick("play", ("7H", "8H"), 1, 1, "card", (), True, (("H", (0, 1)),))
    assert pick.action(1, [0]) == play
    asked = Prompt(1, "play", pick=pick)
    assert asked == Prompt(1, "play", pick=same) and hash(asked) == hash(
        Prompt(1, "play", pick=same)
    )
    assert asked != Prompt(1, "play", required=False, pick=pick)
    assert Prompt.from_json(asked.to_json()) == asked


@pytest.mark.parametrize("cls", [GameError, IllegalAction, RecordError, QueryError])
def test_an_engine_error_crosses_a_process_boundary_whole(cls: type[GameError]) -> None:
    """A worker process's CPU hands an engine error back pickled: it must arrive as it left
    (its class, code, message and params), or the process pool breaks on it."""
    error = cls("cpu_declined", "No answer to a required 'play' prompt.", seat=2, cards=["AS"])
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is cls
    assert (back.code, back.message, back.params) == (error.code, error.message, error.params)
    assert str(back) == str(error)
