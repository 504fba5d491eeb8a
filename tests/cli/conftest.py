"""The terminal tests' database: a file of each test's own (tests/cli/terminal.py has the rest)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.settings import get_settings


@pytest.fixture
def sqlite_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh SQLite file that `cardbot play` uses (DATABASE_URL)."""
    path = tmp_path / "play.db"
    monkeypatch.setenv("DATABASE_URL", f"sqlite+aiosqlite:///{path}")
    get_settings.cache_clear()
    yield path
    get_settings.cache_clear()
