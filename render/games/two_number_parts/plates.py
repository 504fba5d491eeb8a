"""A seat's plate (`plate_head`: name, badges, cards held, total) and the panels the parts
stand on; a seat's entry in a view (`at`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render import kit, parts
from render.games.two_number_parts.measures import DARK_INK, NAME_H, PAD, Badges, Box, Colour
from render.parts import Canvas, PlayerInfo
from render.plates import player_of, seat_name
from render.strings import Labels
from render.text import Text
from render.theme import (
    CPU,
    FELT_DARK,
    GOLD,
    HIGHLIGHT,
    PANEL,
    PANEL_EDGE,
    T_BODY,
    T_NAME,
    TEXT,
    TEXT_DIM,
)


def at(view: Mapping[str, Any], key: str, seat: int, default: Any) -> Any:
    """`view[key][seat]`, or `default` when the view has no such entry."""
    found = list(view.get(key) or [])
    return found[seat] if 0 <= seat < len(found) else default


def seat_badges(
    labels: Labels,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    seat: int,
    own: int | None,
    locale: str,
) -> Badges:
    """A seat's badges in the order players scan them: to play, dealer, CPU, you, and
    `rotated` while rotations are open."""
    out: Badges = []
    if not view.get("over") and view.get("turn") == seat:
        out.append((labels("to_play", locale), GOLD, DARK_INK))
    if view.get("dealer") == seat:
        out.append((labels("dealer", locale), TEXT, DARK_INK))
    if player_of(players, seat, locale).is_cpu:
        out.append((labels("cpu", locale), CPU, (255, 255, 255)))
    if seat == own:
        out.append((labels("you", locale), HIGHLIGHT, DARK_INK))
    if view.get("rotation_open") and at(view, "rotated", seat, False):
        out.append((labels("rotated", locale), TEXT_DIM, DARK_INK))
    return out


def total_text(labels: Labels, view: Mapping[str, Any], seat: int, locale: str) -> str:
    """A seat's total so far: `12 pts`."""
    return labels("points", locale, n=int(at(view, "totals", seat, 0)))


def name_line(
    c: Canvas,
    x0: float,
    y: float,
    x1: float,
    name: str,
    badges: Badges,
    right: Text,
    count: Text = "",
) -> None:
    """A seat's first line, `NAME_H` tall: the name at the left (cut to the room left), then
    `right` (its total) in gold at the right, `count` (cards held) before it, its badges
    before that (as many as fit)."""
    mid = y + NAME_H / 2
    edge = x1
    if right:
        edge -= c.text((x1, mid), right, T_BODY, GOLD, "rm", bold=True) + 14
    if count:
        edge -= c.text((edge, mid), count, T_BODY, TEXT_DIM, "rm", bold=True) + 14
    edge = kit.badge_row(c, edge, mid - kit.BADGE_H / 2, badges, x0 + (x1 - x0) * 0.35)
    c.text((x0, mid), name, T_NAME, TEXT, "lm", bold=True, max_width=edge - 10 - x0)


def plate_head(
    c: Canvas,
    labels: Labels,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    seat: int,
    own: int | None,
    box: Box,
    count: bool = True,
) -> float:
    """Another seat's plate and its first line: its panel (gold-rimmed on its turn), its
    name, badges, cards held (unless `count` is False: the plate shows them) and total;
    returns the y under that line."""
    x0, y0, x1, _ = box
    locale = c.locale
    panel(c, box, lit=view.get("turn") == seat and not view.get("over"))
    held = labels("cards", locale, n=int(at(view, "hand_counts", seat, 0))) if count else ""
    name_line(
        c,
        x0 + PAD,
        y0 + PAD,
        x1 - PAD,
        seat_name(players, seat, locale),
        seat_badges(labels, view, players, seat, own, locale),
        total_text(labels, view, seat, locale),
        held,
    )
    return y0 + PAD + NAME_H


def panel(c: Canvas, box: Box, lit: bool = False, fill: Colour = PANEL) -> None:
    """A seat's or the table's panel, gold-rimmed when `lit` (the seat to play)."""
    parts.panel(c, box, fill=fill, outline=GOLD if lit else PANEL_EDGE, width=4 if lit else 2)


def table_panel(c: Canvas, box: Box) -> None:
    """The table's felt-dark panel."""
    c.draw.rounded_rectangle(box, 16, fill=FELT_DARK, outline=(40, 96, 70), width=2)
