"""Kokutorum images, made for the box: every sample moment at 2 and 3 seats for every viewpoint
in both languages is the canvas and reads in the box; only the viewer's own hand is face up
(the others as backs in order, a card taken from the pile shown in its place by its upright
end); the gaps numbered and the drawn card apart with each end up; the preview of an insert
and of a discard; both versions of the hand before the first draw; melds bracketed and named;
the round's end with every hand, the game's end, the Details image; long names cut."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from engines.actions import Action
from engines.cards import card_label
from engines.cpu import cpu_chooser
from engines.game import Game
from engines.registry import game_class
from engines.two_number.cards import hold, rotated, values
from engines.two_number.melds import partition
from render import cards, parts
from render.api import details_image, encode_png, render_view, view_image
from render.games import kokutorum as layout
from render.games.two_number_parts import frame, hand_panel, measures, tiles
from render.parts import PlayerInfo
from render.theme import CANVAS, T_SMALL

from .helpers import check_lines, decode, label_pairs
from .test_box import box_problems
from .two_number import check_viewpoints, held_rows, sized

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
def test_each_moment_reads_in_the_box_for_each_viewpoint(moment: str, locale: str) -> None:
    check_viewpoints(moments()[moment], PLAYERS, locale, public_faces, own_faces)


@pytest.mark.parametrize("moment", ["insert", "discard", "knock-2p"])
def test_other_hands_are_backs_in_order_and_never_faces(moment: str) -> None:
    game: Any = moments()[moment]
    for seat in (None, *range(game.seats)):
        view = game.view(seat)
        with parts.record_cards() as placed, cards.record_faces() as faces:
            view_image(view, PLAYERS, "en")
        backs = [p for p in placed if p.code is None and p.width == tiles.marks(seat).back]
        others = [s for s in range(game.seats) if s != seat]
        hidden = [
            (s, c)
            for s in others
            for c, k in zip(game.hands[s], game.known[s], strict=True)
            if not k
        ]
        assert len(backs) == len(hidden)
        assert not {c for _, c in hidden} & set(faces) - public_faces(view) - own_faces(view)


def test_a_card_taken_from_the_pile_shows_its_upright_end_in_its_place() -> None:
    game: Any = moments()["insert"]
    game = type(game).from_json(game.to_json())
    taker = game.turn
    assert game.drawn_from == "discard"  # the sample's seat took the upcard
    card = game.drawn
    game.apply(Action.make(taker, "insert", position=2, upright="B"))
    viewer = (taker + 1) % game.seats
    with parts.record_cards() as placed, cards.record_faces() as faces:
        view_image(game.view(viewer), PLAYERS, "en")
    assert hold(card, "B") in faces
    rows: dict[int, list[int]] = {}
    for p in placed:
        if p.code is None and p.width == tiles.SMALL.back:
            rows.setdefault(p.y, []).append(
                round((p.x - measures.M - measures.PAD) / tiles.SMALL.step)
            )
    # one plate's backs leave the third place to the card shown there
    assert [k for k in range(len(game.hands[taker])) if k != 2] in [
        sorted(ks) for ks in rows.values()
    ]


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
    assert held_rows(placed, drawn) == [hand]
    assert hold(drawn, "W") in faces and hold(drawn, "B") in faces
    words = [d.text for d in texts]
    assert f"W ○{drawn[1]}" in words and f"B ●{drawn[3]}" in words
    assert f"Pick a gap 1–{len(hand) + 1} and an end, W / B" in words


@pytest.mark.parametrize(("position", "upright"), [(0, "W"), (3, "B"), (8, "W")])
def test_a_proposed_insert_shows_the_hand_as_it_would_be(position: int, upright: str) -> None:
    game: Any = moments()["insert"]
    view = game.view(game.turn)
    before = dict(view)
    proposal = {"type": "insert", "position": position, "upright": upright}
    new = hold(view["drawn"], upright)
    after = view["hand"][:position] + [new] + view["hand"][position:]
    with parts.record_texts() as texts, parts.record_cards() as placed:
        image = view_image(view, PLAYERS, "en", proposal=proposal)
    assert view == before  # the view itself is left alone
    assert held_rows(placed, view["drawn"]) == [after]
    assert box_problems(image, texts, placed) == []
    words = [d.text for d in texts]
    best = min(partition(values(after[:k] + after[k + 1 :]))[0] for k in range(len(after)))
    title = f"Preview: {card_label(new)} into gap {position + 1} ({best} after the best discard)"
    assert title in words
    points = partition(values(after))[0]
    assert f"Deadwood {view['deadwood']} → {points}" in words
    numbers = [t for t in sized(texts, hand_panel.NUMBER) if t.isdigit()]
    assert numbers == [str(k) for k in range(1, len(after) + 1)]
    png = render_view(view, PLAYERS, "en", proposal=proposal)
    assert decode(png).size == CANVAS


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
    with parts.record_texts() as texts:
        view_image(view, PLAYERS, "en")
    assert "Discard a card by its number, or knock" in [d.text for d in texts]


def test_the_seat_to_draw_is_told_what_it_may_take() -> None:
    game: Any = moments()["knock"]
    view = game.view(game.turn)
    assert view["phase"] == "draw"
    with parts.record_texts() as texts:
        view_image(view, PLAYERS, "en")
    top = card_label(view["pile"][-1])
    assert f"Draw from the stock, or take {top}" in [d.text for d in texts]


def test_before_the_first_draw_both_versions_of_the_hand_are_shown() -> None:
    game: Any = moments()["start"]
    for seat in range(game.seats):
        view = game.view(seat)
        assert view["may_rotate"]
        with parts.record_texts() as texts, parts.record_cards() as placed:
            view_image(view, PLAYERS, "en")
        hand = view["hand"]
        assert held_rows(placed) == [hand, rotated(hand)]
        words = [d.text for d in texts]
        assert "As dealt" in words and "Rotated" in words and "Rotate or keep?" in words
        assert f"Deadwood {partition(values(hand))[0]}" in words
        assert f"Deadwood {partition(values(rotated(hand)))[0]}" in words


def test_melds_are_bracketed_and_named() -> None:
    hand = ["W1B2/W", "W2B3/W", "W3B1/W", "W5B6/B", "W4B6/B", "W2B6/B", "W6B5/B", "W4B3/B"]
    game: Any = moments()["discard"]
    view = {**game.view(game.turn), "hand": hand, "melds": []}
    with parts.record_texts() as texts:
        view_image(view, PLAYERS, "ja")
    kinds = [m.kind for m in partition(values(hand))[1]]
    assert kinds == ["run", "set"]
    assert sized(texts, T_SMALL).count("ラン") == 1 and "セット" in sized(texts, T_SMALL)


def test_the_round_end_shows_every_hand_with_its_deadwood_and_score() -> None:
    game: Any = moments()["next"]
    view = game.view(None)
    last = view["last_round"]
    with parts.record_texts() as texts, cards.record_faces() as faces:
        view_image(view, PLAYERS, "en")
    words = [d.text for d in texts]
    assert f"Round {last['round']}" in words
    for seat in range(game.seats):
        assert f"Deadwood {last['points'][seat]}" in words
        assert frame.signed(last["scores"][seat]) in words
        assert f"total {last['totals'][seat]}" in words
    assert faces == [c for hand in last["hands"] for c in hand]  # by their upright ends


def test_the_game_end_says_victory_or_defeat_and_every_total() -> None:
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
    assert f"Over · {len(result['rounds'])} rounds" in words
    standings = next(w for w in words if " pts  " in w)
    for seat, total in enumerate(result["totals"]):
        assert f"{PLAYERS[seat].name} {total} pts" in standings


def test_the_details_image_lists_every_round_and_the_totals() -> None:
    game: Any = moments()["end"]
    result = game.result()
    assert details_image(moments()["start"].view(0), PLAYERS, "en") is None
    for seat in (None, 0):
        with parts.record_texts() as texts, parts.record_cards() as placed:
            image = details_image(game.view(seat), PLAYERS, "en")
        assert image is not None and box_problems(image, texts, placed) == []
        check_lines(texts, image)
        words = [d.text for d in texts]
        first = [d.text for d in texts if abs(d.box[0] - measures.M - measures.PAD) < 1]
        rounds = [str(k) for k in range(1, len(result["rounds"]) + 1)]
        assert first == ["Round", *rounds, "Total"]
        for total in result["totals"]:
            assert str(total) in words
        told = [w for w in words if "knocked" in w or "ran out" in w]
        last = result["rounds"][-1]
        assert told and told[-1] == f"{PLAYERS[last['knocker']].name} knocked"  # the newest
        assert len(encode_png(image)) < 250_000


@pytest.mark.parametrize("moment", ["insert", "next", "end", "knock-2p"])
def test_long_names_are_cut_not_the_words(moment: str) -> None:
    game: Any = moments()[moment]
    for seat in (None, 0):
        with parts.record_texts() as drawn:
            image = view_image(game.view(seat), LONG, "ja")
        check_lines(drawn, image)
        assert any("…" in d.text for d in drawn)


def test_every_label_is_in_both_languages() -> None:
    for key, (ja, en) in label_pairs(layout.LABELS).items():
        assert ja and en, key


def test_the_png_is_small_enough_for_discord() -> None:
    for moment in ("next", "insert"):
        png = render_view(moments()[moment].view(0), PLAYERS, "ja")
        assert decode(png).size == CANVAS and len(png) < 250_000


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
    for seat in (None, game.turn):
        with parts.record_texts() as texts:
            view_image(game.view(seat), PLAYERS, "en")
        assert "Last card: the next discard ends it" in [d.text for d in texts]
    knock: Any = moments()["knock"]
    knocker = knock.view(None)["knock_seat"]
    with parts.record_texts() as texts:
        view_image(knock.view(knocker), PLAYERS, "en")
    assert "You may knock until the next draw" in [d.text for d in texts]
    for seat in (None, knock.turn):
        with parts.record_texts() as texts:
            view_image(knock.view(seat), PLAYERS, "en")
        words = " ".join(d.text for d in texts)
        assert f"{PLAYERS[knocker].name} may knock until the next draw" in words
