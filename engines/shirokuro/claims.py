"""Who may claim a discard, and how (docs/records.md `shirokuro`, RULINGS).

- ron (any other seat): the discard inserted at some position with either end up wins;
- pon (any other seat): two adjacent hand cards show the same colour and number, and the
  discard shows it too (on one of its ends);
- chi (the discarder's next seat only): two adjacent hand cards of one colour that, with the
  discard read in that colour, are three consecutive numbers.
After the discard that follows the stock's last draw only ron counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from engines.shirokuro.shape import kept
from engines.two_number.cards import BLACK_OFFSET, UPRIGHTS, value_of
from engines.two_number.melds import is_win

RON, PON, CHI, PASS = "ron", "pon", "chi", "pass"
CLAIMS: Final = (RON, PON, CHI, PASS)


class Options(NamedTuple):
    """A seat's claims on one discard: winning (position, upright) pairs, pon and chi positions."""

    ron: tuple[tuple[int, str], ...]
    pon: tuple[int, ...]
    chi: tuple[int, ...]

    def any(self) -> bool:
        """True when the seat may claim at all."""
        return bool(self.ron or self.pon or self.chi)


def ron_options(hand: Sequence[int], melds: int, card: str) -> tuple[tuple[int, str], ...]:
    """Every (position, upright) at which `card` completes the concealed hand."""
    vs = tuple(hand)
    if not tenpai(vs, melds):
        return ()
    out = []
    for upright in UPRIGHTS:
        v = value_of(card, upright)
        for p in range(len(vs) + 1):
            if is_win((*vs[:p], v, *vs[p:]), melds):
                out.append((p, upright))
    return tuple(sorted(out))


def pon_options(hand: Sequence[int], card: str) -> tuple[int, ...]:
    """Positions p whose cards p and p+1 make a koutsu with the discard."""
    shown = (value_of(card, "W"), value_of(card, "B"))
    return tuple(p for p in range(len(hand) - 1) if hand[p] == hand[p + 1] and hand[p] in shown)


def chi_value(a: int, b: int, card: str) -> int | None:
    """The value the discard takes in a chi with adjacent cards a, b (None when it can't)."""
    if (a < BLACK_OFFSET) != (b < BLACK_OFFSET) or a == b:
        return None
    v = value_of(card, "W" if a < BLACK_OFFSET else "B")
    numbers = sorted((a & 7, b & 7, v & 7))
    if numbers[1] == numbers[0] + 1 and numbers[2] == numbers[1] + 1:
        return v
    return None


def chi_options(hand: Sequence[int], card: str) -> tuple[int, ...]:
    """Positions p whose cards p and p+1 make a shuntsu with the discard."""
    return tuple(
        p for p in range(len(hand) - 1) if chi_value(hand[p], hand[p + 1], card) is not None
    )


def options(hand: Sequence[int], melds: int, card: str, next_seat: bool, ron_only: bool) -> Options:
    """Everything a seat may claim on `card` (melds: the melds its concealed hand still needs)."""
    ron = ron_options(hand, melds, card)
    if ron_only:
        return Options(ron, (), ())
    return Options(ron, pon_options(hand, card), chi_options(hand, card) if next_seat else ())


def tenpai(hand: Sequence[int], melds: int) -> bool:
    """One card from winning: some value inserted at some position wins (RULINGS: any card of
    the deck, live or not). That is a hand whose every card stays in some winning hand."""
    vs = tuple(hand)
    return len(vs) == 3 * melds + 1 and kept(vs, melds) == len(vs)
