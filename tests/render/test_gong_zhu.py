"""Gong Zhu images: every sample moment for every viewpoint in both languages, only public
cards and the viewer's own hand drawn face up, play going counterclockwise as at the table,
every line of text on the image and apart, long names cut, the seats still deciding their
exposures alike, the exposed and taken cards named at a card's size, the Details image (the
hand's breakdown, the match hand by hand) with columns that never touch."""

from __future__ import annotations

import itertools
import re
from functools import cache
from typing import Any

import pytest
from PIL import ImageChops

from engines.actions import Action
from engines.game import Game
from engines.gong_zhu import GongZhu
from render import cards, parts
from render.api import details_image, hand_image, render_view, view_image
from render.games import gong_zhu as layout
from render.parts import DrawnText, PlayerInfo
from render.theme import CANVAS, MIN_INDEX, SCALE, T_BODY

from .helpers import check_lines, decode, label_pairs

PLAYERS = list(layout.SAMPLE_PLAYERS)
LONG = [
    PlayerInfo("Wolfeschlegelsteinhausenbergerdorff"),
    PlayerInfo("ながいながいなまえのぷれいやーさんですよろしくね", is_cpu=True),
    PlayerInfo("Ｗ" * 32),
    PlayerInfo("たろう_the_Great_ながいなまえ_Wolfe", is_cpu=True),
]
NUMBER = re.compile(r"^[+−×]?\d+$")


@cache
def moments() -> dict[str, Game]:
    return {label.split("-")[0]: game for label, game in layout.sample_moments(3)}


def test_the_sample_moments_are_what_they_claim() -> None:
    found = moments()
    assert set(found) == {"expose", "exposed", "trick", "pig", "danger", "hand2", "end"}
    assert found["expose"].view(None)["phase"] == "expose"
    assert any(found["exposed"].view(None)["exposed_live"])
    assert len(found["trick"].view(None)["trick"]["cards"]) == 2
    assert "QS" in found["pig"].view(None)["last_trick"]["cards"]
    assert found["danger"].view(None)["sweep_danger"] is not None
    assert found["hand2"].view(None)["last_hand"]["hand"] == 1
    assert found["end"].is_over()


@pytest.mark.parametrize("moment", ["expose", "exposed", "trick", "pig", "danger", "hand2", "end"])
@pytest.mark.parametrize("seat", [None, 0, 1, 2, 3])
@pytest.mark.parametrize("locale", ["ja", "en"])
def test_each_moment_renders_for_each_viewpoint(moment: str, seat: int | None, locale: str) -> None:
    game = moments()[moment]
    view = game.view(seat)
    with parts.record_texts() as drawn, cards.record_faces() as faces:
        image = view_image(view, PLAYERS, locale)
    assert image.size == CANVAS
    check_lines(drawn, image)
    public = set(view["plays"]) | {c for live in view["exposed_live"] for c in live}
    mine = set(view.get("hand_cards") or [])
    assert set(faces) <= public | mine  # nobody else's hand, ever
    if seat is not None and not game.is_over():
        assert mine and mine <= set(faces)


def _trick_labels(drawn: list[DrawnText]) -> dict[str, tuple[float, float]]:
    """The centres of the names drawn at the cross (left of the seats' rows)."""
    split = CANVAS[0] - 16 - layout.LIST_W
    names = {p.name for p in PLAYERS}
    return {
        d.text: ((d.box[0] + d.box[2]) / 2, (d.box[1] + d.box[3]) / 2)
        for d in drawn
        if d.text in names and d.box[2] < split
    }


@pytest.mark.parametrize("seat", [None, 0, 1, 2, 3])
def test_the_next_seat_sits_on_the_viewers_right(seat: int | None) -> None:
    view = moments()["trick"].view(seat)
    with parts.record_texts() as drawn:
        view_image(view, PLAYERS, "en")
    at = _trick_labels(drawn)
    me = seat or 0  # the public image puts seat 1 at the bottom
    name = [PLAYERS[(me + k) % 4].name for k in range(4)]
    assert set(at) == set(name)
    mine, after, across, before = (at[n] for n in name)
    assert after[0] > mine[0] > before[0]  # you -> right -> across -> left
    assert across[1] < after[1] < mine[1] and across[1] < before[1] < mine[1]


@pytest.mark.parametrize("moment", ["trick", "hand2", "end"])
def test_long_names_are_cut_not_the_words(moment: str) -> None:
    view = moments()[moment].view(0)
    for draw in (view_image, details_image):
        with parts.record_texts() as drawn:
            image = draw(view, LONG, "ja")
        if image is None:
            continue
        check_lines(drawn, image)
        assert any("…" in d.text for d in drawn)


def _hands(swap: bool) -> list[list[str]]:
    """A deal where seat 1 holds none of A♥ Q♠ J♦ 10♣ (or, swapped, holds the 10♣ that seat
    3 held): seats 0 and 2 hold the same cards either way."""
    spades = [r + "S" for r in "AKQJT98765432"]
    hearts = [r + "H" for r in "AKQJT98765432"]
    diamonds = [r + "D" for r in "AKQJT98765432"]
    clubs = [r + "C" for r in "AKQJT98765432"]
    one = [c for c in diamonds if c != "JD"] + ["2C"]
    three = [c for c in clubs if c != "2C"] + ["JD"]
    if swap:
        one[-1], three[three.index("TC")] = "TC", "2C"
    return [spades, one, hearts, three]


def test_seats_still_deciding_look_alike_whatever_they_hold() -> None:
    # Seat 1 has no choice in one deal and a choice in the other; until the reveal the
    # channel, and every other seat, must see the same image either way (seat 0 has decided).
    images = {}
    for swap in (False, True):
        game = GongZhu.new(4, {}, 0, [{"hands": _hands(swap)}])
        game.apply(Action.make(0, "expose", cards=[]))
        assert game.view(None)["decided"] == [True, False, False, False]
        for viewer in (None, 0, 2):
            for locale in ("en", "ja"):
                images[swap, viewer, locale] = view_image(game.view(viewer), PLAYERS, locale)
    for viewer in (None, 0, 2):
        for locale in ("en", "ja"):
            a, b = images[False, viewer, locale], images[True, viewer, locale]
            assert ImageChops.difference(a, b).getbbox() is None, (viewer, locale)
    # and a seat that has decided is told apart from those deciding by that alone
    with parts.record_texts() as drawn:
        view_image(game.view(None), PLAYERS, "en")
    texts = [d.text for d in drawn]
    assert texts.count("Decided") == 1 and texts.count("Deciding…") == 3


def test_the_exposed_and_taken_cards_are_named_at_a_cards_size() -> None:
    seen_live = seen_taken = False
    for moment in ("exposed", "trick", "pig", "danger"):
        view = moments()[moment].view(None)
        taken, live = view["taken"], view["exposed_live"]
        seen_live |= any(live)
        seen_taken |= any(taken)
        with parts.record_texts() as drawn:
            view_image(view, PLAYERS, "en")
        sizes = {d.text: d.size for d in drawn}
        for seat in range(4):
            for code in [c for c in taken[seat] if not c.endswith("H")] + list(live[seat]):
                rank = "10" if code[0] == "T" else code[0]
                assert sizes[rank] / SCALE >= MIN_INDEX, code
            hearts = [c[0] for c in taken[seat] if c.endswith("H")]
            if hearts:
                line = next(d for d in drawn if d.text.replace("10", "T").split() == hearts)
                assert line.size / SCALE >= MIN_INDEX
    assert seen_live and seen_taken


def test_the_details_image_shows_the_breakdown_and_the_match() -> None:
    game = moments()["hand2"]
    view = game.view(None)
    last = view["last_hand"]
    assert details_image(moments()["trick"].view(None), PLAYERS, "en") is None  # no hand over
    with parts.record_texts() as drawn:
        image = details_image(view, PLAYERS, "en")
    assert image is not None and image.size == CANVAS
    check_lines(drawn, image)
    texts = [d.text for d in drawn]
    assert "Hand 1 scores" in texts and "The match, hand by hand" in texts
    for seat in range(4):
        assert layout.signed(last["breakdown"][seat]["score"]) in texts
        assert texts.count(layout.signed(last["totals"][seat])) >= 2  # the breakdown, the match


def test_the_details_image_folds_the_early_hands_of_a_long_match() -> None:
    # 21 hands, as long as the longest of 300 seeded matches: the newest that fit, the earlier
    # ones summed in one column, every row still adding up to its total
    view = dict(moments()["end"].view(2))
    scores = [list(h) for h in view["hand_scores"]]
    scores = (scores * 21)[:21]
    view["hand_scores"] = scores
    view["totals"] = [sum(h[seat] for h in scores) for seat in range(4)]
    with parts.record_texts() as drawn:
        image = details_image(view, PLAYERS, "ja")
    assert image is not None
    check_lines(drawn, image)
    texts = [d.text for d in drawn]
    folded = next(t for t in texts if re.fullmatch(r"1–\d+", t))
    last_folded = int(folded[2:])
    assert 1 < last_folded < 21
    shown = [t for t in texts if t.isdigit() and int(t) > last_folded]
    assert shown == [str(h) for h in range(last_folded + 1, 22)]
    rows = _rows_of(drawn, after="対戦の得点（ハンドごと）")
    for seat in range(4):
        cells = [int(t.replace("−", "-").replace("+", "")) for t in rows[PLAYERS[seat].name]]
        assert sum(cells[:-1]) == cells[-1] == view["totals"][seat]


def _rows_of(drawn: list[DrawnText], after: str) -> dict[str, list[str]]:
    """The cells of each named row of the table drawn after the title `after`."""
    start = next(i for i, d in enumerate(drawn) if d.text == after)
    rows: dict[str, list[str]] = {}
    current = None
    for d in drawn[start + 1 :]:
        if NUMBER.match(d.text) and current is not None:
            rows[current].append(d.text)
        elif not NUMBER.match(d.text) and d.size == T_BODY and d.text in {p.name for p in PLAYERS}:
            current = d.text
            rows[current] = []
    return rows


def _four_digit_hand_end() -> Game:
    """The exposure phase after a hand that took seat 1 from −940 to −1060 (−120: A♥ K♥ J♥
    10♥) while the top is shared, so the match goes on."""
    from tests.engines.test_gong_zhu import finish, last_trick

    rest = "QH 9H 8H 7H 6H 5H 4H 3H 2H QS JD TC"
    game = last_trick([200, -940, 200, 0], {1: "AH KH JH TH", 3: rest})
    finish(game)
    assert game.phase == "expose" and game.totals == [200, -1060, 200, -160]
    return game


@pytest.mark.parametrize("viewer", [None, 1])
@pytest.mark.parametrize("locale", ["en", "ja"])
def test_score_columns_never_touch_at_four_digit_totals(viewer: int | None, locale: str) -> None:
    # the hand's −120 beside the total −1060 read as one number when the columns touched
    view = _four_digit_hand_end().view(viewer)
    found = False
    for draw in (view_image, details_image):
        with parts.record_texts() as drawn:
            image = draw(view, PLAYERS, locale)
        if image is None:
            continue
        numbers = [d for d in drawn if NUMBER.match(d.text)]
        found |= any(d.text == "−1060" for d in numbers)
        for a, b in itertools.combinations(numbers, 2):
            if min(a.box[3], b.box[3]) - max(a.box[1], b.box[1]) <= 0:
                continue  # not on one line
            gap = max(a.box[0], b.box[0]) - min(a.box[2], b.box[2])
            assert gap >= 12, (a.text, b.text, gap)  # 6 px apart in the box, at least
    assert found


def test_the_details_image_says_who_took_each_exposed_card() -> None:
    from tests.engines.test_gong_zhu import LAST_TRICK, finish, midhand

    taken = {0: "QS KH", 1: "TC JD", 2: "AH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"}
    game = midhand(LAST_TRICK, 0, exposed={0: "AH QS", 3: "JD"}, taken=taken)
    finish(game)
    for locale, line in (
        ("en", "Exposed: Q♠ (たろう) → たろう · A♥ (たろう) → 花子 · J♦ (CPU 2) → CPU 1"),
        ("ja", "公開：Q♠（たろう）→ たろう、A♥（たろう）→ 花子、J♦（CPU 2）→ CPU 1"),
    ):
        with parts.record_texts() as drawn:
            image = details_image(game.view(0), PLAYERS, locale)
        assert image is not None
        check_lines(drawn, image)
        texts = [d.text for d in drawn]
        assert line in texts, texts
    # the numbers: the pig −200 and K♥ −80 (A♥ exposed); the sheep +200 ×2 with the 10♣;
    # twelve hearts −160 ×2
    assert [b["score"] for b in game.history[-1]["breakdown"]] == [-280, 400, -320, 0]


def test_the_result_says_victory_or_defeat_to_a_human() -> None:
    game = moments()["end"]
    result: Any = game.result()
    winner = result["winner"]
    for seat in (0, 2):  # the two people of the sample table
        with parts.record_texts() as drawn:
            view_image(game.view(seat), PLAYERS, "ja")
        texts = [d.text for d in drawn]
        assert ("勝利！" if seat == winner else "敗北") in texts
    with parts.record_texts() as drawn:
        view_image(game.view(None), PLAYERS, "en")
    assert any(d.text.endswith(" wins") for d in drawn)


def test_the_exposure_hand_image_shows_the_whole_hand() -> None:
    # the pick's group holds only the exposable cards; the player decides seeing all 13
    game = GongZhu.new(4, {}, 0)
    for prompt in game.prompts().values():
        pick = prompt.to_json().get("pick")
        if not pick:
            continue
        groups = [("Can expose", list(pos)) for _, pos in pick["groups"]]
        with cards.record_faces() as faces:
            hand_image(pick["cards"], pick["selectable"], set(), "en", groups=groups)
        assert sorted(faces) == sorted(pick["cards"]) and len(faces) == 13


def test_the_png_is_small_enough_for_discord() -> None:
    png = render_view(moments()["pig"].view(0), PLAYERS, "ja")
    image = decode(png)
    assert image.size == CANVAS and len(png) < 250_000


def test_every_label_is_in_both_languages_and_one_hand_is_singular() -> None:
    for key, (ja, en) in label_pairs(layout.LABELS).items():
        assert ja and en, key
        fields_ja, fields_en = (set(re.findall(r"{(\w+)}", words)) for words in (ja, en))
        # English says "1 hand" in words where Japanese keeps the number
        assert fields_en <= fields_ja if key.endswith(".one") else fields_en == fields_ja, key
    assert layout.tr("status_over", "en", hand=1) == "Match over · 1 hand"
    assert layout.tr("status_over", "en", hand=7) == "Match over · 7 hands"
