"""The styles of play each game brings for measuring its CPU levels (`GameSpec.styles`,
`cardbot simulate --levels hard,style:NAME`): every style plays legal games to their end, from
its seat's view only, at every seat count. Not timed, not statistical: a small sample."""

from __future__ import annotations

import pytest

from engines.actions import Action
from engines.cpu import CpuChooser, cpu_player, decision_rng, style_player
from engines.game import Game
from engines.players import Decision
from engines.prompts import Prompt
from engines.registry import game_class, game_specs

STYLED = [(spec.id, name) for spec in game_specs() for name in spec.styles()]


def test_the_games_whose_levels_are_measured_against_styles_have_some() -> None:
    assert {"kokutorum", "shirokuro"} <= {game_id for game_id, _ in STYLED}


@pytest.mark.parametrize(("game_id", "name"), STYLED)
def test_every_style_plays_legal_games_to_the_end(game_id: str, name: str) -> None:
    """The style against itself and against the normal level, each seat count, a few seeds:
    every answer is one the game accepts (a refused one would stop autoplay)."""
    cls = game_class(game_id)
    style = style_player(game_id, name)
    answered = 0

    def checked(game: Game, prompt: Prompt, chooser: CpuChooser) -> Action | None:
        nonlocal answered
        seat = prompt.seat
        if chooser.players[seat] is style:
            decision = Decision(game.view(seat), prompt, chooser.rngs[seat], game.accepts)
            action = style.decide(decision)
            assert action is None or game.accepts(action), (name, prompt, action)
            assert action is not None or not prompt.required or prompt.default is not None
            answered += 1
            return action
        return chooser(game, prompt)

    for seats in range(cls.min_seats, cls.max_seats + 1):
        for seed in range(3):
            for others in (style, cpu_player(game_id, "normal")):
                game = cls.new(seats, {}, seed)
                players = [style, *[others] * (seats - 1)]
                chooser = CpuChooser(
                    players, [decision_rng(seed, "styles", s) for s in range(seats)]
                )
                game.autoplay(lambda g, p, c=chooser: checked(g, p, c))
                assert game.is_over()
    assert answered > 0
