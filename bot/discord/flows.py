"""What each command and component does: call the tables service, answer, publish.

Shared by slash commands and components so that every in-game action is reachable both ways
with exactly the same checks (the service decides who may do what; the custom_id and the
command only say what was asked). Every entry point runs inside `guard`, the one error handler.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import discord

from bot.discord import ids
from bot.discord.flows_commands import CommandFlows
from bot.i18n import t
from bot.tables.errors import TableError

log = logging.getLogger(__name__)


class Flows(CommandFlows):
    """Entry points for interactions; each answers within Discord's 3 seconds.

    Made of its parts: the common ground (flows_base), the lobby (flows_lobby), a seat's
    controls (flows_seat) and the commands (flows_commands).
    """

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
        async with self.guard(interaction, table_id):
            if action in ids.SEAT_CONTROLS:
                await self._seat_control(interaction, table_id, version, action, arg, values)
                return
            handler = {
                ids.JOIN: self._join,
                ids.LEAVE: self._leave,
                ids.START: self._start,
                ids.CANCEL: self._cancel,
                ids.ADD_CPU: self._add_cpu,
                ids.OPTION: self._set_option,
                ids.CPU_SEAT: self._cpu_seat,
                ids.HAND: self._show_hand,
                ids.DETAILS: self._details,
                ids.REMATCH: self._rematch,
                ids.AUTO: self._auto,
                ids.NEW: self._new_ask,
                ids.NEW_OK: self._new_game,
                ids.MUTE: self._mute,
            }.get(action)
            if handler is None:
                raise TableError("unknown_action", f"Unknown control '{action}'.")
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
        async with self.guard(interaction, table_id):
            await self.reply(
                interaction, t("reply.stale", await self.desk.user_locale(interaction))
            )

    # a seat's controls ---------------------------------------------------------------------
