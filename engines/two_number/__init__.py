"""Two-number cards, shared by Kokutorum and Shirokuro-jaku and their CPU players.

- `cards`: the 30-card deck, held cards with their upright end, values, hands, rotation.
- `melds`: adjacency and melds (sets, runs, koutsu, shuntsu, pairs), Kokutorum's deadwood,
  Shirokuro's winning readings and the distance of a hand from a win.
- `table`: what a round of either game shares: `deals` of a record, the seeded deal, the
  one-time rotation before the round's first move, dealer rotation, options.
"""

from engines.two_number.cards import (
    BLACK,
    DECK,
    UPRIGHTS,
    WHITE,
    base,
    colour,
    ends,
    hold,
    label,
    number,
    rotated,
    value,
    value_of,
)

__all__ = [
    "BLACK",
    "DECK",
    "UPRIGHTS",
    "WHITE",
    "base",
    "colour",
    "ends",
    "hold",
    "label",
    "number",
    "rotated",
    "value",
    "value_of",
]
