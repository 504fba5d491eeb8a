"""Table and hand images: the renderer called off the event loop, PNG bytes wrapped as files.

Rendering is CPU work (Pillow), so it runs in an executor and never blocks the gateway. A
renderer failure costs the image, not the move: the embed still says everything in words.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from typing import Any

import discord

from bot.tables.results import TableInfo

log = logging.getLogger(__name__)

RenderFn = Callable[[Mapping[str, Any], Sequence[Any], str, int | None], bytes]
DetailsFn = Callable[[Mapping[str, Any], Sequence[Any], str, int | None], bytes | None]
Groups = Sequence[tuple[str, Sequence[int]]]
HandFn = Callable[[Sequence[str], Sequence[bool] | None, frozenset[int], str, Groups], bytes]


def _default_render() -> RenderFn | None:
    try:
        from render.api import render_view
        from render.parts import PlayerInfo
    except ImportError:  # the renderer is optional for the bot to work
        return None

    def render(
        view: Mapping[str, Any], players: Sequence[Any], locale: str, viewer: int | None
    ) -> bytes:
        infos = [PlayerInfo(name=name, is_cpu=cpu) for name, cpu in players]
        return render_view(view, infos, locale, viewer)

    return render


def _default_details() -> DetailsFn | None:
    try:
        from render.api import render_details
        from render.parts import PlayerInfo
    except ImportError:
        return None

    def details(
        view: Mapping[str, Any], players: Sequence[Any], locale: str, viewer: int | None
    ) -> bytes | None:
        infos = [PlayerInfo(name=name, is_cpu=cpu) for name, cpu in players]
        return render_details(view, infos, locale, viewer)

    return details


def offers_details(game: str) -> bool:
    """Whether a game's renderer offers a details image (then the table has a Details button)."""
    try:
        from render.api import has_details
        from render.games import UnknownGame
    except ImportError:
        return False
    try:
        return has_details(game)
    except UnknownGame:
        return False


def _default_hand() -> HandFn | None:
    try:
        from render.api import render_hand
    except ImportError:
        return None

    def hand(
        cards: Sequence[str],
        legal: Sequence[bool] | None,
        selected: frozenset[int],
        locale: str,
        groups: Groups,
    ) -> bytes:
        return render_hand(cards, legal, selected, locale, groups=groups or None)

    return hand


class Images:
    """Renders views to `discord.File`s in an executor."""

    def __init__(
        self,
        render: RenderFn | None = None,
        executor: Executor | None = None,
        hand: HandFn | None = None,
        details: DetailsFn | None = None,
    ) -> None:
        self.render = render if render is not None else _default_render()
        self.draw_hand = hand if hand is not None else _default_hand()
        self.draw_details = details if details is not None else _default_details()
        self.executor = executor

    async def hand(
        self,
        cards: Sequence[str],
        legal: Sequence[bool] | None,
        selected: frozenset[int],
        locale: str,
        *,
        filename: str,
        groups: Groups = (),
    ) -> discord.File | None:
        """The hand of a card pick (numbered, unplayable cards dimmed, chosen ones lifted),
        in the game's `groups` ((label, positions): trumps, suits) when it gives them."""
        if self.draw_hand is None:
            return None
        loop = asyncio.get_running_loop()
        try:
            data = await loop.run_in_executor(
                self.executor, self.draw_hand, cards, legal, selected, locale, groups
            )
        except Exception:
            log.exception("hand render failed (%d cards)", len(cards))
            return None
        return discord.File(io.BytesIO(data), filename=filename)

    async def image(
        self,
        table: TableInfo,
        view: Mapping[str, Any] | None,
        names: Sequence[str],
        locale: str,
        *,
        viewer: int | None,
        filename: str,
    ) -> discord.File | None:
        """The PNG of `view` as an attachment, or None when there is no view or no renderer."""
        return await self._draw(self.render, table, view, names, locale, viewer, filename)

    async def details(
        self,
        table: TableInfo,
        view: Mapping[str, Any] | None,
        names: Sequence[str],
        locale: str,
        *,
        viewer: int | None,
        filename: str,
    ) -> discord.File | None:
        """The second image of `view` (what did not fit in the table image), or None when the
        game offers none or has nothing to show now."""
        return await self._draw(self.draw_details, table, view, names, locale, viewer, filename)

    async def _draw(
        self,
        draw: DetailsFn | None,
        table: TableInfo,
        view: Mapping[str, Any] | None,
        names: Sequence[str],
        locale: str,
        viewer: int | None,
        filename: str,
    ) -> discord.File | None:
        if view is None or draw is None:
            return None
        players = [(names[s.seat], s.is_cpu) for s in table.seats]
        loop = asyncio.get_running_loop()
        try:
            data = await loop.run_in_executor(self.executor, draw, view, players, locale, viewer)
        except Exception:
            log.exception("render failed for table %s (%s)", table.id, table.game)
            return None
        return None if data is None else discord.File(io.BytesIO(data), filename=filename)
