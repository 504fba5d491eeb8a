"""Start-up at scale: a bot process restarted on a database of many stored tables, to ready.

    python -m bot.tools.bench_startup [--tables 10000] [--active 1000] [--url postgresql://...]

Fills a database (real migrations) with `--tables` tables, `--active` of them running games
(real Go Fish snapshots, deadlines ahead, one in ten on Auto so that its pace loop must be
re-armed), the rest finished; then starts a new Python process that does what `cardbot run`
does before it is ready: import the bot, open the database, check the migrations, build the
client and its commands, arm the timers (their first tick) and resume the paced tables. It
prints the time of each step and the whole, from the process's start. Syncing the commands
with Discord (one HTTP request, made by the shard-0 process only) is not included.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

STARTED = time.perf_counter()


async def fill(url: str, tables: int, active: int) -> None:
    """Store the tables, as a busy bot's database holds them (ids 1 to `tables`)."""
    from sqlalchemy import insert, text

    from bot.store.database import Database
    from bot.store.models import ACTIVE, FINISHED, SeatRow, TableRow, utcnow
    from bot.tools.bench_store import stored_table
    from engines.go_fish import GoFish

    database = Database(url)
    try:
        await database.upgrade()
        now = utcnow()
        rows: list[dict[str, Any]] = []
        for n in range(tables):
            running = n >= tables - active
            game = GoFish.new(2, {}, n) if running else None
            rows.append(
                stored_table(
                    n,
                    now,
                    id=n + 1,
                    guild_id=(n % 50) << 22,
                    channel_id=1_000_000 + n,
                    game=GoFish.id,
                    status=ACTIVE if running else FINISHED,
                    snapshot=game.to_json() if game else None,
                    to_act=sorted(game.to_act()) if game else [],
                    version=1,
                    deadline=now + timedelta(hours=20) if running else None,
                    remind_at=now + timedelta(hours=19) if running else None,
                    paced=running and n % 10 == 0,
                    result=None if running else {"winners": [0]},
                )
            )
        seats = [
            {
                "table_id": row["id"],
                "seat": seat,
                "user_id": 1000 + seat,
                "name": f"P{seat}",
                "auto": bool(row["paced"]) and seat == 0,
            }
            for row in rows
            for seat in range(2)
        ]
        async with database.sessions() as s, s.begin():
            for start in range(0, len(rows), 2000):
                await s.execute(insert(TableRow), rows[start : start + 2000])
            for start in range(0, len(seats), 4000):
                await s.execute(insert(SeatRow), seats[start : start + 4000])
            if database.dialect == "postgresql" and tables:
                # the ids were given: tables opened later must get the next ones
                await s.execute(
                    text("SELECT setval(pg_get_serial_sequence('tables', 'id'), :last)"),
                    {"last": tables},
                )
    finally:
        await database.dispose()


async def start(url: str) -> dict[str, float]:
    """What `cardbot run` does before it is ready, timed step by step (seconds)."""
    marks: dict[str, float] = {}

    def mark(name: str) -> None:
        marks[name] = time.perf_counter() - STARTED

    from bot.discord.client import CardBot
    from bot.settings import Settings
    from bot.store.database import Database
    from bot.tables.service import TableService

    mark("imports")
    database = Database(url)
    await database.upgrade()
    await database.warm()
    mark("database open, migrations checked, connections opened")
    settings = Settings(_env_file=None, database_url=url)  # type: ignore[call-arg]
    bot = CardBot(
        TableService(database, settings),
        database=database,
        sync_commands=False,
        run_timers=False,
        freeze_heap=True,
    )
    await bot.setup_hook()  # commands built, paced tables resumed
    mark("client built, commands, paced tables resumed")
    await bot.timers.tick()
    await bot.timers._pause()
    mark("timers armed (first tick)")
    resumed = len(bot.pacer.tasks)
    for task in list(bot.pacer.tasks.values()):
        task.cancel()
    await database.dispose()
    marks["paced tables resumed"] = resumed
    return marks


def main(argv: list[str] | None = None) -> int:
    """Fill, then time a fresh process's start."""
    parser = argparse.ArgumentParser(prog="python -m bot.tools.bench_startup", description=__doc__)
    parser.add_argument("--tables", type=int, default=10_000, help="tables stored (10000)")
    parser.add_argument("--active", type=int, default=1_000, help="of them running (1000)")
    parser.add_argument("--url", help="a PostgreSQL URL (default: a new SQLite file)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(asyncio.run(start(args.child))))
        return 0
    with tempfile.TemporaryDirectory() as folder:
        url = args.url or f"sqlite+aiosqlite:///{Path(folder) / 'bench.db'}"
        asyncio.run(fill(url, args.tables, args.active))
        child = subprocess.run(
            [sys.executable, "-m", "bot.tools.bench_startup", "--child", url],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "DISCORD_TOKEN": ""},
        )
        marks = json.loads(child.stdout.strip().splitlines()[-1])
    resumed = int(marks.pop("paced tables resumed"))
    print(f"start-up with {args.tables:,} stored tables ({args.active:,} running, {resumed} paced)")
    for name, seconds in marks.items():
        print(f"  {name:<48} {seconds:6.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
