"""How every layer finds a game's part: by scanning one package for modules that carry a name.

A game is three packages named after its id (`a-game` -> `a_game`): `engines/a_game`
(its `GAME` descriptor), `render/games/a_game` (its layout's `render`) and
`bot/games/a_game` (its `PLUGIN`). Each layer holds one `Catalogue` over its package, so
adding a game adds files there and changes nothing shared. Looking one game up imports that
game's module alone (a one-record replay pays for one engine); listing them all imports each.
The scan follows the package's `__path__`, so a test can add a directory of its own to it.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from types import ModuleType
from typing import Any, Generic, TypeVar

T = TypeVar("T")


def module_name(game_id: str) -> str:
    """The module (or package) name of a game id: `a-game` -> `a_game`."""
    return game_id.replace("-", "_")


def _plain(game_id: str) -> bool:
    """A game id is lowercase ASCII letters and digits in words joined by hyphens."""
    return bool(game_id) and game_id.isascii() and all(c.isalnum() or c == "-" for c in game_id)


class Catalogue(Generic[T]):
    """The games' parts found under one package: each module whose `attribute` is a `kind`."""

    def __init__(self, package: str, attribute: str, kind: type[T]) -> None:
        self.package = package
        self.attribute = attribute
        self.kind = kind
        self._found: dict[str, tuple[ModuleType, T]] = {}
        self._missing: set[str] = set()
        self._scanned = False
        _CATALOGUES.append(self)

    def _load(self, game_id: str) -> tuple[ModuleType, T] | None:
        name = f"{self.package}.{module_name(game_id)}"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name == name:
                self._missing.add(game_id)
                return None
            raise
        found = getattr(module, self.attribute, None)
        if found is None or not isinstance(found, self.kind):
            self._missing.add(game_id)
            return None
        self._found[game_id] = (module, found)
        return module, found

    def _entry(self, game_id: str) -> tuple[ModuleType, T] | None:
        if game_id in self._found:
            return self._found[game_id]
        if game_id in self._missing or not _plain(game_id) or game_id != game_id.lower():
            return None
        return self._load(game_id)

    def find(self, game_id: str) -> T | None:
        """The part of one game, or None; imports that game's module only."""
        entry = self._entry(game_id)
        return None if entry is None else entry[1]

    def module(self, game_id: str) -> ModuleType | None:
        """The module that holds one game's part, or None."""
        entry = self._entry(game_id)
        return None if entry is None else entry[0]

    def all(self) -> dict[str, T]:
        """Every game's part by game id, in the order of the module names."""
        if not self._scanned:
            package = sys.modules.get(self.package) or importlib.import_module(self.package)
            for info in pkgutil.iter_modules(package.__path__):
                self._load(info.name.replace("_", "-"))
            self._scanned = True
        return {key: self._found[key][1] for key in sorted(self._found, key=module_name)}

    def forget(self) -> None:
        """Scan afresh next time (a test that adds a directory to the package's path)."""
        self._found.clear()
        self._missing.clear()
        self._scanned = False


_CATALOGUES: list[Catalogue[Any]] = []


def forget_all() -> None:
    """Every catalogue scans afresh next time (a test that adds a game's directories)."""
    for catalogue in _CATALOGUES:
        catalogue.forget()
