"""Card faces: every code draws at its size, inks follow the suit and deck style, two-number
cards show their upright end big, court cards differ at a glance, faces are cached."""

from __future__ import annotations

import pytest
from PIL import Image, ImageStat

from engines.cards import standard_deck, two_number_deck
from render import cards, parts
from render.theme import (
    BLUE,
    CARD_FACE,
    GREEN,
    MIN_CARD_W,
    MIN_INDEX,
    RED,
    SCALE,
    CardStyle,
    card_height,
)

from .helpers import mean_abs_diff

ALL_CODES = standard_deck(jokers=True) + two_number_deck()


def _has_colour(im: Image.Image, colour: tuple[int, int, int], tol: int = 24) -> bool:
    colours = im.convert("RGB").getcolors(maxcolors=1 << 20) or []
    return any(all(abs(p[k] - colour[k]) <= tol for k in range(3)) for _, p in colours)


@pytest.mark.parametrize("width", [44, 64, 100, 116])
def test_every_code_draws_at_its_size_with_round_transparent_corners(width: int) -> None:
    for code in ALL_CODES:
        im = cards.face(code, width)
        assert im.mode == "RGBA"
        assert im.size == (width, card_height(width))
        assert im.getpixel((0, 0))[3] < 40, code
        assert im.getpixel((width // 2, im.height // 2))[3] == 255, code


def test_red_suits_use_red_ink_and_black_suits_do_not() -> None:
    assert _has_colour(cards.face("7H", 100), RED)
    assert _has_colour(cards.face("7D", 100), RED)
    assert not _has_colour(cards.face("7S", 100), RED)
    assert not _has_colour(cards.face("7C", 100), RED)


def test_four_colour_deck_paints_clubs_green_and_diamonds_blue() -> None:
    four = CardStyle(four_colour=True)
    assert _has_colour(cards.face("7C", 100, four), GREEN)
    assert _has_colour(cards.face("7D", 100, four), BLUE)
    assert not _has_colour(cards.face("7D", 100, four), RED)
    assert _has_colour(cards.face("7H", 100, four), RED)
    assert not _has_colour(cards.face("7C", 100), GREEN)


def test_court_cards_and_jokers_differ_at_a_glance() -> None:
    faces = {c: cards.face(c, 100) for c in ("JS", "QS", "KS", "AS", "TS", "BJ", "SJ")}
    names = list(faces)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert mean_abs_diff(faces[a], faces[b]) > 6, (a, b)


def test_a_held_two_number_card_shows_its_upright_end_big() -> None:
    white_up = cards.face("W2B5/W", 100)
    black_up = cards.face("W2B5/B", 100)
    table = cards.face("W2B5", 100)
    assert mean_abs_diff(table, white_up) > 6 and mean_abs_diff(table, black_up) > 6
    h = white_up.height
    split = round(h * cards.TWO_NUMBER_UPRIGHT_SHARE)

    def crop(im: Image.Image, top: bool) -> Image.Image:
        return im.convert("L").crop((0, 0, 100, split) if top else (0, split, 100, h))

    def brightness(im: Image.Image, top: bool) -> float:
        return ImageStat.Stat(crop(im, top)).mean[0]

    # the white end (a white panel) is the big top of W2B5/W, the black panel that of /B
    assert brightness(white_up, top=True) > brightness(black_up, top=True) + 60
    assert brightness(white_up, top=False) < brightness(black_up, top=False) - 20

    def ink_height(im: Image.Image) -> int:
        """Height of the black ink (a digit on a white panel) in an image."""
        box = im.point(lambda v: 255 if v < 60 else 0).getbbox()
        assert box is not None
        return box[3] - box[1]

    # the white 2: big upright on W2B5/W, small (and turned) at the bottom of W2B5/B
    big = ink_height(crop(white_up, top=True))
    small = crop(black_up, top=False)
    inset = small.crop((20, 4, 80, small.height - 10))  # inside the small white panel
    assert big > 1.6 * ink_height(inset)


def test_a_two_number_card_on_the_table_shows_both_ends_alike_white_above() -> None:
    face = cards.face("W2B5", 100).convert("L")
    h = face.height
    top = ImageStat.Stat(face.crop((0, 0, 100, h // 2))).mean[0]
    bottom = ImageStat.Stat(face.crop((0, h // 2, 100, h))).mean[0]
    assert top > bottom + 60
    assert cards.face("W2B5", 64).size == cards.face("W2B5/B", 64).size


def test_dimmed_faces_are_darker_and_keep_their_shape() -> None:
    bright = cards.face("9H", 100)
    dim = cards.face("9H", 100, dim=True)
    assert (
        ImageStat.Stat(dim.convert("L")).mean[0] < ImageStat.Stat(bright.convert("L")).mean[0] - 40
    )
    assert dim.getchannel("A").tobytes() == bright.getchannel("A").tobytes()


def test_faces_are_cached_and_recorded() -> None:
    with cards.record_faces() as seen:
        a = cards.face("QS", 100)
        b = cards.face("QS", 100)
        cards.face("W1B2/B", 64)
    assert a is b
    assert seen == ["QS", "QS", "W1B2/B"]
    cards.face("AH", 100)
    assert seen == ["QS", "QS", "W1B2/B"]


def test_backs_show_no_card_and_unknown_codes_do_not_crash() -> None:
    with cards.record_faces() as seen:
        back = cards.back(80)
    assert seen == []
    assert back.size == (80, card_height(80))
    assert cards.face("??", 80).size == (80, card_height(80))


def _ink_near(im: Image.Image, box: tuple[int, int, int, int], gap: int) -> list[tuple[int, int]]:
    """Inked pixels of a face within `gap` px around `box` (not inside it), edges left out."""
    face = im.convert("RGB")
    width, height = face.size
    edge = round(width * 0.075) + 3  # the outline and its rounded corners
    x0, y0, x1, y1 = box
    found = []
    for y in range(max(3, y0 - gap), min(height - 3, y1 + gap)):
        for x in range(max(3, x0 - gap), min(width - 3, x1 + gap)):
            inside = x0 <= x < x1 and y0 <= y < y1
            in_corner = (x < edge or x >= width - edge) and (y < edge or y >= height - edge)
            ink = max(abs(a - b) for a, b in zip(face.getpixel((x, y)), CARD_FACE, strict=True))
            if not inside and not in_corner and ink > 40:
                found.append((x, y))
    return found


@pytest.mark.parametrize("width", [30, 40, 58, 68, 72, 80, 84, 92, 100, 116, 140])
def test_the_index_stands_clear_of_the_rest_of_the_face(width: int) -> None:
    gap = max(2, round(width * 0.03))
    for code in standard_deck():
        box = cards.index_box(code, width)
        assert box is not None
        assert box[2] - box[0] <= width * cards.TILE_SHARE + 2, code
        assert box[3] - box[1] < card_height(width) * 0.62, code
        assert _ink_near(cards.face(code, width), box, gap) == [], (code, width)


def test_an_overlapped_card_shows_its_whole_index() -> None:
    """Cards overlap no closer than `parts.index_step`: the index is all inside that strip."""
    for width in (84, 100, 140):
        for code in ("TS", "QH", "8D", "AC"):
            box = cards.index_box(code, width)
            assert box is not None and box[2] <= parts.index_step(width), (code, width)


def test_the_index_is_big_enough_to_read_in_the_box_from_the_narrowest_readable_card() -> None:
    least = MIN_INDEX * SCALE
    assert cards.readable_width(least) <= MIN_CARD_W
    for code in ALL_CODES:
        sizes = cards.index_sizes(code, MIN_CARD_W)
        assert sizes is not None and min(sizes) >= least, code
        # the size reported is the size drawn: the ink of a French index is that tall
        box = cards.index_box(code, MIN_CARD_W)
        if box is not None:
            assert box[3] - box[1] >= sizes[0] * 0.7 + sizes[1] * 0.9, code
    assert cards.index_box("BJ", 84) is None and cards.index_sizes("??", 84) is None


def test_a_two_number_card_is_named_by_both_its_numbers_down_its_middle() -> None:
    """Its index is its two numbers: a held card's upright end and its turned end (the
    smaller) each read at 14 px in the box from `MIN_CARD_W`; the band they are inked in is
    what a card laid over it must leave whole."""
    least = MIN_INDEX * SCALE
    for code in ("W1B6/W", "W6B1/B", "W4B3/W", "W4B3"):
        sizes = cards.index_sizes(code, MIN_CARD_W)
        assert sizes is not None and min(sizes) >= least, code
    up, turned = cards.index_sizes("W2B5/W", 100) or (0, 0)
    assert up > turned and cards.index_sizes("W2B5", 100) == (50, 50)
    for code in ("W2B5/W", "W6B1/B", "W3B4"):
        box = cards.index_box(code, 100)
        assert box is not None
        face = cards.face(code, 100).convert("RGB")
        height = card_height(100)
        ink = [  # the digits inside the ends' panels (their frames are near the edges)
            x
            for y in range(round(height * 0.12), round(height * 0.9))
            for x in range(22, 78)
            if _is_digit_ink(face.getpixel((x, y)), face.getpixel((22, y)))
        ]
        assert ink and box[0] <= min(ink) and max(ink) < box[2], code
        assert box[3] - box[1] > height * 0.8  # both ends


def _is_digit_ink(pixel: object, panel: object) -> bool:
    """A pixel that differs from its panel's colour (the panel's left inner edge) by much."""
    assert isinstance(pixel, tuple) and isinstance(panel, tuple)
    return sum(abs(a - b) for a, b in zip(pixel, panel, strict=True)) > 300
