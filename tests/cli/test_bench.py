"""`cardbot bench` prints its figures (the figures are read by people, not asserted as speeds)."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest


@pytest.mark.parametrize(
    ("section", "labels"),
    [
        (
            "engine",
            ["replay --jsonl --finish, in-process", "longest natural game", "move-cap game"],
        ),
        ("service", ["act, the human's move", "see the result, longest natural game"]),
    ],
)
def test_bench_prints_each_figure(section: str, labels: list[str]) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bot.cli", "bench", section, "--quick"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert f"[{section}]" in proc.stdout
    for label in labels:
        line = next(line for line in proc.stdout.splitlines() if label in line)
        assert re.search(r"\d[\d,.]* (ms|games/s)", line), line
