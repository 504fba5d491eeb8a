"""Seam Cards' table image: each seat's name, the cards it played, and the viewer's own hand."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from engines.game import Game
from engines.registry import game_class
from render import kit
from render.parts import Canvas, PlayerInfo
from render.theme import T_BODY, TEXT

NAMES = {"ja": "継ぎ目カード", "en": "Seam Cards"}
CARD_W = 90


def _draw(
    c: Canvas, view: Mapping[str, Any], players: Sequence[PlayerInfo], own: int | None
) -> None:
    locale = c.locale
    y = kit.top_bar(c, NAMES.get(locale, NAMES["en"]), str(view["moves"])) + kit.GAP
    for seat, played in enumerate(view["played"]):
        name = players[seat].name if seat < len(players) else str(seat + 1)
        c.text((kit.MARGIN, y), name, T_BODY, TEXT, "la")
        kit.card_rows(c, played, kit.MARGIN + 200, y, CARD_W, 600, [len(played)])
        y += 160
    if view.get("hand"):
        kit.card_rows(c, view["hand"], kit.MARGIN, y, CARD_W, 600, [len(view["hand"])])


render = kit.layout(_draw)
"""The table image of one Seam Cards view."""


SAMPLE_PLAYERS = (PlayerInfo("たろう"), PlayerInfo("CPU", is_cpu=True))
"""Who sits at the sample tables of `cardbot render seam-cards`."""


def sample_moments(seed: int) -> Iterator[tuple[str, Game]]:
    """(label, game) at the start and after the first card."""
    game = game_class("seam-cards").new(2, {}, seed)
    yield "start", game
    game = type(game).from_json(game.to_json())
    game.apply(game.legal_actions(game.turn)[0])
    yield "first-card", game
