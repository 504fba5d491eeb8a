"""Where a click on a table component goes: the lobby's flows or the seat's, by its action.

The components (components.py) know only the `ComponentHandler` protocol they define; the bot
hands them this router, so the flows are never imported by what draws their buttons.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

from bot.discord import ids
from bot.discord.flows.lobby import LobbyFlows
from bot.discord.flows.replies import Replies
from bot.discord.flows.seat import SeatFlows
from bot.i18n import t
from bot.tables.errors import TableError

log = logging.getLogger(__name__)

Handler = Callable[[discord.Interaction[Any], int, int, str | None], Awaitable[None]]


class ComponentRouter:
    """Entry points for component interactions; each answers within Discord's 3 seconds.

    Shared by every button and select, current or from before a restart, so that each click
    passes the same guard and reaches the same checks as the slash command doing the same.
    """

    def __init__(self, replies: Replies, lobby: LobbyFlows, seat: SeatFlows) -> None:
        self.replies = replies
        self.seat = seat
        self.handlers: dict[str, Handler] = {
            ids.JOIN: lobby.join,
            ids.LEAVE: lobby.leave,
            ids.START: lobby.start,
            ids.CANCEL: lobby.cancel,
            ids.ADD_CPU: lobby.add_cpu,
            ids.OPTION: lobby.set_option,
            ids.CPU_SEAT: lobby.cpu_seat,
            ids.HAND: seat.show_hand,
            ids.DETAILS: seat.details,
            ids.REMATCH: lobby.rematch,
            ids.AUTO: seat.auto,
            ids.NEW: lobby.new_ask,
            ids.NEW_OK: lobby.new_game,
            ids.MUTE: seat.mute,
        }
        """The action of a custom_id -> its flow (a seat's prompt controls go to `seat`)."""

    def routes(self, action: str) -> bool:
        """Whether a click of `action` reaches a flow (else it is refused as an unknown control)."""
        return action in ids.SEAT_CONTROLS or action in self.handlers

    async def on_component(
        self,
        interaction: discord.Interaction[Any],
        table_id: int,
        version: int,
        action: str,
        arg: str | None,
        values: Sequence[str] = (),
    ) -> None:
        """A click on any table component, current or from before a restart."""
        async with self.replies.guard(interaction, table_id):
            if not self.routes(action):
                raise TableError("unknown_action", f"Unknown control '{action}'.")
            if action in ids.SEAT_CONTROLS:
                await self.seat.seat_control(interaction, table_id, version, action, arg, values)
                return
            handler = self.handlers[action]
            if action == ids.ADD_CPU:
                arg = values[0] if values else arg
            elif action in (ids.OPTION, ids.CPU_SEAT):
                arg = (
                    f"{arg}:{values[0]}"
                    if action == ids.OPTION and values
                    else (values[0] if values else arg)
                )
            await handler(interaction, table_id, version, arg)

    async def stale(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """A control from an older message or an older version of the bot: out of date."""
        async with self.replies.guard(interaction, table_id):
            await self.replies.reply(
                interaction, t("reply.stale", await self.replies.desk.user_locale(interaction))
            )
