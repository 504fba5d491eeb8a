"""Every image is made for the box Discord shows it in (docs/images.md), for every game.

For each registered game (from `render.games`, naming none), every sample moment of `cardbot
render` (the channel's image and each seat's, in every language, with the Details image of a
layout that offers one) and the sample hand are drawn and checked as a player would see them:
the image is the canvas (twice the box), landscape; at the size the box shows it, every text
the layout drew is at least `MIN_TEXT` px and every face-up card's rank and suit at least
`MIN_INDEX` px (from the layout's own measurements: `record_texts`, `record_cards`); no text or
card lies off the image, no text on another, no two texts of one line so close that they read
as one (a score table's "−120" and "−1060" as "-120 -1060"); no card's index is partly covered
(a sliver of a "10" reads as a coloured dot); no text is partly hidden by what was drawn after
it (a panel painted over a seat's words). And no PNG, of any game, is over 1 MB.

A game whose layout is still the old portrait page is listed in `PENDING`, with why; the list
ends empty once every game is made for the box, and a game that leaves it is held to every
check.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image, ImageDraw

from render import cards, games, parts
from render.api import details_image, encode_png, hand_image, view_image
from render.parts import DrawnText, PlacedCard
from render.strings import LOCALES
from render.theme import CANVAS, MIN_INDEX, MIN_TEXT, SCALE, card_height

from .helpers import apart, check_lines, covered_texts

PENDING: dict[str, str] = {
}
"""Games whose images are not yet made for the box, with why; must end empty."""

MOST_BYTES = 1024 * 1024
SEED = 0


def _moments(game_id: str) -> Iterator[tuple[str, Any, Any]]:
    """(label, draw, players) of every sample image of a game: each moment's public and seat
    views in every language (and their Details images, for a game that has them), then the
    sample hand in every language."""
    layout = games.module(game_id)
    for label, game in layout.sample_moments(SEED):
        for seat in (None, *range(game.seats)):
            view = game.view(seat)
            for locale in LOCALES:
                who = "public" if seat is None else f"seat{seat}"

                def draw(view: Any = view, locale: str = locale) -> Image.Image | None:
                    return view_image(view, layout.SAMPLE_PLAYERS, locale)

                yield f"{label}-{who}-{locale}", draw, layout
                if details_image(view, layout.SAMPLE_PLAYERS, locale) is None:
                    continue

                def details(view: Any = view, locale: str = locale) -> Image.Image | None:
                    return details_image(view, layout.SAMPLE_PLAYERS, locale)

                yield f"{label}-{who}-{locale}-details", details, layout
    sample_hand = getattr(layout, "sample_hand", None)
    hand = sample_hand(SEED) if sample_hand is not None else None
    if hand is not None:
        for locale in LOCALES:

            def draw_hand(hand: Any = hand, locale: str = locale) -> Image.Image | None:
                return hand_image(hand[0], hand[1], hand[2], locale)

            yield f"hand-{locale}", draw_hand, layout


def box_problems(image: Image.Image, texts: list[DrawnText], placed: list[PlacedCard]) -> list[str]:
    """What keeps an image from reading in the box, in words (none: it reads)."""
    problems = []
    if image.size != CANVAS:
        problems.append(f"size {image.size}, not the canvas {CANVAS}")
    if image.height > 0.8 * image.width:
        problems.append(f"not landscape: {image.size}")
    for line in texts:
        if line.size / SCALE < MIN_TEXT:
            problems.append(f"text {line.text!r} is {line.size / SCALE:.1f} px in the box")
    for a, b in itertools.combinations(texts, 2):
        if _too_close(a, b):
            problems.append(f"texts {a.text!r} and {b.text!r} on one line read as one")
    for line in covered_texts(image, texts):
        problems.append(f"text {line.text!r} is partly covered by what was drawn after it")
    for k, card in enumerate(placed):
        right, bottom = card.x + card.width, card.y + card_height(card.width)
        if card.x < 0 or card.y < 0 or right > image.width or bottom > image.height:
            problems.append(f"card {card.code} at {card.x},{card.y} is off the image")
        if card.code is None:
            continue
        sizes = cards.index_sizes(card.code, card.width)
        if sizes is not None and min(sizes) / SCALE < MIN_INDEX:
            problems.append(f"card {card.code} at {card.width} px: index {sizes} too small")
        sliver = _sliver(card, placed[k + 1 :])
        if sliver:
            problems.append(sliver)
    return problems


MIN_APART = 12
"""The least space between two texts on one line (6 px in the box): closer, two numbers of a
score table ("−120" "−1060") read as one ("-120 -1060")."""


def _too_close(a: DrawnText, b: DrawnText) -> bool:
    """Whether two texts share a line (overlap over half the height of the shorter) and stand
    closer than `MIN_APART` (or on each other). A text that leads into the next ("Calls: "
    before "1st A♠", a run of words drawn in two inks) is read with it, as written."""
    shared = min(a.box[3], b.box[3]) - max(a.box[1], b.box[1])
    if shared <= 0.5 * min(a.box[3] - a.box[1], b.box[3] - b.box[1]):
        return False
    if not a.text.strip() or not b.text.strip():
        return False  # a space drawn between two runs is nothing to read
    left, right = (a, b) if a.box[0] <= b.box[0] else (b, a)
    if left.box[2] <= right.box[0] and left.text.endswith((" ", ":", "：", "、", "\u3000")):
        return False
    return max(a.box[0], b.box[0]) - min(a.box[2], b.box[2]) < MIN_APART


def _sliver(card: PlacedCard, later: list[PlacedCard]) -> str | None:
    """Why a card's index is partly hidden by a card placed after it, if it is."""
    box = cards.index_box(str(card.code), card.width)
    if box is None:
        return None
    index = (card.x + box[0], card.y + box[1], card.x + box[2], card.y + box[3])
    for other in later:
        cover = (other.x, other.y, other.x + other.width, other.y + card_height(other.width))
        if apart(index, cover, slack=0):
            continue
        whole = (cover[0] <= index[0] and cover[1] <= index[1] and cover[2] >= index[2]) and cover[
            3
        ] >= index[3]
        if not whole:
            return f"card {card.code} at {card.x},{card.y}: its index is partly covered"
    return None


@pytest.mark.parametrize("game_id", games.games())
def test_every_image_reads_in_the_box(game_id: str) -> None:
    if game_id in PENDING:
        pytest.skip(PENDING[game_id])
    checked = 0
    for label, draw, _ in _moments(game_id):
        with parts.record_texts() as texts, parts.record_cards() as placed:
            image = draw()
        if image is None:  # a details image with nothing to show at this moment
            continue
        problems = box_problems(image, texts, placed)
        assert not problems, (label, problems[:5])
        check_lines(texts, image)
        assert len(encode_png(image)) <= MOST_BYTES, label
        checked += 1
    assert checked >= 6


@pytest.mark.parametrize("game_id", sorted(PENDING))
def test_pending_images_stay_under_a_megabyte(game_id: str) -> None:
    for label, draw, _ in _moments(game_id):
        image = draw()
        assert image is None or len(encode_png(image)) <= MOST_BYTES, label


def test_pending_names_only_registered_games() -> None:
    assert set(PENDING) <= set(games.games())


def test_the_checks_catch_what_does_not_read() -> None:
    """The checks themselves can fail: a portrait page, small text, a small card, a sliver,
    two texts of one line too close to read apart."""
    from render.theme import WIDTH

    page = Image.new("RGB", (WIDTH, 1200))
    tiny = [DrawnText("3 cards", (0, 0, 30, 10), 16)]
    small_card = [PlacedCard("7H", 60, 0, 0)]
    covered = [PlacedCard("TS", 100, 0, 0), PlacedCard("TH", 100, 6, 0)]
    problems = box_problems(page, tiny, small_card + covered)
    assert any("not the canvas" in p for p in problems)
    assert any("not landscape" in p for p in problems)
    assert any("'3 cards'" in p for p in problems)
    assert any("card 7H" in p for p in problems)
    assert any("partly covered" in p for p in problems)
    # words, then a panel painted over half of them (the 6-seat Zhao Pengyou game-over image)
    painted = Image.new("RGB", CANVAS, (30, 90, 60))
    ImageDraw.Draw(painted).text((10, 10), "Rank 7 - 10 pts", fill=(240, 240, 240))
    words = [DrawnText("Rank 7 - 10 pts", (10, 10, 100, 22), 24)]
    assert not any("covered" in p for p in box_problems(painted, words, []))
    ImageDraw.Draw(painted).rectangle((40, 0, 120, 40), fill=(15, 56, 39))
    assert any("partly covered" in p for p in box_problems(painted, words, []))
    off = box_problems(Image.new("RGB", CANVAS), [], [PlacedCard(None, 100, 1050, 0)])
    assert off == ["card None at 1050,0 is off the image"]
    stacked = [PlacedCard("TS", 100, 0, 0), PlacedCard("TH", 100, 0, 0)]
    assert box_problems(Image.new("RGB", CANVAS), [], stacked) == []
    # two columns of a score table nine pixels apart read as one number; a column apart not
    row = [
        DrawnText("−120", (700, 100, 760, 135), 28),
        DrawnText("−1060", (769, 100, 845, 135), 28),
    ]
    def spacing(texts: list[DrawnText]) -> list[str]:
        # the boxes stand for texts this blank image does not show: only the spacing is judged
        problems = box_problems(Image.new("RGB", CANVAS), texts, [])
        return [p for p in problems if "partly covered" not in p]

    assert spacing(row) == ["texts '−120' and '−1060' on one line read as one"]
    apart = [row[0], DrawnText("−1060", (790, 100, 866, 135), 28)]
    under = [row[0], DrawnText("−1060", (700, 136, 776, 171), 28)]
    assert spacing(apart) == []
    assert spacing(under) == []
    # a label leads into what follows it: "Calls: " then "1st A♠" is one phrase
    label = [
        DrawnText("Calls: ", (10, 100, 90, 130), 24),
        DrawnText("1st A♠ ", (92, 100, 170, 130), 24),
    ]
    assert spacing(label) == []
