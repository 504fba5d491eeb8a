"""How the hard Kokutorum player reads the others (`engines.kokutorum.reading`): what a knock,
another seat's knock and the stock's end are worth against known deadwood, and which knocking
rule a seat's play points to, this round and over the game's earlier rounds."""

from __future__ import annotations

from typing import Any

import pytest

from engines.kokutorum import Kokutorum
from engines.kokutorum.reading import (
    DEALT,
    MISFIT,
    NEXT,
    PRIOR,
    RULES,
    N,
    knock_values,
    knocked_values,
    read,
    stock_end_values,
    turn,
)
from tests.engines.kokutorum_helpers import discard, draw, game_of, insert, knock, with_history


def at(points: int, chance: float = 1.0) -> tuple[float, ...]:
    """A seat known to hold `points` (with `chance`: the part of a spread there)."""
    return tuple(chance if x == points else 0.0 for x in range(N))


# ---------------------------------------------------------------- what the endings are worth


@pytest.mark.parametrize(
    ("mine", "worth"),
    [(4, 6.0), (10, 0.0), (12, -7.0), (0, 15.0)],
)
def test_a_knock_scores_the_difference_or_gives_the_undercut_its_bonus(
    mine: int, worth: float
) -> None:
    """2 seats, the other at 10: 10 - 4; a tie is no undercut; an undercut gives the other
    12 - 10 + 5; a knock at 0 is kokuto, 5 more."""
    assert knock_values([at(10)])[mine] == pytest.approx(worth)


@pytest.mark.parametrize(
    ("others", "mine", "worth"),
    [
        ((10, 10), 12, -7.0),  # both undercut, 7 each: the others' average
        ((8, 10), 12, -4.5),  # the seat at 8 scores 9, half of it counted against
        ((8, 10), 9, -3.0),
        ((8, 10), 8, 0.0),  # level with the lowest: no undercut
        ((8, 10), 5, 3.0),
    ],
)
def test_with_three_seats_the_score_counts_against_the_others_average(
    others: tuple[int, int], mine: int, worth: float
) -> None:
    assert knock_values([at(others[0]), at(others[1])])[mine] == pytest.approx(worth)


@pytest.mark.parametrize(
    ("knocker", "mine", "worth"),
    [(10, 6, 9.0), (10, 10, 0.0), (10, 12, -2.0), (0, 3, -8.0)],
)
def test_another_seats_knock_is_undercut_below_it_and_costs_the_difference_above(
    knocker: int, mine: int, worth: float
) -> None:
    assert knocked_values(at(knocker), None)[mine] == pytest.approx(worth)


@pytest.mark.parametrize(
    ("knocker", "mine", "worth"),
    [
        (10, 6, 9.0),  # this seat undercuts alone
        (10, 9, -3.5),  # the third seat (8) undercuts: 7 for it, half counted
        (10, 8, 3.5),  # both at 8 undercut: 7 each
        (6, 12, -1.0),  # the knocker wins 8 - 6 from the lowest other
    ],
)
def test_another_seats_knock_with_a_third_seat_at_eight(
    knocker: int, mine: int, worth: float
) -> None:
    assert knocked_values(at(knocker), at(8))[mine] == pytest.approx(worth)


def test_a_knock_counts_as_likely_as_it_is() -> None:
    assert knocked_values(at(10, 0.25), None)[6] == pytest.approx(9.0 / 4)


@pytest.mark.parametrize(("mine", "worth"), [(9, 5.0), (10, 0.0), (11, -5.0)])
def test_when_the_stock_ends_the_lowest_seats_score_five(mine: int, worth: float) -> None:
    assert stock_end_values([at(10)])[mine] == pytest.approx(worth)


@pytest.mark.parametrize(("mine", "worth"), [(9, 5.0), (10, 2.5), (11, -2.5)])
def test_when_the_stock_ends_with_three_seats(mine: int, worth: float) -> None:
    assert stock_end_values([at(10), at(12)])[mine] == pytest.approx(worth)


def test_a_turn_of_play_lowers_the_deadwood_and_keeps_its_total() -> None:
    after = turn(DEALT)
    assert sum(after) == pytest.approx(1.0)
    mean = sum(x * p for x, p in enumerate(after))
    assert 12 < mean < sum(x * p for x, p in enumerate(DEALT)) - 6
    pile = turn(at(12), pile=True)
    assert sum(pile) == pytest.approx(1.0) and all(pile[x] == 0 for x in range(10, N))
    assert all(p <= d for d in range(N) for p, _ in NEXT[d])


# ---------------------------------------------------------------- reading the others


def fresh_view() -> dict[str, Any]:
    game = game_of(["w1 w1 w1 w6 w6 b5 b5 w4", "b2 b3 w5 w4 b6 b5 w3 w2"], dealer=1)
    return game.view(0)


def share(view: dict[str, Any], seat: int, rule: str) -> float:
    return read(view)[seat].shares()[list(RULES).index(rule)]


def test_a_seat_that_knocked_on_its_first_turn_with_many_points_knocks_at_once() -> None:
    view = with_history(fresh_view(), [(1, [24, 23], [0, 1]), (1, [20, 26], [1, 1])])
    assert read(view)[1].likeliest() == "at once"
    assert share(view, 1, "at once") > 0.5


def test_a_seat_that_let_its_windows_pass_and_knocked_low_is_patient() -> None:
    view = with_history(fresh_view(), [(1, [9, 3], [4, 4]), (0, [6, 12], [3, 3])])
    assert share(view, 1, "at once") < 0.01
    patient = sum(share(view, 1, r) for r in ("10", "8", "6", "3"))
    assert patient > 0.7


def test_a_round_without_its_turns_tells_nothing() -> None:
    """A view from before rounds kept their turns (`round_turns` null) weighs no rule."""
    view = with_history(fresh_view(), [(1, [24, 23], [0, 1])])
    view["round_turns"] = [None]
    assert read(view)[1].shares() == pytest.approx(read(fresh_view())[1].shares())


def test_a_window_let_pass_this_round_rules_out_knocking_at_once() -> None:
    """Seat 1 drew, discarded and did not knock: a rule knocking at once keeps only the share
    of play no rule explains (`MISFIT`), and under the 14 rule its deadwood is above 14."""
    game = game_of(["w1 w1 w1 w6 w6 b5 b5 w4", "b2 b3 w5 w4 b6 b5 w3 w2"], dealer=0)
    before = share(game.view(0), 1, "at once")
    game.apply(draw(1))
    game.apply(insert(1, 8))
    game.apply(discard(1, 8))
    game.apply(draw(0))
    after = read(game.view(0))[1]
    assert after.draws == 1
    assert after.shares()[0] < before / 4
    assert after.weights[0] == pytest.approx(PRIOR["at once"] * MISFIT)
    fourteen = after.spreads[list(RULES).index("14")]
    assert sum(fourteen[:15]) == pytest.approx(0.0)


def test_the_view_tells_how_many_turns_each_seat_played_in_each_finished_round() -> None:
    """What everyone at the table saw: seat 1 played one turn and knocked, seat 0 none."""
    game = game_of(["w1 w1 w1 w6 w6 b5 b5 w4", "b2 b3 w5 w4 b6 b5 w3 w2"], dealer=0)
    assert game.view(0)["round_turns"] == []
    game.apply(draw(1))
    game.apply(insert(1, 8))
    game.apply(discard(1, 8))
    game.apply(knock(1))
    for seat in (0, 1, None):
        assert game.view(seat)["round_turns"] == [[0, 1]]
    restored = Kokutorum.from_json(game.to_json())
    assert restored.view(0)["round_turns"] == [[0, 1]]
