"""Zhao Pengyou's cards: the sets by seat count, card types, points and the trump order.

A card *type* is an int: `13 * suit + rank` for the French cards (suits `S H D C` as 0..3, ranks
`2 3 4 5 6 7 8 9 T J Q K A` as 0..12), 52 for the small joker and 53 for the big one. Copies
in several decks share their type, so a hand is a list of 54 counts.

Once trump is declared (a suit and a rank), every card belongs to one *effective suit*: the
four plain suits 0..3, or `TRUMP` (4) for the jokers, the four cards of the trump rank and the
trump suit. `Trump` holds, per card type, its effective suit, its strength within that suit,
its place in a sequence of sets (the trump rank left out, jokers and trump-rank cards never in
a sequence), and where a sorted hand shows it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

SUITS: Final = "SHDC"
RANKS: Final = "23456789TJQKA"
"""Rank letters in strength order: index 0 is the 2, index 12 the Ace."""
SMALL_JOKER, BIG_JOKER = 52, 53
TYPES: Final = 54
TRUMP: Final = 4
"""The effective suit of every trump."""
DISPLAY_SUITS: Final = (0, 1, 3, 2)
"""Plain suits in the order a player sorts them: ♠ ♥ ♣ ♦ (the colours alternate)."""

CODES: Final[tuple[str, ...]] = tuple(
    [RANKS[r] + SUITS[s] for s in range(4) for r in range(13)] + ["SJ", "BJ"]
)
INDEX: Final[dict[str, int]] = {code: t for t, code in enumerate(CODES)}
SUIT_OF: Final[tuple[int, ...]] = tuple([t // 13 for t in range(52)] + [TRUMP, TRUMP])
"""The printed suit of a card (the jokers count as trumps)."""
RANK_OF: Final[tuple[int, ...]] = tuple([t % 13 for t in range(52)] + [-1, -1])
POINTS: Final[tuple[int, ...]] = tuple(
    [{3: 5, 8: 10, 11: 10}.get(t % 13, 0) for t in range(52)] + [0, 0]
)
"""Card points: every K and 10 is 10, every 5 is 5 (100 a deck); the others nothing."""
RANK_A: Final = 12
RANK_K: Final = 11


@dataclass(frozen=True)
class Setup:
    """What the seat count fixes (the document's table): decks, jokers, friend calls."""

    decks: int
    big_jokers: int
    small_jokers: int
    calls: int

    @property
    def size(self) -> int:
        """Cards in play."""
        return 52 * self.decks + self.big_jokers + self.small_jokers


SETUPS: Final[dict[int, Setup]] = {
    6: Setup(2, 2, 2, 2),
    7: Setup(2, 0, 0, 2),
    8: Setup(3, 2, 0, 3),
    9: Setup(3, 3, 0, 3),
    10: Setup(3, 0, 0, 4),
    11: Setup(3, 2, 2, 4),
    12: Setup(4, 2, 0, 5),
}
KITTY: Final = 6
"""Cards left undrawn: the kitty, which the declarer takes and replaces by a bury of 6."""


def card_set(seats: int) -> list[str]:
    """Every card of a game for `seats`, as codes (decks in order, jokers last)."""
    setup = SETUPS[seats]
    deck = [CODES[t] for _ in range(setup.decks) for t in range(52)]
    return deck + ["BJ"] * setup.big_jokers + ["SJ"] * setup.small_jokers


def hand_size(seats: int) -> int:
    """Cards each seat draws: (cards − 6) / seats."""
    return (SETUPS[seats].size - KITTY) // seats


def points_of(types: Iterable[int]) -> int:
    """The card points of some cards."""
    return sum(POINTS[t] for t in types)


def suit_name(suit: int) -> str:
    """`S H D C` for a plain suit, `T` for the trumps (message parameters)."""
    return SUITS[suit] if suit < 4 else "T"


@dataclass(frozen=True, eq=False)
class Trump:
    """The trump order of one deal: trump suit `suit` and trump rank `rank`.

    - `eff[t]`: the card's effective suit (0..3, or TRUMP);
    - `strength[t]`: higher beats lower within an effective suit: plain cards by rank; trumps
      big joker 17, small joker 16, the trump-rank card of the trump suit 15, the other
      trump-rank cards 14 (all equal), then the trump suit by rank;
    - `seq[t]`: the card's place in a sequence of sets (ranks A..2 with the trump rank left
      out), -1 for a joker or a trump-rank card;
    - `members[e]`: the types of effective suit e, strongest first;
    - `display`: every type in the order a sorted hand shows it, trumps first (strongest
      first), then ♠ ♥ ♣ ♦ from the Ace down; `place[t]` its index there.
    """

    # `trump_of` makes one per (suit, rank): identity is equality, and hashing is cheap (the
    # caches of the CPU players look a trump up for every simulated play)

    suit: int
    rank: int
    eff: tuple[int, ...]
    strength: tuple[int, ...]
    seq: tuple[int, ...]
    members: tuple[tuple[int, ...], ...]
    display: tuple[int, ...]
    place: tuple[int, ...]

    @property
    def code(self) -> str:
        """The trump as a card code (`4H`: hearts and fours)."""
        return RANKS[self.rank] + SUITS[self.suit]

    def is_trump(self, t: int) -> bool:
        """True for a joker, a trump-rank card or a card of the trump suit."""
        return self.eff[t] == TRUMP


@lru_cache(maxsize=64)
def trump_of(suit: int, rank: int) -> Trump:
    """The trump order for trump suit `suit` (0..3) and trump rank `rank` (0..12)."""
    eff, strength, seq = [], [], []
    for t in range(TYPES):
        if t >= 52:
            eff.append(TRUMP)
            strength.append(17 if t == BIG_JOKER else 16)
            seq.append(-1)
            continue
        s, r = divmod(t, 13)
        if r == rank:
            eff.append(TRUMP)
            strength.append(15 if s == suit else 14)
            seq.append(-1)
        else:
            eff.append(TRUMP if s == suit else s)
            strength.append(r)
            seq.append(r if r < rank else r - 1)
    members = tuple(
        tuple(sorted((t for t in range(TYPES) if eff[t] == e), key=lambda t: -strength[t]))
        for e in range(5)
    )
    # equal trump-rank cards are shown in suit order after the trump suit's own
    trumps = sorted(
        members[TRUMP],
        key=lambda t: (-strength[t], DISPLAY_SUITS.index(SUIT_OF[t]) if t < 52 else 0),
    )
    display = tuple(trumps) + tuple(t for s in DISPLAY_SUITS if s != suit for t in members[s])
    place = [0] * TYPES
    for i, t in enumerate(display):
        place[t] = i
    return Trump(
        suit, rank, tuple(eff), tuple(strength), tuple(seq), members, display, tuple(place)
    )


@lru_cache(maxsize=64)
def keep_values(trump: Trump) -> tuple[int, ...]:
    """How much a player wants to keep each card: trumps above plain cards, strong above weak,
    points above none (a dump gives the lowest first)."""
    out = []
    for t in range(TYPES):
        s = trump.strength[t]
        value = 60 + 3 * s if trump.eff[t] == TRUMP else 3 * s
        if POINTS[t]:
            value += 12 if POINTS[t] == 10 else 7
        out.append(value)
    return tuple(out)


NO_TRUMP_DISPLAY: Final[tuple[int, ...]] = (BIG_JOKER, SMALL_JOKER) + tuple(
    s * 13 + r for s in DISPLAY_SUITS for r in range(12, -1, -1)
)
"""How a hand is sorted before trump is declared: jokers, then ♠ ♥ ♣ ♦ from the Ace down."""
