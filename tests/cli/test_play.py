"""`cardbot play`: a full terminal game through the tables service, and resuming after a kill."""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.play import run
from bot.settings import get_settings


@pytest.fixture
def sqlite_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    path = tmp_path / "play.db"
    monkeypatch.setenv("DATABASE_URL", f"sqlite+aiosqlite:///{path}")
    get_settings.cache_clear()
    yield path
    get_settings.cache_clear()


def args(**extra: object) -> argparse.Namespace:
    base = {
        "game": "kitten-fishing",
        "name": "Alice",
        "level": "normal",
        "seats": None,
        "new": False,
        "lang": "en",
    }
    return argparse.Namespace(**{**base, **extra})


class Script:
    """Answers prompts from a list; running out of answers is Ctrl-D."""

    def __init__(self, *answers: str) -> None:
        self.answers = list(answers)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.answers:
            raise EOFError
        return self.answers.pop(0)


async def test_flips_then_sees_the_result_then_plays_again(sqlite_file: Path) -> None:
    lines: list[str] = []
    script = Script("", "", "s", "y", "r", "q")
    assert await run(args(), ask=script, out=lines.append) == 0
    text = "\n".join(lines)
    assert "A new game of Kitten Fishing." in text and "Alice flips first." in text
    assert "You flipped" in text and "Kitten flipped" in text
    assert "Moves: 4 / 5000" in text  # two flips each, the kitten's answered at once
    assert "moves played to the end" in text
    assert "Reason: A stock ran out" in text
    # the rematch alternates the first player: the kitten flips first
    assert "This game the opponent flips first." in text
    assert script.answers == []


async def test_quitting_saves_and_the_next_run_resumes(sqlite_file: Path) -> None:
    first: list[str] = []
    await run(args(), ask=Script("", "", "", "q"), out=first.append)
    assert "Moves: 6 / 5000" in "\n".join(first)
    second: list[str] = []
    await run(args(lang="ja"), ask=Script("q"), out=second.append)
    text = "\n".join(second)
    assert "子猫の魚釣りの対局を再開します（ここまで 6 手）。" in text
    assert "手数：6 / 5000" in text
    third: list[str] = []
    await run(args(new=True), ask=Script("q"), out=third.append)
    assert "Moves: 0 / 5000" in "\n".join(third)


async def test_bad_input_changes_nothing(sqlite_file: Path) -> None:
    lines: list[str] = []
    await run(args(), ask=Script("x", "7", "q"), out=lines.append)
    text = "\n".join(lines)
    assert text.count("Press Enter, a number from the list, or one of the keys.") == 2
    assert "Moves: 1" not in text and "Moves: 2" not in text


async def test_unknown_game_and_level(
    sqlite_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert await run(args(game="poker"), ask=Script(), out=print) == 2
    assert await run(args(level="godlike"), ask=Script(), out=print) == 2
    err = capsys.readouterr().err
    assert "Unknown game 'poker'" in err and "easy, normal, hard" in err


def test_killed_mid_game_resumes(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'kill.db'}",
        "PYTHONUNBUFFERED": "1",
    }
    command = [
        sys.executable,
        "-m",
        "bot.cli",
        "play",
        "kitten-fishing",
        "--name",
        "Bob",
        "--lang",
        "en",
    ]
    proc = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env, cwd=tmp_path
    )
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("\n\n\n")
    proc.stdin.flush()
    seen = ""
    deadline = time.monotonic() + 60
    while "Moves: 6 / 5000" not in seen and time.monotonic() < deadline:
        seen += proc.stdout.readline()
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert "Moves: 6 / 5000" in seen
    again = subprocess.run(
        command, input="q\n", capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60
    )
    assert again.returncode == 0
    assert "Resuming your game of Kitten Fishing (6 moves so far)." in again.stdout
    assert "Traceback" not in again.stderr
