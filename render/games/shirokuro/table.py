"""Shirokuro-jaku's table image: melds and discards, the seats' plates and the table between
them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.cards import card_label
from engines.two_number.cards import value_label, values
from render import parts, text
from render.games.shirokuro.words import LABELS, MELD_GAP, Dora, dora_of
from render.games.two_number_parts import frame, hand_panel, measures, plates, round_end, tiles
from render.parts import Canvas, PlayerInfo
from render.plates import seat_name
from render.text import Text
from render.theme import (
    ALERT,
    GOLD,
    T_SMALL,
    TEXT,
    TEXT_DIM,
    CardStyle,
    card_height,
)

# --------------------------------------------------------------------------- melds, discards


def dora_positions(cards: Sequence[str], dora: Sequence[int]) -> list[int]:
    """The cards of a hand whose upright end is a dora."""
    return [k for k, v in enumerate(values(cards)) if v in dora]


def table_row(
    c: Canvas,
    melds: Sequence[Mapping[str, Any]],
    discards: Sequence[str],
    x: float,
    y: float,
    width: float,
    dora: Dora,
    size: tiles.Marks = tiles.SMALL,
    *,
    draw: bool = True,
) -> float:
    """A seat's melds laid down, then its discards (those not claimed) in order, flowing
    into rows of `width`: returns the height used (drawing nothing unless `draw`)."""
    row_h = size.chip_h + 6
    cx, cy = x, y
    for meld in melds:
        cards = [str(card) for card in meld.get("cards") or []]
        w = round_end.laid_width(len(cards), size.back)
        if cx > x and cx + w > x + width:
            cx, cy = x, cy + row_h
        if draw:
            top = cy + (size.chip_h - size.tile_h) / 2
            claimed = meld.get("claimed")
            round_end.laid_meld(
                c, cards, claimed, cx, top, width=size.back, size=size.tile_text, dora=dora
            )
        cx += w + MELD_GAP
    if discards:
        label = LABELS("discards", c.locale)
        label_w = text.text_width(label, T_SMALL) + 10
        if cx > x and cx + label_w + size.chip_w > x + width:
            cx, cy = x, cy + row_h
        if draw:
            c.text((cx, cy + size.chip_h / 2), label, T_SMALL, TEXT_DIM, "lm")
        cx += label_w
        for card in discards:
            if cx + size.chip_w > x + width:
                cx, cy = x + label_w, cy + row_h
            if draw:
                tiles.pair_chip(c, card, cx, cy, size)
            cx += size.chip_step
    if cx == x and cy == y:
        return 0
    return cy - y + size.chip_h


def shown_discards(view: Mapping[str, Any], seat: int) -> list[str]:
    """A seat's discards in order, less those claimed (shown in the claimer's meld)."""
    entries = list(plates.at(view, "discards", seat, []))
    return [str(e.get("card")) for e in entries if e.get("taken") is None]


# --------------------------------------------------------------------------- seats


def plate_height(view: Mapping[str, Any], seat: int, own: int | None, width: float) -> float:
    """A plate's first line, and its melds and discards in as many rows as they need."""
    melds = list(plates.at(view, "exposed", seat, []))
    row = table_row(
        Canvas.new(1, 1, "en", CardStyle()),
        melds,
        shown_discards(view, seat),
        0,
        0,
        width - 2 * measures.PAD,
        (),
        tiles.marks(own),
        draw=False,
    )
    return 2 * measures.PAD + measures.NAME_H + (row + 6 if row else 0)


def seat_plate(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    seat: int,
    own: int | None,
    box: measures.Box,
) -> None:
    """A seat other than the viewer's: name, badges, cards held and total; its melds laid
    down, then its discards."""
    x0, _, x1, _ = box
    top = plates.plate_head(c, LABELS, view, players, seat, own, box) + 6
    melds = list(plates.at(view, "exposed", seat, []))
    discards = shown_discards(view, seat)
    width = x1 - x0 - 2 * measures.PAD
    table_row(c, melds, discards, x0 + measures.PAD, top, width, dora_of(view), tiles.marks(own))


# --------------------------------------------------------------------------- the table

DORA_COL = 190
"""The table's column for the dora indicator (its name is wider than its card)."""
CLAIM_COL = 200


def table_notes(
    view: Mapping[str, Any], players: Sequence[PlayerInfo], own: int | None, locale: str
) -> list[tuple[Text, measures.Colour]]:
    """The stock's last card drawn: the next discard can only be ronned."""
    if view.get("last_draw") and not view.get("over"):
        return [(LABELS("last_draw", locale), ALERT)]
    return []


def claim_of(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    claim = view.get("claim")
    return claim if claim and claim.get("answer") is None else None


def table_size(
    view: Mapping[str, Any], own: int | None, notes: Sequence[tuple[Text, measures.Colour]]
) -> tuple[float, float]:
    """The table column's size: the dora and the stock, the drawn card or the discard to
    claim, the notes under them."""
    width: float = 2 * measures.PAD + DORA_COL
    cards: float = card_height(tiles.TABLE_W) + 6 + 2 * measures.SMALL_H
    if own is not None and not view.get("may_rotate"):
        if claim_of(view):
            width += 2 * measures.GAP + CLAIM_COL
        elif view.get("drawn"):
            width += 2 * measures.GAP + hand_panel.DRAWN_PAIR_W
            cards = max(cards, hand_panel.DRAWN_PAIR_H)
    return frame.column_size(width, cards, notes)


def draw_table(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    box: measures.Box,
    notes: Sequence[tuple[Text, measures.Colour]],
    own: int | None,
) -> None:
    """The dora indicator, the dora it makes (dotted as the hands dot them) and the stock;
    the viewer's drawn card with each end up, or the discard it may claim; the notes."""
    x0, y0, x1, _ = box
    locale = c.locale
    plates.table_panel(c, box)
    x, y = x0 + measures.PAD, y0 + measures.PAD
    c.text((x, y), LABELS("indicator", locale), T_SMALL, TEXT_DIM, "la", bold=True)
    indicator = view.get("indicator")
    top = y + measures.SMALL_H
    if indicator:
        parts.paste_card(c, str(indicator), x, top, tiles.TABLE_W, ring=GOLD)
    bottom = top + card_height(tiles.TABLE_W) + 6
    dora = dora_of(view)
    if len(dora) == 2:
        words = LABELS("dora", locale, white=value_label(dora[0]), black=value_label(dora[1]))
        tiles.dot(c, x + tiles.DOT_R, bottom + measures.SMALL_H / 2)
        c.text((x + 2 * tiles.DOT_R + 8, bottom), words, T_SMALL, GOLD, "la", bold=True)
    stock = int(view.get("stock_count") or 0)
    c.text(
        (x, bottom + measures.SMALL_H),
        LABELS("stock_left", locale, n=stock),
        T_SMALL,
        ALERT if stock <= parts.LOW_STOCK else TEXT,
        "la",
        bold=True,
    )
    bottom += 2 * measures.SMALL_H
    x += DORA_COL + 2 * measures.GAP
    claim = claim_of(view) if own is not None and not view.get("may_rotate") else None
    if claim:
        source = claim.get("from")
        name = seat_name(players, source, locale) if isinstance(source, int) else ""
        title = LABELS.named("claim_title", locale, name=name)
        c.text((x, y), title, T_SMALL, GOLD, "la", bold=True, max_width=x1 - measures.PAD - x)
        parts.paste_card(c, str(claim.get("card")), x, top, tiles.TABLE_W, ring=GOLD)
    elif own is not None and view.get("drawn") and not view.get("may_rotate"):
        c.text((x, y), LABELS("drawn", locale), T_SMALL, GOLD, "la", bold=True)
        _, h = hand_panel.drawn_pair(c, str(view["drawn"]), x, top, LABELS)
        bottom = max(bottom, top + h)
    frame.note_lines(c, notes, x0 + measures.PAD, bottom + 6, x1 - x0 - 2 * measures.PAD)


def log_lines(
    view: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str
) -> list[tuple[Text, measures.Colour]]:
    """The round's public moves in words, the newest last."""
    out: list[tuple[Text, measures.Colour]] = []
    for entry in view.get("log") or []:
        kind = entry.get("type")
        seat = entry.get("seat")
        name = seat_name(players, seat, locale) if isinstance(seat, int) else ""
        if kind == "draw":
            out.append((LABELS.named("log_draw", locale, name=name), TEXT_DIM))
        elif kind == "insert":
            gap = int(entry.get("position", 0)) + measures.FIRST_GAP
            out.append((LABELS.named("log_insert", locale, name=name, gap=gap), TEXT_DIM))
        elif kind == "discard":
            card = card_label(str(entry.get("card")))
            out.append((LABELS.named("log_discard", locale, name=name, card=card), TEXT))
        elif kind in ("pon", "chi"):
            cards = [str(card) for card in entry.get("cards") or []]
            shown = " ".join(value_label(v) for v in values(cards))
            out.append((LABELS.named(f"log_{kind}", locale, name=name, card=shown), GOLD))
        elif kind in ("ron", "tsumo", "rotate"):
            out.append((LABELS.named(f"log_{kind}", locale, name=name), GOLD))
    return out
