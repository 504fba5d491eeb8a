"""Gong Zhu's table image put together: the bar, the seats' rows, the middle and the hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render import kit
from render.games.gong_zhu.middle import draw_middle, hand_strip
from render.games.gong_zhu.rows import seat_rows
from render.games.gong_zhu.sizes import HAND_H, HAND_PAD, LIST_W
from render.games.gong_zhu.words import named, tr
from render.parts import Canvas, PlayerInfo
from render.plates import seat_name
from render.text import Text
from render.theme import (
    FELT_DARK,
    T_BODY,
    T_TITLE,
    TEXT,
    TEXT_DIM,
)

# --------------------------------------------------------------------------- the table image


def _draw(
    c: Canvas, view: Mapping[str, Any], players: Sequence[PlayerInfo], own: int | None
) -> None:
    top = _bar(c, view, players, own) + kit.GAP
    bottom: float = kit.HEIGHT - kit.MARGIN
    hand = list(view.get("hand_cards") or []) if own is not None else []
    if hand:
        hand_top = bottom - HAND_H - 2 * HAND_PAD
        hand_strip(c, view, hand, (kit.MARGIN, hand_top, kit.WIDTH - kit.MARGIN, bottom))
        bottom = hand_top - kit.GAP
    split = kit.WIDTH - kit.MARGIN - LIST_W
    draw_middle(c, view, players, own, (kit.MARGIN, top, split - kit.GAP, bottom))
    seat_rows(c, view, players, own, (split, top, kit.WIDTH - kit.MARGIN, bottom))


render = kit.layout(_draw, hand="hand_cards")
"""The table image of one Gong Zhu view."""


def _bar(c: Canvas, view: Mapping[str, Any], players: Sequence[PlayerInfo], own: int | None) -> int:
    """The game's name and the hand and trick on the left; whose turn it is on the right."""
    locale = c.locale
    h = kit.BAR_H
    c.draw.rectangle((0, 0, kit.WIDTH, h), fill=FELT_DARK)
    x = kit.MARGIN + c.text((kit.MARGIN, h / 2), tr("game", locale), T_TITLE, TEXT, "lm", bold=True)
    x += 24
    right: float = kit.WIDTH - kit.MARGIN
    phase = view.get("phase")
    turn = view.get("turn")
    pill: Text | None = None
    mine = False
    if phase == "play" and isinstance(turn, int):
        mine = turn == own
        pill = (
            tr("your_turn", locale)
            if mine
            else named("turn_of", locale, name=seat_name(players, turn, locale))
        )
    elif phase == "expose" and own is not None and not (view.get("decided") or [])[own]:
        mine, pill = True, tr("your_choice", locale)
    if pill is not None:
        right -= kit.turn_pill(c, right, (h - kit.PILL_H) / 2, pill, mine, 420) + 20
    c.text((x, h / 2), status_text(view, locale), T_BODY, TEXT_DIM, "lm", max_width=right - x)
    return h


def status_text(view: Mapping[str, Any], locale: str) -> str:
    hand = int(view.get("hand") or 1)
    phase = view.get("phase")
    if phase == "expose":
        return tr("status_expose", locale, hand=hand)
    if phase == "over":
        return tr("status_over", locale, hand=hand)
    return tr("status_trick", locale, hand=hand, trick=int(view.get("tricks", 0)) + 1)
