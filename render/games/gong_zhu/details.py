"""Gong Zhu's Details image: the last hand's breakdown and the match's table of scores."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from engines.cards import card_label
from render import kit, parts, text
from render.games.gong_zhu.sizes import SEATS
from render.games.gong_zhu.table import status_text
from render.games.gong_zhu.words import LABELS, Box, named, play_order, signed, tr
from render.parts import Canvas, PlayerInfo
from render.plates import seat_name
from render.text import Template, Text
from render.theme import (
    GOLD,
    PANEL_EDGE,
    T_BODY,
    T_SMALL,
    TEXT,
    TEXT_DIM,
    CardStyle,
)

# --------------------------------------------------------------------------- details


def details(
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    locale: str,
    style: CardStyle,
    viewer: int | None,
) -> Image.Image | None:
    """The scores that do not fit the table image: the last finished hand's breakdown and the
    match hand by hand (none before the first hand ends)."""
    last = view.get("last_hand")
    scores = [list(h) for h in view.get("hand_scores") or []]
    if last is None or not scores:
        return None
    own = viewer if viewer is not None and 0 <= viewer < SEATS else None
    c = kit.canvas(locale, style)
    top = kit.top_bar(c, tr("details_title", locale), status_text(view, locale)) + kit.GAP
    x0, x1 = kit.MARGIN, kit.WIDTH - kit.MARGIN
    order = play_order(own)
    highlight = 0 if own is not None else None
    y = top + _breakdown(c, last, players, order, highlight, (x0, top, x1)) + kit.GAP
    totals = [int(t) for t in view.get("totals") or last["totals"]]
    _match(c, scores, totals, players, order, highlight, (x0, y, x1, kit.HEIGHT - kit.MARGIN))
    return c.image


CELL = T_BODY
"""Text size of a score table's cells (14 px in the box)."""
CELL_H = 40
TITLE_H = 46
COL_GAP = 28
"""Least space between two columns of a score table (14 px in the box): they never touch."""
NOTE_H = 34


def _breakdown(
    c: Canvas,
    last: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    order: Sequence[int],
    highlight: int | None,
    span: tuple[float, float, float],
) -> float:
    """The panel of a finished hand: hearts, pig, sheep, transformer, the hand and the total by
    seat; each exposed card with who exposed it and who took it (the doubling is the taker's),
    a heart sweep or all sixteen cards. Returns its height."""
    locale = c.locale
    x0, y0, x1 = span
    headers = [""] + [
        tr(k, locale)
        for k in ("col_hearts", "col_pig", "col_sheep", "col_tf", "col_score", "col_total")
    ]
    rows = []
    for seat in order:
        b = last["breakdown"][seat]
        tf = "·"
        if b["transformer"] == "alone":
            tf = signed(b["transformer_points"])
        elif b["transformer"] == "multiply":
            tf = f"×{b['transformer_factor']}"
        rows.append(
            [
                seat_name(players, seat, locale),
                _cell(b["hearts"], b["heart_count"] > 0),
                _cell(b["pig"], b["pig"] != 0),
                _cell(b["sheep"], b["sheep"] != 0),
                tf,
                signed(b["score"]),
                signed(last["totals"][seat]),
            ]
        )
    notes = _breakdown_notes(last, players, order, locale)
    height = TITLE_H + CELL_H * (len(rows) + 1) + 8 + NOTE_H * len(notes) + 12
    parts.panel(c, (x0, y0, x1, y0 + height), fill=(18, 62, 43))
    title = tr("breakdown", locale, hand=int(last["hand"]))
    c.text((x0 + 16, y0 + TITLE_H / 2 + 2), title, T_BODY, GOLD, "lm", bold=True)
    y = y0 + TITLE_H
    y += score_grid(c, (x0 + 8, y, x1 - 8), headers, rows, highlight) + 8
    for words, ink in notes:
        c.text((x0 + 16, y + NOTE_H / 2), words, T_SMALL, ink, "lm", max_width=x1 - x0 - 32)
        y += NOTE_H
    return height


def _breakdown_notes(
    last: Mapping[str, Any], players: Sequence[PlayerInfo], order: Sequence[int], locale: str
) -> list[tuple[Text, tuple[int, ...]]]:
    """The exposures of a finished hand on one line, then its sweep or all-sixteen notes."""
    takers = {card: s for s, b in enumerate(last["breakdown"]) for card in b["cards"]}
    pieces: list[str] = []
    names: dict[str, str] = {}
    item = LABELS.pattern("exposed_item", locale, {}).replace("{card}", "{{card}}")
    for seat in order:
        for card in last["exposed"][seat]:
            k = len(pieces)
            taker = seat_name(players, takers[card], locale) if card in takers else None
            names[f"name{k}"] = seat_name(players, seat, locale)
            names[f"taker{k}"] = taker if taker is not None else tr("nobody", locale)
            piece = item.format(name=f"{{name{k}}}", taker=f"{{taker{k}}}")
            pieces.append(piece.replace("{card}", _literal(card_label(card))))
    sep = "、" if locale == "ja" else " · "
    line = LABELS.pattern("exposed_line", locale, {}).replace("{items}", sep.join(pieces))
    notes: list[tuple[Text, tuple[int, ...]]] = [
        (
            Template.of(line, names, tuple(names)) if pieces else tr("exposed_none", locale),
            TEXT,
        )
    ]
    for seat in order:
        b = last["breakdown"][seat]
        for flag, key in (("sweep", "sweep_note"), ("all16", "all16_note")):
            if b[flag]:
                notes.append((named(key, locale, name=seat_name(players, seat, locale)), GOLD))
    return notes


def _literal(words: str) -> str:
    return words.replace("{", "{{").replace("}", "}}")


def _cell(points: int, taken: bool) -> str:
    return signed(points) if taken else "·"


def _match(
    c: Canvas,
    scores: Sequence[Sequence[int]],
    totals: Sequence[int],
    players: Sequence[PlayerInfo],
    order: Sequence[int],
    highlight: int | None,
    box: Box,
) -> None:
    """The match hand by hand: a column per hand (the newest that fit; the earlier ones summed
    in one column), then the total."""
    locale = c.locale
    x0, y0, x1, _ = box
    height = TITLE_H + CELL_H * (SEATS + 1) + 8 + 8
    parts.panel(c, (x0, y0, x1, y0 + height), fill=(18, 62, 43))
    c.text((x0 + 16, y0 + TITLE_H / 2 + 2), tr("match", locale), T_BODY, GOLD, "lm", bold=True)
    span = (x0 + 8, y0 + TITLE_H, x1 - 8)
    n = len(scores)
    for folded in range(0, n):
        headers, rows = _match_table(scores, totals, players, order, locale, folded)
        if _fits(headers, rows, span[2] - span[0]):
            break
    score_grid(c, span, headers, rows, highlight)


def _match_table(
    scores: Sequence[Sequence[int]],
    totals: Sequence[int],
    players: Sequence[PlayerInfo],
    order: Sequence[int],
    locale: str,
    folded: int,
) -> tuple[list[str], list[list[str]]]:
    """Headers and rows of the match table with the first `folded` hands summed in one column."""
    headers = [""]
    if folded == 1:
        headers.append(tr("col_hand_no", locale, hand=1))
    elif folded > 1:
        headers.append(tr("col_hands", locale, first=1, last=folded))
    headers += [tr("col_hand_no", locale, hand=h + 1) for h in range(folded, len(scores))]
    headers.append(tr("col_total", locale))
    rows = []
    for seat in order:
        row = [seat_name(players, seat, locale)]
        if folded:
            row.append(signed(sum(int(h[seat]) for h in scores[:folded])))
        row += [signed(h[seat]) for h in scores[folded:]]
        row.append(signed(totals[seat]))
        rows.append(row)
    return headers, rows


NAME_LEAST = 150
"""The narrowest a score table's name column may be before columns are folded."""


def _widths(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> list[float]:
    """Each number column's width: its widest cell or header."""
    return [
        max(
            text.text_width(headers[k], T_SMALL),
            *(text.text_width(row[k], CELL) + 2 for row in rows),
        )
        for k in range(1, len(headers))
    ]


def _fits(headers: Sequence[str], rows: Sequence[Sequence[str]], width: float) -> bool:
    used = sum(w + COL_GAP for w in _widths(headers, rows)) + 24
    return width - used >= NAME_LEAST


def score_grid(
    c: Canvas,
    span: tuple[float, float, float],
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    highlight: int | None = None,
) -> float:
    """A score table: the names on the left, each other column right-aligned and as wide as its
    widest cell, `COL_GAP` apart, so that two columns never touch (whatever the numbers), the
    name column taking what is left (names cut); returns its height."""
    x0, y0, x1 = span
    widths = _widths(headers, rows)
    rights: list[float] = []
    right = x1 - 12
    for w in reversed(widths):
        rights.insert(0, right)
        right -= w + COL_GAP
    name_room = right + COL_GAP - (x0 + 12) - COL_GAP
    for r, line in enumerate([list(headers), *[list(row) for row in rows]]):
        y = y0 + r * CELL_H
        if r and highlight == r - 1:
            c.draw.rounded_rectangle((x0, y, x1, y + CELL_H), 8, fill=(70, 110, 60))
        size = T_SMALL if r == 0 else CELL
        ink = TEXT_DIM if r == 0 else TEXT
        if line[0]:
            c.text(
                (x0 + 12, y + CELL_H / 2), line[0], size, ink, "lm", bold=r > 0, max_width=name_room
            )
        for k, cell in enumerate(line[1:]):
            c.text(
                (rights[k], y + CELL_H / 2),
                cell,
                size,
                ink,
                "rm",
                bold=r > 0 and k == len(widths) - 1,
            )
        if r == 0:
            c.draw.line((x0 + 8, y + CELL_H, x1 - 8, y + CELL_H), fill=PANEL_EDGE, width=1)
    return CELL_H * (len(rows) + 1)
