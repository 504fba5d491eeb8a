"""Shirokuro-jaku's computer players: hand efficiency (draws to go over every gap and end),
claims, the worth of a win, defence at hard, and answers that are always the prompt's own,
quick and read from the seat's view alone."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from engines.actions import Action
from engines.cpu import RandomChoice
from engines.players import Decision, Hint
from engines.shirokuro import Shirokuro
from engines.shirokuro.cpu import LEVELS as LEVELS_BY_NAME
from engines.shirokuro.cpu import ShirokuroCpu, _pool, danger, distance, player, threats
from engines.shirokuro.styles import styles
from engines.two_number.cards import values
from tests.engines.shirokuro_helpers import act, draw, new_game, pass_all, turn

LEVELS = ("easy", "normal", "hard")


def hint(game: Shirokuro, seat: int, level: str) -> Hint:
    prompt = game.prompts()[seat]
    decision = Decision(game.view(seat), prompt, random.Random(0), game.accepts)
    found = player(level).explain(decision)
    assert found.action is None or prompt.allows(found.action)
    return found


def after_first_discard(hands: list[str], discard: int = 0, **kwargs: object) -> Shirokuro:
    """The dealer keeps its hand and lets card `discard` go; every claim is passed."""
    game = new_game(hands, **kwargs)  # type: ignore[arg-type]
    act(game, 0, "discard", position=discard)
    pass_all(game)
    return game


# --------------------------------------------------------------------------- winning


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_declares_a_win_it_holds(level: str) -> None:
    game = new_game(["w1 w2 w3 b4 b4 b4 w5 w5", "w2 w2 b3 b4 b5 w6 w6"], indicator="W6B1")
    act(game, 0, "keep")
    found = hint(game, 0, level)
    assert found.action == Action.make(0, "tsumo") and found.reason == "tsumo"
    assert found.params == {"points": 18}


@pytest.mark.parametrize("level", LEVELS)
def test_the_drawn_card_goes_where_it_wins(level: str) -> None:
    game = after_first_discard(
        ["b1 w2 b3 w4 b5 w6 b2 w3", "w1 w2 w3 b4 b4 b4 w5"], indicator="W4B6", stock=["w5"]
    )
    draw(game, 1)
    found = hint(game, 1, level)
    assert found.reason == "insert_win" and found.params == {"points": 17}
    act(game, 1, "insert", **{k: v for k, v in found.action.fields})  # type: ignore[union-attr]
    assert game.wins(1)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_drawn_card_turns_to_the_end_that_makes_a_meld(level: str) -> None:
    """The document's example: white 2 / black 5 slipped between black 4 and black 6 with
    black 5 upright (nothing else brings this hand closer)."""
    game = after_first_discard(["w1 w2 w3 w4 w5 w6 b6 b6", "b4 b6 b1 b6 w1 b3 w4"], stock=["W2B5"])
    draw(game, 1)
    found = hint(game, 1, level)
    assert found.action == Action.make(1, "insert", position=1, upright="B")
    assert found.params == {"distance": 2}


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_card_that_fits_nowhere_is_let_go(level: str) -> None:
    game = new_game(
        ["w1 w2 w3 b4 b4 b4 b1 w5", "w2 w2 b3 b4 b5 w6 w6"], indicator="W6B6"[:2] + "B5"
    )
    act(game, 0, "keep")
    found = hint(game, 0, level)
    assert found.action == Action.make(0, "discard", position=6)
    assert found.params == {"card": game.view(0)["hand"][6][:4], "distance": 1}


# --------------------------------------------------------------------------- claims


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_rons_a_win_that_scores(level: str) -> None:
    game = new_game(["w1 w2 w3 b4 b4 b4 W6B3/W b6", "w2 w2 b3 b4 b5 w6 w6"], indicator="W5B1")
    act(game, 0, "discard", position=6)
    found = hint(game, 1, level)
    assert found.action is not None and found.action.type == "ron"
    assert found.params == {"points": 16}


def zero_point_ron() -> Shirokuro:
    """Seat 1 (after its first turn) may ron the dealer's white 6 for no yaku at all."""
    game = new_game(
        ["b1 w2 b3 w4 b5 w6 b2 w3", "w1 w2 w3 b4 b4 b4 w6"], indicator="W5B6", stock=["b1", "w6"]
    )
    act(game, 0, "discard", position=0)
    pass_all(game)
    turn(game, 1, 0, "B", 0)
    pass_all(game)
    draw(game, 0)
    act(game, 0, "insert", position=0, upright="W")
    act(game, 0, "discard", position=0)
    assert game.view(1)["claim"]["ron"]
    return game


@pytest.mark.parametrize("level", LEVELS)
def test_a_ron_worth_nothing_is_taken_it_ends_the_round_before_another_seat_scores(
    level: str,
) -> None:
    found = hint(zero_point_ron(), 1, level)
    assert found.action is not None and found.action.type == "ron"
    assert found.params == {"points": 0}


def pon_offer() -> Shirokuro:
    """Seat 1 holds a pair of black 4 and may pon the dealer's black 4: two draws from a win
    now, one once the koutsu is laid down and black 1 let go."""
    game = new_game(["w1 w2 w3 w4 w4 b5 b4 b6", "b4 b4 w1 w2 w3 w5 b1"], indicator="W6B5")
    act(game, 0, "discard", position=6)
    assert game.view(1)["claim"]["pon"] == [0]
    return game


def test_normal_and_hard_pon_when_it_brings_the_hand_closer() -> None:
    for level in ("easy", "normal", "hard"):
        found = hint(pon_offer(), 1, level)
        assert found.action == Action.make(1, "pon", position=0), level


def test_normal_passes_a_pon_that_does_not_help_and_easy_takes_it_anyway() -> None:
    # the black 4 pair is the hand's head, its two white runs are done: a pon would break it
    game = new_game(["w1 w2 w6 w4 w4 b5 W1B4/B b6", "b4 b4 w1 w2 w3 w4 w5"], indicator="W6B5")
    act(game, 0, "discard", position=6)
    assert game.view(1)["claim"]["pon"] == [0] and not game.view(1)["claim"]["ron"]
    assert hint(game, 1, "normal").action == Action.make(1, "pass")
    assert hint(game, 1, "hard").action == Action.make(1, "pass")
    assert hint(game, 1, "easy").action == Action.make(1, "pon", position=0)


def test_easy_never_chis() -> None:
    game = new_game(["w1 w2 w3 b4 b4 b4 w6 W2B3/B", "b2 b4 w1 w6 w5 b6 w4"], indicator="W5B6")
    act(game, 0, "discard", position=7)
    claim = game.view(1)["claim"]
    assert claim["chi"] and not claim["pon"] and not claim["ron"]
    assert hint(game, 1, "easy").action == Action.make(1, "pass")
    assert hint(game, 1, "normal").action == Action.make(1, "chi", position=0)


# --------------------------------------------------------------------------- the rotation


def test_normal_rotates_a_hand_that_is_closer_turned_around_easy_never() -> None:
    # every card shows its worse end: turned around, the hand is one card from a win
    game = new_game(
        ["w1 w2 w3 b4 b4 b4 w5 w5", "W3B1/W W3B2/W W4B3/W W2B5/W W3B5/W W4B5/W W1B6/W"],
        indicator="W6B6"[:2] + "B4",
    )
    turned = Shirokuro.from_json(game.to_json())
    act(turned, 1, "rotate")
    assert distance(values(turned.view(1)["hand"]), 2) < distance(values(game.view(1)["hand"]), 2)
    assert hint(game, 1, "normal").action == Action.make(1, "rotate")
    assert hint(game, 1, "hard").action == Action.make(1, "rotate")
    assert hint(game, 1, "easy").action == Action.make(1, "keep")


# --------------------------------------------------------------------------- worth and defence


def test_hard_waits_where_the_win_scores_more() -> None:
    """Letting black 1 go waits on white 6, letting white 6 go waits on black 1: as many
    cards either way, but white 6 is dora (two of them in the win). Hard keeps white 6."""
    game = new_game(["w1 w2 w3 b4 b4 b4 b1 w6", "w2 w2 b3 b4 b5 b6 b6"], indicator="W6B2")
    act(game, 0, "keep")
    assert hint(game, 0, "hard").action == Action.make(0, "discard", position=6)


def test_hard_keeps_out_of_the_way_of_a_seat_that_shows_two_melds() -> None:
    """Seat 1 pons twice and holds one card: it is ready, waiting on that card's number. The
    dealer, two draws from a win, has four discards that keep it there; hard lets go of the
    one whose numbers the fewest unseen cards show (normal looks only at its own hand)."""
    game = new_game(
        ["w1 b2 w5 b6 w3 b4 w6 b1", "b2 b2 w3 w3 w4 b6 b5"],
        indicator="W5B2",
        stock=["b5", "b6", "w2"],
    )
    act(game, 0, "discard", position=1)  # black 2: pon
    act(game, 1, "pon", position=0)
    act(game, 1, "discard", position=2)
    pass_all(game)
    turn(game, 0, 0, "W", 3)  # white 3: pon
    act(game, 1, "pon", position=0)
    act(game, 1, "discard", position=0)
    pass_all(game)
    assert len(game.view(1)["hand"]) == 1 and len(game.view(0)["exposed"][1]) == 2
    draw(game, 0)
    act(game, 0, "insert", position=0, upright="W")
    view = game.view(0)
    pool = _pool(view)
    keeps = {}
    for q, held in enumerate(view["hand"]):
        rest = values(view["hand"][:q] + view["hand"][q + 1 :])
        if distance(rest, 2) == 2:
            keeps[q] = danger(held[:4], pool)
    assert len(keeps) == 4
    hard = hint(game, 0, "hard").action
    normal = hint(game, 0, "normal").action
    assert hard is not None and normal is not None
    assert keeps[hard.get("position")] == min(keeps.values())
    assert keeps[normal.get("position")] > min(keeps.values())


def test_with_three_seats_hard_plays_its_own_hand_and_keeps_out_of_no_ones_way() -> None:
    """A ron costs the discarder nothing; with 3 seats, holding a card back to deny one of
    two others a win cost hard more draws than it saved (its margin over the efficient style
    went from -0.03 to +0.10 without it). So in 3-seat positions where others show melds late
    in the round, hard chooses as it would without defence."""
    bare = ShirokuroCpu(replace(LEVELS_BY_NAME["hard"], defend=False))
    other = RandomChoice()
    threatened = 0

    def decide(decision: Decision) -> Action | None:
        nonlocal threatened
        view, prompt = decision.view, decision.prompt
        if prompt.kind in ("insert", "discard") and max(threats(view).values()) > 0:
            threatened += 1
            fixed = Decision(view, prompt, random.Random(0), decision.check)
            assert player("hard").decide(fixed) == bare.decide(fixed)
        return other.decide(decision)

    for seed in range(8):
        play_out(Shirokuro.new(3, {"rounds": 3}, seed), random.Random(seed), decide)
    assert threatened > 20


def play_out(
    game: Shirokuro, rng: random.Random, decide: Callable[[Decision], Action | None]
) -> None:
    """Play the game to its end, `decide` answering every prompt a seat is asked (a prompt
    let go takes its default); each answer must be the prompt's own."""
    while not game.is_over():
        prompt = game.table_step() or next(iter(game.seat_decisions().values()))
        if prompt.mechanical:
            game.apply(prompt.choices[0])
            continue
        action = decide(Decision(game.view(prompt.seat), prompt, rng, game.accepts))
        if action is None:  # a seat let an optional prompt go
            action = prompt.default
        assert action is not None and prompt.allows(action)
        game.apply(action)


# --------------------------------------------------------------------------- every answer


@pytest.mark.parametrize("level", LEVELS)
def test_answers_are_the_prompts_own(level: str) -> None:
    """Random positions (a random seat plays the others): each answer is among the prompt's
    choices. Decision times are figures of `cardbot bench cpu`, not asserted here."""
    answered = 0
    other = RandomChoice()
    cpu = player(level)

    def decide(decision: Decision) -> Action | None:
        nonlocal answered
        if decision.prompt.seat == 0 or decision.prompt.kind == "claim":
            answered += 1
            return cpu.decide(decision)
        return other.decide(decision)

    for seed in range(6):
        play_out(Shirokuro.new(2 + seed % 2, {"rounds": 2}, seed), random.Random(seed), decide)
    assert answered > 100


# --------------------------------------------------------------------------- the styles


def style_hint(game: Shirokuro, seat: int, name: str) -> Hint:
    prompt = game.prompts()[seat]
    decision = Decision(game.view(seat), prompt, random.Random(0), game.accepts)
    found = styles()[name].explain(decision)
    assert found.action is None or prompt.allows(found.action)
    return found


def test_the_closed_style_never_pons_or_chis_and_claim_all_takes_every_one() -> None:
    assert style_hint(pon_offer(), 1, "closed").action == Action.make(1, "pass")
    assert style_hint(pon_offer(), 1, "claim-all").action == Action.make(1, "pon", position=0)
    # a pon that breaks the hand's head: normal passes it, claim-all takes it
    game = new_game(["w1 w2 w6 w4 w4 b5 W1B4/B b6", "b4 b4 w1 w2 w3 w4 w5"], indicator="W6B5")
    act(game, 0, "discard", position=6)
    assert style_hint(game, 1, "claim-all").action == Action.make(1, "pon", position=0)
    assert style_hint(game, 1, "closed").action == Action.make(1, "pass")


@pytest.mark.parametrize("name", ["closed", "claim-all", "efficient"])
def test_every_style_takes_a_ron_and_a_tsumo(name: str) -> None:
    found = style_hint(zero_point_ron(), 1, name)
    assert found.action is not None and found.action.type == "ron"
    game = new_game(["w1 w2 w3 b4 b4 b4 w5 w5", "w2 w2 b3 b4 b5 w6 w6"], indicator="W6B1")
    act(game, 0, "keep")
    assert style_hint(game, 0, name).action == Action.make(0, "tsumo")
