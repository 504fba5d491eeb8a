"""Gong Zhu's table image: the sizes its parts are drawn at."""

from __future__ import annotations

from render.theme import (
    MIN_CARD_W,
)

GAME = "gong-zhu"
SEATS = 4
LIST_W = 596
"""Width of the seats' rows on the right; the trick has the rest."""
PAD = 12
"""Space inside a row."""
HEAD_H = 28
"""Height of the line over the rows naming their two columns (this hand, total)."""
ROW_GAP = 5
NAME_H = 40
"""Height of a row's first line: name, badges, points, total."""
ROOMY = 120
"""Rows at least this tall (the public image's) have bigger cards and more space inside."""
TOTAL_W = 132
"""Room for the total column (right-aligned): "−1060" at `T_NAME`, bold, with a gap."""
POINTS_W = 128
"""Room for this hand's points column, left of the total."""
TRICK_WIDTHS = (140, 128, 116, 104, 98, 92, 88, MIN_CARD_W)
"""Card widths of the trick, largest first."""
CROSS_DX = 20
"""Space between the cross's middle column and its side cards."""
CROSS_GAP = 10
"""Space between the top and bottom cards of the cross."""
LABEL_H = 36
"""Height of a name over or under a card of the cross."""
CAPTION_H = 48
"""Height of the line over the cross (the last trick, a notice)."""
HAND_H = 168
"""Height of the viewer's hand (13 cards of 92 px on one row, numbers under them)."""
HAND_PAD = 8
HAND_WIDTHS = (112, 104, 98, 92, 88, MIN_CARD_W)
EXPOSABLE = ("AH", "QS", "JD", "TC")
SPECIALS = ("QS", "JD", "TC")
"""The pig, the sheep and the transformer, each shown on its own when taken."""
