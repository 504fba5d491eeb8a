"""Kokutorum's round scoring (docs/records.md `kokutorum`, RULINGS): knock, kokuto, undercut, stock.

Each seat's points are its least deadwood (`engines.two_number.melds.deadwood`). With a
knocker k:
- some other seat has fewer points than k: *undercut* (アンダーノック); every such seat with the
  lowest points scores `points[k] - its points + 5`;
- otherwise k scores `lowest other - points[k]`, plus 5 when `points[k] == 0` (*kokuto* コクトー;
  else a plain *knock*). A tie with the knocker is no undercut.
Without a knock (the stock ran out) every seat with the lowest points scores 5 (*stock*).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

KNOCK, KOKUTO, UNDERCUT, STOCK = "knock", "kokuto", "undercut", "stock"
BONUS: Final = 5
"""The kokuto bonus, the undercut bonus, and what the lowest seats score when the stock ends."""


class RoundScore(NamedTuple):
    """How a round ended and what each seat scores."""

    kind: str
    scores: list[int]
    winners: list[int]


def score_round(points: Sequence[int], knocker: int | None) -> RoundScore:
    """The scores of a round from each seat's points and the knocker (None: the stock ran out)."""
    seats = len(points)
    scores = [0] * seats
    if knocker is None:
        low = min(points)
        winners = [s for s in range(seats) if points[s] == low]
        for s in winners:
            scores[s] = BONUS
        return RoundScore(STOCK, scores, winners)
    mine = points[knocker]
    others = [s for s in range(seats) if s != knocker]
    low = min(points[s] for s in others)
    if low < mine:
        winners = [s for s in others if points[s] == low]
        for s in winners:
            scores[s] = mine - low + BONUS
        return RoundScore(UNDERCUT, scores, winners)
    kokuto = mine == 0
    scores[knocker] = low - mine + (BONUS if kokuto else 0)
    return RoundScore(KOKUTO if kokuto else KNOCK, scores, [knocker])
