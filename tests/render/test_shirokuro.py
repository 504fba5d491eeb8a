"""Shirokuro-jaku images, made for the box: every sample moment at 2 and 3 seats for every
viewpoint in both languages is the canvas and reads in the box; only the viewer's own hand
face up (the others' hands a count); each seat's discards not claimed in order and its melds
laid down; the dora indicator; the gaps numbered and the drawn card apart; claims with their
pairs and ron gaps; the preview of an insert or a ron with what it would score (the engine's
own score); both versions of the hand before the first move; the round's end (a win, a draw)
with every hand, the game's end, the Details image; long names cut."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from engines.actions import Action
from engines.cards import card_label
from engines.cpu import cpu_chooser
from engines.game import Game
from engines.registry import game_class
from engines.two_number.cards import hold, rotated, values
from engines.two_number.melds import is_win
from render import cards, kit, parts
from render.api import details_image, encode_png, render_view, view_image
from render.games import shirokuro as layout
from render.games.two_number_parts import frame, hand_panel, tiles
from render.parts import PlayerInfo
from render.theme import CANVAS, T_BODY, CardStyle

from .helpers import check_lines, decode, label_pairs
from .test_box import box_problems
from .two_number import check_viewpoints, held_rows, sized

PLAYERS = list(layout.SAMPLE_PLAYERS)
LONG = [
    PlayerInfo("Wolfeschlegelsteinhausenbergerdorff"),
    PlayerInfo("ながいながいなまえのぷれいやーさんですよろしくね", is_cpu=True),
    PlayerInfo("Ｗ" * 32),
]
MOMENTS = ["start", "insert", "meld", "win", "claim", "end"]
ALL = MOMENTS + [f"{m}-2p" for m in MOMENTS]


@cache
def moments() -> dict[str, Game]:
    return dict(layout.sample_moments(3))


def _copy(game: Any) -> Any:
    return type(game).from_json(game.to_json())


def play_until(seats: int, seed: int, stop: Callable[[Any], bool], limit: int = 2000) -> Any:
    """A game of normal CPUs played one action at a time until `stop(game)` (None if never)."""
    game: Any = game_class("shirokuro").new(seats, {}, seed)
    decide = cpu_chooser("shirokuro", ["normal"] * seats, seed, "tests")
    for _ in range(limit):
        if stop(game):
            return game
        if game.is_over():
            return None
        game.autoplay(decide, limit=1)
    return None


@cache
def draw_round() -> Any:
    """The next round's start after a round that ended in a draw with a seat one card away."""

    def stop(game: Any) -> bool:
        last = game.history[-1] if game.history else None
        return bool(
            last and last["end"] == "draw" and last["tenpai"] and game.round_no > last["round"]
        )

    for seed in range(16):
        game = play_until(3, seed, stop)
        if game is not None:
            return game
    raise AssertionError("no draw with a seat one card away in sixteen games")


def public_faces(view: dict[str, Any]) -> set[str]:
    """Faces the table has seen: discards, exposed melds, the dora indicator, the last round's
    hands and melds."""
    out = {d["card"] for ds in view["discards"] for d in ds} | {view["indicator"]}
    out |= {c for ms in view["exposed"] for m in ms for c in m["cards"]}
    last = view.get("last_round") or {}
    out |= {c for hand in last.get("hands") or [] for c in hand}
    out |= {c for ms in last.get("exposed") or [] for m in ms for c in m["cards"]}
    return out


def own_faces(view: dict[str, Any]) -> set[str]:
    out = set(view.get("hand") or [])
    if view.get("drawn"):
        out |= {hold(view["drawn"], "W"), hold(view["drawn"], "B")}
    if view.get("claim"):
        out.add(view["claim"]["card"])
    if view.get("may_rotate"):
        out |= set(rotated(view["hand"]))
    return out


def test_the_sample_moments_are_what_they_claim() -> None:
    found = moments()
    assert set(found) == set(ALL)
    for suffix, seats in (("", 3), ("-2p", 2)):
        assert all(found[m + suffix].seats == seats for m in MOMENTS)
        start = found["start" + suffix].view(None)
        assert start["rotation_open"] and start["turn"] == start["dealer"]
        assert found["insert" + suffix].view(None)["phase"] == "insert"
        assert any(found["meld" + suffix].view(None)["exposed"])
        win = found["win" + suffix].view(None)
        assert win["rotation_open"] and win["last_round"]["end"] in ("tsumo", "ron")
        claim: Any = found["claim" + suffix]
        assert any(claim.view(s)["claim"] for s in range(seats))
        assert found["end" + suffix].is_over()


@pytest.mark.parametrize("moment", ALL)
@pytest.mark.parametrize("locale", ["ja", "en"])
def test_each_moment_reads_in_the_box_for_each_viewpoint(moment: str, locale: str) -> None:
    check_viewpoints(moments()[moment], PLAYERS, locale, public_faces, own_faces)


@pytest.mark.parametrize("moment", ["insert", "meld", "claim-2p"])
def test_no_hand_but_the_viewers_shows_and_discards_and_melds_are_in_order(moment: str) -> None:
    game: Any = moments()[moment]
    for seat in (None, *range(game.seats)):
        view = game.view(seat)
        with parts.record_cards() as placed, cards.record_faces() as faces:
            view_image(view, PLAYERS, "en")
        others = [s for s in range(game.seats) if s != seat]
        assert not {c for s in others for c in game.hands[s]} & set(faces)
        shown = range(game.seats) if seat is None else [*others, seat]
        discards = [d["card"] for s in shown for d in game.discards[s] if d["taken"] is None]
        melds = [c for s in shown for m in game.exposed[s] for c in m["cards"]]
        indicator = [view["indicator"]]
        claim = [view["claim"]["card"]] if seat is not None and view.get("claim") else []
        table = [f for f in faces if "/" not in f or f in melds]
        # the indicator, the melds laid down (the viewer's own as cards), the discards
        assert sorted(table) == sorted(indicator + claim + melds + discards)
        for s in shown:  # in order (the discard to claim is also on the table, apart)
            own_discards = [d["card"] for d in game.discards[s] if d["card"] not in claim]
            mine = [f for f in faces if f in own_discards]
            assert mine == [
                d["card"] for d in game.discards[s] if d["taken"] is None and d["card"] not in claim
            ]
        if seat is not None:
            own = [c for m in game.exposed[seat] for c in m["cards"]]
            row = next(
                (r for r in held_rows(placed, view.get("drawn")) if r[-len(own) :] == own), None
            )
            assert row is not None or not own


def test_the_table_shows_the_dora_indicator_and_its_dora() -> None:
    view = moments()["start"].view(None)
    with parts.record_texts() as texts, parts.record_cards() as placed:
        view_image(view, PLAYERS, "en")
    indicator = view["indicator"]
    assert [p.code for p in placed if p.width == tiles.TABLE_W] == [indicator]
    assert f"Dora ○{indicator[1]} ●{indicator[3]}" in [d.text for d in texts]


def test_the_dora_of_a_hand_are_its_cards_showing_a_dora() -> None:
    hand = ["W3B1/W", "W3B1/B", "W1B3/B", "W2B4/B"]
    assert layout.dora_positions(hand, (3, 9)) == [0, 1]  # ●3 is not ○3
    assert layout.dora_positions(hand, (5, 10)) == []


def test_the_insert_numbers_the_gaps_and_shows_the_drawn_card_both_ways() -> None:
    game: Any = moments()["insert"]
    view = game.view(game.turn)
    hand, drawn = view["hand"], view["drawn"]
    with (
        parts.record_texts() as texts,
        parts.record_cards() as placed,
        cards.record_faces() as faces,
    ):
        view_image(view, PLAYERS, "en")
    assert sized(texts, hand_panel.GAP_LABEL) == [str(k) for k in range(1, len(hand) + 2)]
    assert hold(drawn, "W") in faces and hold(drawn, "B") in faces
    melds = [c for m in view["exposed"][game.turn] for c in m["cards"]]
    assert held_rows(placed, drawn) == [hand + melds]
    assert f"Pick a gap 1–{len(hand) + 1} and an end, W / B" in [d.text for d in texts]


def _winning_insert() -> tuple[Any, Action]:
    """A seat that has just drawn a card that wins somewhere, and that insert."""
    found: list[Action] = []

    def stop(game: Any) -> bool:
        if game.phase != "insert":
            return False
        seat = game.turn
        for action in game.legal_actions(seat):
            trial = _copy(game)
            trial.apply(action)
            if trial.can_tsumo and trial.wins(seat):
                found.append(action)
                return True
        return False

    for seed in range(6):
        game = play_until(2, seed, stop)
        if game is not None:
            return game, found[-1]
    raise AssertionError("no winning insert in six games")


def test_a_proposed_insert_that_wins_shows_the_score_the_engine_gives() -> None:
    game, action = _winning_insert()
    seat = action.seat
    view = game.view(seat)
    proposal = {
        "type": "insert",
        "position": action.get("position"),
        "upright": action.get("upright"),
    }
    with parts.record_texts() as texts, parts.record_cards() as placed:
        image = view_image(view, PLAYERS, "en", proposal=proposal)
    assert box_problems(image, texts, placed) == []
    after = _copy(game)
    after.apply(action)
    # The hand as it would be, then the seat's own exposed melds (drawn as large).
    melds = [str(card) for meld in view["exposed"][seat] for card in meld["cards"]]
    assert held_rows(placed, view["drawn"]) == [after.hands[seat] + melds]
    after.apply(Action.make(seat, "tsumo"))
    win = after.history[-1]["wins"][0]
    words = [d.text for d in texts]
    card = card_label(hold(view["drawn"], str(action.get("upright"))))
    assert f"Preview: {card} into gap {int(action.get('position')) + 1}" in words
    expected = (
        f"Wins for {win['points']}: {layout.yaku_text(win['yaku'], 'en')}"
        if win["points"]
        else "Wins, no yaku: 0 points"
    )
    assert expected in words


def test_a_proposed_insert_that_does_not_win_says_so() -> None:
    game: Any = moments()["insert"]
    view = game.view(game.turn)
    for position in range(len(view["hand"]) + 1):
        for upright in "WB":
            trial = list(view["hand"])
            trial.insert(position, hold(view["drawn"], upright))
            if is_win(values(trial), 2 - len(view["exposed"][game.turn])):
                continue
            with parts.record_texts() as texts, parts.record_cards() as placed:
                view_image(
                    view,
                    PLAYERS,
                    "en",
                    proposal={"type": "insert", "position": position, "upright": upright},
                )
            assert "Not a winning hand yet" in [d.text for d in texts]
            melds = [c for m in view["exposed"][game.turn] for c in m["cards"]]
            assert held_rows(placed, view["drawn"]) == [trial + melds]
            return
    raise AssertionError("every insert wins")


def _ron_window() -> Any:
    """A claim window in which some seat may ron."""

    def stop(game: Any) -> bool:
        window = game.window
        return window is not None and any(o[0] for o in window["asked"].values())

    for seed in range(8):
        game = play_until(2, seed, stop)
        if game is not None:
            return game
    raise AssertionError("no ron in eight games")


def test_a_claim_with_a_ron_lights_its_gaps_and_previews_the_win() -> None:
    game = _ron_window()
    seat = next(s for s, o in game.window["asked"].items() if o[0])
    view = game.view(seat)
    claim = view["claim"]
    with parts.record_texts() as texts:
        view_image(view, PLAYERS, "en")
    words = " ".join(d.text for d in texts)
    spots = " · ".join(f"{p + 1} {u}" for p, u in claim["ron"])
    assert f"Ron: gap {spots}" in words and "or pass" in words
    assert sized(texts, hand_panel.GAP_LABEL) == [str(k) for k in range(1, len(view["hand"]) + 2)]
    position, upright = claim["ron"][0]
    proposal = {"type": "ron", "position": position, "upright": upright}
    with parts.record_texts() as texts, parts.record_cards() as placed:
        image = view_image(view, PLAYERS, "en", proposal=proposal)
    assert box_problems(image, texts, placed) == []
    check_lines(texts, image)
    after = _copy(game)
    after.apply(Action.make(seat, "ron", position=position, upright=upright))
    for other in list(after.window["asked"]) if after.window else []:
        after.apply(Action.make(other, "pass"))
    win = next(w for w in after.history[-1]["wins"] if w["seat"] == seat)
    words = " ".join(d.text for d in texts)
    assert f"Ron: {card_label(hold(claim['card'], upright))} into gap {position + 1}" in words
    if win["points"]:
        assert f"Wins for {win['points']}: {layout.yaku_text(win['yaku'], 'en')}" in words
    else:
        assert "Wins, no yaku: 0 points" in words


def test_a_claim_names_its_pon_and_chi_pairs() -> None:
    game: Any = moments()["claim"]
    for seat in range(game.seats):
        claim = game.view(seat)["claim"]
        if not claim:
            continue
        with parts.record_texts() as texts:
            view_image(game.view(seat), PLAYERS, "en")
        words = " ".join(d.text for d in texts)
        for kind in ("pon", "chi"):
            if claim[kind]:
                pairs = "  ".join(f"{p + 1}-{p + 2}" for p in claim[kind])
                assert f"{kind.capitalize()}: {pairs}" in words
        kind = "pon" if claim["pon"] else "chi"
        position = claim[kind][0]
        hand = game.view(seat)["hand"]
        with parts.record_texts() as texts:
            view_image(
                game.view(seat), PLAYERS, "en", proposal={"type": kind, "position": position}
            )
        shown = f"{card_label(hand[position])} {card_label(hand[position + 1])}"
        line = f"{kind.capitalize()}: {shown} with {card_label(claim['card'])}"
        assert line in [d.text for d in texts]


def test_before_the_dealers_first_move_both_versions_of_the_hand_are_shown() -> None:
    game: Any = moments()["start"]
    for seat in range(game.seats):
        view = game.view(seat)
        assert view["may_rotate"]
        with parts.record_texts() as texts, parts.record_cards() as placed:
            view_image(view, PLAYERS, "en")
        assert held_rows(placed) == [view["hand"], rotated(view["hand"])]
        words = [d.text for d in texts]
        assert "As dealt" in words and "Rotated" in words and "Rotate or keep?" in words


def test_the_hand_is_bracketed_as_it_would_be_read() -> None:
    # white 2 2 2, black 3 4 5, then a pair of white 6: a win, read as koutsu, shuntsu, head
    win = ["W2B1/W", "W2B3/W", "W2B4/W", "W1B3/B", "W2B4/B", "W6B5/B", "W6B1/W", "W6B2/W"]
    assert layout.in_place(win, 2) == [["koutsu", 0, 3], ["shuntsu", 3, 6], ["head", 6, 8]]
    # not a win: the melds and pairs in place that cover the most cards
    loose = ["W1B2/W", "W3B4/W", "W3B5/W", "W2B1/B", "W3B1/B", "W4B1/B", "W5B6/W"]
    assert layout.in_place(loose, 2) == [["pair", 1, 3], ["koutsu", 3, 6]]
    assert layout.in_place([], 2) == []


def test_the_round_end_of_a_win_shows_every_hand_and_the_winners_yaku() -> None:
    game: Any = moments()["win"]
    view = game.view(None)
    last = view["last_round"]
    with parts.record_texts() as texts, cards.record_faces() as faces:
        view_image(view, PLAYERS, "en")
    words = [d.text for d in texts]
    for win in last["wins"]:
        assert layout.yaku_text(win["yaku"], "en") in words
        assert ("Tsumo" if win["from"] is None else "Ron") in words
    hands = [
        c
        for s in range(game.seats)
        for c in last["hands"][s] + [c for m in last["exposed"][s] for c in m["cards"]]
    ]
    assert faces[-len(hands) :] == hands  # every hand by its ends, its melds laid down after it
    for seat in range(game.seats):
        assert frame.signed(last["scores"][seat]) in words
        assert f"total {last['totals'][seat]}" in words


def test_the_round_end_of_a_draw_marks_the_hands_one_card_away() -> None:
    game = draw_round()
    last = game.history[-1]
    with (
        parts.record_texts() as texts,
        parts.record_cards() as placed,
        cards.record_faces() as faces,
    ):
        image = view_image(game.view(None), PLAYERS, "ja")
    assert box_problems(image, texts, placed) == []
    check_lines(texts, image)
    words = [d.text for d in texts]
    assert "流局" in words
    assert words.count("テンパイ") == len(last["tenpai"])
    for seat in range(game.seats):
        assert set(last["hands"][seat]) <= set(faces)


def test_the_game_end_says_victory_or_defeat_and_every_total() -> None:
    game: Any = moments()["end"]
    result = game.result()
    for seat in range(game.seats):
        with parts.record_texts() as texts:
            view_image(game.view(seat), PLAYERS, "ja")
        words = [d.text for d in texts]
        if PLAYERS[seat].is_cpu:
            assert any("の勝ち" in w or w.startswith("同点優勝") for w in words)
        else:
            assert ("勝利！" if seat in result["winners"] else "敗北") in words
    with parts.record_texts() as texts:
        view_image(game.view(None), PLAYERS, "en")
    words = [d.text for d in texts]
    assert "All 6 rounds played" in words
    standings = next(w for w in words if " pts  " in w)
    for seat, total in enumerate(result["totals"]):
        assert f"{PLAYERS[seat].name} {total} pts" in standings


def test_the_details_image_names_every_round_and_how_it_was_won() -> None:
    game: Any = moments()["end"]
    result = game.result()
    assert details_image(moments()["start"].view(0), PLAYERS, "en") is None
    with parts.record_texts() as texts, parts.record_cards() as placed:
        image = details_image(game.view(None), PLAYERS, "en")
    assert image is not None and box_problems(image, texts, placed) == []
    check_lines(texts, image)
    words = [d.text for d in texts]
    names = ["East 1", "East 2", "East 3", "South 1", "South 2", "South 3"]
    assert [w for w in words if w in names] == names and "Total" in words
    for entry in result["rounds"]:
        for win in entry["wins"]:
            yaku = layout.yaku_text(win["yaku"], "en")
            assert any(w.endswith(yaku) for w in words)
    assert len(encode_png(image)) < 250_000


def test_round_names_follow_the_winds() -> None:
    assert [layout.round_name(r, 2, "ja") for r in range(1, 5)] == [
        "東1局",
        "東2局",
        "南1局",
        "南2局",
    ]
    assert layout.round_name(4, 3, "en") == "South 1"


@pytest.mark.parametrize("moment", ["claim", "win", "end", "meld-2p"])
def test_long_names_are_cut_not_the_words(moment: str) -> None:
    game: Any = moments()[moment]
    for seat in (None, 0):
        with parts.record_texts() as drawn:
            image = view_image(game.view(seat), LONG, "ja")
        check_lines(drawn, image)
        assert any("…" in d.text for d in drawn)


def test_every_label_is_in_both_languages() -> None:
    for key, (ja, en) in label_pairs(layout.LABELS, layout.YAKU_NAMES).items():
        assert ja and en, key


def test_the_png_is_small_enough_for_discord() -> None:
    for moment in ("win", "claim"):
        png = render_view(moments()[moment].view(0), PLAYERS, "ja")
        assert decode(png).size == CANVAS and len(png) < 250_000


def test_the_stocks_last_draw_is_noted() -> None:
    game = play_until(3, 0, lambda g: g.last_draw and g.phase in ("insert", "discard"))
    assert game is not None
    for seat in (None, game.turn):
        with parts.record_texts() as texts:
            view_image(game.view(seat), PLAYERS, "en")
        words = " ".join(d.text for d in texts)
        assert "Last card drawn: the next discard can only be ronned" in words


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_a_long_line_over_the_hand_goes_on_over_a_second_line_whole(locale: str) -> None:
    yaku = {"dealer": 1, "tsumo": 1, "dora": 3, "chinitsu": 1, "tanyao": 1, "toitoi": 1}
    yaku |= {"doukou": 4, "tenhou": 16}
    words = layout.LABELS("wins_for", locale, n=28, yaku=layout.yaku_text(yaku, locale))
    c = kit.canvas(locale, CardStyle())
    with parts.record_texts() as texts:
        hand_panel.own_head(
            c, (16, 300, 1084, 684), "たろう", [], "0", None, hand_panel.Ask(words), False
        )
    check_lines(texts, c.image)
    lines = [t.text for t in texts if t.size == T_BODY and t.text != "0"]
    assert len(lines) == 2 and "…" not in "".join(lines)
    assert "".join(lines).replace(" ", "") == words.replace(" ", "")
