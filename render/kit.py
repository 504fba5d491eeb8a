"""The box kit: the parts a layout made for Discord's display box composes (docs/images.md).

Every image is `CANVAS` (1100 x 700), drawn at twice the 550 x 350 box Discord shows an
attachment in, so that everything is read at half the size it is drawn at. Text is never
smaller than `T_SMALL` (24: 12 px shown) and a face-up card never narrower than `MIN_CARD_W`
(84: rank and suit 14 px shown); the generic test (tests/render/test_box.py) checks both, from
what `parts.record_texts` and `parts.record_cards` saw, on every sample of every finished game.

A layout is a short script on one canvas, made into the game's `render` by `layout`:

    def draw(c, view, players, own):                  # own: the viewer's seat, or None
        y = kit.top_bar(c, title, status)             # the game's name, a short status
        boxes = kit.seat_grid(n, area) or kit.seat_rim(n, own, area, plate)
        kit.plate(c, box, seat)                       # name, badges, counts (and exposed cards)
        card_w, rows = kit.fit_cards(len(codes), width, height=room)
        kit.card_rows(c, codes, x, y, card_w, width, rows)
        held.hand(c, codes, box, groups=..., legal=..., selected=...)  # numbered, grouped
        kit.book(c, x, y, "7")                        # a finished set (a book, a won trick)
        kit.result(c, box, title, reason, lines)      # the end of a game

    render = kit.layout(draw)                         # the canvas made, the viewer's seat found

What does not fit at that size leaves the image: score tables, breakdowns and long logs go into
the embed (the game's presenter: `counts`, `result_fields`, the narrated log), or into the
second image a layout may offer with `details(view, players, locale, style, viewer)`, which the
bot shows on demand (a "Details" button).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PIL import Image

from render import panels, parts, plates, text
from render.parts import Canvas, PlayerInfo
from render.plates import Seat
from render.text import Text
from render.theme import (
    CANVAS,
    CARD_EDGE,
    CARD_FACE,
    FELT_DARK,
    GOLD,
    MIN_CARD_W,
    PANEL_EDGE,
    SCALE,
    T_BIG,
    T_BODY,
    T_NAME,
    T_SMALL,
    T_TITLE,
    TEXT,
    TEXT_DIM,
    CardStyle,
    card_height,
)

Colour = tuple[int, ...]
View = Mapping[str, Any]
Players = Sequence[PlayerInfo]
Layout = Callable[[View, Players, str, CardStyle, "int | None"], Image.Image]
"""A game's `render(view, players, locale, style, viewer)`: the table image of one view."""
Draw = Callable[[Canvas, View, Players, "int | None"], None]
"""What a game draws of one view on a fresh canvas: `draw(c, view, players, own)`."""

WIDTH, HEIGHT = CANVAS
MARGIN = 16
"""Space between the image's edge and what is drawn."""
GAP = 12
"""Space between two blocks."""
BAR_H = 64
"""Height of the top bar."""
CARD_WIDTHS = (140, 128, 116, 104, 96, 90, MIN_CARD_W)
"""Card widths `fit_cards` tries, largest first; never under `MIN_CARD_W`."""
ROW_GAP = 12
"""Space between two rows of cards."""


def shown(px: float) -> float:
    """How tall `px` canvas pixels are once Discord shows the image in its box."""
    return px / SCALE


def canvas(locale: str, style: CardStyle) -> Canvas:
    """A felt canvas of the box's size (`CANVAS`)."""
    return Canvas.new(WIDTH, HEIGHT, locale, style)


def own_seat(view: View, viewer: int | None, hand: str | None = "hand") -> int | None:
    """The seat whose private image this is: the viewer's, when the view holds that seat's
    `hand` (any seat's, with `hand` None: a game that hides nothing); None for the channel's
    image."""
    if viewer is None or not 0 <= viewer < int(view["seats"]):
        return None
    return viewer if hand is None or view.get(hand) is not None else None


def layout(draw: Draw, hand: str | None = "hand") -> Layout:
    """A game's `render` from its `draw`: a canvas in the locale and card style, the view drawn
    on it as the seat `own_seat` finds sees it, the image."""

    def render(
        view: View, players: Players, locale: str, style: CardStyle, viewer: int | None
    ) -> Image.Image:
        c = canvas(locale, style)
        draw(c, view, players, own_seat(view, viewer, hand))
        return c.image

    return render


def top_bar(c: Canvas, title: Text, status: Text = "", height: int = BAR_H) -> int:
    """The game's name on the left, a short status on the right; returns its height."""
    c.draw.rectangle((0, 0, WIDTH, height), fill=FELT_DARK)
    used = c.text((MARGIN, height / 2), title, T_TITLE, TEXT, "lm", bold=True, max_width=WIDTH / 2)
    if status:
        room = WIDTH - 2 * MARGIN - used - 24
        c.text((WIDTH - MARGIN, height / 2), status, T_BODY, TEXT_DIM, "rm", max_width=room)
    return height


# --------------------------------------------------------------------------- seats


def badge_row(
    c: Canvas,
    right: float,
    y: float,
    items: Sequence[tuple[str, Colour, Colour]],
    leftmost: float,
    size: int = T_SMALL,
) -> float:
    """Badges right to left ending at `right`, as many as fit right of `leftmost`; returns
    the left edge of the last one drawn (`right` when none)."""
    for label, bg, fg in items:
        width = text.text_width(label, size) + size
        if right - width < leftmost:
            break
        parts.badge(c, right, y, label, bg, fg, size, anchor="r")
        right -= width + 6
    return right


PLATE_PAD = 12
BADGE_H = round(T_SMALL * 1.45)


def plate_height(seat: Seat, width: float, name: int = T_NAME, line: int | None = None) -> int:
    """The height `plate` needs for this seat in a plate `width` px wide."""
    line = _line_size(width) if line is None else line
    h = PLATE_PAD + round(name * 1.25) + PLATE_PAD
    h += round(line * 1.3) * len(count_lines(seat.counts, width - 2 * PLATE_PAD, line))
    if _badges_below(seat, width, name):
        h += BADGE_H + 6
    if seat.exposed:
        h += card_height(MIN_CARD_W) + 8
    return h


NARROW_PLATE = 300
"""Plates narrower than this put their badges on a line of their own, under the counts."""


def plate_size(seats: Sequence[Seat], width: float) -> tuple[float, float]:
    """The size of plates `width` px wide tall enough for every one of `seats` (plates around
    one table are alike: give this to `seat_rim`)."""
    return width, max((plate_height(seat, width) for seat in seats), default=0)


def count_lines(counts: Sequence[str], width: float, size: int) -> list[str]:
    """A seat's counts ("Hand 13", "Tricks 2") on as few lines as fit in `width`, never
    splitting one count (a count alone too wide is cut when drawn)."""
    lines: list[str] = []
    for count in counts:
        if lines and text.text_width(lines[-1] + "  " + count, size) <= width:
            lines[-1] += "  " + count
        else:
            lines.append(count)
    return lines


def _line_size(width: float) -> int:
    """The counts' text size: smaller on a narrow plate, so "Hand 13  Tricks 2" fits."""
    return T_SMALL if width < NARROW_PLATE else T_BODY


def _badges_below(seat: Seat, width: float, name: int) -> bool:
    """Whether the badges go on a line of their own (a narrow plate that has badges)."""
    return width < NARROW_PLATE and bool(
        seat.to_play
        or seat.winner
        or seat.is_viewer
        or seat.player.is_cpu
        or seat.player.is_dealer
        or seat.player.badges
    )


def plate(
    c: Canvas,
    box: tuple[float, float, float, float],
    seat: Seat,
    *,
    name: int = T_NAME,
    line: int | None = None,
) -> None:
    """A seat's plate for the box: its name (cut to fit), its badges (on the name's line, or
    under the counts on a narrow plate), its counts on one line (smaller on a narrow plate),
    and its exposed cards, readable; `plate_height` says how tall it needs to be."""
    x0, y0, x1, _ = box
    line = _line_size(x1 - x0) if line is None else line
    lit = seat.to_play or seat.winner
    parts.panel(c, box, outline=GOLD if lit else PANEL_EDGE, width=4 if lit else 2, radius=12)
    inner = x1 - x0 - 2 * PLATE_PAD
    items = plates.seat_badges(c.locale, seat)
    name_h = round(name * 1.25)
    below = _badges_below(seat, x1 - x0, name)
    right = x1 - PLATE_PAD
    y = y0 + PLATE_PAD
    if not below:
        right = badge_row(c, right, y + (name_h - BADGE_H) / 2, items, x0 + PLATE_PAD + inner * 0.4)
    room = (right - 8 if not below else x1 - PLATE_PAD) - (x0 + PLATE_PAD)
    c.text((x0 + PLATE_PAD, y), seat.player.name, name, TEXT, "la", bold=True, max_width=room)
    y += name_h
    for words in count_lines(seat.counts, inner, line):
        c.text((x0 + PLATE_PAD, y), words, line, TEXT_DIM, "la", max_width=inner)
        y += round(line * 1.3)
    if below:
        badge_row(c, x1 - PLATE_PAD, y + 2, items, x0 + PLATE_PAD)
        y += BADGE_H + 6
    if seat.exposed:
        card_row = list(seat.exposed)
        parts.card_row(c, card_row, x0 + PLATE_PAD, y + 4, MIN_CARD_W, inner, gap=6)


def seat_grid(
    n: int, area: tuple[float, float, float, float], columns: int | None = None, gap: int = GAP
) -> list[tuple[float, float, float, float]]:
    """`n` equal boxes filling `area` in rows, left to right (by default as square a grid
    as the count allows: 2 -> 2x1, 3 -> 3x1, 4 -> 2x2, 6 -> 3x2)."""
    if n <= 0:
        return []
    cols = columns or (n if n <= 3 else -(-n // 2) if n <= 8 else -(-n // 3))
    rows = -(-n // cols)
    x0, y0, x1, y1 = area
    w = (x1 - x0 - gap * (cols - 1)) / cols
    h = (y1 - y0 - gap * (rows - 1)) / rows
    boxes = []
    for k in range(n):
        left, top = x0 + (k % cols) * (w + gap), y0 + (k // cols) * (h + gap)
        boxes.append((left, top, left + w, top + h))
    return boxes


def seat_rim(
    n: int,
    viewer: int | None,
    area: tuple[float, float, float, float],
    plate: tuple[float, float],
) -> list[tuple[float, float, float, float]]:
    """The plate box of each of `n` seats (2 to 12) around the rim of `area`, by seat number.

    Seats go clockwise in play order from the bottom centre (the viewer's seat, or, for the
    public image, half a step further, so that no seat is favoured) along a rectangle through
    the plates' centres, evenly spaced; a plate too wide for its spacing is narrowed. The
    middle (`rim_inner`) is left for the trick or the piles.
    """
    pw, ph = plate
    x0, y0, x1, y1 = area
    for _ in range(40):
        centres = _rim_points(n, viewer, (x0 + pw / 2, y0 + ph / 2, x1 - pw / 2, y1 - ph / 2))
        boxes = [(x - pw / 2, y - ph / 2, x + pw / 2, y + ph / 2) for x, y in centres]
        if not any(_touch(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1 :]):
            return boxes
        pw -= 8
    return boxes


def rim_inner(
    area: tuple[float, float, float, float], plate: tuple[float, float], gap: int = GAP
) -> tuple[float, float, float, float]:
    """The middle of a `seat_rim` table: `area` less a band of plates on every side."""
    x0, y0, x1, y1 = area
    return x0 + plate[0] + gap, y0 + plate[1] + gap, x1 - plate[0] - gap, y1 - plate[1] - gap


def _touch(a: Sequence[float], b: Sequence[float], gap: float = 6) -> bool:
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def _rim_points(
    n: int, viewer: int | None, track: tuple[float, float, float, float]
) -> list[tuple[float, float]]:
    """Evenly spaced points on a rectangle, clockwise on screen from its bottom centre."""
    x0, y0, x1, y1 = track
    w, h = x1 - x0, y1 - y0
    perimeter = 2 * (w + h)
    # the path from the bottom centre: left along the bottom, up, right along the top, down,
    # back along the bottom to the start
    legs = [
        ((x0 + w / 2, y1), (x0, y1)),
        ((x0, y1), (x0, y0)),
        ((x0, y0), (x1, y0)),
        ((x1, y0), (x1, y1)),
        ((x1, y1), (x0 + w / 2, y1)),
    ]
    first = 0 if viewer is None else viewer
    shift = 0.5 if viewer is None else 0.0
    points: list[tuple[float, float]] = [(0.0, 0.0)] * n
    for k in range(n):
        at = perimeter * ((k + shift) / n)
        for (ax, ay), (bx, by) in legs:
            leg = abs(bx - ax) + abs(by - ay)
            if at <= leg or (bx, by) == (x0 + w / 2, y1):
                f = 0 if leg == 0 else min(1.0, at / leg)
                points[(first + k) % n] = (ax + (bx - ax) * f, ay + (by - ay) * f)
                break
            at -= leg
    return points


# --------------------------------------------------------------------------- cards


def row_width(count: int, card_w: int, step: float) -> float:
    """The width of `count` cards `step` px apart."""
    return 0 if count <= 0 else card_w + step * (count - 1)


def fit_cards(
    count: int,
    max_width: float,
    *,
    widths: Sequence[int] = CARD_WIDTHS,
    rows_most: int = 2,
    height: float | None = None,
    extra: float = 0,
) -> tuple[int, list[int]]:
    """The largest card width (from `widths`) at which `count` cards, overlapping no more
    than their index allows, fit in `max_width` on at most `rows_most` rows and, if given,
    `height` (each row takes the card's height, `extra` and `ROW_GAP`); with the rows' lengths.

    When nothing fits, the narrowest width, on as many rows as it needs."""
    for card_w in widths:
        rows = parts.hand_rows(count, card_w, max_width)
        tall = len(rows) * (card_height(card_w) + extra + ROW_GAP) - ROW_GAP
        if len(rows) <= rows_most and (height is None or tall <= height):
            return card_w, rows
    narrow = widths[-1]
    return narrow, parts.hand_rows(count, narrow, max_width)


def rows_height(rows: Sequence[int], card_w: int, extra: float = 0) -> float:
    """The height `card_rows` takes for these rows (`extra` under each row)."""
    if not rows:
        return 0
    return len(rows) * (card_height(card_w) + extra + ROW_GAP) - ROW_GAP


def card_rows(
    c: Canvas,
    codes: Sequence[str | None],
    x: float,
    y: float,
    card_w: int,
    max_width: float,
    rows: Sequence[int],
    *,
    centre: bool = False,
    rings: Mapping[int, Colour] | None = None,
    extra: float = 0,
) -> list[tuple[float, float]]:
    """Cards in rows (as `fit_cards` chose), each row as spread as its width allows;
    returns every card's origin, in order. `rings` maps a card's position to a ring."""
    origins: list[tuple[float, float]] = []
    start = 0
    for r, count in enumerate(rows):
        row_rings = {
            i - start: ring for i, ring in (rings or {}).items() if start <= i < start + count
        }
        origins += parts.card_row(
            c,
            list(codes[start : start + count]),
            x,
            y + r * (card_height(card_w) + extra + ROW_GAP),
            card_w,
            max_width,
            gap=10,
            rings=row_rings,
            centre=centre,
        )
        start += count
    return origins


def pile(
    c: Canvas,
    x: float,
    y: float,
    count: int,
    label: str,
    *,
    card_w: int = 64,
    size: int = T_BODY,
    beside: bool = True,
) -> tuple[float, float]:
    """A face-down pile (a stock) with its count beside it (red when low); returns its size."""
    return parts.face_down_pile(c, x, y, count, card_w, label=label, size=size, beside=beside)


def stack(
    c: Canvas, code: str, x: float, y: float, width: int, depth: int = 4, step: int = 4
) -> tuple[float, float]:
    """A stack of `depth` face-up cards showing only the top one: the others are plain edges
    behind it (down and right), never slivers of their faces; returns its size."""
    under = max(0, min(depth, 6) - 1)
    for k in range(under, 0, -1):
        parts.paste_plain(c, x + k * step, y + k * step, width)
    parts.paste_card(c, code, x, y, width, shadow=under == 0)
    return width + under * step, card_height(width) + under * step


BOOK_W = 56
"""Width of a `book` tile: a finished set shown by its label alone."""


def book(
    c: Canvas,
    x: float,
    y: float,
    label: str,
    *,
    width: int = BOOK_W,
    size: int = T_TITLE,
    ink: Colour = (24, 24, 28),
    depth: int = 3,
    corner: bool = False,
) -> tuple[float, float]:
    """A finished set (a Go Fish book, a trick won) as a small stack whose top shows one big
    label ("7", "10"), in the middle or (`corner`, for tiles that overlap) top left: no card
    face, so nothing under it can show as a sliver; returns its size."""
    height = round(width * 1.3)
    step = 4
    for k in range(depth - 1, -1, -1):
        bx, by = x + k * step, y + k * step
        c.draw.rounded_rectangle(
            (bx, by, bx + width, by + height), 8, fill=CARD_FACE, outline=CARD_EDGE, width=2
        )
    if corner:
        c.text((x + 6, y + 4), label, size, ink, "la", bold=True)
    else:
        c.text((x + width / 2, y + height / 2), label, size, ink, "mm", bold=True)
    return width + (depth - 1) * step, height + (depth - 1) * step


# --------------------------------------------------------------------------- the end


def result(
    c: Canvas,
    box: tuple[float, float, float, float],
    title: Text,
    reason: Text,
    lines: Sequence[Text] = (),
) -> None:
    """The end of a game over `box`: the winner big, the reason, then a few short lines
    (final counts); a score table belongs in the embed or the details image."""
    panels.result_panel(c, box, title, reason, lines, sizes=(T_BIG, T_BODY, T_BODY))


def turn_pill(
    c: Canvas, right: float, y: float, label: Text, mine: bool, max_width: float
) -> float:
    """'Your turn' in gold, or 'X to play' quietly, ending at `right`; returns its width."""
    bg, fg = (GOLD, (20, 20, 20)) if mine else (PANEL_EDGE, TEXT)
    return parts.badge(c, right, y, label, bg, fg, T_BODY, anchor="r", max_width=max_width)


PILL_H = round(T_BODY * 1.45)
"""Height of a `turn_pill`."""
