"""The 30 two-number cards and a hand of them: held cards, their upright end, rotation.

A card is `WnBm` (white n, black m, n != m, 1..6). Held in a hand it has an upright end,
`WnBm/W` or `WnBm/B`, and only that end counts (the document's 正位置). Rules and CPUs work on
*values*: small ints that say colour and number at once, white n = n (1..6), black n = n + 8
(9..14). Two values one apart, or equal, are then always of one colour, which is what every
meld test needs.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from engines.cards import two_number_deck, two_number_label

WHITE, BLACK = "W", "B"
UPRIGHTS: Final = (WHITE, BLACK)
DECK: Final[tuple[str, ...]] = tuple(two_number_deck())
"""The 30 cards, W1B2 ... W6B5."""
BLACK_OFFSET: Final = 8
VALUES: Final[tuple[int, ...]] = (*range(1, 7), *range(9, 15))
"""The twelve values: white 1..6, then black 1..6."""

_PARTS: Final[dict[str, tuple[int, int]]] = {card: (int(card[1]), int(card[3])) for card in DECK}
_HELD: Final[dict[str, int]] = {}
for _card, (_w, _b) in _PARTS.items():
    _HELD[f"{_card}/W"] = _w
    _HELD[f"{_card}/B"] = _b + BLACK_OFFSET
HELD: Final[frozenset[str]] = frozenset(_HELD)
"""Every held code there is (60)."""


def hold(card: str, upright: str) -> str:
    """The held form of `card` (unoriented) with `upright` ('W' or 'B') counting."""
    return f"{card}/{upright}"


def base(held: str) -> str:
    """The card of a held code, without its orientation."""
    return held[:4]


def upright_of(held: str) -> str:
    """'W' or 'B': the end that counts."""
    return held[5]


def turn(held: str) -> str:
    """The same held card turned 180 degrees."""
    return held[:5] + (BLACK if held[5] == WHITE else WHITE)


def value(held: str) -> int:
    """The value of a held card (white n = n, black n = n + 8)."""
    return _HELD[held]


def value_of(card: str, upright: str) -> int:
    """The value `card` shows with `upright` on top."""
    white, black = _PARTS[card]
    return white if upright == WHITE else black + BLACK_OFFSET


def ends(card: str) -> tuple[int, int]:
    """The two values a card can show: (white end, black end)."""
    white, black = _PARTS[card]
    return white, black + BLACK_OFFSET


def number(v: int) -> int:
    """The number of a value (1..6)."""
    return v & 7


def colour(v: int) -> str:
    """'W' or 'B' of a value."""
    return WHITE if v < BLACK_OFFSET else BLACK


def make_value(upright: str, n: int) -> int:
    """The value of colour `upright` and number `n`."""
    return n if upright == WHITE else n + BLACK_OFFSET


def values(hand: Iterable[str]) -> tuple[int, ...]:
    """The values of a hand, in order."""
    return tuple(_HELD[c] for c in hand)


def rotated(hand: Sequence[str]) -> list[str]:
    """The whole hand turned 180 degrees: the order reversed and every card turned."""
    return [turn(c) for c in reversed(hand)]


def is_card(code: object) -> bool:
    """True for an unoriented card code of the deck."""
    return isinstance(code, str) and code in _PARTS


def is_held(code: object) -> bool:
    """True for a held (oriented) code."""
    return isinstance(code, str) and code in _HELD


def value_label(v: int) -> str:
    """A value as players read it: ○2 (white 2), ●5 (black 5)."""
    return ("○" if v < BLACK_OFFSET else "●") + str(v & 7)


def label(code: str) -> str:
    """A card as players read it: `○2/●5`, the upright end first when held."""
    return two_number_label(code)
