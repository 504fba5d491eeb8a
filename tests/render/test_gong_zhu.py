"""Gong Zhu images: every sample moment for every viewpoint in both languages, only public
cards and the viewer's own hand drawn face up, play going counterclockwise as at the table,
every line of text on the image and apart, long names cut, the hand-end and result panels."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from engines.base import Game
from render import cards, parts
from render.api import render_view, view_image
from render.games import gong_zhu as layout
from render.parts import PlayerInfo
from render.theme import WIDTH

from .helpers import check_lines, decode

PLAYERS = list(layout.SAMPLE_PLAYERS)
LONG = [
    PlayerInfo("Wolfeschlegelsteinhausenbergerdorff"),
    PlayerInfo("ながいながいなまえのぷれいやーさんですよろしくね", is_cpu=True),
    PlayerInfo("Ｗ" * 32),
    PlayerInfo("たろう_the_Great_ながいなまえ_Wolfe", is_cpu=True),
]


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
    assert image.width == WIDTH and 700 <= image.height <= 2000
    check_lines(drawn, image)
    public = set(view["plays"]) | {c for live in view["exposed_live"] for c in live}
    mine = set(view.get("hand_cards") or [])
    assert set(faces) <= public | mine  # nobody else's hand, ever
    if seat is not None and not game.is_over():
        assert mine and mine <= set(faces)


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_the_next_seat_sits_on_the_viewers_right(seat: int) -> None:
    view = moments()["trick"].view(seat)
    with parts.record_texts() as drawn:
        view_image(view, PLAYERS, "en")

    def centre(name: str) -> tuple[float, float]:
        box = next(d.box for d in drawn if d.text == name)
        return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2

    me = centre(PLAYERS[seat].name)
    after = centre(PLAYERS[(seat + 1) % 4].name)
    across = centre(PLAYERS[(seat + 2) % 4].name)
    before = centre(PLAYERS[(seat + 3) % 4].name)
    assert after[0] > me[0] > before[0]  # you -> right -> across -> left
    assert across[1] < after[1] and across[1] < before[1]


@pytest.mark.parametrize("moment", ["trick", "hand2", "end"])
def test_long_names_are_cut_not_the_words(moment: str) -> None:
    view = moments()[moment].view(0)
    with parts.record_texts() as drawn:
        image = view_image(view, LONG, "ja")
    check_lines(drawn, image)
    assert any("…" in d.text for d in drawn)


def test_the_hand_end_panel_shows_the_breakdown_from_the_view() -> None:
    game = moments()["hand2"]
    view = game.view(None)
    last = view["last_hand"]
    with parts.record_texts() as drawn:
        view_image(view, PLAYERS, "en")
    texts = [d.text for d in drawn]
    assert "Hand 1 scores" in texts
    for seat in range(4):
        score = last["breakdown"][seat]["score"]
        assert layout.signed(score) in texts


def test_the_result_panel_says_victory_or_defeat_to_a_human() -> None:
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


def test_the_png_is_small_enough_for_discord() -> None:
    png = render_view(moments()["pig"].view(0), PLAYERS, "ja")
    image = decode(png)
    assert image.width == WIDTH and len(png) < 400_000


def test_the_hand_end_panel_says_who_took_each_exposed_card() -> None:
    from tests.engines.test_gong_zhu import LAST_TRICK, finish, midhand

    taken = {0: "QS KH", 1: "TC JD", 2: "AH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"}
    game = midhand(LAST_TRICK, 0, exposed={0: "AH QS", 3: "JD"}, taken=taken)
    finish(game)
    for locale, lines in (
        ("en", ["たろう: Q♠ → たろう, A♥ → 花子", "CPU 2: J♦ → CPU 1"]),
        ("ja", ["たろう：Q♠ → たろう、A♥ → 花子", "CPU 2：J♦ → CPU 1"]),
    ):
        with parts.record_texts() as drawn:
            image = view_image(game.view(0), PLAYERS, locale)
        check_lines(drawn, image)
        texts = [d.text for d in drawn]
        assert all(line in texts for line in lines), texts
    # the numbers: the pig −200 and K♥ −80 (A♥ exposed); the sheep +200 ×2 with the 10♣;
    # twelve hearts −160 ×2
    assert [b["score"] for b in game.history[-1]["breakdown"]] == [-280, 400, -320, 0]
