"""Round tables for 2 to 12 seats: plates stay inside the image and apart, the viewer sits at the
bottom centre, the public image has no bottom seat, play goes clockwise, tricks clear plates."""

from __future__ import annotations

import itertools

import pytest

from render import cards, parts
from render.api import render_round_table
from render.bench import table_seats
from render.parts import PlayerInfo
from render.plates import Seat
from render.strings import tr_named
from render.table import _trick_spot, geometry, plate_boxes, round_table
from render.text import ELLIPSIS
from render.theme import WIDTH, card_height

from .helpers import LONG_NAMES, check_lines, decode

SEAT_COUNTS = list(range(2, 13))


def _centre(box: tuple[float, float, float, float]) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


@pytest.mark.parametrize("n", SEAT_COUNTS)
@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_plates_fit_and_never_overlap(n: int, viewer: int | None) -> None:
    for exposed in (False, True):
        g = geometry(n, exposed)
        boxes = plate_boxes(n, viewer, exposed=exposed)
        assert len(boxes) == n
        for x0, y0, x1, y1 in boxes:
            assert x0 >= 0 and x1 <= WIDTH and y0 >= 60 and y1 <= g.height
        for a, b in itertools.combinations(boxes, 2):
            apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
            assert apart, (n, viewer, a, b)


@pytest.mark.parametrize("n", SEAT_COUNTS)
def test_the_viewer_sits_at_the_bottom_centre(n: int) -> None:
    for viewer in range(n):
        boxes = plate_boxes(n, viewer)
        x, y = _centre(boxes[viewer])
        assert abs(x - WIDTH / 2) < 1
        assert y == max(_centre(b)[1] for b in boxes)


@pytest.mark.parametrize("n", SEAT_COUNTS)
def test_the_public_image_has_no_bottom_seat(n: int) -> None:
    boxes = plate_boxes(n, None)
    lowest = max(_centre(b)[1] for b in boxes)
    bottom = [b for b in boxes if abs(_centre(b)[1] - lowest) < 1]
    assert all(abs(_centre(b)[0] - WIDTH / 2) > 40 for b in bottom)
    # the lowest seats come as a mirrored pair: no one is favoured
    xs = sorted(_centre(b)[0] for b in boxes if _centre(b)[1] > lowest - 2)
    assert len(xs) == 2 and abs((xs[0] + xs[1]) / 2 - WIDTH / 2) < 2


def test_play_goes_clockwise_from_the_viewer() -> None:
    boxes = plate_boxes(4, 0)
    (_, by), (lx, ly), (tx, ty), (rx, ry) = (_centre(b) for b in boxes)
    assert by > ly and by > ry and ty < ly and ty < ry
    assert lx < tx < rx


@pytest.mark.parametrize("n", SEAT_COUNTS)
def test_trick_cards_clear_every_plate(n: int) -> None:
    g = geometry(n)
    boxes = plate_boxes(n, 0)
    centre = (WIDTH / 2, (60 + g.height) / 2)
    th = card_height(g.trick_w)
    for seat in range(n):
        x, y = _trick_spot(boxes, seat, centre, g.trick_w, th)
        card = (x, y, x + g.trick_w, y + th)
        for box in boxes:
            assert card[2] <= box[0] or box[2] <= card[0] or card[3] <= box[1] or box[3] <= card[1]


@pytest.mark.parametrize("n", SEAT_COUNTS)
def test_tables_render_at_their_size_and_draw_only_the_trick_and_exposed_cards(n: int) -> None:
    seats = table_seats(n)
    trick = dict(itertools.islice(zip(range(n), itertools.cycle(["QS", "AH", "TC", "2D"])), n - 1))
    with cards.record_faces() as drawn:
        im = decode(
            render_round_table(seats, viewer=None, trick=trick, trick_winner=1, piles=[("山札", 4)])
        )
    exposed = [c for s in seats for c in s.exposed]
    assert sorted(drawn) == sorted(exposed + list(trick.values()))
    assert im.size == (WIDTH, geometry(n, exposed=bool(exposed)).height)


@pytest.mark.parametrize("n", [2, 4, 7, 12])
def test_long_names_are_cut_inside_their_plates_and_the_header(n: int) -> None:
    names = [p.name for players in LONG_NAMES.values() for p in players]
    seats = [
        Seat(
            PlayerInfo(names[i % len(names)], is_cpu=i % 3 == 2, is_dealer=i == 1),
            counts=("手札 13", "取り 2"),
            to_play=i == 2,
            is_viewer=i == 0,
        )
        for i in range(n)
    ]
    status = tr_named("turn_of", "en", name=names[4])
    with parts.record_texts() as drawn:
        im = round_table(seats, viewer=0, title="Gong Zhu", status=status, locale="en")
    check_lines(drawn, im)
    boxes = plate_boxes(n, 0)
    for seat, (x0, y0, x1, y1) in zip(seats, boxes, strict=True):
        inside = [d for d in drawn if x0 <= d.box[0] and d.box[2] <= x1 and y0 <= d.box[1] < y1]
        name = min(inside, key=lambda d: (d.box[1], d.box[0]))  # the plate's top-left line
        assert name.text.endswith(ELLIPSIS) and seat.player.name.startswith(name.text[:-1])
    title, status_line = (d.text for d in drawn if d.box[3] <= 60)
    assert title == "Gong Zhu"
    assert status_line.endswith(" to play") and ELLIPSIS in status_line
