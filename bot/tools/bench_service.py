"""Service figures for `cardbot bench service`: real SQLite file, real migrations, real engines.

For each game, at each seat count of its `bench_seats` (else at its fewest): one human against
CPUs, the human's moves chosen by the normal CPU (from the human's own prompt, as a player would
choose), each `act` timed with the CPUs' replies and the write; the seat's prompt read; and each
game's own bench records finished at once where the game allows "see the result".
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from bot.games import GamePlugin, plugins
from bot.settings import Settings
from bot.store.database import Database
from bot.tables import TableService
from engines.actions import Action
from engines.cpu import CpuPlayer, cpu_player
from engines.players import Decision
from engines.prompts import Prompt

HUMAN = 1


def choose(
    cpu: CpuPlayer, view: Mapping[str, Any], prompt: Mapping[str, Any], rng: random.Random
) -> dict[str, Any] | None:
    """A simulated person's action (JSON): what `cpu` would choose from the seat's own view and
    prompt, as a player would choose; None when it lets an optional prompt pass."""
    asked = Prompt.from_json(prompt)
    action = cpu.decide(Decision(view, asked, rng, lambda action: True)) or asked.default
    return None if action is None else Action.to_json(action)


async def _game_figures(
    service: TableService, plugin: GamePlugin, quick: bool, channel: int, seats: int
) -> list[tuple[str, str]]:
    game = plugin.engine
    # a game timed at several seat counts (`bench_seats`) names the count in its labels
    name = f"{game.id} ({seats} seats)" if plugin.bench_seats else game.id
    acts = 100 if quick else 400
    cpu = cpu_player(game.id, "normal")
    rng = random.Random(0)

    async def new_table(channel: int, seed: int | None = None) -> int:
        lobby = await service.open_lobby(
            None, channel, game.id, {}, HUMAN, "bench", seats, seed=seed
        )
        for _ in range(seats - 1):
            await service.add_cpu(lobby.id, HUMAN, "normal")
        return (await service.start(lobby.id, HUMAN)).table.id

    samples: list[float] = []
    prompt_samples: list[float] = []
    table_id = await new_table(channel)
    while len(samples) < acts:
        started = time.perf_counter()
        current = await service.prompt(table_id, HUMAN)
        prompt_samples.append((time.perf_counter() - started) * 1000)
        if current.table.status != "active":
            channel += 1
            table_id = await new_table(channel)
            continue
        if current.prompt is None:
            await service.advance(table_id, 5)
            continue
        action = choose(cpu, current.view, current.prompt, rng)
        if action is None:  # "Not now": a knock window holds the CPU after it till answered
            # the table goes on at the next look (which also sees a game the CPUs then ended)
            await service.decline(table_id, HUMAN, prompt_version=current.version)
            continue
        started = time.perf_counter()
        await service.act(table_id, HUMAN, action)
        samples.append((time.perf_counter() - started) * 1000)
    quantiles = statistics.quantiles(samples, n=20)
    figures = [
        (
            f"{name}: act, the human's move + the CPUs' replies, persisted (n={len(samples)}),"
            " median",
            f"{statistics.median(samples):.2f} ms",
        ),
        (f"{name}: act, 95th percentile", f"{quantiles[18]:.2f} ms"),
        (
            f"{name}: the seat's prompt and view, median",
            f"{statistics.median(prompt_samples):.2f} ms",
        ),
    ]
    if game.instant_finish and seats == (plugin.bench_seats or (game.min_seats,))[0]:
        for case in plugin.bench:
            finish_samples = []
            for _ in range(3 if quick else 5):
                channel += 1
                long_id = await new_table(channel, seed=int(case.record.get("seed", 0)))
                started = time.perf_counter()
                result = await service.finish(long_id, HUMAN)
                finish_samples.append((time.perf_counter() - started) * 1000)
            figures.append(
                (
                    f"{game.id}: see the result, {case.label} ({result.table.action_count} actions"
                    " logged), median",
                    f"{statistics.median(finish_samples):.0f} ms",
                )
            )
    return figures


async def _figures(quick: bool, game: str | None) -> list[tuple[str, str]]:
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite+aiosqlite:///{Path(folder) / 'bench.db'}"
        database = Database(url)
        try:
            started = time.perf_counter()
            await database.upgrade()
            upgrade_ms = (time.perf_counter() - started) * 1000
            service = TableService(database, Settings(database_url=url))
            figures = [("migrations to head on a new SQLite file", f"{upgrade_ms:.0f} ms")]
            for n, plugin in enumerate(plugins()):
                if game is not None and plugin.id != game:
                    continue
                for k, seats in enumerate(plugin.bench_seats or (plugin.engine.min_seats,)):
                    channel = 1_000_000 * (n + 1) + 100_000 * k
                    figures += await _game_figures(service, plugin, quick, channel, seats)
        finally:
            await database.dispose()
    return figures


def run(quick: bool, game: str | None = None) -> list[tuple[str, str]]:
    """Measure the tables service on a throw-away SQLite file (every game, or `game`)."""
    return asyncio.run(_figures(quick, game))
