"""How the hard Kokutorum player reads the others, and what knocking or waiting is worth.

Nobody's deadwood is known until the round ends, and people knock in very different ways: at
once, by thresholds that fall as the round goes on, only when low. So the hard player keeps,
for every other seat, a belief: how likely each *knocking rule* is (`RULES`: knock at this
deadwood or less, by the seat's own draws this round), and under each rule how its deadwood is
spread now (`Spread`, 0..60 points).

- A seat starts a round with the deadwood a dealt hand has (`DEALT`) and every turn lowers it
  as a turn of plain play does (`NEXT`: both measured over thousands of rounds of CPU play
  that never knocks); a card taken from the pile lowers it by 3 or more.
- Every turn after which a seat did not knock rules out, under each rule, the deadwood that
  rule would have knocked with: a seat that let a window pass is higher than its rule's
  threshold, and a rule that knocks at once is out after one such turn.
- The earlier rounds of the game weigh the rules: each round's points, its knocker and how
  many turns each seat played (`round_turns`) are likelier under some rules than others.

From the beliefs, `outlook` tells what a deadwood is worth to this seat in the units the game
is measured in (its points minus the others' average): knocking now (`Outlook.knock`), or
letting the others play their turns (each may knock, by its rule, and end the round; the stock
may run out) and drawing again, a few turns ahead, with the choice to knock then.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

N: Final = 61
"""Deadwood 0..60 (eight cards show at most 48)."""
KOKUTO: Final = 5
"""The kokuto bonus, the undercut bonus and the points of the lowest seats when the stock ends."""
ANY: Final = 99
"""A threshold above any deadwood: the rule knocks whenever it may."""
DEPTH: Final = 3
"""Own turns looked ahead; later ones are rare (most rounds end within two turns a seat)."""
MISFIT: Final = 0.1
"""The share of a seat's play that no rule explains (people are not rules): keeps every rule's
likelihood above zero so one odd round does not rule it out for good."""

Spread = tuple[float, ...]
"""A distribution (or a part of one) over deadwood 0..60."""


def _spread(points: Sequence[int]) -> Spread:
    """Equal weights on the given points (quantiles of a measured distribution)."""
    out = [0.0] * N
    for p in points:
        out[p] += 1 / len(points)
    return tuple(out)


DEALT: Final = _spread(
    (13, 17, 19, 20, 21, 22, 22, 23, 24, 24, 25, 25, 26, 26, 27, 27, 28, 29, 30, 31)
)
"""A seat's deadwood as dealt (turned when turned is better): twenty quantiles measured over
27,000 hands."""

_NEXT: Final = (
    # deciles of the deadwood after one more turn of plain play, by the deadwood before it,
    # measured over about 90,000 turns (rows past 31 lean on their neighbours, scaled)
    (0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    (0, 0, 0, 0, 1, 1, 1, 1, 1, 1),
    (0, 1, 1, 1, 2, 2, 2, 2, 2, 2),
    (0, 0, 1, 1, 1, 2, 2, 3, 3, 3),
    (0, 1, 1, 1, 2, 2, 3, 3, 4, 4),
    (0, 1, 1, 2, 2, 2, 3, 4, 5, 5),
    (1, 1, 2, 2, 2, 3, 3, 4, 6, 6),
    (1, 2, 2, 2, 3, 3, 4, 5, 7, 7),
    (1, 2, 2, 3, 3, 4, 5, 6, 7, 8),
    (1, 2, 3, 3, 4, 5, 6, 6, 7, 9),
    (1, 2, 3, 4, 5, 6, 7, 7, 8, 10),
    (2, 3, 4, 4, 6, 7, 7, 8, 9, 11),
    (2, 3, 4, 5, 7, 8, 8, 9, 9, 11),
    (2, 3, 4, 6, 8, 8, 9, 10, 10, 12),
    (2, 4, 5, 6, 8, 9, 10, 10, 11, 13),
    (3, 4, 5, 7, 9, 10, 10, 11, 12, 13),
    (3, 5, 6, 8, 10, 11, 11, 12, 13, 15),
    (3, 5, 7, 8, 10, 11, 12, 13, 14, 16),
    (4, 6, 8, 9, 10, 12, 13, 14, 15, 17),
    (5, 7, 8, 9, 11, 12, 13, 15, 16, 18),
    (6, 8, 9, 10, 11, 12, 14, 16, 17, 19),
    (6, 8, 10, 11, 12, 13, 15, 17, 18, 20),
    (7, 9, 10, 11, 12, 13, 15, 17, 19, 21),
    (8, 10, 11, 12, 13, 14, 16, 19, 20, 22),
    (8, 10, 11, 12, 13, 14, 16, 19, 20, 22),
    (9, 11, 12, 13, 14, 15, 16, 20, 21, 23),
    (10, 12, 13, 14, 15, 16, 18, 21, 22, 24),
    (10, 12, 13, 14, 15, 16, 18, 22, 23, 25),
    (11, 13, 14, 15, 16, 17, 19, 23, 24, 26),
    (12, 13, 14, 15, 16, 18, 19, 24, 25, 26),
    (12, 14, 15, 16, 17, 18, 20, 25, 26, 27),
    (13, 15, 16, 17, 18, 19, 21, 26, 27, 28),
    (13, 15, 16, 17, 18, 19, 21, 27, 27, 29),
    (14, 16, 17, 18, 19, 20, 21, 28, 28, 30),
    (15, 16, 18, 18, 19, 20, 22, 29, 29, 31),
    (15, 16, 18, 19, 20, 21, 22, 30, 30, 32),
)


def _next_row(d: int) -> tuple[tuple[int, float], ...]:
    last = len(_NEXT) - 1
    points = _NEXT[d] if d <= last else tuple(round(p * d / last) for p in _NEXT[last])
    weights: dict[int, float] = {}
    for p in points:
        weights[p] = weights.get(p, 0.0) + 1 / len(points)
    return tuple(sorted(weights.items()))


def _pile_row(row: tuple[tuple[int, float], ...], d: int) -> tuple[tuple[int, float], ...]:
    """A turn that took the pile's top: it made a meld, 3 points lower or more."""
    kept = [(p, w) for p, w in row if p <= d - 3]
    total = sum(w for _, w in kept)
    if not kept:
        return ((max(0, d - 3), 1.0),)
    return tuple((p, w / total) for p, w in kept)


NEXT: Final = tuple(_next_row(d) for d in range(N))
"""NEXT[d]: the deadwood after one more turn of plain play, as (points, chance) pairs."""
NEXT_PILE: Final = tuple(_pile_row(NEXT[d], d) for d in range(N))


RULES: Final[dict[str, tuple[int, ...]]] = {
    # knock at this deadwood or less: after the seat's first draw of the round, its second...,
    # the last entry for every later draw
    "at once": (ANY,),
    "24-18-12": (24, 18, 12),
    "20-14-10": (20, 14, 10),
    "17-12-9": (17, 12, 9),
    "14-10-8": (14, 10, 8),
    "14": (14,),
    "12": (12,),
    "10": (10,),
    "8": (8,),
    "6": (6,),
    "3": (3,),
}
"""The knocking rules the hard player tells apart: a grid from knocking at once to knocking
only near 0, thresholds fixed or falling with the seat's draws."""
PRIOR: Final = dict.fromkeys(RULES, 1 / len(RULES))


def threshold(rule: tuple[int, ...], draws: int) -> int:
    """The rule's knock threshold after the seat's `draws`-th draw of the round."""
    return rule[min(len(rule), max(1, draws)) - 1]


def turn(spread: Spread, pile: bool = False) -> Spread:
    """A seat's deadwood one turn later (`pile`: it took the pile's top)."""
    rows = NEXT_PILE if pile else NEXT
    out = [0.0] * N
    for d in range(N):
        mass = spread[d]
        if mass > 1e-12:
            for p, w in rows[d]:
                out[p] += mass * w
    return tuple(out)


def above(spread: Spread, limit: int) -> Spread:
    """The part of a spread above `limit` (what a seat that let a knock pass can hold)."""
    if limit >= N:
        return (0.0,) * N
    return (0.0,) * (limit + 1) + spread[limit + 1 :] if limit >= 0 else spread


def normal(spread: Spread) -> Spread:
    """The spread scaled to a total of 1 (a seat's deadwood is somewhere)."""
    total = sum(spread)
    return tuple(x / total for x in spread) if total > 0 else DEALT


# --------------------------------------------------------------------------- beliefs


@dataclass(frozen=True)
class Seat:
    """What this seat believes about another: each rule's weight (a likelihood, not scaled)
    and, under it, the seat's deadwood now (scaled to 1); its draws this round."""

    weights: tuple[float, ...]
    spreads: tuple[Spread, ...]
    draws: int

    def shares(self) -> tuple[float, ...]:
        """Each rule's chance (equal ones when every rule has been ruled out)."""
        total = sum(self.weights)
        if total <= 0:
            return (1 / len(self.weights),) * len(self.weights)
        return tuple(w / total for w in self.weights)

    def marginal(self) -> Spread:
        """The seat's deadwood, over every rule."""
        out = [0.0] * N
        for share, spread in zip(self.shares(), self.spreads, strict=True):
            if share > 1e-12:
                for d in range(N):
                    out[d] += share * spread[d]
        return tuple(out)

    def likeliest(self) -> str:
        """The name of the rule that best explains the seat so far."""
        names = list(RULES)
        return names[max(range(len(names)), key=lambda i: self.weights[i])]


@lru_cache(maxsize=1 << 12)
def _play(turns: tuple[bool, ...], rule: tuple[int, ...], declined: int) -> tuple[float, Spread]:
    """A seat's deadwood under `rule` after `turns` (True: from the pile), of which the first
    `declined` were followed by no knock: (their likelihood, the spread scaled to 1)."""
    spread = DEALT
    weight = 1.0
    for k, pile in enumerate(turns, start=1):
        spread = turn(spread, pile)
        if k <= declined:
            kept = above(spread, threshold(rule, k))
            mass = sum(kept)
            weight *= mass
            spread = normal(kept) if mass > 0 else spread
    return weight, spread


@lru_cache(maxsize=1 << 14)
def _round_likelihood(
    rule: tuple[int, ...], turns: int, points: int, knocked: bool, window_after_last: bool
) -> float:
    """How likely a finished round's line for a seat is under `rule`: `turns` draws, `points`
    at the end, and a knock at its last turn or none (`window_after_last`: whether its last
    turn left it a window it let pass)."""
    stock = (False,) * turns
    if knocked:
        weight, spread = _play(stock, rule, turns - 1)
        return weight * spread[points] if points <= threshold(rule, turns) else 0.0
    weight, spread = _play(stock, rule, turns if window_after_last else turns - 1)
    return weight * spread[points]


def _history_weights(view: Mapping[str, Any], seat: int) -> list[float]:
    """Each rule's likelihood for `seat` over the game's finished rounds."""
    seats = int(view["seats"])
    out = [PRIOR[name] for name in RULES]
    rounds = view.get("rounds") or []
    turns_by_round = view.get("round_turns") or []
    for r, entry in enumerate(rounds):
        turns = turns_by_round[r] if r < len(turns_by_round) else None
        if not turns or turns[seat] == 0:
            continue  # a round without its turns, or one the seat never played in
        points = min(int(entry["points"][seat]), N - 1)
        knocked = entry.get("knocker") == seat
        window = True
        if entry.get("knocker") is None:  # the stock ran out: its last drawer had no window
            first = (int(entry["dealer"]) + 1) % seats
            window = (first + sum(turns) - 1) % seats != seat
        free = _play((False,) * turns[seat], (ANY,), 0)[1][points]  # no rule at all
        for i, rule in enumerate(RULES.values()):
            fit = _round_likelihood(rule, turns[seat], points, knocked, window)
            out[i] *= (1 - MISFIT) * fit + MISFIT * free
        top = max(out)
        if top > 0:
            out = [w / top for w in out]
    return out


def read(view: Mapping[str, Any]) -> dict[int, Seat]:
    """This seat's beliefs about every other seat, from its view: this round's log and the
    earlier rounds."""
    seats = int(view["seats"])
    me = int(view["viewer"])
    turns: dict[int, list[bool]] = {s: [] for s in range(seats)}
    discards = dict.fromkeys(range(seats), 0)
    for entry in view.get("log") or []:
        kind = entry.get("type")
        if kind == "draw":
            turns[int(entry["seat"])].append(entry.get("from") == "discard")
        elif kind == "discard":
            discards[int(entry["seat"])] += 1
    out = {}
    for seat in range(seats):
        if seat == me:
            continue
        prior = _history_weights(view, seat)
        weights, spreads = [], []
        for w, rule in zip(prior, RULES.values(), strict=True):
            fit, spread = _play(tuple(turns[seat]), rule, discards[seat])
            weights.append(w * ((1 - MISFIT) * fit + MISFIT))
            spreads.append(spread)
        out[seat] = Seat(tuple(weights), tuple(spreads), len(turns[seat]))
    return out


# --------------------------------------------------------------------------- what it is worth


def _cumulative(spread: Spread) -> tuple[list[float], list[float]]:
    """below[a] = P(x < a) and total[a] = E[x; x < a], for a in 0..N."""
    below, total = [0.0] * (N + 1), [0.0] * (N + 1)
    for x in range(N):
        below[x + 1] = below[x] + spread[x]
        total[x + 1] = total[x] + x * spread[x]
    return below, total


def knock_values(others: Sequence[Spread]) -> list[float]:
    """What knocking with d points is worth, for every d: the points it scores (the lowest
    other minus d, 5 more at 0) or, undercut, what the lowest others score, shared by the
    others (`KOKUTO` more than the difference each)."""
    share = 1 / len(others)
    low: Spread
    both: Spread
    if len(others) == 1:
        low, both = others[0], (0.0,) * N
    else:
        survive = [1.0] * (N + 1)
        for spread in others:
            acc = 0.0
            for x in range(N - 1, -1, -1):
                acc += spread[x]
                survive[x] *= acc
        survive[N] = 0.0
        low = tuple(max(0.0, survive[x] - survive[x + 1]) for x in range(N))
        both = tuple(others[0][x] * others[1][x] for x in range(N))
    below, total = _cumulative(low)
    out = []
    for d in range(N):
        # undercut: each lowest other scores d - x + 5
        lose = sum((d - x + KOKUTO) * (low[x] + both[x]) for x in range(d))
        win = (
            (total[N] - total[d]) - d * (1 - below[d]) + (KOKUTO * (1 - below[0]) if d == 0 else 0)
        )
        out.append(win - share * lose)
    return out


def stock_end_values(others: Sequence[Spread]) -> list[float]:
    """What the stock running out is worth with d points: the lowest seats score 5 each."""
    share = 1 / len(others)
    out = []
    if len(others) == 1:
        below, _ = _cumulative(others[0])
        for d in range(N):
            mine = 1 - below[d]  # the other is d or more
            theirs = below[d + 1] if d + 1 <= N else 1.0  # the other is d or less
            out.append(KOKUTO * (mine - theirs))
        return out
    (b0, _), (b1, _) = _cumulative(others[0]), _cumulative(others[1])
    for d in range(N):
        mine = (1 - b0[d]) * (1 - b1[d])
        theirs = 0.0
        for spread, other in ((others[0], b1), (others[1], b0)):
            # this other is the lowest of all (ties included): at x <= d, the other one >= x
            theirs += sum(spread[x] * (1 - other[x]) for x in range(d + 1))
        out.append(KOKUTO * (mine - share * theirs))
    return out


def knocked_values(knocker: Spread, other: Spread | None) -> list[float]:
    """What another seat's knock is worth to this seat with d points, for every d; `knocker`
    its deadwood where it knocks (its total: the chance of the knock), `other` the third
    seat's deadwood (None with 2 seats)."""
    out = [0.0] * N
    xs = [x for x in range(N) if knocker[x] > 1e-12]
    if other is None:
        for d in range(N):
            acc = 0.0
            for x in xs:
                if d < x:
                    acc += knocker[x] * (x - d + KOKUTO)
                else:
                    acc -= knocker[x] * (d - x + (KOKUTO if x == 0 else 0))
            out[d] = acc
        return out
    below, total = _cumulative(other)
    for d in range(N):
        acc = 0.0
        for x in xs:
            if d < x:
                # the third seat lower than this one undercuts instead; level, both score
                u = -((x + KOKUTO) * below[d] - total[d]) / 2
                u += other[d] * (x - d + KOKUTO) / 2
                u += (1 - below[d + 1]) * (x - d + KOKUTO)
            else:
                bonus = KOKUTO if x == 0 else 0
                u = -((x + KOKUTO) * below[x] - total[x]) / 2
                # nobody lower than the knocker: it scores the lowest other's points over its own
                u -= ((total[d] - total[x]) - (x - bonus) * (below[d] - below[x])) / 2
                u -= (d - x + bonus) * (1 - below[d]) / 2
            acc += knocker[x] * u
        out[d] = acc
    return out


@dataclass(frozen=True)
class Outlook:
    """What a deadwood is worth to this seat from a moment of the round.

    `ahead(d, then)`: the others play their turns until this seat's next draw (each may knock,
    the stock may end) while it holds d, then it draws into `then` (points, chance) and plays
    on as well as it can: knocking when that is worth more than waiting, up to `DEPTH` turns.
    `knock[d]`: knocking now (meaningful after this seat's draw).
    """

    knock: tuple[float, ...]
    before: tuple[float, ...]
    """What the others' turns until the next draw bring (their knocks, the stock's end)."""
    reach: float
    """The chance that this seat draws again."""
    later: tuple[float, ...]
    """later[d]: the worth of holding d just after that next draw, playing on at best."""

    def ahead(self, d: int, then: Sequence[tuple[int, float]]) -> float:
        """Waiting with d for a next draw that leaves `then`."""
        if self.reach <= 0:
            return self.before[d]
        return self.before[d] + self.reach * sum(w * self.later[p] for p, w in then)

    def wait(self, d: int) -> float:
        """Waiting with d, the next draw as plain play goes (`NEXT`)."""
        return self.ahead(d, NEXT[d])

    def best(self, d: int, then: Sequence[tuple[int, float]] | None = None) -> float:
        """Knocking now or waiting, whichever is worth more."""
        return max(self.knock[d], self.ahead(d, NEXT[d] if then is None else then))


@dataclass
class _Table:
    """The others' state while the outlook plays their turns forward."""

    seats: dict[int, Seat]
    stock: int


def _others_turns(table: _Table, order: Sequence[int]) -> tuple[list[float], float, bool]:
    """Play the others' turns in `order`: what their knocks and the stock's end are worth to
    this seat for every d, the chance none of it happens, and whether the stock ran out.
    Updates `table` to the others' state given that nobody knocked."""
    worth = [0.0] * N
    reach = 1.0
    for seat in order:
        if table.stock <= 0:
            return worth, 0.0, True
        table.stock -= 1
        last = table.stock == 0
        belief = table.seats[seat]
        draws = belief.draws + 1
        knocks = [0.0] * N
        weights, spreads = [], []
        for share, spread, rule in zip(
            belief.shares(), belief.spreads, RULES.values(), strict=True
        ):
            after = turn(spread)
            limit = threshold(rule, draws)
            for x in range(min(limit, N - 1) + 1):
                knocks[x] += share * after[x]
            kept = above(after, limit)
            mass = sum(kept)
            weights.append(share * mass)
            spreads.append(normal(kept) if mass > 0 else after)
        others = [table.seats[s].marginal() for s in table.seats if s != seat]
        chance = [reach * k for k in knocks]
        for d, v in enumerate(knocked_values(tuple(chance), others[0] if others else None)):
            worth[d] += v
        table.seats[seat] = Seat(tuple(weights), tuple(spreads), draws)
        reach *= 1 - sum(knocks)
        if last:
            ends = stock_end_values([table.seats[s].marginal() for s in table.seats])
            for d in range(N):
                worth[d] += reach * ends[d]
            return worth, 0.0, True
    return worth, reach, False


def outlook(
    view: Mapping[str, Any],
    beliefs: Mapping[int, Seat],
    drawn: bool,
) -> Outlook:
    """The outlook from this moment: after this seat's draw (`drawn`: it may knock now, the
    others play next) or before it (the others before it play first, then it draws)."""
    seats = int(view["seats"])
    me = int(view["viewer"])
    table = _Table(dict(beliefs), int(view.get("stock_count") or 0))
    if drawn:
        order = [(me + i) % seats for i in range(1, seats)]
        now = knock_values([table.seats[s].marginal() for s in sorted(table.seats)])
        if view.get("last_card") or table.stock <= 0:
            ends = stock_end_values([table.seats[s].marginal() for s in sorted(table.seats)])
            return Outlook(tuple(now), tuple(ends), 0.0, (0.0,) * N)
    else:
        turn_seat = int(view.get("turn") or 0)
        order = [(turn_seat + i) % seats for i in range(seats)]
        order = order[: order.index(me)]
        now = [0.0] * N
    before, reach, ended = _others_turns(table, order)
    later = _later(table, seats, me, 1) if not ended and reach > 0 else [0.0] * N
    return Outlook(tuple(now), tuple(before), reach, tuple(later))


def _later(table: _Table, seats: int, me: int, depth: int) -> list[float]:
    """later[d]: the worth of holding d right after this seat's next draw, then knocking or
    waiting, whichever is worth more, `DEPTH` turns deep."""
    if table.stock <= 0:
        return [0.0] * N
    table.stock -= 1
    others = [table.seats[s].marginal() for s in sorted(table.seats)]
    knock = knock_values(others)
    if table.stock == 0:  # this seat drew the last card: knock, or the round ends
        ends = stock_end_values(others)
        return [max(k, e) for k, e in zip(knock, ends, strict=True)]
    if depth >= DEPTH:
        return knock
    order = [(me + i) % seats for i in range(1, seats)]
    before, reach, ended = _others_turns(table, order)
    if ended or reach <= 0:
        return [max(k, b) for k, b in zip(knock, before, strict=True)]
    deeper = _later(table, seats, me, depth + 1)
    out = []
    for d in range(N):
        wait = before[d] + reach * sum(w * deeper[p] for p, w in NEXT[d])
        out.append(max(knock[d], wait))
    return out
