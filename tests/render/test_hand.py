"""Hand strips: cards in hand order, 1-based labels, illegal cards dimmed, selected ones lifted."""

from __future__ import annotations

from PIL import ImageStat

from render import cards, parts
from render.api import hand_image, render_hand
from render.parts import hand_rows, row_step
from render.theme import GOLD, HAND_CARD_W, WIDTH, card_height

from .helpers import check_golden, decode

HAND = [
    "AS",
    "3S",
    "7S",
    "TS",
    "KS",
    "2H",
    "6H",
    "9H",
    "QH",
    "4D",
    "8D",
    "JD",
    "AC",
    "5C",
    "9C",
    "KC",
    "W2B5/W",
    "W2B5/B",
    "BJ",
    "SJ",
]
LEGAL = [i % 3 != 1 for i in range(len(HAND))]


def _slot(i: int, count: int) -> tuple[float, float]:
    step = row_step(count, HAND_CARD_W, WIDTH - 24, 8)
    return 12 + step * i, min(step, HAND_CARD_W)


def test_a_hand_of_twenty_draws_in_order_on_one_row() -> None:
    with cards.record_faces() as drawn:
        im = decode(render_hand(HAND, LEGAL, {2, 5}, "ja"))
    assert drawn == HAND
    assert im.width == WIDTH
    assert hand_rows(len(HAND), HAND_CARD_W, WIDTH - 24) == [20]


def test_illegal_cards_are_dimmed_and_selected_cards_lifted() -> None:
    im = hand_image(HAND, LEGAL, {2, 5}, "ja")
    top = 56 + 24  # heading, then the lift room
    h = card_height(HAND_CARD_W)

    def brightness(i: int, lifted: bool = False) -> float:
        x, w = _slot(i, len(HAND))
        y = top - (24 if lifted else 0)
        return ImageStat.Stat(im.convert("L").crop((x + 2, y + h // 2, x + w - 2, y + h - 4))).mean[
            0
        ]

    assert brightness(1) < brightness(0) - 40  # card 2 is illegal
    assert brightness(4) < brightness(3) - 40
    # card 3 is selected: its top edge is 24 px higher, where the unselected card 1 shows felt
    x3, w3 = _slot(2, len(HAND))
    x1, w1 = _slot(0, len(HAND))
    lifted = ImageStat.Stat(im.convert("L").crop((x3 + 4, top - 18, x3 + w3 - 4, top - 8))).mean[0]
    resting = ImageStat.Stat(im.convert("L").crop((x1 + 4, top - 18, x1 + w1 - 4, top - 8))).mean[0]
    assert lifted > resting + 80


def test_selected_labels_are_marked() -> None:
    plain = hand_image(HAND, LEGAL, set(), "en")
    chosen = hand_image(HAND, LEGAL, {0, 1}, "en")
    gold = sum(n for n, p in chosen.getcolors(1 << 20) if p == GOLD)
    assert gold > sum(n for n, p in plain.getcolors(1 << 20) if p == GOLD) + 200


def test_long_hands_wrap_and_short_ones_do_not_overlap() -> None:
    long = ["AS"] * 40
    rows = hand_rows(len(long), HAND_CARD_W, WIDTH - 24)
    assert len(rows) >= 2 and sum(rows) == 40
    assert hand_image(long).height > hand_image(HAND).height
    assert row_step(5, HAND_CARD_W, WIDTH - 24, 8) == HAND_CARD_W + 8


def test_no_legal_mask_means_every_card_is_bright_and_empty_hands_work() -> None:
    with cards.record_faces() as drawn:
        hand_image(["AS", "KH"])
    assert drawn == ["AS", "KH"]
    assert decode(render_hand([], None, (), "en")).width == WIDTH


def test_hand_strip_golden() -> None:
    check_golden("hand-20", hand_image(HAND, LEGAL, {2, 5}, "ja"))


def test_two_number_and_four_colour_golden() -> None:
    codes = ["W1B2", "W1B2/B", "W6B3/W", "W6B3/B", "2C", "TD", "QC", "KD", "AH", "JS"]
    check_golden("two-number-four-colour", hand_image(codes, four_colour=True, title="W/B"))


def test_the_heading_counts_one_card_in_the_singular() -> None:
    with parts.record_texts() as drawn:
        hand_image(["AS"], locale="en")
        hand_image(["AS", "KH"], locale="en")
    headings = [d.text for d in drawn if d.text.startswith("Hand")]
    assert headings == ["Hand  1 card", "Hand  2 cards"]
