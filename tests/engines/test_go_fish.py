"""Go Fish: every rule of the document on a small explicit deal, and random-game properties.

Scenario deals name the cards that matter; the rest of the 52 go to the bottom of the stock
(or, for a game without stock, into a hand that the scenario never asks about).
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.actions import Action, Event
from engines.cards import RANKS, SUITS, standard_deck
from engines.cpu import RandomChoice, cpu_chooser, cpu_player
from engines.errors import IllegalAction, RecordError
from engines.go_fish import GoFish
from engines.go_fish.cpu import HardPlayer, Knowledge, NormalPlayer
from engines.players import Decision
from engines.record import parse_record, replay

DECK = standard_deck()


def ask(seat: int, target: int, rank: str) -> Action:
    return Action.make(seat, "ask", target=target, rank=rank)


def layout(
    hands: list[list[str]],
    stock: list[str] | None = None,
    *,
    first: int = 0,
    rest: int | None = None,
) -> dict:
    """A deal of these hands and stock (top first); the other cards end the stock, or go to
    seat `rest`'s hand."""
    stock = list(stock or [])
    used = {card for hand in hands for card in hand} | set(stock)
    left = [card for card in DECK if card not in used]
    hands = [list(hand) for hand in hands]
    if rest is None:
        stock += left
    else:
        hands[rest] += left
    return {"hands": hands, "stock": stock, "first": first}


def game_of(hands, stock=None, *, first=0, rest=None, **options) -> GoFish:
    return GoFish.new(len(hands), options, 0, layout(hands, stock, first=first, rest=rest))


def kinds(events: list[Event]) -> list[str]:
    return [e.type for e in events]


def hand(game: GoFish, seat: int) -> list[str]:
    return list(game.view(seat)["hand"])


def four(rank: str) -> list[str]:
    return [rank + suit for suit in SUITS]


# ---------------------------------------------------------------- setup


@pytest.mark.parametrize(
    ("rules", "seats", "each"),
    [
        ("standard", 2, 7),
        ("standard", 3, 7),
        ("standard", 4, 5),
        ("early_end", 2, 7),
        ("early_end", 3, 5),
        ("early_end", 4, 5),
    ],
)
def test_the_deal_gives_each_seat_its_count_and_the_rest_is_the_stock(
    rules: str, seats: int, each: int
) -> None:
    for seed in range(30):
        game = GoFish.new(seats, {"rules": rules}, seed)
        state = game.to_json()
        dealt = [len(h) + 4 * len(b) for h, b in zip(state["hands"], state["books"], strict=True)]
        assert dealt == [each] * seats
        assert len(state["stock"]) == 52 - each * seats


def test_the_first_player_is_random_then_seat_order() -> None:
    firsts = Counter(GoFish.new(4, {}, seed).first for seed in range(200))
    assert set(firsts) == {0, 1, 2, 3} and min(firsts.values()) > 25
    game = game_of([["2S"], ["3S"], ["4S"]], first=1)
    assert game.to_act() == {1}
    game.apply(ask(1, 0, "3"))  # a miss: the turn goes on in seat order
    assert game.to_act() == {2}


def test_books_dealt_in_an_opening_hand_are_laid_down_at_once() -> None:
    game = game_of([[*four("7"), "2S"], ["3S", "3H"]])
    assert game.books == [["7"], []]
    assert hand(game, 0) == ["2S"]
    assert game.view(None)["log"] == [{"type": "book", "seat": 0, "rank": "7"}]
    with pytest.raises(IllegalAction) as refused:
        game.check(ask(0, 1, "7"))  # a book can't be asked for
    assert refused.value.code == "rank_not_held"


# ---------------------------------------------------------------- a turn


def test_a_hit_hands_over_every_card_of_the_rank_and_the_turn_goes_on() -> None:
    game = game_of([["7S", "2S"], ["7H", "7D", "3S"], ["4S"]])
    events = game.apply(ask(0, 1, "7"))
    assert kinds(events) == ["ask", "handed"]
    assert events[0].data == {"target": 1, "rank": "7", "count": 2} and events[0].public
    assert events[1].audience == {0, 1} and events[1].data["cards"] == ["7H", "7D"]
    assert hand(game, 0) == ["2S", "7S", "7H", "7D"] and hand(game, 1) == ["3S"]
    assert game.to_act() == {0}
    # again: the same target or another, any rank held
    assert ask(0, 2, "2") in game.legal_actions(0) and ask(0, 1, "7") in game.legal_actions(0)


def test_a_hit_that_completes_a_book_lays_it_down() -> None:
    game = game_of([["7S", "7H", "7D", "2S"], ["7C", "3S"]])
    events = game.apply(ask(0, 1, "7"))
    assert kinds(events) == ["ask", "handed", "book"]
    assert game.books[0] == ["7"] and hand(game, 0) == ["2S"]
    assert game.to_act() == {0}


def test_go_fish_draws_one_card_seen_only_by_the_drawer_and_the_turn_passes() -> None:
    game = game_of([["7S"], ["3S"], ["4S"]], ["KH"])
    events = game.apply(ask(0, 1, "7"))
    assert kinds(events) == ["go_fish", "drew"]
    public, private = events
    assert public.public and public.data == {"target": 1, "rank": "7", "drew": True}
    assert private.audience == {0} and private.data == {"card": "KH"}
    assert hand(game, 0) == ["7S", "KH"]
    assert game.to_act() == {1}
    assert all("KH" not in json.dumps(game.view(s)) for s in (None, 1, 2))


def test_drawing_the_asked_rank_is_shown_and_the_turn_goes_on() -> None:
    # 8を聞いてハートの8を引けば続行
    game = game_of([["8S", "2S"], ["3S"]], ["8H"])
    events = game.apply(ask(0, 1, "8"))
    assert kinds(events) == ["go_fish", "lucky"]
    assert events[1].public and events[1].data == {"card": "8H", "rank": "8"}
    assert game.to_act() == {0}
    assert game.view(1)["log"][-1] == {"type": "draw", "seat": 0, "lucky": True, "card": "8H"}


def test_drawing_another_rank_ends_the_turn_even_if_it_matches_the_hand() -> None:
    # Kを引けば交代。手札の別の札と同じ数字を引いただけでは続行になりません
    game = game_of([["8S", "KS"], ["3S"]], ["KH"])
    game.apply(ask(0, 1, "8"))
    assert game.to_act() == {1}


def test_a_book_completed_by_a_miss_draw_counts_but_the_turn_passes() -> None:
    game = game_of([["8S", "KS", "KD", "KC"], ["3S"]], ["KH"])
    events = game.apply(ask(0, 1, "8"))
    assert kinds(events) == ["go_fish", "drew", "book"]
    assert game.books[0] == ["K"] and hand(game, 0) == ["8S"]
    assert game.to_act() == {1}


def test_with_no_stock_a_miss_draws_nothing_and_the_turn_passes() -> None:
    game = game_of([["8S", "9S"], ["3S"], ["8H"]], [], rest=2)
    events = game.apply(ask(0, 1, "8"))
    assert kinds(events) == ["go_fish"] and events[0].data["drew"] is False
    assert hand(game, 0) == ["8S", "9S"] and game.to_act() == {1}


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (ask(1, 0, "3"), "not_your_turn"),
        (ask(0, 0, "7"), "ask_yourself"),
        (ask(0, 5, "7"), "bad_target"),
        (ask(0, 1, "9"), "rank_not_held"),
        (ask(0, 1, "10"), "bad_rank"),
        (ask(0, 1, "7S"), "bad_rank"),
        (Action.make(0, "ask", target=1), "malformed_action"),
        (Action.make(0, "ask", target=1, rank="7", cards=["7S"]), "malformed_action"),
        (Action.make(0, "ask", target="1", rank="7"), "malformed_action"),
        (Action.make(0, "ask", target=True, rank="7"), "malformed_action"),
        (Action.make(0, "flip"), "unknown_action"),
        (Action.make(7, "ask", target=1, rank="7"), "bad_seat"),
    ],
)
def test_illegal_asks_are_refused_with_a_reason_and_change_nothing(
    action: Action, code: str
) -> None:
    game = game_of([["7S", "2S"], ["3S"]])
    before = game.to_json()
    with pytest.raises(IllegalAction) as refused:
        game.apply(action)
    assert refused.value.code == code and refused.value.message
    assert game.to_json() == before
    assert not game.accepts(action)


# ---------------------------------------------------------------- empty hands (standard)


def test_a_seat_that_gave_its_last_cards_refills_one_at_its_turn_and_asks() -> None:
    game = game_of([["7S", "2S"], ["7H"]], ["5C", "9D"])
    game.apply(ask(0, 1, "7"))  # seat 1 is empty now: no win, no loss
    assert game.view(None)["hand_counts"][1] == 0 and not game.is_over()
    events = game.apply(ask(0, 1, "2"))  # a miss: seat 0 draws 5C, seat 1's turn starts
    assert kinds(events) == ["go_fish", "drew", "refill", "refill"]
    assert events[2].public and events[2].data == {"count": 1}
    assert events[3].audience == {1} and events[3].data["cards"] == ["9D"]
    assert hand(game, 1) == ["9D"] and game.to_act() == {1}


def test_refill_five_takes_what_is_left_when_the_stock_is_short() -> None:
    game = game_of([["7S", "2S"], ["7H"], []], ["5C", "9D", "9S", "3H"], rest=2, refill=5)
    game.apply(ask(0, 1, "7"))
    game.apply(ask(0, 1, "2"))  # a miss: 0 draws 5C; seat 1 refills the 3 cards left
    assert hand(game, 1) == ["3H", "9S", "9D"]
    assert game.view(None)["stock"] == 0 and game.to_act() == {1}


def test_refill_five_draws_five_and_lays_down_a_book_they_make() -> None:
    stock = ["5C", "9D", "9S", "9H", "9C", "KH", "6H"]
    game = game_of([["7S", "2S"], ["7H"]], stock, refill=5)
    game.apply(ask(0, 1, "7"))
    events = game.apply(ask(0, 1, "2"))
    assert [e.type for e in events if e.public] == ["go_fish", "refill", "book"]
    assert game.books[1] == ["9"] and hand(game, 1) == ["KH"] and game.to_act() == {1}


def test_a_refill_book_that_empties_the_hand_with_the_stock_gone_skips_the_turn() -> None:
    # RULINGS: a refill that completes a book and empties the hand again refills again, or
    # skips the turn when the stock is empty (only 4 cards left can do it: refill 5 takes them)
    stock = ["5C", "9D", "9S", "9H", "9C"]
    game = game_of([["7S", "2S"], ["7H"], []], stock, rest=2, refill=5)
    game.apply(ask(0, 1, "7"))
    events = game.apply(ask(0, 1, "2"))  # seat 1 refills 9D 9S 9H 9C: a book, no stock left
    assert [e.type for e in events if e.public][-3:] == ["refill", "book", "skip"]
    assert game.books[1] == ["9"] and game.to_act() == {2}


def test_an_own_hit_that_empties_the_hand_refills_and_goes_on() -> None:
    game = game_of([["7S", "7H", "7D"], ["7C", "3S"]], ["KH", "QS"])
    events = game.apply(ask(0, 1, "7"))
    assert kinds(events) == ["ask", "handed", "book", "refill", "refill"]
    assert hand(game, 0) == ["KH"] and game.to_act() == {0}


def test_an_own_hit_that_empties_the_hand_with_no_stock_passes_the_turn() -> None:
    game = game_of([["7S", "7H", "7D"], ["7C", "3S"], []], [], rest=2)
    events = game.apply(ask(0, 1, "7"))
    assert kinds(events)[-2:] == ["book", "skip"]
    assert game.to_act() == {1}


def test_a_lucky_draw_that_empties_the_hand_refills_and_goes_on() -> None:
    game = game_of([["7S", "7H", "7D"], ["3S"]], ["7C", "KH"])
    events = game.apply(ask(0, 1, "7"))
    assert kinds(events) == ["go_fish", "lucky", "book", "refill", "refill"]
    assert hand(game, 0) == ["KH"] and game.to_act() == {0}


def test_an_empty_hand_with_no_stock_is_skipped() -> None:
    game = game_of([["8S", "2S"], ["8H"], ["3S"], []], [], rest=3)
    game.apply(ask(0, 1, "8"))  # seat 1 is empty now
    game.apply(ask(0, 2, "2"))  # a miss, no stock: seat 1 has nothing and is skipped
    assert game.to_act() == {2}
    assert game.view(None)["log"][-1] == {"type": "skip", "seat": 1}


def test_an_empty_hand_may_be_asked_while_the_stock_lasts_and_not_after() -> None:
    game = game_of([["8S", "2S"], ["8H"], ["3S"]], ["4D"])
    game.apply(ask(0, 1, "8"))
    assert ask(0, 1, "2") in game.legal_actions(0)
    assert kinds(game.apply(ask(0, 1, "2")))[:2] == ["go_fish", "drew"]
    game = game_of([["8S", "2S"], ["8H"], ["3S"]], [], rest=2)
    game.apply(ask(0, 1, "8"))
    assert all(a.get("target") != 1 for a in game.legal_actions(0))
    with pytest.raises(IllegalAction) as refused:
        game.apply(ask(0, 1, "2"))
    assert refused.value.code == "target_empty"


def test_standard_play_goes_on_after_the_stock_until_all_13_books() -> None:
    game = GoFish.new(2, {}, 5)
    decide = cpu_chooser("go-fish", ["normal", "normal"], 5)
    while game.view(None)["stock"] > 0:
        game.autoplay(decide, limit=1)
    assert not game.is_over()
    game.autoplay(decide)
    assert game.is_over() and sum(len(b) for b in game.books) == 13


# ---------------------------------------------------------------- early end


def test_early_end_ends_as_soon_as_a_hand_is_empty() -> None:
    game = game_of([["7S", "2S"], ["7H"], ["3S"]], rules="early_end")
    events = game.apply(ask(0, 1, "7"))
    assert game.is_over() and events[-1].type == "game_over"
    assert game.result() == {"books": [[], [], []], "book_counts": [0, 0, 0], "winners": [0, 1, 2]}


def test_early_end_ends_when_the_asker_books_its_last_cards() -> None:
    game = game_of([["7S", "7H", "7D"], ["7C", "3S"]], rules="early_end")
    game.apply(ask(0, 1, "7"))
    assert game.is_over() and game.result()["winners"] == [0]


def test_early_end_ends_as_soon_as_the_stock_is_empty() -> None:
    game = game_of([["8S", "2S"], ["3S"], []], ["8H"], rest=2, rules="early_end")
    events = game.apply(ask(0, 1, "8"))  # lucky, but the stock is gone: the game ends
    assert kinds(events) == ["go_fish", "lucky", "game_over"]
    assert game.is_over() and game.to_act() == frozenset()


def test_early_end_ignores_the_refill_option() -> None:
    for seed in range(20):
        games = [GoFish.new(3, {"rules": "early_end", "refill": k}, seed) for k in (1, 5)]
        for game in games:
            game.autoplay(cpu_chooser("go-fish", ["normal"] * 3, seed))
        assert games[0].result() == games[1].result()


# ---------------------------------------------------------------- the end


def test_most_books_wins_and_ties_share_the_win() -> None:
    # seat 1 is dealt everything but three 7s: twelve books at once; seat 0 makes the 13th
    game = game_of([["7S", "7H", "7D"], ["7C"]], [], rest=1)
    assert game.books[1] and len(game.books[1]) == 12
    game.apply(ask(0, 1, "7"))
    assert game.is_over()
    result = game.result()
    assert result["book_counts"] == [1, 12] and result["winners"] == [1]
    assert game.scores() == [1.0, 12.0]


def test_the_result_has_the_contract_shape() -> None:
    game = GoFish.new(3, {}, 9)
    game.autoplay(cpu_chooser("go-fish", ["normal"] * 3, 9))
    result = game.result()
    assert set(result) == {"books", "book_counts", "winners"}
    assert [len(b) for b in result["books"]] == result["book_counts"]
    best = max(result["book_counts"])
    assert result["winners"] == [s for s in range(3) if result["book_counts"][s] == best]
    assert sorted(r for b in result["books"] for r in b) == sorted(RANKS)
    with pytest.raises(IllegalAction) as refused:
        game.apply(ask(0, 1, "7"))
    assert refused.value.code == "game_over"


# ---------------------------------------------------------------- records and options


@pytest.mark.parametrize(
    "deal",
    [
        [],
        {"hands": [DECK[:26], DECK[26:]]},  # fine: tested below
        {"hands": [DECK[:26]], "stock": DECK[26:]},
        {"hands": [DECK[:26], DECK[26:51]], "stock": []},
        {"hands": [DECK[:26], DECK[26:]], "stock": ["7S"]},
        {"hands": [DECK[:26], DECK[26:]], "first": 2},
        {"hands": [DECK[:26], DECK[26:]], "first": True},
        {"hands": [DECK[:26], DECK[26:]], "stocks": []},
        {"hands": [DECK[:26], [*DECK[26:51], "XX"]]},
        {"hands": "7S", "stock": DECK},
    ],
)
def test_malformed_deals_are_refused(deal: object) -> None:
    if deal == {"hands": [DECK[:26], DECK[26:]]}:
        assert GoFish.new(2, {}, 0, deal).view(None)["stock"] == 0
        return
    with pytest.raises(RecordError) as refused:
        GoFish.new(2, {}, 0, deal)
    assert refused.value.code == "bad_deal"


@pytest.mark.parametrize(
    "options",
    [
        {"rules": "fast"},
        {"refill": 2},
        {"refill": "5"},
        {"refill": 5.0},
        {"refill": True},
        {"x": 1},
    ],
)
def test_options_are_checked_by_type(options: dict) -> None:
    with pytest.raises(RecordError):
        GoFish.new(2, options, 0)


def test_seat_counts_are_checked() -> None:
    for seats in (1, 5):
        with pytest.raises(RecordError):
            GoFish.new(seats, {}, 0)


def test_a_record_replays_to_the_same_game_and_finishes() -> None:
    game = GoFish.new(3, {"refill": 5}, 21)
    actions = game.autoplay(cpu_chooser("go-fish", ["easy", "normal", "hard"], 21))
    record = {
        "game": "go-fish",
        "seats": 3,
        "options": {"refill": 5},
        "seed": 21,
        "actions": [a.to_json() for a in actions],
    }
    answer = replay(parse_record(json.loads(json.dumps(record)))).answer
    assert answer["over"] and answer["result"] == game.result()
    assert answer["actions_applied"] == len(actions) and answer["state"] == game.summary()
    half = {**record, "actions": record["actions"][: len(actions) // 2]}
    finished = replay(parse_record(half), finish=True).answer
    assert finished["over"] and sum(finished["result"]["book_counts"]) == 13
    assert finished == replay(parse_record(half), finish=True).answer  # deterministic


def test_a_written_out_deal_replays_like_the_seed() -> None:
    from engines.go_fish.hidden import deal

    game = GoFish.new(4, {}, 8)
    twin = GoFish.new(4, {}, 99, deal(game))
    assert twin.view(0) == game.view(0) and twin.to_json()["hands"] == game.to_json()["hands"]


# ---------------------------------------------------------------- random games


def invariants(game: GoFish) -> None:
    """52 cards, books are true fours of distinct ranks, hands hold no booked rank."""
    state = game.to_json()
    books = [r for b in state["books"] for r in b]
    held = [c for h in state["hands"] for c in h]
    assert len(books) == len(set(books))
    cards = held + state["stock"] + [r + s for r in books for s in SUITS]
    assert sorted(cards) == sorted(DECK)
    assert not {c[0] for c in held} & set(books)
    for held_by_seat in state["hands"]:
        assert all(n < 4 for n in Counter(c[0] for c in held_by_seat).values())
    view = game.view(None)
    assert view["hand_counts"] == [len(h) for h in state["hands"]]
    assert view["stock"] == len(state["stock"])


def random_game(seats: int, options: dict, seed: int, check_steps: bool) -> GoFish:
    game = GoFish.new(seats, options, seed)
    rng = random.Random(seed)
    player = RandomChoice()
    steps = 0
    while not game.is_over():
        steps += 1
        assert steps < 5000
        prompt = game.prompts()[game.turn]
        action = player.decide(Decision(game.view(prompt.seat), prompt, rng, game.accepts))
        assert action is not None
        before_empty = game.view(None)["stock"] == 0 or 0 in game.view(None)["hand_counts"]
        game.apply(action)
        if options.get("rules") == "early_end":
            assert not before_empty  # it would have ended already
        if check_steps:
            invariants(game)
            assert GoFish.from_json(json.loads(json.dumps(game.to_json()))).to_json() == (
                game.to_json()
            )
    return game


@pytest.mark.parametrize("rules", ["standard", "early_end"])
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_thousands_of_random_games_keep_every_invariant(rules: str, seats: int) -> None:
    for seed in range(400):
        options = {"rules": rules, "refill": 5 if seed % 2 else 1}
        game = random_game(seats, options, seed, check_steps=seed < 40)
        invariants(game)
        view = game.view(None)
        if rules == "standard":
            assert sum(len(b) for b in game.books) == 13
            assert view["stock"] == 0 and sum(view["hand_counts"]) == 0
        else:
            assert view["stock"] == 0 or 0 in view["hand_counts"]


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    seats=st.integers(2, 4),
    level=st.sampled_from(["easy", "normal", "hard"]),
)
def test_autoplay_is_the_same_game_as_step_by_step(seed: int, seats: int, level: str) -> None:
    decide = cpu_chooser("go-fish", [level] * seats, seed)
    fast = GoFish.new(seats, {}, seed)
    taken = fast.autoplay(decide)
    slow = GoFish.new(seats, {}, seed)
    decide = cpu_chooser("go-fish", [level] * seats, seed)
    by_hand = []
    while not slow.is_over():
        prompt = slow.prompts()[slow.turn]
        action = decide(slow, prompt)
        slow.apply(action)
        by_hand.append(action)
    assert taken == by_hand and fast.to_json() == slow.to_json()
    limited = GoFish.new(seats, {}, seed)
    decide = cpu_chooser("go-fish", [level] * seats, seed)
    assert limited.autoplay(decide, limit=7) == taken[:7]


def test_views_show_only_cards_their_seat_has_seen() -> None:
    """A seat's view names only cards that passed through its hand or were shown to all (a
    drawn card that matched the ask); the public view names only the shown ones."""
    for seats, seed in ((4, 12), (3, 5), (2, 8)):
        game = GoFish.new(seats, {"refill": 5}, seed)
        decide = cpu_chooser("go-fish", ["normal"] * seats, seed)
        held: list[set[str]] = [set() for _ in range(seats)]
        while not game.is_over():
            state = game.to_json()
            for seat in range(seats):
                held[seat].update(state["hands"][seat])
                # a book's cards passed through its seat's hand, if only for a moment
                held[seat].update(c for rank in state["books"][seat] for c in four(rank))
            shown = {e["card"] for e in state["log"] if "card" in e}
            public = game.view(None)
            assert "hand" not in public and "private" not in public
            assert set(_codes(json.dumps(public))) <= shown
            for seat in range(seats):
                view = game.view(seat)
                assert view["hand"] == state["hands"][seat]
                assert set(_codes(json.dumps(view))) <= held[seat] | shown
            game.autoplay(decide, limit=1)


def _codes(text: str) -> list[str]:
    return [c for c in DECK if f'"{c}"' in text]


# ---------------------------------------------------------------- the CPU levels


def decision(game: GoFish, rng: int = 0) -> Decision:
    prompt = game.prompts()[game.turn]
    return Decision(game.view(prompt.seat), prompt, random.Random(rng), game.accepts)


def test_every_level_answers_with_a_legal_ask_from_the_view_alone() -> None:
    for level in ("easy", "normal", "hard"):
        player = cpu_player(GoFish.id, level)
        for seed in range(20):
            game = GoFish.new(2 + seed % 3, {}, seed)
            for _ in range(30):
                if game.is_over():
                    break
                action = player.decide(decision(game, seed))
                assert action in game.legal_actions(game.turn)
                game.apply(action)


def test_easy_repeats_its_ask_while_the_stock_lasts() -> None:
    repeats = chances = 0
    for seed in range(60):
        game = GoFish.new(2, {}, seed)
        decide = cpu_chooser("go-fish", ["easy", "easy"], seed)
        last: dict[int, Action] = {}
        while game.view(None)["stock"] > 10:
            action = decide(game, game.prompts()[game.turn])
            previous = last.get(action.seat)
            if previous is not None and previous in game.legal_actions(action.seat):
                chances += 1
                repeats += action == previous
            last[action.seat] = action
            game.apply(action)
    assert repeats / chances > 0.45


def test_normal_asks_back_a_seat_that_just_asked_for_a_rank_it_holds() -> None:
    # seat 1 asked seat 2 for 9s (and missed): seat 0, holding a 9, asks seat 1 for them
    game = game_of([["9S", "2S"], ["9H", "3S"], ["4S"]], ["KD", "QD", "JD"], first=1)
    game.apply(ask(1, 2, "9"))
    game.apply(ask(2, 1, "4"))
    for rng in range(10):
        assert NormalPlayer().decide(decision(game, rng)) == ask(0, 1, "9")


def test_normal_does_not_ask_a_seat_that_just_said_go_fish() -> None:
    # seat 0 asks seat 1 for 9s, misses, draws the 9H and goes on: not seat 1 again
    game = game_of([["9S", "2S"], ["3S"], ["4S"]], ["9H", "QD", "JD"])
    game.apply(ask(0, 1, "9"))
    assert game.to_act() == {0}
    asks = {NormalPlayer().decide(decision(game, rng)) for rng in range(40)}
    assert asks == {ask(0, 2, "9"), ask(0, 1, "2"), ask(0, 2, "2")}


def test_hard_remembers_what_normal_forgets() -> None:
    # seat 1 asked for 9s long ago; normal has forgotten, hard knows seat 1 still holds them
    game = game_of(
        [["9S", "2S", "2H"], ["9H", "3S", "5S"], ["4S", "6S", "3H"]],
        ["KD", "QD", "JD", "TD", "8D", "7D", "6D"],
        first=1,
    )
    game.apply(ask(1, 2, "9"))  # miss: 1 draws KD
    game.apply(ask(2, 1, "3"))  # hit: 2 takes 3S and asks again
    game.apply(ask(2, 0, "6"))  # miss: 2 draws QD
    game.apply(ask(0, 2, "2"))  # miss: 0 draws JD
    game.apply(ask(1, 2, "5"))  # miss: 1 draws TD
    game.apply(ask(2, 1, "4"))  # miss: 2 draws 8D
    assert game.to_act() == {0}
    assert HardPlayer().decide(decision(game)) == ask(0, 1, "9")
    knowledge = Knowledge(3, 0)
    knowledge.learn(game.view(0)["log"])
    assert knowledge.known[1] == {"9": 1, "5": 1}
    assert knowledge.lacks[2]["9"] == 2  # said Go Fish to 9s, has drawn two cards since
    assert knowledge.known[2] == {"3": 2, "6": 1, "4": 1}


def test_the_hard_cache_gives_the_same_answers_as_reading_the_log_afresh() -> None:
    for seed in range(15):
        game = GoFish.new(3, {}, seed)
        cached = HardPlayer()
        decide = cpu_chooser("go-fish", ["normal"] * 3, seed)
        while not game.is_over():
            d = decision(game, seed)
            assert cached.decide(d) == HardPlayer().decide(decision(game, seed))
            game.apply(decide(game, game.prompts()[game.turn]))


def test_no_level_reads_the_state() -> None:
    """Every level decides from `Decision` only: a game object it is not given can't matter."""
    game = GoFish.new(3, {}, 4)
    d = decision(game)
    for level in ("easy", "normal", "hard"):
        player = cpu_player("go-fish", level)
        first = player.decide(Decision(d.view, d.prompt, random.Random(1), lambda a: True))
        again = player.decide(
            Decision(json.loads(json.dumps(d.view)), d.prompt, random.Random(1), lambda a: True)
        )
        assert first == again


def test_the_hidden_card_variation_moves_only_cards_the_seat_has_not_seen() -> None:
    from engines.go_fish import hidden as go_fish_hidden

    game = GoFish.new(3, {}, 4)
    layout_ = go_fish_hidden.deal(game)
    actions = GoFish.new(3, {}, 99, layout_).autoplay(
        cpu_chooser("go-fish", ["normal"] * 3, 4), limit=12
    )
    record = {
        "game": "go-fish",
        "seats": 3,
        "options": {},
        "seed": 4,
        "deal": layout_,
        "actions": [a.to_json() for a in actions],
    }
    seen = go_fish_hidden.seen_by(record, 0)
    variant = go_fish_hidden.vary(record, 0, random.Random(1))

    def places(r: dict) -> list[str]:
        return [c for h in r["deal"]["hands"] for c in h] + r["deal"]["stock"]

    before, after = places(record), places(variant)
    assert after != before and sorted(after) == sorted(before)
    assert all(a == b for a, b in zip(before, after, strict=True) if b in seen)
    assert [c[0] for c in after] == [c[0] for c in before]  # ranks stay: every answer too


def test_the_hard_level_says_why_it_asks() -> None:
    """The Hint of a human seat is the hard level's ask with its reason."""
    assert GoFish.hint_level == "hard"
    game = game_of([["9S", "2S"], ["9H", "3S"], ["4S"]], ["KD", "QD", "JD"], first=1)
    game.apply(ask(1, 2, "9"))
    game.apply(ask(2, 1, "4"))
    hint = HardPlayer().explain(decision(game))
    assert hint.action == ask(0, 1, "9") and hint.reason == "known"
    assert hint.params == {"target": 1, "rank": "9", "percent": 100}
    game = game_of([["9S", "9D", "9C"], ["3S"], ["4S"]], [])
    hint = HardPlayer().explain(decision(game))
    assert hint.reason == "books" and hint.params["rank"] == "9"
