"""The `/game` commands' flows (the `/play` command is a seat's: seat.py)."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Mapping
from typing import Any

import discord

from bot.discord import present
from bot.discord.desk import Desk
from bot.discord.flows.lobby import LobbyFlows
from bot.discord.flows.replies import Replies
from bot.discord.flows.seat import SeatFlows
from bot.discord.pacer import Pacer
from bot.games import seat_names
from bot.i18n import game_name, t
from bot.tables.errors import TableError
from bot.tables.service import TableService
from engines.registry import games

log = logging.getLogger(__name__)


class CommandFlows:
    """The slash commands (`/game ...`): the lobby's and a seat's flows, reached by name."""

    def __init__(
        self,
        service: TableService,
        desk: Desk,
        pacer: Pacer,
        replies: Replies,
        lobby: LobbyFlows,
        seat: SeatFlows,
    ) -> None:
        self.service = service
        self.desk = desk
        self.pacer = pacer
        self.replies = replies
        self.lobby = lobby
        self.seat = seat

    async def open_lobby(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        options: Mapping[str, Any],
        seats: int | None,
        in_thread: bool,
    ) -> None:
        """`/game new`: a lobby message here (the reply itself) or in a new thread."""
        channel = interaction.channel
        channel_id = interaction.channel_id or 0
        thread: discord.Thread | None = None
        in_thread = in_thread and isinstance(channel, discord.TextChannel)
        if in_thread:
            await interaction.response.defer(ephemeral=True, thinking=True)
        else:
            await self.replies.defer_public(interaction)
        locale = await self.desk.user_locale(interaction)
        if in_thread and isinstance(channel, discord.TextChannel):
            name = t(
                "reply.thread_name",
                locale,
                game=game_name(game, locale),
                creator=self.replies.display_name(interaction),
            )
            thread = await channel.create_thread(
                name=name[:100], type=discord.ChannelType.public_thread
            )
            channel_id = thread.id
        table = await self.service.open_lobby(
            interaction.guild_id,
            channel_id,
            game,
            dict(options),
            interaction.user.id,
            self.replies.display_name(interaction),
            seats,
        )
        table_locale = await self.desk.table_locale(table)
        embed, view = (
            present.lobby_embed(table, table_locale),
            present.lobby_view(table, table_locale),
        )
        if thread is not None:
            posted = await thread.send(embed=embed, view=view)
            await self.service.set_message_ref(table.id, "table", thread.id, posted.id)
            await self.replies.answer(
                interaction, content=t("reply.lobby_opened", locale, channel=thread.mention)
            )
            return
        message = await self.replies.answer(interaction, embed=embed, view=view)
        await self.service.set_message_ref(table.id, "table", channel_id, message.id)

    async def join(self, interaction: discord.Interaction[Any]) -> None:
        """`/game join`."""
        await self.replies.ack(interaction)
        table = await self.replies.channel_table(interaction)
        await self.lobby.join(interaction, table.id, table.version, None)

    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        """`/game leave`."""
        await self.replies.ack(interaction)
        table = await self.replies.channel_table(interaction)
        await self.lobby.leave(interaction, table.id, table.version, None)

    async def start(self, interaction: discord.Interaction[Any]) -> None:
        """`/game start`."""
        await self.replies.ack(interaction)
        table = await self.replies.channel_table(interaction)
        result = await self.service.start(table.id, interaction.user.id)
        await self.lobby.begin(interaction, result, on_table_message=False)

    async def status(self, interaction: discord.Interaction[Any]) -> None:
        """`/game status`: post the table again here; it becomes the message that is edited.
        After the end, until a new table opens here, it posts the result again."""
        await self.replies.defer_public(interaction)
        table = await self.replies.last_table(interaction)
        locale = await self.desk.table_locale(table)
        view: discord.ui.View | None
        file: discord.File | None
        if table.status == "lobby":
            embed, view, file = (
                present.lobby_embed(table, locale),
                present.lobby_view(table, locale),
                None,
            )
        else:
            public = await self.service.public_view(table.id)
            names = seat_names(table, locale)
            file = await self.desk.images.image(
                table, public, names, locale, viewer=None, filename=present.TABLE_IMAGE
            )
            embed = present.table_embed(
                table, public, list(self.desk.logs[table.id]), locale, image=file is not None
            )
            view = present.table_view(table, locale)
        message = await self.replies.answer(
            interaction, embed=embed, view=view, attachments=[file] if file else []
        )
        await self.service.set_message_ref(table.id, "table", message.channel.id, message.id)

    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        """`/game hand`: the user's hand and controls; after the end, their final hand."""
        await self.replies.ack(interaction)
        table = await self.replies.last_table(interaction)
        if table.status == "finished" and table.seat_of(interaction.user.id) is None:
            locale = await self.desk.user_locale(interaction)
            await self.replies.reply(interaction, t("reply.over_not_seated", locale))
            return
        await self.seat.send_hand(interaction, table.id)

    async def abandon(self, interaction: discord.Interaction[Any]) -> None:
        """`/game abandon`: the creator or a member with Manage Messages."""
        await self.replies.ack(interaction)
        table = await self.replies.channel_table(interaction)
        table = await self.service.abandon(
            table.id, interaction.user.id, self.replies.is_moderator(interaction)
        )
        locale = await self.desk.table_locale(table)
        await self.pacer.close_table(
            table, t("table.abandoned", locale, name=self.replies.display_name(interaction))
        )
        await self.replies.reply(
            interaction, t("reply.abandoned", await self.desk.user_locale(interaction))
        )

    async def rules(self, interaction: discord.Interaction[Any], game: str | None) -> None:
        """`/game rules`: the game's rules in the user's language (the table's game by default)."""
        await self.replies.ack(interaction)
        locale = await self.desk.user_locale(interaction)
        if game is None:
            table = await self.service.active_table(interaction.channel_id or 0)
            if table is None:  # no table here: which games there are, and how to read one
                lines = [
                    t(
                        "reply.rules_line",
                        locale,
                        game=game_name(cls.id, locale),
                        id=cls.id,
                        seats=cls.min_seats
                        if cls.min_seats == cls.max_seats
                        else f"{cls.min_seats}–{cls.max_seats}",
                    )
                    for cls in games()
                ]
                embed = discord.Embed(
                    title=t("reply.rules_list_title", locale), description="\n".join(lines)
                )
                await self.replies.reply(interaction, embed=embed)
                return
            game = table.game
        text = t(f"game.{game}.rules", locale)
        if text == f"game.{game}.rules":
            text = t("reply.no_rules", locale)
        embed = discord.Embed(
            title=t("reply.rules_title", locale, game=game_name(game, locale)), description=text
        )
        await self.replies.reply(interaction, embed=embed)

    async def settings(
        self,
        interaction: discord.Interaction[Any],
        *,
        dms: bool | None,
        timer: int | None,
        expiry: str | None,
        locale: str | None,
        window: int | None = None,
        notify: str | None = None,
    ) -> None:
        """`/game settings`: DMs and notifications (yours), the table's timer and expiry, the
        server's language."""
        await self.replies.ack(interaction)
        user_id = interaction.user.id
        lines: list[str] = []
        if locale is not None:
            perms = getattr(interaction, "permissions", None)
            if interaction.guild_id is None or not (
                perms and (perms.manage_guild or perms.administrator)
            ):
                await self.replies.reply(
                    interaction, t("reply.not_moderator", await self.desk.user_locale(interaction))
                )
                return
            await self.service.set_guild_settings(interaction.guild_id, locale=locale)
        reply_locale = await self.desk.user_locale(interaction)
        if dms is not None:
            await self.service.set_dm_closed(user_id, not dms)
            if dms:
                lines.append(t("reply.dms_on", reply_locale))
        if notify is not None:
            await self.service.set_notify(user_id, notify)
        table = await self.service.active_table(interaction.channel_id or 0)
        if table is not None and (timer is not None or expiry is not None or window is not None):
            table = await self.service.set_table_settings(
                table.id,
                user_id,
                turn_timer_seconds=None if timer is None else timer * 60,
                expiry_policy=expiry,
                window_seconds=window,
                is_moderator=self.replies.is_moderator(interaction),
            )
        closed = await self.service.dm_closed(user_id)
        summary = t(
            "reply.settings_now",
            reply_locale,
            dms=t("no" if closed else "yes", reply_locale),
            timer=(table.turn_timer_seconds // 60) if table else "—",
            expiry=t(f"choice.expiry.{table.expiry_policy}", reply_locale) if table else "—",
        )
        if table is not None and table.window_seconds is not None:
            summary += t("reply.settings_window", reply_locale, seconds=table.window_seconds)
        mode = await self.service.notify_mode(user_id)
        summary += "\n" + t(
            "reply.settings_notify", reply_locale, notify=t(f"choice.notify.{mode}", reply_locale)
        )
        await self.replies.reply(
            interaction, "\n".join([t("reply.settings_saved", reply_locale), *lines, summary])
        )

    async def record(self, interaction: discord.Interaction[Any], table_id: int | None) -> None:
        """`/game record`: the game record as a JSON file (the seed only once the game is over)."""
        await self.replies.ack(interaction)
        if table_id is None:
            table_id = (await self.replies.last_table(interaction)).id
        table = await self.service.load(table_id)
        if table.seat_of(interaction.user.id) is None and table.guild_id != interaction.guild_id:
            raise TableError("not_seated", "You are not seated at this table.", table_id=table_id)
        record = await self.service.record(table_id)
        if table.status in ("lobby", "active"):
            record.pop("seed", None)  # the seed would reveal every hidden card
        locale = await self.desk.user_locale(interaction)
        data = json.dumps(record, ensure_ascii=False, indent=1).encode()
        await self.replies.reply(
            interaction,
            t("reply.record", locale, table=table_id),
            file=discord.File(io.BytesIO(data), filename=f"{table.game}-{table_id}.json"),
        )

    async def mine(self, interaction: discord.Interaction[Any]) -> None:
        """`/game mine`: every table waiting on the user, with links to its message."""
        await self.replies.ack(interaction)
        locale = await self.desk.user_locale(interaction)
        tables = await self.service.tables_waiting_on(interaction.user.id)
        if not tables:
            await self.replies.reply(interaction, t("reply.mine_none", locale))
            return
        lines = []
        for table in tables[:20]:
            ref = await self.service.get_message_ref(table.id, "table")
            guild = table.guild_id or "@me"
            link = (
                f"https://discord.com/channels/{guild}/{ref.channel_id}/{ref.message_id}"
                if ref
                else f"<#{table.channel_id}>"
            )
            lines.append(
                t(
                    "reply.mine_line",
                    locale,
                    game=game_name(table.game, locale),
                    channel=table.channel_id,
                    link=link,
                )
            )
        embed = discord.Embed(title=t("reply.mine_title", locale), description="\n".join(lines))
        await self.replies.reply(interaction, embed=embed)
