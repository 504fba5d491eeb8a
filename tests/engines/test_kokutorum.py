"""Kokutorum: every rule of the document (001, the first game) on a small explicit deal, each
worked example, and each point of RULINGS.md and RECORDS.md.

Hands are written as the document writes them (`w2` is a card showing white 2 upright, `b5`
one showing black 5); see `kokutorum_helpers`. The document's FAQ speaks of Shirokuro-jaku
only (dora, no payments, no repeat dealer); the card reading it shares with Kokutorum
(■カードの見方: only the upright number counts) is tested here and in test_two_number.py.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engines.errors import IllegalAction, RecordError
from engines.kokutorum import Kokutorum
from engines.kokutorum.scoring import score_round
from engines.two_number.cards import DECK, base, rotated, value, values
from engines.two_number.melds import RUN, SET, deadwood
from engines.two_number.table import shuffled
from tests.engines.kokutorum_helpers import (
    discard,
    draw,
    game_of,
    insert,
    keep,
    knock,
    layout,
    rotate,
    shown,
    turn,
)

# Three hands of known deadwood, the document's knock example: ウォッカ 10, ベルモット 5,
# テキーラ 8.
TEN = "w1 w1 w1 b1 b1 b1 w6 w4"
FIVE = "w4 w4 w4 b4 b4 b4 w2 w3"
EIGHT = "w5 w5 w5 b5 b5 b5 w6 w2"
FIVE_TOO = "w3 w3 w3 w3 b3 b3 b3 b5"


def refused(game: Kokutorum, action: object) -> IllegalAction:
    """The refusal of `action`, checked to leave the game exactly as it was."""
    before = game.to_json()
    with pytest.raises(IllegalAction) as caught:
        game.apply(action)  # type: ignore[arg-type]
    assert game.to_json() == before
    with pytest.raises(IllegalAction) as checked:
        game.check(action)  # type: ignore[arg-type]
    assert checked.value.code == caught.value.code
    return caught.value


def stand_pat(game: Kokutorum, seat: int) -> None:
    """A turn that leaves the hand as it was: take the pile's top, put it at the right end, and
    discard it again."""
    game.apply(draw(seat, "discard"))
    game.apply(insert(seat, 8))
    game.apply(discard(seat, 8))


def last_round(game: Kokutorum) -> dict:
    return game.rounds()[-1]


# ---------------------------------------------------------------- ■ゲームの準備


@pytest.mark.parametrize(("seats", "stock"), [(2, 13), (3, 5)])
def test_eight_cards_each_the_upcard_on_the_pile_and_the_rest_is_the_stock(
    seats: int, stock: int
) -> None:
    for seed in range(40):
        game = Kokutorum.new(seats, {}, seed)
        state = game.to_json()
        assert [len(h) for h in state["hands"]] == [8] * seats
        assert len(state["stock"]) == stock
        assert state["pile"] == [state["upcard"]]
        every = [base(c) for h in state["hands"] for c in h] + state["pile"] + state["stock"]
        assert sorted(every) == sorted(DECK)
        assert game.to_act() == {(game.dealer + 1) % seats}  # the dealer's left plays first


def test_the_first_dealer_is_drawn_by_the_seed_and_dealt_ends_are_random() -> None:
    """RULINGS: a seeded draw of the first dealer; dealt cards come with random ends up."""
    dealers = Counter(Kokutorum.new(3, {}, seed).dealer for seed in range(90))
    assert set(dealers) == {0, 1, 2} and min(dealers.values()) > 15
    ends = Counter(c[5] for seed in range(20) for h in Kokutorum.new(2, {}, seed).hands for c in h)
    assert 120 < ends["W"] < 200
    assert Kokutorum.new(2, {}, 8).to_json() == Kokutorum.new(2, {}, 8).to_json()


def test_a_given_deal_is_played_as_written() -> None:
    """RECORDS: explicit hands (leftmost first), the upcard and the stock top first."""
    entry = layout(["w1 w2 w3", "b6 b5"], "W3B1", "W2B5 W6B4", dealer=1)
    game = Kokutorum.new(2, {}, 0, [entry])
    assert game.hands == entry["hands"] and game.pile == ["W3B1"]
    assert game.stock[:2] == ["W2B5", "W6B4"] and game.dealer == 1 and game.to_act() == {0}
    events = game.apply(draw(0))
    assert events[1].data == {"card": "W2B5"} and events[1].audience == {0}


def test_the_hand_is_only_ever_reordered_by_inserting_and_discarding() -> None:
    game = game_of(["w1 w2 w3 w4 w5 w6 b1 b2", "b3"], "W3B1", "W2B5", dealer=1)
    before = list(game.hands[0])
    game.apply(draw(0))
    game.apply(insert(0, 3, "B"))
    assert game.hands[0] == [*before[:3], "W2B5/B", *before[3:]]
    game.apply(discard(0, 6))
    assert game.hands[0] == [*before[:3], "W2B5/B", *before[3:5], *before[6:]]
    assert [entry["type"] for entry in game.log] == ["upcard", "draw", "insert", "discard"]


# ---------------------------------------------------------------- the one rotation


def test_rotating_reverses_the_hand_and_turns_every_card() -> None:
    """(2) このときに限り…手札全体を、カードの順番を変えずに、まとめて180度回転: b3 b2 b5
    turned shows w1 w1 w1, a set."""
    game = game_of(["W1B3/B W1B2/B W1B5/B", "b6"], dealer=1)
    before = list(game.hands[0])
    assert deadwood(values(before[:3])) == 10
    events = game.apply(rotate(0))
    assert game.hands[0] == rotated(before)
    assert game.hands[0][-3:] == ["W1B5/W", "W1B2/W", "W1B3/W"]
    assert shown(game, 0)[-3:] == ["w1", "w1", "w1"]
    assert [e.type for e in events] == ["rotated"] and events[0].public
    assert game.view(1)["rotated"] == [True, False]


def test_every_seat_decides_once_before_the_first_draw_and_not_after() -> None:
    game = game_of(["w1", "w2", "w3"], dealer=2)  # seat 0 plays first
    prompts = game.prompts()
    assert prompts[0].kind == "rotate" and prompts[0].required and prompts[0].default == keep(0)
    assert not prompts[1].required and not prompts[1].public and prompts[1].default == keep(1)
    kept = game.apply(keep(1))
    assert kept[0].type == "kept" and kept[0].audience == {1}  # nobody else learns of a keep
    err = refused(game, rotate(1))
    assert err.code == "already_decided"
    game.apply(rotate(2))  # any seat, in any order, before the first draw
    assert sorted(game.prompts()) == [0]
    game.apply(draw(0))  # seat 0 never decided: it keeps its hand as dealt
    for late in (rotate(0), keep(0), rotate(1)):
        assert refused(game, late).code == "rotation_closed"
    assert game.rotation.rotated == [False, False, True]


def test_the_rotation_opens_again_in_the_next_round() -> None:
    game = game_of(["w1", "w2"], dealer=1, seed=4, target=500)
    game.apply(rotate(1))
    game.apply(draw(0))
    game.apply(insert(0, 0))
    game.apply(knock(0))
    assert game.round_no == 2 and game.view(1)["may_rotate"]
    assert game.rotation.decided == [False, False]
    game.apply(rotate(1))
    assert game.rotation.rotated == [False, True]


# ---------------------------------------------------------------- ■ゲームの進行: a turn


def test_drawing_from_the_stock_takes_its_top_card_seen_by_the_drawer_only() -> None:
    game = game_of(["w1", "w2"], "W3B1", "W2B5 W6B4", dealer=1)
    events = game.apply(draw(0, "stock"))
    assert events[0].type == "draw" and events[0].public
    assert events[0].data == {"from": "stock", "left": 12}
    assert events[1].type == "drew_card" and events[1].audience == {0}
    assert game.view(0)["drawn"] == "W2B5" and game.view(1)["drawn"] is None
    assert "W2B5" not in str(game.view(1)) and "W2B5" not in str(game.view(None))
    assert game.stock[0] == "W6B4" and game.pile == ["W3B1"]


def test_drawing_from_the_pile_takes_the_upcard_or_the_last_discard_in_plain_sight() -> None:
    game = game_of(["w1", "w2"], "W3B1", "W2B5", dealer=1)
    events = game.apply(draw(0, "discard"))
    assert events == [events[0]] and events[0].data == {"from": "discard", "card": "W3B1"}
    assert game.pile == [] and len(game.stock) == 13
    game.apply(insert(0, 2, "B"))
    assert game.view(1)["known"][0][2] == "W3B1/B"  # everyone saw where it went
    game.apply(discard(0, 0))
    top = game.pile[-1]
    game.apply(draw(1, "discard"))
    assert game.drawn == top and game.view(0)["log"][-1] == {
        "type": "draw",
        "seat": 1,
        "from": "discard",
        "card": top,
    }


def test_the_documents_insert_example_black_5_upright_between_black_4_and_black_6() -> None:
    """【例】ウォッカは白2黒5のカードを引きました…黒4と黒6の間に差し込みました."""
    game = game_of(["w1 b4 b6 w6 w6 w2 w3 w5", "b1"], stock="W2B5", dealer=1)
    assert deadwood(values(game.hands[0])) == 1 + 4 + 6 + 6 + 6 + 2 + 3 + 5
    game.apply(draw(0))
    game.apply(insert(0, 2, "B"))
    assert game.hands[0][2] == "W2B5/B" and shown(game, 0)[1:4] == ["b4", "b5", "b6"]
    view = game.view(0)
    assert [RUN, 1, 4] in view["melds"] and view["deadwood"] == 1 + 6 + 6 + 2 + 3 + 5
    # the same card white 2 up would be deadwood there
    other = game_of(["w1 b4 b6 w6 w6 w2 w3 w5", "b1"], stock="W2B5", dealer=1)
    other.apply(draw(0))
    other.apply(insert(0, 2, "W"))
    assert other.view(0)["deadwood"] == view["deadwood"] + 4 + 6 + 2


@pytest.mark.parametrize("position", [0, 4, 8])
def test_the_drawn_card_goes_into_any_gap_with_either_end_up(position: int) -> None:
    for upright in "WB":
        game = game_of(["w1", "w2"], stock="W2B5", dealer=1)
        game.apply(draw(0))
        events = game.apply(insert(0, position, upright))
        assert game.hands[0][position] == f"W2B5/{upright}" and len(game.hands[0]) == 9
        public, private = events
        assert public.data == {"position": position, "upright": upright} and public.public
        assert private.data["card"] == f"W2B5/{upright}" and private.audience == {0}


def test_any_card_may_be_discarded_the_drawn_one_too_and_the_turn_passes_left() -> None:
    game = game_of(["w1", "w2", "w3"], stock="W2B5 W6B4 W5B3", dealer=2)
    game.apply(draw(0))
    game.apply(insert(0, 5, "B"))
    events = game.apply(discard(0, 5))  # the card just drawn
    assert events[0].data == {"position": 5, "card": "W2B5"} and events[0].public
    assert game.pile[-1] == "W2B5" and len(game.hands[0]) == 8
    assert game.to_act() == {1}
    turn(game, 1, 0, "W", 3)
    assert game.to_act() == {2}
    turn(game, 2, 8, "B", 0)
    assert game.to_act() == {0} and game.turn == 0


def test_each_step_of_a_turn_comes_in_its_order() -> None:
    game = game_of(["w1", "w2"], dealer=1)
    for wrong in (insert(0, 0), discard(0, 0)):
        err = refused(game, wrong)
        assert err.code == "wrong_phase" and err.params["phase"] == "draw"
    game.apply(draw(0))
    for wrong in (draw(0), discard(0, 0)):
        err = refused(game, wrong)
        assert err.code == "wrong_phase" and err.params["phase"] == "insert"
    game.apply(insert(0, 0))
    for wrong in (draw(0), insert(0, 0)):
        err = refused(game, wrong)
        assert err.code == "wrong_phase" and err.params["phase"] == "discard"
    for wrong in (draw(1), insert(1, 0), discard(1, 0)):
        err = refused(game, wrong)
        assert err.code == "not_your_turn" and err.params == {"seat": 1, "to_act": [0]}


def test_positions_and_ends_are_checked() -> None:
    game = game_of(["w1", "w2"], dealer=1)
    game.apply(draw(0))
    err = refused(game, insert(0, 9))
    assert err.code == "bad_position" and err.params == {"position": 9, "high": 8}
    assert refused(game, insert(0, -1)).code == "bad_position"
    err = refused(game, insert(0, 0, "w"))
    assert err.code == "bad_upright" and err.params == {"upright": "w"}
    game.apply(insert(0, 8))
    err = refused(game, discard(0, 9))
    assert err.code == "bad_position" and err.params == {"position": 9, "high": 8}
    game.apply(discard(0, 8))


# ---------------------------------------------------------------- 【任意アクション：ノックする】


def test_a_knock_before_the_discard_scores_the_nine_cards() -> None:
    """ノック…カードを捨てる前に宣言しても: the hand as it is, nine cards."""
    game = game_of(
        ["w1 w1 w1 w2 w2 w2 w3 w3", "b1 b2 b4 b6 w5 w6 b3 w4"], stock="w3", dealer=1, target=99
    )
    game.apply(draw(0))
    game.apply(insert(0, 8, "W"))
    events = game.apply(knock(0))
    assert [e.type for e in events] == ["knock", "round_over", "deal"]
    assert events[0].data == {"cards": 9}
    entry = last_round(game)
    assert entry["knocker"] == 0 and entry["points"] == [0, 1 + 2 + 4 + 6 + 5 + 6 + 3 + 4]
    assert entry["kind"] == "kokuto" and entry["scores"] == [31 + 5, 0]
    assert game.history[0]["hands"][0][8].endswith("/W") and len(game.history[0]["hands"][0]) == 9


def test_a_knock_after_the_discard_until_the_next_player_draws_scores_eight_cards() -> None:
    """…カードを捨てた後に宣言しても構いません (until the next player draws)."""
    game = game_of([TEN, FIVE, EIGHT], "w6", dealer=2)
    game.apply(draw(0, "discard"))
    game.apply(insert(0, 8))
    game.apply(discard(0, 8))
    assert game.prompts()[0].kind == "knock" and not game.prompts()[0].required
    assert game.legal_actions(0) == [knock(0)]
    game.apply(knock(0))
    assert last_round(game)["points"] == [10, 5, 8]


def test_the_knock_window_closes_when_the_next_player_draws() -> None:
    game = game_of([TEN, FIVE, EIGHT], "w6", dealer=2)
    assert refused(game, knock(0)).code == "knock_not_now"  # before drawing
    game.apply(draw(0, "discard"))
    assert refused(game, knock(0)).code == "knock_not_now"  # before the drawn card is placed
    game.apply(insert(0, 8))
    assert refused(game, knock(1)).code == "knock_not_now"  # only the seat to play
    game.apply(discard(0, 8))
    assert refused(game, knock(1)).code == "knock_not_now"  # the next seat has not drawn
    assert refused(game, knock(2)).code == "knock_not_now"
    game.apply(draw(1))
    err = refused(game, knock(0))
    assert err.code == "knock_not_now" and "next player draws" in err.message
    assert 0 not in game.prompts()


def test_a_knock_ends_the_round_at_once_and_the_next_round_is_dealt() -> None:
    game = game_of([TEN, FIVE, EIGHT], "w6", dealer=2, seed=3)
    stand_pat(game, 0)
    events = game.apply(knock(0))
    assert [e.type for e in events] == ["knock", "round_over", "deal"]
    assert game.round_no == 2 and game.dealer == 0 and game.to_act() == {1}
    assert [len(h) for h in game.hands] == [8, 8, 8] and len(game.stock) == 5


# ---------------------------------------------------------------- ■ラウンドの終了: scoring


def test_the_documents_undercut_example() -> None:
    """【例】ウォッカがノック…ウォッカ10点、ベルモット5点、テキーラ8点…ベルモットが勝利点10点."""
    game = game_of([TEN, FIVE, EIGHT], "w6", dealer=2)
    stand_pat(game, 0)
    game.apply(knock(0))
    assert last_round(game) == {
        "dealer": 2,
        "knocker": 0,
        "kind": "undercut",
        "points": [10, 5, 8],
        "scores": [0, 10, 0],
        "winners": [1],
    }
    assert game.totals == [0, 10, 0]


def test_the_knocker_wins_the_difference_to_the_second_lowest() -> None:
    """ノックしたプレイヤーが勝った場合、2番目に点数が少ないプレイヤーの点数との差額."""
    game = game_of([FIVE, TEN, EIGHT], "w6", dealer=2)
    stand_pat(game, 0)
    game.apply(knock(0))
    entry = last_round(game)
    assert entry["kind"] == "knock" and entry["scores"] == [3, 0, 0] and entry["winners"] == [0]


def test_kokuto_the_knocker_at_zero_adds_five() -> None:
    """ノックしたプレイヤーの点数が0点の場合、コクトー…差額に加え、コクトーボーナス5点."""
    zero = "w1 w1 w1 b1 b1 b1 b1 b1"
    game = game_of([FIVE, zero], "w6", dealer=0)
    stand_pat(game, 1)
    game.apply(knock(1))
    entry = last_round(game)
    assert entry["points"] == [5, 0]
    assert entry["kind"] == "kokuto" and entry["scores"] == [0, 5 + 5] and entry["winners"] == [1]


def test_the_stock_running_out_gives_five_to_every_lowest_seat() -> None:
    """山札が尽きて…最も少ない点数のプレイヤーが、勝利点5点…複数いる場合、その全員が."""
    game = game_of([FIVE, FIVE_TOO, TEN], "w6", dealer=2)
    for seat in (0, 1, 2, 0, 1):
        turn(game, seat, 8, "W", 8)  # five stock cards, each discarded at once
    entry = last_round(game)
    assert entry["knocker"] is None and entry["kind"] == "stock"
    assert entry["points"] == [5, 5, 10] and entry["scores"] == [5, 5, 0]
    assert entry["winners"] == [0, 1]


@pytest.mark.parametrize(
    ("points", "knocker", "kind", "scores", "winners"),
    [
        # two seats
        ([4, 9], 0, "knock", [5, 0], [0]),
        ([0, 9], 0, "kokuto", [14, 0], [0]),
        ([9, 4], 0, "undercut", [0, 10], [1]),
        ([4, 4], 0, "knock", [0, 0], [0]),  # a tie is no undercut
        ([0, 0], 1, "kokuto", [0, 5], [1]),  # tied at zero: kokuto, nothing but the bonus
        ([7, 3], None, "stock", [0, 5], [1]),
        ([3, 3], None, "stock", [5, 5], [0, 1]),
        # three seats
        ([6, 9, 12], 0, "knock", [3, 0, 0], [0]),
        ([6, 4, 4], 0, "undercut", [0, 7, 7], [1, 2]),  # RULINGS: both undercutting seats score
        ([6, 4, 5], 0, "undercut", [0, 7, 0], [1]),  # only the lowest undercuts
        ([6, 6, 2], 1, "undercut", [0, 0, 9], [2]),
        ([4, 9, 4], 2, "knock", [0, 0, 0], [2]),  # the knocker tied with the lowest
        ([0, 3, 8], 0, "kokuto", [8, 0, 0], [0]),
        ([2, 2, 2], None, "stock", [5, 5, 5], [0, 1, 2]),
    ],
)
def test_round_scores(
    points: list[int], knocker: int | None, kind: str, scores: list[int], winners: list[int]
) -> None:
    assert score_round(points, knocker) == (kind, scores, winners)


def test_only_upright_numbers_count() -> None:
    """■カードの見方: 正位置で見えている数字だけが有効."""
    hand = ["W1B6/W", "W2B6/W", "W3B6/W"]
    assert deadwood(values(hand)) == 0
    assert deadwood(values(["W1B6/B", "W2B6/W", "W3B6/W"])) == 6 + 2 + 3
    assert value("W1B6/B") == 6 + 8


def test_the_points_shown_at_the_end_are_the_least_over_adjacent_melds() -> None:
    """■メルド: w1 w2 w3 w3 w3 keeps the set of threes (deadwood 3), not the run (6)."""
    game = game_of([FIVE, "w1 w2 w3 w3 w3 b6 b6 b6"], "w6", dealer=0)
    stand_pat(game, 1)
    game.apply(knock(1))
    entry = game.history[-1]
    assert entry["points"] == [5, 3] and entry["kind"] == "knock" and entry["scores"] == [0, 2]
    assert entry["melds"][1] == [[SET, 2, 5], [SET, 5, 8]]


# ---------------------------------------------------------------- 【山札が尽きたとき】


def test_the_drawer_of_the_last_card_plays_the_turn_out_then_the_round_ends() -> None:
    game = game_of([FIVE, FIVE_TOO, TEN], "w6", dealer=2, seed=1)
    for seat in (0, 1, 2, 0):
        turn(game, seat, 8, "W", 8)
    game.apply(draw(1))
    assert game.last_card and game.view(None)["stock_count"] == 0
    game.apply(insert(1, 0, "B"))
    assert game.prompts()[1].kind == "discard"
    events = game.apply(discard(1, 0))
    assert [e.type for e in events] == ["discard", "round_over", "deal"]
    assert game.round_no == 2 and refused(game, knock(1)).code == "knock_not_now"


def test_the_drawer_of_the_last_card_may_knock_before_its_discard() -> None:
    game = game_of([FIVE, TEN, EIGHT], "w6", dealer=2)
    for seat in (0, 1, 2, 0):
        turn(game, seat, 8, "W", 8)
    game.apply(draw(1))
    game.apply(insert(1, 8))
    assert game.last_card and knock(1) in game.legal_actions(1)
    game.apply(knock(1))
    entry = last_round(game)
    assert entry["knocker"] == 1 and entry["kind"] == "undercut"
    assert entry["points"][0] == 5 and entry["scores"][0] == entry["points"][1] - 5 + 5


def test_draws_from_the_pile_do_not_run_the_stock_down() -> None:
    game = game_of([FIVE, TEN, EIGHT], "w6", dealer=2)
    for _ in range(6):
        for seat in (0, 1, 2):
            stand_pat(game, seat)
    assert len(game.stock) == 5 and game.round_no == 1


# ---------------------------------------------------------------- rounds, dealers, the end


def test_the_deal_passes_left_and_the_dealers_left_plays_first_each_round() -> None:
    game = game_of([TEN, FIVE, EIGHT], "w6", dealer=1, seed=9, target=500)
    dealers = []
    for _ in range(4):
        dealers.append(game.dealer)
        assert game.to_act() == {(game.dealer + 1) % 3}
        seat = game.turn
        game.apply(draw(seat))
        game.apply(insert(seat, 0))
        game.apply(knock(seat))
        if game.is_over():
            break
    assert dealers[:3] == [1, 2, 0]
    assert [r["dealer"] for r in game.rounds()] == dealers[: len(game.rounds())]


def test_later_rounds_take_the_next_deal_entry_then_the_seed() -> None:
    second = layout(["w2", "w3"], "W3B1", "W2B5", dealer=None)
    game = game_of([TEN, FIVE], "w6", dealer=0, seed=2, target=500, more=[second])
    stand_pat(game, 1)
    game.apply(knock(1))
    assert game.hands == second["hands"] and game.pile == ["W3B1"] and game.dealer == 1
    game.apply(draw(0))
    game.apply(insert(0, 0))
    game.apply(knock(0))
    assert game.round_no == 3 and game.dealer == 0
    cards = shuffled(2, 3)  # round 3: the seed's shuffle for round 3, dealt from seat 1
    assert game.hands == [cards[1:16:2], cards[0:16:2]]
    assert game.upcard == base(cards[16]) and game.stock == [base(c) for c in cards[17:]]


def test_the_game_ends_once_a_total_reaches_the_target() -> None:
    """(3) 勝利点が30点に到達したプレイヤーが現れたら…ゲームは終了."""
    game = game_of([TEN, FIVE, EIGHT], "w6", dealer=2, target=10)
    assert game.result() is None
    stand_pat(game, 0)
    events = game.apply(knock(0))
    assert [e.type for e in events] == ["knock", "round_over", "game_over"]
    assert game.is_over() and game.to_act() == frozenset() and game.prompts() == {}
    summary = {"rounds": [last_round(game)], "totals": [0, 10, 0], "over": True, "winners": [1]}
    assert game.result() == game.summary() == summary
    assert refused(game, draw(1)).code == "game_over"
    assert game.legal_actions(1) == []


def test_below_the_target_the_game_goes_on() -> None:
    game = game_of([TEN, FIVE, EIGHT], "w6", dealer=2, target=11, seed=5)
    stand_pat(game, 0)
    game.apply(knock(0))
    assert not game.is_over() and game.result() is None
    assert game.summary() == {
        "rounds": [last_round(game)],
        "totals": [0, 10, 0],
        "over": False,
        "winners": [],
    }


def test_several_seats_reaching_the_target_at_once_the_highest_wins_or_they_share() -> None:
    """複数のプレイヤーが同時に30点に到達した場合、その中で最も勝利点が高いプレイヤー…
    最も勝利点が高いプレイヤーが複数いる場合、勝利を分かち合います."""
    # round 1: seat 1 knocks with 5 against 6 and 10: scores 1. round 2: the stock runs out
    # with seats 0 and 1 lowest: 5 each, both reach 5, seat 1 is higher.
    six = "w5 w5 w5 b5 b5 b5 w2 w4"
    second = layout([FIVE, FIVE_TOO, TEN], "w6", dealer=None)
    game = game_of([six, FIVE, TEN], "w6", dealer=0, target=5, more=[second])
    stand_pat(game, 1)
    game.apply(knock(1))
    assert last_round(game)["scores"] == [0, 1, 0] and game.dealer == 1
    for seat in (2, 0, 1, 2, 0):
        turn(game, seat, 8, "W", 8)
    assert game.is_over() and game.totals == [5, 6, 0] and game.summary()["winners"] == [1]
    shared = game_of([FIVE, FIVE_TOO, TEN], "w6", dealer=2, target=5)
    for seat in (0, 1, 2, 0, 1):
        turn(shared, seat, 8, "W", 8)
    assert shared.is_over() and shared.summary()["winners"] == [0, 1]


def test_the_target_is_an_option_30_by_default() -> None:
    assert Kokutorum.new(2, {}, 0).target == 30
    assert Kokutorum.new(2, {"target": 7}, 0).target == 7
    for options, code in [
        ({"target": 0}, "bad_option"),
        ({"target": "30"}, "bad_option"),
        ({"rounds": 3}, "unknown_option"),
    ]:
        with pytest.raises(RecordError) as err:
            Kokutorum.new(2, options, 0)
        assert err.value.code == code
    for seats in (1, 4):
        with pytest.raises(RecordError) as err:
            Kokutorum.new(seats, {}, 0)
        assert err.value.code == "bad_seats"


# ---------------------------------------------------------------- what each seat sees


def test_a_seat_sees_its_own_hand_only_and_the_table_sees_no_hand() -> None:
    game = game_of(["w1 w1 w1 b6 w5 b6 w5 b6", "b2 b2 b2"], "W3B1", dealer=1)
    mine, theirs, table = game.view(0), game.view(1), game.view(None)
    assert mine["hand"] == game.hands[0] and theirs["hand"] == game.hands[1]
    assert "hand" not in table and "deadwood" not in table
    for card in game.hands[1]:
        assert base(card) not in str(mine)
    assert mine["hand_counts"] == [8, 8] and mine["pile"] == ["W3B1"]
    assert mine["melds"] == [[SET, 0, 3]] and mine["deadwood"] == deadwood(values(game.hands[0]))


def test_the_hands_are_shown_once_the_round_ends() -> None:
    game = game_of([TEN, FIVE, EIGHT], "w6", dealer=2, seed=5)
    stand_pat(game, 0)
    game.apply(knock(0))
    shown_round = game.view(2)["last_round"]
    assert shown_round is not None and len(shown_round["hands"]) == 3
    assert [deadwood(values(h)) for h in shown_round["hands"]] == [10, 5, 8]


def test_the_state_round_trips_through_json() -> None:
    game = game_of([TEN, FIVE, EIGHT], "w6", "W2B5", dealer=2)
    game.apply(rotate(2))
    game.apply(draw(0))
    game.apply(insert(0, 3, "B"))
    copy = Kokutorum.from_json(game.to_json())
    assert copy.to_json() == game.to_json()
    assert copy.view(0) == game.view(0) and copy.prompts() == game.prompts()
