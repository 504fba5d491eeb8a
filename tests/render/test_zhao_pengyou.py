"""Zhao Pengyou images, made for the box: every sample moment at every table size (6 to 12
seats) for every viewpoint in both languages; only public cards and the viewer's own hand
drawn face up, the whole hand in a seat's image; each play whole with its sets stacked, or the
cards left out counted; the calls, a failed throw, a friend, the deal's end and the result told
in the image; the deal's breakdown and the last trick in the Details image; the hand images of
the biggest hands with the game's groups; and no seat's words hidden under anything (the
6-seat game-over image painted two dark panels over seats)."""

from __future__ import annotations

import itertools
from functools import cache
from typing import Any

import pytest

from bot.discord.present import hand_image_groups
from engines.cpu import cpu_chooser
from engines.game import Game
from engines.registry import game_class
from engines.zhao_pengyou.cards import CODES
from render import cards, parts
from render.api import details_image, hand_image, view_image
from render.games import zhao_pengyou as layout
from render.games.zhao_pengyou import cells, sizes, strip, words
from render.parts import PlayerInfo
from render.theme import CANVAS, MIN_CARD_W, T_SMALL

from .helpers import check_lines, covered_texts, label_pairs, viewpoints
from .test_box import box_problems

PLAYERS = list(layout.SAMPLE_PLAYERS)
LONG = [
    PlayerInfo("Wolfeschlegelsteinhausenbergerdorff"),
    PlayerInfo("ながいながいなまえのぷれいやーさんですよろしくね", is_cpu=True),
    PlayerInfo("Ｗ" * 32),
    PlayerInfo("たろう_the_Great_ながいなまえ_Wolfe", is_cpu=True),
] * 3
MOMENTS = {
    "drawing-6": 6,
    "last-window-6": 6,
    "bury-6": 6,
    "call-7": 7,
    "sets-8": 8,
    "failed-throw-8": 8,
    "trick-9": 9,
    "last-trick-10": 10,
    "trick-11": 11,
    "friend-12": 12,
    "sets-12": 12,
    "deal-end-12": 12,
    "end-6": 6,
    "end-8": 8,
}


@cache
def moments() -> dict[str, Game]:
    return dict(layout.sample_moments(3))


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


def texts_of(view: dict[str, Any], locale: str, players: Any = PLAYERS) -> list[str]:
    with parts.record_texts() as drawn:
        view_image(view, players, locale)
    return [d.text for d in drawn]


def test_the_sample_moments_are_what_they_claim_at_every_table_size() -> None:
    found = moments()
    assert {label: game.seats for label, game in found.items()} == MOMENTS
    assert set(MOMENTS.values()) == set(range(6, 13))
    assert found["drawing-6"].phase == "draw" and found["drawing-6"].declarer is not None
    assert found["last-window-6"].phase == "declare"
    assert found["bury-6"].phase == "bury"
    assert found["call-7"].phase == "call"
    sets = found["sets-8"]
    assert sets.lead is not None and sets.lead.kind in ("set", "sequence")
    assert found["failed-throw-8"].failed
    assert found["last-trick-10"].phase == "play" and not found["last-trick-10"].trick
    big = found["sets-12"]
    assert big.lead is not None and big.lead.cards >= 2 and len(big.trick) >= 10
    assert any(found["friend-12"].joined)
    assert found["deal-end-12"].outcomes and found["deal-end-12"].phase == "draw"
    assert found["end-6"].is_over() and found["end-8"].is_over()


@pytest.mark.parametrize("moment", list(MOMENTS))
@pytest.mark.parametrize("locale", ["ja", "en"])
def test_each_moment_reads_in_the_box_for_each_viewpoint(moment: str, locale: str) -> None:
    game: Any = moments()[moment]
    for drawn in viewpoints(game, PLAYERS, locale):
        seat, view = drawn.seat, drawn.view
        assert box_problems(drawn.image, drawn.drawn, drawn.placed) == [], (seat, locale)
        check_lines(drawn.drawn, drawn.image)
        mine = set(view.get("hand") or []) | set(view.get("kitty") or [])
        mine |= set(view.get("buried") or [])
        assert set(drawn.faces) <= public_cards(game) | mine  # nobody else's hand, ever
        if view["phase"] == "play" and view["calls"]:  # the calls, always, in play
            assert {"Calls: ", "指定："} & {d.text for d in drawn.drawn}, (seat, locale)
        if seat is not None and view.get("hand"):  # the whole hand, face up
            shown = sorted(p.code for p in drawn.placed if p.code in view["hand"])
            assert len(shown) >= len(view["hand"])


def test_the_game_over_image_of_six_seats_hides_no_seat() -> None:
    """The old layout painted a dark panel over the middle of the table for the trump: at six
    seats it covered the plates on the left and the right (a seat's rank and points)."""
    cls = game_class("zhao-pengyou")
    game: Any = cls.new(6, {}, 0)
    game.autoplay(cpu_chooser("zhao-pengyou", ["easy"] * 6, 0), limit=100_000)
    assert game.is_over()
    for seat in (None, *range(6)):
        for locale in ("en", "ja"):
            with parts.record_texts() as drawn:
                image = view_image(game.view(seat), PLAYERS, locale)
            assert covered_texts(image, drawn) == [], (seat, locale)


def _stacks(placed: list[parts.PlacedCard], card_w: int) -> list[tuple[str, int]]:
    """The face-up cards of the trick's width as (code, cards under it): a set's top card
    comes after its plain edges."""
    out: list[tuple[str, int]] = []
    under = 0
    for p in placed:
        if p.width != card_w:
            continue
        if p.code is None:
            under += 1
        else:
            out.append((p.code, under))
            under = 0
    return out


def test_each_play_is_drawn_whole_with_its_sets_stacked() -> None:
    for label in ("sets-8", "sets-12", "trick-11"):
        game: Any = moments()[label]
        view = game.view(None)
        with parts.record_cards() as placed, parts.record_texts() as drawn:
            view_image(view, PLAYERS, "en")
        trick_w = max(p.width for p in placed)
        plays = sorted(view["trick"]["plays"], key=lambda p: p["seat"])  # cells: seat order
        units = [(u[0], len(u) - 1) for p in plays for u in cells._units(p["cards"])]
        assert _stacks(placed, trick_w) == units, label
        sets = [n + 1 for _, n in units if n]
        assert sorted(d.text for d in drawn if d.text.startswith("×")) == sorted(
            f"×{n}" for n in sets
        )


def test_a_play_too_long_for_its_cell_counts_the_cards_left_out() -> None:
    """Twelve seats each throwing six different cards: no row can hold them whole; each cell
    shows what fits, whole, and a count of the rest."""
    view = moments()["sets-12"].view(None)
    throw = ["AS", "KS", "QS", "JS", "TS", "9S"]
    plays = [{"seat": s, "cards": throw} for s in range(12)]
    view = {**view, "trick": {**view["trick"], "plays": plays, "winning": 0}}
    with parts.record_texts() as drawn, parts.record_cards() as placed:
        image = view_image(view, PLAYERS, "en")
    assert box_problems(image, drawn, placed) == []
    check_lines(drawn, image)
    counted = [d.text for d in drawn if d.text.startswith("+")]
    shown = [p for p in placed if p.code in throw]
    assert len(counted) == 12
    assert len(shown) + sum(int(t[1:]) for t in counted) == 12 * len(throw)


def test_the_calls_a_failed_throw_and_a_friend_are_told() -> None:
    failed = moments()["failed-throw-8"]
    assert any(t.startswith("Throw failed:") for t in texts_of(failed.view(None), "en"))
    friend: Any = moments()["friend-12"]
    view = friend.view(None)
    texts = texts_of(view, "en")
    calls = texts[texts.index("Calls: ") + 1 :]
    for call in view["calls"]:
        assert any(t.startswith(words.call_label(call, "en")) for t in calls)
        if call.get("joined"):
            name = PLAYERS[call["seat"]].name
            assert f"→ {name}" in texts and f"☆ {name}" in texts
            if call["trick"] == view["tricks"]:  # shown in this very trick
                assert f"{name} is a friend! ({words.call_label(call, 'en')})" in texts
    joined = next(c for c in view["calls"] if c.get("joined"))
    shown = {**view, "calls": [{**c, "trick": view["tricks"]} for c in view["calls"]]}
    assert any(
        t.endswith("は友達！（" + words.call_label(joined, "ja") + "）")
        for t in texts_of(shown, "ja")
    )


def test_the_last_trick_is_shown_until_the_next_lead() -> None:
    game: Any = moments()["last-trick-10"]
    view = game.view(None)
    last = view["last_trick"]
    with parts.record_texts() as drawn, parts.record_cards() as placed:
        view_image(view, PLAYERS, "en")
    assert any(d.text.startswith("Last trick:") for d in drawn)
    assert sorted(p.code for p in placed if p.code) == sorted(
        c for _, cs in last["plays"] for c in cs
    )


def test_the_deal_end_is_told_and_its_breakdown_is_the_details_image() -> None:
    game: Any = moments()["deal-end-12"]
    view = game.view(0)
    last = view["last_deal"]
    texts = texts_of(view, "en")
    assert any(t.startswith(f"Deal {len(game.outcomes)}: the ") for t in texts)
    assert any(t.startswith(f"Defenders {last['defender_points']}/") for t in texts)
    assert texts.count("+2") + texts.count("+1") + texts.count("+3") == sum(
        1 for s in last["steps"] if s
    )
    with parts.record_texts() as drawn, parts.record_cards() as placed:
        image = details_image(view, PLAYERS, "en")
    assert image is not None and image.size == CANVAS
    assert box_problems(image, drawn, placed) == []
    check_lines(drawn, image)
    words = [d.text for d in drawn]
    assert f"Deal {len(game.outcomes)} result" in words
    assert sorted(p.code for p in placed if p.code) == sorted(game.last_kitty)
    for seat, steps in enumerate(last["steps"]):
        assert PLAYERS[seat].name in words
        assert (f"+{steps}" if steps else "·") in words


def test_the_details_image_shows_the_last_trick_in_play_and_nothing_before() -> None:
    game: Any = moments()["sets-12"]
    view = game.view(2)
    with (
        parts.record_texts() as drawn,
        parts.record_cards() as placed,
        cards.record_faces() as faces,
    ):
        image = details_image(view, PLAYERS, "ja")
    assert image is not None
    assert box_problems(image, drawn, placed) == []
    last = view["last_trick"]
    assert sorted(set(faces)) == sorted({c for _, cs in last["plays"] for c in cs})
    fresh = game_class("zhao-pengyou").new(6, {}, 1)
    assert details_image(fresh.view(None), PLAYERS, "en") is None


def test_the_result_says_victory_or_defeat_to_a_person() -> None:
    game: Any = moments()["end-8"]
    winners = game.result()["winners"]
    for seat in (0, 2):  # the two people of the sample table
        assert ("勝利！" if seat in winners else "敗北") in texts_of(game.view(seat), "ja")
    names = " · ".join(PLAYERS[s].name for s in winners)
    assert f"{names} wins" in texts_of(game.view(None), "en")


@pytest.mark.parametrize("moment", ["friend-12", "sets-12", "deal-end-12", "trick-9"])
def test_long_names_are_cut_not_the_words(moment: str) -> None:
    view = moments()[moment].view(0)
    with parts.record_texts() as drawn, parts.record_cards() as placed:
        image = view_image(view, LONG, "ja")
    assert box_problems(image, drawn, placed) == []
    check_lines(drawn, image)
    assert any("…" in d.text for d in drawn)


@pytest.mark.parametrize("moment", ["sets-8", "failed-throw-8", "friend-12", "trick-9"])
def test_each_cell_shows_the_rank_and_the_points_taken_in_full(moment: str) -> None:
    """In play a cell gives the seat's rank and its points (never cut short), and the top bar
    the cards left (leads of sets make tricks fewer)."""
    view = moments()[moment].view(None)
    texts = texts_of(view, "en")
    for rank, points in zip(view["ranks"], view["points"], strict=True):
        assert f"Rank {words.rank_label(rank)}" in texts
        if points:
            assert f"{points} pts" in texts
    assert any(f"{max(view['hand_counts'])} cards left" in t for t in texts)


def _pick_hands() -> list[tuple[str, dict[str, Any]]]:
    """The biggest picks of a game: an 8-seat declarer's bury (19 cards and the kitty's 6) and
    a 12-seat lead."""
    out = []
    for seats, kind in ((8, "bury"), (12, "play")):
        game: Any = game_class("zhao-pengyou").new(seats, {}, 5)
        decide = cpu_chooser("zhao-pengyou", ["normal"] * seats, 5)
        while not (game.phase == kind and (kind == "bury" or game.lead is None)):
            game.autoplay(decide, limit=1)
        seat = game.declarer if kind == "bury" else game.turn
        pick = game.prompt(seat).pick.to_json()
        out.append((f"{kind}-{seats}", pick))
    return out


@pytest.mark.parametrize("locale", ["ja", "en"])
def test_the_biggest_hands_read_in_the_box_with_their_groups(locale: str) -> None:
    for label, pick in _pick_hands():
        groups = hand_image_groups("zhao-pengyou", pick, locale)
        codes = list(pick["cards"])
        with parts.record_texts() as drawn, parts.record_cards() as placed:
            image = hand_image(codes, pick.get("selectable"), {0, 3}, locale, groups=groups)
        assert box_problems(image, drawn, placed) == [], label
        check_lines(drawn, image)
        faces = [p for p in placed if p.code is not None]
        assert len(faces) == len(codes) and min(p.width for p in faces) >= MIN_CARD_W
        tops = sorted(p.y for p in faces)
        rows = 1 + sum(1 for a, b in itertools.pairwise(tops) if b - a > faces[0].width / 2)
        assert 1 <= rows <= 3, (label, rows)
        numbers = [d.text for d in drawn if d.text.isdigit()]
        assert numbers == [str(n) for n in range(1, len(codes) + 1)]
        for group_label, _ in groups:  # every group's label, whole or cut at its end
            assert any(d.text == group_label or d.text.endswith("…") for d in drawn)


def test_every_label_has_both_languages() -> None:
    for key, (ja, en) in label_pairs(layout.LABELS).items():
        assert ja and en, key
        assert set(_fields(ja)) == set(_fields(en)) or key.endswith(".one"), key


def _fields(pattern: str) -> list[str]:
    import string

    return [f for _, f, _, _ in string.Formatter().parse(pattern) if f]


def test_seats_are_in_play_order_from_the_viewer() -> None:
    view = moments()["friend-12"].view(5)
    shown = cells.seat_cells(view, PLAYERS, "en", 5)
    assert [c.seat for c in shown] == [(5 + k) % 12 for k in range(12)]
    assert [c.seat for c in cells.seat_cells(view, PLAYERS, "en", None)] == list(range(12))
    assert list(itertools.accumulate(cells._rows(12))) == [4, 8, 12]


def test_five_calls_with_long_names_lose_no_call() -> None:
    """Five calls at 12 seats, answered by long names, do not fit one line even in their
    shorter form: the channel's image gives them two lines; a seat's image (its hand under the
    cells: one strip line) cuts the names, never a call."""
    game: Any = moments()["sets-12"]
    view = game.view(None)
    assert len(view["calls"]) == 5 and any(c["seat"] is not None for c in view["calls"])

    def said(call: dict[str, Any], texts: list[str]) -> bool:
        label = words.call_label(call, "ja")  # or its shorter form, without "の"
        return any(t.startswith((label, label.replace("の", ""))) for t in texts)

    line = strip._calls_line(view["calls"], LONG, "ja")
    assert strip._line_w(line.short, T_SMALL) > sizes.STRIP_WIDTH
    with parts.record_texts() as drawn:
        public = view_image(view, LONG, "ja")
    texts = [d.text for d in drawn]
    assert all(said(call, texts) for call in view["calls"])
    assert (
        texts.count("指定：") == 1 and len([t for t in texts if "1枚目" in t or "2枚目" in t]) >= 5
    )
    check_lines(drawn, public)
    with parts.record_texts() as drawn:
        mine = view_image(game.view(0), LONG, "ja")
    seat = [d.text for d in drawn]
    calls = seat[seat.index("指定：") + 1 :]
    assert all(said(call, calls) for call in view["calls"])
    assert any(t.startswith("→ ") and t.endswith("…") for t in calls)
    check_lines(drawn, mine)
