"""The documentation says what the program does: its examples are run, its settings are the
program's.

Examples in README.md and docs/*.md are marked so that this test finds them:
- a ```` ```json file=NAME ```` block is a file the examples of that page use (written as
  shown into a fresh folder);
- a ```` ```console ```` block is a terminal session: each `$ command` line is run there by
  bash, `cardbot` being this checkout's, and the lines after it up to the next `$` are what it
  must print on standard output (compared as JSON when they read as JSON, else line by line).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```([^\n]*)\n(.*?)^```\s*$", re.DOTALL | re.MULTILINE)


def blocks(page: Path) -> list[tuple[str, str]]:
    """The fenced blocks of a page: (info string, text)."""
    return [(info.strip(), text) for info, text in FENCE.findall(page.read_text())]


def sessions(page: Path) -> list[tuple[str, str]]:
    """(command, expected output) of every console block of a page."""
    out = []
    for info, text in blocks(page):
        if info != "console":
            continue
        command: str | None = None
        expected: list[str] = []
        for line in text.splitlines():
            if line.startswith("$ "):
                if command is not None:
                    out.append((command, "\n".join(expected)))
                command, expected = line[2:], []
            else:
                expected.append(line)
        if command is not None:
            out.append((command, "\n".join(expected)))
    return out


def segments(text: str) -> list[tuple[str, object]]:
    """Output as ("json", value) for each JSON document (which a page may lay out over several
    lines) and ("text", line) for every other line."""
    out: list[tuple[str, object]] = []
    chunk: list[str] = []
    for line in text.splitlines():
        if not chunk and not line.startswith(("{", "[")):
            if line.strip():
                out.append(("text", line.rstrip()))
            continue
        chunk.append(line)
        try:
            out.append(("json", json.loads("\n".join(chunk))))
            chunk = []
        except ValueError:
            continue
    out += [("text", line.rstrip()) for line in chunk]
    return out


EXAMPLES = [
    pytest.param(page, command, expected, id=f"{page.name}: {command}")
    for page in PAGES
    for command, expected in sessions(page)
]


@pytest.mark.parametrize(("page", "command", "expected"), EXAMPLES)
def test_each_documented_command_prints_what_the_page_shows(
    page: Path, command: str, expected: str, tmp_path: Path
) -> None:
    for info, text in blocks(page):
        found = re.search(r"\bfile=(\S+)", info)
        if found:
            (tmp_path / found.group(1)).write_text(text)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "CARDBOT_"))}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["DATABASE_URL"] = f"sqlite+aiosqlite:///{tmp_path / 'docs.db'}"
    proc = subprocess.run(
        ["bash", "-c", command], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120
    )
    assert "Traceback" not in proc.stderr, proc.stderr
    assert segments(proc.stdout) == segments(expected), proc.stdout


def test_the_docs_have_examples_run_here() -> None:
    """The records page shows replay and cpu as they answer; a page losing its examples fails."""
    pages = {page.name for page, *_ in (p.values for p in EXAMPLES)}
    assert {"records.md", "shirokuro.md"} <= pages
    commands = " ".join(str(p.values[1]) for p in EXAMPLES)
    assert "cardbot replay" in commands and "cardbot cpu" in commands


def test_every_setting_is_in_env_example() -> None:
    """.env.example documents every setting of bot/settings.py, each with a comment above."""
    lines = (ROOT / ".env.example").read_text().splitlines()
    for name in Settings.model_fields:
        key = name.upper()
        at = next((i for i, line in enumerate(lines) if line.startswith(f"{key}=")), None)
        assert at is not None, f".env.example has no {key}="
        above = at - 1  # settings of one group share the comment above the first
        while above >= 0 and re.match(r"^[A-Z_]+=", lines[above]):
            above -= 1
        assert above >= 0 and lines[above].startswith("#"), f"{key} has no comment above it"
    named = {line.split("=", 1)[0] for line in lines if re.match(r"^[A-Z_]+=", line)}
    assert named == {name.upper() for name in Settings.model_fields}
