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


SPIN = 1000
"""Looks in a row without a move after which the simulated person is stuck (a defect)."""


class Person:
    """One person against CPUs, table after table: each look reads the seat's prompt; a move is
    what the normal CPU would choose from it; when the game asks the seat nothing, or only
    something it lets pass, the table's own steps are taken as a channel's pace loop takes them.
    A person asked nothing new for `SPIN` looks in a row raises: the bench never hangs."""

    def __init__(self, service: TableService, game: str, seats: int, channel: int) -> None:
        self.service, self.game, self.seats, self.channel = service, game, seats, channel
        self.cpu = cpu_player(game, "normal")
        self.rng = random.Random(0)
        self.ended = 0
        """Tables played to their end."""
        self.looks: list[float] = []
        """How long each look took (ms)."""
        self.table_id = 0

    async def new_table(self, seed: int | None = None) -> int:
        """A table with the person in the first seat and normal CPUs, started."""
        self.channel += 1
        lobby = await self.service.open_lobby(
            None, self.channel, self.game, {}, HUMAN, "bench", self.seats, seed=seed
        )
        for _ in range(self.seats - 1):
            await self.service.add_cpu(lobby.id, HUMAN, "normal")
        return (await self.service.start(lobby.id, HUMAN)).table.id

    async def move(self) -> float:
        """Look until there is a move to make, make it: how long the `act` took (ms)."""
        if not self.table_id:
            self.table_id = await self.new_table()
        for _ in range(SPIN):
            started = time.perf_counter()
            current = await self.service.prompt(self.table_id, HUMAN)
            self.looks.append((time.perf_counter() - started) * 1000)
            if current.table.status != "active":
                self.ended += 1
                self.table_id = await self.new_table()
                continue
            if current.prompt is None:
                await self.service.advance(self.table_id, 5)
                continue
            action = choose(self.cpu, current.view, current.prompt, self.rng)
            if action is None:  # "Not now": a knock window holds the CPU after it till answered
                declined = await self.service.decline(
                    self.table_id, HUMAN, prompt_version=current.version
                )
                if declined.auto_pending and declined.table.status == "active":
                    # the table's own steps go on at their pace (a draw while a declaration
                    # is open): take them, or the seat is asked the same again forever; a
                    # table the CPUs ended is seen at the next look
                    await self.service.advance(self.table_id, 5)
                continue
            started = time.perf_counter()
            await self.service.act(self.table_id, HUMAN, action)
            return (time.perf_counter() - started) * 1000
        raise RuntimeError(f"{self.game}: the person was asked nothing new in {SPIN} looks")


async def _game_figures(
    service: TableService, plugin: GamePlugin, quick: bool, channel: int, seats: int
) -> list[tuple[str, str]]:
    game = plugin.engine
    # a game timed at several seat counts (`bench_seats`) names the count in its labels
    name = f"{game.id} ({seats} seats)" if plugin.bench_seats else game.id
    person = Person(service, game.id, seats, channel)
    samples = [await person.move() for _ in range(100 if quick else 400)]
    prompt_samples = person.looks
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
                long_id = await person.new_table(seed=int(case.record.get("seed", 0)))
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
