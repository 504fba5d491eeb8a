"""The `cardbot` command line itself: version, help texts, the first command's hint."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot import cli, program


def cardbot(*args: str, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.cli", *args],
        capture_output=True,
        text=True,
        timeout=60,
        **kwargs,  # type: ignore[call-overload]
    )


def subparser(name: str) -> argparse.ArgumentParser:
    parser = cli.build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return action.choices[name]


def test_version_prints_the_package_version() -> None:
    from importlib.metadata import version

    proc = cardbot("--version")
    assert proc.returncode == 0 and proc.stdout == f"cardbot {version('cardbot')}\n"


def test_run_help_names_env_and_the_token() -> None:
    proc = cardbot("run", "--help")
    assert proc.returncode == 0 and ".env" in proc.stdout and "DISCORD_TOKEN" in proc.stdout


@pytest.mark.parametrize("command", ["simulate", "render", "play", "replay", "bench"])
def test_every_option_has_help_text(command: str) -> None:
    for action in subparser(command)._actions:
        assert action.help, f"cardbot {command} {action.dest}"


def test_db_help_lists_its_actions_each_with_a_description() -> None:
    proc = cardbot("db", "--help")
    lines = proc.stdout.splitlines()
    upgrade = next(line for line in lines if line.strip().startswith("upgrade"))
    assert "apply the migrations" in upgrade
    assert cardbot("db").returncode == 2  # an action is required
    assert cli.build_parser().parse_args(["db", "upgrade"]).action == "upgrade"


@pytest.mark.parametrize(
    ("argv0", "on_path", "expected"),
    [
        (".venv/bin/cardbot", False, ".venv/bin/cardbot"),
        (".venv/bin/cardbot", True, "cardbot"),
        ("/elsewhere/bin/cardbot", False, "/elsewhere/bin/cardbot"),
        ("/x/bot/cli.py", False, "cardbot"),
    ],
)
def test_the_command_name_in_hints_is_the_one_the_user_typed(
    argv0: str, on_path: bool, expected: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    script = tmp_path / ".venv" / "bin" / "cardbot"
    script.parent.mkdir(parents=True)
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    monkeypatch.setenv("PATH", str(script.parent) if on_path else str(tmp_path / "empty"))
    monkeypatch.setattr(sys, "argv", [argv0, "run"])
    assert program.command_name() == expected


def test_the_first_commands_hint_can_be_typed_as_it_is(tmp_path: Path) -> None:
    """README: `.venv/bin/cardbot run` without a token names `.venv/bin/cardbot play ...`."""
    script = Path(sys.executable).with_name("cardbot")
    if not script.exists():
        pytest.skip("the cardbot console script is not installed next to this Python")
    (tmp_path / ".venv" / "bin").mkdir(parents=True)
    os.symlink(script, tmp_path / ".venv" / "bin" / "cardbot")
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DISCORD_TOKEN", "DATABASE_URL", "PATH")
    }
    env |= {"XDG_DATA_HOME": str(tmp_path / "data"), "PATH": "/usr/bin:/bin"}
    proc = subprocess.run(
        [".venv/bin/cardbot", "run"], capture_output=True, text=True, env=env, cwd=tmp_path
    )
    assert proc.returncode == 2
    assert "`.venv/bin/cardbot play kitten-fishing` plays without Discord" in proc.stderr
