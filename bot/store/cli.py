"""`cardbot db upgrade`: migrate the configured database to the newest schema."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence

from bot.settings import get_settings
from bot.store.database import Database


async def _upgrade(url: str) -> tuple[str, str | None]:
    async with Database(url) as database:
        revision = await database.upgrade()
        return database.masked_url, revision


def main(args: argparse.Namespace | Sequence[str] | None = None) -> int:
    """Run a database action (`upgrade`); prints the masked URL and the revision reached."""
    if not isinstance(args, argparse.Namespace):
        parser = argparse.ArgumentParser(prog="cardbot db")
        parser.add_argument("action", choices=["upgrade"])
        parser.add_argument("--url", default=None, help="database URL (default: settings)")
        args = parser.parse_args(args)
    url = getattr(args, "url", None) or get_settings().database_url
    if args.action == "upgrade":
        masked, revision = asyncio.run(_upgrade(url))
        print(f"database: {masked}")
        print(f"revision: {revision}")
        return 0
    print(f"unknown action {args.action!r}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
