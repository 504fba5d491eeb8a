"""The image put together: a game's `Table` of parts and `draw`, which puts them in their
places on the channel's image or a seat's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from render import kit
from render.games.two_number_parts.frame import RESULT_H, frame, log_panel, result
from render.games.two_number_parts.measures import BOTTOM, GAP, LINE_H, TOP, Box, Colour, M, W
from render.games.two_number_parts.round_end import NEXT_H, next_line
from render.parts import Canvas, PlayerInfo
from render.strings import Labels
from render.text import Text

Notes = list[tuple[Text, Colour]]
Players = Sequence[PlayerInfo]
View = Mapping[str, Any]


@dataclass(frozen=True)
class Table:
    """One game's ways to draw the parts of its image; `draw` puts them in their places, the
    same in both games."""

    labels: Labels
    status: Callable[[View, str], Text]
    """The top bar's words: the round."""
    notes: Callable[[View, Players, int | None, str], Notes]
    """What must not be missed (the last card, a knock open), for the viewer `own`."""
    log: Callable[[View, Players, str], Notes]
    """The round's public moves in words, the newest last."""
    plate_height: Callable[[View, int, int | None, float], float]
    """(view, seat, own, width) -> the height of that seat's plate."""
    plate: Callable[[Canvas, View, Players, int, int | None, Box], None]
    table_size: Callable[[View, int | None, Notes], tuple[float, float]]
    table: Callable[[Canvas, View, Players, Box, Notes, int | None], None]
    own: Callable[[Canvas, View, Players, int, Box], None]
    """The viewer's panel and hand."""
    last_round: Callable[[Canvas, View, Mapping[str, Any], Players, Box], None]
    next_round: Callable[[View, Players, str], Text]
    """The line under a round's end: how the next round starts."""
    reason: Callable[[View, str], Text]
    """Why the game ended."""


def draw(table: Table, c: Canvas, view: View, players: Players, own: int | None) -> None:
    """The image of one view: the top bar, then the game's end (the result, the last
    round), a seat's image (the other seats and the table over the viewer's panel), the
    round just played while the next one's rotations are open, or the channel's image (every
    seat, the table, the last moves)."""
    locale = c.locale
    frame(c, table.labels, view, players, own, table.status(view, locale))
    if view.get("over"):
        box = (M, TOP, W - M, TOP + RESULT_H)
        result(c, box, table.labels, view, players, own, table.reason(view, locale))
        last = view.get("last_round")
        if last:
            table.last_round(c, view, last, players, (M, box[3] + GAP, W - M, BOTTOM))
    elif own is not None:
        _seat_image(c, table, view, players, own)
    elif view.get("last_round") and view.get("rotation_open"):
        bottom = BOTTOM - NEXT_H - GAP
        table.last_round(c, view, view["last_round"], players, (M, TOP, W - M, bottom))
        words = table.next_round(view, players, locale)
        next_line(c, (M, bottom + GAP, W - M, BOTTOM), words, table.labels("next_rotate", locale))
    else:
        _channel_image(c, table, view, players)


def layout(table: Table) -> kit.Layout:
    """A game's `render`: its `table` of parts, put in their places by `draw`."""
    return kit.layout(partial(draw, table))


def _plates(
    c: Canvas,
    table: Table,
    view: View,
    players: Players,
    seats: Sequence[int],
    own: int | None,
    x1: float,
) -> float:
    """The plates of `seats` stacked from the top, from the left margin to `x1`; returns
    the y under the last."""
    y: float = TOP
    for seat in seats:
        height = table.plate_height(view, seat, own, x1 - M)
        table.plate(c, view, players, seat, own, (M, y, x1, y + height))
        y += height + GAP
    return y - GAP


def _channel_image(c: Canvas, table: Table, view: View, players: Players) -> None:
    """Every seat's plate at the left, the table at the right, the notes and the last moves
    under them."""
    width, height = table.table_size(view, None, [])
    split = W - M - width
    bottom = _plates(c, table, view, players, range(int(view["seats"])), None, split - GAP)
    box = (split, TOP, W - M, max(bottom, TOP + height))
    table.table(c, view, players, box, [], None)
    notes = table.notes(view, players, None, c.locale)
    log = table.log(view, players, c.locale)
    log_panel(c, table.labels, log, (M, box[3] + GAP, W - M, BOTTOM), notes)


def _seat_image(c: Canvas, table: Table, view: View, players: Players, own: int) -> None:
    """The other seats (in play order after the viewer) and the table over the viewer's
    panel and hand; the last moves under the plates when there is room."""
    seats = int(view["seats"])
    others = [(own + k) % seats for k in range(1, seats)]
    notes = table.notes(view, players, own, c.locale)
    width, height = table.table_size(view, own, notes)
    split = W - M - width
    plates = _plates(c, table, view, players, others, own, split - GAP) - TOP
    band = max(plates, height)
    if band - plates > 2 * LINE_H:
        log = table.log(view, players, c.locale)
        log_panel(c, table.labels, log, (M, TOP + plates + GAP, split - GAP, TOP + band))
    table.table(c, view, players, (split, TOP, W - M, TOP + band), notes, own)
    table.own(c, view, players, own, (M, TOP + band + GAP, W - M, BOTTOM))
