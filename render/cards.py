"""Card faces drawn by code: French cards, jokers, backs and two-number cards, cached.

Suit symbols are vector shapes (circles and polygons drawn 4x and scaled down), never font
glyphs, so they are sharp at every size and independent of the font. `face()` is the door
through which a card's face reaches an image (a layout that shows a card some other way, as
the two-number games' end tiles, goes through `shown()`); `record_faces()` lets a test see
every code that went through them (the hidden-information tests rely on this).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from math import ceil, floor

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
    shown(code)
    return _face(code, width, style, dim)


def shown(code: str) -> None:
    """Tell `record_faces` that `code`'s face reaches an image: `face` does, and so must a
    layout that shows a card some other way (a two-number card by its ends alone)."""
    for seen in _recorders:
        seen.append(code)


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


@lru_cache(maxsize=16)
def plain(width: int) -> Image.Image:
    """A card with nothing on its face: what shows of the cards under a stack."""
    return _blank(width)


def _finish(im: Image.Image) -> Image.Image:
    width, height = im.size
    im.paste(CARD_EDGE + (255,), (0, 0), _outline(width, height, CARD_EDGE))
    im.putalpha(card_mask(width, height))
    return im


# --------------------------------------------------------------------------- French cards

_FACE_TINT = {"K": (250, 232, 170), "Q": (246, 214, 230), "J": (208, 228, 248)}

RANK_SHARE = 0.40
"""Height of the corner's rank, as a share of the card's width ("10": `TEN_SHARE`)."""
TEN_SHARE = 0.36
SUIT_SHARE = 0.34
"""Size of the corner's suit under the rank, as a share of the card's width."""
TILE_SHARE = 0.46
"""Width of the corner index (rank over suit), as a share of the card's width: an overlapped
card must show at least this much of its left edge (see `parts.index_step`)."""


def rank_text(rank: str) -> str:
    """How a rank letter is printed ('T' is 10)."""
    return "10" if rank == "T" else rank


def index_sizes(code: str, width: int) -> tuple[int, int] | None:
    """(rank, suit) heights in px of what names a card at `width`: a French card's corner
    rank and suit, a joker's star twice, a two-number card's two numbers (held: its upright
    end's and its turned end's, the smaller; on the table: both alike); None for a code with
    no face."""
    if len(code) == 2 and code[0] in "A23456789TJQK" and code[1] in "SHDC":
        share = TEN_SHARE if code[0] == "T" else RANK_SHARE
        return round(width * share), round(width * SUIT_SHARE)
    if code in JOKERS:
        star = round(width * SUIT_SHARE)
        return star, star
    if TWO_NUMBER.match(code):
        _, _, up = two_number_parts(code)
        if up is None:
            size = round(width * _TN_TABLE)
            return size, size
        return round(width * _TN_UPRIGHT), round(width * _TN_SMALL)
    return None


def readable_width(least: int) -> int:
    """The narrowest card whose index (`index_sizes`) is at least `least` px for every code."""
    share = min(TEN_SHARE, SUIT_SHARE, _TN_SMALL)
    width = int(least / share)
    while round(width * min(TEN_SHARE, SUIT_SHARE)) < least or round(width * _TN_SMALL) < least:
        width += 1
    return width


@lru_cache(maxsize=128)
def _corner(rank: str, suit: str, width: int, colour: tuple[int, int, int]) -> Image.Image:
    """The rank-and-suit index tile of the top-left corner: big, as all that shows of a card
    overlapped in a hand is its left edge, and it must read on a phone."""
    size = round(width * (TEN_SHARE if rank == "T" else RANK_SHARE))
    tile_w = round(width * TILE_SHARE)
    pip = round(width * SUIT_SHARE)
    top = round(width * RANK_SHARE) * 1.04
    tile = Image.new("RGBA", (tile_w, round(top) + pip + 4), (0, 0, 0, 0))
    d = ImageDraw.Draw(tile)
    label = rank_text(rank)
    text.draw_text(d, (tile_w / 2, 0), label, size, colour, "ma", bold=True)
    paste_shape(tile, suit, (tile_w / 2, top + pip / 2), pip, colour)
    return tile


def _corner_origin(width: int) -> tuple[int, int]:
    return round(width * 0.02), round(width * 0.05)


def index_box(code: str, width: int) -> tuple[int, int, int, int] | None:
    """What names a card, as a box on its face, which a card laid over it must leave whole:
    a French card's top-left index (rank over suit; nothing else on the face comes near it),
    a two-number card's two numbers (the band down its middle as wide as its widest number:
    an overlap that cuts into it hides part of a number); None for other cards."""
    if TWO_NUMBER.match(code):
        white, black, up = two_number_parts(code)
        size = round(width * (_TN_TABLE if up is None else _TN_UPRIGHT))
        digit = max(text.text_width(str(n), size) for n in (white, black))
        margin = max(2, round(width * 0.06))
        left = (width - digit) / 2
        return floor(left) - 1, margin, ceil(width - left) + 1, card_height(width) - margin
    if not (len(code) == 2 and code[0] in "A23456789TJQK" and code[1] in "SHDC"):
        return None
    corner = _corner(code[0], code[1], width, BLACK)
    left, top, right, bottom = corner.getchannel("A").getbbox() or (0, 0, 0, 0)
    ox, oy = _corner_origin(width)
    return left + ox, top + oy, right + ox, bottom + oy


def _french(code: str, width: int, style: CardStyle) -> Image.Image:
    """One design at every size: the big index top left, one big suit (or the court's
    frame) low on the right. Pip grids are noise at the size Discord shows a card."""
    rank, suit = code[0], code[1]
    colour = style.suit_colour(suit)
    im = _blank(width)
    corner = _corner(rank, suit, width, colour)
    im.alpha_composite(corner, _corner_origin(width))
    _small_middle(im, rank, suit, colour)
    return _finish(im)


def _small_middle(im: Image.Image, rank: str, suit: str, colour: tuple[int, int, int]) -> None:
    """The rest of a face: one big suit low on the right, framed and tinted for J, Q, K."""
    width, height = im.size
    if rank in _FACE_TINT:
        d = ImageDraw.Draw(im)
        box = (width * 0.55, height * 0.46, width * 0.93, height * 0.95)
        d.rectangle(box, fill=_FACE_TINT[rank], outline=colour, width=max(1, width // 30))
        _ornament(d, rank, (box[0] + box[2]) / 2, height * 0.55, width * 0.28, colour)
        paste_shape(im, suit, ((box[0] + box[2]) / 2, height * 0.78), round(width * 0.24), colour)
    else:
        paste_shape(im, suit, (width * 0.72, height * 0.74), round(width * 0.38), colour)


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
    """A joker: its star as the corner index (red for the big joker, black for the small),
    JOKER spelt down the left edge under it, and a big star in the middle."""
    big = code == "BJ"
    colour = RED if big else BLACK
    height = card_height(width)
    im = _blank(width)
    d = ImageDraw.Draw(im)
    star = round(width * SUIT_SHARE)
    ox, oy = _corner_origin(width)
    cx = ox + round(width * TILE_SHARE) / 2
    paste_shape(im, "*", (cx, oy + star / 2 + 2), star, colour)
    size = max(8, round(width * 0.13))
    for k, letter in enumerate("JOKER"):
        y = oy + star + 6 + k * size * 1.02
        text.draw_text(d, (cx, y), letter, size, colour, "ma", bold=True)
    middle = round(width * 0.5)
    at = (width * 0.66, height * 0.6)
    if big:
        paste_shape(im, "*", (at[0] + 1, at[1] + 2), middle + 6, (214, 160, 30))
    paste_shape(im, "*", at, middle, colour)
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
_TN_UPRIGHT = 0.66
"""Number size of a held card's upright end, as a share of its width."""
_TN_TABLE = 0.5
"""Number size of both ends of a card on the table."""
_TN_SMALL = 0.34
"""Number size of a held card's turned end."""
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
    _two_number_end(im, (m, m, width - m, split), upright, white_up, round(width * _TN_UPRIGHT))
    inset = round(width * 0.16)
    low = Image.new("RGBA", (width, height - split), (0, 0, 0, 0))
    _two_number_end(
        low,
        (inset, round(height * 0.03), width - inset, low.height - m),
        other,
        not white_up,
        round(width * _TN_SMALL),
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
    size = round(width * _TN_TABLE)
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
