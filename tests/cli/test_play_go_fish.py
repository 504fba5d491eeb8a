"""`cardbot play go-fish`: asks by number and by name, the narration a seat may hear, Auto to
the end and the result with every seat's books."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.play import run
from tests.cli.terminal import Script, play_args, seed_tables

SEED = 22
"""Three seats, Alice asks first holding 2S 2D 4H 5H 6S 9C KD; CPU 1 holds the 2C."""


@pytest.fixture
def seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    seed_tables(monkeypatch, SEED)


async def test_asks_by_number_and_by_name_then_auto_to_the_result(
    sqlite_file: Path, seeded: None
) -> None:
    lines: list[str] = []
    script = Script("1", "ask CPU 1 for 4s", "a", "q")
    assert await run(play_args("go-fish", seats=3), ask=script, out=lines.append) == 0
    text = "\n".join(lines)
    assert "A new game of Go Fish." in text and "Alice asks first." in text
    assert "  Your hand: 2 ×2 (2♠, 2♦) · 4 ×1 (4♥) · 5 ×1 (5♥)" in text
    assert "   1. Ask CPU 1 for 2s" in text and "  12. Ask CPU 2 for Kings" in text
    assert "  You got 2♣. Ask again!" in text  # 1: CPU 1 had the 2♣
    assert "  Go fish! You drew 4♦, the rank you asked for. Ask again!" in text
    assert "Auto play off." in text and "Books: Alice: " in text
    assert script.answers == []
