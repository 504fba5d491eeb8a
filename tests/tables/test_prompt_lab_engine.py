"""The Prompt Lab engine: every phase, refusals, seals, what each seat may see, random playouts."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

import pytest

from engines.actions import Action, Event
from engines.cpu import cpu_chooser
from engines.errors import IllegalAction, RecordError
from engines.game import resolve_prompt
from engines.prompts import Prompt, automated_prompt
from tests.tables import prompt_lab
from tests.tables.prompt_lab import (
    DEALT,
    DECK,
    PromptLab,
    card_codes,
    hidden_from,
)


@pytest.fixture(autouse=True)
def _lab(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    with prompt_lab.installed(monkeypatch):
        yield


# ---------------------------------------------------------------------------- helpers


def stacked(
    seats: int,
    draws: Mapping[int, Sequence[str]],
    then: Sequence[str] = (),
    late: str = "A",
) -> list[str]:
    """A stock (top first) dealing `draws[seat]` as each seat's first cards, then `then` (what
    the declarer takes), then the rest of the two decks, the ranks in `late` last (the deal
    and the declarer's take never reach them)."""
    stock: list[str | None] = [None] * len(DECK)
    for seat, cards in draws.items():
        for k, card in enumerate(cards):
            stock[k * seats + seat] = card
    for i, card in enumerate(then):
        stock[DEALT * seats + i] = card
    rest = list(DECK)
    for card in stock:
        if card is not None:
            rest.remove(card)
    rest.sort(key=lambda c: c[0] in late)
    filler = iter(rest)
    return [card if card is not None else next(filler) for card in stock]


def refused(game: PromptLab, action: Action, code: str) -> IllegalAction:
    """`check` and `apply` refuse the same way, and nothing changes."""
    before = game.to_json()
    with pytest.raises(IllegalAction) as checked:
        game.check(action)
    with pytest.raises(IllegalAction) as applied:
        game.apply(action)
    assert checked.value.code == applied.value.code == code, checked.value.message
    assert game.to_json() == before
    return applied.value


def draw_until(game: PromptLab, draws: int) -> None:
    """The table's draws until `draws` have been made."""
    while game.draws < draws:
        step = game.table_step()
        assert step is not None and step.mechanical
        game.apply(step.choices[0])


def deal_out(game: PromptLab) -> None:
    draw_until(game, DEALT * game.seats)


def bury_lowest(game: PromptLab, keep: Sequence[str] = ()) -> list[Event]:
    """The declarer buries the two lowest cards of three suits (not the cards in `keep`)."""
    seat = game.declarer or 0
    hand = game.hands[seat]
    by_suit: dict[str, list[str]] = {}
    for card in hand:
        if card in keep:
            continue
        by_suit.setdefault(card[1], []).append(card)
    cards = [c for suit in sorted(by_suit)[:3] for c in by_suit[suit][:2]]
    return game.apply(Action.make(seat, "bury", cards=cards))


def expose_nothing(game: PromptLab) -> None:
    for seat in range(game.seats):
        game.apply(Action.make(seat, "expose", cards=[]))


def assert_no_leak(game: PromptLab, events: Iterable[Event] = ()) -> None:
    """Views and events hold only what their viewers may know."""
    assert not card_codes(game.view(None)) & hidden_from(game, None)
    for seat in range(game.seats):
        assert not card_codes(game.view(seat)) & hidden_from(game, seat), seat
    for event in events:
        viewers: Iterable[int | None] = [None] if event.audience is None else event.audience
        for viewer in viewers:
            assert not card_codes(event.to_json()) & hidden_from(game, viewer), event


# ---------------------------------------------------------------------------- setup


def test_a_seeded_shuffle_and_a_json_round_trip() -> None:
    one, two = PromptLab.new(3, None, 7), PromptLab.new(3, None, 7)
    assert one.stock == two.stock and sorted(one.stock) == sorted(DECK)
    assert one.stock != PromptLab.new(3, None, 8).stock
    deal_out(one)
    again = PromptLab.from_json(one.to_json())
    assert again.to_json() == one.to_json()
    assert again.view(1) == one.view(1) and again.prompts() == one.prompts()


@pytest.mark.parametrize("deal", [["AS"] * 104, "AS", DECK[:-1]])
def test_a_bad_deal_is_refused(deal: Any) -> None:
    with pytest.raises(RecordError) as err:
        PromptLab.new(2, None, 0, list(deal) if isinstance(deal, tuple) else deal)
    assert err.value.code == "bad_deal"


@pytest.mark.parametrize("seats", [1, 5])
def test_two_to_four_seats(seats: int) -> None:
    with pytest.raises(RecordError):
        PromptLab.new(seats)


# ---------------------------------------------------------------------------- the deal


def test_the_deal_is_mechanical_and_an_ace_may_declare_out_of_turn() -> None:
    # seat 1 draws AS at its second draw, seat 2 draws AH at its third
    game = PromptLab.new(3, None, 0, stacked(3, {1: ["2C", "AS"], 2: ["3C", "4C", "AH"]}))
    # the draw is the table's own step, no seat's decision
    assert game.prompts() == {}
    assert game.table_step() == Prompt(
        0, "draw", choices=(Action.make(0, "draw"),), mechanical=True, pace=0.25
    )
    assert game.to_act() == {0}
    draw_until(game, 5)  # seat 1 drew AS; seat 2 is to draw
    declare = game.prompts()[1]
    assert (declare.required, declare.public, declare.mechanical) == (False, False, False)
    assert declare.choices == (Action.make(1, "declare", card="AS"),)
    assert declare.default is None and declare.window is None
    assert game.to_act() == {2}  # an optional prompt is not waited for
    draw_until(game, 7)  # seat 1's own draw is next: its declare stays open meanwhile
    step = game.table_step()
    assert step is not None and step.seat == 1 and game.prompts()[1] == declare
    draw_until(game, 9)
    assert game.prompts()[1] == declare and game.prompts()[2].kind == "declare"
    refused(game, Action.make(1, "declare", card="AH"), "card_not_held")
    refused(game, Action.make(0, "declare", card="KS"), "not_an_ace")
    # seat 1 declares between two draws of seat 0; the first declaration stands, in public
    events = game.apply(Action.make(1, "declare", card="AS"))
    assert [e.to_json() for e in events] == [{"type": "declared", "seat": 1, "card": "AS"}]
    assert game.prompts() == {}
    refused(game, Action.make(2, "declare", card="AH"), "already_declared")
    assert game.view(None)["declarer"] == 1 and game.view(None)["declared"] == "AS"
    deal_out(game)
    assert [len(h) for h in game.hands] == [17, 40, 17]  # the declarer took the stock to 40
    assert game.phase == "bury" and set(game.prompts()) == {1}


def test_without_a_declaration_seat_zero_takes_the_stock() -> None:
    game = PromptLab.new(2, None, 0, stacked(2, {}))
    draw_until(game, DEALT * 2 - 1)
    events = game.apply(Action.make(1, "draw"))
    assert game.declarer == 0 and [len(h) for h in game.hands] == [40, 17]
    took = [e for e in events if e.type.startswith("took")]
    assert took[0].to_json() == {"type": "took_stock", "seat": 0, "count": 23}
    assert took[1].audience == {0} and len(took[1].data["cards"]) == 23
    assert len(game.stock) == len(DECK) - 57
    assert_no_leak(game, events)


def test_draws_only_by_the_seat_to_draw_and_only_during_the_deal() -> None:
    game = PromptLab.new(2, None, 3)
    refused(game, Action.make(1, "draw"), "not_your_turn")
    refused(game, Action.make(0, "draw", card="AS"), "malformed_action")
    refused(game, Action.make(5, "draw"), "bad_seat")
    refused(game, Action.make(0, "shuffle"), "unknown_action")
    refused(game, Action.make(0, "discard", cards=["2C"]), "wrong_phase")
    events = game.apply(Action.make(0, "draw"))
    assert events[0].to_json() == {"type": "drew", "seat": 0}
    assert events[1].audience == {0} and events[1].data["card"] == game.hands[0][0]
    assert_no_leak(game, events)


# ---------------------------------------------------------------------------- the bury


def test_the_declarer_buries_six_of_forty_judged_as_a_whole() -> None:
    hearts = ["2H", "3H", "4H", "5H"]
    game = PromptLab.new(2, None, 0, stacked(2, {0: [*hearts, "2S", "3S", "2D", "2C"]}))
    deal_out(game)
    [prompt] = game.prompts().values()
    pick = prompt.pick
    assert pick is not None and prompt.kind == "bury" and prompt.public and prompt.required
    assert (pick.min, pick.max, pick.exact, len(pick.cards)) == (6, 6, 6, 40)
    assert list(pick.cards) == game.hands[0] == game.view(0)["hand"]
    bury = ["2H", "3H", "2S", "3S", "2D", "2C"]
    refused(game, Action.make(0, "bury", cards=bury[:5]), "bury_count")
    refused(game, Action.make(0, "bury", cards=[*bury, "4H"]), "bury_count")
    err = refused(
        game, Action.make(0, "bury", cards=["2H", "3H", "4H", "2S", "3S", "2D"]), "bury_suit_limit"
    )
    assert err.message == "Bury at most 2 cards of one suit." and err.params["suit"] == "H"
    refused(game, Action.make(0, "bury", cards=["AS", *bury[1:]]), "card_not_held")
    refused(game, Action.make(1, "bury", cards=bury), "not_your_turn")
    refused(game, Action.make(0, "bury", cards="2H 3H"), "malformed_action")
    refused(game, Action.make(0, "expose", cards=[]), "wrong_phase")
    action = pick.action(0, pick.positions(bury))
    assert sorted(action.get("cards")) == sorted(bury)
    game.check(action)
    events = game.apply(action)
    assert [e.to_json() for e in events if e.public] == [{"type": "buried", "seat": 0, "count": 6}]
    [kitty_event] = [e for e in events if not e.public]
    assert kitty_event.audience == {0} and sorted(kitty_event.data["cards"]) == sorted(bury)
    assert game.seal_of(action) == "kitty" and "kitty" in game.open_seals()
    assert len(game.hands[0]) == 34
    assert game.view(0)["kitty"] == game.kitty
    assert game.view(1)["kitty"] is None and game.view(None)["kitty"] is None
    assert_no_leak(game, events)


# ---------------------------------------------------------------------------- exposures


def test_exposures_are_sealed_until_the_last_is_in() -> None:
    game = PromptLab.new(3, None, 11)
    deal_out(game)
    bury_lowest(game)
    prompts = game.prompts()
    assert sorted(prompts) == [0, 1, 2] and game.to_act() == {0, 1, 2}
    assert all(
        p.kind == "expose" and p.public and p.pick and p.pick.max == 2 for p in prompts.values()
    )
    mine = game.hands[1][:2]
    refused(game, Action.make(1, "expose", cards=game.hands[1][:3]), "expose_count")
    absent = next(card for card in DECK if card not in game.hands[1])
    refused(game, Action.make(1, "expose", cards=[absent]), "card_not_held")
    events = game.apply(Action.make(1, "expose", cards=mine))
    assert [e.to_json() for e in events if e.public] == [{"type": "expose_decided", "seat": 1}]
    assert game.seal_of(Action.make(1, "expose", cards=mine)) == "expose"
    assert "expose" in game.open_seals()
    assert game.view(1)["my_exposure"] == mine and game.view(1)["decided"] == [1]
    assert game.view(0)["my_exposure"] is None and game.view(None)["decided"] == [1]
    assert game.view(0)["exposed"] == [[], [], []]
    refused(game, Action.make(1, "expose", cards=[]), "not_your_turn")
    assert_no_leak(game, events)
    game.apply(Action.make(0, "expose", cards=[]))
    last = game.apply(Action.make(2, "expose", cards=game.hands[2][-1:]))
    [revealed] = [e for e in last if e.type == "exposed"]
    assert revealed.public and revealed.data["exposed"] == [[], mine, game.hands[2][-1:]]
    assert "expose" not in game.open_seals()
    assert game.view(None)["exposed"] == [[], mine, game.hands[2][-1:]]
    assert game.phase == "discard" and game.to_act() == {game.declarer}
    assert_no_leak(game, last)


# ---------------------------------------------------------------------------- discards and claims


def claims_table() -> PromptLab:
    """3 seats, seat 0 declarer; seat 0 holds 7H and KC, seat 1 7S and 8H, seat 2 7D and QC;
    no other King or Queen is dealt."""
    game = PromptLab.new(
        3, None, 0, stacked(3, {0: ["7H", "KC"], 1: ["7S", "8H"], 2: ["7D", "QC"]}, late="AKQ")
    )
    deal_out(game)
    bury_lowest(game, keep=["7H", "KC"])
    expose_nothing(game)
    return game


def test_claims_are_private_timed_sealed_and_pair_beats_run() -> None:
    game = claims_table()
    assert game.declarer == 0 and game.turn() == 0
    [discard] = game.prompts().values()
    assert discard.kind == "discard" and discard.pick and discard.pick.exact == 1
    refused(game, Action.make(0, "discard", cards=["7H", "KC"]), "discard_count")
    events = game.apply(Action.make(0, "discard", cards=["7H"]))
    assert [e.to_json() for e in events if e.public] == [
        {"type": "discarded", "seat": 0, "card": "7H"}
    ]
    assert {e.seat: e.audience for e in events if not e.public} == {1: {1}, 2: {2}}
    prompts = game.prompts()
    passing = Action.make(1, "pass")
    assert prompts[1] == Prompt(
        1,
        "claim",
        public=False,
        choices=(Action.make(1, "pair"), Action.make(1, "run"), passing),
        default=passing,
        window=20.0,
    )
    assert prompts[2].choices == (Action.make(2, "pair"), Action.make(2, "pass"))
    assert game.to_act() == {1, 2}
    assert game.view(None)["turn"] is None  # nothing public says who is asked
    assert game.view(0)["my_claims"] == [] and game.view(1)["my_claims"] == ["pair", "run"]
    # refusals name nobody: not the seats asked
    err = refused(game, Action.make(0, "pass"), "no_claim")
    assert "1" not in err.message and "2" not in err.message and not err.params
    refused(game, Action.make(2, "run"), "claim_not_allowed")
    answer = game.apply(Action.make(2, "pair"))
    assert all(not e.public for e in answer) and game.seal_of(Action.make(2, "pair")) == "claims:0"
    assert game.open_seals() == {"kitty", "claims:0"}
    refused(game, Action.make(2, "pass"), "claim_answered")
    resolved = game.apply(Action.make(1, "run"))
    assert [e.to_json() for e in resolved if e.public] == [
        {"type": "claimed", "seat": 2, "claim": "pair", "card": "7H"}
    ]
    assert game.points == [0, 0, 1] and game.open_seals() == {"kitty"}
    assert game.claims == [{"discard": 0, "seat": 2, "claim": "pair"}]
    assert game.phase == "discard" and game.to_act() == {1}


def test_among_pairs_the_first_seat_after_the_discarder_wins() -> None:
    game = claims_table()
    game.apply(Action.make(0, "discard", cards=["7H"]))
    game.apply(Action.make(2, "pair"))
    resolved = game.apply(Action.make(1, "pair"))
    assert [e.seat for e in resolved if e.type == "claimed"] == [1]


def test_seats_with_nothing_to_claim_are_not_asked() -> None:
    game = claims_table()
    events = game.apply(Action.make(0, "discard", cards=["KC"]))  # nobody holds a K or the QC
    assert [e.type for e in events] == ["discarded"]
    assert game.phase == "discard" and game.to_act() == {1} and set(game.prompts()) == {1}


def test_all_passing_scores_nobody_and_three_rounds_end_the_game() -> None:
    game = claims_table()
    rng = random.Random(3)
    while not game.is_over():
        for seat, prompt in game.prompts().items():
            if prompt.kind == "claim":
                game.apply(Action.make(seat, "pass"))
                break
            if prompt.kind == "discard":
                game.apply(prompt.pick.action(seat, [rng.randrange(len(prompt.pick.cards))]))
                break
    assert len(game.discards) == 9 and game.points == [0, 0, 0]
    assert game.result() == {
        "winners": [],
        "points": [0, 0, 0],
        "declarer": 0,
        "kitty": game.kitty,
    }
    assert game.open_seals() == frozenset() and game.prompts() == {} and game.to_act() == set()
    refused(game, Action.make(0, "discard", cards=[game.hands[0][0]]), "game_over")


# ---------------------------------------------------------------------------- random playouts


ACTION_TYPES = ("draw", "declare", "bury", "expose", "discard", "pair", "run", "pass", "flip")


def probe(game: PromptLab, rng: random.Random) -> Action:
    """A random action, most often illegal: any seat, any type, cards from anywhere."""
    seat = rng.randrange(-1, game.seats + 1)
    kind = rng.choice(ACTION_TYPES)
    if kind == "declare":
        return Action.make(seat, kind, card=rng.choice(DECK))
    if kind in ("bury", "expose", "discard"):
        held = game.hands[seat] if 0 <= seat < game.seats else []
        pool = list(held) + list(rng.sample(DECK, 3))
        return Action.make(seat, kind, cards=rng.sample(pool, min(len(pool), rng.randrange(0, 8))))
    return Action.make(seat, kind)


def check_agrees_with_apply(game: PromptLab, action: Action) -> None:
    before = game.to_json()
    try:
        game.check(action)
    except IllegalAction as exc:
        with pytest.raises(IllegalAction) as again:
            game.apply(action)
        assert again.value.code == exc.code
        assert game.to_json() == before, action
        return
    copy = PromptLab.from_json(before)
    copy.apply(action)  # accepted by check: applied without complaint
    assert game.to_json() == before


def assert_consistent(game: PromptLab, log: list[tuple[Action, str | None]]) -> None:
    """Prompts, `to_act`, the JSON round trip, and the record the table would hand out."""
    prompts = game.prompts()
    step = game.table_step()
    waited = {s for s, p in prompts.items() if p.required} | ({step.seat} if step else set())
    assert game.to_act() == waited
    for seat, prompt in prompts.items():
        assert prompt.seat == seat
        for choice in prompt.choices:
            assert game.accepts(choice), (prompt, choice)
        if prompt.default is not None:
            assert game.accepts(prompt.default)
    assert PromptLab.from_json(game.to_json()).to_json() == game.to_json()
    # actions under an open seal are left out of records; the rest hide nothing
    hidden = hidden_from(game, None)
    shown = [a.to_json() for a, seal in log if seal is None or seal not in game.open_seals()]
    assert not card_codes(shown) & hidden
    assert not card_codes(game.summary()) & hidden


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_random_playouts_finish_and_never_leak(seats: int) -> None:
    for seed in range(40):
        rng = random.Random(seed)
        levels = [rng.choice(("easy", "normal", "hard")) for _ in range(seats)]
        game = PromptLab.new(seats, None, seed)
        decide = cpu_chooser(prompt_lab.GAME_ID, levels, seed)
        log: list[tuple[Action, str | None]] = []
        declined: set[tuple[int, str]] = set()
        while not game.is_over():
            for _ in range(2):
                check_agrees_with_apply(game, probe(game, rng))
            prompt = automated_prompt(
                game.prompts(), lambda seat: True, declined, step=game.table_step()
            )
            assert prompt is not None, "stalled"
            action = resolve_prompt(game, prompt, decide)
            if action is None:
                declined.add((prompt.seat, prompt.signature()))
                continue
            check_agrees_with_apply(game, action)
            events = game.apply(action)
            log.append((action, game.seal_of(action)))
            assert_no_leak(game, events)
            assert_consistent(game, log)
            assert len(log) < 400
        result = game.result()
        assert result is not None and result["points"] == game.points
        assert sum(game.points) == len(game.claims) <= 3 * seats
        assert len(game.kitty) == 6 and game.open_seals() == frozenset()
        # the whole log replays to the same state
        again = PromptLab.new(seats, None, seed)
        for action, _ in log:
            again.apply(action)
        assert again.to_json() == game.to_json()


def test_autoplay_with_the_cpus_of_every_level() -> None:
    for seed in range(20):
        for levels in (["easy"] * 3, ["normal"] * 3, ["hard", "normal", "easy"]):
            game = PromptLab.new(3, None, seed)
            actions = game.autoplay(cpu_chooser(prompt_lab.GAME_ID, levels, seed))
            assert game.is_over() and len(actions) >= 3 * 17 + 1 + 3 + 9
