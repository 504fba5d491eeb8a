"""Card codes of docs/records.md: French cards, jokers, multi-deck copies and two-number cards.

A card is its canonical code, a short string: `QS`, `TC`, `2H`, `BJ`, `SJ`, `W2B5`, and a
held two-number card with its orientation, `W2B5/W`. Codes are hashable and JSON-ready, so the
engines pass them around as they are; copies in multi-deck games share one code.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Final

RANKS: Final = "A23456789TJQK"
"""Ranks in counting order (A low); games define their own strength orders."""
SUITS: Final = "SHDC"
BIG_JOKER: Final = "BJ"
SMALL_JOKER: Final = "SJ"
JOKERS: Final = (BIG_JOKER, SMALL_JOKER)

SUIT_SYMBOLS: Final = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SYMBOL_SUITS: Final = {v: k for k, v in SUIT_SYMBOLS.items()} | {
    "♤": "S",
    "♡": "H",
    "♢": "D",
    "♧": "C",
}
_RANK_ALIASES: Final = {"10": "T", "1": "A"}


class CardError(ValueError):
    """Text that is not a card."""


def standard_deck(jokers: bool = False) -> list[str]:
    """The 52 French cards (and the two jokers when asked), suit by suit, A to K."""
    deck = [rank + suit for suit in SUITS for rank in RANKS]
    if jokers:
        deck += [BIG_JOKER, SMALL_JOKER]
    return deck


def multi_deck(decks: int, jokers: bool = True) -> list[str]:
    """`decks` copies of the standard deck (copies share their code)."""
    return [card for _ in range(decks) for card in standard_deck(jokers)]


def parse_rank(text: str) -> str:
    """A rank from `7`, `10`, `t`, `q`, `A`... as its canonical letter."""
    t = text.strip().upper()
    t = _RANK_ALIASES.get(t, t)
    if len(t) == 1 and t in RANKS:
        return t
    raise CardError(f"'{text}' is not a rank (A 2-10 J Q K).")


def parse_card(text: str) -> str:
    """A French card or joker from canonical or friendly text (`10C`, `q♠`, `♠Q`, `bj`)."""
    t = text.strip().upper().replace(" ", "")
    if t in JOKERS:
        return t
    if t in ("JOKER+", "BIGJOKER", "REDJOKER"):
        return BIG_JOKER
    if t in ("JOKER-", "SMALLJOKER", "BLACKJOKER"):
        return SMALL_JOKER
    for symbol, letter in _SYMBOL_SUITS.items():
        t = t.replace(symbol, letter)
    if len(t) >= 2 and t[0] in SUITS and t[1:] not in SUITS:
        t = t[1:] + t[0]  # suit written first: "S10"
    rank, suit = t[:-1], t[-1:]
    if suit not in SUITS:
        raise CardError(f"'{text}' is not a card (try QS, 10H, 7♣).")
    try:
        return parse_rank(rank) + suit
    except CardError:
        raise CardError(f"'{text}' is not a card (try QS, 10H, 7♣).") from None


def card_label(card: str) -> str:
    """A card as players read it: `Q♠`, `10♥`, `BJ` becomes `Joker+`."""
    if card == BIG_JOKER:
        return "Joker+"
    if card == SMALL_JOKER:
        return "Joker−"
    if TWO_NUMBER.match(card):
        return two_number_label(card)
    rank = "10" if card[0] == "T" else card[0]
    return rank + SUIT_SYMBOLS[card[1]]


def check_permutation(cards: Sequence[str], deck: Sequence[str]) -> None:
    """Raise CardError unless `cards` holds exactly the cards of `deck` (with multiplicity)."""
    bad = [c for c in cards if not isinstance(c, str)]
    if bad:
        raise CardError(f"{bad[0]!r} is not a card code.")
    have, want = Counter(cards), Counter(deck)
    if have == want:
        return
    extra = sorted((have - want).elements())
    missing = sorted((want - have).elements())
    parts = []
    if extra:
        parts.append("unexpected or repeated " + " ".join(_shown(c) for c in extra[:8]))
    if missing:
        parts.append("missing " + " ".join(missing[:8]))
    raise CardError("The deal is not a permutation of the deck: " + "; ".join(parts) + ".")


def _shown(code: str) -> str:
    """A code as an error message may show it: on one line, short, quoted when odd."""
    if code.isprintable() and code.strip() == code and 0 < len(code) <= 8:
        return code
    return repr(code[:8]) + ("…" if len(code) > 8 else "")


# --------------------------------------------------------------------------- two-number cards

TWO_NUMBER: Final = re.compile(r"^W([1-6])B([1-6])(?:/([WB]))?$")
_TWO_NUMBER_LOOSE: Final = re.compile(r"^(?:W([1-6])B([1-6])|B([1-6])W([1-6]))(?:/([WB]))?$")


def two_number_deck() -> list[str]:
    """The 30 two-number cards: white n, black m, n != m, 1..6."""
    return [f"W{w}B{b}" for w in range(1, 7) for b in range(1, 7) if w != b]


def parse_two_number(text: str) -> str:
    """A two-number card (`w2b5`, `B5W2`, `W2B5/b`) in canonical form, orientation kept."""
    m = _TWO_NUMBER_LOOSE.match(text.strip().upper())
    if not m or (m.group(1) or m.group(4)) == (m.group(2) or m.group(3)):
        raise CardError(f"'{text}' is not a two-number card (like W2B5 or W2B5/B).")
    white = m.group(1) or m.group(4)
    black = m.group(2) or m.group(3)
    code = f"W{white}B{black}"
    return f"{code}/{m.group(5)}" if m.group(5) else code


def two_number_parts(card: str) -> tuple[int, int, str | None]:
    """(white, black, upright colour or None) of a two-number code."""
    m = TWO_NUMBER.match(card)
    if not m:
        raise CardError(f"'{card}' is not a two-number card code.")
    return int(m.group(1)), int(m.group(2)), m.group(3)


def orient(card: str, upright: str) -> str:
    """The held form of a two-number card with `upright` ('W' or 'B') on top."""
    if upright not in ("W", "B"):
        raise CardError("Orientation is W (white up) or B (black up).")
    return card.split("/")[0] + "/" + upright


def turn_over(card: str) -> str:
    """The same held card rotated 180 degrees."""
    white, black, up = two_number_parts(card)
    return f"W{white}B{black}/" + ("B" if up == "W" else "W")


def upright_value(card: str) -> tuple[str, int]:
    """(colour, number) that counts for a held two-number card."""
    white, black, up = two_number_parts(card)
    if up is None:
        raise CardError(f"'{card}' has no orientation.")
    return ("W", white) if up == "W" else ("B", black)


def two_number_label(card: str) -> str:
    """`○2/●5` for W2B5; the upright end first when oriented."""
    white, black, up = two_number_parts(card)
    if up == "B":
        return f"●{black}/○{white}"
    return f"○{white}/●{black}"
