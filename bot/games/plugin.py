"""The game plug-in: one descriptor per game, binding its engine, CPU, layout, presenter, words.

A game is one package under `bot/games/` whose `PLUGIN` is a `GamePlugin`; the registry finds
every such package by itself (`engines.discovery`, as the engines and layouts are found), so the tables service, the Discord core, the terminal player,
the schema, the benchmarks and the samples never name a game. Its rules and CPU players live
under `engines/` (the engine class names them), its table layout under `render/games/`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from bot.games.generic import GamePresenter
from engines.discovery import Catalogue
from engines.errors import JSON
from engines.game import Game


@dataclass(frozen=True)
class BenchCase:
    """A record worth timing on its own (the longest game, a move-cap game...)."""

    label: str
    record: Mapping[str, JSON]


@dataclass(frozen=True)
class BenchUnit:
    """What a game's speed is counted in besides whole games (hands of a match, deals).

    `count` reads it off one `cardbot replay --finish` answer (a finished record).
    """

    name: str
    count: Callable[[Mapping[str, Any]], int]


@dataclass(frozen=True)
class GamePlugin:
    """Everything of one game that the generic layers need, in one place.

    - `engine`: the rules (`engines/`), whose descriptor (`GameSpec`) also names the CPU players.
    - `presenter`: the game's wording for Discord and the terminal.
    - `messages`: its message catalogues, `{"en": {...}, "ja": {...}}`, keys under
      `game.<id>.`, `event.<id>.`, `action.<id>.`, `prompt.<id>.`, `result.<id>.`.
    - `layout`: the module of its table image under `render/games/`.
    - `bench`: records the benchmarks time on their own, besides random seeded games.
    - `bench_seats`: the seat counts of the random seeded games timed (default: the fewest
      and the most), and of the service's acts (default: the fewest).
    - `bench_unit`: a unit the throughput is also given in (hands, deals), when a record
      holds many of them.
    """

    engine: type[Game]
    presenter: GamePresenter
    messages: Mapping[str, Mapping[str, str]]
    layout: str
    bench: tuple[BenchCase, ...] = field(default=())
    bench_seats: tuple[int, ...] = field(default=())
    bench_unit: BenchUnit | None = None

    @property
    def id(self) -> str:
        """The game id (the engine's)."""
        return self.engine.id


_PLUGINS: Final = Catalogue("bot.games", "PLUGIN", GamePlugin)
"""Every package of `bot/games/` whose `PLUGIN` is a `GamePlugin` (`engines.discovery`)."""


def plugins() -> list[GamePlugin]:
    """Every game plug-in, in the order of their package names (the engines' order)."""
    return list(_PLUGINS.all().values())


def plugin(game_id: str) -> GamePlugin | None:
    """The plug-in of a game, or None (a game registered only as an engine, as in tests)."""
    return _PLUGINS.find(game_id)


def presenter(game_id: str) -> GamePresenter:
    """The presenter of a game (the generic one when the game has no plug-in)."""
    found = plugin(game_id)
    if found is not None:
        return found.presenter
    generic = GamePresenter()
    generic.game_id = game_id
    return generic
