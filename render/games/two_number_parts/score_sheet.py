"""Every round's scores as a table (`scores_table`) and the Details image that shows it
(`details_image`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from render import kit
from render.games.two_number_parts.frame import signed
from render.games.two_number_parts.measures import (
    BOTTOM,
    PAD,
    PANEL_FILL,
    SMALL_H,
    TOP,
    Box,
    Colour,
    M,
    W,
)
from render.games.two_number_parts.plates import panel
from render.parts import Canvas, PlayerInfo
from render.plates import seat_name
from render.strings import Labels
from render.text import Text
from render.theme import GOLD, PANEL_EDGE, T_BODY, T_SMALL, TEXT, TEXT_DIM, CardStyle


@dataclass(frozen=True)
class RoundScores:
    """A finished round in the Details image: its name, every seat's score, how it ended."""

    name: str
    scores: tuple[int, ...]
    how: Text = ""


SCORE_ROW = round(T_BODY * 1.6)


def scores_table(
    c: Canvas,
    box: Box,
    labels: Labels,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    rounds: Sequence[RoundScores],
) -> None:
    """Every round's scores by seat, how it ended under it, then the totals; when they do
    not all fit, only the newest rounds say how they ended, and when even the scores do not,
    only the newest rounds are listed (the others said to be left out)."""
    x0, y0, x1, y1 = box
    locale = c.locale
    seats = int(view["seats"])
    room = y1 - y0 - 2 * SCORE_ROW - 8  # the header and the totals
    most = int(room // SCORE_ROW)
    shown = list(rounds) if len(rounds) <= most else list(rounds)[-(most - 1) :]
    left_out = len(rounds) - len(shown)
    spare = room - len(shown) * SCORE_ROW - (SCORE_ROW if left_out else 0)
    told = {id(r) for r in [r for r in shown if r.how][::-1][: max(0, int(spare // SMALL_H))]}
    y = y0
    if left_out:
        words = labels("earlier", locale, n=rounds[left_out - 1].name)
        c.text((x0 + PAD, y + SCORE_ROW / 2), words, T_SMALL, TEXT_DIM, "lm")
        y += SCORE_ROW
    bottom = y + 2 * SCORE_ROW + len(shown) * SCORE_ROW + len(told) * SMALL_H + 8
    panel(c, (x0, y, x1, bottom), fill=PANEL_FILL)
    first = (x1 - x0) * (0.34 if seats > 2 else 0.4)
    col = (x1 - x0 - first) / max(1, seats)

    def row(cells: Sequence[Text], top: float, ink: Colour, bold: bool) -> None:
        mid = top + SCORE_ROW / 2
        c.text((x0 + PAD, mid), cells[0], T_BODY, ink, "lm", bold=bold, max_width=first - PAD)
        for k, cell in enumerate(cells[1:]):
            right = x0 + first + col * (k + 1) - PAD
            c.text((right, mid), cell, T_BODY, ink, "rm", bold=bold, max_width=col - 2 * PAD)

    names = [seat_name(players, s, locale) for s in range(seats)]
    row([labels("rounds_col", locale), *names], y + 4, TEXT_DIM, False)
    y += SCORE_ROW + 4
    c.draw.line((x0 + 8, y, x1 - 8, y), fill=PANEL_EDGE, width=2)
    for entry in shown:
        row([entry.name, *(signed(n) for n in entry.scores)], y, TEXT, True)
        y += SCORE_ROW
        if id(entry) in told:
            c.text(
                (x0 + PAD + 16, y - 4),
                entry.how,
                T_SMALL,
                TEXT_DIM,
                "la",
                max_width=x1 - x0 - 2 * PAD - 16,
            )
            y += SMALL_H
    totals = list(view.get("totals") or [0] * seats)
    c.draw.rectangle((x0 + 3, y, x1 - 3, y + SCORE_ROW), fill=(70, 110, 60))
    row([labels("total_row", locale), *(str(t) for t in totals)], y, GOLD, True)


def details_image(
    labels: Labels,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    style: CardStyle,
    locale: str,
    rounds: Sequence[RoundScores],
) -> Image.Image | None:
    """The Details image: every round's scores, how it ended, and the totals; None before
    any round ends."""
    if not rounds:
        return None
    c = kit.canvas(locale, style)
    kit.top_bar(c, labels("title", locale), labels("scores", locale))
    scores_table(c, (M, TOP, W - M, BOTTOM), labels, view, players, rounds)
    return c.image
