"""Colours and sizes shared by every image: a dark green felt, cream text, one gold accent."""

from __future__ import annotations

from dataclasses import dataclass

WIDTH = 800
"""Images are designed at 800 px wide: twice the ~400 px a phone shows them at."""

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
