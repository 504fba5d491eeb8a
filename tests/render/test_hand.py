"""Hand images, made for the box: cards in hand order grouped by suit (or the game's groups),
numbered 1..n for typed moves, illegal cards dimmed, selected ones lifted and ringed, every
index readable from a few cards to a 40-card hand."""

from __future__ import annotations

import itertools

from PIL import ImageStat

from render import cards, held, parts
from render.api import hand_image, render_hand
from render.theme import CANVAS, GOLD, MIN_CARD_W, card_height

from .helpers import check_golden, check_lines, decode
from .test_box import box_problems

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
FORTY = [r + s for s in "SHDC" for r in "A23456789T"]


def _drawn(codes: list[str], **kwargs: object) -> tuple[list[parts.PlacedCard], list[str]]:
    with parts.record_cards() as placed, parts.record_texts() as texts:
        image = hand_image(codes, **kwargs)  # type: ignore[arg-type]
    check_lines(texts, image)
    assert box_problems(image, texts, placed) == []
    assert all(
        p.x >= 0 and p.x + p.width <= image.width and p.y + card_height(p.width) <= image.height
        for p in placed
    )
    return placed, [t.text for t in texts]


def test_a_hand_of_twenty_draws_in_order_numbered_and_readable() -> None:
    with cards.record_faces() as faces:
        im = decode(render_hand(HAND, LEGAL, {2, 5}, "ja"))
    assert faces == HAND
    assert im.size == CANVAS
    placed, texts = _drawn(HAND, legal_mask=LEGAL, selected={2, 5})
    assert [p.code for p in placed] == HAND
    assert [t for t in texts if t.isdigit()] == [str(n) for n in range(1, 21)]
    assert min(p.width for p in placed) >= MIN_CARD_W


def test_illegal_cards_are_dimmed_and_selected_cards_lifted() -> None:
    placed, _ = _drawn(HAND[:8], legal_mask=LEGAL[:8], selected={2})
    im = hand_image(HAND[:8], LEGAL[:8], {2}, "ja").convert("L")
    by_code = {p.code: p for p in placed}
    resting = by_code["AS"].y
    assert by_code["7S"].y == resting - held.HAND_LIFT
    assert {p.y for p in placed if p.code != "7S"} == {resting}

    def brightness(p: parts.PlacedCard) -> float:
        h = card_height(p.width)
        box = (p.x + 4, p.y + h // 2, p.x + round(p.width * 0.45), p.y + h - 6)
        return float(ImageStat.Stat(im.crop(box)).mean[0])

    assert brightness(by_code["3S"]) < brightness(by_code["AS"]) - 40  # card 2 is illegal


def test_selected_numbers_are_marked_in_gold() -> None:
    plain = hand_image(HAND, LEGAL, set(), "en")
    chosen = hand_image(HAND, LEGAL, {0, 1}, "en")
    gold = sum(n for n, p in chosen.getcolors(1 << 20) if p == GOLD)
    assert gold > sum(n for n, p in plain.getcolors(1 << 20) if p == GOLD) + 200


def test_a_hand_held_by_suit_is_grouped_by_suit() -> None:
    _, texts = _drawn(HAND[:16])
    assert [t for t in texts if t in "♠♥♦♣"] == ["♠", "♥", "♦", "♣"]
    groups = held.hand_groups(HAND[:16])
    assert [len(g.positions) for g in groups] == [5, 4, 3, 4]
    # a hand held in another order (by rank) is one group, without suit labels
    assert len(held.hand_groups(["AS", "AH", "7S", "7C", "8D", "8S", "KH"])) == 1


def test_a_games_own_groups_are_drawn_with_their_labels() -> None:
    groups = [("Trumps 3", [0, 5, 9]), ("♠ 4", [1, 2, 3, 4])]
    codes = HAND[:10]
    placed, texts = _drawn(codes, groups=groups)
    assert "Trumps 3" in texts and "♠ 4" in texts
    assert [p.code for p in placed][:7] == [codes[i] for i in (0, 5, 9, 1, 2, 3, 4)]


def test_a_hand_is_drawn_whole_when_its_groups_name_only_some_cards() -> None:
    # a pick's groups may hold only the cards that can be chosen (Gong Zhu's exposure: the
    # one or two of A♥ Q♠ J♦ 10♣ held): the player still decides with the whole hand in view
    codes = ["AS", "QS", "7S", "AH", "9H", "KC", "TC", "2D"]
    placed, texts = _drawn(codes, groups=[("Can expose 3", [1, 3, 6])])
    assert sorted(p.code for p in placed) == sorted(codes)
    assert [p.code for p in placed][:3] == ["QS", "AH", "TC"]
    assert sorted(t for t in texts if t.isdigit()) == sorted(str(n) for n in range(1, 9))
    assert "Can expose 3" in texts and {"♠", "♥", "♣", "♦"} <= set(texts)


def test_forty_cards_take_several_rows_and_every_index_reads() -> None:
    placed, texts = _drawn(FORTY, legal_mask=[True] * 40, selected={0, 39})
    rows = sorted({p.y for p in placed if p.code not in ("AS", "TC")})
    assert len(rows) >= 2
    assert min(p.width for p in placed) >= MIN_CARD_W
    assert [t for t in texts if t.isdigit()] == [str(n) for n in range(1, 41)]


def test_few_cards_are_drawn_big_and_apart() -> None:
    placed, _ = _drawn(["AS", "KH", "7D"])
    assert min(p.width for p in placed) >= 140
    xs = [p.x for p in placed]
    assert min(b - a for a, b in itertools.pairwise(xs)) >= parts.index_step(placed[0].width)


def test_no_legal_mask_means_every_card_is_bright_and_empty_hands_work() -> None:
    with cards.record_faces() as drawn:
        hand_image(["AS", "KH"])
    assert drawn == ["AS", "KH"]
    assert decode(render_hand([], None, (), "en")).size == CANVAS


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
