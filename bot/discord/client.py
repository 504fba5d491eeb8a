"""The bot object: commands, dynamic components, translator, timers, and the invite URL."""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.commands import CatalogueTranslator, GameGroup, build_play_command
from bot.discord.components import ComponentHandler, LegacyItem, TableButton, TableSelect
from bot.discord.desk import Desk
from bot.discord.flows.lobby import LobbyFlows
from bot.discord.flows.replies import Replies
from bot.discord.flows.router import ComponentRouter
from bot.discord.flows.seat import SeatFlows
from bot.discord.flows.slash import CommandFlows
from bot.discord.heap import freeze_startup_heap
from bot.discord.images import Images
from bot.discord.pacer import Pacer
from bot.discord.pacing import Pacing
from bot.discord.timers import Timers
from bot.i18n import t
from bot.shards import Shards
from bot.store import Database
from bot.tables.service import TableService

log = logging.getLogger(__name__)

SCOPES = ("bot", "applications.commands")
PERMISSIONS = discord.Permissions(
    send_messages=True,
    embed_links=True,
    attach_files=True,
    use_application_commands=True,
    create_public_threads=True,
    send_messages_in_threads=True,
    read_message_history=True,
)
"""The minimum the bot needs in a channel (docs/discord.md explains each)."""


def invite_url(application_id: int) -> str:
    """The OAuth2 URL that adds the bot to a server with exactly its permissions."""
    return discord.utils.oauth_url(application_id, permissions=PERMISSIONS, scopes=SCOPES)


class CardBot(commands.AutoShardedBot):
    """discord.py client wired to the tables service.

    Sharded: without `shards` it runs every shard Discord recommends in this one process; with
    `shards` (several processes on one database) only those, and the service it is given
    serves the same guilds (`Settings.shards`). Commands are synced by the process that runs
    shard 0, so that N processes starting together sync once.
    """

    def __init__(
        self,
        service: TableService,
        *,
        database: Database | None = None,
        images: Images | None = None,
        default_locale: str = "ja",
        dev_guild_id: int | None = None,
        sync_commands: bool = True,
        run_timers: bool = True,
        auto_delay: float = 2.0,
        timer_interval: float = 30.0,
        edit_interval: float = 1.0,
        shards: Shards | None = None,
        freeze_heap: bool = False,
        pacing: Pacing | None = None,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # channels and threads; no privileged intent is needed
        # Message events (ids and authors: without the privileged content intent their text is
        # empty) tell the Desk when a channel has moved on below a table message.
        intents.guild_messages = True
        sharding: dict[str, Any] = {}
        if shards is not None:
            sharding = {"shard_count": shards.count, "shard_ids": sorted(shards.ids)}
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            max_messages=None,  # no message cache: the ids the Desk needs are all it keeps
            **sharding,
        )
        self.shards_run = shards
        self.service = service
        self.database = database
        self.desk = Desk(
            self,
            service.messages,
            images or Images(),
            service.settings,
            default_locale=default_locale,
            edit_interval=edit_interval,
            pacing=pacing,
        )
        self.pacer = Pacer(service, self.desk, delay=auto_delay)
        # The flows, each given what it uses; the components reach theirs through
        # `component_handler` (components.py names only its protocol).
        self.replies = Replies(service, self.desk)
        lobby = LobbyFlows(service, self.desk, self.pacer, self.replies)
        self.seat_flows = SeatFlows(service, self.desk, self.pacer, self.replies)
        self.command_flows = CommandFlows(
            service, self.desk, self.pacer, self.replies, lobby, self.seat_flows
        )
        self.component_handler: ComponentHandler = ComponentRouter(
            self.replies, lobby, self.seat_flows
        )
        self.timers = Timers(service, self.desk, self.pacer, interval=timer_interval)
        self.dev_guild_id = dev_guild_id
        self.sync_commands = sync_commands
        self.run_timers = run_timers
        self.freeze_heap = freeze_heap
        """Leave start-up's objects out of full garbage collections once set up (`cardbot run`;
        not a test's client, whose process goes on to other tests)."""

    async def setup_hook(self) -> None:
        """Commands, the translator, restart-proof components, timers; sync; print the invite."""
        await self.tree.set_translator(CatalogueTranslator())
        self.tree.add_command(GameGroup(self.command_flows))
        self.tree.add_command(build_play_command(self.seat_flows))
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        self.add_dynamic_items(TableButton, TableSelect, LegacyItem)
        if self.sync_commands and (self.shards_run is None or 0 in self.shards_run.ids):
            if self.dev_guild_id:
                guild = discord.Object(self.dev_guild_id)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            else:
                await self.tree.sync()
        if self.run_timers:
            self.timers.start()
            self.service.start_thinking()  # the CPUs' workers, warm before the first game
        if self.database is not None:
            resumed = await self.timers.resume_auto()
            if resumed:
                log.info("auto-play resumed on tables %s", resumed)
        if self.application_id is not None:
            print(f"Invite cardbot to a server: {invite_url(self.application_id)}", flush=True)
        if self.freeze_heap:
            freeze_startup_heap()

    async def on_message(self, message: discord.Message) -> None:
        """A message was posted in a channel the bot sees: noted, never read (no prefix
        commands: everything is a slash command or a button)."""
        self.desk.watch.note(message)

    async def close(self) -> None:
        """Stop the timers and auto-play, then disconnect."""
        await self.timers.stop()
        self.pacer.stop()
        self.service.close()
        await super().close()

    async def on_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        """Errors raised before a command's body runs: a refused option value, or a bug."""
        locale = await self.replies.safe_locale(interaction)
        if isinstance(error, app_commands.TransformerError):
            with contextlib.suppress(discord.HTTPException):
                await self.replies.reply(interaction, t("error.bad_value", locale))
            return
        original = getattr(error, "original", error)
        table = None
        with contextlib.suppress(Exception):
            table = await self.service.active_table(interaction.channel_id or 0)
        log.error(
            "command error on table %s: %r",
            table.id if table else None,
            original,
            exc_info=original,
        )
        with contextlib.suppress(discord.HTTPException):
            await self.replies.reply(interaction, t("error.unexpected", locale))


def build_bot(settings: Any, database: Any) -> CardBot:
    """The bot for `cardbot run`: the service on the database, the settings' defaults."""
    if getattr(settings, "font_path", None):
        from render.text import set_font_path

        set_font_path(settings.font_path)
    service = TableService(database, settings)
    return CardBot(
        service,
        database=database,
        default_locale=settings.default_locale,
        dev_guild_id=settings.dev_guild_id,
        shards=settings.shards(),
        freeze_heap=True,
    )
