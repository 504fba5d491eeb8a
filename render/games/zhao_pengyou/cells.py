"""Zhao Pengyou's table image: every seat's cell (its words, badges and cards of the trick)
and the grid they are fitted into."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from render import kit, parts, text
from render.games.zhao_pengyou.sizes import (
    CELL_GAP,
    COLUMNS,
    EDGE,
    INK,
    LINE_H,
    NAME_H,
    PAD,
    PAD_Y,
    TEXT_LEAST,
    TEXT_MOST_LEAST,
    TEXT_SQUEEZED,
    TRICK_WIDTHS,
    UNIT_GAP,
    WORDS_GAP,
)
from render.games.zhao_pengyou.words import rank_label, team_marked, tr
from render.parts import Canvas, PlayerInfo
from render.plates import seat_name
from render.text import Text
from render.theme import (
    ALERT_BG,
    GOLD,
    HIGHLIGHT,
    MIN_CARD_W,
    PANEL,
    PANEL_EDGE,
    T_BODY,
    T_SMALL,
    TEXT,
    TEXT_DIM,
    card_height,
)

# --------------------------------------------------------------------------- what a cell shows

Badge = tuple[Text, tuple[int, ...], tuple[int, ...], bool]
"""(label, background, ink, needed): a badge not needed is drawn only on a line already there."""


@dataclass
class Cell:
    """One seat's cell: its words, badges, and its cards of the trick (None: no trick area)."""

    seat: int
    name: str
    rank: str
    note: tuple[str, tuple[int, ...]] | None = None
    badges: list[Badge] = field(default_factory=list)
    play: list[str] | None = None
    holds: bool = False
    slot: tuple[int, ...] | None = None
    slot_label: str = ""
    outline: tuple[int, ...] = PANEL_EDGE
    outline_w: int = 2
    name_ink: tuple[int, ...] = TEXT

    def words_least(self, cap: float = TEXT_MOST_LEAST) -> float:
        """The width its words need beside its cards: its name whole at the smaller size, up
        to `cap` (a longer name is cut)."""
        name = text.text_width(self.name, T_SMALL) + 4
        return min(cap, max(TEXT_LEAST, name, text.text_width(self.rank, T_SMALL)))


def _order(n: int, own: int | None) -> list[int]:
    """Seats in play order from the viewer (seat 1's in the public image)."""
    first = 0 if own is None else own
    return [(first + k) % n for k in range(n)]


def shown_plays(view: Mapping[str, Any]) -> tuple[dict[int, list[str]], int | None, bool]:
    """(seat -> cards, the seat holding or having taken the trick, whether it is the last trick
    taken) of the trick the cells show: the one in progress, or before the next lead the one
    just taken."""
    trick = view.get("trick") or {}
    plays = trick.get("plays") or []
    if plays:
        return {int(p["seat"]): list(p["cards"]) for p in plays}, trick.get("winning"), False
    last = view.get("last_trick")
    if view.get("phase") == "play" and last:
        shown = {int(seat): list(cards) for seat, cards in last["plays"]}
        return shown, int(last["winner"]), True
    return {}, None, False


def deal_end_shown(view: Mapping[str, Any]) -> bool:
    """Whether the deal just ended is told (the first rounds of the next drawing, the end)."""
    if view.get("last_deal") is None:
        return False
    phase = view.get("phase")
    return phase == "over" or (
        phase == "draw" and int(view.get("drawn", 0)) < int(view["seats"]) * 3
    )


def seat_cells(
    view: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str, own: int | None
) -> list[Cell]:
    n = int(view["seats"])
    phase = view.get("phase")
    ranks = view.get("ranks") or ["2"] * n
    sizes = view.get("hand_counts") or [0] * n
    points = view.get("points") or [0] * n
    team = set(view.get("team") or [])
    declarer = view.get("declarer")
    active = set(view.get("active") or [])
    viewer = view.get("viewer") if own is None else own
    plays, holder, _ = shown_plays(view)
    trick = view.get("trick") or {}
    leader = trick.get("leader") if trick.get("plays") else None
    to_play = view.get("turn") if phase == "play" else view.get("to_draw")
    last = view.get("last_deal") if deal_end_shown(view) else None
    winners = set(view.get("winners") or [])
    tricks = int(view.get("tricks", 0))
    failed = {
        int(f["seat"])
        for f in view.get("failed_throws") or []
        if f["trick"] == tricks and trick.get("plays")
    }
    shown_friends = {
        int(c["seat"])
        for c in view.get("calls") or []
        if c.get("joined") and c.get("trick") == tricks and trick.get("plays")
    }
    out = []
    for seat in _order(n, own):
        base = (
            players[seat] if seat < len(players) else PlayerInfo(seat_name(players, seat, locale))
        )
        cell = Cell(
            seat,
            team_marked(base.name, seat, declarer, team),
            tr("rank", locale, rank=rank_label(ranks[seat])),
        )
        if last is not None and int(last["steps"][seat]):
            cell.note = (tr("steps", locale, n=int(last["steps"][seat])), GOLD)
        elif phase in ("draw", "declare", "bury"):
            cell.note = (tr("cards", locale, n=int(sizes[seat])), TEXT_DIM)
        elif points[seat] and phase in ("call", "play"):
            cell.note = (tr("points", locale, n=int(points[seat])), GOLD)
        mine = seat == viewer
        if phase == "play":
            cell.play = plays.get(seat)
            cell.holds = seat == holder and cell.play is not None
        turn = seat == to_play and phase in ("play", "draw")
        if seat in failed:
            cell.badges.append((tr("failed_badge", locale), ALERT_BG, TEXT, True))
        if seat in shown_friends:
            cell.badges.append((tr("friend_badge", locale), GOLD, INK, False))  # ☆ says it
        if turn and phase == "play":
            key = "your_turn" if mine else "to_lead" if not trick.get("plays") else "to_play"
            if cell.play is None:
                cell.slot, cell.slot_label = GOLD, tr(key, locale)
            else:  # before the next lead the last trick's play is shown, the outline gold
                cell.badges.append((tr(key, locale), GOLD, INK, False))
        elif phase == "play" and cell.play is None:
            cell.slot = PANEL_EDGE
        if seat == leader:
            cell.badges.append((tr("lead", locale), TEXT, INK, False))
        if phase == "over" and seat in winners:
            cell.badges.append((tr("winning", locale), GOLD, INK, True))
        if phase in ("draw", "declare") and declarer is None:
            if seat == view.get("dealer") and phase == "draw":
                cell.badges.append((tr("dealer", locale), TEXT, INK, True))
            if len(active) < n and seat in active:
                cell.badges.append((tr("entitled", locale), TEXT_DIM, INK, True))
        if mine:
            cell.badges.append((tr("you", locale), HIGHLIGHT, INK, phase != "play"))
            cell.name_ink = HIGHLIGHT
        if turn or (phase == "over" and seat in winners):
            cell.outline, cell.outline_w = GOLD, 4
        elif mine:
            cell.outline, cell.outline_w = HIGHLIGHT, 3
        out.append(cell)
    return out


# --------------------------------------------------------------------------- a play's cards


def _units(cards: Sequence[str]) -> list[list[str]]:
    """A play's units in order: runs of identical cards (a set is one unit)."""
    out: list[list[str]] = []
    for code in cards:
        if out and out[-1][0] == code:
            out[-1].append(code)
        else:
            out.append([code])
    return out


def _unit_w(unit: Sequence[str], card_w: int) -> float:
    """A unit's width: its top card and the edges of the cards under it."""
    return card_w + EDGE * (min(len(unit), 6) - 1)


def _least_step(card_w: int) -> float:
    """The closest two units may be: the first one's index stays in view."""
    return float(round(parts.index_step(card_w)))


def _least_play_w(cards: Sequence[str] | None, card_w: int) -> float:
    """The narrowest a play is drawn whole: units overlapping as far as their index allows."""
    if not cards:
        return 0
    units = _units(cards)
    return _least_step(card_w) * (len(units) - 1) + _unit_w(units[-1], card_w)


def _full_play_w(cards: Sequence[str], card_w: int) -> float:
    """A play's width with its units side by side."""
    units = _units(cards)
    return sum(_unit_w(u, card_w) for u in units) + UNIT_GAP * (len(units) - 1)


def _play_h(cards: Sequence[str] | None, card_w: int) -> float:
    depth = max((len(u) for u in _units(cards or [])), default=1)
    return card_height(card_w) + EDGE * (min(depth, 6) - 1)


@dataclass(frozen=True)
class PlayLayout:
    """How a play is drawn in the room it has: the steps between its units' origins, how many
    units are shown (the rest are counted on a badge) and the width it takes."""

    steps: tuple[float, ...]
    shown: int
    width: float
    rest: int


def _play_layout(cards: Sequence[str], card_w: int, room: float) -> PlayLayout:
    units = _units(cards)
    widths = [_unit_w(u, card_w) for u in units]
    full = _full_play_w(cards, card_w)
    if full <= room or len(units) == 1:
        steps = tuple(w + UNIT_GAP for w in widths[:-1])
        return PlayLayout(steps, len(units), full, 0)
    least = _least_step(card_w)
    step = max(least, (room - widths[-1]) / (len(units) - 1))
    width = step * (len(units) - 1) + widths[-1]
    if width <= room:
        return PlayLayout((step,) * (len(units) - 1), len(units), width, 0)
    # too many units even overlapped: as many as fit, and a count of the cards left out
    shown = len(units) - 1
    while shown > 1:
        rest = sum(len(u) for u in units[shown:])
        used = least * (shown - 1) + widths[shown - 1] + 6 + _badge_w(f"+{rest}")
        if used <= room:
            break
        shown -= 1
    rest = sum(len(u) for u in units[shown:])
    width = least * (shown - 1) + widths[shown - 1] + 6 + _badge_w(f"+{rest}")
    return PlayLayout((least,) * (shown - 1), shown, width, rest)


def _badge_w(label: Text) -> float:
    return text.text_width(label, T_SMALL) + T_SMALL


def _draw_play(
    c: Canvas,
    cards: Sequence[str],
    x: float,
    y: float,
    card_w: int,
    layout: PlayLayout,
    holds: bool,
) -> None:
    """One play from `x`: each set a stack with its count, units apart or overlapping as far
    as their index allows; the play holding the trick ringed."""
    units = _units(cards)
    at = x
    for k, unit in enumerate(units[: layout.shown]):
        kit.stack(c, unit[0], at, y, card_w, depth=len(unit), step=EDGE)
        if len(unit) > 1:
            c.text(
                (at + 8, y + card_height(card_w) - 8),
                f"×{len(unit)}",
                T_SMALL,
                INK,
                "ls",
                bold=True,
            )
        if k < layout.shown - 1:
            at += layout.steps[k]
    if layout.rest:
        right = x + layout.width
        label = f"+{layout.rest}"
        parts.badge(c, right, y + 8, label, TEXT, INK, T_SMALL, anchor="r")
    if holds:
        bottom = y + _play_h(cards, card_w)
        parts.ring_box(c, (x, y, x + layout.width, bottom), GOLD, 4)


# --------------------------------------------------------------------------- the cells


def _rows(n: int) -> list[int]:
    """Cells to a row: three or four, as even as can be (6: 3+3, 7: 4+3, 10: 4+3+3)."""
    return parts.wrap(n, COLUMNS)


Item = tuple[str, Any]
ITEM_GAP = 16
"""Between a cell's rank, note and badges (8 px in the box): closer, "Rank 2" and "17 cards"
read as one."""


def _text_lines(cell: Cell, width: float) -> list[list[Item]]:
    """A cell's words and badges as lines: the name alone, then the rank, its note and the
    badges, each on the line it fits on, else on the next."""
    lines: list[list[Item]] = [[("name", cell.name)]]
    items: list[Item] = [("rank", cell.rank)]
    if cell.note:
        items.append(("note", cell.note))
    items += [("badge", b) for b in cell.badges]
    current: list[Item] = []
    used = 0.0
    for item in items:
        w = _item_w(item)
        if item[0] == "badge" and not item[1][3] and (not current or used + ITEM_GAP + w > width):
            continue  # a badge not needed takes no line of its own
        if current and used + ITEM_GAP + w > width:
            lines.append(current)
            current, used = [], 0.0
        used += (ITEM_GAP if current else 0) + w
        current.append(item)
    if current:
        lines.append(current)
    return lines


def _item_w(item: Item) -> float:
    kind, value = item
    if kind == "badge":
        return _badge_w(value[0])
    if kind == "note":
        return text.text_width(value[0], T_SMALL)
    return text.text_width(value, T_SMALL)


def _line_h(line: Sequence[Item]) -> int:
    if line[0][0] == "name":
        return NAME_H
    return kit.BADGE_H + 4 if any(kind == "badge" for kind, _ in line) else LINE_H


def _text_h(cell: Cell, width: float) -> float:
    return sum(_line_h(line) for line in _text_lines(cell, width))


def _play_room(
    cell: Cell, width: float, card_w: int, cap: float = TEXT_MOST_LEAST
) -> tuple[float, PlayLayout | None]:
    """(width of the cell's words, how its play is drawn) in a cell `width` wide: the play as
    spread as the words' least width leaves room for; the slot of a seat yet to play as
    wide as a card."""
    inner = width - 2 * PAD
    if cell.play:
        room = max(inner - cell.words_least(cap) - WORDS_GAP, card_w)
        layout = _play_layout(cell.play, card_w, room)
        return inner - layout.width - WORDS_GAP, layout
    if cell.slot is not None:
        return inner - card_w - WORDS_GAP, None
    return inner, None


def _cell_need(cell: Cell, card_w: int | None, cap: float) -> float:
    """The least width of a cell: its words' least, and its play overlapped (or its slot)."""
    if card_w is None:
        return 2 * PAD + cell.words_least(cap)
    play = _least_play_w(cell.play, card_w) or card_w
    return 2 * PAD + cell.words_least(cap) + WORDS_GAP + play


def _widths(
    cells: Sequence[Cell], total: float, card_w: int | None, cap: float
) -> list[float] | None:
    """Widths of one row's cells: alike when each fits, else what each needs and the rest
    shared alike; None when they cannot fit."""
    k = len(cells)
    room = total - CELL_GAP * (k - 1)
    needs = [_cell_need(cell, card_w, cap) for cell in cells]
    if sum(needs) > room:
        return None
    if max(needs) <= room / k:
        return [room / k] * k
    extra = (room - sum(needs)) / k
    return [need + extra for need in needs]


def _row_h(cells: Sequence[Cell], widths: Sequence[float], card_w: int | None, cap: float) -> float:
    best = 0.0
    for cell, w in zip(cells, widths, strict=True):
        if card_w is None:
            best = max(best, _text_h(cell, w - 2 * PAD))
            continue
        words, _ = _play_room(cell, w, card_w, cap)
        best = max(best, _text_h(cell, words), _play_h(cell.play, card_w))
    return 2 * PAD_Y + best


@dataclass
class Grid:
    """The cells laid out: the card width of the trick (None: no trick), and each cell's box
    (from the grid's top)."""

    card_w: int | None
    boxes: list[tuple[Cell, tuple[float, float, float, float], float]]
    height: float


def _grid(
    cells: Sequence[Cell], width: float, card_w: int | None, alike: bool = False
) -> Grid | None:
    """The cells in rows at this card width, or None when a row cannot fit them. `alike`:
    a row whose plays cannot all be whole beside whole names squeezes the names (cut), then
    makes its cells alike and cuts the plays (their cards left out counted)."""
    boxes: list[tuple[Cell, tuple[float, float, float, float], float]] = []
    y, start = 0.0, 0
    for count in _rows(len(cells)):
        row = list(cells[start : start + count])
        start += count
        caps = (TEXT_MOST_LEAST, TEXT_LEAST, TEXT_SQUEEZED) if alike else (TEXT_MOST_LEAST,)
        for cap in caps:
            widths = _widths(row, width, card_w, cap)
            if widths is not None:
                break
        if widths is None:
            if not alike:
                return None
            widths = [(width - CELL_GAP * (count - 1)) / count] * count
        h = _row_h(row, widths, card_w, cap)
        x = float(kit.MARGIN)
        for cell, w in zip(row, widths, strict=True):
            boxes.append((cell, (x, y, x + w, y + h), cap))
            x += w + CELL_GAP
        y += h + CELL_GAP
    return Grid(card_w, boxes, y - CELL_GAP)


def fit_grid(cells: Sequence[Cell], width: float, room: float, trick: bool) -> Grid:
    """The cells with the biggest trick cards that fit in `room` (the narrowest when none
    does; a play too long for any row then shows a count of its cards left out)."""
    grid: Grid | None
    if trick:
        for card_w in TRICK_WIDTHS:
            grid = _grid(cells, width, card_w)
            if grid is not None and grid.height <= room:
                return grid
    grid = _grid(cells, width, MIN_CARD_W if trick else None, alike=True)
    assert grid is not None
    return grid


def _slot_words(c: Canvas, label: str, cx: float, cy: float, width: float) -> None:
    """A short label in the slot of the seat to play, on two lines when one is too narrow."""
    if text.text_width(label, T_SMALL) <= width:
        c.text((cx, cy), label, T_SMALL, GOLD, "mm", bold=True)
        return
    if " " in label:
        head, tail = label.rsplit(" ", 1)
    else:
        cut = max(1, len(label) - 2)
        head, tail = label[:cut], label[cut:]
    for k, words in enumerate((head, tail)):
        dy = (k - 0.5) * LINE_H
        c.text((cx, cy + dy), words, T_SMALL, GOLD, "mm", bold=True, max_width=width)


def draw_grid(c: Canvas, grid: Grid, top: float) -> None:
    for cell, (x0, y0, x1, y1), cap in grid.boxes:
        _draw_cell(c, cell, (x0, y0 + top, x1, y1 + top), grid.card_w, cap)


def _draw_cell(
    c: Canvas,
    cell: Cell,
    box: tuple[float, float, float, float],
    card_w: int | None,
    cap: float = TEXT_MOST_LEAST,
) -> None:
    """A seat's cell: its words on the left, its play (or the slot it will play into) on the
    right."""
    x0, y0, x1, _ = box
    parts.panel(c, box, fill=PANEL, outline=cell.outline, width=cell.outline_w, radius=12)
    words = x1 - x0 - 2 * PAD
    if card_w is not None:
        words, layout = _play_room(cell, x1 - x0, card_w, cap)
        if cell.play and layout is not None:
            px = x1 - PAD - layout.width
            _draw_play(c, cell.play, px, y0 + PAD_Y, card_w, layout, cell.holds)
        elif cell.slot is not None:
            sx, sy = x1 - PAD - card_w, y0 + PAD_Y
            c.draw.rounded_rectangle(
                (sx, sy, sx + card_w, sy + card_height(card_w)),
                10,
                outline=cell.slot,
                width=4 if cell.slot == GOLD else 2,
            )
            if cell.slot_label:
                _slot_words(
                    c, cell.slot_label, sx + card_w / 2, sy + card_height(card_w) / 2, card_w - 12
                )
    y = y0 + PAD_Y
    for line in _text_lines(cell, words):
        h = _line_h(line)
        x = x0 + PAD
        for kind, item in line:
            room = x0 + PAD + words - x
            if kind == "name":
                size = T_BODY if text.text_width(item, T_BODY) <= room else T_SMALL
                c.text((x, y + h / 2), item, size, cell.name_ink, "lm", bold=True, max_width=room)
            elif kind == "badge":
                label, bg, fg, _ = item
                top = y + (h - kit.BADGE_H) / 2
                x += parts.badge(c, x, top, label, bg, fg, T_SMALL, max_width=room) + ITEM_GAP
            elif kind == "note":
                label, ink = item
                x += c.text((x, y + h / 2), label, T_SMALL, ink, "lm", bold=True, max_width=room)
                x += ITEM_GAP
            else:
                x += c.text((x, y + h / 2), item, T_SMALL, TEXT, "lm", max_width=room) + ITEM_GAP
        y += h
