"""`cardbot bench` prints its figures (the figures are read by people, not asserted as speeds)."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.games import GamePlugin, plugins
from bot.settings import Settings
from bot.store.database import Database
from bot.tables import TableService
from bot.tools.bench_service import Person
from engines.cpu import random_actions_playout, random_playout


@pytest.mark.parametrize(
    ("section", "labels"),
    [
        (
            "engine",
            [
                "replay --jsonl --finish, in-process",
                "random players through the engine protocol (legal_actions)",
                "random players through the prompts (card picks)",
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


@pytest.mark.parametrize("playout", [random_actions_playout, random_playout])
def test_random_players_play_every_game_to_its_end(playout: Callable[..., int]) -> None:
    """Both random players the bench times, at the fewest and the most seats of each game."""
    for plugin in plugins():
        for seats in sorted({plugin.engine.min_seats, plugin.engine.max_seats}):
            for seed in range(3):
                game = plugin.engine.new(seats, {}, seed)
                applied = playout(game, random.Random(seed))
                assert game.is_over() and applied > 0, (plugin.id, seats, seed)


def test_the_load_bench_tells_each_bursts_size_and_how_long_its_replies_took() -> None:
    from bot.tools.bench_load import Bursts
    from bot.tools.fleet import Reply

    bursts = Bursts(every=10, share=0.2)
    bursts.times = [100.0, 110.0]

    def sent(at: float, ms: float) -> Reply:  # sent at `at`, answered `ms` later
        return Reply("act", at + ms / 1000, ms, ms)

    replies = [sent(100.01, 50), sent(100.05, 420), sent(103.0, 5), sent(110.02, 80)]
    assert bursts.sizes(replies) == [(2, pytest.approx(0.47)), (1, pytest.approx(0.1))]


@pytest.mark.parametrize("plugin", plugins(), ids=lambda plugin: plugin.id)
async def test_the_service_benchs_person_plays_a_whole_table_of_every_game(
    plugin: GamePlugin, tmp_path: Path
) -> None:
    """The loop `cardbot bench service` times, through a table's end into the next table, at
    the game's first bench seat count: quick mode stops after 100 moves, before the states
    where the loop stopped or spun for good once a game was played longer (a knock window the
    CPUs then ended; a declaration left open while the cards are drawn)."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'bench.db'}"
    database = Database(url)
    await database.upgrade()
    service = TableService(database, Settings(database_url=url))
    try:
        seats = (plugin.bench_seats or (plugin.engine.min_seats,))[0]
        person = Person(service, plugin.id, seats, channel=1)
        moves = 0
        while person.ended < 1:
            await person.move()
            moves += 1
        assert moves > 1 and person.table_id  # a new table after the end, its first move made
    finally:
        service.close()
        await database.dispose()
