"""Restart-proof buttons and selects: `DynamicItem`s parsed back from their custom_id.

They carry no state beyond (table, version, action[, arg]); the click is handed to the
client's `component_handler` (any `ComponentHandler`: the bot gives its flows' router), which
asks the tables service whether this user may do this now.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Protocol, cast

import discord

from bot.discord import ids


class ComponentHandler(Protocol):
    """Who answers a click on a table component."""

    async def on_component(
        self,
        interaction: discord.Interaction[Any],
        table_id: int,
        version: int,
        action: str,
        arg: str | None,
        values: Sequence[str] = (),
    ) -> None:
        """A click on a current (or older) control of a table."""

    async def stale(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """A control from before this version of the bot: out of date."""


class HandlesComponents(Protocol):
    """A client whose components have a handler (the bot sets it when built)."""

    component_handler: ComponentHandler


def _handler(interaction: discord.Interaction[Any]) -> ComponentHandler:
    return cast(HandlesComponents, interaction.client).component_handler


class TableButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.BUTTON_TEMPLATE):
    """A button of a table message, a hand, a lobby or a confirmation."""

    def __init__(
        self,
        table_id: int,
        version: int,
        action: str,
        arg: str | int | None = None,
        *,
        label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        emoji: str | None = None,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        self.table_id = table_id
        self.version = version
        self.action = action
        self.arg = None if arg is None else str(arg)
        super().__init__(
            discord.ui.Button(
                label=label,
                style=style,
                emoji=emoji,
                disabled=disabled,
                custom_id=ids.button_id(table_id, version, action, arg),
            ),
            row=row,
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> TableButton:
        """Rebuild the button from a click on any message, sent before or after a restart."""
        return cls(int(match["table"]), int(match["version"]), match["action"], match["arg"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Hand the click to the handler (it answers, and handles every error)."""
        await _handler(interaction).on_component(
            interaction, self.table_id, self.version, self.action, self.arg
        )


class TableSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.SELECT_TEMPLATE):
    """A select of a table: the CPU level, a choice among many, a group or cards of a hand."""

    def __init__(
        self,
        table_id: int,
        version: int,
        action: str,
        options: list[discord.SelectOption] | None = None,
        *,
        arg: str | int | None = None,
        placeholder: str | None = None,
        min_values: int = 1,
        max_values: int = 1,
        row: int | None = None,
    ) -> None:
        self.table_id = table_id
        self.version = version
        self.action = action
        self.arg = None if arg is None else str(arg)
        super().__init__(
            discord.ui.Select(
                custom_id=ids.select_id(table_id, version, action, arg),
                options=options or [discord.SelectOption(label="-", value="-")],
                placeholder=placeholder,
                min_values=min_values,
                max_values=max_values,
            ),
            row=row,
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> TableSelect:
        """Rebuild the select from a click (its options come back with the interaction)."""
        return cls(int(match["table"]), int(match["version"]), match["action"], arg=match["arg"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Hand the chosen values to the handler."""
        data: dict[str, Any] = dict(interaction.data or {})
        values = [str(v) for v in data.get("values") or []]
        await _handler(interaction).on_component(
            interaction, self.table_id, self.version, self.action, self.arg, values
        )


class LegacyItem(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.LEGACY_TEMPLATE):
    """A button or select from before this version of the bot: always "out of date"."""

    def __init__(self, table_id: int) -> None:
        self.table_id = table_id
        super().__init__(discord.ui.Button(label="-", custom_id=f"cb:v1:{table_id}:0:legacy"))

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> LegacyItem:
        """Any old control of a table."""
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Say the control is out of date; nothing else happens."""
        await _handler(interaction).stale(interaction, self.table_id)
