"""The shared two-number module: the deck, upright ends, rotation, adjacency, melds, deadwood,
and what a round of either game shares (deals, options, the rotation, dealers).

The document's card reading (■カードの見方): only the number seen upright from the player's
side counts. Melds (■メルド) are cards next to each other in the hand: a set is 3+ of one
colour and one number, a run 3+ of one colour in consecutive numbers, up or down; a card in
between breaks either. Deadwood is checked against a brute force over every way to cut a hand
into consecutive blocks, written from colours and numbers only.
"""

from __future__ import annotations

import random
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.actions import Action
from engines.errors import IllegalAction, RecordError
from engines.two_number import cards
from engines.two_number.cards import (
    DECK,
    HELD,
    colour,
    ends,
    hold,
    label,
    number,
    rotated,
    turn,
    value,
    value_of,
    values,
)
from engines.two_number.melds import (
    RUN,
    SET,
    deadwood,
    deadwood_less_one,
    is_koutsu,
    is_pair,
    is_shuntsu,
    meld_kind,
    partition,
)
from engines.two_number.table import (
    Rotation,
    first_dealer,
    only_fields,
    position_of,
    positive_int_option,
    read_deals,
    shuffled,
    upright_of_action,
    winners_of,
)


def vs(text: str) -> tuple[int, ...]:
    """Values from `w2 b5 ...` (white 2, black 5)."""
    return tuple(cards.make_value(t[0].upper(), int(t[1])) for t in text.split())


# ---------------------------------------------------------------- the deck


def test_the_deck_is_the_30_cards_white_n_black_m_with_n_and_m_different() -> None:
    assert len(DECK) == len(set(DECK)) == 30
    pairs = {(int(c[1]), int(c[3])) for c in DECK}
    assert pairs == {(w, b) for w in range(1, 7) for b in range(1, 7) if w != b}
    # every colour and number shows on five cards
    for shown in cards.VALUES:
        assert sum(shown in ends(c) for c in DECK) == 5
    assert len(HELD) == 60


def test_a_held_card_counts_only_its_upright_end() -> None:
    assert value("W2B5/W") == value_of("W2B5", "W") == 2
    assert colour(value("W2B5/W")) == "W" and number(value("W2B5/W")) == 2
    assert colour(value("W2B5/B")) == "B" and number(value("W2B5/B")) == 5
    assert hold("W2B5", "B") == "W2B5/B" and cards.base("W2B5/B") == "W2B5"
    assert cards.upright_of("W2B5/B") == "B"
    assert label("W2B5/B") == "●5/○2" and cards.value_label(value("W2B5/B")) == "●5"
    assert cards.is_card("W2B5") and not cards.is_card("W2B5/W") and not cards.is_card("W3B3")
    assert cards.is_held("W2B5/W") and not cards.is_held("W2B5") and not cards.is_held(7)


def test_values_of_one_colour_only_are_one_apart_or_equal() -> None:
    """What the meld arithmetic rests on: white 6 and black 1 are never neighbours."""
    for a, b in product(cards.VALUES, repeat=2):
        near = -1 <= a - b <= 1
        assert near == (colour(a) == colour(b) and abs(number(a) - number(b)) <= 1)


def test_turning_a_card_shows_its_other_end() -> None:
    for card in DECK:
        for up in "WB":
            held = hold(card, up)
            assert turn(turn(held)) == held
            assert {value(held), value(turn(held))} == set(ends(card))


def test_rotating_the_hand_reverses_its_order_and_turns_every_card() -> None:
    hand = ["W1B2/W", "W3B4/B", "W5B6/W"]
    assert rotated(hand) == ["W5B6/B", "W3B4/W", "W1B2/B"]
    assert rotated(rotated(hand)) == hand
    assert values(rotated(hand)) == (6 + 8, 3, 2 + 8)


# ---------------------------------------------------------------- melds


def is_meld(block: tuple[int, ...]) -> bool:
    """The document's set or run, from colours and numbers."""
    if len(block) < 3 or len({colour(v) for v in block}) > 1:
        return False
    nums = [number(v) for v in block]
    same = len(set(nums)) == 1
    up = nums == list(range(nums[0], nums[0] + len(nums)))
    down = nums == list(range(nums[0], nums[0] - len(nums), -1))
    return same or up or down


def least_deadwood(shown: tuple[int, ...]) -> int:
    """The least deadwood from the left: the first card is deadwood, or starts a meld."""
    if not shown:
        return 0
    best = number(shown[0]) + least_deadwood(shown[1:])
    for end in range(3, len(shown) + 1):
        if is_meld(shown[:end]):
            best = min(best, least_deadwood(shown[end:]))
    return best


def brute_deadwood(shown: tuple[int, ...]) -> int:
    """The least deadwood by cutting the hand every possible way into consecutive blocks; a
    block is a meld (free) or all deadwood."""
    n = len(shown)
    best = sum(number(v) for v in shown)
    for cuts in product((False, True), repeat=max(0, n - 1)):
        points, start = 0, 0
        for i in range(1, n + 1):
            if i == n or cuts[i - 1]:
                block = shown[start:i]
                points += 0 if is_meld(block) else sum(number(v) for v in block)
                start = i
        best = min(best, points)
    return best


def test_the_documents_example_leaves_white_1_and_black_1() -> None:
    """【例】白2白2白2白1黒2黒3黒4黒1: 白1 and 黒1 are left, 2 points."""
    hand = vs("w2 w2 w2 w1 b2 b3 b4 b1")
    assert deadwood(hand) == 2
    points, melds = partition(hand)
    assert points == 2
    assert [(m.kind, m.start, m.end) for m in melds] == [(SET, 0, 3), (RUN, 4, 7)]


@pytest.mark.parametrize(
    ("hand", "points"),
    [
        ("w3 w3 w3", 0),  # スリーカード
        ("w3 w3 w3 w3", 0),  # フォーカード
        ("w3 w3 w3 w3 w3", 0),  # ファイブカード
        ("w3 w3 b1 w3", 10),  # a card between: no set
        ("w3 w3 b3", 9),  # two colours: no set
        ("w1 w2 w3", 0),  # a run up
        ("b6 b5 b4 b3", 0),  # a run down
        ("w1 w3 w2", 6),  # not in order: no run
        ("w1 w2 b3", 6),  # two colours: no run
        ("w1 w2 w2 w3", 8),  # a repeat breaks a run
        ("w1 w2 w3 w2 w1", 0 + 3),  # up then down: one of the two runs, the rest deadwood
        ("w1 w2", 3),  # two cards are no meld
        ("w6 b1", 7),  # white 6 and black 1 are not consecutive
    ],
)
def test_sets_and_runs_are_adjacent_cards_of_one_colour(hand: str, points: int) -> None:
    assert deadwood(vs(hand)) == points == brute_deadwood(vs(hand))


def test_the_least_deadwood_is_taken_over_every_partition() -> None:
    # greedy, the run 1-2-3 first, leaves 3 3 (6); the set of threes leaves 1 2 (3)
    assert deadwood(vs("w1 w2 w3 w3 w3")) == 3
    points, melds = partition(vs("w1 w2 w3 w3 w3"))
    assert points == 3 and [(m.kind, m.start, m.end) for m in melds] == [(SET, 2, 5)]
    # a long run can give its end to a set
    assert deadwood(vs("b3 b4 b5 b6 b6 b6 w1")) == 1
    assert deadwood(vs("b4 b5 b6 b6 b6 w1")) == 4 + 5 + 1


def test_meld_kinds() -> None:
    assert meld_kind(vs("w4 w4 w4")) == SET
    assert meld_kind(vs("b4 b3 b2")) == RUN
    assert meld_kind(vs("b4 b3")) is None
    assert meld_kind(vs("b4 b3 b3")) is None


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(cards.VALUES), min_size=0, max_size=9))
def test_deadwood_is_the_brute_force_least_and_partition_agrees(hand: list[int]) -> None:
    shown = tuple(hand)
    assert deadwood(shown) == brute_deadwood(shown) == least_deadwood(shown)
    points, melds = partition(shown)
    assert points == deadwood(shown)
    covered = set()
    for m in melds:
        assert meld_kind(shown[m.start : m.end]) == m.kind
        covered |= set(range(m.start, m.end))
    assert points == sum(number(shown[i]) for i in range(len(shown)) if i not in covered)


def test_random_nine_card_hands_of_real_cards_match_the_brute_force() -> None:
    rng = random.Random(7)
    for _ in range(500):
        hand = [hold(c, rng.choice("WB")) for c in rng.sample(DECK, 9)]
        assert deadwood(values(hand)) == brute_deadwood(values(hand))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(cards.VALUES), min_size=1, max_size=9))
def test_deadwood_less_one_is_a_deadwood_of_the_hand_less_one_card(hand: list[int]) -> None:
    """The CPU's quick bound: what some hand with one card let go scores, never below the best
    such hand; a deadwood card let go lowers it; a hand all in melds gives up its best card."""
    shown = tuple(hand)
    found = deadwood_less_one(shown)
    less = [brute_deadwood(shown[:q] + shown[q + 1 :]) for q in range(len(shown))]
    assert min(less) <= found
    if deadwood(shown):
        assert found < deadwood(shown)
    else:
        assert found == min(less)


def test_shirokuro_shapes_are_three_adjacent_and_pairs() -> None:
    assert is_koutsu(vs("b2 b2 b2")) and not is_koutsu(vs("b2 b2 w2"))
    assert is_shuntsu(vs("w4 w5 w6")) and is_shuntsu(vs("w6 w5 w4"))
    assert not is_shuntsu(vs("w4 w5 w5")) and not is_shuntsu(vs("w5 w6 b1"))
    assert is_pair(vs("w1 w1")) and not is_pair(vs("w1 b1"))


# ---------------------------------------------------------------- a round's common ground


def entry(**over: object) -> dict:
    rng = random.Random(3)
    cards_ = list(DECK)
    rng.shuffle(cards_)
    base = {
        "dealer": 0,
        "hands": [[hold(c, "W") for c in cards_[:8]], [hold(c, "B") for c in cards_[8:16]]],
        "upcard": cards_[16],
        "stock": cards_[17:],
    }
    return {**base, **over}


def read(deals: object, seats: int = 2) -> list:
    return read_deals(deals, seats, "kokutorum", "upcard", lambda d: [8] * seats)


def test_a_deal_entry_is_read_as_given() -> None:
    (layout,) = read([entry()])
    assert layout.dealer == 0 and len(layout.hands) == 2 and layout.face == entry()["upcard"]
    assert layout.to_json("upcard") == entry()
    assert read(None) == []


@pytest.mark.parametrize(
    ("deals", "says"),
    [
        ([], "takes"),
        ("x", "takes"),
        ([entry(extra=1)], "unknown key 'extra'"),
        ([{k: v for k, v in entry().items() if k != "dealer"}], "needs its 'dealer'"),
        ([entry(dealer=2)], "'dealer' must be a seat 0..1"),
        ([entry(dealer=True)], "'dealer' must be a seat"),
        ([entry(), entry(dealer=0)], "the dealer of round 2 is seat 1"),
        ([entry(hands=[[]])], "'hands' must hold 2 lists"),
        ([entry(hands=[entry()["hands"][0][:7], entry()["hands"][1]])], "seat 0 must be dealt 8"),
        ([entry(hands=[["W1B2"] * 8, entry()["hands"][1]])], "is not a held card"),
        ([entry(upcard="W1B2/W")], "'upcard' must be a card"),
        ([entry(stock=["W1B2/W"])], "'stock' must list cards"),
        ([entry(stock=entry()["stock"][:-1])], "missing"),
        ([entry(stock=[*entry()["stock"], entry()["upcard"]])], "repeated"),
    ],
)
def test_a_malformed_deal_says_what_is_wrong(deals: object, says: str) -> None:
    with pytest.raises(RecordError) as refused:
        read(deals)
    assert refused.value.code == "bad_deal" and says in refused.value.message


def test_a_later_entry_may_omit_its_dealer_or_give_the_right_one() -> None:
    given = read([entry(), entry(dealer=1), entry(dealer=0)])
    assert [lay.dealer for lay in given] == [0, 1, 0]
    omitted = read([entry(), {k: v for k, v in entry().items() if k != "dealer"}])
    assert [lay.dealer for lay in omitted] == [0, None]


def test_the_seed_draws_the_first_dealer_and_deals_random_ends() -> None:
    assert {first_dealer(seed, 3) for seed in range(60)} == {0, 1, 2}
    deck = shuffled(5, 1)
    assert sorted(cards.base(c) for c in deck) == sorted(DECK)
    assert shuffled(5, 1) == deck and shuffled(5, 2) != deck
    ups = [cards.upright_of(c) for seed in range(10) for c in shuffled(seed, 1)]
    assert 100 < ups.count("W") < 200


def test_the_only_option_is_a_positive_integer() -> None:
    assert positive_int_option(None, "target", 30) == 30
    assert positive_int_option({"target": 7}, "target", 30) == 7
    for bad in (0, -3, "30", True, 1.5):
        with pytest.raises(RecordError) as refused:
            positive_int_option({"target": bad}, "target", 30)
        assert refused.value.code == "bad_option" and refused.value.params == {"option": "target"}
    with pytest.raises(RecordError) as refused:
        positive_int_option({"goal": 3}, "target", 30)
    assert refused.value.code == "unknown_option"


def test_action_fields_are_checked() -> None:
    with pytest.raises(IllegalAction) as refused:
        only_fields(Action.make(0, "draw", **{"from": "stock", "card": "W1B2"}), "from")
    assert refused.value.code == "malformed_action" and refused.value.params == {"field": "card"}
    with pytest.raises(IllegalAction) as refused:
        only_fields(Action.make(0, "insert", position=1), "position", "upright")
    assert refused.value.params == {"field": "upright"}
    assert position_of(Action.make(0, "discard", position=8), 8) == 8
    with pytest.raises(IllegalAction) as refused:
        position_of(Action.make(0, "discard", position=9), 8)
    assert refused.value.code == "bad_position" and refused.value.params == {
        "position": 9,
        "high": 8,
    }
    for bad in ("1", True, None):
        with pytest.raises(IllegalAction) as refused:
            position_of(Action.make(0, "discard", position=bad), 8)
        assert refused.value.code == "malformed_action"
    assert upright_of_action(Action.make(0, "insert", upright="B")) == "B"
    with pytest.raises(IllegalAction) as refused:
        upright_of_action(Action.make(0, "insert", upright="w"))
    assert refused.value.code == "bad_upright"


def test_the_rotation_is_decided_once_per_seat_until_it_closes() -> None:
    rotation = Rotation(2)
    hands = [["W1B2/W", "W3B4/B"], ["W5B6/W"]]
    rotation.check(Action.make(0, "rotate"))
    events = rotation.apply(Action.make(0, "rotate"), hands)
    assert hands[0] == ["W3B4/W", "W1B2/B"] and events[0].type == "rotated" and events[0].public
    with pytest.raises(IllegalAction) as refused:
        rotation.check(Action.make(0, "keep"))
    assert refused.value.code == "already_decided"
    assert rotation.undecided() == [1]
    events = rotation.apply(Action.make(1, "keep"), hands)
    assert hands[1] == ["W5B6/W"] and events[0].audience == {1}
    assert Rotation.from_json(rotation.to_json()).to_json() == rotation.to_json()
    late = Rotation(2)
    late.closed = True
    assert late.undecided() == []
    with pytest.raises(IllegalAction) as refused:
        late.check(Action.make(1, "rotate"))
    assert refused.value.code == "rotation_closed"


def test_the_highest_totals_win_and_ties_share() -> None:
    assert winners_of([3, 31, 12]) == [1]
    assert winners_of([31, 31, 12]) == [0, 1]
