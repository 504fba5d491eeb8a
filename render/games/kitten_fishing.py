"""Kitten Fishing table: two face-down stocks, the table row, the last flip and capture, the result.

A private image puts the viewer's stock at the bottom and the opponent's at the top; the public
image puts both seats side by side above the row, so neither seat is favoured. Stocks are face
down for everyone, so only the table row and the last capture (`last.captured`, cards everyone
just saw) are ever drawn face up.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from engines.cards import card_label
from render import parts, text
from render.parts import Canvas, PlayerInfo, Seat
from render.strings import tr, tr_named
from render.theme import (
    ALERT,
    CARD_W,
    FELT_DARK,
    GOLD,
    HIGHLIGHT,
    TEXT,
    TEXT_DIM,
    WIDTH,
    CardStyle,
    card_height,
)

NAMES = {"ja": "子猫の魚釣り", "en": "Kitten Fishing"}
PER_ROW = 7
MARGIN = 12
WIDE_ZONE_H = 236
NARROW_ZONE_H = 262
STRIP_W_WIDE = 60
STRIP_W_NARROW = 52


def render(
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    locale: str,
    style: CardStyle,
    viewer: int | None,
) -> Image.Image:
    """The table image of one Kitten Fishing view."""
    table = list(view["table"])
    rows = parts.wrap(len(table), PER_ROW) or [0]
    field_h = 52 + len(rows) * (card_height(CARD_W) + 16) + 46
    if view.get("over"):
        field_h = max(field_h, 300)
    private = viewer in (0, 1)
    zones_h = 2 * WIDE_ZONE_H + 2 * MARGIN if private else NARROW_ZONE_H + MARGIN
    height = 60 + MARGIN + zones_h + field_h + MARGIN
    c = Canvas.new(WIDTH, height, locale, style)
    moves = tr("moves_of", locale, moves=view["moves"], cap=view["move_cap"])
    parts.header(c, NAMES.get(locale, NAMES["en"]), moves)
    y = 60 + MARGIN
    inner = WIDTH - 2 * MARGIN
    if private:
        assert viewer is not None
        _seat_zone(
            c, view, players, 1 - viewer, (MARGIN, y, MARGIN + inner, y + WIDE_ZONE_H), viewer
        )
        y += WIDE_ZONE_H + MARGIN
        _field(c, view, players, (MARGIN, y, MARGIN + inner, y + field_h), rows, viewer)
        y += field_h + MARGIN
        _seat_zone(c, view, players, viewer, (MARGIN, y, MARGIN + inner, y + WIDE_ZONE_H), viewer)
    else:
        half = (inner - MARGIN) // 2
        for seat in (0, 1):
            x0 = MARGIN + seat * (half + MARGIN)
            _seat_zone(c, view, players, seat, (x0, y, x0 + half, y + NARROW_ZONE_H), None)
        y += NARROW_ZONE_H + MARGIN
        _field(c, view, players, (MARGIN, y, MARGIN + inner, y + field_h), rows, None)
    return c.image


def _name(players: Sequence[PlayerInfo], seat: int, locale: str) -> str:
    if seat < len(players):
        return players[seat].name
    return tr("seat", locale, n=seat + 1)


def _player(players: Sequence[PlayerInfo], seat: int, locale: str) -> PlayerInfo:
    return players[seat] if seat < len(players) else PlayerInfo(_name(players, seat, locale))


def _seat_zone(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    seat: int,
    box: tuple[int, int, int, int],
    viewer: int | None,
) -> None:
    """One seat: its plate, its face-down stock with the count, and what it just flipped/took."""
    x0, y0, x1, y1 = box
    count = view["stock_counts"][seat]
    result = view.get("result") or {}
    info = Seat(
        player=_player(players, seat, c.locale),
        counts=(tr("stock_count", c.locale, n=count),),
        to_play=seat in view.get("to_act", ()),
        is_viewer=seat == viewer,
        winner=bool(view.get("over")) and result.get("winner") == seat,
    )
    wide = (x1 - x0) > 600
    last = view.get("last")
    mine = last is not None and last["seat"] == seat
    if wide:
        pile_w = 84
        parts.face_down_pile(c, x0 + 14, y0 + 14, count, pile_w)
        px = x0 + 14 + pile_w + 30
        plate_h = parts.plate_height(info)
        parts.seat_plate(c, (px, y0 + 4, x1, y0 + 4 + plate_h), info)
        if mine:
            _last_strip(c, view, (px, y0 + plate_h + 14, x1, y1), STRIP_W_WIDE)
    else:
        plate_h = parts.plate_height(info)
        parts.seat_plate(c, (x0, y0, x1, y0 + plate_h), info)
        pile_w = 72
        py = y0 + plate_h + 14
        parts.face_down_pile(c, x0 + 12, py, count, pile_w)
        if mine:
            _last_strip(c, view, (x0 + 12 + pile_w + 26, py - 4, x1, y1), STRIP_W_NARROW)


def _last_strip(
    c: Canvas,
    view: Mapping[str, Any],
    box: tuple[int, int, int, int],
    card_w: int,
) -> None:
    """What the seat just did: the card it flipped, or the run it captured with the pair marked."""
    x0, y0, x1, _ = box
    last = view["last"]
    kind = last["kind"]
    captured = list(last["captured"]) if kind != "stay" else [last["card"]]
    n = len(captured)
    if kind == "fish":
        label, colour = tr("fished_short", c.locale, n=n), HIGHLIGHT
    elif kind == "sweep":
        label, colour = tr("swept_short", c.locale, n=n), GOLD
    else:
        label, colour = tr("flipped_short", c.locale), TEXT_DIM
    size = 22
    if kind == "sweep":
        width = text.text_width(label, size) + size * 1.6
        parts.banner(c, (x0 + 10 + width / 2, y0 + size * 0.75), label, size)
    else:
        c.text((x0, y0 + 2), label, size, colour, "la", bold=kind != "stay", max_width=x1 - x0)
    cy = y0 + size + 16
    rings: dict[int, tuple[int, ...]] = {}
    if kind == "fish":
        rings = {0: GOLD, n - 1: GOLD}
    elif kind == "sweep":
        rings = {n - 1: ALERT}
    elif kind == "stay":
        rings = {0: TEXT_DIM}
    origins = parts.card_row(c, captured, x0 + 4, cy, card_w, x1 - x0 - 12, gap=6, rings=rings)
    if kind in ("fish", "sweep") and origins:
        bar_y = cy + card_height(card_w) + 8
        c.draw.rounded_rectangle(
            (origins[0][0], bar_y, origins[-1][0] + card_w, bar_y + 5), 2, fill=colour
        )


def _field(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    box: tuple[int, int, int, int],
    rows: list[int],
    viewer: int | None,
) -> None:
    """The table row (wrapped in two rows when long), whose turn it is, and the last action."""
    x0, y0, x1, y1 = box
    c.draw.rounded_rectangle(box, 18, fill=FELT_DARK, outline=(40, 96, 70), width=2)
    table = list(view["table"])
    locale = c.locale
    title_w = c.text(
        (x0 + 16, y0 + 14),
        tr("table_row", locale) + "  " + tr("cards", locale, n=len(table)),
        24,
        TEXT_DIM,
        "la",
        bold=True,
    )
    to_act = list(view.get("to_act") or [])
    if to_act and not view.get("over"):
        seat = to_act[0]
        mine = seat == viewer
        label: text.Text = (
            tr("your_turn", locale)
            if mine
            else tr_named("turn_of", locale, name=_name(players, seat, locale))
        )
        room = (x1 - 16) - (x0 + 16 + title_w + 24)
        parts.turn_pill(c, x1 - 16, y0 + 10, label, mine, room)
    last = view.get("last")
    stay_index = len(table) - 1 if last and last["kind"] == "stay" and table else None
    top = y0 + 52
    card_h = card_height(CARD_W)
    if not table:
        c.text(((x0 + x1) / 2, top + card_h / 2), tr("table_empty", locale), 26, TEXT_DIM, "mm")
    start = 0
    for r, count in enumerate(rows):
        codes = table[start : start + count]
        rings = (
            {stay_index - start: GOLD}
            if stay_index is not None and start <= stay_index < start + count
            else {}
        )
        parts.card_row(
            c,
            codes,
            x0 + 16,
            top + r * (card_h + 16),
            CARD_W,
            x1 - x0 - 32,
            gap=10,
            rings=rings,
            centre=True,
        )
        start += count
    status = "" if view.get("over") else _status(view, players, locale)
    if status:
        c.text(((x0 + x1) / 2, y1 - 24), status, 22, TEXT, "mm", max_width=x1 - x0 - 32)
    if view.get("over") and view.get("result"):
        _result(c, view, players, (x0 + 40, y0 + 50, x1 - 40, y1 - 16))


def _status(view: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str) -> text.Text:
    last = view.get("last")
    if last is None:
        return tr_named("first_flip", locale, name=_name(players, view["first"], locale))
    name = _name(players, last["seat"], locale)
    n = len(last["captured"])
    card = card_label(last["card"])
    if last["kind"] == "fish":
        matched = card_label(last["matched"]) if last.get("matched") else "?"
        return tr_named("fished", locale, name=name, card=card, matched=matched, n=n)
    if last["kind"] == "sweep":
        return tr_named("swept", locale, name=name, card=card, n=n)
    return tr_named("stayed", locale, name=name, card=card)


def _result(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    box: tuple[int, int, int, int],
) -> None:
    result = view["result"]
    locale = c.locale
    winner = result["winner"]
    title: text.Text = (
        tr("draw", locale)
        if winner is None
        else tr_named("winner", locale, name=_name(players, winner, locale))
    )
    reason: text.Text
    if result["reason"] == "move_cap":
        reason = tr("reason_move_cap", locale)
    else:
        loser = 1 - winner if winner is not None else 0
        reason = tr_named("reason_empty_who", locale, name=_name(players, loser, locale))
    parts.result_panel(
        c,
        box,
        title,
        reason,
        [
            _final_counts(players, result["stock_counts"], locale),
            tr("total_moves", locale, n=result["moves"]),
        ],
    )


def _final_counts(players: Sequence[PlayerInfo], counts: Sequence[int], locale: str) -> text.Text:
    """'Final count: A 0 cards  ·  B 47 cards', both names cut alike when the line is too long."""

    def literal(words: str) -> str:
        return words.replace("{", "{{").replace("}", "}}")

    each = [f"{{name{s}}} {literal(tr('cards', locale, n=counts[s]))}" for s in (0, 1)]
    pattern = literal(tr("final_counts", locale)) + ": " + "  ·  ".join(each)
    names = {f"name{s}": _name(players, s, locale) for s in (0, 1)}
    return text.Template.of(pattern, names, tuple(names))
