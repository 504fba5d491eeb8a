"""Where the Desk's messages go: a table's channel and its players' DMs.

Every part of the Desk writes through one `Outlet`: the Discord client, the channels' rate
(`ChannelBudget`), the DMs' backoff after a failure (`DmBackoff`), what the channels said below a
table message (`ChannelWatch`), and the publisher's book of the messages each table keeps to
edit later (`MessageBook`: message ids live in the database, so they survive restarts).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable
from typing import Any

import discord

from bot.discord.channels import ChannelWatch
from bot.discord.pacing import ChannelBudget, DmBackoff, Pacing
from bot.tables.messages import MessageBook
from bot.tables.results import MessageRef, TableInfo

log = logging.getLogger(__name__)

TABLE, PING, HAND, STALL = "table", "ping", "hand", "stall"
Refs = dict[tuple[str, int | None], MessageRef]
"""A table's kept messages by (kind, user)."""


class Outlet:
    """The client, the message book and the rates that every message of the Desk goes through."""

    def __init__(self, client: discord.Client, book: MessageBook, pacing: Pacing) -> None:
        self.client = client
        self.book = book
        self.pacing = pacing
        self.budget = ChannelBudget(pacing)
        self.dm_backoff = DmBackoff(pacing)
        self.watch = ChannelWatch(client)

    @staticmethod
    async def attempt(table: TableInfo, what: str, work: Awaitable[Any]) -> None:
        """Run one publishing step; Discord refusing it is logged, not raised."""
        try:
            await work
        except discord.HTTPException:
            log.warning("table %s: %s failed", table.id, what, exc_info=True)

    async def refs(self, table_id: int) -> Refs:
        """The messages a table keeps, by (kind, user)."""
        return {(r.kind, r.user_id): r for r in await self.book.message_refs(table_id)}

    async def post(
        self, table: TableInfo, channel_id: int, *, silent: bool = False, **kwargs: Any
    ) -> discord.Message:
        """A new message in the table's channel (or a thread of it), within its budget."""
        channel = self.client.get_partial_messageable(channel_id, guild_id=table.guild_id)
        await self.budget.take(channel_id)
        return await channel.send(silent=silent, **kwargs)

    async def delete_message(self, table: TableInfo, ref: MessageRef) -> None:
        """Delete a kept message (one already gone is no matter)."""
        guild = None if ref.kind == HAND else table.guild_id
        kind = discord.ChannelType.private if ref.kind == HAND else None
        channel = self.client.get_partial_messageable(ref.channel_id, guild_id=guild, type=kind)
        with contextlib.suppress(discord.NotFound, discord.Forbidden):
            await channel.get_partial_message(ref.message_id).delete()

    async def delete_kept(self, table: TableInfo, refs: Refs, kind: str) -> None:
        """Delete the table's message of `kind` (its ping, its stall notice), if it has one."""
        ref = refs.pop((kind, None), None)
        if ref is None:
            return
        await self.book.delete_message_ref(table.id, kind, message_id=ref.message_id)
        await self.delete_message(table, ref)
