"""A seat's plate (docs/images.md): who sits there (`Seat`), its name cut to fit, its badges
(`seat_badges`: to play, wins, CPU, dealer, you), its counts and the cards it has shown; a
seat's name as every layout writes it (`seat_name`, `player_of`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from render import text
from render.parts import Canvas, Colour, PlayerInfo, badge, card_row, panel
from render.strings import LABELS, Labels
from render.theme import CPU, GOLD, HIGHLIGHT, PANEL_EDGE, TEXT, TEXT_DIM, card_height


def seat_name(players: Sequence[PlayerInfo], seat: int, locale: str) -> str:
    """A seat's display name (its number when the players are not known)."""
    if 0 <= seat < len(players):
        return players[seat].name
    return ("席 {n}" if locale == "ja" else "Seat {n}").format(n=seat + 1)


def player_of(players: Sequence[PlayerInfo], seat: int, locale: str) -> PlayerInfo:
    """The seat's PlayerInfo (a plain one when not known)."""
    return (
        players[seat] if 0 <= seat < len(players) else PlayerInfo(seat_name(players, seat, locale))
    )


@dataclass(frozen=True)
class Seat:
    """What a seat plate shows: the player, counts like 'Hand 13', and state flags."""

    player: PlayerInfo
    counts: tuple[str, ...] = ()
    to_play: bool = False
    is_viewer: bool = False
    exposed: tuple[str, ...] = ()
    winner: bool = False


PLATE_NAME = 28
PLATE_COUNT = 22
EXPOSED_W = 40
EXPOSED_W_NARROW = 30
BADGE_LINE = 26
NARROW_PLATE = 260
"""Plates narrower than this put their badges on a line of their own at the bottom."""


def seat_badges(
    locale: str, seat: Seat, labels: Labels = LABELS
) -> list[tuple[str, Colour, Colour]]:
    """A seat's badges as (label, background, ink): to play, wins, CPU, dealer, you, others;
    a layout may word them with its own `labels`."""
    out: list[tuple[str, Colour, Colour]] = []
    if seat.to_play:
        out.append((labels("to_play", locale), GOLD, (20, 20, 20)))
    if seat.winner:
        out.append((labels("winning", locale), GOLD, (20, 20, 20)))
    if seat.player.is_cpu:
        out.append((labels("cpu", locale), CPU, (255, 255, 255)))
    if seat.player.is_dealer:
        out.append((labels("dealer", locale), TEXT, (20, 20, 20)))
    if seat.is_viewer:
        out.append((labels("you", locale), HIGHLIGHT, (20, 20, 20)))
    out += [(b, TEXT_DIM, (20, 20, 20)) for b in seat.player.badges]
    return out


def seat_plate(c: Canvas, box: tuple[float, float, float, float], seat: Seat) -> None:
    """A seat's plate: name, badges (to play / CPU / dealer / you), counts, exposed cards."""
    x0, y0, x1, y1 = box
    outline = GOLD if seat.to_play else PANEL_EDGE
    panel(c, box, outline=outline, width=4 if seat.to_play else 2)
    pad = 12
    badges = seat_badges(c.locale, seat)
    bsize = 18
    right = x1 - pad
    narrow = (x1 - x0) < NARROW_PLATE
    badge_y = y0 + pad + (PLATE_NAME - bsize * 1.45) / 2 + 2
    if narrow:
        badge_y = y1 - pad - bsize * 1.45
    for label, bg, fg in badges:
        w = text.text_width(label, bsize) + bsize
        if right - w < x0 + pad + (0 if narrow else 80):
            break
        badge(c, right, badge_y, label, bg, fg, bsize, anchor="r")
        right -= w + 6
    name_room = (x1 - pad - (x0 + pad)) if narrow else (right - (x0 + pad))
    c.text(
        (x0 + pad, y0 + pad),
        seat.player.name,
        PLATE_NAME,
        TEXT,
        "la",
        bold=True,
        max_width=name_room,
    )
    line_y = y0 + pad + PLATE_NAME + 10
    if seat.counts:
        c.text(
            (x0 + pad, line_y),
            "  ".join(seat.counts),
            PLATE_COUNT - (3 if narrow else 0),
            TEXT_DIM,
            "la",
            max_width=x1 - x0 - 2 * pad,
        )
    if seat.exposed:
        if narrow:  # on the badge line, left of the badges
            ey = y1 - pad - card_height(EXPOSED_W_NARROW)
            room = right - (x0 + pad) - 4
            card_row(
                c, list(seat.exposed), x0 + pad, ey, EXPOSED_W_NARROW, room, gap=3, shadow=False
            )
        else:
            ey = line_y + (PLATE_COUNT + 8 if seat.counts else 0)
            card_row(c, list(seat.exposed), x0 + pad, ey, EXPOSED_W, x1 - x0 - 2 * pad, gap=4)


def plate_height(seat: Seat, narrow: bool = False) -> int:
    """The height `seat_plate` needs for this seat (narrow plates put badges on a last line)."""
    h = 12 + PLATE_NAME + 10 + (PLATE_COUNT + 8 if seat.counts else 0) + 12
    if narrow:
        h += max(BADGE_LINE, card_height(EXPOSED_W_NARROW) if seat.exposed else 0) + 4
    elif seat.exposed:
        h += card_height(EXPOSED_W) + 6
    return h


def exposed_extra(narrow: bool) -> int:
    """How much taller a plate grows to show exposed cards."""
    if narrow:
        return card_height(EXPOSED_W_NARROW) - BADGE_LINE
    return card_height(EXPOSED_W) + 6
