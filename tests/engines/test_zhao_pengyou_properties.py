"""Zhao Pengyou over thousands of random deals at every seat count, checked at every step.

Cards are conserved, every play keeps the follow duties (judged again here, by the document's
words), the points of a deal add up to 100 a deck, ranks only rise, and nothing hidden (hands,
the stock, the kitty and the bury, who may declare) reaches a public view, a public event, a
log line or a record before the game reveals it. The fast `autoplay` is held to the generic one
and the state to its JSON round trip.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from engines.actions import Action
from engines.cpu import CpuChooser, RandomChoice, cpu_chooser, cpu_player, decision_rng
from engines.game import Game
from engines.players import Decision
from engines.prompts import Prompt
from engines.record import Record, parse_record, replay, start
from engines.zhao_pengyou import ZhaoPengyou
from engines.zhao_pengyou.cards import CODES, INDEX, TRUMP, card_set
from engines.zhao_pengyou.rules import lead_shape, units_of

CARD = re.compile(r"^(?:[2-9TJQKA][SHDC]|BJ|SJ)$")
SEAT_COUNTS = range(6, 13)


def mixed(seed: int, seats: int) -> Callable[[Game, Prompt], Action | None]:
    """Seats at random levels (random, easy, normal): every kind of play gets made."""
    rng = random.Random(seed)
    levels = [rng.choice(["random", "easy", "normal", "normal"]) for _ in range(seats)]
    normal = cpu_chooser(
        "zhao-pengyou", ["easy" if lv == "easy" else "normal" for lv in levels], seed
    )
    player = RandomChoice()

    def decide(game: Game, prompt: Prompt) -> Action | None:
        if levels[prompt.seat] == "random":
            return player.decide(Decision(game.view(prompt.seat), prompt, rng, game.accepts))
        return normal(game, prompt)

    return decide


# --------------------------------------------------------------------------- invariants


def conserved(game: ZhaoPengyou) -> None:
    """Hands, the stock left, the kitty or bury and the cards played make the game's cards;
    the cards shown in failed throws are in their hands."""
    cards = [0] * 54
    for hand in game.hands:
        for t, n in enumerate(hand):
            cards[t] += n
    if game.phase in ("draw", "declare"):
        for t in game.stock[game.drawn :]:
            cards[t] += 1
    elif game.phase != "bury":  # while burying, the kitty is in the declarer's hand
        for t in game.buried:
            cards[t] += 1
        for t, n in enumerate(game.seen):
            cards[t] += n
    assert cards == _DECK[game.seats]
    # what failed throws showed is still in the hand (a card shown twice is counted once)
    for seat, shown in enumerate(game.shown):
        assert all(game.hands[seat][t] >= n for t, n in shown.items()), (seat, shown)


_DECK = {seats: [card_set(seats).count(code) for code in CODES] for seats in SEAT_COUNTS}


def duty_broken(hand: Counter[int], lead: list[int], play: list[int], game: ZhaoPengyou) -> bool:
    """The document's follow duties, judged from scratch: as many cards; as many of the led
    suit as held, up to that; as many sets of the lead's size as the lead has (or all held)."""
    tr = game.trump
    assert tr is not None
    shape = lead_shape(units_of(lead), tr)
    suit = shape.suit
    if len(play) != len(lead):
        return True
    held = sum(n for t, n in hand.items() if tr.eff[t] == suit)
    played = sum(1 for t in play if tr.eff[t] == suit)
    if played != min(len(lead), held):
        return True
    if shape.size > 1:
        m = shape.size
        have = sum(n // m for t, n in hand.items() if tr.eff[t] == suit)
        given = sum(n // m for t, n in Counter(play).items() if tr.eff[t] == suit)
        if given < min(shape.units, have):
            return True
    return False


def public_codes(value: Any) -> set[str]:
    """Every card code inside a JSON value."""
    found: set[str] = set()
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if CARD.match(item):
                found.add(item)
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list | tuple | set | frozenset):
            pending.extend(item)
    return found


def seen_by_everyone(game: ZhaoPengyou, extra: Iterable[str] = ()) -> set[str]:
    """Codes the whole table has seen or heard this deal: the declared card, the called cards
    (named, not located), cards played (and shown in failed throws), and everything of
    finished deals (the kitty once revealed)."""
    out = set(extra)
    out |= {CODES[t] for t, _ in game.calls}
    if game.declared is not None:
        out.add(CODES[game.declared])
    out |= {CODES[t] for t, n in enumerate(game.seen) if n}
    out |= {c for f in game.failed for c in f["attempted"]}
    out |= {c for play in game.history for _, cards in play["plays"] for c in cards}
    out |= set(game.last_kitty)
    for outcome in game.outcomes:
        out |= public_codes(outcome)
    return out


def secret_from(game: ZhaoPengyou, viewer: int | None) -> set[str]:
    """Codes `viewer` (None: everyone) must not learn now: other hands, the stock, the kitty
    and the bury — less whatever the viewer holds or the table has seen."""
    secret = {CODES[t] for t in game.stock[game.drawn :]}
    for seat in range(game.seats):
        if seat != viewer:
            secret |= {CODES[t] for t, n in enumerate(game.hands[seat]) if n}
    if viewer != game.declarer or game.declarer is None:
        secret |= {CODES[t] for t in game.buried}
        if game.phase in ("draw", "declare"):
            secret |= {CODES[t] for t in game.stock[-6:]}
    known = seen_by_everyone(game)
    if viewer is not None:
        known |= {CODES[t] for t, n in enumerate(game.hands[viewer]) if n}
        if viewer == game.declarer:
            known |= {CODES[t] for t in game.buried} | {CODES[t] for t in game.kitty}
    return secret - known


def play_out(
    seats: int, seed: int, check_hidden: bool, ranks: str = "K"
) -> tuple[ZhaoPengyou, list[tuple[Action, str | None]]]:
    """A random match (one deal when every seat starts at K), every invariant checked at each
    action; returns the game and the log (action, seal)."""
    game = ZhaoPengyou.new(seats, {"ranks": [ranks] * seats}, seed)
    decide = mixed(seed, seats)
    log: list[tuple[Action, str | None]] = []
    steps = 0
    while not game.is_over() and steps < 6000:
        ranks_before = list(game.ranks)
        taken = game.autoplay(decide, limit=1)
        assert len(taken) == 1
        log.append((taken[0], game.seal_of(taken[0])))
        steps += 1
        assert all(after >= before for after, before in zip(game.ranks, ranks_before, strict=True))
        if game.phase != "over":
            conserved(game)
        if check_hidden:
            hidden_checks(game)
    return game, log


def hidden_checks(game: ZhaoPengyou) -> None:
    public = game.view(None)
    assert public["hand"] is None
    leaks = public_codes(public) & secret_from(game, None)
    assert not leaks, leaks
    assert public_codes(game.summary()) & secret_from(game, None) == set()
    for seat in range(game.seats):
        view = game.view(seat)
        assert not public_codes(view) & secret_from(game, seat)
        for key in ("declarable", "passed"):
            assert key not in public
    # nobody but the seat itself learns that it may declare
    for prompt in game.prompts().values():
        if prompt.kind in ("declare", "last_window"):
            assert not prompt.public


# --------------------------------------------------------------------------- the tests


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_random_deals_keep_every_invariant(seats: int) -> None:
    """300 one-deal matches per seat count (2,100 in all), every action checked."""
    for seed in range(300):
        game, _ = play_out(seats, seed * 13 + seats, check_hidden=False)
        assert game.is_over()
        outcome = game.outcomes[-1]
        team = set(outcome["team"])
        assert outcome["declarer"] in team and len(team) <= game.call_count + 1
        assert set(game.winners()) == {s for s in range(seats) if game.ranks[s] == 12}
        assert game.winners() and game.result() == {
            "ranks": [r for r in outcome["ranks"]],
            "deals": game.outcomes,
            "winners": game.winners(),
        }


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_every_play_keeps_the_follow_duties_and_the_points_add_up(seats: int) -> None:
    """Each follow is judged again from the document's words before it is applied; a deal's
    trick points and its kitty make 100 a deck, and the outcome counts the defenders' share
    (the kitty doubled to the last trick's side) as the tricks went."""
    for seed in range(60):
        game = ZhaoPengyou.new(seats, {"ranks": ["Q"] * seats}, 1000 + seed)
        decide = mixed(seed, seats)
        taken = [0] * seats
        while not game.is_over():
            prompts = game.prompts()
            if game.phase == "play":
                seat = game.turn
                action = decide(game, prompts[seat])
                assert action is not None
                if game.trick:
                    hand = Counter({t: n for t, n in enumerate(game.hands[seat]) if n})
                    play = [INDEX[c] for c in action.get("cards")]
                    assert not duty_broken(hand, list(game.trick[0][1]), play, game)
                events = game.apply(action)
            else:
                before = len(game.outcomes)
                game.autoplay(decide, limit=1)
                assert len(game.outcomes) == before
                continue
            for event in events:
                if event.type == "trick":
                    assert event.seat is not None
                    taken[event.seat] += int(event.data["points"])
                if event.type == "deal_over":
                    outcome = event.data
                    assert sum(taken) + outcome["kitty_points"] == 100 * game.decks
                    team = set(outcome["team"])
                    defenders = sum(p for s, p in enumerate(taken) if s not in team)
                    if outcome["last_trick"] not in team:
                        defenders += 2 * outcome["kitty_points"]
                    assert outcome["defender_points"] == defenders
                    taken = [0] * seats


@pytest.mark.parametrize("seats", [6, 8, 12])
def test_hidden_information_stays_hidden_at_every_step(seats: int) -> None:
    for seed in range(6):
        play_out(seats, 77 + seed, check_hidden=True)


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_events_tell_each_seat_only_what_it_may_know(seats: int) -> None:
    for seed in range(8):
        game = ZhaoPengyou.new(seats, {"ranks": ["K"] * seats}, seed)
        decide = mixed(seed, seats)
        for action in ZhaoPengyou.new(seats, {"ranks": ["K"] * seats}, seed).autoplay(decide):
            events = game.apply(action)
            # what each listener may know once the action is done
            secret = {s: secret_from(game, s) for s in [None, *range(seats)]}
            for event in events:
                codes = public_codes(dict(event.data))
                if event.type in ("deal_over", "game_over"):
                    continue  # a deal's end shows its kitty: no secret any more
                if event.public:
                    assert not codes & secret[None], (event, codes & secret[None])
                else:
                    assert event.audience is not None
                    for seat in event.audience:
                        assert not codes & secret[seat], event


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_sealed_actions_stay_out_of_the_log_until_the_deal_ends(seats: int) -> None:
    """A bury and a pass are sealed until their deal ends (a pass would tell who could declare)."""
    for seed in range(10):
        game, log = play_out(seats, 500 + seed, check_hidden=False, ranks="Q")
        kinds = {action.type: seal for action, seal in log}
        assert kinds["bury"] is not None and kinds["bury"].startswith("bury:")
        if "pass" in kinds:
            assert kinds["pass"] is not None and kinds["pass"].startswith("window:")
        assert game.open_seals() == frozenset()
    game = ZhaoPengyou.new(seats, {}, 3)
    decide = cpu_chooser(game.id, ["normal"] * seats, 3)
    while game.phase != "call":
        game.autoplay(decide, limit=1)
    assert f"bury:{len(game.outcomes)}" in game.open_seals()


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_the_fast_autoplay_is_the_generic_one(seats: int) -> None:
    for seed in range(4):
        fast = ZhaoPengyou.new(seats, {"ranks": ["Q"] * seats}, seed)
        slow = ZhaoPengyou.new(seats, {"ranks": ["Q"] * seats}, seed)
        taken = fast.autoplay(mixed(seed, seats), limit=2500)
        assert taken == Game.autoplay(slow, mixed(seed, seats), limit=2500)
        assert fast.to_json() == slow.to_json()


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_cpu_seats_answered_by_autoplay_itself_answer_as_from_their_views(seats: int) -> None:
    """`autoplay` with a `CpuChooser` answers its Zhao Pengyou players' prompts itself (plays
    from `seat_sim`, bury, calls, declarations): every action, every draw of their RNGs and
    the state are those of the generic loop, which asks each player from its seat's view. A
    random seat is left to the chooser; a hard seat at some seat counts."""
    levels = ["random", "easy", "normal"] + ["normal", "easy"] * 6
    if seats in (6, 9, 12):
        levels[3] = "hard"
    for seed in range(2):
        games = [ZhaoPengyou.new(seats, {"ranks": ["K"] * seats}, seed) for _ in range(2)]
        choosers = [
            CpuChooser(
                [
                    RandomChoice() if level == "random" else cpu_player(ZhaoPengyou.id, level)
                    for level in levels[:seats]
                ],
                [decision_rng(seed, "test", seat) for seat in range(seats)],
            )
            for _ in range(2)
        ]
        taken = games[0].autoplay(choosers[0])
        assert games[0].is_over()
        assert taken == Game.autoplay(games[1], choosers[1])
        assert games[0].to_json() == games[1].to_json()
        assert [rng.random() for rng in choosers[0].rngs] == [
            rng.random() for rng in choosers[1].rngs
        ]


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_the_state_round_trips_through_json_at_every_step(seats: int) -> None:
    game = ZhaoPengyou.new(seats, {"ranks": ["Q"] * seats}, seats)
    decide = mixed(seats, seats)
    while not game.is_over():
        game.autoplay(decide, limit=1)
        data = game.to_json()
        copy = ZhaoPengyou.from_json(data)
        assert copy.to_json() == data
        assert copy.view(0) == game.view(0) and copy.summary() == game.summary()
        assert {s: p.to_json() for s, p in copy.prompts().items()} == {
            s: p.to_json() for s, p in game.prompts().items()
        }


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_records_round_trip_through_replay(seats: int) -> None:
    """A record of the actions replays to the same state, and a deal given as `deals` to the
    same game as its seed."""
    game = ZhaoPengyou.new(seats, {"ranks": ["J"] * seats}, 40 + seats)
    actions = game.autoplay(mixed(seats, seats))
    record = Record(
        game.id,
        seats,
        {"ranks": ["J"] * seats},
        40 + seats,
        None,
        tuple(a.to_json() for a in actions),
    )
    answer = replay(record).answer
    assert answer["over"] and answer["result"] == game.result()
    assert answer["actions_applied"] == len(actions)
    layouts = [{"draw": [CODES[t] for t in layout]} for layout in _layouts(game, 40 + seats)]
    layouts[0]["dealer"] = _first_dealer(seats, 40 + seats)
    given = parse_record({**record.to_json(), "seed": 1, "deals": layouts})
    assert replay(given).answer["result"] == game.result()


def _layouts(game: ZhaoPengyou, seed: int) -> list[list[int]]:
    """The draw orders the seed gave, in order."""
    from engines.rng import derive_rng

    out = []
    for k in range(game.used):
        deck = [INDEX[c] for c in card_set(game.seats)]
        derive_rng(seed, f"deal:{k}").shuffle(deck)
        out.append(deck)
    return out


def _first_dealer(seats: int, seed: int) -> int:
    return start(Record("zhao-pengyou", seats, {}, seed)).dealer  # type: ignore[attr-defined]


def test_trump_suits_keep_their_members_apart() -> None:
    tr = ZhaoPengyou.new(6, {}, 0)
    del tr
    from engines.zhao_pengyou.cards import trump_of

    for suit in range(4):
        for rank in range(12):
            t = trump_of(suit, rank)
            assert sorted(x for e in range(5) for x in t.members[e]) == list(range(54))
            assert all(t.eff[x] == TRUMP for x in t.members[TRUMP])
