"""Shirokuro-jaku records through `cardbot replay` (RECORDS.md): every refusal exits 3 with its
code, a message for the player and the index of the refused action; every malformed record
exits 2 with a clear message; answers keep the contract's shape.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from typing import Any

import pytest

from bot.replay import EXIT_MALFORMED, EXIT_OK, EXIT_REFUSED, answer_line
from tests.engines.shirokuro_helpers import layout

HANDS = ["w1 w2 w3 b4 b4 b4 W6B3/W b6", "w2 w2 b3 b4 b5 w6 w6"]
"""The dealer (seat 0) holds a tenhou hand but for its 7th card; seat 1 may ron, pon and chi
white 6 / black 3."""
WINNER = ["w1 w2 w3 b4 b4 b4 w5 w5", "w2 w2 b3 b4 b5 w6 w6"]


def record(*actions: dict[str, Any], hands: list[str] = HANDS, **extra: Any) -> dict[str, Any]:
    deal = layout(hands, indicator="W5B1")
    return {
        "game": "shirokuro",
        "seats": 2,
        "options": extra.pop("options", {}),
        "seed": 1,
        "deals": [deal],
        "actions": list(actions),
        **extra,
    }


def a(seat: int, kind: str, **fields: Any) -> dict[str, Any]:
    return {"seat": seat, "type": kind, **fields}


def answer(rec: dict[str, Any] | str) -> tuple[dict[str, Any], int]:
    text = rec if isinstance(rec, str) else json.dumps(rec)
    return answer_line(text, finish=False)


DISCARD_W6 = a(0, "discard", position=6)


def three_seat_window() -> dict[str, Any]:
    """Three seats: the dealer's white 6 may be chi'd by seat 1 and pon'd by seat 2; seat 1
    answers twice (the window stays open for seat 2)."""
    hands = ["w1 w2 w3 b4 b4 b4 W6B3/W b6", "w4 w5 b1 b1 b2 w2 w1", "w6 w6 b5 b5 w2 w1 b1"]
    return {
        "game": "shirokuro",
        "seats": 3,
        "seed": 1,
        "deals": [layout(hands, indicator="W3B2")],
        "actions": [a(0, "discard", position=6), a(1, "pass"), a(1, "pass")],
    }


REFUSALS = [
    ("game_over", record(a(0, "tsumo"), a(1, "keep"), hands=WINNER, options={"rounds": 1}), 1),
    ("bad_seat", record(a(2, "discard", position=0)), 0),
    ("bad_seat", record(a(-1, "keep")), 0),
    ("unknown_action", record(a(0, "knock")), 0),
    ("malformed_action", record(a(0, "discard")), 0),
    ("malformed_action", record(a(0, "discard", position=1, card="W1B2")), 0),
    ("malformed_action", record(a(0, "discard", position="1")), 0),
    ("malformed_action", record(a(0, "discard", position=True)), 0),
    ("malformed_action", record(a(0, "discard", position=1.0)), 0),
    ("malformed_action", record(a(0, "keep", why="no")), 0),
    ("malformed_action", record({"type": "keep"}), 0),
    ("malformed_action", record(["keep"]), 0),  # type: ignore[arg-type]
    ("malformed_action", record(DISCARD_W6, a(1, "ron", position=6)), 1),
    ("malformed_action", record(DISCARD_W6, a(1, "pon")), 1),
    ("not_your_turn", record(a(1, "discard", position=0)), 0),
    ("not_your_turn", record(DISCARD_W6, a(0, "discard", position=0)), 1),
    ("wrong_phase", record(a(0, "draw")), 0),
    ("wrong_phase", record(a(0, "insert", position=0, upright="W")), 0),
    ("wrong_phase", record(DISCARD_W6, a(1, "pass"), a(1, "discard", position=0)), 2),
    ("wrong_phase", record(DISCARD_W6, a(1, "pass"), a(1, "tsumo")), 2),
    ("bad_position", record(a(0, "discard", position=8)), 0),
    ("bad_position", record(a(0, "discard", position=-1)), 0),
    (
        "bad_position",
        record(DISCARD_W6, a(1, "pass"), a(1, "draw"), a(1, "insert", position=8, upright="W")),
        3,
    ),
    (
        "bad_upright",
        record(DISCARD_W6, a(1, "pass"), a(1, "draw"), a(1, "insert", position=0, upright="w")),
        3,
    ),
    ("no_win", record(a(0, "tsumo")), 0),
    ("no_win", record(DISCARD_W6, a(1, "ron", position=0, upright="W")), 1),
    ("no_win", record(DISCARD_W6, a(1, "ron", position=6, upright="B")), 1),
    (
        "no_tsumo_after_claim",
        record(DISCARD_W6, a(1, "pon", position=5), a(1, "tsumo")),
        2,
    ),
    ("claims_pending", record(DISCARD_W6, a(1, "draw")), 1),
    ("no_claim", record(a(1, "pass")), 0),
    ("no_claim", record(DISCARD_W6, a(0, "pass")), 1),
    ("no_claim", record(DISCARD_W6, a(1, "pass"), a(1, "pon", position=5)), 2),
    ("claim_answered", three_seat_window(), 2),
    ("no_pon", record(DISCARD_W6, a(1, "pon", position=0)), 1),
    ("no_chi", record(DISCARD_W6, a(1, "chi", position=0)), 1),
    ("rotation_closed", record(DISCARD_W6, a(1, "pass"), a(1, "rotate")), 2),
    ("already_decided", record(a(1, "keep"), a(1, "rotate")), 1),
]


@pytest.mark.parametrize("case", REFUSALS, ids=[f"{c[0]}-{i}" for i, c in enumerate(REFUSALS)])
def test_every_refusal_exits_3_with_its_code_and_index(case: tuple) -> None:
    code, rec, index = case
    out, status = answer(rec)
    assert status == EXIT_REFUSED, out
    assert set(out) == {"error"} and set(out["error"]) == {"index", "code", "message"}
    assert out["error"]["code"] == code and out["error"]["index"] == index
    assert out["error"]["message"] and len(out["error"]["message"]) < 200
    # the record up to the refused action is fine
    shorter = {**rec, "actions": rec["actions"][:index]}
    assert answer(shorter)[1] == EXIT_OK


def test_every_refusal_names_what_to_do_in_its_params() -> None:
    """The bot words refusals from `code` and `params` (English and Japanese)."""
    from engines.actions import Action
    from engines.errors import IllegalAction
    from engines.shirokuro import Shirokuro

    deal = layout(HANDS, indicator="W5B1")
    game = Shirokuro.new(2, {}, 1, [deal])
    expected = {
        Action.make(1, "discard", position=0): ("not_your_turn", {"seat": 1, "to_act": [0]}),
        Action.make(0, "discard", position=9): ("bad_position", {"position": 9, "high": 7}),
        Action.make(0, "draw"): ("wrong_phase", {"phase": "discard"}),
        Action.make(0, "knock"): ("unknown_action", {"type": "knock"}),
        Action.make(5, "keep"): ("bad_seat", {"seat": 5}),
        Action.make(0, "discard", position=1, card="x"): ("malformed_action", {"field": "card"}),
    }
    for action, (code, params) in expected.items():
        with pytest.raises(IllegalAction) as caught:
            game.check(action)
        assert (caught.value.code, caught.value.params) == (code, params)
    game.apply(Action.make(0, "discard", position=6))
    for action, (code, params) in {
        Action.make(1, "pon", position=0): ("no_pon", {"position": 0}),
        Action.make(1, "chi", position=1): ("no_chi", {"position": 1}),
        Action.make(1, "ron", position=2, upright="W"): ("no_win", {"position": 2}),
    }.items():
        with pytest.raises(IllegalAction) as caught:
            game.check(action)
        assert (caught.value.code, caught.value.params) == (code, params)


def _deal_variants() -> list[tuple[str, Any]]:
    good = layout(HANDS, indicator="W5B1")
    out: list[tuple[str, Any]] = [
        ("a dict, not a list", good),
        ("an empty list", []),
    ]

    def changed(name: str, **change: Any) -> None:
        entry = copy.deepcopy(good)
        for key, value in change.items():
            if value is None:
                entry.pop(key)
            else:
                entry[key] = value
        out.append((name, [entry]))

    changed("no hands", hands=None)
    changed("no indicator", indicator=None)
    changed("no stock", stock=None)
    changed("no dealer in the first entry", dealer=None)
    changed("an unknown key", upcard="W1B2")
    changed("a dealer out of range", dealer=2)
    changed("a dealer that is a bool", dealer=True)
    changed("one hand only", hands=good["hands"][:1])
    changed("a dealer with 7 cards", hands=[good["hands"][0][:7], good["hands"][1]])
    changed(
        "a hand card without orientation",
        hands=[[c[:4] for c in good["hands"][0]], good["hands"][1]],
    )
    changed("an oriented indicator", indicator="W5B1/W")
    changed("an indicator that is no card", indicator="W5B5")
    changed("an oriented stock card", stock=[good["stock"][0] + "/W", *good["stock"][1:]])
    changed("a card twice", stock=[good["stock"][0], *good["stock"][:-1]])
    changed("a card missing", stock=good["stock"][:-1])
    second = layout(list(reversed(HANDS)), dealer=0, indicator="W5B1")
    out.append(("round 2 dealt by the wrong seat", [good, second]))
    return out


MALFORMED = [
    ("bad_seats", {"seats": 1}),
    ("bad_seats", {"seats": 4}),
    ("unknown_option", {"options": {"target": 30}}),
    ("bad_option", {"options": {"rounds": 0}}),
    ("bad_option", {"options": {"rounds": "4"}}),
    ("bad_option", {"options": {"rounds": True}}),
    ("malformed_record", {"options": {"rounds": 4.0}}),
    ("bad_deal", {"deal": {"hands": []}}),
    *[("bad_deal", {"deals": deals, "_name": name}) for name, deals in _deal_variants()],
]


@pytest.mark.parametrize("case", MALFORMED, ids=[str(c[1].get("_name", c[1])) for c in MALFORMED])
def test_malformed_records_exit_2_with_a_message(case: tuple) -> None:
    code, change = case
    change = {k: v for k, v in change.items() if k != "_name"}
    rec = {"game": "shirokuro", "seats": 2, "seed": 1, "actions": [], **change}
    out, status = answer(rec)
    assert status == EXIT_MALFORMED, out
    assert out["error"]["code"] == code and out["error"]["index"] is None
    assert out["error"]["message"]


def test_the_command_exits_3_on_a_refusal_and_2_on_a_malformed_record() -> None:
    def run(rec: dict[str, Any]) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "bot.cli", "replay", "-"],
            input=json.dumps(rec),
            capture_output=True,
            text=True,
            timeout=120,
        )

    refused = run(record(DISCARD_W6, a(1, "chi", position=0)))
    assert refused.returncode == 3 and "Traceback" not in refused.stderr
    assert json.loads(refused.stdout)["error"] == {
        "index": 1,
        "code": "no_chi",
        "message": "Chi needs two adjacent cards of one colour that run with the discard "
        "(the next player only).",
    }
    malformed = run({**record(), "deals": [{"dealer": 0}]})
    assert malformed.returncode == 2 and "Traceback" not in malformed.stderr
    assert "Deal 1" in malformed.stderr and "indicator" in malformed.stderr


def test_the_answer_keeps_the_contracts_shape() -> None:
    out, status = answer(record(DISCARD_W6, a(1, "ron", position=6, upright="W")))
    assert status == EXIT_OK
    assert set(out) == {"game", "actions_applied", "over", "to_act", "result", "state"}
    assert out["actions_applied"] == 2 and out["over"] is False and out["result"] is None
    assert out["to_act"] == [1]  # the second round: seat 1 deals
    assert out["state"] == {
        "rounds": [
            {
                "dealer": 0,
                "end": "ron",
                "wins": [{"seat": 1, "from": 0, "yaku": {"renhou": 16}, "points": 16}],
                "tenpai": [],
                "scores": [0, 16],
            }
        ],
        "totals": [0, 16],
        "over": False,
        "winners": [],
    }


def test_to_act_names_the_seats_a_claim_waits_for() -> None:
    rec = three_seat_window()
    rec["actions"] = rec["actions"][:1]
    out, status = answer(rec)
    assert status == EXIT_OK and out["to_act"] == [1, 2]
    rec["actions"].append(a(2, "pass"))
    assert answer(rec)[0]["to_act"] == [1]


def test_later_deals_may_leave_the_dealer_out_and_then_the_seed_deals() -> None:
    first = layout(WINNER, indicator="W6B1")
    second = layout(list(reversed(WINNER)), dealer=1, indicator="W6B1")
    second.pop("dealer")
    rec = {
        "game": "shirokuro",
        "seats": 2,
        "seed": 4,
        "deals": [first, second],
        "actions": [a(0, "tsumo"), a(1, "tsumo")],
    }
    out, status = answer(rec)
    assert status == EXIT_OK
    assert [r["scores"] for r in out["state"]["rounds"]] == [[18, 0], [0, 18]]
    assert out["to_act"] == [0]  # round 3 is the seed's, dealt by seat 0


def test_finish_plays_the_game_out() -> None:
    out, status = answer_line(json.dumps(record()), finish=True)
    assert status == EXIT_OK and out["over"] is True
    rounds = out["result"]["rounds"]
    assert len(rounds) == 4 and [r["dealer"] for r in rounds] == [0, 1, 0, 1]
    assert out["result"]["totals"] == [sum(r["scores"][s] for r in rounds) for s in (0, 1)]
