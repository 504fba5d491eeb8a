"""`cardbot tables`: the tables the timers set aside (quarantined), listed, and put back in play.

A table whose game cannot be loaded or advanced is quarantined by the first timer that fails on
it (`bot.tables.deadlines`): one log line, and every process skips it. Once the cause is fixed
(a corrected row, a fixed engine), `cardbot tables release ID` puts it back in play.
"""

from __future__ import annotations

import argparse
import asyncio
import sys

from bot.settings import SettingsError, load_settings
from bot.store.database import Database, DatabaseError
from bot.store.models import TableRow, utcnow
from bot.tables.repository import TableRepository


async def _quarantined(url: str) -> list[TableRow]:
    async with Database(url) as database:
        return await TableRepository(database, utcnow).quarantined()


async def _release(url: str, table_id: int) -> str | None:
    async with Database(url) as database:
        return await TableRepository(database, utcnow).release(table_id)


def listing(rows: list[TableRow]) -> list[str]:
    """The quarantined tables for people: one line each, then why, indented."""
    if not rows:
        return ["no table is quarantined"]
    lines = []
    for row in rows:
        since = row.updated_at.strftime("%Y-%m-%d %H:%M UTC")
        lines.append(
            f"table {row.id}: {row.game}, {row.status}, quarantined since {since}"
            f" (guild {row.guild_id or '-'}, channel {row.channel_id})"
        )
        lines.append(f"  {row.quarantine}")
    return lines


def main(args: argparse.Namespace) -> int:
    """List the quarantined tables (`quarantined`) or release one (`release ID`), on the
    database of the settings. A database that cannot be used is one sentence on standard
    error: exit 1 when it did not answer (try again), 2 otherwise."""
    if args.action == "release" and args.id is None:
        print(
            "cardbot tables: release takes the table's id (cardbot tables release ID)",
            file=sys.stderr,
        )
        return 2
    try:
        url = load_settings().database_url
        if args.action == "quarantined":
            print("\n".join(listing(asyncio.run(_quarantined(url)))))
            return 0
        game = asyncio.run(_release(url, args.id))
    except (SettingsError, DatabaseError) as exc:
        print(f"cardbot tables: {exc}", file=sys.stderr)
        return exc.exit_code if isinstance(exc, DatabaseError) else 2
    if game is None:
        print(f"cardbot tables: table {args.id} is not quarantined", file=sys.stderr)
        return 2
    print(f"table {args.id} ({game}) is back in play: the timers take it up at their next tick")
    return 0
