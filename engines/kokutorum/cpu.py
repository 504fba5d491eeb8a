"""Kokutorum's computer players: easy, normal and hard, each deciding from its seat's view.

All levels place a drawn card by trying every gap and both ends, and every discard after it,
and measure the 8 cards that stay by their least deadwood (`engines.two_number.melds`).

- easy: the lowest deadwood, but often a careless choice among the nearly best; takes the
  pile only for a meld; knocks late (at 3 points or fewer) and never rotates.
- normal: the lowest deadwood, ties broken by the meld chances the hand keeps open (cards
  next to a card of one colour one or two apart); takes the pile when it makes a meld that
  saves 3 points or more; rotates when the turned hand has less deadwood; knocks at 14 points
  or fewer.
- hard: every choice by the deadwood expected after the next draw, over the cards it has not
  seen (each with its better end), so it keeps the meld chances that are still live; takes the
  pile when that beats the stock on average; does not feed the next player a card that fits
  the cards it was seen to take; knocks when the points it expects to win beat waiting, from
  how low the others' deadwood usually is at this point of a round (`OPPONENTS`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from engines.base import JSON, Action, Decision, Hint
from engines.rng import choice
from engines.two_number.cards import DECK, base, ends, rotated, value, value_of, values
from engines.two_number.melds import deadwood, deadwood_less_one, partition

DRAW, INSERT, DISCARD, KNOCK, ROTATE = "draw", "insert", "discard", "knock", "rotate"
STOCK, PILE = "stock", "discard"

OPPONENTS: Final[dict[int, tuple[tuple[float, float], ...]]] = {
    # (mean, standard deviation) of a normal player's deadwood after k of its own draws in a
    # round (k = 0..), measured over 150 games of normal CPUs per seat count; the last entry
    # stands for every later draw.
    2: ((23.9, 4.6), (16.8, 5.2), (12.8, 4.7), (12.0, 4.8)),
    3: ((23.8, 4.5), (17.1, 5.1), (13.3, 4.7), (12.5, 4.8)),
}


WAIT: Final = 0.3
"""What a knock one turn later is worth against one now (the others may knock first)."""
MIN_GAIN: Final = 0.5
"""The least a knock must be expected to score."""
PICKUP: Final = 2.5
"""How much lower a seat's deadwood is thought for each card it was seen to take."""


def _pmf(mean: float, sd: float) -> list[float]:
    """A seat's deadwood 0..60 as a discretised normal distribution."""
    weights = [math.exp(-0.5 * ((x - mean) / sd) ** 2) for x in range(61)]
    total = sum(weights)
    return [w / total for w in weights]


@lru_cache(maxsize=4096)
def _tail(mean: float, sd: float) -> tuple[float, ...]:
    """tail[m]: the chance that a seat's deadwood is m or more."""
    pmf = _pmf(mean, sd)
    out = [0.0] * 62
    for m in range(60, -1, -1):
        out[m] = out[m + 1] + pmf[m]
    return tuple(out)


def opponents(view: Mapping[str, Any], later: int) -> tuple[tuple[float, float], ...]:
    """(mean, sd) of each other seat's deadwood, `later` turns from now (`OPPONENTS`, lower
    for the cards it was seen to take from the pile)."""
    seats = int(view["seats"])
    me = int(view["viewer"])
    table = OPPONENTS[seats]
    draws = [0] * seats
    for entry in view.get("log") or []:
        if entry.get("type") == DRAW:
            draws[int(entry["seat"])] += 1
    known = view.get("known") or [[] for _ in range(seats)]
    out = []
    for seat in range(seats):
        if seat == me:
            continue
        mean, sd = table[min(len(table) - 1, draws[seat] + later)]
        taken = sum(1 for c in known[seat] if c)
        out.append((round(max(1.0, mean - PICKUP * taken), 1), sd))
    return tuple(out)


@lru_cache(maxsize=1 << 14)
def knock_value(points: int, others: tuple[tuple[float, float], ...]) -> float:
    """The points a knock with `points` of deadwood is expected to score: the difference to
    the lowest other seat when none is lower, 0 when undercut.

    What an undercut gives the other seat is not counted against it: with it counted (in full
    or by half) hard waited longer and scored less, 0.8 ± 0.2 points a round and 5% ± 3 of
    its win share against itself with two seats (150 deals each way).
    """
    tails = [_tail(mean, sd) for mean, sd in others]

    def survive(m: int) -> float:
        out = 1.0
        for tail in tails:
            out *= tail[min(m, 61)]
        return out

    value = 0.0
    for m in range(points, 61):
        value += (survive(m) - survive(m + 1)) * (m - points)
    if points == 0:
        value += 5 * survive(0)
    return value


@dataclass(frozen=True)
class Level:
    """How one level plays."""

    name: str
    careless: float
    """How often the easy player takes a near-best choice at random."""
    lookahead: bool
    """Judge hands by the deadwood expected after the next draw (hard)."""
    rotate: bool
    knock_at: tuple[int, ...]
    """Knock at this deadwood or less, by the seat's own draws this round (the first entry
    after its first draw, the last for every later one): easy, normal and the styles; the
    hard level weighs its chances instead."""
    guard: bool
    """Keep the next player from cards that fit what it was seen to take."""


LEVELS: Final = {
    "easy": Level("easy", careless=0.35, lookahead=False, rotate=False, knock_at=(3,), guard=False),
    "normal": Level(
        "normal", careless=0.0, lookahead=False, rotate=True, knock_at=(14,), guard=False
    ),
    "hard": Level("hard", careless=0.0, lookahead=True, rotate=True, knock_at=(10,), guard=True),
}


def player(level: str) -> KokutorumCpu:
    """The computer player at `level`."""
    return KokutorumCpu(LEVELS[level])


# --------------------------------------------------------------------------- what is known


def unseen(view: Mapping[str, Any]) -> list[str]:
    """The cards this seat has not seen: in the stock or in another hand, face down."""
    seen = {base(c) for c in view.get("hand") or []}
    seen |= set(view.get("pile") or [])
    for known in view.get("known") or []:
        seen |= {base(c) for c in known if c}
    if view.get("drawn"):
        seen.add(str(view["drawn"]))
    return [c for c in DECK if c not in seen]


def own_draws(view: Mapping[str, Any]) -> int:
    """The seat's draws this round (the one of the turn it is playing included)."""
    me = view.get("viewer")
    return sum(1 for e in view.get("log") or [] if e.get("type") == DRAW and e.get("seat") == me)


def weights(cards: Sequence[str]) -> tuple[tuple[int, int], ...]:
    """Each unseen card as its two values."""
    return tuple(ends(c) for c in cards)


@lru_cache(maxsize=1 << 17)
def best_after(hand: tuple[int, ...], v: int) -> int:
    """About the least deadwood of `hand` after a card showing `v` is inserted and one card
    discarded (`deadwood_less_one`: a card outside the melds goes).

    Only gaps next to a card it can meld with (one colour, numbers at most one apart) can
    gain, and discarding the new card keeps the hand as it was.
    """
    best = deadwood(hand)
    n = len(hand)
    for p in range(n + 1):
        left = hand[p - 1] if p else None
        right = hand[p] if p < n else None
        if (left is not None and -1 <= left - v <= 1) or (
            right is not None and -1 <= right - v <= 1
        ):
            d = deadwood_less_one((*hand[:p], v, *hand[p:]))
            if d < best:
                best = d
    return best


@lru_cache(maxsize=1 << 16)
def expected_next(hand: tuple[int, ...], pool: tuple[tuple[int, int], ...]) -> float:
    """The deadwood expected after drawing one unseen card and playing it at best."""
    if not pool:
        return float(deadwood(hand))
    total = 0
    for white, black in pool:
        total += min(best_after(hand, white), best_after(hand, black))
    return total / len(pool)


def chances(hand: tuple[int, ...]) -> int:
    """Meld chances a hand keeps open: neighbours of one colour one or two apart, outside its
    melds."""
    _, melds = partition(hand)
    in_meld = [False] * len(hand)
    for m in melds:
        for i in range(m.start, m.end):
            in_meld[i] = True
    out = 0
    for i in range(len(hand) - 1):
        if in_meld[i] and in_meld[i + 1]:
            continue
        if abs(hand[i + 1] - hand[i]) <= 2:
            out += 1
    return out


@dataclass(frozen=True)
class Play:
    """An insert and the discard after it, and the 8 cards that then stay."""

    position: int
    upright: str
    discard: int
    hand: tuple[int, ...]
    points: int


def gaps(hand: tuple[int, ...], v: int) -> list[int]:
    """The gaps worth trying for a card showing `v`: both ends, and every gap next to a card
    it can meld with. Anywhere else it can only be deadwood, which an end costs nothing to
    hold (and a card between it and its partner can be the discard instead)."""
    n = len(hand)
    out = [0]
    for p in range(1, n):
        if -1 <= hand[p - 1] - v <= 1 or -1 <= hand[p] - v <= 1:
            out.append(p)
    out.append(n)
    return out


def plays(hand: tuple[int, ...], card: str, margin: int = 0) -> list[Play]:
    """The inserts of `card` and discards after it that keep the least deadwood (within
    `margin` of it), lowest first; discarding the card itself is one of them."""
    found: list[tuple[int, int, str, int, tuple[int, ...]]] = [
        (deadwood(hand), len(hand), "W", len(hand), hand)
    ]
    seen = {hand}
    for upright in ("W", "B"):
        v = value_of(card, upright)
        for p in gaps(hand, v):
            nine = (*hand[:p], v, *hand[p:])
            for q in range(len(nine)):
                if q == p:
                    continue
                eight = nine[:q] + nine[q + 1 :]
                if eight in seen:
                    continue
                seen.add(eight)
                found.append((deadwood(eight), p, upright, q, eight))
    low = min(f[0] for f in found)
    out = [Play(p, up, q, eight, d) for d, p, up, q, eight in found if d <= low + margin]
    out.sort(key=lambda play: play.points)
    return out


def makes_meld(hand: tuple[int, ...], card: str) -> bool:
    """True when `card` (either end up) can sit between or beside cards it melds with, three
    in a row: the quick test before weighing a card from the pile."""
    n = len(hand)
    for v in ends(card):
        for p in range(n + 1):
            window = [*hand[max(0, p - 2) : p], v, *hand[p : p + 2]]
            at = min(p, 2)
            for start in range(max(0, at - 2), at + 1):
                three = window[start : start + 3]
                if len(three) == 3:
                    step = three[1] - three[0]
                    if -1 <= step <= 1 and three[2] - three[1] == step:
                        return True
    return False


def fits(v: int, others: Sequence[int]) -> bool:
    """True when a card showing `v` melds with one of `others` (one colour, 0 or 1 apart)."""
    return any(-1 <= v - o <= 1 for o in others)


# --------------------------------------------------------------------------- the player


class KokutorumCpu:
    """A computer player for Kokutorum at one level."""

    def __init__(self, level: Level) -> None:
        self.level = level

    def decide(self, decision: Decision) -> Action | None:
        """The action for the prompt (None lets an optional knock pass)."""
        return self.explain(decision).action

    def explain(self, decision: Decision) -> Hint:
        """The action with a reason the bot can put into words."""
        kind = decision.prompt.kind
        if kind == ROTATE:
            return self._rotate(decision)
        if kind == DRAW:
            return self._draw(decision)
        if kind == INSERT:
            return self._insert(decision)
        if kind == DISCARD:
            return self._discard(decision)
        if kind == KNOCK:
            return self._knock_window(decision)
        prompt = decision.prompt
        return Hint(prompt.choices[0] if prompt.choices else prompt.default)

    # -- helpers -------------------------------------------------------------------------

    @staticmethod
    def _choice(decision: Decision, kind: str, **fields: JSON) -> Action:
        """The prompt's choice of this type and fields (as the engine builds it)."""
        return Action(decision.prompt.seat, kind, tuple(sorted(fields.items())))

    def _pool(self, view: Mapping[str, Any]) -> tuple[tuple[int, int], ...]:
        return weights(unseen(view))

    def _score(self, view: Mapping[str, Any], hand: tuple[int, ...]) -> float:
        """How good 8 cards are to keep (lower is better)."""
        if self.level.lookahead:
            return expected_next(hand, self._pool(view))
        return deadwood(hand) - 0.1 * chances(hand)

    def _danger(self, view: Mapping[str, Any], card: str) -> float:
        """How much a discard helps the next player, from the cards it was seen to take."""
        if not self.level.guard:
            return 0.0
        seats = int(view["seats"])
        seat = int(view["viewer"])
        nxt = (seat + 1) % seats
        taken = [value(c) for c in (view.get("known") or [[]] * seats)[nxt] if c]
        if not taken:
            return 0.0
        white, black = ends(card)
        return 1.5 if fits(white, taken) or fits(black, taken) else 0.0

    def knock_worth(self, view: Mapping[str, Any], points: int) -> bool:
        """Whether to knock with `points` of deadwood now."""
        level = self.level
        if points == 0:
            return True
        if not level.lookahead:
            drawn = own_draws(view)
            return points <= level.knock_at[min(len(level.knock_at), max(1, drawn)) - 1]
        now = knock_value(points, opponents(view, 0))
        if now < MIN_GAIN:
            return False
        hand = values(view.get("hand") or [])
        if len(hand) != 8 or not view.get("stock_count"):
            return True
        later = expected_next(hand, self._pool(view))
        return now >= WAIT * knock_value(round(later), opponents(view, 1))

    # -- the decisions -------------------------------------------------------------------

    def _rotate(self, decision: Decision) -> Hint:
        view = decision.view
        hand = values(view.get("hand") or [])
        keep = self._choice(decision, "keep")
        if not self.level.rotate:
            return Hint(keep, "keep")
        turned = values(rotated(view.get("hand") or []))
        if self._score(view, turned) < self._score(view, hand) - 1e-9:
            return Hint(
                self._choice(decision, "rotate"),
                "rotate",
                {"points": deadwood(turned), "before": deadwood(hand)},
            )
        return Hint(keep, "keep", {"points": deadwood(hand)})

    def _draw(self, decision: Decision) -> Hint:
        view = decision.view
        hand = values(view.get("hand") or [])
        pile = list(view.get("pile") or [])
        stock = self._choice(decision, DRAW, **{"from": STOCK}) if view.get("stock_count") else None
        if not pile or stock is None:
            action = stock or self._choice(decision, DRAW, **{"from": PILE})
            return Hint(action, "only_draw")
        top = pile[-1]
        if not self.level.lookahead and not makes_meld(hand, top):
            return Hint(stock, "stock")
        best = plays(hand, top)[0]
        take = self._choice(decision, DRAW, **{"from": PILE})
        if self.level.lookahead:
            expected = expected_next(hand, self._pool(view))
            if best.points < expected - 0.5:
                return Hint(take, "pile_better", {"card": top, "points": best.points})
            return Hint(stock, "stock_better")
        if best.points <= deadwood(hand) - 3:
            return Hint(take, "pile_meld", {"card": top, "points": best.points})
        return Hint(stock, "stock")

    def _ranked(self, decision: Decision, options: list[Play]) -> list[tuple[float, Play]]:
        """Plays by score, best first (deadwood, or expected deadwood, and the guard)."""
        view = decision.view
        low = options[0].points
        margin = 4 if self.level.lookahead else 3 if self.level.careless else 0
        near = [p for p in options if p.points <= low + margin]
        seen: dict[tuple[int, ...], float] = {}
        ranked = []
        hand9 = list(view.get("hand") or [])
        for play in near:
            score = seen.get(play.hand)
            if score is None:
                score = seen[play.hand] = self._score(view, play.hand)
            if self.level.lookahead and self.knock_worth(view, play.points):
                score = min(score, play.points - 0.5)
            if self.level.guard:
                card = _discarded(hand9, play, view)
                if card is not None:
                    score += self._danger(view, card)
            ranked.append((score, play))
        ranked.sort(
            key=lambda sp: (sp[0], sp[1].points, sp[1].position, sp[1].upright, sp[1].discard)
        )
        return ranked

    def _pick(self, decision: Decision, ranked: list[tuple[float, Play]]) -> Play:
        if self.level.careless and decision.rng.random() < self.level.careless:
            low = ranked[0][1].points
            near = [p for _, p in ranked if p.points <= low + 3] or [ranked[0][1]]
            return choice(decision.rng, near)
        return ranked[0][1]

    def _insert(self, decision: Decision) -> Hint:
        view = decision.view
        hand = values(view.get("hand") or [])
        card = str(view.get("drawn"))
        options = plays(hand, card, 4 if self.level.lookahead else 3 if self.level.careless else 0)
        if view.get("drawn_from") == PILE:
            # a card taken from the pile must lower the deadwood: so a pile taken back and forth
            # always runs down, and CPU-only rounds end (the stock's draws are few)
            lower = [p for p in options if p.points < deadwood(hand)]
            options = lower or options
        if self.level.careless:
            options = sorted(
                {(p.position, p.upright, p.discard): p for p in options}.values(),
                key=lambda p: p.points,
            )
        ranked = self._ranked(decision, options)
        chosen = self._pick(decision, ranked)
        action = self._choice(decision, INSERT, position=chosen.position, upright=chosen.upright)
        v = value_of(card, chosen.upright)
        nine = (*hand[: chosen.position], v, *hand[chosen.position :])
        _, melds = partition(nine)
        joined = any(m.start <= chosen.position < m.end for m in melds)
        reason = "insert_meld" if joined else "insert_low"
        return Hint(action, reason, {"points": chosen.points})

    def _discard(self, decision: Decision) -> Hint:
        view = decision.view
        nine = values(view.get("hand") or [])
        options = []
        for q in range(len(nine)):
            eight = nine[:q] + nine[q + 1 :]
            options.append(Play(-1, "W", q, eight, deadwood(eight)))
        options.sort(key=lambda p: p.points)
        points9 = deadwood(nine)
        if points9 == 0 or (points9 <= options[0].points and self.knock_worth(view, points9)):
            return Hint(self._choice(decision, KNOCK), "knock", {"points": points9})
        before = _before_pile_draw(view, nine)
        if before is not None:  # as in `_insert`: a card from the pile must lower the deadwood
            options = [p for p in options if p.points < before] or options
        ranked = self._ranked(decision, options)
        chosen = self._pick(decision, ranked)
        card = str(view["hand"][chosen.discard])
        return Hint(
            self._choice(decision, DISCARD, position=chosen.discard),
            "discard",
            {"card": base(card), "points": chosen.points},
        )

    def _knock_window(self, decision: Decision) -> Hint:
        view = decision.view
        points = deadwood(values(view.get("hand") or []))
        if self.knock_worth(view, points):
            return Hint(self._choice(decision, KNOCK), "knock", {"points": points})
        return Hint(None, "wait", {"points": points})


def _before_pile_draw(view: Mapping[str, Any], nine: tuple[int, ...]) -> int | None:
    """The deadwood the seat had before this turn's draw when it drew from the pile (the
    round's log ends with that draw and its insert), else None."""
    log = view.get("log") or []
    if len(log) < 2:
        return None
    drew, placed = log[-2], log[-1]
    seat = view.get("viewer")
    if drew.get("type") != DRAW or drew.get("from") != PILE or drew.get("seat") != seat:
        return None
    if placed.get("type") != INSERT or placed.get("seat") != seat:
        return None
    p = int(placed["position"])
    return deadwood(nine[:p] + nine[p + 1 :])


def _discarded(hand: Sequence[str], play: Play, view: Mapping[str, Any]) -> str | None:
    """The card a play discards: the drawn card or one of the hand's."""
    if play.position < 0:
        return base(hand[play.discard]) if 0 <= play.discard < len(hand) else None
    if play.discard == play.position:
        drawn = view.get("drawn")
        return str(drawn) if drawn else None
    index = play.discard if play.discard < play.position else play.discard - 1
    return base(hand[index])
