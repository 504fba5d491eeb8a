"""A hand's score, from the scoring cards each seat took, as the rule document counts it.

1. Hearts: the sum of the hearts taken (A −50, K −40, Q −30, J −20, 10..5 −10, 4 3 2 zero),
   doubled when the heart ace was exposed.
2. Heart sweep: one seat with all 13 hearts counts +200 for them (+400 with the ace exposed),
   and a pig it took too turns +100 (+200 when exposed).
3. Pig −100, sheep +100, each doubled when exposed.
4. Transformer: the 10♣ with no other scoring card is +50 (+100 exposed); with others, their
   sum times 2 (times 4 exposed). Hearts 2-4 count as other scoring cards (RULINGS.md).

Taking all 16 needs no rule of its own: (200 + 100 + 100) × 2 = +800, as the document shows.
The breakdown is what the hand-end panel shows, so nobody recomputes it.
"""

from __future__ import annotations

from typing import Final

from engines.errors import JSON
from engines.gong_zhu.deck import (
    AH,
    BIT,
    HEART_MASK,
    HEART_POINTS,
    JD,
    QS,
    SCORING,
    TC,
    codes_of,
)

SWEEP_HEARTS: Final = 200
PIG: Final = -100
SHEEP: Final = 100
TRANSFORMER_ALONE: Final = 50
HEART_SHIFT: Final = 26
"""The bit of 2♥ (hearts are the third suit of 13)."""
_AH, _QS, _JD, _TC = BIT[AH], BIT[QS], BIT[JD], BIT[TC]


def _face_value(hearts: int) -> int:
    total = 0
    while hearts:
        card = hearts.bit_length() - 1
        hearts ^= 1 << card
        total += HEART_POINTS[card]
    return total


_BY_PATTERN: Final = tuple(_face_value(pattern << HEART_SHIFT) for pattern in range(1 << 13))
"""The face value of every set of hearts, by its 13 bits (scores are counted millions of times
in the hard CPU's simulations)."""


def hearts_points(hearts: int) -> int:
    """The face value of some hearts, before any doubling."""
    return _BY_PATTERN[(hearts & HEART_MASK) >> HEART_SHIFT]


def score(taken: int, exposed: int) -> int:
    """One seat's score for the hand: `taken` its cards, `exposed` the cards exposed this hand.

    The same numbers as `breakdown(...)["score"]`, without building the breakdown (the CPU
    players score thousands of simulated hands with it).
    """
    pattern = (taken & HEART_MASK) >> HEART_SHIFT
    sweep = pattern == 0x1FFF
    points = SWEEP_HEARTS if sweep else _BY_PATTERN[pattern]
    if exposed & _AH:
        points *= 2
    if taken & _QS:
        points += (-PIG if sweep else PIG) * (2 if exposed & _QS else 1)
    if taken & _JD:
        points += SHEEP * (2 if exposed & _JD else 1)
    if taken & _TC:
        factor = 4 if exposed & _TC else 2
        if taken & SCORING == _TC:
            return TRANSFORMER_ALONE * factor // 2
        return points * factor
    return points


def breakdown(taken: int, exposed: int) -> dict[str, JSON]:
    """Every part of one seat's score for the hand, for the hand-end panel and the result.

    `hearts`, `pig`, `sheep` are points after exposures and the sweep (0 when not taken);
    `*_factor` is 2 when that card was exposed; `transformer` is "none", "alone" or
    "multiply", with `transformer_factor` (2 or 4, 0 when not taken) and `transformer_points`
    (the +50/+100 when alone); `subtotal` is hearts + pig + sheep; `score` the seat's score.
    """
    scoring = taken & SCORING
    hearts_taken = taken & HEART_MASK
    heart_factor = 2 if exposed & BIT[AH] else 1
    pig_factor = 2 if exposed & BIT[QS] else 1
    sheep_factor = 2 if exposed & BIT[JD] else 1
    sweep = hearts_taken == HEART_MASK
    hearts = (SWEEP_HEARTS if sweep else hearts_points(hearts_taken)) * heart_factor
    pig = (-PIG if sweep else PIG) * pig_factor if taken & BIT[QS] else 0
    sheep = SHEEP * sheep_factor if taken & BIT[JD] else 0
    subtotal = hearts + pig + sheep
    kind, factor, bonus, total = "none", 0, 0, subtotal
    if taken & BIT[TC]:
        factor = 4 if exposed & BIT[TC] else 2
        if scoring == BIT[TC]:
            kind, bonus = "alone", TRANSFORMER_ALONE * factor // 2
            total = bonus
        else:
            kind, total = "multiply", subtotal * factor
    return {
        "cards": codes_of(scoring),
        "heart_count": hearts_taken.bit_count(),
        "hearts": hearts,
        "hearts_factor": heart_factor,
        "sweep": sweep,
        "pig": pig,
        "pig_factor": pig_factor,
        "sheep": sheep,
        "sheep_factor": sheep_factor,
        "transformer": kind,
        "transformer_factor": factor,
        "transformer_points": bonus,
        "subtotal": subtotal,
        "all16": scoring == SCORING,
        "score": total,
    }
