"""Database growth per finished game, before and after archiving (ARCHIVE_AFTER_DAYS).

    python -m bot.tools.bench_archive [--games 20] [--url postgresql://...]

Plays `--games` tables of each game to their end through the tables service (one human seat
on Auto, CPUs in the others), then measures the database's size per finished game, archives
every table (`archive_finished`) and measures again. SQLite: the file's size after VACUUM;
PostgreSQL: the total size of the tables, seats and action_log relations after VACUUM FULL.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from datetime import timedelta
from pathlib import Path

from sqlalchemy import text

from bot.games import plugins
from bot.settings import Settings
from bot.store import Database
from bot.tables import TableService

Figure = tuple[str, str]
USER = 1


async def _size(database: Database, path: Path | None) -> int:
    async with database.engine.connect() as conn:
        conn = await conn.execution_options(isolation_level="AUTOCOMMIT")
        if path is not None:
            await conn.exec_driver_sql("VACUUM")
            await conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
            return path.stat().st_size
        await conn.exec_driver_sql("VACUUM FULL")
        size = await conn.scalar(
            text(
                "SELECT pg_total_relation_size('tables') + pg_total_relation_size('seats')"
                " + pg_total_relation_size('action_log')"
            )
        )
        return int(size or 0)


async def _play(service: TableService, game: str, seats: int, channel: int) -> int:
    info = await service.open_lobby(None, channel, game, None, USER, "bench", seats, seed=channel)
    for _ in range(seats - 1):
        await service.add_cpu(info.id, USER)
    await service.start(info.id, USER)
    await service.set_auto(info.id, USER, True)
    while (await service.load(info.id)).status == "active":
        await service.advance(info.id, limit=1000)
    return info.id


async def figures(games: int, url: str | None) -> list[Figure]:
    """The figures: per game, bytes per finished game before and after archiving."""
    out: list[Figure] = []
    with tempfile.TemporaryDirectory() as folder:
        for plugin in plugins():
            engine = plugin.engine
            seats = engine.max_seats if engine.max_seats <= 4 else engine.min_seats
            path = None if url else Path(folder) / f"{plugin.id}.db"
            database = Database(url or f"sqlite+aiosqlite:///{path}")
            try:
                await database.upgrade()
                settings = Settings(
                    _env_file=None,  # type: ignore[call-arg]
                    database_url=database.url,
                    archive_after_days=1,
                )
                service = TableService(database, settings)
                empty = await _size(database, path)
                for n in range(games):
                    await _play(service, plugin.id, seats, 10_000 + n)
                full = await _size(database, path)
                started = time.perf_counter()
                later = settings.archive_after_days + 1
                archived = await service.archive_finished(
                    service._clock() + timedelta(days=later), limit=games
                )
                took = (time.perf_counter() - started) / max(1, len(archived)) * 1000
                small = await _size(database, path)
                before, after = (full - empty) / games, (small - empty) / games
                if before <= 0:  # too few games to fill a page
                    continue
                out.append(
                    (
                        f"{plugin.id} ({seats} seats), per finished game",
                        f"{before / 1024:,.1f} KiB → {after / 1024:,.1f} KiB archived "
                        f"({after / before:.0%}), {took:.1f} ms to archive one",
                    )
                )
            finally:
                if url:
                    async with database.engine.begin() as conn:
                        await conn.execute(text("DELETE FROM tables"))
                await database.dispose()
    return out


def main(argv: list[str] | None = None) -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(prog="python -m bot.tools.bench_archive", description=__doc__)
    parser.add_argument("--games", type=int, default=20, help="finished tables per game")
    parser.add_argument("--url", help="a PostgreSQL URL to measure on (default: a SQLite file)")
    args = parser.parse_args(argv)
    for label, figure in asyncio.run(figures(args.games, args.url)):
        print(f"  {label:<48} {figure}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
