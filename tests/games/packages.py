"""A game of a test's own, joined through the one discovery: its folders on the layers' paths.

A game is three packages named after its id (engines/discovery.py): a folder holding `engines/`,
`render/` and `bot/` with those packages in them is laid on the paths of `engines`,
`render.games` and `bot.games` exactly as a contributor's new files would be, so each layer finds
the game by the scan it finds every game by, and forgets it again once the block ends.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from engines.discovery import forget_all, module_name

PARTS = {"engines": "engines", "render": "render.games", "bot": "bot.games"}
"""Each part of a game: the package whose path its folder joins."""


@contextmanager
def game_packages(
    folder: Path, game_id: str, parts: Iterable[str] = tuple(PARTS)
) -> Iterator[None]:
    """The game's `parts` under `folder` on their packages' paths, until the block ends."""
    added = []
    for part in parts:
        package = importlib.import_module(PARTS[part])
        path = str(folder / part)
        package.__path__.append(path)
        added.append((package, path))
    forget_all()
    try:
        yield
    finally:
        for package, path in added:
            package.__path__.remove(path)
        names = [f"{package}.{module_name(game_id)}" for package in PARTS.values()]
        for loaded in [
            n for n in sys.modules if any(n == m or n.startswith(f"{m}.") for m in names)
        ]:
            del sys.modules[loaded]
        forget_all()
