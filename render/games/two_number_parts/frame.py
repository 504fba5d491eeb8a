"""The image's frame and the parts around the hands: the top bar (`frame`), the notes and
the last moves (`log_panel`), the stock, and the game's result (`result`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render import kit, parts, text
from render.games.two_number_parts.measures import LINE_H, PAD, SMALL_H, Box, Colour, M, W, wrap
from render.games.two_number_parts.plates import table_panel
from render.parts import Canvas, PlayerInfo
from render.plates import seat_name
from render.strings import Labels
from render.text import Template, Text
from render.theme import FELT_DARK, T_BIG, T_BODY, T_SMALL, T_TITLE, TEXT, TEXT_DIM


def frame(
    c: Canvas,
    labels: Labels,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    own: int | None,
    status: Text,
) -> None:
    """The top bar: the game's name and `status` at the left, whose turn at the right."""
    locale = c.locale
    c.draw.rectangle((0, 0, W, kit.BAR_H), fill=FELT_DARK)
    mid = kit.BAR_H / 2
    x = M + c.text((M, mid), labels("title", locale), T_TITLE, TEXT, "lm", bold=True) + 24
    right: float = W - M
    seat = view.get("turn")
    if isinstance(seat, int) and not view.get("over"):
        mine = seat == own
        pill: Text = (
            labels("your_turn", locale)
            if mine
            else labels.named("turn_of", locale, name=seat_name(players, seat, locale))
        )
        right -= kit.turn_pill(c, right, (kit.BAR_H - kit.PILL_H) / 2, pill, mine, W * 0.4) + 20
    c.text((x, mid), status, T_BODY, TEXT_DIM, "lm", max_width=right - x)


NOTES_W = 400
"""The least width of the table's column when it holds notes."""


def notes_height(notes: Sequence[tuple[Text, Colour]], width: float) -> float:
    """The height `note_lines` takes."""
    return sum(len(wrap(words, T_SMALL, width)) for words, _ in notes) * SMALL_H


def column_size(
    width: float, cards: float, notes: Sequence[tuple[Text, Colour]]
) -> tuple[float, float]:
    """The table column's size in a seat's image: `width` (its padding counted) by its cards
    (`cards` high under their caption line), widened for the notes and the notes under them."""
    height = 2 * PAD + SMALL_H + cards
    if notes:
        width = max(width, NOTES_W)
        height += 6 + notes_height(notes, width - 2 * PAD)
    return width, height


def note_lines(
    c: Canvas, notes: Sequence[tuple[Text, Colour]], x: float, y: float, width: float
) -> float:
    """Short notes (the last card, a knock still open), each on up to two lines; returns the
    height used."""
    k = 0
    for words, ink in notes:
        for line in wrap(words, T_SMALL, width):
            c.text((x, y + k * SMALL_H), line, T_SMALL, ink, "la", bold=True, max_width=width)
            k += 1
    return k * SMALL_H


def lines(
    c: Canvas,
    entries: Sequence[tuple[Text, Colour]],
    x: float,
    y: float,
    width: float,
    size: int = T_SMALL,
    step: float = SMALL_H,
) -> float:
    """Lines of text, each cut to `width`; returns the height used."""
    for k, (line, colour) in enumerate(entries):
        c.text((x, y + k * step), line, size, colour, "la", max_width=width)
    return len(entries) * step


def log_panel(
    c: Canvas,
    labels: Labels,
    log: Sequence[tuple[Text, Colour]],
    box: Box,
    notes: Sequence[tuple[Text, Colour]] = (),
) -> None:
    """The notes, then the newest moves of `log` that fit in `box` (the older ones are the
    embed's), on the table's felt."""
    x0, y0, x1, y1 = box
    width = x1 - x0 - 2 * PAD
    noted = notes_height(notes, width)
    room = int((y1 - y0 - 2 * PAD - SMALL_H - noted) // LINE_H)
    shown = list(log)[-room:] if room > 0 else []
    if not shown and not notes:
        return
    height = 2 * PAD + noted + (SMALL_H + len(shown) * LINE_H if shown else 0)
    table_panel(c, (x0, y0, x1, y0 + height))
    y = y0 + PAD + note_lines(c, notes, x0 + PAD, y0 + PAD, width)
    if not shown:
        return
    c.text((x0 + PAD, y), labels("last_moves", c.locale), T_SMALL, TEXT_DIM, bold=True)
    lines(c, shown, x0 + PAD, y + SMALL_H, width, T_BODY, LINE_H)


def stock(c: Canvas, labels: Labels, x: float, y: float, count: int) -> float:
    """The stock: its name over a pile of backs with its count under it (red when low), all
    within `STOCK_W` from `x`; returns the width used."""
    locale = c.locale
    c.text((x, y), labels("stock", locale), T_SMALL, TEXT_DIM, "la", bold=True)
    words = labels("cards", locale, n=count)
    pill = text.text_width(words, T_SMALL) + T_SMALL
    left = x + max(0.0, (pill - STOCK_CARD) / 2)
    kit.pile(c, left, y + SMALL_H, count, words, card_w=STOCK_CARD, size=T_SMALL, beside=False)
    return max(pill, STOCK_CARD, text.text_width(labels("stock", locale), T_SMALL))


STOCK_CARD = 56
STOCK_H = SMALL_H + parts.pile_height(STOCK_CARD, T_SMALL)
"""The height `stock` takes."""
STOCK_W = 110


def signed(n: int) -> str:
    """+5, 0, −3 (a true minus sign)."""
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def result_title(
    labels: Labels,
    locale: str,
    players: Sequence[PlayerInfo],
    winners: Sequence[int],
    own: int | None,
) -> Text:
    """Victory or defeat for a person looking at their own seat, else the winners by name."""
    if own is not None and 0 <= own < len(players) and not players[own].is_cpu:
        return labels("victory" if own in winners else "defeat", locale)
    if len(winners) == 1:
        return labels.named("winner", locale, name=seat_name(players, winners[0], locale))
    return labels.named(
        "shared", locale, names=" · ".join(seat_name(players, w, locale) for w in winners)
    )


def result(
    c: Canvas,
    box: Box,
    labels: Labels,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    own: int | None,
    reason: Text,
) -> None:
    """The game's end over `box`: victory or defeat (or the winners by name), `reason`, and
    every seat's total on one line, best first."""
    locale = c.locale
    outcome = view.get("result") or {}
    winners = list(outcome.get("winners") or [])
    totals = list(outcome.get("totals") or view.get("totals") or [])
    order = sorted(range(len(totals)), key=lambda s: (-totals[s], s))
    pieces, names = [], {}
    for seat in order:
        pattern = labels.pattern("total_line", locale, {"n": totals[seat]})
        piece = pattern.replace("{n}", str(totals[seat])).replace("{name}", f"{{name{seat}}}")
        pieces.append(piece)
        names[f"name{seat}"] = seat_name(players, seat, locale)
    standings = Template.of("   ·   ".join(pieces), names, tuple(names))
    title = result_title(labels, locale, players, winners, own)
    kit.result(c, box, title, reason, [standings])


RESULT_H = 22 + round(T_BIG * 1.45) + round(T_BODY * 1.67) + round(T_BODY * 1.42) + 16
"""The height `result` needs."""
