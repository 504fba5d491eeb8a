"""The 52 cards of Gong Zhu as bit positions, so that a hand is one integer.

A card's index is `suit * 13 + rank` with ranks 2..A as 0..12 and the suits numbered
♦ 0, ♣ 1, ♥ 2, ♠ 3. A hand, the cards played or the cards a seat has taken are masks (one bit
per card). Going down the bits from the top lists a hand as players sort it: ♠ A..2, ♥ A..2,
♣ A..2, ♦ A..2 (the colours alternate). Within a suit a higher index is a stronger card, so
comparing indices compares strength. Outside this package cards are the codes of docs/records.md
(`QS`, `TC`, `7H`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

RANKS: Final = "23456789TJQKA"
SUITS: Final = "DCHS"
"""Suit letters by suit number (♦ ♣ ♥ ♠)."""
DIAMONDS, CLUBS, HEARTS, SPADES = range(4)

CODES: Final[tuple[str, ...]] = tuple(rank + suit for suit in SUITS for rank in RANKS)
INDEX: Final[dict[str, int]] = {code: i for i, code in enumerate(CODES)}
SUIT_OF: Final[tuple[int, ...]] = tuple(i // 13 for i in range(52))
RANK_OF: Final[tuple[int, ...]] = tuple(i % 13 for i in range(52))
BIT: Final[tuple[int, ...]] = tuple(1 << i for i in range(52))
SUIT_MASK: Final[tuple[int, ...]] = tuple(0x1FFF << (13 * s) for s in range(4))
ALL: Final = (1 << 52) - 1

AH, QS, JD, TC = INDEX["AH"], INDEX["QS"], INDEX["JD"], INDEX["TC"]
"""The four cards that can be exposed: the heart ace, the pig, the sheep, the transformer."""
TWO_OF_SPADES: Final = INDEX["2S"]
HEART_MASK: Final = SUIT_MASK[HEARTS]
EXPOSABLE: Final = BIT[AH] | BIT[QS] | BIT[JD] | BIT[TC]
SCORING: Final = HEART_MASK | BIT[QS] | BIT[JD] | BIT[TC]
"""The 16 scoring cards (得点札): the 13 hearts, the pig, the sheep, the transformer."""

HEART_POINTS: Final[dict[int, int]] = {
    INDEX[rank + "H"]: points
    for rank, points in zip(
        RANKS, (0, 0, 0, -10, -10, -10, -10, -10, -10, -20, -30, -40, -50), strict=True
    )
}
"""Hearts 2, 3, 4 are worth 0 (but still scoring cards), 5..10 −10, J −20, Q −30, K −40, A −50."""

SUIT_NAMES: Final = {DIAMONDS: "diamonds", CLUBS: "clubs", HEARTS: "hearts", SPADES: "spades"}
SUIT_SYMBOLS: Final = {DIAMONDS: "♦", CLUBS: "♣", HEARTS: "♥", SPADES: "♠"}


def cards_of(mask: int) -> list[int]:
    """The cards of a mask, as a player sorts them (♠ A first, ♦ 2 last)."""
    out = []
    while mask:
        i = mask.bit_length() - 1
        out.append(i)
        mask ^= 1 << i
    return out


def codes_of(mask: int) -> list[str]:
    """The codes of a mask's cards, sorted as in a hand."""
    out = []
    while mask:
        i = mask.bit_length() - 1
        out.append(CODES[i])
        mask ^= 1 << i
    return out


def mask_of(cards: Iterable[int]) -> int:
    """The mask of some card indices."""
    mask = 0
    for i in cards:
        mask |= 1 << i
    return mask


def mask_of_codes(codes: Iterable[str]) -> int:
    """The mask of some card codes (KeyError for a code that is not a card)."""
    mask = 0
    for code in codes:
        mask |= 1 << INDEX[code]
    return mask


def count(mask: int) -> int:
    """How many cards a mask holds."""
    return mask.bit_count()


def highest(mask: int) -> int:
    """The index of the top bit of a non-empty mask (the strongest card of a one-suit mask)."""
    return mask.bit_length() - 1


def lowest(mask: int) -> int:
    """The index of the lowest bit of a non-empty mask (the weakest card of a one-suit mask)."""
    return (mask & -mask).bit_length() - 1


def label(index: int) -> str:
    """A card as players read it: `Q♠`, `10♣`."""
    rank = RANKS[RANK_OF[index]]
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS[SUIT_OF[index]]
