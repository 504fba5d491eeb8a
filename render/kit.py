"""The box kit: the parts a layout made for Discord's display box composes (docs/images.md).

Every image is `CANVAS` (1100 x 700), drawn at twice the 550 x 350 box Discord shows an
attachment in, so that everything is read at half the size it is drawn at. Text is never
smaller than `T_SMALL` (24: 12 px shown) and a face-up card never narrower than `MIN_CARD_W`
(84: rank and suit 14 px shown); the generic test (tests/render/test_box.py) checks both, from
what `parts.record_texts` and `parts.record_cards` saw, on every sample of every finished game.

A layout is a short script on one canvas:

    c = kit.canvas(locale, style)
    y = kit.top_bar(c, title, status)                 # the game's name, a short status
    boxes = kit.seat_grid(n, area) or kit.seat_rim(n, viewer, area, plate)
    kit.plate(c, box, seat)                           # name, badges, counts (and exposed cards)
    card_w, rows = kit.fit_cards(len(codes), width, height=room)
    kit.card_rows(c, codes, x, y, card_w, width, rows)
    kit.hand(c, codes, box, groups=..., legal=..., selected=...)   # numbered, grouped hand
    kit.book(c, x, y, "7")                            # a finished set (a book, a won trick)
    kit.result(c, box, title, reason, lines)          # the end of a game
    return c.image

What does not fit at that size leaves the image: score tables, breakdowns and long logs go into
the embed (the game's presenter: `counts`, `result_fields`, the narrated log), or into the
second image a layout may offer with `details(view, players, locale, style, viewer)`, which the
bot shows on demand (a "Details" button).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from render import cards, parts, text
from render.parts import Canvas, PlayerInfo, Seat
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
    items = parts.seat_badges(c.locale, seat)
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


# --------------------------------------------------------------------------- hands


@dataclass(frozen=True)
class HandGroup:
    """Cards of a hand shown together (a suit, the trumps): a label and hand positions."""

    label: Text
    positions: tuple[int, ...]


def hand_groups(
    codes: Sequence[str], groups: Sequence[tuple[Text, Sequence[int]]] | None = None
) -> list[HandGroup]:
    """The groups a hand is shown in: those given (a game's own: trumps, then suits), else
    each run of one suit in hand order labelled by its suit (a hand held by suit), else the
    whole hand as one group. Cards no given group holds (a pick's groups may name only the
    cards that can be chosen) follow, grouped the same way: a hand is always shown whole."""
    if groups:
        given = [HandGroup(label, tuple(pos)) for label, pos in groups if pos]
        held = {p for g in given for p in g.positions}
        return given + _suit_runs(codes, [i for i in range(len(codes)) if i not in held])
    return _suit_runs(codes, range(len(codes)))


def _suit_runs(codes: Sequence[str], positions: Sequence[int]) -> list[HandGroup]:
    """`positions` as runs of one suit labelled by it, or as one group when not held by suit."""
    out: list[HandGroup] = []
    for i in positions:
        code = codes[i]
        suit = code[1] if len(code) == 2 and code[1] in "SHDC" else ""
        symbol = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}.get(suit, "")
        if out and out[-1].label == symbol:
            out[-1] = HandGroup(symbol, (*out[-1].positions, i))
        else:
            out.append(HandGroup(symbol, (i,)))
    if len(out) > 4 or all(not g.label for g in out):  # not held by suit: one group
        return [HandGroup("", tuple(positions))] if positions else []
    return out


HAND_LIFT = 12
"""How far a selected card rises above its row."""
HAND_LABEL = T_SMALL
"""Size of the numbers under the cards and of the group labels over them."""
HAND_WIDTHS = (150, 140, 130, 120, 112, 104, 98, 92, 88, MIN_CARD_W)


def hand_row_height(
    card_w: int, numbers: bool = True, lift: int = HAND_LIFT, labels: bool = True
) -> int:
    """The height of one row of `hand`: group labels (if any), the lift, the cards, the
    numbers (if any)."""
    above = round(HAND_LABEL * 1.25) if labels else 0
    below = 4 + round(HAND_LABEL * 1.35) if numbers else 8
    return above + lift + card_height(card_w) + below


def _pack_groups(
    sizes: Sequence[int], card_w: int, step: float, width: float, gap: float
) -> list[list[tuple[int, int, int]]]:
    """Rows of (group, first card, count) pieces: groups left to right; a group that does not
    fit in what is left of a row starts the next one, and only a group longer than a whole row
    is split."""
    whole = int((width - card_w) // step) + 1 if width >= card_w else 1
    rows: list[list[tuple[int, int, int]]] = [[]]
    used = 0.0
    for g, size in enumerate(sizes):
        first = 0
        while first < size:
            lead = gap if rows[-1] else 0
            room = width - used - lead
            fits = 0 if room < card_w else int((room - card_w) // step) + 1
            take = min(size - first, fits)
            rest = size - first
            if rows[-1] and (take <= 0 or (take < rest and rest <= whole) or take < 3 < rest):
                rows.append([])
                used = 0.0
                continue
            take = max(take, 1)
            rows[-1].append((g, first, take))
            used += lead + row_width(take, card_w, step)
            first += take
    return [row for row in rows if row]


def hand_layout(
    groups: Sequence[HandGroup],
    width: float,
    height: float,
    numbers: bool = True,
    widths: Sequence[int] = HAND_WIDTHS,
    lift: int = HAND_LIFT,
    least: float = parts.INDEX_STEP,
) -> tuple[int, float, list[list[tuple[int, int, int]]]]:
    """(card width, step, rows) of the biggest hand that fits the box: cards as wide as
    possible (from `widths`), then as spread as possible (up to a gap between them, down to
    `least` of their width: what their index needs, `index_share`)."""
    sizes = [len(g.positions) for g in groups]
    gap = GROUP_GAP
    labels = any(g.label for g in groups)
    shares = [share for share in (0.8, 0.65) if share > least] + [least]
    for card_w in widths:
        for share in shares:
            step = card_w * share
            rows = _pack_groups(sizes, card_w, step, width, gap)
            if len(rows) * hand_row_height(card_w, numbers, lift, labels) <= height:
                return card_w, step, rows
    card_w = widths[-1]
    step = card_w * least
    return card_w, step, _pack_groups(sizes, card_w, step, width, gap)


def index_share(codes: Sequence[str]) -> float:
    """The least share of its width an overlapped card keeps in view so that every one of
    `codes` shows its whole index (`cards.index_box`): `parts.INDEX_STEP` for French cards,
    more for a two-number card, whose two numbers run down its middle."""
    share = parts.INDEX_STEP
    for code in set(codes):
        box = cards.index_box(code, 100)
        if box is not None:
            share = max(share, (box[2] + 4) / 100)
    return share


GROUP_GAP = 28.0
"""Space between two groups of a hand (within a group, cards overlap)."""


def hand(
    c: Canvas,
    codes: Sequence[str],
    box: tuple[float, float, float, float],
    *,
    groups: Sequence[tuple[Text, Sequence[int]]] | None = None,
    legal: Sequence[bool] | None = None,
    selected: frozenset[int] | set[int] = frozenset(),
    first_index: int = 1,
    numbers: bool = True,
    widths: Sequence[int] = HAND_WIDTHS,
    lift: int = HAND_LIFT,
) -> DrawnHand:
    """A hand in `box`: grouped (suits, or the game's groups with their labels over them),
    numbered 1..n under the cards for typed moves (unless `numbers` is False), unplayable
    cards dimmed, chosen ones lifted and ringed, as big as fits and on as few rows as keep
    every card's index readable, centred in the box; returns where each card went."""
    x0, y0, x1, y1 = box
    shown_groups = hand_groups(codes, groups)
    least = index_share(codes)
    card_w, step, rows = hand_layout(shown_groups, x1 - x0, y1 - y0, numbers, widths, lift, least)
    labels = any(g.label for g in shown_groups)
    row_h = hand_row_height(card_w, numbers, lift, labels)
    y0 += max(0.0, (y1 - y0 - len(rows) * row_h) / 2)
    label_h = round(HAND_LABEL * 1.25) if labels else 0
    origins: dict[int, tuple[float, float]] = {}
    card_h = card_height(card_w)
    for r, row in enumerate(rows):
        used = sum(row_width(k, card_w, step) for _, _, k in row) + GROUP_GAP * (len(row) - 1)
        x = x0 + max(0.0, (x1 - x0 - used) / 2)
        top = y0 + r * row_h
        for g, first, count in row:
            group = shown_groups[g]
            if first == 0 and group.label:
                c.text(
                    (x + 2, top),
                    group.label,
                    HAND_LABEL,
                    TEXT,
                    "la",
                    max_width=max(row_width(count, card_w, step), 60),
                )
            positions = group.positions[first : first + count]
            for k, pos in enumerate(positions):
                chosen = pos in selected
                dim = legal is not None and pos < len(legal) and not legal[pos]
                cx = x + k * step
                cy = top + label_h + lift - (lift if chosen else 0)
                parts.paste_card(
                    c, codes[pos], cx, cy, card_w, dim=dim, ring=GOLD if chosen else None
                )
                origins[pos] = (cx, cy)
                visible = card_w if k == count - 1 else min(step, card_w)
                if not numbers:
                    continue
                _number(
                    c,
                    cx + visible / 2,
                    top + label_h + lift + card_h + 4,
                    pos + first_index,
                    chosen,
                    dim,
                )
            x += row_width(count, card_w, step) + GROUP_GAP
    return DrawnHand(card_w, len(rows) * row_h, origins)


@dataclass(frozen=True)
class DrawnHand:
    """Where `hand` drew: the card width, the height of its rows, each position's origin."""

    card_w: int
    height: float
    origins: Mapping[int, tuple[float, float]]


def _number(c: Canvas, cx: float, y: float, n: int, chosen: bool, dim: bool) -> None:
    label = str(n)
    size = HAND_LABEL
    if chosen:
        w = text.text_width(label, size) + 14
        c.draw.rounded_rectangle((cx - w / 2, y, cx + w / 2, y + size * 1.35), 8, fill=GOLD)
        c.text((cx, y + size * 0.68), label, size, (20, 20, 20), "mm", bold=True)
    else:
        c.text((cx, y + size * 0.68), label, size, TEXT_DIM if dim else TEXT, "mm", bold=not dim)


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
    parts.result_panel(c, box, title, reason, lines, sizes=(T_BIG, T_BODY, T_BODY))


def turn_pill(
    c: Canvas, right: float, y: float, label: Text, mine: bool, max_width: float
) -> float:
    """'Your turn' in gold, or 'X to play' quietly, ending at `right`; returns its width."""
    bg, fg = (GOLD, (20, 20, 20)) if mine else (PANEL_EDGE, TEXT)
    return parts.badge(c, right, y, label, bg, fg, T_BODY, anchor="r", max_width=max_width)


PILL_H = round(T_BODY * 1.45)
"""Height of a `turn_pill`."""
