"""Zhao Pengyou's table image: the sizes its parts are drawn at."""

from __future__ import annotations

from render import kit
from render.theme import (
    MIN_CARD_W,
    card_height,
)

GAME = "zhao-pengyou"
PAD = 8
"""Space inside a seat's cell, left and right."""
WORDS_GAP = 8
"""Space between a cell's words and its cards."""
PAD_Y = 4
"""Space inside a seat's cell, above and below."""
BLOCK = 8
"""Space between the strip, the cells and the hand."""
HAND_PAD = 6
"""Space inside the hand's panel."""
NAME_H = 34
"""Height of a cell's name line (`T_BODY`, bold)."""
LINE_H = 30
"""Height of a cell's line of `T_SMALL` text."""
TEXT_LEAST = 100
"""Least width of a cell's words beside its cards..."""
TEXT_MOST_LEAST = 160
"""...up to this much for a long name (a longer one is cut)..."""
TEXT_SQUEEZED = 64
"""...and down to this when a row's plays need the room to be whole (names cut)."""
TRICK_WIDTHS = (120, 112, 104, 96, 90, MIN_CARD_W)
"""Card widths of the trick in the cells, largest first."""
HAND_WIDTHS = (120, 112, 104, 98, 92, 88, MIN_CARD_W)
"""Card widths of the viewer's hand in the table image, largest first."""
EDGE = 4
"""How far each card under the top one of a set shows (a set is a stack)."""
UNIT_GAP = 8
"""Space between two units of a play (sets, or single cards) when there is room."""
STRIP_LINE = 36
"""Height of a line of the strip (`T_BODY`, or `T_SMALL` for a line too long)."""
STRIP_PAD = 4
STRIP_WIDTH = kit.WIDTH - 2 * kit.MARGIN - 24
"""Room of a strip line's words (the canvas less its margins and the band's padding)."""
MOST_STRIP = 3
"""At most this many lines in the strip under the top bar."""
RESULT_LEAST = 200
RESULT_MOST = 300
"""Height of the match's result panel, at least and at most."""
BAND_CARD = 96
BAND_H = card_height(BAND_CARD) + 24
BAND_WORDS = 250
"""The middle of the table in the channel's image while no trick is played (the piles, the
trump card): their card width, least height, and the room of the words beside each."""
COLUMNS = 4
"""Cells to a row, at most."""
CELL_GAP = 8
INK = (20, 20, 20)
"""Dark ink of a badge's label on a light badge."""
