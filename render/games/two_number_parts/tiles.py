"""Small cards: a card by its upright end (`end_tile`), by both ends (`pair_chip`), as backs
(`backs`), a dora's dot; and the brackets that name melds over a hand (`brackets`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engines.two_number.cards import BLACK_OFFSET, base, is_held, value
from render import parts, text
from render.cards import shown
from render.games.two_number_parts.measures import Box, Colour
from render.parts import Canvas
from render.theme import GOLD, MIN_CARD_W, PANEL, T_SMALL, card_height


@dataclass(frozen=True)
class Marks:
    """The sizes of a plate's small cards: another seat's backs and the upright ends of its
    cards shown alone (`end_tile`, as wide as a back), its discards as chips."""

    back: int
    step: int
    """Between two backs."""
    tile_text: int
    chip_w: int
    chip_h: int
    chip_text: int

    @property
    def tile_h(self) -> int:
        """The height of a back, and of an end tile."""
        return card_height(self.back)

    @property
    def chip_step(self) -> int:
        """Between two chips."""
        return self.chip_w + 6


SMALL = Marks(back=36, step=40, tile_text=30, chip_w=36, chip_h=64, chip_text=28)
"""A seat's image: the room goes to the viewer's hand."""
BIG = Marks(back=46, step=50, tile_text=36, chip_w=44, chip_h=80, chip_text=34)
"""The channel's image: no hand of its own, the other seats' cards drawn bigger."""


def marks(own: int | None) -> Marks:
    """The plates' small cards: `SMALL` in a seat's image, `BIG` in the channel's."""
    return SMALL if own is not None else BIG


TILE_W = SMALL.back
TILE_TEXT = SMALL.tile_text
TABLE_W = 72
"""A card on the table shown big (the pile's top, the dora indicator, a discard to claim):
its numbers are half its width, 18 px in the box."""
DRAWN_W = MIN_CARD_W
"""The drawn card, once with each end up."""
DOT_R = 9
_WHITE = (252, 252, 248)
_BLACK = (30, 30, 34)
_TILE_EDGE = (96, 90, 80)


def _end(c: Canvas, box: Box, number: int, white: bool, size: int, radius: int = 6) -> None:
    """One end, upright, in `box`: a white (or black) panel with its number (a 6 underlined,
    as on the cards)."""
    fill, ink = (_WHITE, _BLACK) if white else (_BLACK, _WHITE)
    c.draw.rounded_rectangle(box, radius, fill=fill, outline=_TILE_EDGE, width=2)
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    c.text((cx, cy), str(number), size, ink, "mm", bold=True)
    if number == 6:
        bar = size * 0.24
        y = cy + size * 0.46
        c.draw.line((cx - bar, y, cx + bar, y), fill=ink, width=max(2, round(size * 0.08)))


def end_tile(
    c: Canvas,
    held: str,
    x: float,
    y: float,
    width: int = TILE_W,
    *,
    size: int = TILE_TEXT,
    ring: Colour | None = None,
    dotted: bool = False,
) -> None:
    """A held card by its upright end alone (what counts): its number on white or black."""
    shown(held)
    v = value(held)
    box = (x, y, x + width, y + card_height(width))
    _end(c, box, v % BLACK_OFFSET, v < BLACK_OFFSET, size, radius=max(4, width // 7))
    if ring is not None:
        parts.ring_box(c, box, ring)
    if dotted:
        dot(c, box[2] - 3, box[1] + 3)


def pair_chip(c: Canvas, card: str, x: float, y: float, size: Marks = SMALL) -> None:
    """A card on the table, small: its white end over its black end, both upright."""
    code = base(card)
    shown(code)
    white, black = int(code[1]), int(code[3])
    half = size.chip_h / 2
    right = x + size.chip_w
    _end(c, (x, y, right, y + half - 1), white, True, size.chip_text, radius=5)
    _end(c, (x, y + half + 1, right, y + size.chip_h), black, False, size.chip_text, radius=5)


def dot(c: Canvas, cx: float, cy: float) -> None:
    """A gold dot with a dark rim (a dora on a card's corner, or beside its legend)."""
    c.draw.ellipse(
        (cx - DOT_R, cy - DOT_R, cx + DOT_R, cy + DOT_R), fill=GOLD, outline=(40, 30, 0), width=2
    )


def backs(
    c: Canvas,
    x: float,
    y: float,
    count: int,
    known: Sequence[str | None] = (),
    size: Marks = SMALL,
) -> float:
    """Another seat's hand in order: backs, a card the table saw go in as its upright end in
    its place; returns the width used."""
    for k in range(count):
        code = known[k] if k < len(known) else None
        left = x + k * size.step
        if is_held(code):
            assert code is not None
            end_tile(c, code, left, y, size.back, size=size.tile_text)
        else:
            parts.paste_card(c, None, left, y, size.back, shadow=False)
    return size.step * (count - 1) + size.back if count else 0


def chips_width(count: int, size: Marks = SMALL) -> float:
    """The width of `count` chips side by side."""
    return size.chip_step * (count - 1) + size.chip_w if count else 0


# --------------------------------------------------------------------------- brackets

BRACKET_H = 30
"""Room over a hand for its melds' brackets and their names."""


@dataclass(frozen=True)
class Segment:
    """Cards side by side that make something (a meld, a pair): its kind, `start` to `end`
    (end exclusive), and the bracket's colour."""

    kind: str
    start: int
    end: int
    ink: Colour = GOLD


def brackets(
    c: Canvas,
    lefts: Sequence[float],
    width: float,
    y: float,
    segments: Sequence[Segment],
    names: Mapping[str, str],
    bg: Colour = PANEL,
) -> None:
    """A bracket over the cards of each segment, its name on the bracket (`names[kind]`):
    the marks say what they are, no legend needed."""
    line_y = y + 14
    for seg in segments:
        if not 0 <= seg.start < seg.end <= len(lefts):
            continue
        x0, x1 = lefts[seg.start] + 4, lefts[seg.end - 1] + width - 4
        c.draw.line((x0, line_y, x1, line_y), fill=seg.ink, width=4)
        c.draw.line((x0, line_y, x0, y + BRACKET_H - 2), fill=seg.ink, width=4)
        c.draw.line((x1, line_y, x1, y + BRACKET_H - 2), fill=seg.ink, width=4)
        name = names.get(seg.kind, "")
        room = x1 - x0 - 20
        if not name or room < 30:
            continue
        shown = text.fit(name, T_SMALL, room)
        half = text.text_width(shown, T_SMALL) / 2 + 8
        mid = (x0 + x1) / 2
        c.draw.rectangle((mid - half, line_y - 4, mid + half, line_y + 4), fill=bg)
        c.text((mid, line_y), shown, T_SMALL, seg.ink, "mm", bold=True)
