"""The table message: one per table, edited in place while it is the channel's last word, else
posted anew at the bottom (`ChannelWatch`), or when it is old (Discord limits edits of old
messages); the lobby while it gathers players, then the table's image, whose turn and its log."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.discord import present
from bot.discord.images import Images
from bot.discord.outlet import TABLE, Outlet, Refs
from bot.games import seat_names
from bot.settings import Settings
from bot.tables.results import MessageRef, TableInfo

log = logging.getLogger(__name__)


class TableMessage:
    """Draws a table's message and puts it in its channel (editing, or posting anew)."""

    def __init__(
        self, outlet: Outlet, images: Images, settings: Settings, logs: Mapping[int, Sequence[str]]
    ) -> None:
        self.outlet = outlet
        self.images = images
        self.settings = settings
        self.logs = logs
        """Each table's short log (the Desk keeps it): the last lines of what happened."""

    async def update(
        self,
        table: TableInfo,
        view: Mapping[str, Any] | None,
        locale: str,
        *,
        interaction: discord.Interaction[Any] | None = None,
        new: bool = False,
        refs: Refs | None = None,
    ) -> None:
        """Bring the table message up to date (or post it when there is none yet); `refs`,
        the table's kept messages when the caller has just read them."""
        names = seat_names(table, locale)
        file = await self.images.image(
            table, view, names, locale, viewer=None, filename=present.TABLE_IMAGE
        )
        components: discord.ui.View | None
        if table.status == "lobby":
            embed, components = (
                present.lobby_embed(table, locale),
                present.lobby_view(table, locale),
            )
        else:
            embed = present.table_embed(
                table, view, list(self.logs[table.id]), locale, image=file is not None
            )
            components = present.table_view(table, locale)
        await self.show(table, embed, components, file, interaction=interaction, new=new, refs=refs)

    async def show(
        self,
        table: TableInfo,
        embed: discord.Embed,
        view: discord.ui.View | None,
        file: discord.File | None = None,
        *,
        interaction: discord.Interaction[Any] | None = None,
        new: bool = False,
        follow: bool = True,
        refs: Refs | None = None,
    ) -> None:
        """Put `embed` on the table message: through the interaction, by editing it, or by
        posting it (anew at the bottom when the channel has moved on, with `follow`)."""
        attachments = [file] if file is not None else []
        if new:
            refs = {}
        elif refs is None:
            refs = await self.outlet.refs(table.id)
        ref = refs.get((TABLE, None))
        if (
            interaction is not None
            and interaction.message is not None
            and (ref is None or ref.message_id == interaction.message.id)
        ):
            message = await interaction.edit_original_response(
                embed=embed, attachments=attachments, view=view
            )
            if ref is None:
                await self.outlet.book.set_message_ref(
                    table.id, TABLE, message.channel.id, message.id
                )
            return
        left_behind: MessageRef | None = None
        if ref is not None:
            if follow and await self._left_behind(table, ref, refs):
                left_behind = ref
            else:
                channel = self.outlet.client.get_partial_messageable(
                    ref.channel_id, guild_id=table.guild_id
                )
                try:
                    await self.outlet.budget.take(ref.channel_id)
                    await channel.get_partial_message(ref.message_id).edit(
                        embed=embed, attachments=attachments, view=view
                    )
                    return
                except discord.NotFound:
                    log.info(
                        "table %s: its message %s was deleted; posting anew",
                        table.id,
                        ref.message_id,
                    )
        extra: dict[str, Any] = {} if view is None else {"view": view}
        posted = await self.outlet.post(
            table, table.channel_id, embed=embed, files=attachments, silent=ref is not None, **extra
        )
        await self.outlet.book.set_message_ref(table.id, TABLE, table.channel_id, posted.id)
        if left_behind is not None:
            await self.outlet.delete_message(table, left_behind)

    async def _left_behind(self, table: TableInfo, ref: MessageRef, refs: Refs) -> bool:
        """The table message is out of the conversation: others wrote below it, or it is old
        (Discord limits edits of old messages, and nobody scrolls up to them)."""
        limit = self.settings.table_repost_seconds
        if (
            ref.posted_at is not None
            and (self.outlet.book.now() - ref.posted_at).total_seconds() >= limit
        ):
            return True
        return await self.outlet.watch.moved_on(ref.channel_id, table.guild_id, ref.message_id)
