"""`cardbot play`: a full terminal game through the tables service, and resuming after a kill."""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.play import TerminalGame, run
from bot.settings import get_settings
from bot.store.database import Database
from bot.tables import TableService
from engines.record import CONTRACT_GAMES
from tests.cli.terminal import Script, play_args


def args(**extra: object) -> argparse.Namespace:
    return play_args("kitten-fishing", **extra)


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
    # no list is shown for a single move: the refusal names what Enter does, not "a number"
    assert "“x” is not a move here." in text and "“7” is not a move here." in text
    assert text.count("This prompt takes Enter for Flip; ? for help.") == 2
    assert "Moves: 1" not in text and "Moves: 2" not in text


async def test_unknown_game_and_level(
    sqlite_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert await run(play_args("poker"), ask=Script(), out=print) == 2
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


async def test_a_bad_seat_count_is_refused_before_the_saved_game_is_abandoned(
    sqlite_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    await run(args(), ask=Script("", "", "q"), out=print)
    assert await run(args(seats=3, new=True), ask=Script(), out=print) == 2
    assert "cardbot play: Kitten Fishing is played by 2 seats." in capsys.readouterr().err
    lines: list[str] = []
    await run(args(), ask=Script("q"), out=lines.append)
    assert "Resuming your game of Kitten Fishing (4 moves so far)." in lines


async def test_a_game_not_playable_yet_says_so(
    sqlite_file: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # a game of the record format that this version does not have (as if it had not landed)
    monkeypatch.setattr("engines.record.CONTRACT_GAMES", (*CONTRACT_GAMES, "pig-and-sheep"))
    assert await run(play_args("pig-and-sheep"), ask=Script(), out=print) == 2
    err = capsys.readouterr().err
    assert "cardbot play: pig-and-sheep is not playable yet in this version." in err


@pytest.mark.parametrize(
    ("url", "code", "says"),
    [
        ("postgresql://bot:secret@127.0.0.1:1/cardbot", 1, "Could not reach the database at"),
        ("mysql://bot:secret@db/cardbot", 2, "DATABASE_URL names mysql"),
        ("nonsense", 2, "DATABASE_URL 'nonsense' is not a database URL"),
    ],
)
async def test_a_database_it_cannot_use_is_one_sentence(
    url: str,
    code: int,
    says: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("DATABASE_URL", url)
    get_settings.cache_clear()
    try:
        assert await run(args(), ask=Script(), out=print) == code
    finally:
        get_settings.cache_clear()
    err = capsys.readouterr().err
    assert f"cardbot play: {says}" in err and "secret" not in err and "Traceback" not in err


def play_command(*extra: str) -> list[str]:
    return [sys.executable, "-m", "bot.cli", "play", "kitten-fishing", "--lang", "en", *extra]


def started(database: Path, *extra: str) -> tuple[subprocess.Popen[bytes], dict[str, str]]:
    """`cardbot play` running in a process of its own on `database`, and its environment."""
    env = {**os.environ, "DATABASE_URL": f"sqlite+aiosqlite:///{database}"}
    env["PYTHONUNBUFFERED"] = "1"
    proc = subprocess.Popen(
        play_command(*extra),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=database.parent,
    )
    assert proc.stdin is not None
    return proc, env


def read_until(
    proc: subprocess.Popen[bytes], wanted: bytes, seen: bytes = b"", prompt: bool = True
) -> bytes:
    """Output until `wanted` has appeared (and a prompt waits: a prompt has no newline)."""
    assert proc.stdout is not None
    deadline = time.monotonic() + 60
    while not (wanted in seen and (not prompt or seen.rstrip().endswith(b">"))):
        assert time.monotonic() < deadline, seen.decode(errors="replace")[-500:]
        chunk = os.read(proc.stdout.fileno(), 4096)
        assert chunk, seen.decode(errors="replace")[-500:]  # the process ended
        seen += chunk
    return seen


def test_ctrl_c_at_the_prompt_saves_and_ends_at_the_first_press(tmp_path: Path) -> None:
    proc, env = started(tmp_path / "c.db", "--name", "Bob")
    proc.stdin.write(b"\n\n")
    proc.stdin.flush()
    seen = read_until(proc, b"Moves: 4 / 5000")
    time.sleep(0.2)  # inside input() by now
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert (seen + out).decode().rstrip().endswith("Saved. Run the same command to resume.")
    assert b"Traceback" not in err and b"Exception" not in err
    again = subprocess.run(
        play_command(), input="q\n", capture_output=True, text=True, env=env, cwd=tmp_path
    )
    assert "Resuming your game of Kitten Fishing (4 moves so far)." in again.stdout


def test_ctrl_c_during_auto_play_switches_it_off(tmp_path: Path) -> None:
    proc, _env = started(tmp_path / "a.db")
    seen = read_until(proc, b"Moves: 0 / 5000")
    proc.stdin.write(b"a\n")
    proc.stdin.flush()
    seen = read_until(proc, b"Ctrl-C switches it off.", seen, prompt=False)
    time.sleep(0.5)  # a few flips at the watching pace (a game has dozens at least)
    proc.send_signal(signal.SIGINT)
    seen = read_until(proc, b"Auto play off.", seen)
    proc.stdin.write(b"q\n")
    proc.stdin.flush()
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0 and out.decode().strip().endswith(
        "Saved. Run the same command to resume."
    )
    assert b"Traceback" not in err


def test_the_default_database_is_found_from_any_folder(tmp_path: Path) -> None:
    """Without DATABASE_URL the game lives in the user's data folder, not the working one."""
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    env |= {"XDG_DATA_HOME": str(tmp_path / "data"), "HOME": str(tmp_path)}
    for folder in ("one", "two"):
        (tmp_path / folder).mkdir()
    first = subprocess.run(
        play_command(),
        input="\n\nq\n",
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path / "one",
    )
    path = tmp_path / "data" / "cardbot" / "cardbot.db"
    assert first.returncode == 0 and first.stderr == f"Database: {path}\n"
    second = subprocess.run(
        play_command(), input="q\n", capture_output=True, text=True, env=env, cwd=tmp_path / "two"
    )
    assert "Resuming your game of Kitten Fishing (4 moves so far)." in second.stdout
    assert second.stderr == f"Database: {path}\n"
    assert not list((tmp_path / "one").iterdir()) and not list((tmp_path / "two").iterdir())


async def test_a_press_during_a_move_of_auto_play_lets_that_move_end_whole(
    sqlite_file: Path,
) -> None:
    # Ctrl-C cancels the session's task; landing in the middle of a move (a database call
    # cancelled halfway), it once left the session hung or dead instead of "Auto play off."
    settings = get_settings()
    database = Database(settings.database_url)
    await database.upgrade()
    service = TableService(database, settings)
    lines: list[str] = []
    try:
        session = TerminalGame(service, "kitten-fishing", "en", Script(), lines.append)
        table = await session.open_or_resume("Alice", "normal", None, False)
        real, entered = service.advance, asyncio.Event()

        async def slow_advance(*a: object, **k: object) -> object:
            entered.set()
            await asyncio.sleep(0.3)  # the press lands here, in the middle of the move
            return await real(*a, **k)  # type: ignore[arg-type]

        service.advance = slow_advance  # type: ignore[method-assign]
        auto = asyncio.create_task(session.auto(table))
        await entered.wait()
        auto.cancel()
        await auto
        after = await service.load(table.id)
        assert after.action_count > table.action_count  # the move was made and stored
        assert lines[-1] == "Auto play off." and not any(s.auto for s in after.seats)
    finally:
        await database.dispose()
