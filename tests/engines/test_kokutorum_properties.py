"""Kokutorum over thousands of random rounds, checked at every step, and its records.

At every step: the 30 cards are all there (hands, the drawn card, the pile, the stock), a hand
changes only as the action says (an insert puts the drawn card where and which end up it was
told, a discard takes out the card it names, a rotation turns the hand; nothing else moves a
card or turns it), hands hold 8 cards (9 between the insert and the discard), what the table
saw go into a hand is still there, and no hidden card reaches another seat's view. At every
round's end the points are the least deadwood (an independent recursion) of the hands shown and the scores
follow RECORDS.md; the totals are the sums of the rounds; the game ends exactly when a total
reaches the target. Records of finished games replay to the same result, with or without their
deals written out; every refusal answers exit 3 with its code, a malformed record exit 2.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Callable

import pytest

from bot.replay import EXIT_MALFORMED, EXIT_OK, EXIT_REFUSED, answer_line
from engines.actions import Action, Event
from engines.cpu import RandomChoice, cpu_chooser
from engines.game import Game
from engines.kokutorum import Kokutorum
from engines.players import Decision
from engines.prompts import Prompt
from engines.record import Record, parse_record, replay
from engines.two_number.cards import DECK, base, rotated, values
from engines.two_number.table import shuffled
from tests.engines.kokutorum_helpers import (
    discard,
    draw,
    insert,
    keep,
    knock,
    layout,
    rotate,
)
from tests.engines.test_two_number import least_deadwood

BONUS = 5


def expected_round(points: list[int], knocker: int | None) -> tuple[str, list[int], list[int]]:
    """RECORDS.md's scoring, read again from its words."""
    seats = len(points)
    scores = [0] * seats
    if knocker is None:
        winners = [s for s in range(seats) if points[s] == min(points)]
        for s in winners:
            scores[s] = BONUS
        return "stock", scores, winners
    low = min(points[s] for s in range(seats) if s != knocker)
    if low < points[knocker]:
        winners = [s for s in range(seats) if s != knocker and points[s] == low]
        for s in winners:
            scores[s] = points[knocker] - low + BONUS
        return "undercut", scores, winners
    scores[knocker] = low - points[knocker] + (BONUS if points[knocker] == 0 else 0)
    return ("kokuto" if points[knocker] == 0 else "knock"), scores, [knocker]


def mixed(seed: int, seats: int) -> Callable[[Game, Prompt], Action | None]:
    """Seats at random levels: random players (who knock, rotate and take the pile at any
    moment) beside easy and normal CPUs (who play rounds out to the stock's end)."""
    rng = random.Random(seed)
    levels = [rng.choice(["random", "random", "easy", "normal"]) for _ in range(seats)]
    cpus = cpu_chooser("kokutorum", ["normal" if lv == "random" else lv for lv in levels], seed)
    player = RandomChoice()

    def decide(game: Game, prompt: Prompt) -> Action | None:
        if levels[prompt.seat] == "random":
            return player.decide(Decision(game.view(prompt.seat), prompt, rng, game.accepts))
        return cpus(game, prompt)

    return decide


# --------------------------------------------------------------------------- invariants


def conserved(game: Kokutorum) -> None:
    cards = [base(c) for hand in game.hands for c in hand] + game.pile + game.stock
    if game.drawn is not None:
        cards.append(game.drawn)
    assert sorted(cards) == sorted(DECK)


def shapes(game: Kokutorum) -> None:
    if game.is_over():  # the hands stay as they were shown (a knocker's with nine cards)
        return
    for seat, hand in enumerate(game.hands):
        extra = seat == game.turn and game.phase == "discard"
        assert len(hand) == (9 if extra else 8)
        assert len(game.known[seat]) == len(hand)
        for seen, held in zip(game.known[seat], hand, strict=True):
            assert seen is None or seen == held  # a card taken from the pile stays in sight


def hidden_stays_hidden(game: Kokutorum) -> None:
    """No seat's view (nor the table's) names a card it has not seen in this round."""
    for viewer in [None, *range(game.seats)]:
        view = game.view(viewer)
        for key in ("rounds", "last_round", "result"):  # hands shown at past rounds' ends
            view.pop(key)
        text = json.dumps(view)
        hidden = list(game.stock)
        for seat in range(game.seats):
            if seat != viewer:
                hidden += [
                    base(c)
                    for c, seen in zip(game.hands[seat], game.known[seat], strict=True)
                    if seen is None
                ]
        if game.drawn is not None and game.drawn_from == "stock" and game.turn != viewer:
            hidden.append(game.drawn)
        for card in hidden:
            assert card not in text, (viewer, card)


def moved_as_told(before: Kokutorum, action: Action, after: Kokutorum) -> None:
    """The hands after `action` are the hands before, changed only as the action says."""
    if after.round_no != before.round_no or after.is_over():
        return
    hands = [list(h) for h in before.hands]
    seat = action.seat
    if action.type == "rotate":
        hands[seat] = rotated(hands[seat])
    elif action.type == "insert":
        assert before.drawn is not None
        card = f"{before.drawn}/{action.get('upright')}"
        hands[seat].insert(int(action.get("position")), card)
    elif action.type == "discard":
        gone = hands[seat].pop(int(action.get("position")))
        assert after.pile[-1] == base(gone)
    assert after.hands == hands


def round_end(before: Kokutorum, after: Kokutorum, events: list[Event]) -> None:
    """A finished round: points, scores, winners and totals as the contract says."""
    if len(after.history) == len(before.history):
        return
    entry = after.history[-1]
    points = [least_deadwood(values(hand)) for hand in entry["hands"]]
    assert entry["points"] == points
    kind, scores, winners = expected_round(points, entry["knocker"])
    assert (entry["kind"], entry["scores"], entry["winners"]) == (kind, scores, winners)
    assert entry["dealer"] == before.dealer
    sums = [sum(r["scores"][s] for r in after.rounds()) for s in range(after.seats)]
    assert after.totals == sums
    assert after.is_over() == (max(sums) >= after.target)
    if after.is_over():
        assert after.summary()["winners"] == [s for s in range(after.seats) if sums[s] == max(sums)]
        assert events[-1].type == "game_over"
    else:
        assert after.dealer == (before.dealer + 1) % after.seats
        assert after.to_act() == {(after.dealer + 1) % after.seats}
        assert events[-1].type == "deal"


def private_events(events: list[Event], seat: int) -> None:
    for event in events:
        if "card" in event.data and event.type in ("drew_card", "inserted_card"):
            assert event.audience == {seat}


def play_checked(game: Kokutorum, decide: Callable[[Game, Prompt], Action | None]) -> int:
    """Play the game to its end, checking every step; the number of rounds played."""
    rng = random.Random(game.seed)
    steps = 0
    while not game.is_over():
        prompts = game.prompts()
        assert set(game.to_act()) <= set(prompts)
        for prompt in prompts.values():
            for choice in prompt.choices:
                assert game.accepts(choice)
            assert set(game.legal_actions(prompt.seat)) >= set(prompt.choices)
        optional = [p for p in prompts.values() if not p.required]
        required = [p for p in prompts.values() if p.required]
        prompt = rng.choice(optional) if optional and rng.random() < 0.3 else required[0]
        action = decide(game, prompt)
        if action is None:
            continue
        before = Kokutorum.from_json(game.to_json())
        events = game.apply(action)
        moved_as_told(before, action, game)
        private_events(events, action.seat)
        round_end(before, game, events)
        conserved(game)
        shapes(game)
        if steps % 7 == 0:
            hidden_stays_hidden(game)
        steps += 1
        assert steps < 20000
    return len(game.history)


@pytest.mark.parametrize("seats", [2, 3])
def test_thousands_of_random_rounds_keep_every_invariant(seats: int) -> None:
    rounds, seed = 0, 0
    while rounds < 1000:
        game = Kokutorum.new(seats, {"target": random.Random(seed).choice([10, 30, 60])}, seed)
        rounds += play_checked(game, mixed(seed, seats))
        seed += 1


def test_the_state_round_trips_through_json_at_every_step() -> None:
    for seats in (2, 3):
        game = Kokutorum.new(seats, {}, 77 + seats)
        decide = mixed(3, seats)
        while not game.is_over():
            game.autoplay(decide, limit=1)
            data = game.to_json()
            copy = Kokutorum.from_json(json.loads(json.dumps(data)))
            assert copy.to_json() == data
            for seat in (None, *range(seats)):
                assert copy.view(seat) == game.view(seat)
            assert {s: p.to_json() for s, p in copy.prompts().items()} == {
                s: p.to_json() for s, p in game.prompts().items()
            }


# --------------------------------------------------------------------------- records


def layouts(game: Kokutorum) -> list[dict]:
    """The deals a seeded game was dealt, written out as a record's `deals`."""
    out = []
    for n in range(1, game.round_no + 1):
        cards = shuffled(game.seed, n)
        dealer = (game.first + n - 1) % game.seats
        hands: list[list[str]] = [[] for _ in range(game.seats)]
        for i in range(8 * game.seats):
            hands[(dealer + 1 + i) % game.seats].append(cards[i])
        entry = {
            "hands": hands,
            "upcard": base(cards[8 * game.seats]),
            "stock": [base(c) for c in cards[8 * game.seats + 1 :]],
        }
        out.append({"dealer": dealer, **entry} if n == 1 else entry)
    return out


@pytest.mark.parametrize("seats", [2, 3])
def test_a_finished_games_record_replays_to_the_same_result(seats: int) -> None:
    for seed in range(6):
        game = Kokutorum.new(seats, {"target": 20}, seed)
        actions = game.autoplay(mixed(seed, seats))
        record = Record(
            "kokutorum", seats, {"target": 20}, seed, None, tuple(a.to_json() for a in actions)
        )
        answer = replay(parse_record(json.loads(json.dumps(record.to_json())))).answer
        assert answer["over"] and answer["result"] == game.result() == answer["state"]
        assert answer["actions_applied"] == len(actions) and answer["to_act"] == []
        written = parse_record({**record.to_json(), "seed": seed + 1000, "deals": layouts(game)})
        assert replay(written).answer["result"] == game.result()


def test_replay_finish_plays_the_same_game_every_time() -> None:
    record = parse_record({"game": "kokutorum", "seats": 3, "seed": 12})
    first = replay(record, finish=True).answer
    assert first["over"] and first["result"]["winners"]
    assert replay(record, finish=True).answer == first
    rounds = first["result"]["rounds"]
    assert first["result"]["totals"] == [sum(r["scores"][s] for r in rounds) for s in range(3)]


DEAL = layout(["w1 w1 w1 b2 b2 b2 w6 w4", "w4 w4 w4 b4 b4 b4 w2 w3"], "w6", dealer=1)


def rec(*actions: dict, **extra: object) -> str:
    out = {"game": "kokutorum", "seats": 2, "seed": 3, "deals": [DEAL], "actions": list(actions)}
    out.update(extra)
    return json.dumps(out)


def act(action: Action) -> dict:
    return action.to_json()


REFUSALS = [
    # (actions, code, index of the refused action)
    ([act(draw(1))], "not_your_turn", 0),
    ([act(draw(2))], "bad_seat", 0),
    ([{"seat": 0, "type": "pass"}], "unknown_action", 0),
    ([{"seat": 0, "type": "draw"}], "malformed_action", 0),
    ([{"seat": 0, "type": "draw", "from": "deck"}], "malformed_action", 0),
    ([{"seat": 0, "type": "draw", "from": "stock", "card": "W1B2"}], "malformed_action", 0),
    ([{"seat": "0", "type": "draw", "from": "stock"}], "malformed_action", 0),
    ([{"seat": 0, "type": "rotate", "hand": 1}], "malformed_action", 0),
    ([act(insert(0, 0))], "wrong_phase", 0),
    ([act(discard(0, 0))], "wrong_phase", 0),
    ([act(draw(0)), act(draw(0))], "wrong_phase", 1),
    ([act(draw(0)), act(insert(0, 9))], "bad_position", 1),
    (
        [act(draw(0)), {"seat": 0, "type": "insert", "position": 1.0, "upright": "W"}],
        "malformed_action",
        1,
    ),
    ([act(draw(0)), act(insert(0, 0, "X"))], "bad_upright", 1),
    ([act(draw(0)), act(insert(0, 0)), act(discard(0, 9))], "bad_position", 2),
    ([act(knock(0))], "knock_not_now", 0),
    ([act(draw(0)), act(knock(0))], "knock_not_now", 1),
    (
        [act(draw(0)), act(insert(0, 0)), act(discard(0, 0)), act(draw(1)), act(knock(0))],
        "knock_not_now",
        4,
    ),
    ([act(keep(1)), act(rotate(1))], "already_decided", 1),
    ([act(draw(0)), act(rotate(1))], "rotation_closed", 1),
    ([act(draw(0)), act(insert(0, 0)), act(knock(0)), act(draw(1))], "game_over", 3),
]


@pytest.mark.parametrize(("actions", "code", "index"), REFUSALS)
def test_every_refusal_answers_exit_3_with_its_code(actions: list, code: str, index: int) -> None:
    extra = {"options": {"target": 1}} if code == "game_over" else {}
    answer, status = answer_line(rec(*actions, **extra), finish=False)
    assert status == EXIT_REFUSED
    assert answer == {
        "error": {"index": index, "code": code, "message": answer["error"]["message"]}
    }
    assert answer["error"]["message"]


MALFORMED = [
    ({"seats": 4}, "bad_seats"),
    ({"seats": 1}, "bad_seats"),
    ({"options": {"target": 0}}, "bad_option"),
    ({"options": {"target": 30, "rounds": 2}}, "unknown_option"),
    ({"deals": None, "deal": DEAL}, "bad_deal"),
    ({"deals": [{**DEAL, "upcard": DEAL["stock"][0]}]}, "bad_deal"),
    ({"deals": [{**DEAL, "dealer": 5}]}, "bad_deal"),
    ({"deals": [{k: v for k, v in DEAL.items() if k != "dealer"}]}, "bad_deal"),
    ({"deals": [DEAL, {**DEAL, "dealer": 1}]}, "bad_deal"),
    (
        {"deals": [{**DEAL, "hands": [DEAL["hands"][0], [c[:4] for c in DEAL["hands"][1]]]}]},
        "bad_deal",
    ),
    ({"deals": [{**DEAL, "kitty": []}]}, "bad_deal"),
]


@pytest.mark.parametrize(("change", "code"), MALFORMED)
def test_a_malformed_record_answers_exit_2(change: dict, code: str) -> None:
    data = json.loads(rec())
    data.update(change)
    data = {k: v for k, v in data.items() if v is not None}
    answer, status = answer_line(json.dumps(data), finish=False)
    assert status == EXIT_MALFORMED and answer["error"]["code"] == code


def test_the_command_line_answers_every_line_with_its_code() -> None:
    """`cardbot replay --jsonl`, one process: the refusals, a malformed record, a good one;
    and single records exit with 3 and 2."""
    lines = [rec(*actions) for actions, code, _ in REFUSALS if code != "game_over"]
    lines += [rec(deals=[{**DEAL, "dealer": 5}]), rec(act(draw(0)))]
    proc = subprocess.run(
        [sys.executable, "-m", "bot.cli", "replay", "--jsonl", "-"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == EXIT_OK and proc.stderr == ""
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    codes = [code for _, code, _ in REFUSALS if code != "game_over"]
    assert [a["error"]["code"] for a in answers[: len(codes)]] == codes
    assert answers[-2]["error"]["code"] == "bad_deal"
    assert answers[-1]["actions_applied"] == 1 and answers[-1]["to_act"] == [0]
    for stdin, status in ((lines[0], EXIT_REFUSED), (lines[-2], EXIT_MALFORMED)):
        single = subprocess.run(
            [sys.executable, "-m", "bot.cli", "replay", "-"],
            input=stdin,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert single.returncode == status and "Traceback" not in single.stderr
