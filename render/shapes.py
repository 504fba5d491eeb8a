"""Suit symbols and the joker star as vector shapes: drawn 4x, scaled down, cached as masks.

Cards and text both use them, so a suit never depends on a font having the glyph.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

SS = 4  # supersampling factor of shapes and outlines
SUIT_CHARS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}


def _heart(d: ImageDraw.ImageDraw, s: float, fill: int) -> None:
    r = s * 0.255
    d.ellipse((s * 0.02, s * 0.06, s * 0.02 + 2 * r, s * 0.06 + 2 * r), fill=fill)
    d.ellipse((s * 0.98 - 2 * r, s * 0.06, s * 0.98, s * 0.06 + 2 * r), fill=fill)
    d.polygon(
        [(s * 0.035, s * 0.40), (s * 0.5, s * 0.2), (s * 0.965, s * 0.40), (s * 0.5, s * 0.97)],
        fill=fill,
    )


def _spade(d: ImageDraw.ImageDraw, s: float, fill: int) -> None:
    r = s * 0.235
    y = s * 0.40
    d.ellipse((s * 0.04, y, s * 0.04 + 2 * r, y + 2 * r), fill=fill)
    d.ellipse((s * 0.96 - 2 * r, y, s * 0.96, y + 2 * r), fill=fill)
    d.polygon(
        [(s * 0.055, s * 0.58), (s * 0.5, s * 0.02), (s * 0.945, s * 0.58), (s * 0.5, s * 0.72)],
        fill=fill,
    )
    d.polygon([(s * 0.5, s * 0.62), (s * 0.30, s * 0.99), (s * 0.70, s * 0.99)], fill=fill)


def _diamond(d: ImageDraw.ImageDraw, s: float, fill: int) -> None:
    d.polygon([(s * 0.5, 0), (s * 0.9, s * 0.5), (s * 0.5, s), (s * 0.1, s * 0.5)], fill=fill)


def _club(d: ImageDraw.ImageDraw, s: float, fill: int) -> None:
    r = s * 0.215
    for cx, cy in ((0.5, 0.25), (0.25, 0.56), (0.75, 0.56)):
        d.ellipse((s * cx - r, s * cy - r, s * cx + r, s * cy + r), fill=fill)
    d.polygon(
        [(s * 0.5, s * 0.35), (s * 0.34, s * 0.58), (s * 0.5, s * 0.7), (s * 0.66, s * 0.58)],
        fill=fill,
    )
    d.polygon([(s * 0.5, s * 0.5), (s * 0.31, s * 0.99), (s * 0.69, s * 0.99)], fill=fill)


def _star(d: ImageDraw.ImageDraw, s: float, fill: int) -> None:
    points = []
    for k in range(10):
        radius = s * (0.5 if k % 2 == 0 else 0.2)
        angle = -math.pi / 2 + k * math.pi / 5
        points.append((s / 2 + radius * math.cos(angle), s * 0.53 + radius * math.sin(angle)))
    d.polygon(points, fill=fill)


_SHAPES = {"S": _spade, "H": _heart, "D": _diamond, "C": _club, "*": _star}


@lru_cache(maxsize=256)
def shape_mask(shape: str, size: int) -> Image.Image:
    """An antialiased 'L' mask of a suit shape ('S', 'H', 'D', 'C') or a star ('*')."""
    big = Image.new("L", (size * SS, size * SS), 0)
    _SHAPES[shape](ImageDraw.Draw(big), size * SS, 255)
    return big.resize((size, size), Image.Resampling.LANCZOS)


def paste_shape(
    im: Image.Image,
    shape: str,
    centre: tuple[float, float],
    size: int,
    colour: tuple[int, ...],
    flip: bool = False,
) -> None:
    """Paint a suit shape of `size` px centred at `centre` (upside down when `flip`)."""
    mask = shape_mask(shape, size)
    if flip:
        mask = mask.transpose(Image.Transpose.ROTATE_180)
    im.paste(colour, (round(centre[0] - size / 2), round(centre[1] - size / 2)), mask)
