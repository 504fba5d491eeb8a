"""Panels of words over the felt (docs/images.md): a score table, a breakdown, a game's result,
a header line and a turn pill. Like every part, each draws at a position and reads no view.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.parts import Canvas, badge, panel
from render.text import Text
from render.theme import FELT_DARK, GOLD, PANEL_EDGE, TEXT, TEXT_DIM


def score_table(
    c: Canvas,
    x: float,
    y: float,
    width: float,
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    *,
    highlight: Sequence[int] = (),
    size: int = 22,
) -> float:
    """A table of scores: first column names, others right-aligned numbers; returns its height."""
    row_h = round(size * 1.7)
    first = width * (0.4 if len(headers) > 2 else 0.6)
    rest = (width - first) / max(1, len(headers) - 1)
    panel(c, (x, y, x + width, y + row_h * (len(rows) + 1) + 8), fill=(18, 62, 43))
    for r, line in enumerate([list(headers), *[list(row) for row in rows]]):
        cy = y + 4 + r * row_h
        if r - 1 in highlight:
            c.draw.rectangle((x + 3, cy, x + width - 3, cy + row_h), fill=(70, 110, 60))
        colour = TEXT_DIM if r == 0 else TEXT
        for k, cell in enumerate(line):
            if k == 0:
                c.text(
                    (x + 12, cy + row_h / 2),
                    cell,
                    size,
                    colour,
                    "lm",
                    max_width=first - 16,
                    bold=r > 0,
                )
            else:
                c.text(
                    (x + first + rest * k - 12, cy + row_h / 2),
                    cell,
                    size,
                    colour,
                    "rm",
                    max_width=rest - 8,
                )
        if r == 0:
            c.draw.line((x + 8, cy + row_h, x + width - 8, cy + row_h), fill=PANEL_EDGE, width=1)
    return row_h * (len(rows) + 1) + 8


def breakdown_panel(
    c: Canvas,
    x: float,
    y: float,
    width: float,
    title: str,
    items: Sequence[tuple[str, str]],
    total: tuple[str, str] | None = None,
    size: int = 22,
) -> float:
    """A titled list of (label, points) with an optional total line; returns its height."""
    row_h = round(size * 1.6)
    height = row_h * (len(items) + 1 + (1 if total else 0)) + 16
    panel(c, (x, y, x + width, y + height), fill=(18, 62, 43))
    c.text((x + 12, y + 8 + row_h / 2), title, size, GOLD, "lm", bold=True, max_width=width - 24)
    for i, (label, value) in enumerate(items):
        cy = y + 8 + row_h * (i + 1.5)
        c.text((x + 16, cy), label, size, TEXT, "lm", max_width=width * 0.7)
        c.text((x + width - 12, cy), value, size, TEXT, "rm")
    if total:
        cy = y + 8 + row_h * (len(items) + 1.5)
        c.draw.line((x + 10, cy - row_h / 2, x + width - 10, cy - row_h / 2), fill=PANEL_EDGE)
        c.text((x + 16, cy), total[0], size, GOLD, "lm", bold=True)
        c.text((x + width - 12, cy), total[1], size, GOLD, "rm", bold=True)
    return height


def result_panel(
    c: Canvas,
    box: tuple[float, float, float, float],
    title: Text,
    reason: Text,
    lines: Sequence[Text] = (),
    sizes: tuple[int, int, int] = (40, 24, 24),
) -> None:
    """The end of a game: a big winner line, the reason under it, then totals (text `sizes`:
    title, reason, lines).

    Pass lines that hold names as templates (`strings.tr_named`): a long name is cut, not
    the words after it.
    """
    x0, y0, x1, y1 = (round(v) for v in box)
    overlay = Image.new("RGBA", (x1 - x0, y1 - y0), (0, 0, 0, 0))
    ImageDraw.Draw(overlay).rounded_rectangle(
        (0, 0, x1 - x0 - 1, y1 - y0 - 1), 18, fill=(10, 30, 22, 246), outline=GOLD + (255,), width=4
    )
    c.image.paste(overlay, (x0, y0), overlay)
    cx = (x0 + x1) / 2
    big, middle, small = sizes
    y = y0 + 22
    c.text((cx, y), title, big, GOLD, "ma", bold=True, max_width=x1 - x0 - 40)
    y += round(big * 1.45)
    c.text((cx, y), reason, middle, TEXT, "ma", max_width=x1 - x0 - 40)
    y += round(middle * 1.67)
    for line in lines:
        c.text((cx, y), line, small, TEXT_DIM, "ma", max_width=x1 - x0 - 40)
        y += round(small * 1.42)


def header(c: Canvas, title: Text, right: Text, height: int = 60) -> int:
    """The top bar: the game's name on the left, a short status (moves, round) on the right."""
    c.draw.rectangle((0, 0, c.image.width, height), fill=FELT_DARK)
    used = c.text(
        (18, height / 2), title, 28, TEXT, "lm", bold=True, max_width=c.image.width * 0.55
    )
    room = c.image.width - 2 * 18 - used - 24
    c.text((c.image.width - 18, height / 2), right, 26, TEXT_DIM, "rm", max_width=room)
    return height


TURN_PILL = 22
"""Text size of the turn pill."""


def turn_pill(
    c: Canvas, right: float, y: float, label: Text, mine: bool, max_width: float
) -> float:
    """'Your turn' in gold, or 'X to play' in a quiet colour, ending at `right`; returns its
    width. A name too long for `max_width` is cut, never the 'to play'."""
    bg, fg = (GOLD, (20, 20, 20)) if mine else (PANEL_EDGE, TEXT)
    return badge(c, right, y, label, bg, fg, TURN_PILL, anchor="r", max_width=max_width)
