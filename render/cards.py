"""Card faces drawn by code: French cards, jokers, backs and two-number cards, cached.

Suit symbols are vector shapes (circles and polygons drawn 4x and scaled down), never font
glyphs, so they are sharp at every size and independent of the font. `face()` is the one door
through which a card's face reaches an image; `record_faces()` lets a test see every code that
went through it (the hidden-information test relies on this).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.cards import JOKERS, TWO_NUMBER, two_number_parts
from render import text
from render.shapes import SS, paste_shape
from render.theme import (
    BLACK,
    CARD_EDGE,
    CARD_FACE,
    RED,
    CardStyle,
    card_height,
)

DEFAULT_STYLE = CardStyle()

_recorders: list[list[str]] = []


@contextmanager
def record_faces() -> Iterator[list[str]]:
    """Collect the code of every card face drawn inside the block, in drawing order."""
    seen: list[str] = []
    _recorders.append(seen)
    try:
        yield seen
    finally:
        _recorders.remove(seen)


def face(code: str, width: int, style: CardStyle = DEFAULT_STYLE, dim: bool = False) -> Image.Image:
    """The RGBA face of `code`, `width` px wide; dimmed for cards that can't be played."""
    for seen in _recorders:
        seen.append(code)
    return _face(code, width, style, dim)


@lru_cache(maxsize=1024)
def _face(code: str, width: int, style: CardStyle, dim: bool) -> Image.Image:
    if dim:
        im = _face(code, width, style, False).copy()
        shade = Image.new("RGBA", im.size, (18, 40, 30, 150))
        shaded = Image.alpha_composite(im, shade)
        shaded.putalpha(im.getchannel("A"))
        return shaded
    if TWO_NUMBER.match(code):
        return _two_number(code, width)
    if code in JOKERS:
        return _joker(code, width)
    if len(code) == 2 and code[0] in "A23456789TJQK" and code[1] in "SHDC":
        return _french(code, width, style)
    return _unknown(code, width)


# --------------------------------------------------------------------------- blanks


@lru_cache(maxsize=64)
def card_mask(width: int, height: int) -> Image.Image:
    """The rounded-corner silhouette of a card, antialiased."""
    big = Image.new("L", (width * SS, height * SS), 0)
    radius = max(2, round(width * 0.075)) * SS
    ImageDraw.Draw(big).rounded_rectangle((0, 0, width * SS - 1, height * SS - 1), radius, fill=255)
    return big.resize((width, height), Image.Resampling.LANCZOS)


@lru_cache(maxsize=64)
def _outline(width: int, height: int, colour: tuple[int, int, int]) -> Image.Image:
    big = Image.new("L", (width * SS, height * SS), 0)
    radius = max(2, round(width * 0.075)) * SS
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, width * SS - 1, height * SS - 1), radius, outline=255, width=max(1, round(SS * 1.2))
    )
    return big.resize((width, height), Image.Resampling.LANCZOS)


def _blank(width: int, fill: tuple[int, int, int] = CARD_FACE) -> Image.Image:
    height = card_height(width)
    im = Image.new("RGBA", (width, height), fill + (255,))
    im.paste(CARD_EDGE, (0, 0), _outline(width, height, CARD_EDGE))
    im.putalpha(card_mask(width, height))
    return im


def _finish(im: Image.Image) -> Image.Image:
    width, height = im.size
    im.paste(CARD_EDGE + (255,), (0, 0), _outline(width, height, CARD_EDGE))
    im.putalpha(card_mask(width, height))
    return im


# --------------------------------------------------------------------------- French cards

# pip centres per rank: (column 0..2, row 0..1 from the top of the pip area)
_PIPS: dict[str, list[tuple[float, float]]] = {
    "2": [(1, 0), (1, 1)],
    "3": [(1, 0), (1, 0.5), (1, 1)],
    "4": [(0, 0), (2, 0), (0, 1), (2, 1)],
    "5": [(0, 0), (2, 0), (1, 0.5), (0, 1), (2, 1)],
    "6": [(0, 0), (2, 0), (0, 0.5), (2, 0.5), (0, 1), (2, 1)],
    "7": [(0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (0, 1), (2, 1)],
    "8": [(0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (1, 0.75), (0, 1), (2, 1)],
    "9": [(0, 0), (2, 0), (0, 1 / 3), (2, 1 / 3), (1, 0.5), (0, 2 / 3), (2, 2 / 3), (0, 1), (2, 1)],
    "T": [
        (0, 0),
        (2, 0),
        (1, 1 / 6),
        (0, 1 / 3),
        (2, 1 / 3),
        (0, 2 / 3),
        (2, 2 / 3),
        (1, 5 / 6),
        (0, 1),
        (2, 1),
    ],
}
_FACE_TINT = {"K": (250, 232, 170), "Q": (246, 214, 230), "J": (208, 228, 248)}


def rank_text(rank: str) -> str:
    """How a rank letter is printed ('T' is 10)."""
    return "10" if rank == "T" else rank


SMALL_FACE_W = 80
"""Faces narrower than this are drawn small: a big index and one big suit, no pip grid. At
that size ten pips are noise, and the index (all that shows of an overlapped card) needs the
room to be read on a phone, where the image is shown at half size."""


def is_small(width: int) -> bool:
    """Whether a face `width` px wide is drawn in the small design."""
    return width < SMALL_FACE_W


@lru_cache(maxsize=128)
def _corner(rank: str, suit: str, width: int, colour: tuple[int, int, int]) -> Image.Image:
    """The rank-and-suit index tile of the top-left corner."""
    if is_small(width):
        size = round(width * (0.40 if rank != "T" else 0.34))
        tile_w = round(width * 0.44)
        pip = round(width * 0.26)
        top = round(width * 0.40) * 1.04
    else:
        size = round(width * (0.30 if rank != "T" else 0.25))
        tile_w = round(width * 0.27)
        pip = round(width * 0.17)
        top = round(width * 0.30) * 1.02
    tile = Image.new("RGBA", (tile_w, round(top) + pip + 4), (0, 0, 0, 0))
    d = ImageDraw.Draw(tile)
    label = rank_text(rank)
    text.draw_text(d, (tile_w / 2, 0), label, size, colour, "ma", bold=True)
    paste_shape(tile, suit, (tile_w / 2, top + pip / 2), pip, colour)
    return tile


def _corner_origin(width: int) -> tuple[int, int]:
    if is_small(width):
        return round(width * 0.03), round(width * 0.05)
    return round(width * 0.01), round(width * 0.035)


def index_box(code: str, width: int) -> tuple[int, int, int, int] | None:
    """Where the top-left index (rank over suit) of a French card's face is inked, as a box;
    None for other cards. Nothing else on the face comes near it."""
    if not (len(code) == 2 and code[0] in "A23456789TJQK" and code[1] in "SHDC"):
        return None
    corner = _corner(code[0], code[1], width, BLACK)
    left, top, right, bottom = corner.getchannel("A").getbbox() or (0, 0, 0, 0)
    ox, oy = _corner_origin(width)
    return left + ox, top + oy, right + ox, bottom + oy


def _french(code: str, width: int, style: CardStyle) -> Image.Image:
    rank, suit = code[0], code[1]
    colour = style.suit_colour(suit)
    height = card_height(width)
    im = _blank(width)
    corner = _corner(rank, suit, width, colour)
    ox, oy = _corner_origin(width)
    im.alpha_composite(corner, (ox, oy))
    if is_small(width):
        _small_middle(im, rank, suit, colour)
        return _finish(im)
    im.alpha_composite(
        corner.transpose(Image.Transpose.ROTATE_180),
        (width - ox - corner.width, height - oy - corner.height),
    )
    if rank == "A":
        paste_shape(im, suit, (width / 2, height / 2), round(width * 0.46), colour)
    elif rank in _PIPS:
        pip = round(width * (0.16 if rank in "9T" else 0.17))
        left, right = width * 0.40, width * 0.60
        top, bottom = height * 0.19, height * 0.81
        for column, row in _PIPS[rank]:
            x = left + (right - left) * column / 2
            y = top + (bottom - top) * row
            paste_shape(im, suit, (x, y), pip, colour, flip=row > 0.5)
    else:
        _court(im, rank, suit, colour)
    return _finish(im)


def _small_middle(im: Image.Image, rank: str, suit: str, colour: tuple[int, int, int]) -> None:
    """The rest of a small face: one big suit low on the right, framed and tinted for J, Q, K."""
    width, height = im.size
    cx, cy = width * 0.68, height * 0.70
    if rank in _FACE_TINT:
        d = ImageDraw.Draw(im)
        box = (width * 0.53, height * 0.44, width * 0.92, height * 0.94)
        d.rectangle(box, fill=_FACE_TINT[rank], outline=colour, width=max(1, width // 30))
        _ornament(d, rank, (box[0] + box[2]) / 2, height * 0.53, width * 0.3, colour)
        paste_shape(im, suit, ((box[0] + box[2]) / 2, height * 0.76), round(width * 0.26), colour)
    else:
        paste_shape(im, suit, (cx, cy), round(width * 0.44), colour)


def _court(im: Image.Image, rank: str, suit: str, colour: tuple[int, int, int]) -> None:
    """J, Q, K: a tinted frame, a crown-like ornament, a large letter and the suit."""
    width, height = im.size
    d = ImageDraw.Draw(im)
    box = (width * 0.31, height * 0.1, width * 0.69, height * 0.9)
    d.rectangle(box, fill=_FACE_TINT[rank], outline=colour, width=max(1, width // 40))
    inset = width * 0.035
    d.rectangle(
        (box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset),
        outline=colour,
        width=1,
    )
    cx = width / 2
    _ornament(d, rank, cx, height * 0.24, width * 0.3, colour)
    text.draw_text(d, (cx, height * 0.52), rank, round(width * 0.4), colour, "mm", bold=True)
    paste_shape(im, suit, (cx, height * 0.76), round(width * 0.16), colour)


def _ornament(
    d: ImageDraw.ImageDraw, rank: str, cx: float, cy: float, w: float, colour: tuple[int, ...]
) -> None:
    h = w * 0.42
    left, right, top, base = cx - w / 2, cx + w / 2, cy - h / 2, cy + h / 2
    gold = (214, 160, 30)
    if rank == "K":  # a crown with three points
        points = [
            (left, base),
            (left, top),
            (left + w * 0.25, top + h * 0.45),
            (cx, top - h * 0.1),
            (right - w * 0.25, top + h * 0.45),
            (right, top),
            (right, base),
        ]
        d.polygon(points, fill=gold, outline=colour)
    elif rank == "Q":  # a tiara: a band with three jewels
        d.rounded_rectangle((left, cy, right, base), radius=h * 0.2, fill=gold, outline=colour)
        r = h * 0.22
        for x in (left + w * 0.2, cx, right - w * 0.2):
            y = cy - r * (1.6 if x == cx else 0.9)
            d.ellipse((x - r, y - r, x + r, y + r), fill=gold, outline=colour)
    else:  # J: a feathered cap
        d.pieslice((left, top, right, base + h), 180, 360, fill=gold, outline=colour)
        d.polygon(
            [(cx + w * 0.1, cy), (right + w * 0.05, top - h * 0.3), (right - w * 0.05, cy)],
            fill=colour,
        )


# --------------------------------------------------------------------------- jokers and backs


def _joker(code: str, width: int) -> Image.Image:
    big = code == "BJ"
    colour = RED if big else BLACK
    height = card_height(width)
    im = _blank(width)
    d = ImageDraw.Draw(im)
    size = max(8, round(width * 0.15))
    tile = Image.new("RGBA", (round(width * 0.22), round(size * 5.1)), (0, 0, 0, 0))
    td = ImageDraw.Draw(tile)
    for k, letter in enumerate("JOKER"):
        text.draw_text(td, (tile.width / 2, k * size), letter, size, colour, "ma", bold=True)
    im.alpha_composite(tile, (round(width * 0.01), round(width * 0.04)))
    im.alpha_composite(
        tile.transpose(Image.Transpose.ROTATE_180),
        (width - round(width * 0.01) - tile.width, height - round(width * 0.04) - tile.height),
    )
    star = round(width * 0.56)
    if big:
        paste_shape(im, "*", (width / 2 + 1, height * 0.46 + 2), star + 6, (214, 160, 30))
    paste_shape(im, "*", (width / 2, height * 0.46), star, colour)
    mark = "+" if big else "−"
    text.draw_text(
        d, (width / 2, height * 0.78), mark, round(width * 0.22), colour, "mm", bold=True
    )
    return _finish(im)


@lru_cache(maxsize=32)
def back(width: int, colour: tuple[int, int, int] = (32, 64, 140)) -> Image.Image:
    """A card back: a white margin around a diamond lattice."""
    height = card_height(width)
    im = _blank(width, (250, 250, 250))
    d = ImageDraw.Draw(im)
    m = max(3, round(width * 0.07))
    d.rounded_rectangle((m, m, width - m - 1, height - m - 1), radius=m, fill=colour)
    light = tuple(min(255, c + 60) for c in colour)
    step = max(6, round(width * 0.14))
    for k in range(-height, width + height, step):
        d.line((m + k, m, m + k + height, m + height), fill=light, width=1)
        d.line((m + k, m, m + k - height, m + height), fill=light, width=1)
    im.paste((250, 250, 250, 255), (0, 0, width, m))
    im.paste((250, 250, 250, 255), (0, height - m, width, height))
    im.paste((250, 250, 250, 255), (0, 0, m, height))
    im.paste((250, 250, 250, 255), (width - m, 0, width, height))
    d.rounded_rectangle((m, m, width - m - 1, height - m - 1), radius=m, outline=colour, width=2)
    return _finish(im)


def _unknown(code: str, width: int) -> Image.Image:
    im = _blank(width)
    d = ImageDraw.Draw(im)
    text.draw_text(
        d,
        (width / 2, card_height(width) / 2),
        code[:4],
        round(width * 0.22),
        BLACK,
        "mm",
        bold=True,
    )
    return _finish(im)


# --------------------------------------------------------------------------- two-number cards

_TN_BODY = (222, 208, 178)
_TN_WHITE = (252, 252, 248)
_TN_BLACK = (30, 30, 34)
_TN_EDGE = (96, 90, 80)
TWO_NUMBER_UPRIGHT_SHARE = 0.64
"""The share of a held card's height that its upright end takes (the other end, turned, the
rest): what counts is read at a glance, what the card would show turned is still there."""


def _two_number(code: str, width: int) -> Image.Image:
    white, black, up = two_number_parts(code)
    if up is None:
        return _two_number_table(white, black, width)
    if up == "W":
        return _two_number_held(white, black, True, width)
    return _two_number_held(black, white, False, width)


@lru_cache(maxsize=128)
def _two_number_held(upright: int, other: int, white_up: bool, width: int) -> Image.Image:
    """A card in a hand: its upright end big on top, the other end small and turned below."""
    height = card_height(width)
    im = _blank(width, _TN_BODY)
    m = max(2, round(width * 0.06))
    split = round(height * TWO_NUMBER_UPRIGHT_SHARE)
    _two_number_end(im, (m, m, width - m, split), upright, white_up, round(width * 0.66))
    inset = round(width * 0.16)
    low = Image.new("RGBA", (width, height - split), (0, 0, 0, 0))
    _two_number_end(
        low,
        (inset, round(height * 0.03), width - inset, low.height - m),
        other,
        not white_up,
        round(width * 0.34),
    )
    im.alpha_composite(low.transpose(Image.Transpose.ROTATE_180), (0, split))
    return _finish(im)


@lru_cache(maxsize=64)
def _two_number_table(white: int, black: int, width: int) -> Image.Image:
    """A card on the table (the pile, a discard, the dora indicator): no end counts more, so
    both are drawn the same size and both upright, white above black."""
    height = card_height(width)
    im = _blank(width, _TN_BODY)
    m = max(2, round(width * 0.06))
    mid = height // 2
    size = round(width * 0.5)
    gap = max(1, round(width * 0.02))
    _two_number_end(im, (m, m, width - m, mid - gap), white, True, size)
    _two_number_end(im, (m, mid + gap, width - m, height - m), black, False, size)
    return _finish(im)


def _two_number_end(
    im: Image.Image, box: tuple[int, int, int, int], number: int, white: bool, size: int
) -> None:
    """One end drawn upright into `box`: a white (or black) panel with its number."""
    x0, y0, x1, y1 = box
    fill, ink = (_TN_WHITE, _TN_BLACK) if white else (_TN_BLACK, _TN_WHITE)
    w, h = x1 - x0, y1 - y0
    big = Image.new("L", (w * SS, h * SS), 0)
    radius = max(2, round(min(w, h) * 0.16)) * SS
    ImageDraw.Draw(big).rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), radius, fill=255)
    mask = big.resize((w, h), Image.Resampling.LANCZOS)
    panel = Image.new("RGBA", (w, h), _TN_EDGE + (255,))
    line = max(1, round(size * 0.05))
    inner = Image.new("L", (w * SS, h * SS), 0)
    ImageDraw.Draw(inner).rounded_rectangle(
        (line * SS, line * SS, (w - line) * SS - 1, (h - line) * SS - 1),
        max(1, radius - line * SS),
        fill=255,
    )
    panel.paste(fill + (255,), (0, 0), inner.resize((w, h), Image.Resampling.LANCZOS))
    panel.putalpha(mask)
    d = ImageDraw.Draw(panel)
    cx, cy = w / 2, h / 2
    text.draw_text(d, (cx, cy), str(number), size, ink, "mm", bold=True)
    if number == 6:  # underlined, so that a 6 upside down never reads as 9
        bar = size * 0.24
        y = cy + size * 0.46
        d.line((cx - bar, y, cx + bar, y), fill=ink, width=max(2, round(size * 0.08)))
    im.alpha_composite(panel, (x0, y0))
