"""Kokutorum images: every sample moment at 2 and 3 seats for every viewpoint in both
languages, only the viewer's own hand face up (the others as backs, a card taken from the pile
face up in its place), the gaps numbered and the drawn card apart, the preview of an insert and
of a discard, both versions of the hand before the first draw, the round-end and game-end
panels, long names cut."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from engines.base import Action, Game, game_class
from engines.cards import card_label
from engines.cpu import cpu_chooser
from engines.two_number.cards import hold, rotated, values
from engines.two_number.melds import partition
from render import cards, parts
from render.api import render_view, view_image
from render.games import kokutorum as layout
from render.games import two_number_parts as tp
from render.parts import PlayerInfo
from render.theme import WIDTH

from .helpers import check_lines, decode

PLAYERS = list(layout.SAMPLE_PLAYERS)
LONG = [
    PlayerInfo("Wolfeschlegelsteinhausenbergerdorff"),
    PlayerInfo("ながいながいなまえのぷれいやーさんですよろしくね", is_cpu=True),
    PlayerInfo("Ｗ" * 32),
]
MOMENTS = ["start", "insert", "discard", "knock", "next", "end"]
ALL = MOMENTS + [f"{m}-2p" for m in MOMENTS]


@cache
def moments() -> dict[str, Game]:
    return dict(layout.sample_moments(3))


def public_faces(view: dict[str, Any]) -> set[str]:
    """Every face the table has seen: the pile, the cards known in hands, the last round's
    hands (shown at its end)."""
    out = set(view["pile"]) | {c for known in view["known"] for c in known if c}
    for hand in (view.get("last_round") or {}).get("hands") or []:
        out |= set(hand)
    return out


def own_faces(view: dict[str, Any]) -> set[str]:
    out = set(view.get("hand") or [])
    if view.get("drawn"):
        out |= {hold(view["drawn"], "W"), hold(view["drawn"], "B")}
    if view.get("may_rotate"):
        out |= set(rotated(view["hand"]))
    return out


def held_row(placed: list[parts.PlacedCard]) -> list[str | None]:
    """The big held cards placed (the viewer's hand), in drawing order."""
    return [p.code for p in placed if p.code and "/" in p.code and p.width >= tp.HAND_MIN_W]


def test_the_sample_moments_are_what_they_claim() -> None:
    found = moments()
    assert set(found) == set(ALL)
    for suffix, seats in (("", 3), ("-2p", 2)):
        assert all(found[m + suffix].seats == seats for m in MOMENTS)
        assert found["start" + suffix].view(None)["rotation_open"]
        assert found["insert" + suffix].view(None)["phase"] == "insert"
        assert found["discard" + suffix].view(None)["phase"] == "discard"
        assert found["knock" + suffix].view(None)["knock_seat"] is not None
        assert found["next" + suffix].view(None)["last_round"] is not None
        assert found["next" + suffix].view(None)["rotation_open"]
        assert found["end" + suffix].is_over()


@pytest.mark.parametrize("moment", ALL)
@pytest.mark.parametrize("locale", ["ja", "en"])
def test_each_moment_renders_for_each_viewpoint(moment: str, locale: str) -> None:
    game: Any = moments()[moment]
    for seat in (None, *range(game.seats)):
        view = game.view(seat)
        with parts.record_texts() as drawn, cards.record_faces() as faces:
            image = view_image(view, PLAYERS, locale)
        assert image.width == WIDTH and 400 <= image.height <= 2000
        check_lines(drawn, image)
        assert set(faces) <= public_faces(view) | own_faces(view)  # nobody else's hand
        if seat is not None and not game.is_over():
            assert set(view["hand"]) <= set(faces)


@pytest.mark.parametrize("moment", ["insert", "discard", "knock-2p"])
def test_other_hands_are_backs_in_order_and_never_faces(moment: str) -> None:
    game: Any = moments()[moment]
    for seat in range(game.seats):
        view = game.view(seat)
        with parts.record_cards() as placed, cards.record_faces() as faces:
            view_image(view, PLAYERS, "en")
        backs = [p for p in placed if p.width == tp.BACK_W]
        others = [s for s in range(game.seats) if s != seat]
        assert len(backs) == sum(len(game.hands[s]) for s in others)
        for other in others:
            hidden = {c for c, k in zip(game.hands[other], game.known[other], strict=True) if not k}
            assert not hidden & set(faces) - public_faces(view) - own_faces(view)
        drawn_backs = [p for p in backs if p.code is None]
        assert len(drawn_backs) == sum(k is None for s in others for k in game.known[s])


def test_a_card_taken_from_the_pile_shows_face_up_in_its_place() -> None:
    game: Any = moments()["insert"]
    game = type(game).from_json(game.to_json())
    taker = game.turn
    assert game.drawn_from == "discard"  # the sample's seat took the upcard
    card = game.drawn
    game.apply(Action.make(taker, "insert", position=2, upright="B"))
    viewer = (taker + 1) % game.seats
    with parts.record_cards() as placed:
        view_image(game.view(viewer), PLAYERS, "en")
    small = [p for p in placed if p.width == tp.BACK_W]
    bands = [[p.code for p in small if p.y == y] for y in sorted({p.y for p in small})]
    expected: list[str | None] = [None] * len(game.hands[taker])
    expected[2] = hold(card, "B")
    assert expected in bands


def test_the_insert_numbers_the_gaps_and_shows_the_drawn_card_both_ways() -> None:
    game: Any = moments()["insert"]
    view = game.view(game.turn)
    hand, drawn = view["hand"], view["drawn"]
    with parts.record_texts() as texts, cards.record_faces() as faces:
        view_image(view, PLAYERS, "en")
    gap_labels = [d.text for d in texts if d.size == tp.GAP_LABEL and d.text.isdigit()]
    assert gap_labels == [str(k) for k in range(1, len(hand) + 2)]
    assert hold(drawn, "W") in faces and hold(drawn, "B") in faces
    words = [d.text for d in texts]
    assert f"W ○{drawn[1]}" in words and f"B ●{drawn[3]}" in words
    assert f"Pick a gap 1–{len(hand) + 1}" in words


@pytest.mark.parametrize(("position", "upright"), [(0, "W"), (3, "B"), (8, "W")])
def test_a_proposed_insert_shows_the_hand_as_it_would_be(position: int, upright: str) -> None:
    game: Any = moments()["insert"]
    view = game.view(game.turn)
    before = dict(view)
    proposal = {"type": "insert", "position": position, "upright": upright}
    new = hold(view["drawn"], upright)
    after = view["hand"][:position] + [new] + view["hand"][position:]
    with parts.record_texts() as texts, parts.record_cards() as placed:
        view_image(view, PLAYERS, "en", proposal=proposal)
    assert view == before  # the view itself is left alone
    assert held_row(placed) == after
    words = [d.text for d in texts]
    assert f"Preview: {card_label(new)} into gap {position + 1}" in words
    points = partition(values(after))[0]
    assert any(w.startswith(f"Deadwood {view['deadwood']} → {points} (") for w in words)
    lit = [d.text for d in texts if d.size == tp.NUMBER and d.text.isdigit()]
    assert lit == [str(k) for k in range(1, len(after) + 1)]  # numbered as it would be
    png = render_view(view, PLAYERS, "en", proposal=proposal)
    assert decode(png).size == view_image(view, PLAYERS, "en", proposal=proposal).size


@pytest.mark.parametrize(
    "proposal",
    [
        {"type": "insert", "position": 12, "upright": "W"},
        {"type": "insert", "position": 2, "upright": "X"},
        {"type": "insert", "position": True, "upright": "W"},
        {"type": "discard", "position": 1},
    ],
)
def test_a_proposal_that_does_not_fit_is_not_drawn(proposal: dict[str, Any]) -> None:
    game: Any = moments()["insert"]
    view = game.view(game.turn)
    with parts.record_texts() as plain:
        view_image(view, PLAYERS, "en")
    with parts.record_texts() as texts:
        view_image(view, PLAYERS, "en", proposal=proposal)
    assert [d.text for d in texts] == [d.text for d in plain]


def test_a_proposed_discard_rings_the_card_and_gives_the_deadwood_left() -> None:
    game: Any = moments()["discard"]
    view = game.view(game.turn)
    hand = view["hand"]
    rest = hand[:4] + hand[5:]
    with parts.record_texts() as texts:
        view_image(view, PLAYERS, "en", proposal={"type": "discard", "position": 4})
    words = [d.text for d in texts]
    points = partition(values(rest))[0]
    assert f"Discard {card_label(hand[4])} → deadwood {points}" in words


def test_before_the_first_draw_both_versions_of_the_hand_are_shown() -> None:
    game: Any = moments()["start"]
    for seat in range(game.seats):
        view = game.view(seat)
        assert view["may_rotate"]
        with parts.record_texts() as texts, parts.record_cards() as placed:
            view_image(view, PLAYERS, "en")
        hand = view["hand"]
        assert held_row(placed) == hand + rotated(hand)
        words = [d.text for d in texts]
        assert f"As dealt: deadwood {partition(values(hand))[0]}" in words
        assert f"Rotated: deadwood {partition(values(rotated(hand)))[0]}" in words


def test_the_round_end_shows_every_hand_with_its_deadwood_and_score() -> None:
    game: Any = moments()["next"]
    view = game.view(0)
    last = view["last_round"]
    with parts.record_texts() as texts, parts.record_cards() as placed:
        view_image(view, PLAYERS, "en")
    words = [d.text for d in texts]
    assert f"Round {last['round']}  " in words
    for seat in range(game.seats):
        score = tp.signed(last["scores"][seat])
        row = f"Deadwood {last['points'][seat]} → {score} (total {last['totals'][seat]})"
        assert row in words
    shown = [p.code for p in placed if p.width == tp.SMALL_W]
    assert shown == [c for hand in last["hands"] for c in hand]


def test_the_game_end_says_victory_or_defeat_and_lists_every_round() -> None:
    game: Any = moments()["end"]
    result = game.result()
    for seat in range(game.seats):
        with parts.record_texts() as texts:
            view_image(game.view(seat), PLAYERS, "ja")
        words = [d.text for d in texts]
        if PLAYERS[seat].is_cpu:
            assert any(w.endswith(" の勝ち") for w in words)
        else:
            assert ("勝利！" if seat in result["winners"] else "敗北") in words
    with parts.record_texts() as texts:
        view_image(game.view(None), PLAYERS, "en")
    words = [d.text for d in texts]
    rounds = len(result["rounds"])
    assert f"Over · {rounds} rounds" in words
    assert [w for w in words if w == "Total"] == ["Total"]
    for total in result["totals"]:
        assert str(total) in words


@pytest.mark.parametrize("moment", ["insert", "next", "end", "knock-2p"])
def test_long_names_are_cut_not_the_words(moment: str) -> None:
    game: Any = moments()[moment]
    for seat in (None, 0):
        with parts.record_texts() as drawn:
            image = view_image(game.view(seat), LONG, "ja")
        check_lines(drawn, image)
        assert any("…" in d.text for d in drawn)


def test_every_label_is_in_both_languages() -> None:
    for key, (ja, en) in layout.labels().items():
        assert ja and en, key


def test_the_png_is_small_enough_for_discord() -> None:
    png = render_view(moments()["next"].view(0), PLAYERS, "ja")
    assert decode(png).width == WIDTH and len(png) < 400_000


def test_the_stocks_last_card_and_the_knock_window_are_noted() -> None:
    def reaching_the_last_card(seed: int) -> Any:
        game: Any = game_class("kokutorum").new(3, {}, seed)
        decide = cpu_chooser("kokutorum", ["easy"] * 3, seed, "tests")
        while not game.view(None)["last_card"]:
            if game.is_over():
                return None
            game.autoplay(decide, limit=1)
        return game

    # the CPUs' play decides which deals run the stock down: the first seed that does
    game = next(g for seed in range(100) if (g := reaching_the_last_card(seed)) is not None)
    with parts.record_texts() as texts:
        view_image(game.view(None), PLAYERS, "en")
    assert "Last card: the next discard ends it" in [d.text for d in texts]
    knock: Any = moments()["knock"]
    knocker = knock.view(None)["knock_seat"]
    with parts.record_texts() as texts:
        view_image(knock.view(knocker), PLAYERS, "en")
    words = [d.text for d in texts]
    assert "You may knock until the next draw" in words
    assert f"{PLAYERS[knocker].name} may knock until the next draw" in words
