"""Seats around an oval table for 2 to 12 players, and what lies in the middle (a trick, piles).

A private image puts the viewer's seat at the bottom centre and the others clockwise from it in
play order; the public image turns the ring by half a step so that no seat sits at the bottom
centre. Seats are spaced by arc length along the oval, so plates keep apart at every count.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from render import panels, parts, plates
from render.parts import Canvas
from render.plates import Seat
from render.strings import tr
from render.theme import FELT_DARK, GOLD, TEXT_DIM, WIDTH, CardStyle, card_height

MARGIN = 12
HEADER = 60


@dataclass(frozen=True)
class TableGeometry:
    """Sizes of a round-table image for a seat count."""

    height: int
    plate_w: int
    plate_h: int
    trick_w: int


def geometry(seats: int, exposed: bool = False) -> TableGeometry:
    """Image height, plate size and trick card width for `seats` seats.

    With `exposed`, plates grow by a row of small face-up cards (and the image with them).
    """
    if seats == 2:
        g = TableGeometry(560, 270, 92, 92)
    elif seats <= 4:
        g = TableGeometry(700, 270, 92, 92)
    elif seats <= 6:
        g = TableGeometry(820, 220, 122, 80)
    elif seats <= 8:
        g = TableGeometry(900, 200, 122, 68)
    else:
        g = TableGeometry(1080, 170, 122, 58)
    if exposed:
        extra = plates.exposed_extra(g.plate_w < plates.NARROW_PLATE)
        grow = (4 if seats >= 9 else 2) * extra
        g = TableGeometry(g.height + grow, g.plate_w, g.plate_h + extra, g.trick_w)
    return g


@lru_cache(maxsize=64)
def _arc_table(rx: float, ry: float, steps: int = 720) -> tuple[list[float], float]:
    lengths = [0.0]
    prev = (rx * math.cos(math.pi / 2), ry * math.sin(math.pi / 2))
    for k in range(1, steps + 1):
        theta = math.pi / 2 + 2 * math.pi * k / steps
        point = (rx * math.cos(theta), ry * math.sin(theta))
        lengths.append(lengths[-1] + math.dist(prev, point))
        prev = point
    return lengths, lengths[-1]


def seat_centres(
    seats: int, viewer: int | None, box: tuple[float, float, float, float]
) -> list[tuple[float, float]]:
    """Centre of each seat's plate on the oval inscribed in `box`, by seat number.

    From the bottom centre, seats go clockwise on screen (bottom, left, top, right) in play
    order. With a viewer, the viewer is at the bottom centre; without, the ring is turned by
    half a step, so the public image has no bottom seat.
    """
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    rx, ry = (x1 - x0) / 2, (y1 - y0) / 2
    lengths, total = _arc_table(rx, ry)
    steps = len(lengths) - 1
    first = 0 if viewer is None else viewer
    shift = 0.5 if viewer is None else 0.0
    centres: list[tuple[float, float]] = [(0.0, 0.0)] * seats
    for k in range(seats):
        target = total * ((k + shift) / seats)
        j = min(range(steps + 1), key=lambda i: abs(lengths[i] - target))
        theta = math.pi / 2 + 2 * math.pi * j / steps
        centres[(first + k) % seats] = (cx + rx * math.cos(theta), cy + ry * math.sin(theta))
    return centres


def plate_boxes(
    seats: int, viewer: int | None, width: int = WIDTH, exposed: bool = False
) -> list[tuple[float, float, float, float]]:
    """The plate rectangle of each seat in a round-table image."""
    g = geometry(seats, exposed)
    track = (
        MARGIN + g.plate_w / 2,
        HEADER + MARGIN + g.plate_h / 2,
        width - MARGIN - g.plate_w / 2,
        g.height - MARGIN - g.plate_h / 2,
    )
    return [
        (x - g.plate_w / 2, y - g.plate_h / 2, x + g.plate_w / 2, y + g.plate_h / 2)
        for x, y in seat_centres(seats, viewer, track)
    ]


def round_table(
    seats: Sequence[Seat],
    *,
    viewer: int | None = None,
    locale: str = "ja",
    style: CardStyle | None = None,
    title: str = "",
    status: str = "",
    trick: Mapping[int, str] | None = None,
    trick_winner: int | None = None,
    piles: Sequence[tuple[str, int]] = (),
) -> Image.Image:
    """A table with every seat's plate around an oval and the current trick in the middle.

    `trick` maps seat -> card played (drawn between the centre and that seat), the winning
    card ringed in gold; `piles` are face-down counters shown in the middle (stock, kitty).
    """
    n = len(seats)
    exposed = any(seat.exposed for seat in seats)
    g = geometry(n, exposed)
    c = Canvas.new(WIDTH, g.height, locale, style or CardStyle())
    panels.header(c, title, status)
    boxes = plate_boxes(n, viewer, exposed=exposed)
    cx, cy = WIDTH / 2, (HEADER + g.height) / 2
    inner = (g.plate_w * 0.55, HEADER + g.plate_h, WIDTH - g.plate_w * 0.55, g.height - g.plate_h)
    c.draw.ellipse(inner, fill=FELT_DARK, outline=(40, 96, 70), width=3)
    for box, seat in zip(boxes, seats, strict=True):
        plates.seat_plate(c, box, seat)
    if piles:
        pile_w = 56
        total_w = len(piles) * (pile_w + 40) - 40
        px = cx - total_w / 2
        for label, count in piles:
            parts.face_down_pile(
                c, px, cy - card_height(pile_w) / 2 - 20, count, pile_w, label=f"{label} {count}"
            )
            px += pile_w + 40
    if trick:
        tw, th = g.trick_w, card_height(g.trick_w)
        for player, code in trick.items():
            x, y = _trick_spot(boxes, player, (cx, cy), tw, th)
            ring = GOLD if player == trick_winner else None
            parts.paste_card(c, code, x, y, tw, ring=ring)
    elif not piles:
        c.text((cx, cy), tr("table_empty", locale), 24, TEXT_DIM, "mm")
    return c.image


def _overlaps(a: tuple[float, ...], b: tuple[float, ...], gap: float = 8) -> bool:
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def _trick_spot(
    boxes: Sequence[tuple[float, float, float, float]],
    seat: int,
    centre: tuple[float, float],
    tw: int,
    th: int,
) -> tuple[float, float]:
    """Top-left of a seat's played card: towards its plate, as far out as clears every plate."""
    bx0, by0, bx1, by1 = boxes[seat]
    dx, dy = (bx0 + bx1) / 2 - centre[0], (by0 + by1) / 2 - centre[1]
    for k in range(60, -1, -2):
        x = centre[0] + dx * k / 100 - tw / 2
        y = centre[1] + dy * k / 100 - th / 2
        card = (x, y, x + tw, y + th)
        if not any(_overlaps(card, box) for box in boxes):
            return x, y
    return centre[0] - tw / 2, centre[1] - th / 2
