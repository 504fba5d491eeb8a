"""`cardbot db upgrade`: migrate the configured database to the newest schema."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence

from bot.settings import SettingsError, load_settings
from bot.store.database import Database, DatabaseError


async def _upgrade(url: str) -> tuple[str, str | None]:
    async with Database(url) as database:
        revision = await database.upgrade()
        return database.masked_url, revision


def main(args: argparse.Namespace | Sequence[str] | None = None) -> int:
    """Run a database action (`upgrade`); prints the masked URL and the revision reached.

    A database that cannot be used is one sentence on standard error: exit 1 when it did not
    answer (try again), 2 when the URL or the database itself is wrong.
    """
    if not isinstance(args, argparse.Namespace):
        parser = argparse.ArgumentParser(prog="cardbot db")
        parser.add_argument("action", choices=["upgrade"])
        parser.add_argument("--url", default=None, help="database URL (default: settings)")
        args = parser.parse_args(args)
    try:
        url = getattr(args, "url", None) or load_settings().database_url
    except SettingsError as exc:
        print(f"cardbot db: {exc}", file=sys.stderr)
        return 2
    if args.action == "upgrade":
        try:
            masked, revision = asyncio.run(_upgrade(url))
        except DatabaseError as exc:
            print(f"cardbot db: {exc}", file=sys.stderr)
            return exc.exit_code
        print(f"database: {masked}")
        print(f"revision: {revision}")
        return 0
    print(f"unknown action {args.action!r}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
