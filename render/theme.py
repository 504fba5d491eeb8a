"""Colours and sizes shared by every image: a dark green felt, cream text, one gold accent."""

from __future__ import annotations

from dataclasses import dataclass

BOX = (550, 350)
"""The box Discord shows an image attached beside an embed in (desktop; a phone scales it down
to its width). Every image is made for it: see docs/images.md."""
SCALE = 2
"""Images are drawn at twice the box, so they stay sharp on high-density screens."""
CANVAS = (BOX[0] * SCALE, BOX[1] * SCALE)
"""The size of every image: 1100 x 700."""
MIN_TEXT = 11
"""The least height, in px as shown in the box, of any text drawn (`record_texts` sizes / SCALE)."""
MIN_INDEX = 14
"""The least height, in px as shown in the box, of a face-up card's rank and suit."""

T_SMALL = 24
"""Text sizes at canvas scale (shown at half): the least for anything that matters (12 px)."""
T_BODY = 28
T_NAME = 32
T_TITLE = 36
T_BIG = 48

WIDTH = 800
"""The width of the portrait images of layouts not yet made for the box (see docs/images.md)."""

FELT = (22, 78, 54)
FELT_DARK = (15, 56, 39)
PANEL = (33, 99, 71)
PANEL_EDGE = (58, 130, 98)
TEXT = (244, 240, 226)
TEXT_DIM = (178, 201, 186)
GOLD = (246, 196, 69)
ALERT = (255, 96, 96)
ALERT_BG = (120, 28, 36)
CPU = (120, 150, 200)
HIGHLIGHT = (92, 214, 255)
SHADOW = (0, 0, 0, 90)
WIN = (246, 196, 69)

CARD_W = 100
"""Card width of the table row at design size (a card is 1.4 times as tall)."""
HAND_CARD_W = 116
SMALL_CARD_W = 64
MIN_CARD_W = 84
"""The narrowest face-up card whose rank and suit read in the box (42 px shown: the index is
at least `MIN_INDEX`); `cards.readable_width(MIN_INDEX * SCALE)` checks it."""


def card_height(width: int) -> int:
    """Height of a card `width` px wide (poker ratio)."""
    return round(width * 1.4)


@dataclass(frozen=True)
class CardStyle:
    """How faces are coloured: classic red/black or the four-colour deck (♣ green, ♦ blue)."""

    four_colour: bool = False

    def suit_colour(self, suit: str) -> tuple[int, int, int]:
        """Ink of a suit."""
        if self.four_colour:
            return {"S": BLACK, "H": RED, "D": BLUE, "C": GREEN}[suit]
        return RED if suit in "HD" else BLACK


BLACK = (24, 24, 28)
RED = (208, 32, 44)
BLUE = (28, 84, 200)
GREEN = (20, 134, 60)
CARD_FACE = (255, 255, 252)
CARD_EDGE = (150, 150, 150)
