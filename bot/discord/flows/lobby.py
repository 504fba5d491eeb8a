"""The lobby and the table message's buttons: seats, CPUs, options, start, cancel, rematch,
new game."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.discord import present
from bot.discord.desk import Desk
from bot.discord.flows.replies import Replies
from bot.discord.pacer import Pacer
from bot.games import seat_names
from bot.i18n import t
from bot.tables.errors import TableError
from bot.tables.results import ActResult, TableInfo
from bot.tables.service import TableService
from engines.registry import game_class

log = logging.getLogger(__name__)


class LobbyFlows:
    """The lobby's controls and the table message's buttons (start, rematch, new game)."""

    def __init__(self, service: TableService, desk: Desk, pacer: Pacer, replies: Replies) -> None:
        self.service = service
        self.desk = desk
        self.pacer = pacer
        self.replies = replies

    async def _lobby_changed(self, interaction: discord.Interaction[Any], table: TableInfo) -> bool:
        """Show the lobby's new state on its message; True when that was the message clicked."""
        locale = await self.desk.table_locale(table)
        embed, view = present.lobby_embed(table, locale), present.lobby_view(table, locale)
        ref = await self.service.get_message_ref(table.id, "table")
        if interaction.message is not None and (
            ref is None or ref.message_id == interaction.message.id
        ):
            await self.replies.answer(interaction, embed=embed, view=view)
            return True
        await self.desk.table_message.show(table, embed, view)
        return False

    async def join(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        """Join: take a free seat of the lobby."""
        await self.replies.ack(interaction)
        table = await self.service.join(
            table_id, interaction.user.id, self.replies.display_name(interaction)
        )
        if not await self._lobby_changed(interaction, table) or not interaction.message:
            locale = await self.desk.user_locale(interaction)
            seat = table.seat_of(interaction.user.id)
            await self.replies.reply(
                interaction, t("lobby.joined", locale, seat=(seat.seat + 1) if seat else "?")
            )

    async def leave(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        """Leave: give up a seat of the lobby."""
        await self.replies.ack(interaction)
        locale = await self.desk.user_locale(interaction)
        result = await self.service.leave(table_id, interaction.user.id)
        table = result.table
        if table.status == "lobby":
            if not await self._lobby_changed(interaction, table) or not interaction.message:
                await self.replies.reply(interaction, t("lobby.left", locale))
            return
        if table.status == "abandoned" and result.public_view is None:
            await self.pacer.close_table(
                table, t("lobby.cancelled", await self.desk.table_locale(table))
            )
        else:
            await self.pacer.publish(result, actor_id=interaction.user.id)
        await self.replies.reply(interaction, t("lobby.left", locale))

    async def add_cpu(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        """Add a CPU (the level chosen) to a free seat."""
        await self.replies.ack(interaction)
        table = await self.service.add_cpu(table_id, interaction.user.id, arg or "normal")
        if not await self._lobby_changed(interaction, table):  # an older copy of the lobby
            locale = await self.desk.user_locale(interaction)
            seat = table.seats[-1].seat
            cpu = seat_names(table, locale)[seat]
            await self.replies.reply(
                interaction, t("lobby.cpu_added", locale, cpu=cpu, seat=seat + 1)
            )

    async def set_option(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        """A lobby's option select: `<option index>:<choice index>`."""
        await self.replies.ack(interaction)
        table = await self.service.load(table_id)
        head, _, tail = (arg or "").partition(":")
        specs = game_class(table.game).option_specs
        try:
            spec = specs[int(head)]
            choice = spec.choices[int(tail)]
        except (ValueError, IndexError):
            raise TableError("bad_option", "That option is not offered.", option=head) from None
        table = await self.service.set_options(
            table_id,
            interaction.user.id,
            {spec.key: choice},
            is_moderator=self.replies.is_moderator(interaction),
        )
        if not await self._lobby_changed(interaction, table):
            await self.replies.reply(
                interaction, t("lobby.option_set", await self.desk.user_locale(interaction))
            )

    async def cpu_seat(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        """A computer seat's new level (lobby or game), or its removal (lobby): `<seat>:<level>`."""
        await self.replies.ack(interaction)
        head, _, level = (arg or "").partition(":")
        if not head.isdigit():
            raise TableError("no_seat", "There is no such seat.", table_id=table_id)
        seat = int(head)
        if level == "remove":
            table = await self.service.remove_cpu(table_id, interaction.user.id, seat)
        else:
            table = await self.service.set_cpu_level(table_id, interaction.user.id, seat, level)
        locale = await self.desk.user_locale(interaction)
        if table.status == "lobby":
            if not await self._lobby_changed(interaction, table):
                await self.replies.reply(interaction, t("lobby.cpu_changed", locale))
            return
        cpu = seat_names(table, locale)[seat]
        later = table.seats[seat].next_level is not None
        key = "table.cpu_level_next" if later else "table.cpu_level_set"
        await self.replies.reply(
            interaction, t(key, locale, cpu=cpu, level=t(f"level.{level}", locale))
        )
        view = await self.service.public_view(table.id) if table.status == "active" else None
        await self.desk.refresh(table, view)

    async def start(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        """Start: the game begins with the seats taken."""
        on_table_message = interaction.message is not None
        await self.replies.ack(interaction)
        result = await self.service.start(table_id, interaction.user.id)
        await self.begin(interaction, result, on_table_message=on_table_message)

    async def begin(
        self, interaction: discord.Interaction[Any], result: ActResult, *, on_table_message: bool
    ) -> None:
        """A game just started (Start or Rematch): the table, the notice, then the pings and DMs."""
        table = result.table
        locale = await self.desk.table_locale(table)
        notice = t("table.started", locale)
        first = self.desk.start_notice(result, locale)
        if first:
            notice = f"{notice} {first}"
        await self.pacer.publish(
            result,
            notice=notice,
            interaction=interaction if on_table_message else None,
            new_message=not on_table_message and table.series_match > 1,
        )
        if not on_table_message:
            # the answer replaces what was clicked: an old message's controls are gone
            await self.replies.answer(
                interaction,
                content=t("table.started", await self.desk.user_locale(interaction)),
                view=None,
            )

    async def cancel(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        """Cancel the lobby (its creator or a moderator)."""
        await self.replies.ack(interaction)
        table = await self.service.abandon(
            table_id, interaction.user.id, self.replies.is_moderator(interaction)
        )
        locale = await self.desk.table_locale(table)
        ref = await self.service.get_message_ref(table.id, "table")
        if interaction.message is not None and (
            ref is None or ref.message_id == interaction.message.id
        ):
            await self.replies.answer(
                interaction,
                embed=present.closed_embed(table, t("lobby.cancelled", locale), locale),
                view=None,
            )
            await self.service.delete_message_ref(table.id, "ping")
        else:
            await self.pacer.close_table(table, t("lobby.cancelled", locale))

    # the table message and the seat's other buttons ------------------------------------------

    async def new_ask(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        """New game: asked once, privately, while this one is still being played."""
        await interaction.response.defer()
        table = await self.service.load(table_id)
        if table.seat_of(interaction.user.id) is None:
            raise TableError("not_seated", "You are not seated at this table.", table_id=table_id)
        if table.status != "active":  # a button left on a message from before the end
            await self._new_after_the_end(interaction, table)
            return
        locale = await self.desk.user_locale(interaction)
        await self.replies.confirm(interaction, table, version, "new", locale)

    async def new_game(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        """ "New game" mid-game: this table ends, the same seats start anew (the game's options)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self.service.load(table_id)
        if table.status != "active" and table.seat_of(interaction.user.id) is not None:
            await self._new_after_the_end(interaction, table)  # it ended meanwhile
            return
        old, result = await self.service.new_game(table_id, interaction.user.id)
        locale = await self.desk.table_locale(old)
        await self.pacer.close_table(
            old, t("table.abandoned", locale, name=self.replies.display_name(interaction))
        )
        await self.begin(interaction, result, on_table_message=False)

    async def _new_after_the_end(
        self, interaction: discord.Interaction[Any], table: TableInfo
    ) -> None:
        """ "New game" on a table that has ended: nothing to abandon. The same seats play again
        (a rematch) when the channel is free; else this game is over, said plainly, with where
        to play now."""
        if table.status == "finished":
            try:
                result = await self.service.rematch(table.id, interaction.user.id)
            except TableError as exc:
                if exc.code not in ("channel_busy", "table_moved_on"):
                    raise
            else:
                await self.begin(interaction, result, on_table_message=False)
                return
        locale = await self.desk.user_locale(interaction)
        if await self.service.active_table(table.channel_id) is not None:
            await self.replies.reply(
                interaction, t("reply.over_table_open", locale, channel=table.channel_id)
            )
        else:
            await self.replies.reply(interaction, t("reply.over_start_new", locale))

    async def rematch(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, arg: str | None
    ) -> None:
        """Play again: a new running table in this channel, the same seats."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        result = await self.service.rematch(table_id, interaction.user.id)
        await self.begin(interaction, result, on_table_message=False)
