"""The hard player's search: deal the unseen cards, play each candidate out, keep the best.

`deal_hidden` deals every card the seat has not seen (the others' hands and, unless it buried
it, the kitty) at random, consistently with everything public: each seat's hand size, the cards
known to be in a hand (what a failed throw put back), the declared card while the declarer has
played no copy of it (in its hand or the kitty), the voids shown by failures to follow, and sets
a seat showed it lacks (a set led that it answered without one). `evaluate` plays each candidate and then the rest of the deal with the normal
player in every seat, over the same sampled deals, and averages the seat's utility (its rank
steps, and a little for its side's points). The work is a fixed budget of simulated plays,
never the clock, so a view and an RNG always give the same answer.
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Sequence
from typing import Final

from engines.rng import shuffle
from engines.zhao_pengyou.cards import KITTY, POINTS, TRUMP, TYPES
from engines.zhao_pengyou.policy import Play, copies, playout
from engines.zhao_pengyou.sim import Sim

PLAY_BUDGET: Final = 14_000
"""Simulated plays per decision: about 0.6 s on the development machine with 12 seats."""
MIN_SAMPLES: Final = 4
MAX_SAMPLES: Final = 24


def unseen(st: Sim) -> list[int]:
    """Every copy of every card the seat has not seen, as types (those known to be in some
    hand left out)."""
    me = st.me
    total = copies(st.seats)
    left = [total[t] - st.played[t] - st.hands[me][t] for t in range(TYPES)]
    if st.buried is not None and me == st.declarer:
        for t in st.buried:
            left[t] -= 1
    for seat in range(st.seats):
        if seat != me:
            for t in range(TYPES):
                if st.known[seat][t]:
                    left[t] -= st.known[seat][t]
    return [t for t in range(TYPES) for _ in range(max(0, left[t]))]


def deal_hidden(st: Sim, rng: random.Random) -> tuple[list[list[int]], list[int]]:
    """The others' hands and the kitty, drawn at random consistently with what is public."""
    me = st.me
    seats = st.seats
    trump = st.trump
    eff = trump.eff
    pool = unseen(st)
    kitty_slots = 0 if (me == st.declarer and st.buried is not None) else KITTY
    others = [s for s in range(seats) if s != me]
    need = {s: st.sizes[s] - sum(st.known[s]) for s in others}
    placed: tuple[int, int] | None = None
    pledge = st.pledge
    if pledge is not None and pledge in pool and st.declarer != me:
        # one copy of the declared card is in the declarer's hand (unless it showed a void in
        # trumps) or in the kitty, in proportion to the room in each
        declarer = st.declarer
        room = 0 if st.voids[declarer] >> TRUMP & 1 else need[declarer]
        if room + kitty_slots:
            pool.remove(pledge)
            if rng.random() * (room + kitty_slots) < room:
                need[declarer] -= 1
                placed = (declarer, pledge)
            else:
                kitty_slots -= 1
                placed = (-1, pledge)
    for strict in (2, 1, 0):
        for _ in range(4 if strict else 1):
            dealt = _try_deal(st, pool, others, need, kitty_slots, rng, eff, strict, placed)
            if dealt is not None:
                return dealt
    raise AssertionError("an unconstrained deal always succeeds")


def _try_deal(
    st: Sim,
    pool: list[int],
    others: list[int],
    need: dict[int, int],
    kitty_slots: int,
    rng: random.Random,
    eff: Sequence[int],
    strict: int,
    placed: tuple[int, int] | None = None,
) -> tuple[list[list[int]], list[int]] | None:
    """One random deal, `placed` (a seat, or -1 for the kitty, and a card) already placed;
    None at a dead end. `strict` 2 keeps voids and missing sets, 1 only voids, 0 nothing (a
    last resort that always succeeds)."""
    cards = list(pool)
    shuffle(rng, cards)
    left = dict(need)
    hands = [list(st.known[s]) if s != st.me else list(st.hands[s]) for s in range(st.seats)]
    kitty: list[int] = []
    if placed is not None:
        if placed[0] < 0:
            kitty.append(placed[1])
        else:
            hands[placed[0]][placed[1]] += 1
    room = kitty_slots
    voids = st.voids
    limits = st.no_sets
    if strict:
        # the most constrained cards first: those few seats may hold (a suit's count)
        widths = [sum(1 for s in others if not voids[s] >> e & 1) for e in range(5)]
        cards.sort(key=lambda t: widths[eff[t]])
    draw = rng.random
    for t in cards:
        e = eff[t]
        choices: list[int] = []
        bounds: list[int] = []  # cumulative weights: each seat's room left, then the kitty's
        total = 0
        for s in others:
            n = left[s]
            if not n:
                continue
            if strict and voids[s] >> e & 1:
                continue
            if strict > 1:
                size = limits[s].get(e)
                if size is not None and hands[s][t] + 1 >= size:
                    continue
            choices.append(s)
            total += n
            bounds.append(total)
        if room:
            choices.append(-1)
            total += room
            bounds.append(total)
        if not choices:
            return None
        # `rng.choices(choices, weights)[0]`, drawn the same way
        pick = choices[bisect(bounds, draw() * total, 0, len(bounds) - 1)]
        if pick < 0:
            kitty.append(t)
            room -= 1
        else:
            hands[pick][t] += 1
            left[pick] -= 1
    return hands, kitty


def sampled(st: Sim, rng: random.Random) -> Sim:
    """A copy of the deal with every hand (and the kitty) dealt."""
    hands, kitty = deal_hidden(st, rng)
    out = st.copy()
    out.hands = hands
    if kitty:
        out.kitty_points = sum(POINTS[t] for t in kitty)
    return out


def evaluate(
    st: Sim,
    candidates: Sequence[Play],
    rng: random.Random,
    budget: int = PLAY_BUDGET,
) -> list[list[float]]:
    """The seat's utility for each candidate play on each sampled deal (the same deals for
    every candidate, so that their differences are measured on equal terms)."""
    me = st.me
    remaining = sum(st.sizes) // max(1, _cards_per_play(st)) + 1
    samples = budget // max(1, len(candidates) * remaining)
    samples = max(MIN_SAMPLES, min(MAX_SAMPLES, samples))
    out: list[list[float]] = [[] for _ in candidates]
    for _ in range(samples):
        deal = sampled(st, rng)
        for i, play in enumerate(candidates):
            sim = deal.copy()
            sim.play(me, play)
            playout(sim)
            out[i].append(sim.utility(me))
    return out


def preferred(results: Sequence[Sequence[float]], margin: float = 1.0) -> int:
    """The candidate to play: the first (the normal player's choice) unless another does
    better on the sampled deals by more than `margin` standard errors of the difference."""
    best, best_score = 0, 0.0
    base = results[0]
    n = len(base)
    for i in range(1, len(results)):
        diffs = [a - b for a, b in zip(results[i], base, strict=True)]
        mean = sum(diffs) / n
        if mean <= 0:
            continue
        spread = (sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)) ** 0.5
        error = spread / n**0.5
        score = mean - margin * error
        if score > best_score:
            best, best_score = i, score
    return best


def _cards_per_play(st: Sim) -> int:
    """Cards a play holds on average so far (leads of sets make plays bigger)."""
    if st.lead is not None:
        return st.lead.cards
    return 1
