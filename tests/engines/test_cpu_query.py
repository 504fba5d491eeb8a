"""CPU queries (`cardbot cpu` without the command line): answers, every error, determinism.

Kitten Fishing has only the flip, so a tiny game registered for one test at a time (`toy`)
brings what the query must also handle: a mechanical step, two seats asked at once, an
optional prompt the CPU may let go, a required one it declines (the default is taken).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.actions import Action, Event
from engines.cards import standard_deck
from engines.cpu import LEVELS, decision_rng
from engines.cpu_query import Verdict, answer_query, answer_query_text
from engines.errors import JSON, IllegalAction, RecordError
from engines.game import Game
from engines.players import CpuPlayer, Decision
from engines.prompts import Prompt
from engines.record import parse_record, replay
from engines.registry import GameSpec, HiddenCards
from engines.rng import derive_rng
from tests.games.packages import game_packages

FLIP = {"type": "flip"}


def record(**extra: JSON) -> dict[str, JSON]:
    return {"game": "kitten-fishing", "seats": 2, "options": {}, "seed": 11, "actions": [], **extra}


def flips(*seats: int) -> list[JSON]:
    return [{"seat": s, "type": "flip"} for s in seats]


def error_of(query: JSON, level: str = "normal") -> tuple[dict[str, JSON], Verdict]:
    answer, verdict = answer_query(query, level)
    assert set(answer) == {"error"} and set(answer["error"]) == {"index", "code", "message"}
    assert isinstance(answer["error"]["message"], str) and answer["error"]["message"]
    return answer["error"], verdict


# ---------------------------------------------------------------- answers


@pytest.mark.parametrize("level", LEVELS)
def test_the_seat_to_flip_is_answered_with_its_flip(level: str) -> None:
    query = {"record": record(actions=flips(0, 1, 0)), "seat": 1}
    assert answer_query(query, level) == ({"action": {"seat": 1, **FLIP}}, Verdict.ANSWERED)


def test_the_seat_may_be_left_out_when_only_one_seat_may_act() -> None:
    first = record(options={"first": 1})
    assert answer_query({"record": first}, "easy") == (
        {"action": {"seat": 1, **FLIP}},
        Verdict.ANSWERED,
    )
    assert answer_query({"record": first, "seat": None}, "easy")[0] == {
        "action": {"seat": 1, **FLIP}
    }


def test_the_answer_is_accepted_by_replay_as_the_next_action() -> None:
    rec = record(seed=5, actions=flips(0, 1, 0, 1, 0))
    answer, _ = answer_query({"record": rec}, "hard")
    outcome = replay(parse_record({**rec, "actions": [*rec["actions"], answer["action"]]}))
    assert not outcome.refused and outcome.answer["actions_applied"] == 6


def test_the_same_query_always_gets_the_same_answer() -> None:
    query = {"record": record(seed=99, actions=flips(0, 1)), "seat": 0}
    assert len({json.dumps(answer_query(query, "hard")[0]) for _ in range(5)}) == 1


def test_query_text_is_read_as_json() -> None:
    text = json.dumps({"record": record(actions=flips(0))}, indent=2) + "\r\n"
    assert answer_query_text(text, "normal") == ({"action": {"seat": 1, **FLIP}}, Verdict.ANSWERED)


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("query", "code"),
    [
        ([1, 2], "malformed_query"),
        ("flip", "malformed_query"),
        ({}, "malformed_query"),
        ({"seat": 0}, "malformed_query"),
        ({"record": record(), "seat": "0"}, "malformed_query"),
        ({"record": record(), "seat": True}, "malformed_query"),
        ({"record": record(), "seat": 0.0}, "malformed_query"),
        ({"record": record(), "seats": 0}, "malformed_query"),
        ({"record": "kitten-fishing"}, "malformed_record"),
        ({"record": record(game="poker")}, "unknown_game"),
        ({"record": record(options={"nope": 1})}, "unknown_option"),
        ({"record": record(seats=3)}, "bad_seats"),
        ({"record": record(seed="11")}, "malformed_record"),
        ({"record": record(actions="flip")}, "malformed_record"),
        ({"record": record(deal={"stocks": [standard_deck()] * 2})}, "bad_deal"),
    ],
)
def test_a_malformed_query_or_record_is_a_malformed_answer(query: JSON, code: str) -> None:
    error, verdict = error_of(query)
    assert error["code"] == code and error["index"] is None
    assert verdict is Verdict.MALFORMED


@pytest.mark.parametrize(
    ("actions", "index", "code"),
    [
        (flips(1), 0, "not_your_turn"),
        ([*flips(0, 1), {"seat": 1, "type": "flip"}], 2, "not_your_turn"),
        ([*flips(0), {"seat": 1, "type": "fish"}], 1, "unknown_action"),
        ([{"seat": 0}], 0, "malformed_action"),
        ([*flips(0), "flip"], 1, "malformed_action"),
    ],
)
def test_an_illegal_action_in_the_record_is_refused_with_its_index(
    actions: list[JSON], index: int, code: str
) -> None:
    error, verdict = error_of({"record": record(actions=actions), "seat": 0})
    assert (error["index"], error["code"]) == (index, code)
    assert verdict is Verdict.REFUSED


def test_a_seat_that_may_not_act_now_is_refused_and_told_who_may() -> None:
    error, verdict = error_of({"record": record(actions=flips(0)), "seat": 0})
    assert error["code"] == "not_your_turn" and error["index"] is None
    assert "seat 0" in error["message"].lower() and "1" in error["message"]
    assert verdict is Verdict.MALFORMED


@pytest.mark.parametrize("seat", [2, -1, 10**30])
def test_a_seat_the_game_does_not_have_is_refused(seat: int) -> None:
    error, verdict = error_of({"record": record(), "seat": seat})
    assert error["code"] == "bad_seat" and verdict is Verdict.MALFORMED


def test_a_finished_game_has_no_decision() -> None:
    deck = standard_deck()
    # seat 0 holds one card and flips it: its stock is empty and it loses at once
    deal = {"stocks": [deck[:1], deck[1:]], "first": 0}
    for seat in (None, 0, 1):
        query: dict[str, JSON] = {"record": record(deal=deal, actions=flips(0))}
        if seat is not None:
            query["seat"] = seat
        error, verdict = error_of(query)
        assert error["code"] == "game_over" and verdict is Verdict.MALFORMED


def test_an_unknown_level_is_refused() -> None:
    error, verdict = error_of({"record": record()}, level="impossible")
    assert error["code"] == "bad_level" and verdict is Verdict.MALFORMED


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "",
        "  \n",
        '{"record": {}, "seat": NaN}',
        '{"record": {}, "seat": -Infinity}',
        '{"record": {}, "seat": 1e999}',
        "[" * 100_000,
        '{"record": ' + "1" * 5000 + "}",
    ],
)
def test_text_that_is_not_json_is_a_bad_json_answer(text: str) -> None:
    answer, verdict = answer_query_text(text, "normal")
    assert answer["error"]["code"] == "bad_json" and answer["error"]["index"] is None
    assert verdict is Verdict.MALFORMED


def test_json_errors_name_the_line_of_the_input() -> None:
    answer, _ = answer_query_text('{"record":\n  oops}', "normal", first_line=7)
    assert "(line 8, column 3)" in answer["error"]["message"]


def test_a_lone_surrogate_in_the_query_is_an_ordinary_error() -> None:
    answer, verdict = answer_query_text('{"record": {"game": "\\ud800", "seats": 2}}', "easy")
    assert answer["error"]["code"] == "unknown_game" and verdict is Verdict.MALFORMED


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4)
    ),
    max_leaves=12,
)
_field = _json | st.integers(-2, 3) | st.sampled_from(["kitten-fishing", "flip", "fish"])
_action = st.fixed_dictionaries({"seat": _field, "type": _field}, optional={"card": _field})
_records = st.fixed_dictionaries(
    {"game": st.sampled_from(["kitten-fishing", "poker"]) | _json, "seats": _field},
    optional={
        "options": st.dictionaries(st.sampled_from(["first", "x"]), _field, max_size=2) | _json,
        "seed": _field,
        "deal": _json,
        "actions": st.lists(_action | _json, max_size=6) | _json,
    },
)
_queries = _json | st.fixed_dictionaries({"record": _records | _json}, optional={"seat": _field})


@settings(max_examples=400, deadline=None)
@given(query=_queries, level=st.sampled_from([*LEVELS, "bogus"]))
def test_any_json_gets_an_answer_and_never_an_exception(query: JSON, level: str) -> None:
    answer, verdict = answer_query(query, level)
    assert (set(answer) == {"action"}) == (verdict is Verdict.ANSWERED)
    assert (verdict is Verdict.REFUSED) == (
        "error" in answer and isinstance(answer["error"]["index"], int)
    )
    json.dumps(answer)


# ---------------------------------------------------------------- a game with every kind of prompt


class Toy(Game):
    """Seat 0 draws (a mechanical step); then both seats bid 0-2 at once, sealed, the default
    0; a seat whose bid is in may knock (optional) while the other has not bid; over once both
    bids are in. Each seat holds three hidden cards."""

    id: ClassVar[str] = "toy"
    names: ClassVar[Mapping[str, str]] = {"en": "Toy"}
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 2

    def __init__(self) -> None:
        self.seats, self.options, self.seed = 2, {}, 0
        self.hands: list[list[str]] = [[], []]
        self.drawn = False
        self.bids: list[int | None] = [None, None]
        self.knocks: list[bool] = [False, False]

    def setup(self, options: Mapping[str, JSON] | None, deal: JSON) -> None:
        seed = self.seed
        if deal is None:
            cards = derive_rng(seed, "deal").sample(standard_deck(), 6)
            deal = {"hands": [cards[:3], cards[3:]]}
        if not isinstance(deal, dict) or set(deal) != {"hands"}:
            raise RecordError("bad_deal", 'A toy deal is {"hands": [[3 cards], [3 cards]]}.')
        self.hands = [list(hand) for hand in deal["hands"]]

    def prompts(self) -> dict[int, Prompt]:
        if not self.drawn:
            return {0: Prompt(0, "draw", choices=(Action.make(0, "draw"),), mechanical=True)}
        out = {}
        for seat in range(2):
            if self.bids[seat] is None:
                bids = tuple(Action.make(seat, "bid", amount=n) for n in range(3))
                out[seat] = Prompt(seat, "bid", public=False, choices=bids, default=bids[0])
            elif not self.knocks[seat] and None in self.bids:
                knock = Action.make(seat, "knock")
                out[seat] = Prompt(seat, "knock", required=False, choices=(knock,))
        return out

    def to_act(self) -> frozenset[int]:
        return frozenset(s for s, p in self.prompts().items() if p.required)

    def legal_actions(self, seat: int) -> list[Action]:
        prompt = self.prompts().get(seat)
        return [] if prompt is None else list(prompt.choices)

    def apply(self, action: Action) -> list[Event]:
        if action not in self.legal_actions(action.seat):
            raise IllegalAction("illegal", f"Seat {action.seat} may not {action.type} now.")
        if action.type == "draw":
            self.drawn = True
        elif action.type == "bid":
            self.bids[action.seat] = action.get("amount")
        else:
            self.knocks[action.seat] = True
        return [Event(action.type, action.seat)]

    def view(self, seat: int | None = None) -> dict[str, JSON]:
        return {
            "viewer": seat,
            "hand": None if seat is None else self.hands[seat],
            "drawn": self.drawn,
            "bid_in": [b is not None for b in self.bids],
            "knocks": self.knocks,
        }

    def is_over(self) -> bool:
        return None not in self.bids

    def result(self) -> dict[str, JSON] | None:
        return {"bids": list(self.bids)} if self.is_over() else None

    def summary(self) -> dict[str, JSON]:
        return self.view(None)

    def to_json(self) -> dict[str, JSON]:
        return {
            "seed": self.seed,
            "hands": self.hands,
            "drawn": self.drawn,
            "bids": self.bids,
            "knocks": self.knocks,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Toy:
        game = cls()
        game.seed, game.drawn = data["seed"], data["drawn"]
        game.hands = [list(h) for h in data["hands"]]
        game.bids, game.knocks = list(data["bids"]), list(data["knocks"])
        return game


class Recorder:
    """Remembers every Decision it is given; answers with `answer(decision)`."""

    def __init__(self, answer: Any) -> None:
        self.answer = answer
        self.decisions: list[Decision] = []

    def decide(self, decision: Decision) -> Action | None:
        self.decisions.append(decision)
        return self.answer(decision)  # type: ignore[no-any-return]


PLAYERS: dict[str, CpuPlayer] = {}
"""The toy's CPUs by level, set by the `toy` fixture."""
GAME = GameSpec(
    engine=Toy,
    cpu=lambda level: PLAYERS[level],
    hidden=HiddenCards(deal=lambda game: None, vary=lambda record, seat, rng: record),
)
"""The toy's descriptor: found by the scan while a test holds `toy` (its folder found/)."""


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Recorder]]:
    """The toy game found by the scan for one test; its CPUs by level (easy declines
    everything, normal takes the first choice, hard chooses at random)."""
    players = {
        "easy": Recorder(lambda d: None),
        "normal": Recorder(lambda d: d.prompt.choices[0]),
        "hard": Recorder(lambda d: d.rng.choice(d.prompt.choices)),
    }
    for level, player in players.items():
        monkeypatch.setitem(PLAYERS, level, player)
    with game_packages(Path(__file__).parent / "found", Toy.id, ["engines"]):
        yield players


def toy_record(*actions: JSON, seed: int = 3, hands: JSON = None) -> dict[str, JSON]:
    rec: dict[str, JSON] = {"game": "toy", "seats": 2, "seed": seed, "actions": list(actions)}
    if hands is not None:
        rec["deal"] = {"hands": hands}
    return rec


DRAW = {"seat": 0, "type": "draw"}


def test_a_mechanical_step_is_answered_with_its_action_without_asking_the_cpu(
    toy: dict[str, Recorder],
) -> None:
    assert answer_query({"record": toy_record()}, "easy") == (
        {"action": DRAW},
        Verdict.ANSWERED,
    )
    assert toy["easy"].decisions == []


def test_two_seats_asked_at_once_need_the_seat_named(toy: dict[str, Recorder]) -> None:
    error, verdict = error_of({"record": toy_record(DRAW)})
    assert error["code"] == "seat_required" and "0, 1" in error["message"]
    assert verdict is Verdict.MALFORMED
    answer, _ = answer_query({"record": toy_record(DRAW), "seat": 1}, "normal")
    assert answer == {"action": {"seat": 1, "type": "bid", "amount": 0}}


def test_an_optional_prompt_may_be_let_go(toy: dict[str, Recorder]) -> None:
    rec = toy_record(DRAW, {"seat": 1, "type": "bid", "amount": 2})
    assert answer_query({"record": rec, "seat": 1}, "easy") == ({"action": None}, Verdict.ANSWERED)
    assert answer_query({"record": rec, "seat": 1}, "normal")[0] == {
        "action": {"seat": 1, "type": "knock"}
    }
    assert toy["easy"].decisions[0].prompt.kind == "knock"


def test_a_required_prompt_the_cpu_declines_takes_its_default(toy: dict[str, Recorder]) -> None:
    answer, _ = answer_query({"record": toy_record(DRAW), "seat": 0}, "easy")
    assert answer == {"action": {"seat": 0, "type": "bid", "amount": 0}}


def test_the_cpu_is_given_what_cpu_chooser_gives_it(toy: dict[str, Recorder]) -> None:
    rec = toy_record(DRAW, seed=77)
    answer_query({"record": rec, "seat": 1}, "hard")
    (decision,) = toy["hard"].decisions
    game = Toy.new(2, {}, 77)
    game.apply(Action.make(0, "draw"))
    assert decision.view == game.view(1)
    assert decision.prompt == game.prompts()[1]
    expected = decision_rng(77, "cpu-query:hard:1", 1)
    assert decision.rng.getstate() != expected.getstate()  # one draw was taken from it
    expected.choice(decision.prompt.choices)
    assert decision.rng.getstate() == expected.getstate()
    assert decision.check(Action.make(1, "bid", amount=2))
    assert not decision.check(Action.make(1, "knock"))


def test_a_random_cpu_answers_by_the_seed_and_the_same_every_time(
    toy: dict[str, Recorder],
) -> None:
    def bids() -> list[JSON]:
        return [
            answer_query({"record": toy_record(DRAW, seed=seed), "seat": 1}, "hard")[0]
            for seed in range(40)
        ]

    assert len({json.dumps(a) for a in bids()}) > 1  # the hard toy really is random
    assert bids() == bids()


def test_other_hands_do_not_change_the_answer(toy: dict[str, Recorder]) -> None:
    deck = standard_deck()
    for seed in range(30):
        rng = random.Random(seed)
        own, theirs = deck[:3], rng.sample(deck[3:], 3)
        answers = {
            json.dumps(
                answer_query(
                    {"record": toy_record(DRAW, seed=seed, hands=[h0, h1]), "seat": 0}, "hard"
                )[0]
            )
            for h0, h1 in [(own, deck[3:6]), (own, theirs)]
        }
        assert len(answers) == 1
