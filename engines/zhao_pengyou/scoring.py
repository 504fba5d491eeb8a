"""The end of a deal: defender points, game points, rank steps, the next provisional dealer.

The document's table (RULINGS.md reads "0" as exactly zero and "0 or more" as 1 to 40×decks−1;
the missing-member bonus only for a winning declarer's team):

| defender points                 | game points to each player of the winning side       |
| ------------------------------- | ---------------------------------------------------- |
| 0                               | declarer's team 2, + 2 for each member missing        |
| 1 .. 40×decks − 1               | declarer's team 1, + 1 for each member missing        |
| 40×decks .. 80×decks − 1        | defenders 1                                          |
| 80×decks .. 100×decks − 1       | defenders 2                                          |
| 100×decks and more              | defenders 3                                          |

A winner that won the previous deal (an *active* seat) steps up by the game points, another
winner by one less; the losing side stays. Ranks stop at A, which wins the game.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from engines.zhao_pengyou.cards import RANK_A

DECLARER, DEFENDERS = "declarer", "defenders"


def threshold(decks: int) -> int:
    """Defender points that win the deal for the defenders: 40 × decks."""
    return 40 * decks


def game_points(defender_points: int, decks: int, team: int, max_team: int) -> tuple[str, int]:
    """Which side won and the game points each of its players gets."""
    if defender_points >= threshold(decks):
        if defender_points >= 100 * decks:
            return DEFENDERS, 3
        if defender_points >= 80 * decks:
            return DEFENDERS, 2
        return DEFENDERS, 1
    missing = max_team - team
    if defender_points == 0:
        return DECLARER, 2 + 2 * missing
    return DECLARER, 1 + missing


def steps(
    seats: int, winner: str, points: int, team: Collection[int], active: Sequence[bool]
) -> list[int]:
    """Each seat's rank step: the game points for an active winner, one less for a passive
    winner, nothing for the losing side."""
    out = []
    for s in range(seats):
        won = (s in team) == (winner == DECLARER)
        out.append((points if active[s] else points - 1) if won else 0)
    return out


def raised(ranks: Sequence[int], steps_taken: Sequence[int]) -> list[int]:
    """Ranks after a deal's steps, capped at A."""
    return [min(RANK_A, r + s) for r, s in zip(ranks, steps_taken, strict=True)]


def next_dealer(seats: int, declarer: int, winner: str, team: Collection[int]) -> int:
    """The next provisional dealer: the declarer when its team won, else the first seat after
    the declarer in play order on the winning side."""
    if winner == DECLARER:
        return declarer
    for step in range(1, seats):
        seat = (declarer + step) % seats
        if seat not in team:
            return seat
    return declarer  # a team of every seat cannot lose; kept for completeness
