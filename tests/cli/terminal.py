"""What the terminal tests share: a database file of their own (the `sqlite_file` fixture in
conftest.py), the seed a new table gets, a first deal laid out in advance, the arguments of
`cardbot play`, answers from a script, and the game as saved."""

from __future__ import annotations

import argparse
import json
import sqlite3
import types
from pathlib import Path
from typing import Any, TypeVar

import pytest

from engines.game import Game

G = TypeVar("G", bound=Game)


def seed_tables(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """Every table made from now on gets `seed`."""
    monkeypatch.setattr("bot.tables.core.secrets", types.SimpleNamespace(randbits=lambda _: seed))


def deal_first(monkeypatch: pytest.MonkeyPatch, game: type[Game], deals: Any) -> None:
    """A new `game` is dealt `deals` (a record's `deals`) instead of its seed's deal."""
    original = game.new.__func__  # type: ignore[attr-defined]

    def new(cls: type[Game], seats: int, options: Any = None, seed: int = 0, deal: Any = None):
        return original(cls, seats, options, seed, deals if deal is None else deal)

    monkeypatch.setattr(game, "new", classmethod(new))


def play_args(game: str, **extra: object) -> argparse.Namespace:
    """`cardbot play <game>` as Alice in English, the normal CPUs, the saved game resumed."""
    base = {"game": game, "name": "Alice", "level": "normal", "seats": None, "new": False}
    return argparse.Namespace(**{**base, "lang": "en", **extra})


class Script:
    """Answers prompts from a list; running out of answers is Ctrl-D. `asked`: the prompts."""

    def __init__(self, *answers: str) -> None:
        self.answers = list(answers)
        self.asked: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.asked.append(prompt)
        if not self.answers:
            raise EOFError
        return self.answers.pop(0)


def saved_row(path: Path) -> tuple[int, dict[str, Any]]:
    """The newest table's action count and snapshot, read as another program would."""
    with sqlite3.connect(path) as con:
        row = con.execute(
            "select action_count, snapshot from tables order by id desc limit 1"
        ).fetchone()
    return int(row[0]), json.loads(row[1])


def stored(path: Path, game: type[G]) -> G:
    """The game as saved."""
    return game.from_json(saved_row(path)[1])
