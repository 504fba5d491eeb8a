"""How far a Shirokuro-jaku hand is from a win (`engines/shirokuro/shape.py`), held to the
slow definitions: the most cards kept equals `two_number.melds.kept_for_win` on random hands,
and a hand is one card away exactly when some card of the deck, in some gap and either end
up, completes it (tried one by one)."""

from __future__ import annotations

import random

import pytest

from engines.shirokuro.claims import tenpai
from engines.shirokuro.shape import distance, helpful, kept
from engines.two_number.cards import VALUES
from engines.two_number.melds import is_win, kept_for_win


def near_win(rng: random.Random, melds: int, size: int) -> tuple[int, ...]:
    """A random hand that often holds melds, heads and pairs (so that all outcomes occur)."""
    out: list[int] = []
    while len(out) < size:
        v = rng.choice(VALUES)
        roll = rng.random()
        if roll < 0.3:
            out += [v, v]
        elif roll < 0.45:
            out += [v, v, v]
        elif roll < 0.7 and 1 <= (v & 7) <= 4:
            step = rng.choice((1, 1, 2))
            out += [v, v + step] if step == 2 else [v, v + 1, v + 2][: rng.choice((2, 3))]
        else:
            out.append(v)
    hand = out[:size]
    if rng.random() < 0.3:
        hand.reverse()
    return tuple(hand)


@pytest.mark.parametrize("melds", [0, 1, 2])
def test_kept_is_the_slow_definitions_number(melds: int) -> None:
    rng = random.Random(melds)
    for _ in range(4000):
        size = 3 * melds + rng.choice((0, 1, 2))
        hand = (
            near_win(rng, melds, size)
            if rng.random() < 0.7
            else tuple(rng.choice(VALUES) for _ in range(size))
        )
        assert kept(hand, melds) == kept_for_win(hand, melds), hand


def test_one_card_away_is_what_trying_every_card_in_every_gap_says() -> None:
    rng = random.Random(7)
    found = 0
    for _ in range(4000):
        melds = rng.choice((2, 2, 1, 0))
        hand = near_win(rng, melds, 3 * melds + 1)
        tried = any(
            is_win((*hand[:p], v, *hand[p:]), melds) for v in VALUES for p in range(len(hand) + 1)
        )
        assert tenpai(hand, melds) == tried == (distance(hand, melds) == 1), hand
        found += tried
    assert found > 800


def test_distance_counts_draws() -> None:
    w = {n: n for n in range(1, 7)}
    b = {n: n + 8 for n in range(1, 7)}
    assert distance((w[1], w[2], w[3], b[4], b[4], b[4], w[5], w[5]), 2) == 0
    assert distance((w[1], w[2], w[3], b[4], b[4], b[4], w[5]), 2) == 1
    assert distance((w[1], w[2], b[4], b[4], w[5], w[6], b[1]), 2) == 2  # w3 and w4 to come
    assert distance((w[1], b[6], w[4], b[1], b[6], w[1], w[4]), 2) == 3
    assert distance((w[1], w[1], b[3], b[3], w[6], w[6], b[2]), 2) == 1  # four pairs
    assert distance((w[5], w[5], w[1], w[3]), 1) == 1


def test_helpful_values_are_those_that_keep_one_more_card() -> None:
    w = {n: n for n in range(1, 7)}
    hand = (w[1], w[2], w[3], 12, 12, 12, w[5])
    assert helpful(hand, 2) == frozenset({w[5]})
    rng = random.Random(3)
    for _ in range(1500):
        melds = rng.choice((2, 2, 1, 0))
        size = 3 * melds + rng.choice((0, 1, 1))
        hand = near_win(rng, melds, size)
        got = helpful(hand, melds)
        for v in VALUES:
            better = max(kept((*hand[:p], v, *hand[p:]), melds) for p in range(size + 1))
            assert (v in got) == (better > kept(hand, melds)), (hand, melds, v)
