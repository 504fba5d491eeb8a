"""One layout module per game, each composed from `render.parts`; `layout()` finds it by id.

A game's layout is the module of this package named after its id (`a-game` ->
`render.games.a_game`), found the way every layer finds a game's part (`engines.discovery`),
so adding a game adds a module here and changes nothing else.
"""

from __future__ import annotations

from types import ModuleType
from typing import Final

from engines.discovery import Catalogue
from engines.discovery import module_name as discovery_name
from render.kit import Layout


class UnknownGame(LookupError):
    """No table layout is registered for this game id."""


_LAYOUTS: Final = Catalogue(__name__, "render", object)
"""Every module of this package with a `render`, by game id (`engines.discovery`)."""


def module_name(game: str) -> str:
    """The module that holds a game's layout."""
    return f"{__name__}.{discovery_name(game)}"


def games() -> list[str]:
    """Game ids that have a table layout (every module of this package with a `render`)."""
    return list(_LAYOUTS.all())


def module(game: str) -> ModuleType:
    """A game's layout module: its `render`, and for `cardbot render` its `sample_moments`,
    `SAMPLE_PLAYERS` and (for a game with hands) `sample_hand`."""
    found = _LAYOUTS.module(game)
    if found is None:
        raise UnknownGame(f"No table layout for game '{game}'.")
    return found


def layout(game: str) -> Layout:
    """The `render(view, players, locale, style, viewer)` function of a game's layout module."""
    func: Layout = module(game).render
    return func
