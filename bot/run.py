"""`cardbot run`: apply migrations, log in to Discord, print the invite URL and serve the tables."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from typing import Any

# Named here too: the load bench's serving processes freeze their start-up heap as `cardbot run`.
from bot.discord.heap import freeze_startup_heap as freeze_startup_heap

NO_TOKEN = (
    "No Discord token: put DISCORD_TOKEN=<your bot token> in .env (docs/discord.md shows how to "
    "create the bot and get it); meanwhile `{command} play kitten-fishing` plays without Discord."
)
BAD_TOKEN = (
    "Discord refused the token in DISCORD_TOKEN: copy it again from the developer portal "
    "(Bot → Reset Token) into .env, see docs/discord.md."
)
NO_NETWORK = "Could not reach Discord ({problem}): check the network connection and try again."
DISCORD_ERROR = "Discord refused to start the bot ({problem}); see docs/discord.md."

log = logging.getLogger("cardbot")


def main(args: argparse.Namespace | None = None) -> int:
    """Run the bot until interrupted; 0 on a clean stop, 2 without a token, 3 with a bad one.

    A database that cannot be used is one sentence too: exit 1 when it did not answer (try
    again), 2 when DATABASE_URL or the database itself is wrong.
    """
    from bot.program import command_name
    from bot.settings import SettingsError, load_settings
    from bot.store.database import DatabaseError

    try:
        settings = load_settings()
    except SettingsError as exc:
        print(f"cardbot run: {exc}", file=sys.stderr)
        return 2
    configure_logging(settings.log_level)
    if not (settings.discord_token or "").strip():
        print(f"cardbot run: {NO_TOKEN.format(command=command_name())}", file=sys.stderr)
        return 2

    import aiohttp
    import discord

    try:
        asyncio.run(serve(settings))
    except DatabaseError as exc:
        print(exc, file=sys.stderr)
        return exc.exit_code
    except discord.LoginFailure:
        print(BAD_TOKEN, file=sys.stderr)
        return 3
    except (OSError, aiohttp.ClientError) as exc:
        print(NO_NETWORK.format(problem=exc), file=sys.stderr)
        return 1
    except discord.HTTPException as exc:
        print(DISCORD_ERROR.format(problem=f"{exc.status} {exc.text}"), file=sys.stderr)
        return 1
    except discord.PrivilegedIntentsRequired:
        # We ask for no privileged intent; this only happens if someone changed the intents.
        print(
            "Discord refused a privileged intent this bot does not need: see docs/discord.md.",
            file=sys.stderr,
        )
        return 3
    return 0


def configure_logging(level: str) -> None:
    """Log to standard error with timestamps; discord.py's gateway chatter and Alembic's
    start-up lines ("Context impl SQLiteImpl") at WARNING unless LOG_LEVEL is DEBUG."""
    logging.basicConfig(
        level=getattr(logging, level.upper(), logging.INFO),
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
    )
    root = logging.getLogger().level
    logging.getLogger("discord").setLevel(max(logging.WARNING, root))
    logging.getLogger("alembic").setLevel(
        root if root <= logging.DEBUG else max(logging.WARNING, root)
    )


async def serve(settings: Any) -> None:
    """Migrate the database, then run the bot on it until the process is stopped."""
    import discord

    from bot.discord.client import build_bot
    from bot.store import Database

    # The bot never joins a voice channel: discord.py need not warn that voice is unsupported.
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
    database = Database.from_settings(settings)
    print(f"Database: {database.location}", file=sys.stderr)
    shards = settings.shards()
    if shards is not None:
        print(f"Shards: {shards.label()}", file=sys.stderr)
    try:
        revision = await database.upgrade()
        await database.warm()
        log.info("database %s at revision %s", database.masked_url, revision)
        bot = build_bot(settings, database)
        async with bot:
            await bot.start(settings.discord_token.strip())
    finally:
        await database.dispose()
