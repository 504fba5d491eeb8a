"""One layout module per game, each composed from `render.parts`; `layout()` finds it by id."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any

from PIL import Image

from render.parts import PlayerInfo
from render.theme import CardStyle

Layout = Callable[
    [Mapping[str, Any], Sequence[PlayerInfo], str, CardStyle, "int | None"], Image.Image
]

_MODULES = {
    "kitten-fishing": "render.games.kitten_fishing",
}


class UnknownGame(LookupError):
    """No table layout is registered for this game id."""


def games() -> list[str]:
    """Game ids that have a table layout."""
    return sorted(_MODULES)


def module(game: str) -> ModuleType:
    """A game's layout module: its `render`, and for `cardbot render` its `sample_moments`,
    `SAMPLE_PLAYERS` and (for a game with hands) `sample_hand`."""
    try:
        return importlib.import_module(_MODULES[game])
    except KeyError:
        raise UnknownGame(f"No table layout for game '{game}'.") from None


def layout(game: str) -> Layout:
    """The `render(view, players, locale, style, viewer)` function of a game's layout module."""
    func: Layout = module(game).render
    return func
