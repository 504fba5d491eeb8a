"""Layout parts every game composes: the canvas, cards placed with shadows and rings, rows that
overlap or wrap, face-down piles with counts, badges, banners, a hand strip. A seat's plate is
`render.plates`; score tables and result panels are `render.panels`.

Parts draw onto an RGB canvas at a position and return the size they used, so a game layout is
a short top-to-bottom script of parts. They read no view: the game module decides what to show.
Every line of text reaches the image through `Canvas.text` and every card through
`paste_card`; `record_texts()` and `record_cards()` let a test see each line as drawn and each
card as placed, with their boxes (names cut to fit, nothing off the image, no index covered).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from render import cards, text
from render.strings import tr
from render.text import Text
from render.theme import (
    ALERT,
    ALERT_BG,
    FELT,
    FELT_DARK,
    GOLD,
    PANEL,
    PANEL_EDGE,
    TEXT,
    TEXT_DIM,
    CardStyle,
    card_height,
)

Colour = tuple[int, ...]
LOW_STOCK = 5
"""A pile of this many cards or fewer shows its count in red."""


@dataclass(frozen=True)
class PlayerInfo:
    """What the renderer knows of a seat besides the view: its name and flags."""

    name: str
    is_cpu: bool = False
    is_dealer: bool = False
    badges: tuple[str, ...] = ()


@dataclass(frozen=True)
class DrawnText:
    """One line of text as a layout drew it: the string (cut to fit) and its box."""

    text: str
    box: tuple[float, float, float, float]
    size: int


_text_recorders: list[list[DrawnText]] = []


@contextmanager
def record_texts() -> Iterator[list[DrawnText]]:
    """Collect every line of text drawn on a canvas inside the block, in drawing order."""
    seen: list[DrawnText] = []
    _text_recorders.append(seen)
    try:
        yield seen
    finally:
        _text_recorders.remove(seen)


@dataclass(frozen=True)
class PlacedCard:
    """One card as a layout placed it: its code (None for a back), width and top-left corner."""

    code: str | None
    width: int
    x: int
    y: int


_card_recorders: list[list[PlacedCard]] = []


@contextmanager
def record_cards() -> Iterator[list[PlacedCard]]:
    """Collect every card placed on a canvas inside the block, in drawing order."""
    seen: list[PlacedCard] = []
    _card_recorders.append(seen)
    try:
        yield seen
    finally:
        _card_recorders.remove(seen)


@dataclass
class Canvas:
    """An RGB image with its draw handle, the locale and the card style of one render."""

    image: Image.Image
    locale: str = "ja"
    style: CardStyle = field(default_factory=CardStyle)

    def __post_init__(self) -> None:
        self.draw = ImageDraw.Draw(self.image)

    @classmethod
    def new(cls, width: int, height: int, locale: str, style: CardStyle) -> Canvas:
        """A felt-coloured canvas."""
        return cls(Image.new("RGB", (width, height), FELT), locale, style)

    def text(
        self,
        xy: tuple[float, float],
        value: Text,
        size: int,
        fill: Colour = TEXT,
        anchor: str = "la",
        *,
        bold: bool = False,
        max_width: float | None = None,
    ) -> float:
        """Draw text with font fallback, cut to `max_width` (names first); returns its width."""
        if _text_recorders:
            line, box = text.place(xy, value, size, anchor, max_width)
            for seen in _text_recorders:
                seen.append(DrawnText(line, box, size))
        return text.draw_text(
            self.draw, xy, value, size, fill, anchor, bold=bold, max_width=max_width
        )


# --------------------------------------------------------------------------- cards


@lru_cache(maxsize=32)
def _shadow(width: int) -> Image.Image:
    height = card_height(width)
    pad = 6
    mask = Image.new("L", (width + 2 * pad, height + 2 * pad), 0)
    mask.paste(cards.card_mask(width, height).point(lambda v: v * 95 // 255), (pad, pad))
    return mask.filter(ImageFilter.GaussianBlur(3))


def paste_card(
    c: Canvas,
    code: str | None,
    x: float,
    y: float,
    width: int,
    *,
    dim: bool = False,
    ring: Colour | None = None,
    shadow: bool = True,
) -> None:
    """Place a card face (or a back when `code` is None) with its top-left corner at (x, y)."""
    x, y = round(x), round(y)
    for seen in _card_recorders:
        seen.append(PlacedCard(code, width, x, y))
    if shadow:
        mask = _shadow(width)
        c.image.paste((0, 0, 0), (x - 6 + 2, y - 6 + 3), mask)
    im = cards.back(width) if code is None else cards.face(code, width, c.style, dim)
    c.image.paste(im, (x, y), im)
    if ring is not None:
        ring_box(c, (x, y, x + width, y + card_height(width)), ring)


def paste_plain(c: Canvas, x: float, y: float, width: int) -> None:
    """A plain card (edge and face, no index) under a stack: nothing of it can be misread.
    It is recorded as a card with no code, like a back."""
    x, y = round(x), round(y)
    for seen in _card_recorders:
        seen.append(PlacedCard(None, width, x, y))
    im = cards.plain(width)
    c.image.paste(im, (x, y), im)


def ring_box(
    c: Canvas, box: tuple[float, float, float, float], colour: Colour, width: int = 4
) -> None:
    """A rounded highlight ring just outside a card."""
    x0, y0, x1, y1 = box
    g = width // 2 + 1
    radius = max(4, round((x1 - x0) * 0.09))
    c.draw.rounded_rectangle(
        (x0 - g, y0 - g, x1 + g - 1, y1 + g - 1), radius, outline=colour, width=width
    )


def row_step(count: int, card_w: int, max_width: float, gap: int) -> float:
    """Horizontal distance between card origins so `count` cards fit in `max_width`."""
    if count <= 1:
        return card_w + gap
    return min(card_w + gap, (max_width - card_w) / (count - 1))


def card_row(
    c: Canvas,
    codes: Sequence[str | None],
    x: float,
    y: float,
    card_w: int,
    max_width: float,
    *,
    gap: int = 10,
    rings: Mapping[int, Colour] | None = None,
    dims: Sequence[bool] | None = None,
    lifts: Sequence[bool] | None = None,
    lift: int = 0,
    centre: bool = False,
    shadow: bool = True,
) -> list[tuple[float, float]]:
    """Lay cards left to right, overlapping when they don't fit; returns each card's origin."""
    step = row_step(len(codes), card_w, max_width, gap)
    used = card_w + step * (len(codes) - 1) if codes else 0
    if centre:
        x += (max_width - used) / 2
    origins = []
    for i, code in enumerate(codes):
        cx = x + step * i
        cy = y - (lift if lifts and lifts[i] else 0)
        paste_card(
            c,
            code,
            cx,
            cy,
            card_w,
            dim=bool(dims and dims[i]),
            ring=(rings or {}).get(i),
            shadow=shadow and (step >= card_w * 0.5 or i == 0),
        )
        origins.append((cx, cy))
    return origins


def wrap(count: int, per_row: int) -> list[int]:
    """Row lengths for `count` cards, at most `per_row` a row, rows as even as possible."""
    if count <= 0:
        return []
    rows = -(-count // per_row)
    base, extra = divmod(count, rows)
    return [base + (1 if r < extra else 0) for r in range(rows)]


# --------------------------------------------------------------------------- small pieces


def badge(
    c: Canvas,
    x: float,
    y: float,
    label: Text,
    bg: Colour,
    fg: Colour = (20, 20, 20),
    size: int = 20,
    anchor: str = "l",
    max_width: float | None = None,
) -> float:
    """A pill with a short label; (x, y) is its left (or right, `anchor="r"`) top; returns width.

    With `max_width`, a label too long for it is cut (a template's names first).
    """
    pad = round(size * 0.5)
    if max_width is not None:
        label = text.fit(label, size, max_width - 2 * pad)
    width = text.text_width(label, size) + 2 * pad
    height = round(size * 1.45)
    if anchor == "r":
        x -= width
    c.draw.rounded_rectangle((x, y, x + width, y + height), height // 2, fill=bg)
    c.text((x + width / 2, y + height / 2), label, size, fg, "mm", bold=True)
    return width


def panel(
    c: Canvas,
    box: tuple[float, float, float, float],
    fill: Colour = PANEL,
    outline: Colour = PANEL_EDGE,
    width: int = 2,
    radius: int = 14,
) -> None:
    """A rounded panel."""
    c.draw.rounded_rectangle(box, radius, fill=fill, outline=outline, width=width)


def banner(
    c: Canvas,
    centre: tuple[float, float],
    label: str,
    size: int = 30,
    bg: Colour = ALERT_BG,
    fg: Colour = GOLD,
) -> tuple[float, float]:
    """A ribbon with a short exclamation (a J sweep, a moon shot); returns its size."""
    width = text.text_width(label, size) + size * 1.6
    height = size * 1.6
    x0, y0 = centre[0] - width / 2, centre[1] - height / 2
    notch = height * 0.35
    points = [
        (x0 - notch, y0),
        (x0 + width + notch, y0),
        (x0 + width, y0 + height / 2),
        (x0 + width + notch, y0 + height),
        (x0 - notch, y0 + height),
        (x0, y0 + height / 2),
    ]
    c.draw.polygon(points, fill=bg, outline=fg, width=3)
    c.text(centre, label, size, fg, "mm", bold=True)
    return width + 2 * notch, height


def face_down_pile(
    c: Canvas,
    x: float,
    y: float,
    count: int,
    card_w: int,
    *,
    label: str | None = None,
    low: int = LOW_STOCK,
    size: int | None = None,
    beside: bool = False,
) -> tuple[float, float]:
    """A stack of backs whose thickness follows `count`, with the count under it (or `beside`
    it, on the right).

    The count (text `size`, by default 0.3 of the card width) turns red at `low` or fewer; an
    empty pile is a dashed outline. Returns the size.
    """
    stack_w, total_h = pile_stack(c, x, y, count, card_w)
    size = size or max(20, round(card_w * 0.3))
    count_text = tr("cards", c.locale, n=count) if label is None else label
    width = text.text_width(count_text, size) + size
    used: tuple[float, float]
    if beside:
        cx, cy = x + stack_w + 12 + width / 2, y + total_h / 2
        used = (stack_w + 12 + width, total_h)
    else:
        cx, cy = x + stack_w / 2, y + total_h + 6 + size * 0.68
        used = (stack_w, total_h + 6 + size * 1.35)
    if count <= low:
        c.draw.rounded_rectangle(
            (cx - width / 2, cy - size * 0.68, cx + width / 2, cy + size * 0.68),
            radius=size // 2,
            fill=ALERT,
        )
        c.text((cx, cy), count_text, size, (255, 255, 255), "mm", bold=True)
    else:
        c.text((cx, cy), count_text, size, TEXT, "mm", bold=True)
    return used


def pile_stack(c: Canvas, x: float, y: float, count: int, card_w: int) -> tuple[float, float]:
    """A stack of backs whose thickness follows `count` (an empty pile: a dashed outline),
    with no count; returns its size."""
    height = card_height(card_w)
    layers = 0 if count <= 0 else min(4, 1 + count // 8)
    depth = 3
    if layers == 0:
        for k in range(0, card_w, 12):
            c.draw.line((x + k, y, x + min(card_w, k + 6), y), fill=TEXT_DIM, width=2)
            c.draw.line(
                (x + k, y + height, x + min(card_w, k + 6), y + height), fill=TEXT_DIM, width=2
            )
        for k in range(0, height, 12):
            c.draw.line((x, y + k, x, y + min(height, k + 6)), fill=TEXT_DIM, width=2)
            c.draw.line(
                (x + card_w, y + k, x + card_w, y + min(height, k + 6)), fill=TEXT_DIM, width=2
            )
    for k in range(layers):
        off = (layers - 1 - k) * depth
        paste_card(c, None, x + off, y + off, card_w, shadow=k == 0)
    return card_w + (max(layers, 1) - 1) * depth, height + (max(layers, 1) - 1) * depth


def pile_height(card_w: int, size: int | None = None, beside: bool = False) -> float:
    """The most height `face_down_pile` takes: its thickest stack and the count under it (or
    only the stack, with the count `beside` it)."""
    stack = card_height(card_w) + 3 * 3
    if beside:
        return stack
    return stack + 6 + (size or max(20, round(card_w * 0.3))) * 1.35


def face_down_fan(
    c: Canvas,
    x: float,
    y: float,
    count: int,
    card_w: int,
    max_width: float,
    *,
    label: str | None = None,
    most: int = 13,
) -> tuple[float, float]:
    """Another seat's hand: a row of overlapping backs (at most `most` drawn) and its count.

    Returns the size used. The backs carry no code, so nothing hidden can leak through them.
    """
    shown = max(0, min(count, most))
    height = card_height(card_w)
    label = tr("cards", c.locale, n=count) if label is None else label
    size = max(18, round(card_w * 0.3))
    label_w = text.text_width(label, size) + size
    room = max_width - label_w - 10
    if shown:
        card_row(c, [None] * shown, x, y, card_w, max(card_w, room), gap=-round(card_w * 0.55))
        used = card_w + row_step(shown, card_w, max(card_w, room), -round(card_w * 0.55)) * (
            shown - 1
        )
    else:
        used = 0
    lx = x + used + 10
    c.draw.rounded_rectangle(
        (lx, y + height / 2 - size * 0.7, lx + label_w, y + height / 2 + size * 0.7),
        radius=size // 2,
        fill=FELT_DARK,
    )
    c.text((lx + label_w / 2, y + height / 2), label, size, TEXT, "mm", bold=True)
    return used + 10 + label_w, height


# --------------------------------------------------------------------------- hands

INDEX_STEP = cards.TILE_SHARE + 0.08
"""Overlap no more than this share of the width: the corner index must stay in view, with a
little felt-free margin after it so that "10" never runs into the next card's edge."""


def index_step(card_w: int) -> float:
    """The least distance between overlapping cards that leaves each one's index in view."""
    return card_w * INDEX_STEP


def hand_rows(count: int, card_w: int, max_width: float) -> list[int]:
    """Row lengths of overlapping cards (a hand strip, a captured run): one row while the
    overlap leaves every index readable, then as few even rows as that allows."""
    per_row = max(1, int((max_width - card_w) // index_step(card_w)) + 1)
    return wrap(count, per_row)


def hand_strip(
    c: Canvas,
    codes: Sequence[str],
    x: float,
    y: float,
    card_w: int,
    max_width: float,
    *,
    legal: Sequence[bool] | None = None,
    selected: frozenset[int] | set[int] = frozenset(),
    lift: int = 24,
    first_index: int = 1,
) -> float:
    """Cards in hand order with index labels 1..n under them; returns the height used.

    Illegal cards are dimmed, selected ones lifted and ringed; the labels match the command
    options (1-based), bright for legal cards and grey for the others.
    """
    card_h = card_height(card_w)
    label_size = 22
    row_h = lift + card_h + 8 + round(label_size * 1.5) + 10
    start = 0
    for r, count in enumerate(hand_rows(len(codes), card_w, max_width)):
        row = list(codes[start : start + count])
        idx = range(start, start + count)
        dims = [bool(legal is not None and not legal[i]) for i in idx]
        lifts = [i in selected for i in idx]
        rings = {k: GOLD for k, i in enumerate(idx) if i in selected}
        top = y + r * row_h + lift
        origins = card_row(
            c, row, x, top, card_w, max_width, gap=8, rings=rings, dims=dims, lifts=lifts, lift=lift
        )
        step = row_step(count, card_w, max_width, 8)
        visible = min(step, card_w)
        for k, (ox, _) in enumerate(origins):
            i = start + k
            cx = ox + (card_w if k == count - 1 else visible) / 2
            ly = top + card_h + 8
            label = str(i + first_index)
            if i in selected:
                w = text.text_width(label, label_size) + 12
                c.draw.rounded_rectangle(
                    (cx - w / 2, ly, cx + w / 2, ly + label_size * 1.35), 8, fill=GOLD
                )
                c.text(
                    (cx, ly + label_size * 0.68), label, label_size, (20, 20, 20), "mm", bold=True
                )
            else:
                colour = TEXT_DIM if dims[k] else TEXT
                c.text(
                    (cx, ly + label_size * 0.68), label, label_size, colour, "mm", bold=not dims[k]
                )
        start += count
    return row_h * len(hand_rows(len(codes), card_w, max_width))
