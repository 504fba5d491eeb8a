"""Computer players: the interface every game's CPU implements, and the registry by level.

A CPU player decides from exactly what a human in its seat would know: that seat's view (its
own hand, the public table and the public history the view carries) and the legal actions.
It never sees the game state. Its randomness comes from a seeded `random.Random` it is given.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from engines.base import JSON, Action, Game, GameError, derive_rng

LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"


class CpuPlayer(Protocol):
    """Chooses one of `legal` for the seat whose `view` it is given."""

    def choose(self, view: dict[str, JSON], legal: Sequence[Action], rng: random.Random) -> Action:
        """Pick an action; must return one of `legal`."""
        ...


class FirstLegal:
    """For games without decisions (Kitten Fishing's flip): the only legal action."""

    def choose(self, view: dict[str, JSON], legal: Sequence[Action], rng: random.Random) -> Action:
        """The first legal action."""
        return legal[0]


class RandomLegal:
    """A uniformly random legal action; the baseline for simulations and property tests."""

    def choose(self, view: dict[str, JSON], legal: Sequence[Action], rng: random.Random) -> Action:
        """A random legal action."""
        return rng.choice(list(legal))


_FACTORIES: dict[str, Callable[[str], CpuPlayer]] = {
    "kitten-fishing": lambda level: FirstLegal(),
}


def register_cpu(game_id: str, factory: Callable[[str], CpuPlayer]) -> None:
    """Make `factory(level)` the CPU of a game."""
    _FACTORIES[game_id] = factory


def cpu_player(game_id: str, level: str = DEFAULT_LEVEL) -> CpuPlayer:
    """The CPU player of a game at a level (easy / normal / hard)."""
    if level not in LEVELS:
        raise GameError("bad_level", f"CPU level is one of {', '.join(LEVELS)}.", level=level)
    factory = _FACTORIES.get(game_id)
    if factory is None:
        raise GameError("no_cpu", f"No computer player for '{game_id}'.", game=game_id)
    return factory(level)


def cpu_chooser(
    game_id: str, levels: Sequence[str], seed: int, purpose: str = "cpu"
) -> Callable[[Game, int], Action]:
    """A `choose(game, seat)` for `Game.autoplay` where seat i plays at `levels[i]`.

    Each seat gets its own RNG derived from the seed, so the same record always gives the same
    CPU moves. The chooser hands the CPU only `game.view(seat)` and the legal actions.
    """
    players = [cpu_player(game_id, level) for level in levels]
    rngs = [derive_rng(seed, f"{purpose}:{seat}") for seat in range(len(levels))]

    def choose(game: Game, seat: int) -> Action:
        return players[seat].choose(game.view(seat), game.legal_actions(seat), rngs[seat])

    return choose
