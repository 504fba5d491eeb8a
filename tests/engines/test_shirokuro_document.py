"""Shirokuro-jaku (白黒雀): every rule of the document (seeds/001, second game), its FAQ, and
the points RULINGS.md settles, on small explicit deals.

Hands are written as their owners read them, leftmost first (`w3`: white 3 upright, `b5`:
black 5 upright); `tests/engines/shirokuro_helpers.py` finds the cards. Seat 0 deals unless a
test says otherwise; seats are numbered in play order (seat 1 is the dealer's right neighbour).
"""

from __future__ import annotations

from collections import Counter

import pytest

from engines.actions import Action
from engines.errors import IllegalAction
from engines.shirokuro import Shirokuro
from engines.shirokuro.claims import tenpai
from engines.shirokuro.yaku import VALUES, WinContext, score_win
from engines.two_number.cards import DECK, base, rotated, value
from engines.two_number.melds import is_win, readings
from tests.engines.shirokuro_helpers import (
    act,
    draw,
    hand,
    kinds,
    last_round,
    new_game,
    pass_all,
    turn,
    value_of_token,
)

WIN_8 = "w1 w2 w3 b4 b4 b4 w5 w5"
"""A dealt winning hand: a white 1-2-3 shuntsu, a black 4 koutsu, a white 5 head."""


def vs(text: str) -> tuple[int, ...]:
    """Tokens as values."""
    return tuple(value_of_token(t) for t in text.split())


def refused(game: Shirokuro, seat: int, kind: str, **fields: object) -> IllegalAction:
    """The refusal of an action; the state is left exactly as it was."""
    before = game.to_json()
    with pytest.raises(IllegalAction) as caught:
        act(game, seat, kind, **fields)
    assert game.to_json() == before
    return caught.value


def scored(hand_text: str, exposed: tuple[tuple[str, str], ...] = (), **context: object) -> dict:
    """The yaku of a winning hand (its concealed values and exposed melds)."""
    win = score_win(
        vs(hand_text),
        [(kind, vs(cards)) for kind, cards in exposed],
        WinContext(**context),  # type: ignore[arg-type]
    )
    assert win is not None, hand_text
    assert win.points == sum(win.yaku.values())
    return dict(win.yaku)


# --------------------------------------------------------------------------- ゲームの準備


@pytest.mark.parametrize("seats", [2, 3])
def test_the_dealer_holds_8_cards_the_others_7_then_the_indicator_and_the_stock(
    seats: int,
) -> None:
    for seed in range(20):
        game = Shirokuro.new(seats, {}, seed)
        state = game.to_json()
        sizes = [len(h) for h in state["hands"]]
        assert sizes == [8 if s == game.dealer else 7 for s in range(seats)]
        assert len(state["stock"]) == {2: 14, 3: 7}[seats]
        cards = [base(c) for h in state["hands"] for c in h] + [state["indicator"], *state["stock"]]
        assert sorted(cards) == sorted(DECK)


def test_the_seed_draws_the_first_dealer_and_deals_random_orientations() -> None:
    dealers = Counter(Shirokuro.new(3, {}, seed).dealer for seed in range(60))
    assert set(dealers) == {0, 1, 2}
    ends_up = Counter(
        c[-1] for seed in range(10) for h in Shirokuro.new(2, {}, seed).hands for c in h
    )
    assert ends_up["W"] > 20 and ends_up["B"] > 20
    assert Shirokuro.new(2, {}, 9).to_json() == Shirokuro.new(2, {}, 9).to_json()


def test_a_hand_keeps_the_order_it_was_dealt_in() -> None:
    game = new_game(["w1 b6 w3 b2 w5 b4 w6 b1", "b3 w2 b5 w4 b1 w1 b2"])
    assert hand(game, 0) == list(vs("w1 b6 w3 b2 w5 b4 w6 b1"))
    assert hand(game, 1) == list(vs("b3 w2 b5 w4 b1 w1 b2"))


def test_the_indicator_makes_its_white_number_and_its_black_number_dora() -> None:
    game = new_game([WIN_8, "w2 w2 b3 b4 b5 w6 w6"], indicator="W3B1")
    view = game.view(None)
    assert view["indicator"] == "W3B1"
    assert view["dora"] == [value_of_token("w3"), value_of_token("b1")]
    assert game.to_json()["stock"][0] != "W3B1"


def test_the_dealer_starts_with_its_eight_cards_and_does_not_draw() -> None:
    game = new_game(["b1 w2 b3 w4 b5 w6 b2 w3", "w2 w2 b3 b4 b5 w6 w6"])
    act(game, 0, "keep")
    prompt = game.prompts()[0]
    assert prompt.kind == "discard"
    assert [a.get("position") for a in prompt.choices] == list(range(8))
    assert refused(game, 0, "draw").code == "wrong_phase"
    assert refused(game, 1, "draw").code == "not_your_turn"


# --------------------------------------------------------------------------- the rotation


def test_rotating_turns_the_whole_hand_180_degrees_keeping_its_order() -> None:
    game = new_game(["b1 w2 b3 w4 b5 w6 b2 w3", "w1 w2 b3 b4 b5 w6 w4"])
    dealt = list(game.view(1)["hand"])
    events = act(game, 1, "rotate")
    assert game.view(1)["hand"] == rotated(dealt)
    assert game.view(1)["hand"] == [c[:5] + ("B" if c[5] == "W" else "W") for c in dealt[::-1]]
    assert [e.public for e in events] == [True] and game.view(None)["rotated"] == [False, True]


def test_keeping_is_the_seats_own_business_and_one_decision_per_round() -> None:
    game = new_game(["b1 w2 b3 w4 b5 w6 b2 w3", "w1 w2 b3 b4 b5 w6 w4"])
    events = act(game, 1, "keep")
    assert [(e.type, e.audience) for e in events] == [("kept", frozenset({1}))]
    assert refused(game, 1, "rotate").code == "already_decided"
    assert refused(game, 1, "keep").code == "already_decided"


def test_the_rotation_closes_with_the_dealers_first_discard_undecided_seats_keep() -> None:
    game = new_game(["b1 w2 b3 w4 b5 w6 b2 w3", "w1 w2 b3 b4 b5 w6 w4"])
    dealt = list(game.view(1)["hand"])
    act(game, 0, "rotate")
    act(game, 0, "discard", position=0)
    pass_all(game)
    assert refused(game, 1, "rotate").code == "rotation_closed"
    assert refused(game, 0, "keep").code == "rotation_closed"
    assert game.view(1)["hand"] == dealt
    assert game.view(1)["may_rotate"] is False


def test_the_rotation_is_offered_privately_to_the_others_while_the_dealer_decides() -> None:
    game = new_game(["b1 w2 b3 w4 b5 w6 b2 w3", "w1 w2 b3 b4 b5 w6 w4", "w3 w3 b6 b6 w5 b2 w1"])
    prompts = game.prompts()
    for seat in (1, 2):
        p = prompts[seat]
        assert (p.kind, p.required, p.public) == ("rotate", False, False)
        assert p.default == Action.make(seat, "keep")
    assert prompts[0].kind == "rotate" and prompts[0].default == Action.make(0, "keep")
    # neither is required: the dealer may discard at once
    act(game, 0, "discard", position=3)
    assert game.view(None)["rotation_open"] is False


# --------------------------------------------------------------------------- a turn


def test_a_turn_draws_the_stocks_top_card_which_only_the_drawer_sees() -> None:
    game = new_game(["b1 w2 b3 w4 b5 w6 b2 w3", "w1 w2 b3 b4 b5 w6 w4"], stock=["W2B5"])
    act(game, 0, "discard", position=0)
    pass_all(game)
    events = act(game, 1, "draw")
    assert [(e.type, e.public) for e in events] == [("draw", True), ("drew_card", False)]
    assert events[1].data["card"] == "W2B5" and events[1].audience == frozenset({1})
    assert "card" not in events[0].data and events[0].data["left"] == 13
    assert game.view(1)["drawn"] == "W2B5"
    assert game.view(0)["drawn"] is None and game.view(None)["stock_count"] == 13


def test_the_drawn_card_goes_anywhere_either_end_up() -> None:
    """The document's example (Kokutorum's, the same insertion rule): white 2 / black 5 drawn,
    slipped between black 4 and black 6 with black 5 upright."""
    game = new_game(["b1 w2 b3 w4 b5 w6 b2 w3", "w1 b4 b6 w3 w5 w6 w4"], stock=["W2B5"])
    act(game, 0, "discard", position=0)
    pass_all(game)
    draw(game, 1)
    events = act(game, 1, "insert", position=2, upright="B")
    assert hand(game, 1) == list(vs("w1 b4 b5 b6 w3 w5 w6 w4"))
    assert game.view(1)["hand"][2] == "W2B5/B"
    assert events[0].public and events[0].data == {"position": 2, "upright": "B"}
    assert events[1].data["card"] == "W2B5/B" and events[1].audience == frozenset({1})


@pytest.mark.parametrize("position", [0, 3, 7])
def test_any_card_may_be_discarded_the_drawn_one_too(position: int) -> None:
    game = new_game(["b1 w2 b3 w4 b5 w6 b2 w3", "w1 b4 b6 w3 w5 w6 w4"], stock=["W2B5"])
    act(game, 0, "discard", position=0)
    pass_all(game)
    draw(game, 1)
    act(game, 1, "insert", position=3, upright="W")
    held = game.view(1)["hand"][position]
    events = act(game, 1, "discard", position=position)
    assert events[0].data == {"position": position, "card": base(held)}
    assert len(game.view(1)["hand"]) == 7
    assert game.view(None)["discards"][1][-1]["card"] == base(held)


def test_play_passes_to_the_next_seat_and_each_discard_stays_before_its_discarder() -> None:
    game = new_game(
        ["w1 b4 b6 w3 w5 w6 w4", "b1 w2 b3 w4 b5 w6 b2 w3", "w3 w3 b6 b6 w5 b2 w1"], dealer=1
    )
    order = []
    for _ in range(5):
        seat = game.turn
        order.append(seat)
        if game.phase == "draw":
            turn(game, seat, 0, "W", 0)
        else:
            act(game, seat, "discard", position=0)
        pass_all(game)
    assert order == [1, 2, 0, 1, 2]
    assert [len(pile) for pile in game.view(None)["discards"]] == [1, 2, 2]


def test_steps_out_of_order_are_refused() -> None:
    game = new_game(["b1 w2 b3 w4 b5 w6 b2 w3", "w1 b4 b6 w3 w5 w6 w4"])
    act(game, 0, "discard", position=0)
    pass_all(game)
    assert refused(game, 1, "insert", position=0, upright="W").code == "wrong_phase"
    assert refused(game, 1, "discard", position=0).code == "wrong_phase"
    assert refused(game, 1, "tsumo").code == "wrong_phase"
    draw(game, 1)
    assert refused(game, 1, "draw").code == "wrong_phase"
    assert refused(game, 1, "discard", position=0).code == "wrong_phase"
    assert refused(game, 1, "insert", position=8, upright="W").code == "bad_position"
    assert refused(game, 1, "insert", position=-1, upright="W").code == "bad_position"
    assert refused(game, 1, "insert", position=0, upright="X").code == "bad_upright"
    act(game, 1, "insert", position=7, upright="W")
    assert refused(game, 1, "discard", position=8).code == "bad_position"
    assert refused(game, 0, "discard", position=0).code == "not_your_turn"


# --------------------------------------------------------------------------- ツモ


def test_tsumo_between_the_insert_and_the_discard_ends_the_round() -> None:
    game = new_game(
        ["b1 w2 b3 w4 b5 w6 b2 w3", "w1 w2 w3 b4 b4 b4 w5"], indicator="W4B6", stock=["w5"]
    )
    act(game, 0, "discard", position=0)
    pass_all(game)
    draw(game, 1)
    assert refused(game, 1, "tsumo").code == "wrong_phase"  # insert it first
    act(game, 1, "insert", position=7, upright="W")
    assert Action.make(1, "tsumo") in game.prompts()[1].choices
    events = act(game, 1, "tsumo")
    assert kinds(events)[:2] == ["tsumo", "round_over"]
    entry = last_round(game)
    assert entry["end"] == "tsumo" and entry["wins"][0]["seat"] == 1
    assert entry["wins"][0]["from"] is None


def test_tsumo_is_refused_and_not_offered_when_the_hand_does_not_win() -> None:
    game = new_game(["b1 w2 b3 w4 b5 w6 b2 w3", "w1 w2 w3 b4 b4 b4 w5"], stock=["w6"])
    assert Action.make(0, "tsumo") not in game.legal_actions(0)
    assert refused(game, 0, "tsumo").code == "no_win"
    act(game, 0, "discard", position=0)
    pass_all(game)
    draw(game, 1)
    act(game, 1, "insert", position=7, upright="W")
    assert Action.make(1, "tsumo") not in game.prompts()[1].choices
    assert refused(game, 1, "tsumo").code == "no_win"


# --------------------------------------------------------------------------- claims: ロン・ポン・チー


def test_a_seat_that_can_claim_gets_a_private_prompt_with_pass_as_its_default() -> None:
    game = new_game(["w1 w2 w3 b4 b4 b4 w6 b6", "w2 w2 b3 b4 b5 w6 w6"], indicator="W5B3")
    assert game.view(0)["hand"][6] == "W6B3/W"
    act(game, 0, "discard", position=6)
    prompt = game.prompts()[1]
    assert (prompt.kind, prompt.required, prompt.public) == ("claim", True, False)
    assert prompt.default == Action.make(1, "pass") and prompt.window is not None
    choices = {(a.type, a.get("position"), a.get("upright")) for a in prompt.choices}
    assert choices == {
        ("ron", 5, "W"),
        ("ron", 6, "W"),
        ("ron", 7, "W"),
        ("pon", 5, None),
        ("chi", 3, None),
        ("pass", None, None),
    }
    assert game.view(1)["claim"] == {
        "card": "W6B3",
        "from": 0,
        "ron": [[5, "W"], [6, "W"], [7, "W"]],
        "pon": [5],
        "chi": [3],
        "answer": None,
    }
    assert game.to_act() == {1} and game.view(0)["claim"] is None


def test_no_seat_that_can_claim_means_the_next_seat_draws_at_once() -> None:
    game = new_game(["W6B4/B w2 b3 w4 b5 w6 b2 w3", "w1 w1 w3 w3 w5 w5 b6"], indicator="W4B5")
    act(game, 0, "discard", position=0)
    assert game.phase == "draw" and game.turn == 1 and game.prompts()[1].kind == "draw"


def test_a_claim_on_a_discard_must_come_before_the_next_draw() -> None:
    game = new_game(["w1 w2 w3 b4 b4 b4 w6 b6", "w2 w2 b3 b4 b5 w6 w6"], indicator="W5B3")
    act(game, 0, "discard", position=6)
    assert refused(game, 1, "draw").code == "claims_pending"
    act(game, 1, "pass")
    draw(game, 1)
    assert refused(game, 1, "ron", position=6, upright="W").code == "no_claim"
    assert refused(game, 1, "pass").code == "no_claim"


def test_a_seat_not_asked_is_refused_as_if_nobody_could_claim() -> None:
    """Claims are private: while seat 2 decides, seats 0 and 1 see the table as if seat 1
    were about to draw, and are refused what they try as they would be then."""
    hands = ["w1 w2 w3 b4 b4 b4 w6 b6", "b1 w2 b3 w4 b5 w1 b2", "w4 w4 w4 b1 b2 b3 w6"]
    open_window = new_game(hands, indicator="W5B3")
    act(open_window, 0, "discard", position=6)
    assert open_window.to_act() == {2}
    nobody = new_game(hands, indicator="W5B3")
    act(nobody, 0, "discard", position=6)
    act(nobody, 2, "pass")
    for seat in (0, 1):
        assert open_window.view(seat) == nobody.view(seat)
        for kind, fields in [
            ("discard", {"position": 0}),
            ("insert", {"position": 0, "upright": "W"}),
            ("tsumo", {}),
            ("pass", {}),
            ("pon", {"position": 0}),
        ]:
            a, b = refused(open_window, seat, kind, **fields), refused(nobody, seat, kind, **fields)
            assert (a.code, a.message, a.params) == (b.code, b.message, b.params)
    assert refused(open_window, 0, "draw").code == "not_your_turn"
    assert refused(open_window, 1, "draw").code == "claims_pending"  # only the table draws


def test_ron_by_the_seat_after_next_ends_the_round() -> None:
    game = new_game(
        ["w1 w2 w3 b4 b4 b4 w6 b6", "b1 w2 b3 w4 b5 w1 b2", "w4 w4 w4 b1 b2 b3 w6"],
        indicator="W5B3",
    )
    act(game, 0, "discard", position=6)
    assert game.to_act() == {2}
    events = act(game, 2, "ron", position=7, upright="W")
    assert "ron" in kinds(events) and "round_over" in kinds(events)
    wins = last_round(game)["wins"]
    assert [(w["seat"], w["from"]) for w in wins] == [(2, 0)]


def test_pon_by_any_seat_skips_the_seats_between_and_only_discards() -> None:
    game = new_game(
        ["w1 w2 w3 b4 b4 b4 w6 b6", "b1 w2 b3 w4 b5 w1 b2", "w6 w6 b3 b3 b5 b6 w2"],
        indicator="W5B1",
    )
    discard = game.view(0)["hand"][6]
    pair = game.view(2)["hand"][:2]
    act(game, 0, "discard", position=6)
    assert game.view(2)["claim"]["pon"] == [0]
    events = act(game, 2, "pon", position=0)
    assert kinds(events) == ["answered", "pon"]
    assert events[1].public and events[1].data["cards"] == [*pair, discard]
    view = game.view(1)
    assert view["exposed"][2] == [
        {"kind": "koutsu", "cards": [*pair, discard], "claimed": discard, "from": 0}
    ]
    assert view["discards"][0][-1] == {"card": base(discard), "taken": 2}
    assert hand(game, 2) == list(vs("b3 b3 b5 b6 w2"))
    assert game.turn == 2 and game.phase == "discard"
    assert [a.type for a in game.prompts()[2].choices] == ["discard"] * 5
    act(game, 2, "discard", position=4)
    pass_all(game)
    assert game.turn == 0 and game.phase == "draw"


@pytest.mark.parametrize(("holder", "asked"), [(1, True), (2, False)])
def test_chi_is_for_the_next_seat_only(holder: int, asked: bool) -> None:
    # black 2 and black 4 side by side chi the dealer's card (white 6 up, black 3 below)
    hands = ["w1 w2 w3 b4 b4 b4 W6B3/W b6", "w1 w5 b6 w2 w5 w1 w2", "b5 w1 w5 b5 w6 b1 w2"]
    hands[holder] = "b2 b4 w1 w5 b5 b1 w2"
    game = new_game(hands, indicator="W5B1")
    act(game, 0, "discard", position=6)
    if asked:
        assert game.to_act() == {1} and game.view(1)["claim"]["chi"] == [0]
    else:
        assert game.phase == "draw" and game.turn == 1


def test_chi_takes_two_adjacent_cards_of_one_colour_that_run_with_the_discard() -> None:
    # the dealer lets go of black 3 (white 2 on its other end); the next seat holds black 2 +
    # black 4 (a gap), white 1 + white 3 (a gap, on the white end), black 4 + black 5
    game = new_game(["w1 w2 w3 b4 b4 b4 w6 W2B3/B", "b2 b4 w1 w3 b4 b5 w6"], indicator="W5B6")
    act(game, 0, "discard", position=7)
    assert game.view(1)["claim"]["chi"] == [0, 2, 4]
    act(game, 1, "chi", position=2)
    meld = game.view(None)["exposed"][1][0]
    assert meld["kind"] == "shuntsu" and meld["claimed"] == "W2B3/W"
    assert [value(c) for c in meld["cards"]] == list(vs("w1 w2 w3"))
    assert hand(game, 1) == list(vs("b2 b4 b4 b5 w6"))
    assert game.turn == 1 and game.phase == "discard"


def test_pon_needs_two_adjacent_cards_showing_what_one_end_of_the_discard_shows() -> None:
    game = new_game(["w1 w2 w3 b4 b4 b4 b2 w6", "w6 b5 w6 b2 b2 w3 w1"], indicator="W5B1")
    held = game.view(0)["hand"][6]
    assert value(held) == value_of_token("b2")
    act(game, 0, "discard", position=6)  # black 2 upright: its white end is not black 2
    assert game.view(1)["claim"]["pon"] == [3]  # the two white 6 are not side by side
    assert refused(game, 1, "pon", position=0).code == "no_pon"
    assert refused(game, 1, "pon", position=6).code == "bad_position"
    assert refused(game, 1, "chi", position=3).code == "no_chi"


def test_the_discard_is_claimed_on_whichever_end_makes_the_meld() -> None:
    # the dealer lets go of a card showing white 4; its black 6 end makes seat 1's koutsu
    game = new_game(["w1 w2 w3 b4 b4 b4 W4B6/W w5", "b6 b6 w1 w3 w5 b1 b2"], indicator="W2B3")
    act(game, 0, "discard", position=6)
    act(game, 1, "pon", position=0)
    meld = game.view(None)["exposed"][1][0]
    assert meld["claimed"] == "W4B6/B"
    assert [value(c) for c in meld["cards"]] == list(vs("b6 b6 b6"))


def test_ron_beats_pon_and_pon_beats_chi() -> None:
    layout_hands = [
        "w1 w2 w3 b4 b4 b4 W6B3/W b6",
        "w4 w5 b1 b1 b2 w2 w1",  # chi on white 6 (white 4, 5)
        "w6 w6 b5 b5 w2 w1 b1",  # pon on white 6
    ]
    game = new_game(layout_hands, indicator="W3B2")
    act(game, 0, "discard", position=6)
    assert game.to_act() == {1, 2}
    act(game, 1, "chi", position=0)
    act(game, 2, "pon", position=0)
    assert game.exposed[1] == [] and len(game.exposed[2]) == 1 and game.turn == 2

    hands_ron = [
        "w1 w2 w3 b4 b4 b4 W6B3/W b6",
        "w4 w5 b1 b1 b1 w2 w2",  # chi on white 6, and ron (white 4 5 6)
        "w6 w6 b5 b5 w2 w1 b1",  # pon on white 6
    ]
    game = new_game(hands_ron, indicator="W3B2")
    act(game, 0, "discard", position=6)
    act(game, 2, "pon", position=0)
    act(game, 1, "ron", position=2, upright="W")
    entry = last_round(game)
    assert entry["end"] == "ron" and [w["seat"] for w in entry["wins"]] == [1]
    assert game.round_no == 2


def test_two_rons_on_one_discard_both_score() -> None:
    game = new_game(
        ["w1 w2 w3 b4 b4 b4 W6B3/W b6", "w4 w5 b1 b1 b1 w2 w2", "b2 b2 b2 b4 b5 w1 w1"],
        indicator="W3B5",
    )
    act(game, 0, "discard", position=6)
    act(game, 2, "ron", position=3, upright="B")
    act(game, 1, "ron", position=2, upright="W")
    entry = last_round(game)
    assert [(w["seat"], w["from"]) for w in entry["wins"]] == [(1, 0), (2, 0)]
    assert entry["scores"] == [0, entry["wins"][0]["points"], entry["wins"][1]["points"]]
    assert entry["wins"][1]["yaku"]["renhou"] == 16 and entry["wins"][0]["yaku"]["renhou"] == 16


def test_two_pons_go_to_the_first_seat_after_the_discarder_in_play_order() -> None:
    # five cards show white 6: the discard and a pair in each other hand; seat 1 discards,
    # so seat 2 comes before seat 0
    game = new_game(
        ["w2 b1 w3 b2 w4 w1 b5", "w1 w2 w3 b4 b4 b4 W6B1/W b6", "w6 w6 b1 b2 b3 w3 w2"],
        dealer=1,
        indicator="W5B4",
    )
    game_hand = game.view(0)["hand"]
    game.hands[0] = ["W6B2/W", "W6B3/W", *game_hand[2:]]  # seat 0's pair too
    assert sum(value(c) == 6 for h in game.hands for c in h) == 5
    act(game, 1, "discard", position=6)
    assert game.to_act() == {0, 2}
    act(game, 0, "pon", position=0)
    act(game, 2, "pon", position=0)
    assert game.exposed[0] == [] and len(game.exposed[2]) == 1 and game.turn == 2


def test_each_seat_asked_answers_once() -> None:
    game = new_game(["w1 w2 w3 b4 b4 b4 w6 b6", "w2 w2 b3 b4 b5 w6 w6"], indicator="W5B3")
    act(game, 0, "discard", position=6)
    refusal = refused(game, 0, "pass")
    assert refusal.code == "no_claim"
    assert refused(game, 1, "ron", position=0, upright="W").code == "no_win"
    assert refused(game, 1, "chi", position=0).code == "no_chi"
    other = new_game(
        ["w1 w2 w3 b4 b4 b4 W6B3/W b6", "w4 w5 b1 b1 b2 w2 w1", "w6 w6 b5 b5 w2 w1 b1"],
        indicator="W3B2",
    )
    act(other, 0, "discard", position=6)
    act(other, 1, "pass")
    assert refused(other, 1, "chi", position=0).code == "claim_answered"
    assert refused(other, 1, "pass").code == "claim_answered"


def test_after_a_pon_or_chi_the_claimer_only_discards_even_with_a_winning_shape() -> None:
    game = new_game(["w1 w2 w3 w4 w4 b5 b4 b6", "b4 b4 w1 w2 w3 w5 w5"], indicator="W6B5")
    act(game, 0, "discard", position=6)
    claim = game.view(1)["claim"]
    assert claim["pon"] == [0] and claim["ron"]
    act(game, 1, "pon", position=0)
    assert game.wins(1)  # white 1-2-3 and a white 5 head beside the exposed koutsu
    assert refused(game, 1, "tsumo").code == "no_tsumo_after_claim"
    assert all(a.type == "discard" for a in game.prompts()[1].choices)
    assert game.view(1)["can_tsumo"] is False


def test_exposed_melds_count_toward_the_win() -> None:
    game = new_game(
        ["w1 w2 w3 w4 w4 b5 b4 b6", "b4 b4 w1 w2 w3 w5 w6"], indicator="W6B5", stock=["b1", "w5"]
    )
    act(game, 0, "discard", position=6)
    act(game, 1, "pon", position=0)
    act(game, 1, "discard", position=4)  # white 6
    pass_all(game)
    turn(game, 0, 0, "W", 0)
    pass_all(game)
    draw(game, 1)
    act(game, 1, "insert", position=4, upright="W")
    assert hand(game, 1) == list(vs("w1 w2 w3 w5 w5"))
    act(game, 1, "tsumo")
    assert last_round(game)["wins"][0]["seat"] == 1


# --------------------------------------------------------------------------- the stock runs out


def play_out(game: Shirokuro, draws: int) -> None:
    """`draws` turns that keep every hand as it is (the drawn card inserted and let go at
    once), every claim passed."""
    for _ in range(draws):
        pass_all(game)
        if game.phase == "discard":
            act(game, game.turn, "discard", position=0)
            continue
        turn(game, game.turn, 0, "W", 0)
    pass_all(game)


TENPAI_DEALER = "w2 w3 w4 b4 b4 b4 w6 b1"
"""After letting its black 1 go, the dealer waits on white 6 (2-3-4, 4-4-4 and a 6 head)."""


def last_card_game(other: str, last: str, indicator: str = "W1B6") -> Shirokuro:
    """Two seats; the dealer (seat 0) draws the stock's 14th and last card, `last`."""
    game = new_game([TENPAI_DEALER, other], indicator=indicator, bottom=[last])
    act(game, 0, "discard", position=7)
    play_out(game, 13)
    assert game.turn == 0 and game.phase == "draw" and len(game.stock) == 1
    return game


def test_haitei_is_a_tsumo_on_the_stocks_last_card() -> None:
    game = last_card_game("w1 w1 w3 w3 b5 b5 b2", "w6")
    draw(game, 0)
    act(game, 0, "insert", position=7, upright="W")
    act(game, 0, "tsumo")
    yaku = last_round(game)["wins"][0]["yaku"]
    assert yaku == {"dealer": 1, "tsumo": 1, "haitei": 1}


WAITS_ON_W4 = "w3 w3 b2 b3 b4 w5 w6"
"""Seat 1 waits on white 4 (for 4-5-6) and could pon a white 3."""


def test_after_the_last_draw_only_ron_counts_and_houtei_is_that_ron() -> None:
    game = last_card_game(WAITS_ON_W4, "w4")
    draw(game, 0)
    act(game, 0, "insert", position=0, upright="W")
    assert game.view(None)["last_draw"] is True
    card = base(game.view(0)["hand"][0])
    act(game, 0, "discard", position=0)
    claim = game.view(1)["claim"]
    assert (claim["card"], claim["ron"], claim["pon"], claim["chi"]) == (card, [[5, "W"]], [], [])
    act(game, 1, "ron", position=5, upright="W")
    assert last_round(game)["wins"][0]["yaku"] == {"houtei": 1}


def test_no_ron_on_the_last_discard_is_a_drawn_round_where_ready_seats_score_1() -> None:
    game = last_card_game(WAITS_ON_W4, "w3")
    draw(game, 0)
    act(game, 0, "insert", position=0, upright="W")
    events = act(game, 0, "discard", position=0)  # white 3: seat 1 may not pon it now
    assert "round_over" in kinds(events)
    entry = last_round(game)
    assert entry["end"] == "draw" and entry["wins"] == []
    assert entry["tenpai"] == [0, 1] and entry["scores"] == [1, 1]

    game = last_card_game("w3 w5 b2 b4 b4 b6 w1", "w3")
    assert not tenpai(tuple(hand(game, 1)), 2)
    draw(game, 0)
    act(game, 0, "insert", position=0, upright="W")
    act(game, 0, "discard", position=0)
    entry = last_round(game)
    assert entry["end"] == "draw" and entry["tenpai"] == [0] and entry["scores"] == [1, 0]


def test_passing_the_last_discards_ron_ends_the_round_as_a_draw() -> None:
    game = last_card_game(WAITS_ON_W4, "w4")
    draw(game, 0)
    act(game, 0, "insert", position=0, upright="W")
    act(game, 0, "discard", position=0)
    events = act(game, 1, "pass")
    assert "round_over" in kinds(events)
    entry = last_round(game)
    assert entry["end"] == "draw" and entry["tenpai"] == [0, 1]


def test_a_seat_is_ready_even_when_every_card_it_waits_on_is_out_of_play() -> None:
    # seat 1 waits on white 1 only: one is the indicator, one is in its own hand, and the
    # other three are drawn and let go early; at the drawn round it still scores 1
    game = new_game(
        ["w2 w3 w4 b4 b4 b4 w6 b1", "w2 w3 w4 b5 b5 b5 W1B6/W"],
        indicator="W1B2",
        stock=["W1B3", "W1B4", "W1B5"],
    )
    act(game, 0, "discard", position=7)
    while game.round_no == 1:
        tenhou_or_discard(game)
    entry = last_round(game)
    assert entry["end"] == "draw" and 1 in entry["tenpai"] and entry["scores"][1] == 1


# --------------------------------------------------------------------------- winning shapes


@pytest.mark.parametrize(
    "text",
    [
        "w1 w2 w3 b4 b4 b4 w5 w5",
        "w5 w5 w1 w2 w3 b4 b4 b4",
        "w1 w2 w3 w5 w5 b4 b4 b4",
        "w3 w2 w1 b6 b5 b4 w5 w5",  # shuntsu may run down
        "b2 b2 b2 w6 w6 w6 b1 b1",
    ],
)
def test_two_melds_and_a_head_of_adjacent_cards_win(text: str) -> None:
    assert is_win(vs(text), 2)


@pytest.mark.parametrize(
    "text",
    [
        "w1 w2 b4 w3 b4 b4 w5 w5",  # a card between: no meld
        "w1 w3 w2 b4 b4 b4 w5 w5",  # not in order
        "w1 b2 w3 b4 b4 b4 w5 w5",  # two colours: no shuntsu
        "w4 b4 w4 w1 w2 w3 w5 w5",  # two colours: no koutsu
        "w1 w2 w3 b4 b4 b4 w5 b5",  # two colours: no head
        "w1 w2 w3 w4 b4 b4 b4 w5",  # no head at all
        "w5 w6 w1 w2 w3 b4 b4 b4",  # 5-6-1 does not wrap around
    ],
)
def test_cards_that_are_not_adjacent_or_not_of_one_colour_do_not_win(text: str) -> None:
    assert not is_win(vs(text), 2)


def test_only_the_upright_end_counts() -> None:
    game = new_game(["w1 w2 w3 b4 b4 b4 W5B1/W W5B2/W", "w2 w2 b3 b4 b5 w6 w6"])
    assert game.wins(0)
    game = new_game(["w1 w2 w3 b4 b4 b4 W5B1/W W5B2/B", "w2 w2 b3 b4 b5 w6 w6"])
    assert not game.wins(0)


def test_suutoitsu_is_four_adjacent_pairs_equal_pairs_allowed() -> None:
    assert is_win(vs("w1 w1 b3 b3 w6 w6 b2 b2"), 2)
    assert is_win(vs("w2 w2 w2 w2 b5 b5 b5 b5"), 2)
    assert not is_win(vs("w1 b1 w1 b1 w6 w6 b2 b2"), 2)
    assert scored("w1 w1 b3 b3 w6 w6 b2 b2") == {"suutoitsu": 8}


def test_suutoitsu_needs_a_closed_hand() -> None:
    # with a meld laid down the concealed hand is five cards: pairs cannot make it
    assert not is_win(vs("w1 w1 b3 b3 w6"), 1)
    assert (
        score_win(vs("w1 w1 b3 b3 w6 w6 b2 b2"), [("koutsu", vs("w4 w4 w4"))], WinContext()) is None
    )


# --------------------------------------------------------------------------- 役 (yaku)


def test_the_sixteen_yaku_and_their_points() -> None:
    assert VALUES == {
        "dealer": 1,
        "tsumo": 1,
        "dora": 1,
        "chinitsu": 1,
        "tanyao": 1,
        "toitoi": 1,
        "haitei": 1,
        "houtei": 1,
        "iipeikou": 2,
        "ittsu": 2,
        "doujun": 4,
        "doukou": 4,
        "suutoitsu": 8,
        "tenhou": 16,
        "chiihou": 16,
        "renhou": 16,
    }


@pytest.mark.parametrize(
    ("text", "exposed", "yaku"),
    [
        ("w1 w2 w3 b4 b4 b4 w5 w5", (), {}),
        ("w1 w2 w3 w4 w4 w4 w5 w5", (), {"chinitsu": 1}),
        ("b6 b5 b4 b1 b1", (("koutsu", "b3 b3 b3"),), {"chinitsu": 1}),
        ("w2 w3 w4 b4 b4 b4 w5 w5", (), {"tanyao": 1}),
        ("w2 w3 w4 w5 w5", (("shuntsu", "b1 b2 b3"),), None),
        ("w3 w3 w3 b1 b1 b1 w5 w5", (), {"toitoi": 1}),
        ("w1 w1 w1 w6 w6", (("koutsu", "b3 b3 b3"),), {"toitoi": 1}),
        ("w1 w2 w3 w3 w2 w1 b6 b6", (), {"iipeikou": 2}),
        ("b4 b5 b6 w1 w1", (("shuntsu", "b4 b5 b6"),), {"iipeikou": 2}),
        ("w1 w2 w3 w6 w5 w4 b1 b1", (), {"ittsu": 2}),
        ("w4 w5 w6 b1 b1", (("shuntsu", "w1 w2 w3"),), {"ittsu": 2}),
        ("w1 w2 w3 b4 b5 b6 b1 b1", (), {}),  # two colours: no ittsu
        ("w2 w3 w4 b4 b3 b2 w6 w6", (), {"doujun": 4}),
        ("w2 w3 w4 w6 w6", (("shuntsu", "b2 b3 b4"),), {"doujun": 4}),
        ("w5 w5", (("shuntsu", "w2 w3 w4"), ("shuntsu", "b4 b3 b2")), {"tanyao": 1, "doujun": 4}),
        ("w5 w5 w5 b5 b5 b5 w1 w1", (), {"toitoi": 1, "doukou": 4}),
        ("w5 w5 w5 w1 w1", (("koutsu", "b5 b5 b5"),), {"toitoi": 1, "doukou": 4}),
        ("w1 w1 b3 b3 w6 w6 b2 b2", (), {"suutoitsu": 8}),
        ("w2 w2 w3 w3 w4 w4 w5 w5", (), {"chinitsu": 1, "tanyao": 1, "suutoitsu": 8}),
    ],
)
def test_yaku_of_the_hand(text: str, exposed: tuple, yaku: dict | None) -> None:
    if yaku is None:  # the exposed meld's 1 spoils tanyao
        assert "tanyao" not in scored(text, exposed)
        return
    assert scored(text, exposed) == yaku


def test_a_win_with_no_yaku_still_wins_for_nothing() -> None:
    """RULINGS: no minimum (the document names 2-yaku minimum only as a house rule for
    players at home with mahjong)."""
    game = new_game(
        ["b1 w2 b3 w4 b5 w6 b2 w3", "w1 w2 w3 b4 b4 b4 w6"], indicator="W5B6", stock=["b1", "w6"]
    )
    act(game, 0, "discard", position=0)
    pass_all(game)
    turn(game, 1, 0, "B", 0)  # had its turn: no renhou
    pass_all(game)
    draw(game, 0)
    act(game, 0, "insert", position=0, upright="W")
    act(game, 0, "discard", position=0)
    act(game, 1, "ron", position=7, upright="W")
    entry = last_round(game)
    assert entry["end"] == "ron"
    assert entry["wins"] == [{"seat": 1, "from": 0, "yaku": {}, "points": 0}]
    assert entry["scores"] == [0, 0]


def test_dealer_and_tsumo_are_yaku() -> None:
    assert scored(WIN_8, dealer=True) == {"dealer": 1}
    assert scored(WIN_8, tsumo=True) == {"tsumo": 1}


def test_each_upright_dora_is_a_point_faq() -> None:
    """FAQ: dora count one point a card; two dora upright are two points."""
    dora = (value_of_token("w3"), value_of_token("b4"))
    assert scored("w1 w2 w3 b5 b5 b5 w6 w6", dora=dora) == {"dora": 1}
    assert scored("w1 w2 w3 w3 w2 w1 w6 w6", dora=dora) == {"dora": 2, "iipeikou": 2, "chinitsu": 1}
    assert scored(WIN_8, dora=dora) == {"dora": 4}


def test_a_dora_number_on_the_lower_end_does_not_count() -> None:
    # white 3 is dora; the dealer holds one white 3 upright and one under a black 5
    game = new_game(
        ["w1 w2 W3B6/W W1B5/B W3B5/B W2B5/B w6 w6", "w2 w2 b3 b4 b5 w4 w4"], indicator="W3B4"
    )
    act(game, 0, "tsumo")
    assert last_round(game)["wins"][0]["yaku"] == {
        "dealer": 1,
        "tsumo": 1,
        "dora": 1,
        "tenhou": 16,
    }


def test_dora_in_an_exposed_meld_and_in_the_winning_card_count() -> None:
    game = new_game(
        ["w1 w2 w3 w4 w4 b5 b4 b6", "b4 b4 w1 w2 w3 w5 w6"], indicator="W5B4", stock=["b1", "w5"]
    )
    act(game, 0, "discard", position=6)
    act(game, 1, "pon", position=0)
    act(game, 1, "discard", position=4)
    pass_all(game)
    turn(game, 0, 0, "W", 0)
    pass_all(game)
    draw(game, 1)
    act(game, 1, "insert", position=4, upright="W")
    act(game, 1, "tsumo")
    yaku = last_round(game)["wins"][0]["yaku"]
    assert yaku["dora"] == 5  # three black 4 laid down, white 5 twice in the hand


def test_tenhou_is_the_dealers_tsumo_as_its_first_move() -> None:
    game = new_game([WIN_8, "w2 w2 b3 b4 b5 w6 w6"], indicator="W6B1")
    act(game, 0, "tsumo")
    entry = last_round(game)
    assert entry["wins"] == [
        {"seat": 0, "from": None, "yaku": {"dealer": 1, "tsumo": 1, "tenhou": 16}, "points": 18}
    ]
    assert entry["scores"] == [18, 0] and game.totals == [18, 0]


def test_chiihou_is_a_non_dealers_tsumo_on_its_first_draw() -> None:
    game = new_game(
        ["b1 w2 b3 w4 b5 w6 b2 w3", "w1 w2 w3 b4 b4 b4 w5"], indicator="W4B6", stock=["w5"]
    )
    act(game, 0, "discard", position=0)
    pass_all(game)
    draw(game, 1)
    act(game, 1, "insert", position=7, upright="W")
    act(game, 1, "tsumo")
    assert last_round(game)["wins"][0]["yaku"] == {"tsumo": 1, "chiihou": 16}


def test_no_chiihou_on_a_later_draw_or_after_any_claim_in_the_round() -> None:
    game = new_game(
        ["b1 w2 b3 w4 b5 w6 b2 w3", "w1 w2 w3 b4 b4 b4 b6"],
        indicator="W4B5",
        stock=["b2", "b3", "b6"],
    )
    act(game, 0, "discard", position=0)
    pass_all(game)
    turn(game, 1, 7, "B", 7)  # its first draw, let go
    pass_all(game)
    turn(game, 0, 0, "B", 0)
    pass_all(game)
    draw(game, 1)
    act(game, 1, "insert", position=7, upright="B")
    act(game, 1, "tsumo")
    assert last_round(game)["wins"][0]["yaku"] == {"tsumo": 1}

    # a pon earlier in the round (by another seat) spoils it too: 3 seats
    game = new_game(
        ["w6 w2 b3 w4 b5 w6 b2 w3", "w1 w2 w3 b4 b4 b4 w5", "w6 w6 b5 b5 b1 w1 b1"],
        indicator="W4B6",
        stock=["b3", "w5"],
    )
    act(game, 0, "discard", position=0)  # white 6: seat 2 pons
    pass_all_but(game, {2: ("pon", 0)})
    act(game, 2, "discard", position=4)
    pass_all(game)
    turn(game, 0, 0, "B", 0)
    pass_all(game)
    draw(game, 1)
    act(game, 1, "insert", position=7, upright="W")
    act(game, 1, "tsumo")
    assert last_round(game)["wins"][0]["yaku"] == {"tsumo": 1}


def pass_all_but(game: Shirokuro, claims: dict[int, tuple[str, int]]) -> None:
    """The seats in `claims` claim (kind, position); every other seat asked passes."""
    for seat in sorted(game.to_act()):
        if seat in claims:
            kind, p = claims[seat]
            act(game, seat, kind, position=p)
        else:
            act(game, seat, "pass")


def test_renhou_is_a_ron_before_the_seats_first_turn() -> None:
    game = new_game(["w1 w2 w3 b4 b4 b4 W6B3/W b6", "w2 w2 b3 b4 b5 w6 w6"], indicator="W5B1")
    act(game, 0, "discard", position=6)
    act(game, 1, "ron", position=6, upright="W")
    assert last_round(game)["wins"][0]["yaku"] == {"renhou": 16}


def test_the_dealer_cannot_score_renhou_and_a_pon_is_a_seats_turn() -> None:
    # seat 1's first discard: the dealer rons it (it has had its turn: no renhou)
    game = new_game(
        ["w1 w2 w3 b4 b4 b4 w6 b1", "w2 w2 b3 b4 b5 w6 w6"], indicator="W5B2", stock=["w4"]
    )
    act(game, 0, "discard", position=7)
    pass_all(game)
    draw(game, 1)
    act(game, 1, "insert", position=0, upright="W")
    act(game, 1, "discard", position=6)  # a white 6
    act(game, 0, "ron", position=7, upright="W")
    assert "renhou" not in last_round(game)["wins"][0]["yaku"]

    # seat 2 pons the dealer's first discard, then rons seat 1's: its turn had come
    game = new_game(
        ["w1 w2 w3 b4 b4 b4 W6B3/W b6", "w3 w2 b1 w4 b5 b1 b2", "w6 w6 b5 b5 b2 w1 w1"],
        indicator="W4B6",
    )
    act(game, 0, "discard", position=6)  # seat 1 may chi it, seat 2 pon it
    pass_all_but(game, {2: ("pon", 0)})
    act(game, 2, "discard", position=2)  # black 2: b5 b5 w1 w1 wait on either
    pass_all(game)
    turn(game, 0, 0, "W", 0)
    pass_all(game)
    draw(game, 1)
    act(game, 1, "insert", position=0, upright="B")
    assert hand(game, 2) == list(vs("b5 b5 w1 w1"))
    act(game, 1, "discard", position=5)  # black 5
    act(game, 2, "ron", position=0, upright="B")
    pass_all(game)
    wins = last_round(game)["wins"]
    assert [w["seat"] for w in wins] == [2] and "renhou" not in wins[0]["yaku"]


def test_every_yaku_that_applies_adds_up() -> None:
    dora = (value_of_token("w2"), value_of_token("b6"))
    yaku = scored("w2 w3 w4 w4 w3 w2 w5 w5", dealer=True, tsumo=True, tenhou=True, dora=dora)
    assert yaku == {
        "dealer": 1,
        "tsumo": 1,
        "dora": 2,
        "chinitsu": 1,
        "tanyao": 1,
        "iipeikou": 2,
        "tenhou": 16,
    }


def test_a_hand_read_several_ways_scores_its_best_reading() -> None:
    text = "w1 w1 w1 w2 w3 w4 w4 w4"
    assert len(readings(vs(text), 2)) == 2  # 1-1 head first, or 4-4 head last
    yaku = scored(text)
    assert yaku == {"chinitsu": 1}
    assert score_win(vs(text), [], WinContext()).points == 1  # type: ignore[union-attr]


# --------------------------------------------------------------------------- rounds and the end


def test_points_are_not_exchanged_the_winner_simply_scores() -> None:
    """FAQ: no points change hands, tsumo or ron."""
    game = new_game([WIN_8, "w2 w2 b3 b4 b5 w6 w6"], indicator="W6B1")
    act(game, 0, "tsumo")
    assert game.totals == [18, 0]


def test_no_repeat_for_a_winning_dealer_the_deal_passes_on() -> None:
    """FAQ: the dealer's win does not repeat the round (no 連荘)."""
    game = new_game([WIN_8, "w2 w2 b3 b4 b5 w6 w6"], indicator="W6B1")
    act(game, 0, "tsumo")
    assert game.round_no == 2 and game.dealer == 1 and game.turn == 1
    assert len(game.hands[1]) == 8 and len(game.hands[0]) == 7


@pytest.mark.parametrize(("seats", "rounds"), [(2, 4), (3, 6)])
def test_a_game_is_east_and_south_one_round_per_dealer_each(seats: int, rounds: int) -> None:
    game = Shirokuro.new(seats, {}, 3)
    first = game.dealer
    dealers = []
    while not game.is_over():
        dealers.append(game.dealer)
        game_round = game.round_no
        while game.round_no == game_round and not game.is_over():
            tenhou_or_discard(game)
    assert dealers == [(first + k) % seats for k in range(rounds)]
    result = game.result()
    assert result is not None and len(result["rounds"]) == rounds
    assert result["totals"] == [sum(r["scores"][s] for r in result["rounds"]) for s in range(seats)]
    top = max(result["totals"])
    assert result["winners"] == [s for s in range(seats) if result["totals"][s] == top]
    assert refused(game, 0, "keep").code == "game_over"


def tenhou_or_discard(game: Shirokuro) -> None:
    """Move the game on: pass claims, draw, insert at the left, let go of the leftmost card."""
    if game.phase == "claims":
        pass_all(game)
    elif game.phase == "draw":
        draw(game, game.turn)
    elif game.phase == "insert":
        act(game, game.turn, "insert", position=0, upright="W")
    else:
        act(game, game.turn, "discard", position=0)


def test_the_rounds_option_sets_the_length() -> None:
    game = new_game([WIN_8, "w2 w2 b3 b4 b5 w6 w6"], indicator="W6B1", rounds=1)
    events = act(game, 0, "tsumo")
    assert game.is_over() and kinds(events)[-1] == "game_over"
    assert game.result() == {
        "rounds": [
            {
                "dealer": 0,
                "end": "tsumo",
                "wins": [
                    {
                        "seat": 0,
                        "from": None,
                        "yaku": {"dealer": 1, "tsumo": 1, "tenhou": 16},
                        "points": 18,
                    }
                ],
                "tenpai": [],
                "scores": [18, 0],
            }
        ],
        "totals": [18, 0],
        "over": True,
        "winners": [0],
    }


def test_tied_highest_totals_share_the_win() -> None:
    game = new_game(
        [WIN_8, "w2 w2 b3 b4 b5 w6 w6"],
        indicator="W6B1",
        rounds=2,
        more=[{"dealer": 1, **_swap(WIN_8)}],
    )
    act(game, 0, "tsumo")
    act(game, 1, "tsumo")
    assert game.totals == [18, 18] and game.result()["winners"] == [0, 1]  # type: ignore[index]


def _swap(dealer_hand: str) -> dict:
    from tests.engines.shirokuro_helpers import layout

    entry = layout(["w2 w2 b3 b4 b5 w6 w6", dealer_hand], dealer=1, indicator="W6B1")
    entry.pop("dealer")
    return entry
