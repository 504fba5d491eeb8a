"""The sample tables of `cardbot render kokutorum` / `shirokuro`: who sits there
(`SAMPLE_PLAYERS`) and the telling moments of a real game (`sample_moments`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from engines.actions import Action
from engines.cpu import cpu_chooser
from engines.game import Decide, Game
from engines.prompts import Prompt
from engines.registry import game_class
from render.parts import PlayerInfo

SAMPLE_PLAYERS = (
    PlayerInfo("たろう"),
    PlayerInfo("Alice", is_cpu=True),
    PlayerInfo("花子", is_cpu=True),
)
"""Who sits at the sample tables of `cardbot render kokutorum` / `shirokuro`."""


def copy_game(game: Game) -> Game:
    """The game as it is now, apart from the one that plays on."""
    return type(game).from_json(game.to_json())


def sample_moments(
    game_id: str,
    seed: int,
    watched: str,
    wanted: Sequence[tuple[str, Callable[[Mapping[str, Any]], bool]]],
) -> Iterator[tuple[str, Game]]:
    """(label, game) in a 3-seat and a 2-seat game of normal CPUs: the start; the first moment
    each of `wanted` (label, test of the public view) holds, as they come; the first time a seat
    is asked a `watched` prompt (labelled by its kind, before the seat answers); the end."""
    cls = game_class(game_id)
    for seats, suffix in ((3, ""), (2, "-2p")):
        game = cls.new(seats, {}, seed)
        yield f"start{suffix}", copy_game(game)
        decide = cpu_chooser(game_id, ["normal"] * seats, seed, "samples")
        caught: list[Game] = []

        def watch(
            at: Game, prompt: Prompt, decide: Decide = decide, caught: list[Game] = caught
        ) -> Action | None:
            if prompt.kind == watched and not caught:
                caught.append(copy_game(at))
            return decide(at, prompt)

        pending = dict(wanted)
        while not game.is_over():
            game.autoplay(watch, limit=1)
            view = game.view(None)
            found = next((label for label, holds in pending.items() if holds(view)), None)
            if found is not None:
                del pending[found]
                yield f"{found}{suffix}", copy_game(game)
        if caught:
            yield f"{watched}{suffix}", caught[0]
        yield f"end{suffix}", game
