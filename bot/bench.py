"""`cardbot bench`: engine throughput, service latency on a real SQLite file, render speed.

Figures, not pass/fail: speed targets are read here, never asserted in timed unit tests.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

from bot.games import plugins
from bot.replay import answer_line

Figure = tuple[str, str]


def _median_ms(run: Callable[[], object], repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        samples.append((time.perf_counter() - started) * 1000)
    return statistics.median(samples)


def engine_figures(quick: bool) -> list[Figure]:
    """Per game: `replay --jsonl --finish` throughput, and its own records worth timing alone."""
    figures: list[Figure] = []
    for plugin in plugins():
        game = plugin.engine
        for seats in sorted({game.min_seats, game.max_seats}):
            figures += _throughput(game.id, seats, (2000 if quick else 10000) // max(1, seats // 2))
        repeat = 50 if quick else 200
        for case in plugin.bench:
            text = json.dumps(dict(case.record))

            def finish(text: str = text) -> object:
                return answer_line(text, True)

            figures.append(
                (f"{case.label}, replay --finish, median", f"{_median_ms(finish, repeat):.2f} ms")
            )
    return figures


def _throughput(game_id: str, seats: int, games: int) -> list[Figure]:
    """`replay --jsonl --finish` of random seeded games: in-process, and the whole command."""
    lines = [json.dumps({"game": game_id, "seats": seats, "seed": seed}) for seed in range(games)]
    started = time.perf_counter()
    for line in lines:
        answer_line(line, finish=True)
    in_process = games / (time.perf_counter() - started)
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as handle:
        handle.write("\n".join(lines) + "\n")
    try:
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "bot.cli", "replay", "--jsonl", "--finish", handle.name],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        whole_command = games / (time.perf_counter() - started)
    finally:
        os.unlink(handle.name)
    return [
        (
            f"{game_id} ({seats} seats) replay --jsonl --finish, in-process",
            f"{in_process:,.0f} games/s ({games} games)",
        ),
        (
            f"{game_id} ({seats} seats) cardbot replay --jsonl --finish, whole command",
            f"{whole_command:,.0f} games/s (startup included)",
        ),
    ]


def service_figures(quick: bool) -> list[Figure]:
    """Tables service latency with a real SQLite file."""
    from bot.bench_service import run

    return run(quick)


def render_figures(quick: bool) -> list[Figure]:
    """Render time and PNG size of table images."""
    from render.bench import run

    return run(quick)


SECTIONS: dict[str, Callable[[bool], list[Figure]]] = {
    "engine": engine_figures,
    "service": service_figures,
    "render": render_figures,
}


def main(args: argparse.Namespace) -> int:
    """Print the figures of one section or all."""
    names = list(SECTIONS) if args.what == "all" else [args.what]
    print(
        f"cardbot bench ({'quick' if args.quick else 'full'}), Python {sys.version.split()[0]}, one core"
    )
    for name in names:
        print(f"\n[{name}]")
        for label, figure in SECTIONS[name](args.quick):
            print(f"  {label:<70} {figure}")
    return 0
