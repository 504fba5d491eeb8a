"""A hand held, drawn big for its owner (docs/images.md): cards grouped (by suit, or the game's
own groups), overlapped no further than each card's index allows, numbered 1..n under them,
legal bright and the rest dimmed, the selected lifted (`hand`, measured by `hand_layout`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from render import cards, parts, text
from render.kit import row_width
from render.parts import Canvas
from render.text import Text
from render.theme import GOLD, MIN_CARD_W, T_SMALL, TEXT, TEXT_DIM, card_height


@dataclass(frozen=True)
class HandGroup:
    """Cards of a hand shown together (a suit, the trumps): a label and hand positions."""

    label: Text
    positions: tuple[int, ...]


def hand_groups(
    codes: Sequence[str], groups: Sequence[tuple[Text, Sequence[int]]] | None = None
) -> list[HandGroup]:
    """The groups a hand is shown in: those given (a game's own: trumps, then suits), else
    each run of one suit in hand order labelled by its suit (a hand held by suit), else the
    whole hand as one group. Cards no given group holds (a pick's groups may name only the
    cards that can be chosen) follow, grouped the same way: a hand is always shown whole."""
    if groups:
        given = [HandGroup(label, tuple(pos)) for label, pos in groups if pos]
        held = {p for g in given for p in g.positions}
        return given + _suit_runs(codes, [i for i in range(len(codes)) if i not in held])
    return _suit_runs(codes, range(len(codes)))


def _suit_runs(codes: Sequence[str], positions: Sequence[int]) -> list[HandGroup]:
    """`positions` as runs of one suit labelled by it, or as one group when not held by suit."""
    out: list[HandGroup] = []
    for i in positions:
        code = codes[i]
        suit = code[1] if len(code) == 2 and code[1] in "SHDC" else ""
        symbol = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}.get(suit, "")
        if out and out[-1].label == symbol:
            out[-1] = HandGroup(symbol, (*out[-1].positions, i))
        else:
            out.append(HandGroup(symbol, (i,)))
    if len(out) > 4 or all(not g.label for g in out):  # not held by suit: one group
        return [HandGroup("", tuple(positions))] if positions else []
    return out


HAND_LIFT = 12
"""How far a selected card rises above its row."""
HAND_LABEL = T_SMALL
"""Size of the numbers under the cards and of the group labels over them."""
HAND_WIDTHS = (150, 140, 130, 120, 112, 104, 98, 92, 88, MIN_CARD_W)


def hand_row_height(
    card_w: int, numbers: bool = True, lift: int = HAND_LIFT, labels: bool = True
) -> int:
    """The height of one row of `hand`: group labels (if any), the lift, the cards, the
    numbers (if any)."""
    above = round(HAND_LABEL * 1.25) if labels else 0
    below = 4 + round(HAND_LABEL * 1.35) if numbers else 8
    return above + lift + card_height(card_w) + below


def _pack_groups(
    sizes: Sequence[int], card_w: int, step: float, width: float, gap: float
) -> list[list[tuple[int, int, int]]]:
    """Rows of (group, first card, count) pieces: groups left to right; a group that does not
    fit in what is left of a row starts the next one, and only a group longer than a whole row
    is split."""
    whole = int((width - card_w) // step) + 1 if width >= card_w else 1
    rows: list[list[tuple[int, int, int]]] = [[]]
    used = 0.0
    for g, size in enumerate(sizes):
        first = 0
        while first < size:
            lead = gap if rows[-1] else 0
            room = width - used - lead
            fits = 0 if room < card_w else int((room - card_w) // step) + 1
            take = min(size - first, fits)
            rest = size - first
            if rows[-1] and (take <= 0 or (take < rest and rest <= whole) or take < 3 < rest):
                rows.append([])
                used = 0.0
                continue
            take = max(take, 1)
            rows[-1].append((g, first, take))
            used += lead + row_width(take, card_w, step)
            first += take
    return [row for row in rows if row]


def hand_layout(
    groups: Sequence[HandGroup],
    width: float,
    height: float,
    numbers: bool = True,
    widths: Sequence[int] = HAND_WIDTHS,
    lift: int = HAND_LIFT,
    least: float = parts.INDEX_STEP,
) -> tuple[int, float, list[list[tuple[int, int, int]]]]:
    """(card width, step, rows) of the biggest hand that fits the box: cards as wide as
    possible (from `widths`), then as spread as possible (up to a gap between them, down to
    `least` of their width: what their index needs, `index_share`)."""
    sizes = [len(g.positions) for g in groups]
    gap = GROUP_GAP
    labels = any(g.label for g in groups)
    shares = [share for share in (0.8, 0.65) if share > least] + [least]
    for card_w in widths:
        for share in shares:
            step = card_w * share
            rows = _pack_groups(sizes, card_w, step, width, gap)
            if len(rows) * hand_row_height(card_w, numbers, lift, labels) <= height:
                return card_w, step, rows
    card_w = widths[-1]
    step = card_w * least
    return card_w, step, _pack_groups(sizes, card_w, step, width, gap)


def index_share(codes: Sequence[str]) -> float:
    """The least share of its width an overlapped card keeps in view so that every one of
    `codes` shows its whole index (`cards.index_box`): `parts.INDEX_STEP` for French cards,
    more for a two-number card, whose two numbers run down its middle."""
    share = parts.INDEX_STEP
    for code in set(codes):
        box = cards.index_box(code, 100)
        if box is not None:
            share = max(share, (box[2] + 4) / 100)
    return share


GROUP_GAP = 28.0
"""Space between two groups of a hand (within a group, cards overlap)."""


def hand(
    c: Canvas,
    codes: Sequence[str],
    box: tuple[float, float, float, float],
    *,
    groups: Sequence[tuple[Text, Sequence[int]]] | None = None,
    legal: Sequence[bool] | None = None,
    selected: frozenset[int] | set[int] = frozenset(),
    first_index: int = 1,
    numbers: bool = True,
    widths: Sequence[int] = HAND_WIDTHS,
    lift: int = HAND_LIFT,
) -> DrawnHand:
    """A hand in `box`: grouped (suits, or the game's groups with their labels over them),
    numbered 1..n under the cards for typed moves (unless `numbers` is False), unplayable
    cards dimmed, chosen ones lifted and ringed, as big as fits and on as few rows as keep
    every card's index readable, centred in the box; returns where each card went."""
    x0, y0, x1, y1 = box
    shown_groups = hand_groups(codes, groups)
    least = index_share(codes)
    card_w, step, rows = hand_layout(shown_groups, x1 - x0, y1 - y0, numbers, widths, lift, least)
    labels = any(g.label for g in shown_groups)
    row_h = hand_row_height(card_w, numbers, lift, labels)
    y0 += max(0.0, (y1 - y0 - len(rows) * row_h) / 2)
    label_h = round(HAND_LABEL * 1.25) if labels else 0
    origins: dict[int, tuple[float, float]] = {}
    card_h = card_height(card_w)
    for r, row in enumerate(rows):
        used = sum(row_width(k, card_w, step) for _, _, k in row) + GROUP_GAP * (len(row) - 1)
        x = x0 + max(0.0, (x1 - x0 - used) / 2)
        top = y0 + r * row_h
        for g, first, count in row:
            group = shown_groups[g]
            if first == 0 and group.label:
                c.text(
                    (x + 2, top),
                    group.label,
                    HAND_LABEL,
                    TEXT,
                    "la",
                    max_width=max(row_width(count, card_w, step), 60),
                )
            positions = group.positions[first : first + count]
            for k, pos in enumerate(positions):
                chosen = pos in selected
                dim = legal is not None and pos < len(legal) and not legal[pos]
                cx = x + k * step
                cy = top + label_h + lift - (lift if chosen else 0)
                parts.paste_card(
                    c, codes[pos], cx, cy, card_w, dim=dim, ring=GOLD if chosen else None
                )
                origins[pos] = (cx, cy)
                visible = card_w if k == count - 1 else min(step, card_w)
                if not numbers:
                    continue
                _number(
                    c,
                    cx + visible / 2,
                    top + label_h + lift + card_h + 4,
                    pos + first_index,
                    chosen,
                    dim,
                )
            x += row_width(count, card_w, step) + GROUP_GAP
    return DrawnHand(card_w, len(rows) * row_h, origins)


@dataclass(frozen=True)
class DrawnHand:
    """Where `hand` drew: the card width, the height of its rows, each position's origin."""

    card_w: int
    height: float
    origins: Mapping[int, tuple[float, float]]


def _number(c: Canvas, cx: float, y: float, n: int, chosen: bool, dim: bool) -> None:
    label = str(n)
    size = HAND_LABEL
    if chosen:
        w = text.text_width(label, size) + 14
        c.draw.rounded_rectangle((cx - w / 2, y, cx + w / 2, y + size * 1.35), 8, fill=GOLD)
        c.text((cx, y + size * 0.68), label, size, (20, 20, 20), "mm", bold=True)
    else:
        c.text((cx, y + size * 0.68), label, size, TEXT_DIM if dim else TEXT, "mm", bold=not dim)
