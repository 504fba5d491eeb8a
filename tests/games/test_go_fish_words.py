"""Go Fish in words: the table's counts, a seat's hand by rank, asks and answers told to each
listener as it may hear them, labels of the two-step ask, the result."""

from __future__ import annotations

from typing import Any

from bot.games import plugin
from engines.actions import Action
from engines.cards import standard_deck
from engines.go_fish import GoFish

GAME = plugin("go-fish")
assert GAME is not None
WORDS = GAME.presenter
NAMES = ["Alice", "花子", "Bob"]


def game_of(
    hands: list[list[str]], stock: list[str], rest: int | None = None, **options: Any
) -> GoFish:
    """A deal of these hands and stock; the other cards end the stock, or go to seat `rest`."""
    used = {c for h in hands for c in h} | set(stock)
    left = [c for c in standard_deck() if c not in used]
    hands = [list(h) + (left if s == rest else []) for s, h in enumerate(hands)]
    deal = {"hands": hands, "stock": stock + (left if rest is None else [])}
    return GoFish.new(len(hands), options, 0, deal)


def events(game: GoFish, seat: int, target: int, rank: str) -> list[dict[str, Any]]:
    return [e.to_json() for e in game.apply(Action.make(seat, "ask", target=target, rank=rank))]


def name_of(seat: int | None) -> str:
    return NAMES[seat] if seat is not None else ""


def test_a_miss_is_told_with_its_card_to_the_drawer_alone() -> None:
    game = game_of([["7S"], ["3S"], ["4S"]], ["KH"])
    said = events(game, 0, 1, "7")
    assert WORDS.narrate(said, name_of, "en") == (
        "Alice asked 花子 for 7s: Go fish! Alice drew a card."
    )
    assert WORDS.narrate(said, name_of, "en", viewer=1) == (
        "Alice asked 花子 for 7s: Go fish! Alice drew a card."
    )
    assert WORDS.narrate(said, name_of, "en", viewer=0) == (
        "Alice asked 花子 for 7s: Go fish! Alice drew K♥."
    )
    assert WORDS.narrate(said, name_of, "ja") == (
        "Aliceが花子に 7 を聞きました。Go Fish！Aliceが山札から1枚引きました。"
    )
    assert WORDS.you_line(said, 0, "en") == "Go fish! You drew K♥."


def test_a_hit_a_book_and_a_lucky_draw() -> None:
    game = game_of([["7S", "7H", "7D", "QS"], ["7C", "3S"]], ["QH"])
    said = events(game, 0, 1, "7")
    assert WORDS.narrate(said, name_of, "en") == (
        "Alice asked 花子 for 7s: 花子 gave 1. Book of 7s for Alice!"
    )
    assert WORDS.you_line(said, 0, "en") == "You got 7♣. Book of 7s! Ask again!"
    said = events(game, 0, 1, "Q")
    assert WORDS.narrate(said, name_of, "en") == (
        "Alice asked 花子 for Queens: Go fish! Alice drew the asked rank (Q♥) and goes on."
    )
    assert (
        WORDS.you_line(said, 0, "ja")
        == "Go Fish！ 聞いたランクの Q♥ を引きました。続けて聞けます。"
    )


def test_an_empty_hand_refills_and_an_empty_hand_without_stock_is_skipped() -> None:
    game = game_of([["7S", "2S"], ["7H"], ["3S"]], ["5C", "9D"])
    events(game, 0, 1, "7")
    said = events(game, 0, 2, "2")
    assert WORDS.narrate(said, name_of, "en") == (
        "Alice asked Bob for 2s: Go fish! Alice drew a card. "
        "花子 had no cards and drew 1 from the stock."
    )
    assert WORDS.narrate(said, name_of, "en", viewer=1) == (
        "Alice asked Bob for 2s: Go fish! Alice drew a card. "
        "花子 had no cards and drew 9♦ from the stock."
    )
    game = game_of([["8S", "2S"], ["8H"], ["3S"], []], [], rest=3)
    events(game, 0, 1, "8")
    said = events(game, 0, 2, "2")
    assert WORDS.narrate(said, name_of, "en") == (
        "Alice asked Bob for 2s: Go fish! The stock is empty: the turn passes. "
        "花子 has no cards and the stock is empty: turn skipped."
    )


def test_counts_hand_and_result() -> None:
    game = game_of([["7S", "7H", "2S"], ["3S"], []], [], rest=2, refill=5)
    view = game.view(0)
    assert WORDS.counts(view, NAMES, "en") == [
        "Alice: 3 cards · books —",
        "花子: 1 card · books —",
        "Bob: 8 cards · books A 4 5 6 8 9 10 J Q K",
        "The stock is empty.",
    ]
    assert WORDS.table_line(view, "en") == "Your hand: 2 ×1 (2♠) · 7 ×2 (7♠, 7♥)"
    assert WORDS.table_line(game.view(None), "en") is None
    result = {"books": [["7", "Q"], ["3", "K"]], "book_counts": [2, 2], "winners": [0, 1]}
    assert WORDS.result_fields(result, NAMES, "en") == [
        ("Books", "Alice: 2 books (7 Q)\n花子: 2 books (3 K)"),
        ("Shared win", "Alice, 花子, with 2 books each"),
    ]


def test_the_labels_of_an_ask() -> None:
    ask = {"seat": 0, "type": "ask", "target": 1, "rank": "T"}
    assert WORDS.action_label(ask, "en", NAMES) == "Ask 花子 for 10s"
    assert WORDS.action_label(ask, "ja", NAMES) == "花子 に 10 を聞く"
    assert WORDS.action_label(ask, "en") == "Ask Seat 2 for 10s"
    game = game_of([["TS", "TH", "2S"], ["3S"]], [])
    view = game.view(0)
    assert WORDS.field_label("target", 1, "en", NAMES, view) == "花子 · 1 card"
    assert WORDS.field_label("rank", "T", "en", NAMES, view) == "10 ×2 (10♠, 10♥)"
    assert (
        WORDS.prompt_text({"kind": "ask"}, "ja")
        == "相手1人と、手札にあるランクを選んで聞いてください。"
    )
    assert WORDS.hint_reason("known", {"target": 1, "rank": "K", "percent": 100}, "en") == (
        "they asked for Kings and have not given them away since"
    )


def test_the_start_names_who_asks_first_and_dealt_books() -> None:
    game = game_of([["2S"], ["7S", "7H", "7D", "7C", "3S"]], [])
    assert WORDS.start_notice(game.view(None), NAMES, [], "en") == (
        "Alice asks first. 花子 was dealt a book of 7s."
    )
