"""Gong Zhu's table image: the seats' rows (names, badges, points, and the cards each has
taken or exposed, as chips)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render import kit, parts, text
from render.cards import rank_text
from render.games.gong_zhu.sizes import (
    HEAD_H,
    NAME_H,
    PAD,
    POINTS_W,
    ROOMY,
    ROW_GAP,
    SEATS,
    SPECIALS,
    TOTAL_W,
)
from render.games.gong_zhu.words import Box, play_order, signed, tr
from render.parts import Canvas, PlayerInfo
from render.plates import player_of
from render.shapes import paste_shape
from render.theme import (
    ALERT,
    ALERT_BG,
    CARD_EDGE,
    CARD_FACE,
    CPU,
    GOLD,
    HIGHLIGHT,
    PANEL_EDGE,
    T_BODY,
    T_NAME,
    T_SMALL,
    TEXT,
    TEXT_DIM,
)

# --------------------------------------------------------------------------- the seats' rows


def _shown_hand(view: Mapping[str, Any]) -> tuple[int, list[int]]:
    """The hand whose points the rows show, and those points: this hand's so far; during the
    exposure phase after a hand, that finished hand's."""
    last = view.get("last_hand")
    if view.get("phase") == "expose" and last is not None:
        return int(last["hand"]), [int(p) for p in last["scores"]]
    return int(view.get("hand") or 1), [int(p) for p in view.get("points") or [0] * SEATS]


def seat_rows(
    c: Canvas, view: Mapping[str, Any], players: Sequence[PlayerInfo], own: int | None, box: Box
) -> None:
    """The column names over the rows, then one row per seat in play order from the viewer."""
    x0, y0, x1, y1 = box
    locale = c.locale
    hand, points = _shown_hand(view)
    totals = view.get("totals") or [0] * SEATS
    mid = y0 + HEAD_H / 2 - 4
    c.text((x1 - PAD - TOTAL_W, mid), tr("col_hand", locale, hand=hand), T_SMALL, TEXT_DIM, "rm")
    c.text((x1 - PAD, mid), tr("col_total", locale), T_SMALL, TEXT_DIM, "rm")
    top = y0 + HEAD_H
    row_h = (y1 - top - (SEATS - 1) * ROW_GAP) / SEATS
    room = (x1 - x0 - 2 * PAD, row_h - 2 * _row_pad(row_h) - NAME_H)
    chip = min(_chip_size(view, seat, room, locale) for seat in range(SEATS))
    for k, seat in enumerate(play_order(own)):
        y = top + k * (row_h + ROW_GAP)
        numbers = (int(points[seat]), int(totals[seat]))
        _row(c, view, players, seat, own, (x0, y, x1, y + row_h), numbers, chip)


def _row_pad(height: float) -> int:
    """Space over and under a row's lines: more in the public image's taller rows."""
    return 8 if height >= ROOMY else 5


def _row_badges(
    view: Mapping[str, Any], player: PlayerInfo, seat: int, own: int | None, locale: str
) -> list[tuple[str, tuple[int, ...], tuple[int, ...]]]:
    """To play, wins, out, CPU, you: the badges of a row, most telling first."""
    result = view.get("result") or {}
    out: list[tuple[str, tuple[int, ...], tuple[int, ...]]] = []
    if view.get("phase") == "play" and seat == view.get("turn"):
        out.append((tr("to_play", locale), GOLD, (20, 20, 20)))
    if view.get("over") and result.get("winner") == seat:
        out.append((tr("winning", locale), GOLD, (20, 20, 20)))
    if seat in (result.get("out") or []):
        out.append((tr("out", locale), ALERT_BG, TEXT))
    if player.is_cpu:
        out.append((tr("cpu", locale), CPU, (255, 255, 255)))
    if seat == own:
        out.append((tr("you", locale), HIGHLIGHT, (20, 20, 20)))
    return out


def _row(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    seat: int,
    own: int | None,
    box: Box,
    numbers: tuple[int, int],
    chip: int,
) -> None:
    """A seat's row: its name and badges, this hand's points and the total on the first line;
    its cards (chips `chip` px high, or during the exposure phase whether it has decided)
    under them."""
    x0, y0, x1, y1 = box
    locale = c.locale
    pad = _row_pad(y1 - y0)
    player = player_of(players, seat, locale)
    badges = _row_badges(view, player, seat, own, locale)
    lit = any(bg == GOLD for _, bg, _ in badges)
    parts.panel(c, box, outline=GOLD if lit else PANEL_EDGE, width=4 if lit else 2, radius=12)
    mid = y0 + pad + NAME_H / 2
    points, total = numbers
    ink = ALERT if points < 0 else GOLD if points > 0 else TEXT_DIM
    c.text((x1 - PAD - TOTAL_W, mid), signed(points), T_NAME, ink, "rm", bold=True)
    c.text((x1 - PAD, mid), signed(total), T_NAME, TEXT, "rm", bold=True)
    _name_and_badges(c, player.name, badges, x0 + PAD, x1 - PAD - TOTAL_W - POINTS_W, mid)
    line = (x0 + PAD, y0 + pad + NAME_H, x1 - PAD, y1 - pad)
    if view.get("phase") == "expose":
        decided = bool((view.get("decided") or [False] * SEATS)[seat])
        words = tr("decided" if decided else "deciding", locale)
        c.text(
            (line[0], (line[1] + line[3]) / 2), words, T_BODY, TEXT if decided else TEXT_DIM, "lm"
        )
        return
    _cards_line(c, view, seat, line, chip)


def _name_and_badges(
    c: Canvas,
    name: str,
    badges: Sequence[tuple[str, tuple[int, ...], tuple[int, ...]]],
    left: float,
    right: float,
    mid: float,
) -> None:
    """The name, cut to leave room for the badges after it (as many as fit in `right`)."""
    room = right - left
    keep = min(text.text_width(name, T_NAME), room * 0.4) + 8
    shown: list[tuple[str, tuple[int, ...], tuple[int, ...]]] = []
    used = 0.0
    for badge in badges:
        width = text.text_width(badge[0], T_SMALL) + T_SMALL + 6
        if used + width > room - keep:
            break
        shown.append(badge)
        used += width
    x = left + c.text((left, mid), name, T_NAME, TEXT, "lm", bold=True, max_width=room - used - 8)
    x += 12
    for label, bg, fg in shown:
        x += parts.badge(c, x, mid - kit.BADGE_H / 2, label, bg, fg, T_SMALL) + 6


def _lines(height: float, size: int) -> int:
    """How many lines of chips of `size` a row's `height` holds."""
    return max(1, int((height + CHIP_GAP) // (chip_height(size) + CHIP_GAP)))


def _seat_cards(view: Mapping[str, Any], seat: int) -> tuple[list[str], list[str], bool]:
    """A seat's exposed cards still in hand, its scoring cards taken, and a sweep danger."""
    live = list((view.get("exposed_live") or [[]] * SEATS)[seat])
    taken = list((view.get("taken") or [[]] * SEATS)[seat])
    return live, taken, view.get("sweep_danger") == seat


def _chip_size(view: Mapping[str, Any], seat: int, room: tuple[float, float], locale: str) -> int:
    """The biggest chips at which a seat's cards fit its row whole (else the smallest)."""
    live, taken, danger = _seat_cards(view, seat)
    items = _chip_items(locale, live, taken, danger, compact=False)
    for size in (T_NAME, T_BODY):
        if _flow(items, size, room[0], _lines(room[1], size)) is not None:
            return size
    return T_BODY


def _cards_line(c: Canvas, view: Mapping[str, Any], seat: int, box: Box, size: int) -> None:
    """The exposed cards still in a seat's hand, then the scoring cards it took, as chips of
    `size` (alike in every row) on as many lines as the row holds; shortened (the hearts
    counted, the labels left out) when they would not fit, and cut as a last resort."""
    live, taken, danger = _seat_cards(view, seat)
    x0, y0, x1, y1 = box
    lines = _lines(y1 - y0, size)
    items = _chip_items(c.locale, live, taken, danger, compact=False)
    placed = _flow(items, size, x1 - x0, lines)
    if placed is None:
        items = _chip_items(c.locale, live, taken, danger, compact=True)
        placed = _flow(items, size, x1 - x0, lines, cut=True) or []
    step = chip_height(size) + CHIP_GAP
    used = len({line for _, line, _ in placed}) or 1
    top = y0 + (y1 - y0 - (used * step - CHIP_GAP)) / 2
    for dx, line, item in placed:
        _draw_item(c, item, x0 + dx, top + line * step, size)


CHIP_GAP = 8
"""Space between two lines of chips."""


Item = tuple[str, str]
"""A piece of a cards line: ("label", words), ("card", code), ("exposed", code),
("hearts", ranks), ("alert", words)."""


def _chip_items(
    locale: str, live: Sequence[str], taken: Sequence[str], danger: bool, compact: bool
) -> list[Item]:
    items: list[Item] = []
    if live:
        if not compact:
            items.append(("label", tr("exposed", locale)))
        items += [("exposed", code) for code in live]
    specials = [code for code in SPECIALS if code in taken]
    hearts = [code[0] for code in taken if code.endswith("H")]
    if specials or hearts:
        if not compact:
            items.append(("label", tr("took", locale)))
        items += [("card", code) for code in specials]
        if hearts:
            ranks = " ".join(rank_text(r) for r in _high_first(hearts))
            items.append(("hearts", f"×{len(hearts)}" if compact else ranks))
    elif not live:
        items.append(("label", tr("took_none", locale)))
    if danger:
        items.append(("alert", tr("sweep_danger", locale)))
    return items


def _high_first(ranks: Sequence[str]) -> list[str]:
    order = "AKQJT98765432"
    return sorted(ranks, key=order.index)


def chip_height(size: int) -> int:
    """Height of a card chip whose index is `size` px."""
    return round(size * 1.3)


def _item_width(item: Item, size: int) -> float:
    kind, value = item
    if kind == "label":
        return text.text_width(value, T_SMALL)
    if kind == "alert":
        return text.text_width(value, T_SMALL) + T_SMALL
    pad = round(size * 0.3)
    shape = round(size * 0.8)
    if kind == "hearts":
        return pad + shape + 8 + text.text_width(value, size) + pad
    return pad + text.text_width(rank_text(value[0]), size) + 4 + shape + pad


def _flow(
    items: Sequence[Item], size: int, width: float, lines: int, cut: bool = False
) -> list[tuple[float, int, Item]] | None:
    """(x, line, item) of items laid left to right on at most `lines` lines, a label kept with
    the item after it; None when they do not all fit (with `cut`, those that fit)."""
    placed: list[tuple[float, int, Item]] = []
    x, line = 0.0, 0
    for k, item in enumerate(items):
        w = _item_width(item, size)
        need = w
        if item[0] == "label" and k + 1 < len(items):
            need += 8 + _item_width(items[k + 1], size)
        if x and x + need > width:
            x, line = 0.0, line + 1
        if line >= lines or w > width:
            return placed if cut else None
        placed.append((x, line, item))
        x += w + (8 if item[0] == "label" else 10)
    return placed


def _draw_item(c: Canvas, item: Item, x: float, y: float, size: int) -> None:
    kind, value = item
    h = chip_height(size)
    if kind == "label":
        c.text((x, y + h / 2), value, T_SMALL, TEXT_DIM, "lm")
    elif kind == "alert":
        parts.badge(c, x, y + (h - kit.BADGE_H) / 2, value, ALERT_BG, GOLD, T_SMALL)
    elif kind == "hearts":
        card_chip(c, x, y, size, "H", value, lead=True)
    else:
        card_chip(
            c, x, y, size, value[1], rank_text(value[0]), ring=GOLD if kind == "exposed" else None
        )


def card_chip(
    c: Canvas,
    x: float,
    y: float,
    size: int,
    suit: str,
    ranks: str,
    *,
    lead: bool = False,
    ring: tuple[int, ...] | None = None,
) -> float:
    """A card named by its index alone, on a small white face: the rank (or ranks) and the
    suit side by side, `size` px high, in the suit's ink; the suit first when `lead` ("♥ A K
    7"). Returns its width. Cards listed rather than laid (taken, exposed) read at the size a
    laid card's index does, in a third of the room."""
    h = chip_height(size)
    ink = c.style.suit_colour(suit)
    pad = round(size * 0.3)
    shape = round(size * 0.8)
    words = text.text_width(ranks, size)
    width = pad + shape + (8 if lead else 4) + words + pad
    c.draw.rounded_rectangle(
        (x, y, x + width, y + h),
        8,
        fill=CARD_FACE,
        outline=ring or CARD_EDGE,
        width=4 if ring else 2,
    )
    if lead:
        paste_shape(c.image, suit, (x + pad + shape / 2, y + h / 2), shape, ink)
        c.text((x + pad + shape + 8, y + h / 2), ranks, size, ink, "lm", bold=True)
    else:
        c.text((x + pad, y + h / 2), ranks, size, ink, "lm", bold=True)
        paste_shape(c.image, suit, (x + pad + words + 4 + shape / 2, y + h / 2), shape, ink)
    return width
