"""Zhao Pengyou images: every sample moment for every viewpoint in both languages, only public
cards and the viewer's own hand drawn face up, each seat's play kept whole, every line of text
on the image and apart, long names cut, the deal-end and result panels."""

from __future__ import annotations

import itertools
from functools import cache
from typing import Any

import pytest

from engines.base import Game
from engines.zhao_pengyou.cards import CODES
from render import cards, parts
from render.api import render_hand, render_view, view_image
from render.games import zhao_pengyou as layout
from render.parts import PlayerInfo
from render.theme import CANVAS, WIDTH

from .helpers import check_lines, decode

PLAYERS = list(layout.SAMPLE_PLAYERS)
LONG = [
    PlayerInfo("Wolfeschlegelsteinhausenbergerdorff"),
    PlayerInfo("ながいながいなまえのぷれいやーさんですよろしくね", is_cpu=True),
    PlayerInfo("Ｗ" * 32),
    PlayerInfo("たろう_the_Great_ながいなまえ_Wolfe", is_cpu=True),
] * 3
MOMENTS = [
    "drawing",
    "last",
    "bury",
    "sets",
    "failed",
    "friend",
    "deal",
    "end",
]


@cache
def moments() -> dict[str, Game]:
    return {label.split("-")[0]: game for label, game in layout.sample_moments(3)}


def public_cards(game: Any) -> set[str]:
    """Codes everyone has seen: the declared card, calls, every card played or thrown, and the
    kitty of a finished deal."""
    out = {CODES[t] for t, n in enumerate(game.seen) if n}
    out |= {c for f in game.failed for c in f["attempted"]}
    out |= {c for h in game.history for _, cards_ in h["plays"] for c in cards_}
    out |= set(game.last_kitty)
    if game.declared is not None:
        out.add(CODES[game.declared])
    out |= {CODES[t] for t, _ in game.calls}
    for outcome in game.outcomes:
        out |= {c["card"] for c in outcome["calls"]} | {outcome["trump"]}
    return out


def test_the_sample_moments_are_what_they_claim() -> None:
    found = moments()
    assert set(found) == set(MOMENTS)
    assert found["drawing"].phase == "draw" and found["drawing"].declarer is not None
    assert found["last"].phase == "declare"
    assert found["bury"].phase == "bury"
    sets = found["sets"]
    assert sets.lead is not None and sets.lead.kind in ("set", "sequence")
    assert found["failed"].failed
    assert any(found["friend"].joined) and found["friend"].seats == 12
    assert found["deal"].outcomes and found["deal"].phase == "draw"
    assert found["end"].is_over()


@pytest.mark.parametrize("moment", MOMENTS)
@pytest.mark.parametrize("locale", ["ja", "en"])
def test_each_moment_renders_for_each_viewpoint(moment: str, locale: str) -> None:
    game: Any = moments()[moment]
    for seat in (None, *range(game.seats)):
        view = game.view(seat)
        with parts.record_texts() as drawn, cards.record_faces() as faces:
            image = view_image(view, PLAYERS, locale)
        assert image.width == WIDTH and 800 <= image.height <= 2400
        check_lines(drawn, image)
        mine = set(view.get("hand") or []) | set(view.get("kitty") or [])
        assert set(faces) <= public_cards(game) | mine  # nobody else's hand, ever
        if seat is not None and view.get("hand"):
            assert set(view["hand"]) <= set(faces)


def test_a_play_of_several_cards_is_drawn_whole_with_its_sets_together() -> None:
    game: Any = moments()["sets"]
    view = game.view(None)
    with parts.record_cards() as placed:
        view_image(view, PLAYERS, "en")
    small = [p for p in placed if p.width == layout.TRICK_W and p.code is not None]
    plays = [cards_ for p in view["trick"]["plays"] for cards_ in [p["cards"]]]
    assert [p.code for p in small] == [c for play in plays for c in play]
    at = 0
    for play in plays:  # identical cards overlap; the next set starts clear of them
        xs = [p.x for p in small[at : at + len(play)]]
        for k, (a, b) in enumerate(itertools.pairwise(xs)):
            if play[k] == play[k + 1]:
                assert b - a < layout.TRICK_W
            else:
                assert b - a > layout.TRICK_W * 0.9
        at += len(play)


def test_a_failed_throw_and_a_friend_are_told_in_a_banner() -> None:
    with parts.record_texts() as drawn:
        view_image(moments()["failed"].view(None), PLAYERS, "en")
    assert any(d.text.startswith("Throw failed:") for d in drawn)
    with parts.record_texts() as drawn:
        view_image(moments()["friend"].view(None), PLAYERS, "ja")
    texts = [d.text for d in drawn]
    assert any("友達" in t for t in texts)


def test_the_deal_end_panel_shows_points_steps_and_the_kitty() -> None:
    game: Any = moments()["deal"]
    view = game.view(0)
    last = view["last_deal"]
    with parts.record_texts() as drawn, parts.record_cards() as placed:
        view_image(view, PLAYERS, "en")
    texts = [d.text for d in drawn]
    assert f"Deal {len(game.outcomes)} result" in texts
    assert any(t.startswith(f"Defenders {last['defender_points']}/") for t in texts)
    kitty = [p.code for p in placed if p.width == layout.KITTY_W]
    assert sorted(kitty) == sorted(game.last_kitty)
    for steps in last["steps"]:
        if steps:
            assert f"+{steps}" in texts


def test_the_result_panel_says_victory_or_defeat_to_a_human() -> None:
    game: Any = moments()["end"]
    winners = game.result()["winners"]
    for seat in (0, 2):  # the two people of the sample table
        with parts.record_texts() as drawn:
            view_image(game.view(seat), PLAYERS, "ja")
        assert ("勝利！" if seat in winners else "敗北") in [d.text for d in drawn]


@pytest.mark.parametrize("moment", ["friend", "sets", "deal"])
def test_long_names_are_cut_not_the_words(moment: str) -> None:
    view = moments()[moment].view(0)
    with parts.record_texts() as drawn:
        image = view_image(view, LONG, "ja")
    check_lines(drawn, image)
    assert any("…" in d.text for d in drawn)


def test_the_hand_image_takes_a_declarers_hand_with_the_kitty() -> None:
    game: Any = moments()["bury"]
    hand = game.hand_codes(game.declarer)
    png = render_hand(hand, [True] * len(hand), {0, 5}, "ja")
    image = decode(png)
    assert image.size == CANVAS and len(hand) == game.hand_size + 6


def test_the_png_is_small_enough_for_discord() -> None:
    png = render_view(moments()["friend"].view(0), PLAYERS, "ja")
    image = decode(png)
    assert image.width == WIDTH and len(png) < 500_000


@pytest.mark.parametrize("moment", ["sets", "failed", "friend"])
def test_each_plate_shows_the_rank_and_the_points_taken_in_full(moment: str) -> None:
    """In play, hands are all the same size: a plate gives the rank and the points taken
    (never cut short), and the title the cards left (leads of sets make tricks fewer)."""
    game: Any = moments()[moment]
    view = game.view(None)
    with parts.record_texts() as drawn:
        view_image(view, PLAYERS, "en")
    texts = [d.text for d in drawn]
    for rank, points in zip(view["ranks"], view["points"], strict=True):
        shown = f"Rank {rank}" + (f" · {points} pts" if points else "")
        assert shown in texts
    assert any(f"{max(view['hand_counts'])} cards left" in t for t in texts)
