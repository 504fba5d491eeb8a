"""One layout module per game, each composed from `render.parts`; `layout()` finds it by id.

A game's layout is the module of this package named after its id (`a-game` ->
`render.games.a_game`), so adding a game adds a module here and changes nothing else.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any

from PIL import Image

from render.parts import PlayerInfo
from render.theme import CardStyle

Layout = Callable[
    [Mapping[str, Any], Sequence[PlayerInfo], str, CardStyle, "int | None"], Image.Image
]


class UnknownGame(LookupError):
    """No table layout is registered for this game id."""


def module_name(game: str) -> str:
    """The module that holds a game's layout."""
    return f"{__name__}.{game.replace('-', '_')}"


def games() -> list[str]:
    """Game ids that have a table layout (every module of this package with a `render`)."""
    found = []
    for info in pkgutil.iter_modules(__path__):
        if hasattr(importlib.import_module(f"{__name__}.{info.name}"), "render"):
            found.append(info.name.replace("_", "-"))
    return sorted(found)


def module(game: str) -> ModuleType:
    """A game's layout module: its `render`, and for `cardbot render` its `sample_moments`,
    `SAMPLE_PLAYERS` and (for a game with hands) `sample_hand`."""
    if not game or not all(c.isalnum() or c == "-" for c in game):
        raise UnknownGame(f"No table layout for game '{game}'.")
    try:
        found = importlib.import_module(module_name(game))
    except ModuleNotFoundError:
        raise UnknownGame(f"No table layout for game '{game}'.") from None
    if not hasattr(found, "render"):
        raise UnknownGame(f"No table layout for game '{game}'.")
    return found


def layout(game: str) -> Layout:
    """The `render(view, players, locale, style, viewer)` function of a game's layout module."""
    func: Layout = module(game).render
    return func
