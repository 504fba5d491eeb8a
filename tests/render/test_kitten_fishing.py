"""Kitten Fishing images: every moment renders for every viewpoint, in the box, only public
cards are ever drawn face up, low stocks stand out, the layout follows the viewer, long names
are cut rather than the words around them, and what matters reads in the box."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

from engines.cards import card_label
from render import cards, parts
from render.api import render_view, view_image
from render.games import UnknownGame, kitten_fishing
from render.parts import PlayerInfo
from render.strings import tr
from render.text import ELLIPSIS
from render.theme import ALERT, CANVAS, GOLD, HIGHLIGHT, SCALE

from .helpers import (
    LONG_NAMES,
    PLAYERS,
    check_lines,
    decode,
    empty_game,
    fish_game,
    mean_abs_diff,
    move_cap_view,
    start_game,
    stay_game,
    sweep_game,
)
from .test_box import box_problems

GAMES: dict[str, Callable[[], Any]] = {
    "start": start_game,
    "stay": stay_game,
    "fish": fish_game,
    "sweep": sweep_game,
    "empty": empty_game,
}


def _count_colour(im: Image.Image, colour: tuple[int, int, int], tol: int = 12) -> int:
    colours = im.convert("RGB").getcolors(maxcolors=1 << 20) or []
    return sum(n for n, p in colours if all(abs(p[k] - colour[k]) <= tol for k in range(3)))


@pytest.mark.parametrize("moment", list(GAMES))
@pytest.mark.parametrize("seat", [None, 0, 1])
@pytest.mark.parametrize("locale", ["ja", "en"])
def test_each_moment_renders_for_each_viewpoint(moment: str, seat: int | None, locale: str) -> None:
    game = GAMES[moment]()
    im = decode(render_view(game.view(seat), PLAYERS, locale))
    assert im.size == CANVAS


def test_the_moments_are_what_they_claim() -> None:
    assert start_game().view(None)["last"] is None
    assert stay_game().view(None)["last"]["kind"] == "stay"
    fish = fish_game().view(None)["last"]
    assert fish["kind"] == "fish" and len(fish["captured"]) >= 4
    assert sweep_game().view(None)["last"]["kind"] == "sweep"
    assert empty_game().view(None)["result"]["reason"] == "empty"
    assert move_cap_view()["result"]["reason"] == "move_cap"


@pytest.mark.parametrize("moment", list(GAMES))
@pytest.mark.parametrize("seat", [None, 0, 1])
def test_stock_contents_are_never_drawn(moment: str, seat: int | None) -> None:
    game = GAMES[moment]()
    view = game.view(seat)
    last = view["last"]
    public = set(view["table"])
    if last is not None:
        public |= set(last["captured"]) if last["kind"] != "stay" else {last["card"]}
    hidden = set(game.to_json()["stocks"][0] + game.to_json()["stocks"][1]) - public
    with cards.record_faces() as drawn:
        render_view(view, PLAYERS, "ja")
    assert set(drawn) == public
    assert not set(drawn) & hidden
    if moment != "start":
        assert hidden  # the check has something to catch


def test_a_just_captured_run_is_shown_in_table_order_under_the_takers_name() -> None:
    game = fish_game()
    last = game.view(None)["last"]
    with cards.record_faces() as drawn, parts.record_texts() as texts:
        render_view(game.view(None), PLAYERS, "en")
    table = game.view(None)["table"]
    # the table row and the captured run, each in its own order, the matched card first
    assert drawn == table + last["captured"]
    assert last["captured"][0] == last["matched"]
    assert last["captured"][-1] == last["card"]
    label = next(t for t in texts if t.text.startswith("Fished!"))
    taker = next(
        t for t in texts if t.text == PLAYERS[last["seat"]].name and t.box[1] == label.box[1]
    )
    assert taker.box[0] > label.box[2]


def test_a_card_that_stayed_is_ringed_on_the_table_and_said_in_words() -> None:
    view = stay_game().view(None)
    last = view["last"]
    with cards.record_faces() as drawn, parts.record_texts() as texts:
        image = view_image(view, PLAYERS, "en")
    assert drawn == view["table"] and view["table"][-1] == last["card"]
    name = PLAYERS[last["seat"]].name
    assert f"{name} flipped {card_label(last['card'])}: it stays" in [t.text for t in texts]
    assert _count_colour(image, GOLD, 10) > 400


def test_low_stock_counts_are_red_and_normal_ones_are_not() -> None:
    normal = view_image(start_game().view(0), PLAYERS)
    assert _count_colour(normal, ALERT) == 0
    view = dict(start_game().view(0), stock_counts=[3, 49])
    low = view_image(view, PLAYERS)
    assert _count_colour(low, ALERT) > 300


def test_the_result_panel_appears_only_when_the_game_is_over() -> None:
    playing = view_image(stay_game().view(0), PLAYERS)
    over = view_image(empty_game().view(0), PLAYERS)
    capped = view_image(move_cap_view(), PLAYERS)
    # the panel's gold frame is a long run of gold pixels
    assert _count_colour(over, GOLD, 30) > _count_colour(playing, GOLD, 30) + 1500
    assert _count_colour(capped, GOLD, 30) > _count_colour(playing, GOLD, 30) + 1500


def test_private_images_put_the_viewer_at_the_bottom() -> None:
    game = stay_game()
    names = [PlayerInfo("AAAA"), PlayerInfo("BBBB", is_cpu=True)]
    for seat in (0, 1):
        with cards.record_faces():
            im = view_image(game.view(seat), names)
        lower = im.crop((0, im.height // 2, im.width, im.height))
        upper = im.crop((0, 0, im.width, im.height // 2))
        # the viewer's plate carries the bright "you" badge
        assert _count_colour(lower, HIGHLIGHT, 10) > _count_colour(upper, HIGHLIGHT, 10)


def test_the_public_image_treats_both_seats_alike() -> None:
    view = dict(start_game().view(None), to_act=[])
    im = view_image(view, [PlayerInfo("A"), PlayerInfo("A")])
    top, bottom = kitten_fishing.zone_boxes(None)
    upper = im.crop(tuple(round(v) for v in top))
    lower = im.crop(tuple(round(v) for v in bottom))
    # equal seats get equal zones, and no "you": neither is drawn as the viewer's
    assert mean_abs_diff(upper, lower) < 1
    assert upper.getbbox() is not None
    assert _count_colour(im, HIGHLIGHT, 10) == 0


def test_players_may_be_missing_and_names_may_be_anything() -> None:
    view = sweep_game().view(1)
    assert decode(render_view(view, [], "en")).size == CANVAS
    odd = [PlayerInfo("👨‍👩‍👧‍👦" * 20), PlayerInfo("김민수 \u200b\u0301 🇯🇵", is_cpu=True)]
    assert decode(render_view(view, odd, "ja")).size == CANVAS


def test_an_unknown_game_is_refused_clearly() -> None:
    with pytest.raises(UnknownGame):
        render_view({"game": "mahjong"}, [], "ja")


SHORT_NAMES = [PlayerInfo("Ann"), PlayerInfo("Bob", is_cpu=True)]


def _views() -> list[tuple[str, dict[str, Any]]]:
    views = [(f"{m}-{s}", GAMES[m]().view(s)) for m in GAMES for s in (None, 0, 1)]
    return [*views, ("move-cap-0", move_cap_view())]


def _texts(view: dict[str, Any], players: list[PlayerInfo], locale: str) -> list[Any]:
    with parts.record_texts() as drawn:
        im = view_image(view, players, locale)
    check_lines(drawn, im)
    return drawn


@pytest.mark.parametrize("names", list(LONG_NAMES))
@pytest.mark.parametrize("locale", ["ja", "en"])
def test_long_names_are_cut_and_the_words_around_them_are_not(names: str, locale: str) -> None:
    long_names = LONG_NAMES[names]
    cut = 0
    for label, view in _views():
        short = _texts(view, SHORT_NAMES, locale)
        long = _texts(view, long_names, locale)
        assert len(long) == len(short), label
        for s, line in zip(short, long, strict=True):
            # the same label with Ann and Bob: whatever is not a name must be there whole
            words = re.split("Ann|Bob", s.text)
            assert line.text.startswith(words[0]) and line.text.endswith(words[-1]), (s, line)
            assert all(w in line.text for w in words), (s, line)
            if len(words) > 1 and ELLIPSIS in line.text:
                cut += 1
    assert cut > 10  # the names really were too long, and were cut


def test_the_turn_pill_cuts_the_name_and_stays_clear_of_the_title() -> None:
    view = start_game().view(None)
    first = view["to_act"][0]
    for locale in ("ja", "en"):
        drawn = _texts(view, LONG_NAMES["mixed"], locale)
        title = next(d for d in drawn if d.text.startswith(tr("table_row", locale)))
        after = tr("turn_of", locale, name="")
        pill = next(d for d in drawn if d.text.endswith(after) and d.box[1] < title.box[3])
        assert ELLIPSIS in pill.text and LONG_NAMES["mixed"][first].name[:3] in pill.text
        assert pill.box[0] > title.box[2] + 20
        assert pill.box[2] <= CANVAS[0] - 16


def test_a_big_capture_shows_every_index_readable_in_the_box() -> None:
    game = fish_game(32, 8)  # seed 32 fishes 8 cards at move 10
    for seat in (None, 0, 1):
        view = game.view(seat)
        captured = view["last"]["captured"]
        assert len(captured) >= 8
        with parts.record_cards() as placed, parts.record_texts() as texts:
            im = view_image(view, PLAYERS, "en")
        run = [p for p in placed if p.code in captured]
        assert [p.code for p in run] == captured
        assert box_problems(im, texts, placed) == []


@pytest.mark.parametrize("seat", [None, 0, 1])
@pytest.mark.parametrize("locale", ["ja", "en"])
def test_stock_counts_are_the_biggest_numbers_in_the_box(seat: int | None, locale: str) -> None:
    view = fish_game().view(seat)
    drawn = _texts(view, PLAYERS, locale)
    for count in view["stock_counts"]:
        label = tr("cards_short", locale, n=count)
        sizes = [d.size for d in drawn if d.text == label]
        assert sizes and max(sizes) / SCALE >= 22, (label, sizes)
    assert [d.text for d in drawn if d.text == tr("stock", locale)] == [tr("stock", locale)] * 2


@pytest.mark.parametrize("seat", [None, 0])
def test_an_empty_table_says_so_and_a_card_on_it_is_drawn(seat: int | None) -> None:
    empty = start_game().view(seat)
    assert empty["table"] == []
    with cards.record_faces() as none, parts.record_texts() as texts:
        view_image(empty, PLAYERS, "en")
    assert none == [] and "The table is empty" in [t.text for t in texts]
    with cards.record_faces() as one:
        view_image(dict(empty, table=["7D"]), PLAYERS, "en")
    assert one == ["7D"]


def test_one_card_is_one_card() -> None:
    view = dict(stay_game().view(0), stock_counts=[1, 50], table=["7D"])
    capped = move_cap_view()
    capped["result"] = dict(capped["result"], stock_counts=[1, 51], moves=1)
    for v in (view, capped):
        lines = [d.text for d in _texts(v, PLAYERS, "en")]
        assert not [t for t in lines if re.search(r"\b1 (cards|moves)\b", t)], lines
    assert "Table  1 card" in [d.text for d in _texts(view, PLAYERS, "en")]
    final = [t.text for t in _texts(capped, PLAYERS, "en") if t.text.startswith("Final")]
    assert final == ["Final count: たろう 1 card  ·  子猫 51 cards"]
