"""Kokutorum's CPU players: what each level does in positions whose best answer is plain, the
duties every level keeps, and how long a decision takes.

Positions are small explicit deals (`kokutorum_helpers`); a CPU is asked through the same
`Decision` the tables give it, built from its seat's view only.
"""

from __future__ import annotations

import random

import pytest

from engines.actions import Action
from engines.cpu import LEVELS, cpu_chooser
from engines.kokutorum import GAME, Kokutorum
from engines.kokutorum.cpu import player
from engines.players import Decision, Hint
from engines.two_number.cards import values
from engines.two_number.melds import deadwood
from tests.engines.kokutorum_helpers import (
    discard,
    draw,
    game_of,
    insert,
    keep,
    knock,
    rotate,
    with_history,
)


def ask(game: Kokutorum, seat: int, level: str, seed: int = 0) -> Hint:
    prompt = game.prompts()[seat]
    decision = Decision(game.view(seat), prompt, random.Random(seed), game.accepts)
    hint = player(level).explain(decision)
    assert hint.action is None or game.accepts(hint.action)
    return hint


def act(game: Kokutorum, seat: int, level: str, seed: int = 0) -> Action | None:
    return ask(game, seat, level, seed).action


EXAMPLE = "w1 b4 b6 w6 w6 w2 w3 w5"
"""The document's insert example: black 4 and black 6 side by side, white 2 / black 5 drawn."""
PILE_HAND = "w1 w2 b1 b1 b6 b6 w6 w6"
"""White 3 completes a run; white 4 / black 3 fits nothing."""


# ---------------------------------------------------------------- placing and discarding


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_drawn_card_completes_a_run_where_it_fits(level: str) -> None:
    game = game_of([EXAMPLE, "b1"], stock="W2B5", dealer=1)
    game.apply(draw(0))
    hint = ask(game, 0, level)
    assert hint.action == insert(0, 2, "B") and hint.reason == "insert_meld"


def test_the_easy_player_is_careless_now_and_then_but_never_far_off() -> None:
    """The best play keeps 17 points (black 5 in the run, white 6 let go); easy takes it most
    of the time, and otherwise a play at most 3 points worse at each of its two steps."""
    kept = []
    for seed in range(60):
        game = game_of([EXAMPLE, "b1"], stock="W2B5", dealer=1)
        game.apply(draw(0))
        for _ in range(2):
            game.apply(act(game, 0, "easy", seed) or keep(0))
        kept.append(deadwood(values(game.hands[0])))
    assert min(kept) == 17 and max(kept) <= 17 + 6
    assert 30 <= kept.count(17) < 60


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_discard_is_the_card_that_leaves_the_least_deadwood(level: str) -> None:
    game = game_of(["w2 w2 w2 b3 b3 b3 b5 w6", "b1"], stock="b5", dealer=1)
    game.apply(draw(0))
    game.apply(insert(0, 7, "B"))  # b5 b5 side by side, w6 alone at the end
    hint = ask(game, 0, level)
    assert hint.action == discard(0, 8)


@pytest.mark.parametrize("level", LEVELS)
def test_a_cpu_takes_the_pile_when_its_top_completes_a_meld(level: str) -> None:
    game = game_of([PILE_HAND, "b1"], "W3B5", dealer=1)
    game.apply(keep(0))
    hint = ask(game, 0, level)
    assert hint.action == draw(0, "discard")
    game.apply(draw(0, "discard"))
    game.apply(act(game, 0, level) or keep(0))
    assert game.hands[0][2] == "W3B5/W"  # w1 w2 w3


@pytest.mark.parametrize("level", LEVELS)
def test_a_cpu_draws_from_the_stock_when_the_pile_does_not_help(level: str) -> None:
    game = game_of([PILE_HAND, "b1"], "W4B3", dealer=1)
    game.apply(keep(0))
    assert act(game, 0, level) == draw(0, "stock")


@pytest.mark.parametrize("level", LEVELS)
def test_a_card_taken_from_the_pile_always_lowers_the_deadwood(level: str) -> None:
    """Taking the pile and giving it back would let CPU rounds go on for ever."""
    for seed in range(30):
        game = Kokutorum.new(2, {}, seed)
        game.apply(keep(game.turn))
        seat = game.turn
        before = deadwood(values(game.hands[seat]))
        game.apply(draw(seat, "discard"))
        game.apply(act(game, seat, level, seed) or keep(seat))
        game.apply(act(game, seat, level, seed) or keep(seat))
        if not game.history:
            assert deadwood(values(game.hands[seat])) < before or before == 0


# ---------------------------------------------------------------- knocking


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_knocks_at_zero(level: str) -> None:
    game = game_of(["w1 w1 w1 w2 w2 w2 w3 w3", "b1 b2 b4 b6 w5 w6 b3 w4"], stock="w3", dealer=1)
    game.apply(draw(0))
    game.apply(insert(0, 8))
    assert act(game, 0, level) == knock(0)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_knocks_in_the_window_after_a_discard_to_zero(level: str) -> None:
    game = game_of(["w1 w1 w1 w1 w2 w2 w2 w2", "b1 b2 b4 b6 w5 w6 b3 w4"], stock="b5", dealer=1)
    game.apply(draw(0))
    game.apply(insert(0, 8, "B"))
    game.apply(discard(0, 8))
    assert game.prompts()[0].kind == "knock"
    assert act(game, 0, level) == knock(0)


def in_the_window(hand: str) -> Kokutorum:
    """Seat 0 after its first turn, its hand as dealt: may it knock?"""
    game = game_of([hand, "b2 b3 w5 w4 b6 b5 w3 w2"], "W5B4", dealer=1)
    game.apply(draw(0, "discard"))
    game.apply(insert(0, 8))
    game.apply(discard(0, 8))
    return game


@pytest.mark.parametrize(
    ("hand", "points", "knocks"),
    [
        ("w1 w1 w1 b1 b1 b1 w2 w2", 4, {"easy": False, "normal": True, "hard": True}),
        ("w1 w1 w1 b1 b1 b1 w2 w1", 3, {"easy": True, "normal": True, "hard": True}),
        ("w1 w1 w1 b1 b1 b1 w6 w6", 12, {"easy": False, "normal": True, "hard": True}),
        ("w1 w1 w1 b1 b1 b1 b6 w6", 12, {"easy": False, "normal": True, "hard": True}),
        ("w1 w1 w1 w6 w6 b5 b5 w4", 26, {"easy": False, "normal": False}),
    ],
)
def test_the_levels_knock_at_their_own_thresholds(
    hand: str, points: int, knocks: dict[str, bool]
) -> None:
    """Easy knocks only at 3 or fewer, normal at 14 or fewer; hard weighs the chance of an
    undercut against what waiting may bring."""
    for level, wanted in knocks.items():
        game = in_the_window(hand)
        assert deadwood(values(game.hands[0])) == points
        assert (act(game, 0, level) == knock(0)) == wanted, level


def test_hard_waits_when_the_others_are_likely_lower() -> None:
    """At its first turn the others hold about 24 points: 20 is worth a knock for hard. Once
    they have drawn four times they hold about 12: the same 20 would be undercut, so it waits."""
    game = in_the_window("w1 w1 w1 w6 b6 w4 b2 w2")
    assert deadwood(values(game.hands[0])) == 20
    assert act(game, 0, "hard") == knock(0)
    view = dict(game.view(0))
    view["log"] = [*view["log"], *[{"type": "draw", "seat": 1, "from": "stock"}] * 4]
    late = Decision(view, game.prompts()[0], random.Random(0), game.accepts)
    assert player("hard").decide(late) is None
    assert act(game, 0, "normal") is None  # normal never knocks above 14


AT_ONCE = [(1, [24, 23], [0, 1]), (1, [20, 26], [1, 1])]
"""Earlier rounds in which seat 1 knocked on its first turn with 23 and 26 points."""
PATIENT = [(1, [9, 3], [4, 4]), (0, [6, 12], [3, 3])]
"""Earlier rounds in which seat 1 let three windows pass and knocked at 3 on its fourth turn,
then let three pass at 12 or more."""


def test_hard_knocks_first_against_a_seat_that_knocks_at_once_and_waits_for_a_patient_one() -> None:
    """25 points after its first turn: against a seat seen to knock on its first turn with
    anything, waiting means meeting its knock a turn lower, so hard knocks now (and says so);
    against a seat seen to knock only low and late, it has time to draw again."""
    game = in_the_window("w1 w1 w1 w6 w6 b5 b4 w4")
    assert deadwood(values(game.hands[0])) == 25
    prompt = game.prompts()[0]
    fast = Decision(with_history(game.view(0), AT_ONCE), prompt, random.Random(0), game.accepts)
    slow = Decision(with_history(game.view(0), PATIENT), prompt, random.Random(0), game.accepts)
    assert player("hard").decide(slow) is None
    first = player("hard").explain(fast)
    assert first.action == knock(0) and first.reason == "knock_first"


def test_hard_keeps_the_lower_hand_against_a_first_player_that_knocks_at_once() -> None:
    """Seat 0 deals (seat 1 plays first); turned, its hand has 27 points instead of 24 but
    better draws to come. Against a seat that knocks on its first turn it will never draw:
    it keeps the 24; against a patient one it turns for the draws."""
    game = Kokutorum.new(2, {}, 6)
    assert game.dealer == 0 and deadwood(values(game.hands[0])) == 24
    prompt = game.prompts()[0]
    for history, wanted in ((AT_ONCE, keep(0)), (PATIENT, rotate(0))):
        view = with_history(game.view(0), history)
        found = player("hard").explain(Decision(view, prompt, random.Random(0), game.accepts))
        assert found.action == wanted
    assert found.reason == "rotate_chances" and found.params == {"points": 27, "before": 24}


# ---------------------------------------------------------------- the rotation


def test_normal_and_hard_rotate_when_the_turned_hand_is_better_easy_keeps() -> None:
    for level, wanted in (("easy", keep(0)), ("normal", rotate(0)), ("hard", rotate(0))):
        game = game_of(["W1B3/B W1B2/B W1B5/B b6 b6 w6 w6 b2", "b1"], dealer=1)
        assert act(game, 0, level) == wanted, level
    # w1 w1 w1 w1 b6 b6 b6 b6 (0 points) turned is w5 w3 w4 w2 b5 b3 b4 b2 (28 points)
    worse = "W1B2/W W1B4/W W1B3/W W1B5/W W2B6/B W4B6/B W3B6/B W5B6/B"
    for level in LEVELS:
        assert act(game_of([worse, "b1"], dealer=1), 0, level) == keep(0), level


# ---------------------------------------------------------------- reading the table (hard)


def test_hard_does_not_feed_the_next_player_a_card_that_fits_what_it_took() -> None:
    """Seat 1 took a white 4 from the pile; of two black 6s to let go, hard keeps back the one
    whose other end is white 5 (it fits the white 4); normal, blind to it, takes the first."""
    hands = ["W5B6/B W2B6/B w1 w1 w1 b3 b3 b3", "b1 b1 b1 b2 b2 b2 w6 w6"]
    for level, away in (("normal", 0), ("hard", 1)):
        game = game_of(hands, "W4B1", "b3 b5", dealer=0)
        game.apply(draw(1, "discard"))
        game.apply(insert(1, 8, "W"))
        game.apply(discard(1, 7))
        game.apply(draw(0))
        game.apply(insert(0, 5, "B"))  # four black 3s
        assert game.view(0)["known"][1][7] == "W4B1/W"
        assert act(game, 0, level) == discard(0, away), level


# ---------------------------------------------------------------- time and termination


@pytest.mark.parametrize("seats", [2, 3])
def test_whole_games_end_at_every_level(seats: int) -> None:
    """Every level plays whole matches to their end (decision times: `cardbot bench cpu`)."""
    for seed in range(2):
        for level in LEVELS:
            game = Kokutorum.new(seats, {"target": 30}, seed)
            game.autoplay(cpu_chooser("kokutorum", [level] * seats, seed))
            assert game.is_over()
            assert max(game.totals) >= 30


# ---------------------------------------------------------------- the styles (for measuring)


@pytest.mark.parametrize(
    ("hand", "points", "knocks"),
    [
        (
            "w1 w1 w1 w6 w6 b5 b5 w4",
            26,
            {"knock-at-once": True, "knock-20-14-10": False, "knock-at-10": False},
        ),
        (
            "w1 w1 w1 w6 b6 w4 b2 w2",
            20,
            {"knock-at-once": True, "knock-20-14-10": True, "knock-14-10-8": False},
        ),
        (
            "w1 w1 w1 b1 b1 b1 w6 w6",
            12,
            {"knock-14-10-8": True, "knock-at-10": False},
        ),
    ],
)
def test_each_style_knocks_by_its_rule_after_its_first_draw(
    hand: str, points: int, knocks: dict[str, bool]
) -> None:
    styles = GAME.styles()
    for name, wanted in knocks.items():
        game = in_the_window(hand)
        assert deadwood(values(game.hands[0])) == points
        decision = Decision(game.view(0), game.prompts()[0], random.Random(0), game.accepts)
        assert (styles[name].decide(decision) == knock(0)) == wanted, name


def test_the_falling_thresholds_follow_the_seats_own_draws() -> None:
    """20 points is a knock for 20-14-10 after its first draw, not after its second."""
    game = in_the_window("w1 w1 w1 w6 b6 w4 b2 w2")
    view = dict(game.view(0))
    style = GAME.styles()["knock-20-14-10"]
    first = Decision(view, game.prompts()[0], random.Random(0), game.accepts)
    assert style.decide(first) == knock(0)
    view["log"] = [{"type": "draw", "seat": 0, "from": "stock"}, *view["log"]]
    second = Decision(view, game.prompts()[0], random.Random(0), game.accepts)
    assert style.decide(second) is None
