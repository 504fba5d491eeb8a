"""`cardbot bench`: engine throughput, CPU decision times, service latency on a real SQLite file,
render speed; and when asked, the messages whole games send through Discord (`cardbot bench
messages`, `bot.tools.bench_messages`) and the event loop's lag while CPU seats think beside people
clicking (`cardbot bench loop`, `bot.tools.bench_loop`).

Figures, not pass/fail: speed targets are read here, never asserted in timed unit tests.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

from bot import compiled
from bot.games import plugins
from bot.games.plugin import GamePlugin
from bot.replay import answer_line
from engines.actions import Action
from engines.cpu import CpuChooser, cpu_chooser, random_actions_playout, random_playout
from engines.game import Game
from engines.prompts import Prompt

Figure = tuple[str, str]


def _median_ms(run: Callable[[], object], repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        samples.append((time.perf_counter() - started) * 1000)
    return statistics.median(samples)


def _benched(game: str | None) -> list[tuple[GamePlugin, tuple[int, ...]]]:
    """The games benched (all, or the one asked for), each with its seat counts to bench."""
    chosen = []
    for plugin in plugins():
        if game is None or plugin.id == game:
            engine = plugin.engine
            seats = plugin.bench_seats or tuple(sorted({engine.min_seats, engine.max_seats}))
            chosen.append((plugin, tuple(seats)))
    return chosen


def engine_figures(quick: bool, game: str | None = None) -> list[Figure]:
    """Per game: `replay --jsonl --finish` throughput, and its own records worth timing alone."""
    figures: list[Figure] = []
    for plugin, seats in _benched(game):
        for count in seats:
            figures += _throughput(plugin, count, 1.0 if quick else 5.0)
            for playout in (random_actions_playout, random_playout):
                figures.append(_random_players(plugin, count, playout, 1.0 if quick else 5.0))
        repeat = 20 if quick else 100
        for case in plugin.bench:
            text = json.dumps(dict(case.record))

            def finish(text: str = text) -> object:
                return answer_line(text, True)

            figures.append(
                (f"{case.label}, replay --finish, median", f"{_median_ms(finish, repeat):.2f} ms")
            )
    return figures


def _throughput(plugin: GamePlugin, seats: int, seconds: float) -> list[Figure]:
    """`replay --jsonl --finish` of random seeded games for about `seconds`: in-process (process
    time: the machine may be shared), then the whole command on the same records."""
    game_id, unit = plugin.id, plugin.bench_unit
    lines: list[str] = []
    units = 0
    started = time.process_time()
    while time.process_time() - started < seconds or len(lines) < 3:
        line = json.dumps({"game": game_id, "seats": seats, "seed": len(lines)})
        answer, _ = answer_line(line, finish=True)
        lines.append(line)
        if unit is not None:
            units += unit.count(answer)
    elapsed = time.process_time() - started
    games = len(lines)
    in_process = f"{games / elapsed:,.0f} games/s ({games} games)"
    if unit is not None:
        in_process += f", {units / elapsed:,.0f} {unit.name}/s"
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as handle:
        handle.write("\n".join(lines) + "\n")
    try:
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "bot.cli", "replay", "--jsonl", "--finish", handle.name],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        elapsed = time.perf_counter() - started
    finally:
        os.unlink(handle.name)
    whole = f"{games / elapsed:,.0f} games/s (startup included)"
    if unit is not None:
        whole += f", {units / elapsed:,.0f} {unit.name}/s"
    return [
        (f"{game_id} ({seats} seats) replay --jsonl --finish, in-process", in_process),
        (f"{game_id} ({seats} seats) cardbot replay --jsonl --finish, whole command", whole),
    ]


RANDOM_LOOPS: dict[Callable[[Game, random.Random], int], str] = {
    random_actions_playout: "random players through the engine protocol (legal_actions)",
    random_playout: "random players through the prompts (card picks)",
}
"""The two random players `cardbot bench` times, by what each goes through."""


def _random_players(
    plugin: GamePlugin,
    seats: int,
    playout: Callable[[Game, random.Random], int],
    seconds: float,
) -> Figure:
    """Games of uniformly random legal choices for about `seconds` of process time, played by
    `playout`: `engines.cpu.random_actions_playout` (a seat of `to_act()`, one of its
    `legal_actions`, `apply`: what a game library's random player runs) or
    `engines.cpu.random_playout` (the prompts the bot shows, card picks drawn and checked).
    In the game's own unit too (hands, deals: the parts a finished game played, `Game.part`)."""
    rng = random.Random(seats)
    games = actions = units = 0
    started = time.process_time()
    while time.process_time() - started < seconds or games < 3:
        game = plugin.engine.new(seats, {}, games)
        actions += playout(game, rng)
        units += game.part() or 0
        games += 1
    elapsed = time.process_time() - started
    figure = f"{games / elapsed:,.0f} games/s ({games} games)"
    if plugin.bench_unit is not None:
        figure += f", {units / elapsed:,.0f} {plugin.bench_unit.name}/s"
    return (
        f"{plugin.id} ({seats} seats) {RANDOM_LOOPS[playout]}",
        f"{figure}, {actions / elapsed:,.0f} actions/s",
    )


CPU_LEVELS = ("easy", "normal", "hard")


def cpu_figures(quick: bool, game: str | None = None) -> list[Figure]:
    """Per game, seat count and level: the time one CPU decision takes (process time), median,
    99th percentile and worst, over whole games of that level against normal CPUs. Each
    decision goes the way the tables service asks a CPU seat: the seat's view, then the player."""
    figures: list[Figure] = []
    for plugin, seats in _benched(game):
        for count in seats:
            for level in CPU_LEVELS:
                times = _decision_times(plugin, count, level, 1.0 if quick else 5.0)
                label = f"{plugin.id} ({count} seats) {level} CPU decision"
                if not times:
                    figures.append((label, "no decisions: the table plays every step"))
                    break
                ranked = sorted(times)
                p99 = ranked[min(len(ranked) - 1, int(len(ranked) * 0.99))]
                figures.append(
                    (
                        label,
                        f"median {statistics.median(ranked) * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms,"
                        f" worst {ranked[-1] * 1000:.2f} ms ({len(ranked)} decisions)",
                    )
                )
    return figures


def _decision_times(plugin: GamePlugin, seats: int, level: str, seconds: float) -> list[float]:
    """Seat 0 at `level`, the others normal, one game after another for about `seconds` of
    process time and at least one game; seat 0's decision times."""
    times: list[float] = []
    seed = 0
    started = time.process_time()
    while seed == 0 or time.process_time() - started < seconds:
        game = plugin.engine.new(seats, {}, seed)
        chooser = cpu_chooser(plugin.id, [level] + ["normal"] * (seats - 1), seed, "bench")

        def timed(game: Game, prompt: Prompt, chooser: CpuChooser = chooser) -> Action | None:
            if prompt.seat != 0:
                return chooser(game, prompt)
            started = time.process_time()
            action = chooser(game, prompt)
            times.append(time.process_time() - started)
            return action

        game.autoplay(timed)
        seed += 1
    return times


def service_figures(quick: bool, game: str | None = None) -> list[Figure]:
    """Tables service latency with a real SQLite file."""
    from bot.tools.bench_service import run

    return run(quick, game)


def render_figures(quick: bool, game: str | None = None) -> list[Figure]:
    """Render time and PNG size of every game's images (or only `game`'s)."""
    from render.bench import run

    return run(quick, game)


def message_figures(quick: bool, game: str | None = None) -> list[Figure]:
    """Messages created, notifying and left, over whole games played through Discord."""
    from bot.tools.bench_messages import run

    return run(quick, game)


def loop_figures(quick: bool, game: str | None = None) -> list[Figure]:
    """The event loop's lag and the interactions' answer times while hard CPUs think beside
    two people clicking, through Discord (the largest table of `bot.tools.bench_loop`'s game unless
    `game`)."""
    from bot.tools.bench_loop import run

    return run(quick, game)


SECTIONS: dict[str, Callable[[bool, str | None], list[Figure]]] = {
    "engine": engine_figures,
    "cpu": cpu_figures,
    "service": service_figures,
    "render": render_figures,
    "messages": message_figures,
    "loop": loop_figures,
}
ALL = ("engine", "cpu", "service", "render")
"""The sections of `cardbot bench` (`messages` and `loop` run when asked for)."""


def main(args: argparse.Namespace) -> int:
    """Print the figures of one section or all."""
    names = list(ALL) if args.what == "all" else [args.what]
    print(compiled.describe())
    print(
        f"cardbot bench ({'quick' if args.quick else 'full'}), Python {sys.version.split()[0]}, one core"
    )
    for name in names:
        print(f"\n[{name}]")
        for label, figure in SECTIONS[name](args.quick, args.game):
            print(f"  {label:<74} {figure}")
    return 0
