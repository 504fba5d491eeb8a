"""Go Fish images: every moment for every viewpoint, in the box, only cards the viewer may see
are drawn face up, the hand is grouped by rank with its counts, books show their rank and no
sliver of the cards under them, long names are cut, not the words around them, and every
state of real games reads in the box."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from engines.cards import card_label
from engines.cpu import cpu_chooser
from engines.go_fish import GoFish
from render import cards, parts
from render.api import render_view, view_image
from render.games import go_fish
from render.text import ELLIPSIS
from render.theme import CANVAS

from .helpers import LONG_NAMES, check_lines, decode, label_pairs
from .test_box import box_problems

PLAYERS = list(go_fish.SAMPLE_PLAYERS)
MOMENTS = [(label, game) for label, game in go_fish.sample_moments(3)]


def played(seats: int, seed: int, asks: int, **options: Any) -> GoFish:
    game = GoFish.new(seats, options, seed)
    game.autoplay(cpu_chooser("go-fish", ["normal"] * seats, seed), limit=asks)
    return game


def test_the_samples_cover_the_telling_moments() -> None:
    labels = [label.split("-")[0] for label, _ in MOMENTS]
    assert labels == ["start", "given", "lucky", "book", "no", "end", "two"]


@pytest.mark.parametrize(("label", "game"), MOMENTS, ids=[m[0] for m in MOMENTS])
@pytest.mark.parametrize("locale", ["ja", "en"])
def test_each_moment_draws_only_what_its_viewer_may_see(
    label: str, game: GoFish, locale: str
) -> None:
    state = game.to_json()
    books = {r + s for b in state["books"] for r in b for s in "SHDC"}
    shown = {e["card"] for e in state["log"] if "card" in e}
    for seat in (None, *range(game.seats)):
        with cards.record_faces() as faces, parts.record_texts() as drawn:
            image = view_image(game.view(seat), PLAYERS, locale)
        assert image.size == CANVAS
        check_lines(drawn, image)
        own = set(state["hands"][seat]) if seat is not None else set()
        assert set(faces) <= own | books | shown, (seat, set(faces) - own - books - shown)
        assert own <= set(faces)  # the whole hand is there
        hidden = {c for s, h in enumerate(state["hands"]) if s != seat for c in h}
        words = "\n".join(d.text for d in drawn)
        assert not [c for c in (hidden | set(state["stock"])) - shown if card_label(c) in words]


def test_the_hand_is_grouped_by_rank_with_its_counts() -> None:
    game = played(3, 4, 9)
    hand = game.view(game.turn)["hand"]
    with cards.record_faces() as faces, parts.record_texts() as drawn:
        view_image(game.view(game.turn), PLAYERS, "en")
    mine = [f for f in faces if f in hand]
    assert mine == hand  # rank by rank, in order, each rank's cards side by side
    counts = [d.text for d in drawn if d.text.startswith("×")]
    ranks = [card[0] for card in hand]
    assert counts == [f"×{ranks.count(r)}" for r in dict.fromkeys(ranks)]


def test_the_log_says_who_asked_whom_for_what_and_the_answer() -> None:
    game = GoFish.new(2, {}, 0, _deal())
    game.apply(_ask(0, 1, "7"))  # a hit: 1 card
    game.apply(_ask(0, 1, "7"))  # a miss: draws KH
    with parts.record_texts() as mine:
        view_image(game.view(0), PLAYERS, "en")
    with parts.record_texts() as theirs:
        view_image(game.view(1), PLAYERS, "en")
    lines = [d.text for d in mine]
    assert "たろう asked Alice for 7s: Alice gave 1" in lines
    assert "たろう asked Alice for 7s: Go fish! · drew K♥" in lines  # the drawer sees its card
    assert "たろう asked Alice for 7s: Go fish! · drew a card" in [d.text for d in theirs]
    assert "Alice to ask" in [d.text for d in mine]


def test_early_end_and_refill_five_say_so_in_the_header() -> None:
    with parts.record_texts() as drawn:
        view_image(GoFish.new(2, {"rules": "early_end"}, 1).view(0), PLAYERS, "ja")
    assert "早期終了" in [d.text for d in drawn]
    with parts.record_texts() as drawn:
        view_image(GoFish.new(4, {"refill": 5}, 1).view(None), PLAYERS, "en")
    assert "Standard · 13 books · Refill 5" in [d.text for d in drawn]


def test_the_result_names_the_winners_and_every_seats_books() -> None:
    game = played(4, 3, 10_000)
    result = game.result()
    with parts.record_texts() as drawn:
        view_image(game.view(None), PLAYERS, "en")
    lines = [d.text for d in drawn]
    standings = next(line for line in lines if "  ·  " in line).split("  ·  ")
    counts = result["book_counts"]
    assert [int(part.split()[-2]) for part in standings] == sorted(counts, reverse=True)
    for seat, count in enumerate(counts):
        unit = "book" if count == 1 else "books"
        assert f"{PLAYERS[seat].name}  {count} {unit}" in standings
        assert f"Books {count}" in lines  # on the seat's plate too
    if len(result["winners"]) == 1:
        assert f"{PLAYERS[result['winners'][0]].name} wins" in lines
    else:
        assert any(line.startswith("Shared win: ") for line in lines)


@pytest.mark.parametrize("names", list(LONG_NAMES), ids=list(LONG_NAMES))
def test_long_names_are_cut_not_the_words(names: str) -> None:
    players = LONG_NAMES[names] * 2
    game = played(4, 11, 40)
    for seat, locale in itertools.product((None, 0, 2), ("ja", "en")):
        with parts.record_texts() as drawn:
            image = view_image(game.view(seat), players, locale)
        check_lines(drawn, image)
        texts = [d.text for d in drawn]
        assert [t for t in texts if ELLIPSIS in t]
        if seat is None:  # the turn pill keeps its words; only the name is cut
            pill = "to ask" if locale == "en" else "の番"
            assert [t for t in texts if t.endswith(pill)]
        asked = " asked " if locale == "en" else "を聞いた"
        assert all(": " in t or "：" in t for t in texts if asked in t)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_state_of_real_games_reads_in_the_box(seats: int) -> None:
    """Hands of twenty cards and more, eight books on a plate: every few asks of real games,
    every viewpoint, nothing too small, off the image or on top of something else."""
    for seed in range(3):
        game = GoFish.new(seats, {}, seed)
        decide = cpu_chooser("go-fish", ["normal"] * seats, seed)
        while not game.is_over():
            game.autoplay(decide, limit=7)
            for seat in (None, *range(seats)):
                with parts.record_texts() as texts, parts.record_cards() as placed:
                    image = view_image(game.view(seat), PLAYERS, "ja")
                assert box_problems(image, texts, placed) == [], (seed, seat)
                check_lines(texts, image)


def test_books_of_tens_show_no_sliver_of_the_cards_under_them() -> None:
    """A book of 10s drew the four cards 5 px apart: the three under the top one showed thin
    slices of their "10", read as coloured dots. A book is now a stack showing its rank once."""
    game = played(4, 0, 10_000)
    view = game.view(None)
    assert any("T" in books for books in view["books"])
    with (
        parts.record_texts() as texts,
        parts.record_cards() as placed,
        cards.record_faces() as faces,
    ):
        image = view_image(view, PLAYERS, "en")
    assert not [p for p in box_problems(image, texts, placed) if "partly covered" in p]
    assert not [f for f in faces if f[0] == "T"]  # no face of a 10 is drawn at all
    tens = [t for t in texts if t.text == "10"]
    assert len(tens) == sum(books.count("T") for books in view["books"])
    assert min(t.size for t in tens) >= 28


def test_a_png_comes_out_for_every_seat_count() -> None:
    for seats in (2, 3, 4):
        png = render_view(GoFish.new(seats, {}, seats).view(0), PLAYERS, "ja")
        assert decode(png).size == CANVAS


def test_labels_exist_in_both_languages() -> None:
    for key, (ja, en) in label_pairs(go_fish.LABELS).items():
        assert ja and en, key
        assert ": " not in ja, key


def test_the_sample_hand_is_an_opening_hand() -> None:
    hand, legal, chosen = go_fish.sample_hand(3) or ([], [], set())
    assert len(hand) == 7 and all(legal) and not chosen
    assert hand == GoFish.new(2, {}, 3).view(0)["hand"]


def _deal() -> dict[str, Any]:
    from engines.cards import standard_deck

    hands = [["7S", "2S"], ["7H", "3S"]]
    used = {c for h in hands for c in h} | {"KH"}
    return {"hands": hands, "stock": ["KH"] + [c for c in standard_deck() if c not in used]}


def _ask(seat: int, target: int, rank: str) -> Any:
    from engines.actions import Action

    return Action.make(seat, "ask", target=target, rank=rank)
