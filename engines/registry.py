"""Each game's descriptor (`GameSpec`, `GAME` in `engines/<game>`), found by the package scan,
and the lookups by game id."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Final

from engines.discovery import Catalogue
from engines.errors import JSON, GameError, RecordError
from engines.game import Game
from engines.options import OptionSpec
from engines.players import CpuPlayer

LEVELS: Final = ("easy", "normal", "hard")
"""The CPU levels every game offers (a table's CPU seats and Auto choose among them)."""


@dataclass(frozen=True)
class HiddenCards:
    """What a seat cannot see, for the check that hidden cards never count (docs/records.md):
    `deal(fresh game)` writes the game's layout out as a record's `deal` (or `deals`);
    `vary(record, seat, rng)` returns the record with some cards `seat` cannot see moved
    about (the same record when nothing hidden is left to move)."""

    deal: Callable[[Game], JSON]
    vary: Callable[[dict[str, JSON], int, random.Random], dict[str, JSON]]


@dataclass(frozen=True)
class GameSpec:
    """One game's descriptor, `GAME` in its package `engines/<game>`: found by scanning.

    - `engine`: the rules (a `Game`).
    - `cpu(level)`: its computer player at each of `LEVELS`.
    - `styles()`: named styles of play people use, to measure the levels against (`cardbot
      simulate --levels hard,style:NAME`); never offered at a table.
    - `hidden`: how its hidden cards can be moved about without a seat noticing.
    """

    engine: type[Game]
    cpu: Callable[[str], CpuPlayer]
    hidden: HiddenCards
    styles: Callable[[], Mapping[str, CpuPlayer]] = field(default=lambda: {})

    @property
    def id(self) -> str:
        """The game id (the engine's)."""
        return self.engine.id

    @property
    def options(self) -> tuple[OptionSpec, ...]:
        """The options a table may set (the engine's)."""
        return self.engine.option_specs

    def player(self, level: str) -> CpuPlayer:
        """The computer player at `level`; an unknown level raises GameError."""
        if level not in LEVELS:
            raise GameError("bad_level", f"CPU level is one of {', '.join(LEVELS)}.", level=level)
        return self.cpu(level)


_SPECS: Final = Catalogue("engines", "GAME", GameSpec)


def game_spec(game_id: str) -> GameSpec | None:
    """The descriptor of a game found under `engines/`, or None."""
    return _SPECS.find(game_id)


def spec_of(game_id: str) -> GameSpec:
    """The descriptor of a game; an unknown id raises RecordError."""
    spec = _SPECS.find(game_id)
    if spec is None:
        raise RecordError("unknown_game", f"Unknown game '{game_id}'.", game=game_id)
    return spec


def game_specs() -> list[GameSpec]:
    """Every descriptor found under `engines/`, in the order of their package names."""
    return list(_SPECS.all().values())


def game_class(game_id: str) -> type[Game]:
    """The game class for an id; an unknown id raises RecordError."""
    return spec_of(game_id).engine


def games() -> list[type[Game]]:
    """Every game found under `engines/`, in the order of their package names."""
    return [spec.engine for spec in game_specs()]
