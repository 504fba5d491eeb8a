"""Service figures for `cardbot bench service`: real SQLite file, real migrations, real engine."""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from bot.bench import LONGEST_NATURAL_SEED
from bot.settings import Settings
from bot.store.database import Database
from bot.tables import TableService

HUMAN = 1


async def _figures(quick: bool) -> list[tuple[str, str]]:
    acts = 100 if quick else 400
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite+aiosqlite:///{Path(folder) / 'bench.db'}"
        database = Database(url)
        try:
            started = time.perf_counter()
            await database.upgrade()
            upgrade_ms = (time.perf_counter() - started) * 1000
            service = TableService(database, Settings(database_url=url))

            async def new_table(channel: int, seed: int | None = None) -> int:
                lobby = await service.open_lobby(
                    None, channel, "kitten-fishing", {}, HUMAN, "bench", seed=seed
                )
                await service.add_cpu(lobby.id, HUMAN, "normal")
                return (await service.start(lobby.id, HUMAN)).table.id

            samples: list[float] = []
            table_id = await new_table(1)
            for _ in range(acts):
                table = await service.load(table_id)
                if table.status != "active":
                    table_id = await new_table(1 + len(samples))
                started = time.perf_counter()
                await service.act(table_id, HUMAN, {"type": "flip"})
                samples.append((time.perf_counter() - started) * 1000)

            view_samples: list[float] = []
            for _ in range(acts // 2):
                started = time.perf_counter()
                await service.private_view(table_id, HUMAN)
                view_samples.append((time.perf_counter() - started) * 1000)

            finish_samples: list[float] = []
            for n in range(3 if quick else 5):
                long_id = await new_table(10_000 + n, seed=LONGEST_NATURAL_SEED)
                started = time.perf_counter()
                result = await service.finish(long_id, HUMAN)
                finish_samples.append((time.perf_counter() - started) * 1000)
            flips = result.table.action_count
        finally:
            await database.dispose()
    quantiles = statistics.quantiles(samples, n=20)
    return [
        ("migrations to head on a new SQLite file", f"{upgrade_ms:.0f} ms"),
        (
            f"act: a flip + the kitten's reply, persisted (n={len(samples)}), median",
            f"{statistics.median(samples):.2f} ms",
        ),
        ("act, 95th percentile", f"{quantiles[18]:.2f} ms"),
        ("private view of a table, median", f"{statistics.median(view_samples):.2f} ms"),
        (
            f"see the result of the longest game ({flips} flips logged), median",
            f"{statistics.median(finish_samples):.0f} ms",
        ),
    ]


def run(quick: bool) -> list[tuple[str, str]]:
    """Measure the tables service on a throw-away SQLite file."""
    return asyncio.run(_figures(quick))
