"""The viewer's hand, grouped by rank, each group's count badged."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.cards import RANKS
from render import held, parts
from render.games.go_fish.words import COUNT_ROOM, HAND_WIDTHS, tr
from render.parts import Canvas
from render.theme import GOLD, PANEL_EDGE, T_BODY, T_SMALL, TEXT, TEXT_DIM


def _hand_groups(hand: Sequence[str]) -> list[tuple[str, list[int]]]:
    """The hand's positions by rank, in rank order (no label: the count is on the cards)."""
    by_rank: dict[str, list[int]] = {}
    for i, card in enumerate(hand):
        by_rank.setdefault(card[0], []).append(i)
    return [("", by_rank[r]) for r in RANKS if r in by_rank]


def hand_height(view: Mapping[str, Any], width: float, room: float) -> float:
    """The height the viewer's hand takes: as big as fits in `room`, cards no wider than
    `HAND_WIDTHS` allows."""
    hand = list(view.get("hand") or [])
    if not hand:
        return 0 if view.get("over") else 44
    groups = [held.HandGroup(label, tuple(pos)) for label, pos in _hand_groups(hand)]
    card_w, _, rows = held.hand_layout(
        groups, width, room - COUNT_ROOM, numbers=False, widths=HAND_WIDTHS, lift=0
    )
    return COUNT_ROOM + len(rows) * held.hand_row_height(card_w, False, 0, labels=False)


def draw_hand(c: Canvas, view: Mapping[str, Any], box: tuple[float, float, float, float]) -> None:
    """The viewer's hand: one overlapping group per rank, its count ("×3", gold for three of
    a kind) on the corner of the group's last card."""
    hand = list(view.get("hand") or [])
    x0, y0, x1, y1 = box
    if not hand:
        if not view.get("over"):
            c.text(((x0 + x1) / 2, y0 + 22), tr("hand_empty", c.locale), T_BODY, TEXT_DIM, "mm")
        return
    groups = _hand_groups(hand)
    drawn = held.hand(
        c,
        hand,
        (x0, y0 + COUNT_ROOM, x1, y1),
        groups=groups,
        numbers=False,
        widths=HAND_WIDTHS,
        lift=0,
    )
    for _, positions in groups:
        x, y = drawn.origins[positions[-1]]
        n = len(positions)
        bg, fg = (GOLD, (20, 20, 20)) if n == 3 else (PANEL_EDGE, TEXT)
        right = x + drawn.card_w + COUNT_ROOM
        parts.badge(c, right, y - COUNT_ROOM, f"×{n}", bg, fg, T_SMALL, anchor="r")
