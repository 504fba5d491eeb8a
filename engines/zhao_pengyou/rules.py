"""Zhao Pengyou's plays: leads and their shapes, the duties of following, who wins a trick.

Everything here is a pure function of card types (`cards.py`) and a deal's `Trump`, shared by
the engine, its CPU players and their simulations. A play is split into *units*, its groups of
identical cards (`8S 8D` are two units even when the 8s are equally strong trumps).

- A lead is all of one effective suit, its units all of one size. One unit: a single or a set.
  Several units of one size ≥ 2 at consecutive places (`Trump.seq`: the trump rank left out, no
  joker, no trump-rank card): a sequence of sets, always allowed. Anything else of one size: a
  throw, which stands when its every card is a top card (`throw_stands`).
- Following a lead of n cards in effective suit L: play n cards; as many of L as you hold, up
  to n; and when the lead's units are sets of m, as many sets of m of L (a type held c times
  gives ⌊c/m⌋) as the lead has units, or all you hold (`follow_problem`).
- Winning (`play_key`): a play that has the lead's shape, all of the led suit or all trumps,
  gets a key; the highest key wins, ties going to the earlier play. Trumps outrank the led
  suit; sets and sequences compare by their (highest) card, throws card by card or set by set
  from the strongest.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from engines.errors import IllegalAction
from engines.zhao_pengyou.cards import TRUMP, Trump, suit_name

SINGLE, SET, SEQUENCE, THROW = "single", "set", "sequence", "throw"

Key = tuple[int, object]
"""A play's rank in its trick: (1 for trumps / 0 for the led suit, its strength)."""


class Shape(NamedTuple):
    """What a lead is: its kind, effective suit, unit size m and number of units k."""

    kind: str
    suit: int
    size: int
    units: int

    @property
    def cards(self) -> int:
        """Cards each seat plays to this lead."""
        return self.size * self.units


def units_of(play: Iterable[int]) -> dict[int, int]:
    """The units of a play: each type with its count, in the order they first appear."""
    out: dict[int, int] = {}
    for t in play:
        out[t] = out.get(t, 0) + 1
    return out


def lead_shape(units: dict[int, int], trump: Trump) -> Shape:
    """The shape of a lead (its units); IllegalAction for several suits or unequal units."""
    eff = trump.eff
    suit = -1
    for t in units:
        e = eff[t]
        if suit < 0:
            suit = e
        elif e != suit:
            raise IllegalAction(
                "lead_suits",
                "A lead is all of one suit (all trumps count as one suit).",
            )
    counts = set(units.values())
    if len(counts) != 1:
        raise IllegalAction(
            "lead_units",
            "Lead identical cards in groups of one size: singles, or sets of the same size.",
        )
    size = counts.pop()
    k = len(units)
    if k == 1:
        return Shape(SINGLE if size == 1 else SET, suit, size, 1)
    if size >= 2 and is_sequence(units, trump):
        return Shape(SEQUENCE, suit, size, k)
    return Shape(THROW, suit, size, k)


def is_sequence(units: dict[int, int], trump: Trump) -> bool:
    """True when the units sit at consecutive places of a sequence (no joker, no trump rank)."""
    seq = trump.seq
    places = sorted(seq[t] for t in units)
    return places[0] >= 0 and places[-1] - places[0] == len(places) - 1


def throw_stands(units: dict[int, int], trump: Trump, others_best: Iterable[int]) -> bool:
    """A throw stands when no other hand holds a stronger card of its suit than its weakest.

    `others_best` is, for each other seat, the strength of its strongest card of the throw's
    suit (-1 when it holds none); the kitty is in nobody's hand.
    """
    return max(others_best, default=-1) <= weakest_strength(units, trump)


def weakest_strength(units: dict[int, int], trump: Trump) -> int:
    """The strength of the weakest card of a play."""
    strength = trump.strength
    return min(strength[t] for t in units)


def weakest_unit(units: dict[int, int], trump: Trump) -> tuple[int, int]:
    """The unit a failed throw leads: its weakest, of equally strong ones the first listed."""
    strength = trump.strength
    best: tuple[int, int] | None = None
    for t, n in units.items():
        if best is None or strength[t] < strength[best[0]]:
            best = (t, n)
    assert best is not None
    return best


def follow_problem(
    hand: Sequence[int], units: dict[int, int], count: int, shape: Shape, trump: Trump
) -> IllegalAction | None:
    """Why a follow of `count` cards (`units`) breaks a duty for `hand`, or None when legal.

    The cards are known to be held; only the duties of the document are judged here.
    """
    need = shape.cards
    led = shape.suit
    if count != need:
        return IllegalAction(
            "follow_count",
            f"Play {need} card{'s' if need != 1 else ''} to this lead.",
            count=need,
        )
    members = trump.members[led]
    held = 0
    for t in members:
        held += hand[t]
    eff = trump.eff
    played = 0
    for t, n in units.items():
        if eff[t] == led:
            played += n
    owed = need if held >= need else held
    if played < owed:
        return IllegalAction(
            "follow_led_suit",
            f"Play {owed} card{'s' if owed != 1 else ''} of the led suit ({_suit_word(led)}):"
            " you hold them.",
            count=owed,
            suit=suit_name(led),
        )
    m = shape.size
    if m >= 2:
        sets_held = 0
        for t in members:
            sets_held += hand[t] // m
        owed_sets = min(shape.units, sets_held)
        if owed_sets:
            sets_played = 0
            for t, n in units.items():
                if eff[t] == led:
                    sets_played += n // m
            if sets_played < owed_sets:
                return IllegalAction(
                    "follow_sets",
                    f"Play {owed_sets} set{'s' if owed_sets != 1 else ''} of {m} identical"
                    f" cards of the led suit ({_suit_word(led)}): you hold them.",
                    count=owed_sets,
                    size=m,
                    suit=suit_name(led),
                )
    return None


def _suit_word(suit: int) -> str:
    return ("spades", "hearts", "diamonds", "clubs", "trumps")[suit]


def play_key(units: dict[int, int], shape: Shape, trump: Trump) -> Key | None:
    """The rank of a play in a trick led as `shape`, or None when it cannot win it."""
    eff = trump.eff
    strength = trump.strength
    suit = -1
    for t in units:
        e = eff[t]
        if suit < 0:
            suit = e
        elif e != suit:
            return None
    if suit != shape.suit and suit != TRUMP:
        return None
    tier = 1 if suit == TRUMP else 0
    kind = shape.kind
    if kind == SINGLE:
        (t,) = units
        return (tier, strength[t])
    if kind == SET:
        if len(units) != 1:
            return None
        (t,) = units
        return (tier, strength[t])
    m = shape.size
    if kind == SEQUENCE:
        if len(units) != shape.units:
            return None
        for n in units.values():
            if n != m:
                return None
        if not is_sequence(units, trump):
            return None
        return (tier, max(trump.seq[t] for t in units))
    # a throw: card by card (singles) or set by set (sets of m), from the strongest
    parts: list[int] = []
    for t, n in units.items():
        if n % m:
            return None
        parts += [strength[t]] * (n // m)
    parts.sort(reverse=True)
    return (tier, tuple(parts))
