"""The box kit: plates that fit 2 to 12 seats around a landscape table, counts that wrap
instead of being cut, card rows that fit, stacks and books that show no sliver of a face."""

from __future__ import annotations

import itertools

import pytest

from engines.cards import two_number_deck
from render import held, kit, parts
from render.parts import PlayerInfo
from render.plates import Seat
from render.theme import CANVAS, MIN_CARD_W, SCALE, CardStyle, card_height

from .helpers import apart, check_lines
from .test_box import box_problems

AREA = (kit.MARGIN, kit.BAR_H + kit.GAP, kit.WIDTH - kit.MARGIN, kit.HEIGHT - kit.MARGIN)
NAMES = ["たろう", "Alice", "Wolfeschlegelsteinhausen", "CPU 3", "ながいながいなまえのひと"]


def _seats(n: int, viewer: int | None) -> list[Seat]:
    return [
        Seat(
            PlayerInfo(NAMES[i % len(NAMES)], is_cpu=i % 4 == 3, is_dealer=i == 1),
            counts=(f"Hand {25 - i}", "Points 140", "Tricks 3"),
            to_play=i == 2,
            is_viewer=i == viewer,
        )
        for i in range(n)
    ]


@pytest.mark.parametrize("n", range(2, 13))
@pytest.mark.parametrize("viewer", [None, 0, -1])
def test_plates_fit_every_seat_count_around_the_table(n: int, viewer: int | None) -> None:
    seat = None if viewer is None else viewer % n
    seats = _seats(n, seat)
    width = 250 if n <= 6 else 210
    size = kit.plate_size(seats, width)
    boxes = kit.seat_rim(n, seat, AREA, size)
    assert len(boxes) == n
    for box in boxes:
        assert AREA[0] <= box[0] and AREA[1] <= box[1] and box[2] <= AREA[2] and box[3] <= AREA[3]
    for a, b in itertools.combinations(boxes, 2):
        assert apart(a, b, slack=0), (a, b)
    middle = (AREA[0] + AREA[2]) / 2
    at_bottom = [b for b in boxes if abs((b[0] + b[2]) / 2 - middle) < 1 and b[3] == AREA[3]]
    if seat is None:
        assert at_bottom == []  # the public image favours no seat
    else:
        assert at_bottom == [boxes[seat]]
        # play goes clockwise on screen: the next seat is to the viewer's left (two seats:
        # facing it)
        nxt = boxes[(seat + 1) % n]
        assert nxt[0] < boxes[seat][0] or (n == 2 and nxt[1] == AREA[1])
    c = kit.canvas("en", CardStyle())
    with parts.record_texts() as texts, parts.record_cards() as placed:
        for box, one in zip(boxes, seats, strict=True):
            kit.plate(c, box, one)
    check_lines(texts, c.image)
    assert box_problems(c.image, texts, placed) == []
    for line in texts:  # every line of a plate inside its plate
        assert any(
            b[0] <= line.box[0]
            and line.box[2] <= b[2]
            and b[1] <= line.box[1]
            and line.box[3] <= b[3]
            for b in boxes
        ), line


def test_counts_wrap_whole_on_a_narrow_plate_and_stay_on_one_line_on_a_wide_one() -> None:
    seat = _seats(1, None)[0]
    c = kit.canvas("en", CardStyle())
    with parts.record_texts() as narrow:
        kit.plate(c, (0, 0, 210, kit.plate_height(seat, 210)), seat)
    counts = [t.text for t in narrow if t.text.startswith(("Hand", "Points", "Tricks"))]
    assert counts == ["Hand 25", "Points 140", "Tricks 3"]  # one a line, none cut
    with parts.record_texts() as wide:
        kit.plate(c, (0, 0, 600, kit.plate_height(seat, 600)), seat)
    assert "Hand 25  Points 140  Tricks 3" in [t.text for t in wide]
    assert min(t.size for t in narrow + wide) / SCALE >= 11


def test_fit_cards_picks_the_biggest_cards_that_fit_and_never_goes_under_the_least() -> None:
    few = kit.fit_cards(4, 700)
    assert few == (kit.CARD_WIDTHS[0], [4])
    many, rows = kit.fit_cards(30, 700, height=300)
    assert many == MIN_CARD_W and sum(rows) == 30
    width, rows = kit.fit_cards(12, 700, height=2 * card_height(100) + kit.ROW_GAP)
    assert len(rows) <= 2 and kit.rows_height(rows, width) <= 2 * card_height(100) + kit.ROW_GAP


def test_a_stack_shows_only_its_top_card_and_a_book_only_its_label() -> None:
    c = kit.canvas("en", CardStyle())
    with parts.record_cards() as placed, parts.record_texts() as texts:
        kit.stack(c, "TS", 100, 100, 90, depth=4)
        kit.book(c, 300, 100, "10", corner=True)
    assert [p.code for p in placed] == [None, None, None, "TS"]
    assert [t.text for t in texts] == ["10"]
    assert box_problems(c.image, texts, placed) == []


def test_the_canvas_is_twice_the_box() -> None:
    assert kit.canvas("ja", CardStyle()).image.size == CANVAS == (1100, 700)
    assert kit.shown(24) == 12


def test_a_hand_of_two_number_cards_overlaps_none_of_their_numbers() -> None:
    """A two-number card is named by the numbers down its middle, not a corner: a hand that
    must overlap them keeps every number whole (the French cards' overlap would cut them)."""
    deck = two_number_deck()
    codes = [f"{card}/{'WB'[k % 2]}" for k, card in enumerate(deck[:14])]
    c = kit.canvas("en", CardStyle())
    with parts.record_cards() as placed, parts.record_texts() as texts:
        drawn = held.hand(c, codes, (16, 80, 700, 684))
    steps = [b.x - a.x for a, b in itertools.pairwise(placed) if a.y == b.y]
    assert steps and min(steps) < drawn.card_w  # they do overlap
    assert box_problems(c.image, texts, placed) == []
    assert held.index_share(codes) > held.index_share(["TS", "QH"]) == parts.INDEX_STEP


def test_a_private_image_is_the_viewers_only_when_the_view_holds_its_hand() -> None:
    dealt = {"seats": 3, "hand": ["AS"]}
    assert kit.own_seat(dealt, 2) == 2
    assert kit.own_seat(dealt, None) is None
    assert kit.own_seat(dealt, 3) is None and kit.own_seat(dealt, -1) is None
    assert kit.own_seat({"seats": 3}, 1) is None  # the channel's view, whoever asks
    assert kit.own_seat({"seats": 3, "hand": None}, 1) is None  # a seat with no hand yet
    assert kit.own_seat({"seats": 4, "hand_cards": []}, 1, "hand_cards") == 1
    assert kit.own_seat({"seats": 2}, 1, None) == 1  # a game that hides nothing


def test_a_layout_draws_on_a_canvas_of_the_locale_and_style_for_the_seat_it_finds() -> None:
    seen = []

    def draw(c: parts.Canvas, view: object, players: object, own: int | None) -> None:
        seen.append((c.locale, c.style, own))

    style = CardStyle(four_colour=True)
    image = kit.layout(draw)({"seats": 2, "hand": []}, [], "en", style, 1)
    assert image.size == CANVAS
    assert seen == [("en", style, 1)]
