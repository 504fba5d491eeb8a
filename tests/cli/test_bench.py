"""`cardbot bench` prints its figures (the figures are read by people, not asserted as speeds)."""

from __future__ import annotations

import random
import re
import subprocess
import sys

import pytest


@pytest.mark.parametrize(
    ("section", "labels"),
    [
        (
            "engine",
            [
                "replay --jsonl --finish, in-process",
                "random players through the engine protocol",
                "longest natural game",
                "move-cap game",
            ],
        ),
        ("service", ["act, the human's move", "see the result, longest natural game"]),
        ("cpu", ["(2 seats) easy CPU decision", "(2 seats) hard CPU decision"]),
    ],
)
def test_bench_prints_each_figure(section: str, labels: list[str]) -> None:
    """One game's figures (every game's take minutes; `--game` is how one asks for one)."""
    game = "go-fish" if section == "cpu" else "kitten-fishing"
    proc = subprocess.run(
        [sys.executable, "-m", "bot.cli", "bench", section, "--quick", "--game", game],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert f"[{section}]" in proc.stdout
    for label in labels:
        line = next(line for line in proc.stdout.splitlines() if label in line)
        assert re.search(r"\d[\d,.]* (ms|games/s)", line), line
    assert all(game in line for line in proc.stdout.splitlines() if "seats)" in line)


def test_random_players_play_every_game_to_its_end_through_the_protocol() -> None:
    from bot.games import plugins
    from engines.cpu import random_playout

    for plugin in plugins():
        game = plugin.engine.new(plugin.engine.min_seats, {}, 1)
        applied = random_playout(game, random.Random(1))
        assert game.is_over() and applied > 0, plugin.id
