"""Between two rounds: every hand of the round just played by its upright ends, a row each
(`round_panel`), its melds laid (`laid_meld`), then how the next round starts (`next_line`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engines.two_number.cards import is_held, value
from render.games.two_number_parts.measures import (
    LAID,
    LINE_H,
    NAME_H,
    PAD,
    PANEL_FILL,
    Box,
    Colour,
)
from render.games.two_number_parts.plates import panel, table_panel
from render.games.two_number_parts.tiles import (
    BRACKET_H,
    DOT_R,
    TILE_TEXT,
    TILE_W,
    Segment,
    brackets,
    dot,
    end_tile,
)
from render.parts import Canvas
from render.text import Text
from render.theme import (
    GOLD,
    HIGHLIGHT,
    PANEL,
    T_BODY,
    T_NAME,
    T_SMALL,
    TEXT,
    TEXT_DIM,
    card_height,
)


def tile_hand(
    c: Canvas,
    cards: Sequence[str],
    x: float,
    y: float,
    segments: Sequence[Segment] = (),
    names: Mapping[str, str] | None = None,
    *,
    width: int = TILE_W,
    size: int = TILE_TEXT,
    ring: int | None = None,
    dots: Sequence[int] = (),
    bg: Colour = PANEL,
) -> float:
    """A hand by its upright ends (at a round's end), its segments bracketed and named
    (`ring`: the winning card; `dots`: the dora); returns the width used."""
    step = width + TILE_SPACE
    lefts = [x + k * step for k in range(len(cards))]
    brackets(c, lefts, width, y, segments, names or {}, bg)
    for k, (lx, code) in enumerate(zip(lefts, cards, strict=True)):
        end_tile(
            c,
            code,
            lx,
            y + BRACKET_H,
            width,
            size=size,
            ring=HIGHLIGHT if k == ring else None,
            dotted=k in dots,
        )
    return step * len(cards) - TILE_SPACE if cards else 0


TILE_SPACE = 6


def laid_meld(
    c: Canvas,
    cards: Sequence[str],
    claimed: str | None,
    x: float,
    y: float,
    *,
    width: int = TILE_W,
    size: int = TILE_TEXT,
    dora: Sequence[int] = (),
) -> float:
    """A meld laid down (Shirokuro-jaku's pon or chi) by its upright ends on a dark ground,
    the claimed card ringed, the dora dotted; returns its width."""
    step = width + 4
    used = step * len(cards) - 4 if cards else 0
    c.draw.rounded_rectangle((x - 5, y - 5, x + used + 5, y + card_height(width) + 5), 8, fill=LAID)
    for k, card in enumerate(cards):
        ring = GOLD if card == claimed else None
        dotted = is_held(card) and value(card) in dora
        end_tile(c, card, x + k * step, y, width, size=size, ring=ring, dotted=dotted)
    return used


def laid_width(count: int, width: int = TILE_W) -> float:
    """The width `laid_meld` takes for `count` cards."""
    return (width + 4) * count - 4 if count else 0


@dataclass(frozen=True)
class ShownHand:
    """A hand shown at a round's end: one row of `round_rows`."""

    name: str
    note: Text
    """Under the name: its deadwood, how it won, how far it was from a win."""
    cards: tuple[str, ...]
    segments: tuple[Segment, ...]
    score: str
    total: Text
    ink: Colour = TEXT
    """Gold for a seat that scored."""
    ring: int | None = None
    dora: tuple[int, ...] = ()
    melds: tuple[tuple[tuple[str, ...], str | None], ...] = ()
    """Melds laid down, shown after the hand: (cards, the card claimed)."""
    line: Text = ""
    """Under the tiles: what the win was worth (its yaku)."""


ROW_NAME_W = 250
"""The column of a round-end row that names the seat."""
ROW_SCORE_W = 130
"""The column of a round-end row that gives its score and total."""
ROW_TILES = (84, 76, 68, 60, 54, 50, 44, 40)
"""Tile widths of the hands shown at a round's end, largest first."""
MELD_SPACE = 20


def row_height(hand: ShownHand, tile_w: int) -> float:
    """The height of `hand`'s row in `round_rows`."""
    return BRACKET_H + card_height(tile_w) + (LINE_H if hand.line else 0) + 10


def round_tile_width(hands: Sequence[ShownHand], width: float, height: float) -> int:
    """The widest tiles at which every row fits `width` and all of them `height`."""
    room = width - ROW_NAME_W - ROW_SCORE_W
    for tile_w in ROW_TILES:
        widest = max(
            (
                (tile_w + TILE_SPACE) * len(h.cards)
                + sum(MELD_SPACE + laid_width(len(m), tile_w) for m, _ in h.melds)
                for h in hands
            ),
            default=0,
        )
        if widest <= room and sum(row_height(h, tile_w) for h in hands) <= height:
            return tile_w
    return ROW_TILES[-1]


def round_rows(
    c: Canvas,
    x0: float,
    y: float,
    x1: float,
    hands: Sequence[ShownHand],
    tile_w: int,
    names: Mapping[str, str],
    bg: Colour = PANEL_FILL,
) -> float:
    """The hands of a round's end, a row each: the seat's name and `note` at the left, the
    hand by its upright ends (and its melds laid down) in the middle, the score and the
    total at the right, what the win was worth under the hand; returns the y under them."""
    size = round(tile_w * 0.72)
    for hand in hands:
        mid = y + BRACKET_H + card_height(tile_w) / 2
        room = ROW_NAME_W - 16
        c.text((x0, mid - 2), hand.name, T_NAME, hand.ink, "ls", bold=True, max_width=room)
        if hand.note:
            c.text((x0, mid + 4), hand.note, T_SMALL, hand.ink, "la", max_width=room)
        c.text((x1, mid - 2), hand.score, T_NAME, hand.ink, "rs", bold=True)
        c.text((x1, mid + 4), hand.total, T_SMALL, TEXT_DIM, "ra", max_width=ROW_SCORE_W - 8)
        x = x0 + ROW_NAME_W
        dots = [k for k, card in enumerate(hand.cards) if value(card) in hand.dora]
        x += tile_hand(
            c,
            hand.cards,
            x,
            y,
            hand.segments,
            names,
            width=tile_w,
            size=size,
            ring=hand.ring,
            dots=dots,
            bg=bg,
        )
        for meld, claimed in hand.melds:
            x += MELD_SPACE
            x += laid_meld(
                c, meld, claimed, x, y + BRACKET_H, width=tile_w, size=size, dora=hand.dora
            )
        y += BRACKET_H + card_height(tile_w) + 6
        if hand.line:
            width = x1 - x0 - ROW_NAME_W
            c.text((x0 + ROW_NAME_W, y), hand.line, T_BODY, TEXT, "la", max_width=width)
            y += LINE_H
        y += 4
    return y


def round_panel(
    c: Canvas,
    box: Box,
    title: str,
    head: Text,
    hands: Sequence[ShownHand],
    names: Mapping[str, str],
    right: Text = "",
) -> None:
    """A round's end in `box`: `title` (the round) and `head` (how it ended) on the first
    line, `right` (the dora, after the dot that marks them) at its right, then every hand
    shown (`round_rows`), as big as fits."""
    x0, y0, x1, y1 = box
    panel(c, box, fill=PANEL_FILL)
    y = y0 + PAD
    edge = x1 - PAD
    if right:
        edge -= c.text((edge, y + NAME_H / 2), right, T_BODY, GOLD, "rm", bold=True) + 8
        dot(c, edge - DOT_R, y + NAME_H / 2)
        edge -= 2 * DOT_R + 16
    used = c.text((x0 + PAD, y), title, T_NAME, TEXT_DIM, "la", bold=True)
    room = edge - (x0 + 2 * PAD + used)
    c.text((x0 + 2 * PAD + used, y), head, T_NAME, GOLD, "la", bold=True, max_width=room)
    y += NAME_H + 4
    inner = (x0 + PAD, y, x1 - PAD, y1 - PAD)
    tile_w = round_tile_width(hands, inner[2] - inner[0], inner[3] - inner[1])
    rows_h = sum(row_height(h, tile_w) for h in hands)
    top = y + max(0.0, (inner[3] - inner[1] - rows_h) / 2)
    round_rows(c, inner[0], top, inner[2], hands, tile_w, names)


def next_line(c: Canvas, box: Box, words: Text, right: Text) -> None:
    """The line under a round's end: how the next round starts, and `right` (that each
    seat may rotate) at its right."""
    x0, y0, x1, y1 = box
    table_panel(c, box)
    mid = (y0 + y1) / 2
    used = c.text((x1 - PAD, mid), right, T_SMALL, TEXT_DIM, "rm")
    room = x1 - x0 - 3 * PAD - used
    c.text((x0 + PAD, mid), words, T_BODY, TEXT, "lm", bold=True, max_width=room)


NEXT_H = 2 * PAD + LINE_H
"""The height of `next_line`."""
