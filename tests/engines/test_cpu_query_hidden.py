"""CPU queries, for every registered game: answers replay accepts, and hidden cards never count.

RECORDS.md: two queries whose records differ only in cards that the seat cannot see get the
same answer. Which cards a seat cannot see is the game's own business, so each game's
descriptor brings `hidden`: how to write its fresh deal out, and how to vary a record's hidden
cards. A descriptor needs one, so a game cannot land without it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from engines.actions import Action
from engines.cpu import LEVELS, RandomChoice, style_player
from engines.cpu_query import Verdict, _decide, _prompt_of, answer_query
from engines.errors import JSON
from engines.game import Game
from engines.players import Decision
from engines.prompts import Prompt
from engines.record import Record, parse_record, replay, start
from engines.registry import HiddenCards, game_specs, games

HIDDEN: dict[str, HiddenCards] = {spec.id: spec.hidden for spec in game_specs()}
"""Each game's own account of its hidden cards: `hidden` in its descriptor (`engines/<game>`)."""


def test_every_game_says_which_cards_are_hidden() -> None:
    missing = sorted(g.id for g in games() if g.id not in HIDDEN)
    assert not missing, f"give {missing} a descriptor with `hidden` under engines/"


def random_decide(rng: random.Random) -> Callable[[Game, Prompt], Action | None]:
    """Random play for reaching positions (any legal choice, optional prompts now and then)."""
    player = RandomChoice()

    def decide(game: Game, prompt: Prompt) -> Action | None:
        return player.decide(Decision(game.view(prompt.seat), prompt, rng, game.accepts))

    return decide


def position(game_cls: type[Game], seed: int, steps: int, with_deal: bool) -> dict[str, JSON]:
    """A record of `game_cls` after up to `steps` random actions (the seed's own deal written
    out when `with_deal`)."""
    seats = game_cls.min_seats + seed % (game_cls.max_seats - game_cls.min_seats + 1)
    record = Record(game_cls.id, seats, {}, seed)
    if with_deal:
        fresh = start(record)
        key = "deals" if game_cls.multi_hand else "deal"
        record = parse_record({**record.to_json(), key: HIDDEN[game_cls.id].deal(fresh)})
    game = start(record)
    actions = game.autoplay(random_decide(random.Random(seed)), limit=steps)
    return {**record.to_json(), "actions": [a.to_json() for a in actions]}


def played(record: dict[str, JSON]) -> Game:
    game = start(parse_record(record))
    for raw in record["actions"]:
        game.apply(Action.from_json(raw))
    return game


def hidden_variants(
    game_id: str, seed: int, steps: int, data: st.DataObject
) -> Iterator[tuple[int, dict[str, JSON], dict[str, JSON], Game]]:
    """A random position of the game (its deal written out) and, for each seat it asks
    something, the record with some cards that seat cannot see moved: (seat, record, variant,
    the game at the position)."""
    game_cls = next(g for g in games() if g.id == game_id)
    record = position(game_cls, seed, steps, with_deal=True)
    game = played(record)
    assume(not game.is_over())
    for seat in sorted(game.prompts()):
        rng = random.Random(data.draw(st.integers(0, 2**32), label="shuffle"))
        variant = HIDDEN[game_id].vary(record, seat, rng)
        event("hidden cards moved" if variant != record else "nothing hidden left to move")
        yield seat, record, variant, game


GAMES = [g.id for g in games()]
_steps = st.integers(0, 40) | st.integers(0, 400)
"""Early positions (most cards still hidden) as often as later ones."""
_positions = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("game_id", GAMES)
@_positions
@given(seed=st.integers(0, 2**32), steps=_steps, data=st.data())
def test_records_differing_only_in_hidden_cards_get_the_same_answer(
    game_id: str, seed: int, steps: int, data: st.DataObject
) -> None:
    for seat, record, variant, game in hidden_variants(game_id, seed, steps, data):
        assert variant["actions"] == record["actions"]
        assert played(variant).view(seat) == game.view(seat)  # only hidden cards moved
        for level in LEVELS:
            query, varied = {"record": record, "seat": seat}, {"record": variant, "seat": seat}
            assert answer_query(varied, level) == answer_query(query, level)


STYLED = [(spec.id, name) for spec in game_specs() for name in spec.styles()]


@pytest.mark.parametrize(("game_id", "name"), STYLED)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), steps=_steps, data=st.data())
def test_a_style_of_play_decides_from_its_seats_view_only(
    game_id: str, name: str, seed: int, steps: int, data: st.DataObject
) -> None:
    """The styles `cardbot simulate` measures the levels against hold to the same contract
    as the levels: moving the cards a seat cannot see changes none of its answers."""
    style = style_player(game_id, name)
    for seat, record, variant, game in hidden_variants(game_id, seed, steps, data):
        other = played(variant)
        answers = [
            _decide(g, _prompt_of(g, seat), style, parse_record(r), f"style:{name}")
            for g, r in ((game, record), (other, variant))
        ]
        assert answers[0] == answers[1]


@pytest.mark.parametrize("game_id", GAMES)
@_positions
@given(seed=st.integers(0, 2**32), steps=_steps)
def test_every_answer_is_accepted_by_replay_as_the_next_action(
    game_id: str, seed: int, steps: int
) -> None:
    game_cls = next(g for g in games() if g.id == game_id)
    record = position(game_cls, seed, steps, with_deal=False)
    game = played(record)
    assume(not game.is_over())
    for seat, prompt in sorted(game.prompts().items()):
        for level in LEVELS:
            answer, verdict = answer_query({"record": record, "seat": seat}, level)
            assert verdict is Verdict.ANSWERED
            action = answer["action"]
            if action is None:
                assert not prompt.required  # only an optional prompt may be let go
                continue
            assert action["seat"] == seat
            outcome = replay(parse_record({**record, "actions": [*record["actions"], action]}))
            assert not outcome.refused, outcome.answer
            assert outcome.answer["actions_applied"] == len(record["actions"]) + 1


def test_the_kitten_fishing_variation_moves_only_unflipped_cards() -> None:
    record = position(next(g for g in games() if g.id == "kitten-fishing"), 4, 6, True)
    variant = HIDDEN["kitten-fishing"].vary(record, 0, random.Random(1))
    before, after = record["deal"]["stocks"], variant["deal"]["stocks"]
    assert [s[:3] for s in after] == [s[:3] for s in before]  # three flips each: seen
    assert after != before
    assert sorted(after[0] + after[1]) == sorted(before[0] + before[1])
    assert [len(s) for s in after] == [len(s) for s in before]
