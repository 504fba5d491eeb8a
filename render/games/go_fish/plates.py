"""A Go Fish seat's plate: its name and badges; then its hand (backs, or nothing for the
viewer, whose cards are under it) and counts, with its books beside them when they fit,
else under them; and the viewer's own panel.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render import kit, parts, plates
from render.games.go_fish.hand import draw_hand
from render.games.go_fish.words import (
    BACK_STEP,
    BACK_W,
    BOOK_H,
    BOOK_STEP,
    BOOK_W,
    COUNT_H,
    COUNT_W,
    LABEL_W,
    LABELS,
    MOST_BACKS,
    NAME_H,
    PAD,
    tr,
)
from render.parts import Canvas, PlayerInfo
from render.plates import Seat, player_of
from render.theme import GOLD, PANEL_EDGE, T_BODY, T_NAME, TEXT, TEXT_DIM, card_height


def seat_plates(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    seats: Sequence[int],
    own: int | None,
    span: tuple[float, float, float],
    most: int,
) -> float:
    """The plates of `seats`, alike, at most `most` to a row (four seats: two rows of two),
    from `span` (left, top, right) down; returns their bottom."""
    left, top, right = span
    cols = len(seats) if len(seats) <= most else -(-len(seats) // 2)
    rows = -(-len(seats) // cols)
    width = (right - left - kit.GAP * (cols - 1)) / cols
    plate_h = max(PAD + plate_lines(view, s, width) + PAD for s in seats)
    area = (left, top, right, top + rows * plate_h + (rows - 1) * kit.GAP)
    for seat, box in zip(seats, kit.seat_grid(len(seats), area, columns=cols), strict=True):
        _plate(c, view, players, seat, own, box)
    return area[3]


def _fan_w(view: Mapping[str, Any], seat: int, own: int | None) -> float:
    """Width of a seat's face-down hand (none for the viewer: its cards are shown)."""
    shown = 0 if seat == own else min(int(view["hand_counts"][seat]), MOST_BACKS)
    return BACK_W + BACK_STEP * (shown - 1) + 12 if shown else 0


def _books_w(count: int) -> float:
    return 0 if count <= 0 else BOOK_W + BOOK_STEP * (count - 1) + 8


def _inline(view: Mapping[str, Any], seat: int, width: float) -> bool:
    """Whether a seat's books fit on its counts line (else they take lines of their own)."""
    count = len(view["books"][seat])
    used = 2 * PAD + BACK_W + BACK_STEP * (MOST_BACKS - 1) + 12 + COUNT_W + LABEL_W
    return count > 0 and used + _books_w(count) <= width


def plate_lines(view: Mapping[str, Any], seat: int, width: float) -> float:
    """The height of a plate's lines (padding excluded): name, counts, books."""
    books = len(view["books"][seat])
    if not books:
        return NAME_H + COUNT_H
    if _inline(view, seat, width):
        return NAME_H + BOOK_H + 10
    return NAME_H + COUNT_H + len(_book_rows(books, width - 2 * PAD)) * (BOOK_H + 6)


def _book_rows(count: int, width: float) -> list[int]:
    per_row = max(1, int((width - BOOK_W - 8) // BOOK_STEP) + 1)
    return parts.wrap(count, per_row)


def _badges(
    c: Canvas, view: Mapping[str, Any], player: PlayerInfo, seat: int, own: int | None
) -> list[tuple[str, tuple[int, ...], tuple[int, ...]]]:
    result = view.get("result") or {}
    return plates.seat_badges(
        c.locale,
        Seat(
            player,
            to_play=seat in (view.get("to_act") or []),
            winner=bool(view.get("over")) and seat in (result.get("winners") or []),
            is_viewer=seat == own,
        ),
        LABELS,
    )


def _plate(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    seat: int,
    own: int | None,
    box: tuple[float, float, float, float],
) -> None:
    """A seat's panel (gold for the seat to ask, or a winner) and its lines."""
    x0, y0, x1, _ = box
    locale = c.locale
    player = player_of(players, seat, locale)
    badges = _badges(c, view, player, seat, own)
    lit = any(bg == GOLD for _, bg, _ in badges)
    parts.panel(c, box, outline=GOLD if lit else PANEL_EDGE, width=4 if lit else 2, radius=12)
    width = x1 - x0
    mid = y0 + PAD + NAME_H / 2
    right = kit.badge_row(c, x1 - PAD, mid - kit.BADGE_H / 2, badges, x0 + PAD + width * 0.4)
    c.text(
        (x0 + PAD, mid), player.name, T_NAME, TEXT, "lm", bold=True, max_width=right - 8 - x0 - PAD
    )
    books = list(view["books"][seat])
    inline = _inline(view, seat, width)
    line_h = BOOK_H + 10 if inline else COUNT_H
    mid = y0 + PAD + NAME_H + line_h / 2
    x = x0 + PAD
    size = int(view["hand_counts"][seat])
    if seat != own:
        for k in range(min(size, MOST_BACKS)):
            top = mid - card_height(BACK_W) / 2
            parts.paste_card(c, None, x + k * BACK_STEP, top, BACK_W, shadow=k == 0)
        x += _fan_w(view, seat, own)
    count = tr("hand_count", locale, n=size)
    colour = TEXT if size else TEXT_DIM
    if not books:
        c.text((x, mid), count, T_BODY, colour, "lm", bold=True, max_width=x1 - PAD - x)
        return
    label = tr("books", locale, n=len(books))
    if inline:
        x += c.text((x, mid), count, T_BODY, colour, "lm", bold=True) + 24
        x += c.text((x, mid), label, T_BODY, GOLD, "lm", bold=True) + 16
        _books(c, books, x, mid - BOOK_H / 2, x1 - PAD - x)
        return
    books_w = c.text((x1 - PAD, mid), label, T_BODY, GOLD, "rm", bold=True) + 16
    c.text((x, mid), count, T_BODY, colour, "lm", bold=True, max_width=x1 - PAD - books_w - x)
    _books(c, books, x0 + PAD, y0 + PAD + NAME_H + COUNT_H, width - 2 * PAD)


def _books(c: Canvas, books: Sequence[str], x0: float, y0: float, width: float) -> None:
    """Books, each a small stack showing its rank in the corner, side by side (overlapping
    when many, the rank of each still in view), on as many rows as they need."""
    start = 0
    for r, count in enumerate(_book_rows(len(books), width)):
        step = min(BOOK_W + 14, (width - BOOK_W - 8) / max(1, count - 1)) if count > 1 else 0
        for k, rank in enumerate(books[start : start + count]):
            x, y = x0 + k * step, y0 + 4 + r * (BOOK_H + 6)
            kit.book(c, x, y, _face(rank), width=BOOK_W, size=T_BODY, corner=True)
        start += count


def _face(rank: str) -> str:
    return "10" if rank == "T" else rank


def own_panel(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    seat: int,
    box: tuple[float, float, float, float],
    lines_h: float,
) -> None:
    """The viewer's seat: its plate's lines, then its hand under them."""
    x0, y0, x1, y1 = box
    _plate(c, view, players, seat, seat, box)
    if not view.get("over"):
        draw_hand(c, view, (x0 + PAD, y0 + lines_h, x1 - PAD, y1 - PAD))
