"""The viewer's panel (`own_head`: name, total, what the hand is worth, what to do now) and
hand as big as fits (`draw_hand`: cards or gaps numbered, melds bracketed), the drawn card
with each end up (`drawn_pair`), a hand as it would be (`proposed`), and both versions of
a hand that may rotate (`rotate_pair`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engines.two_number.cards import base, hold, is_card, rotated
from render import kit, parts, text
from render.games.two_number_parts.measures import (
    DARK_INK,
    FIRST_GAP,
    GAP,
    LINE_H,
    NAME_H,
    PAD,
    SMALL_H,
    Badges,
    Box,
    Colour,
    wrap,
)
from render.games.two_number_parts.plates import panel
from render.games.two_number_parts.tiles import BRACKET_H, DRAWN_W, Segment, brackets, dot
from render.parts import Canvas
from render.strings import Labels
from render.text import Text
from render.theme import (
    GOLD,
    HIGHLIGHT,
    MIN_CARD_W,
    PANEL,
    T_BODY,
    T_NAME,
    T_SMALL,
    TEXT,
    card_height,
)

HELD_WIDTHS = (132, 124, 116, 108, 102, 96, 92, 88, MIN_CARD_W)
"""Widths the viewer's hand tries, largest first: never under `MIN_CARD_W`, where a held
card's turned end still reads at 14 px in the box."""
HELD_SPACE = 12
"""Between two cards of the viewer's hand."""
GAP_SPACE = 30
"""Between two cards while a drawn card waits to go in: room for the gap's mark."""
NUMBER = T_BODY
"""The cards' numbers under them."""
NUMBER_H = round(NUMBER * 1.45) + 6
GAP_R = 19
"""The radius of a gap's numbered disc."""
GAP_LABEL = 26


def hand_width(count: int, card_w: int, gaps: bool = False) -> float:
    """The width of a hand of `count` cards `card_w` wide (with room for its gap marks)."""
    space = GAP_SPACE if gaps else HELD_SPACE
    ends = 2 * space if gaps else 0
    return count * card_w + max(0, count - 1) * space + ends


def hand_height(card_w: int, numbers: bool = True) -> float:
    """The height `draw_hand` takes: brackets, cards, numbers (or gap discs) under them."""
    return BRACKET_H + card_height(card_w) + (NUMBER_H if numbers else 4)


def fit_hand(
    count: int,
    width: float,
    height: float,
    *,
    gaps: bool = False,
    numbers: bool = True,
    widths: Sequence[int] = HELD_WIDTHS,
) -> int:
    """The widest card (from `widths`) at which a hand of `count` fits `width` x `height`
    (the narrowest when none does)."""
    for card_w in widths:
        if hand_width(count, card_w, gaps) <= width and hand_height(card_w, numbers) <= height:
            return card_w
    return widths[-1]


@dataclass(frozen=True)
class DrawnHand:
    """Where `draw_hand` put the cards: their width and left edges, their top."""

    card_w: int
    lefts: tuple[float, ...]
    top: float


def draw_hand(
    c: Canvas,
    cards: Sequence[str],
    x0: float,
    y: float,
    width: float,
    card_w: int,
    *,
    gaps: bool = False,
    numbers: bool = True,
    segments: Sequence[Segment] = (),
    names: Mapping[str, str] | None = None,
    fresh: int | None = None,
    picked: Mapping[int, Colour] | None = None,
    marked_gaps: Sequence[int] = (),
    dots: Sequence[int] = (),
    bg: Colour = PANEL,
    centre: bool = True,
) -> DrawnHand:
    """The viewer's hand, `card_w` wide, centred in `width` from `x0` (or at `x0`).

    Brackets over its `segments`, named; the cards; then the numbers 1..n under them, or with
    `gaps` a gold mark in each gap (1..n+1) where the drawn card can go (`marked_gaps`, by
    position, in blue: where a ron fits). `fresh` is the card a preview put in (ringed in
    blue, its number lit); `picked` rings other cards (a discard or a claim being
    considered); `dots` puts a gold dot on cards (the dora that count).
    """
    space = GAP_SPACE if gaps else HELD_SPACE
    used = hand_width(len(cards), card_w, gaps)
    left = x0 + (max(0.0, (width - used) / 2) if centre else 0) + (space if gaps else 0)
    lefts = tuple(left + k * (card_w + space) for k in range(len(cards)))
    top = y + BRACKET_H
    brackets(c, lefts, card_w, y, segments, names or {}, bg)
    rings = dict(picked or {})
    if fresh is not None:
        rings[fresh] = HIGHLIGHT
    height = card_height(card_w)
    for k, (lx, code) in enumerate(zip(lefts, cards, strict=True)):
        parts.paste_card(c, code, lx, top, card_w, ring=rings.get(k))
        if k in dots:
            dot(c, lx + card_w - 3, top + 3)
    label_y = top + height + 6
    if gaps:
        centres = (
            [lefts[0] - space / 2] + [lx + card_w + space / 2 for lx in lefts]
            if cards
            else [x0 + width / 2]
        )
        for k, cx in enumerate(centres):
            ink = HIGHLIGHT if k in marked_gaps else GOLD
            c.draw.line((cx, top + 6, cx, top + height - 6), fill=ink, width=4)
            c.draw.ellipse((cx - GAP_R, label_y, cx + GAP_R, label_y + 2 * GAP_R), fill=ink)
            c.text((cx, label_y + GAP_R), str(k + FIRST_GAP), GAP_LABEL, DARK_INK, "mm", bold=True)
    elif numbers:
        for k, lx in enumerate(lefts):
            _number(c, lx + card_w / 2, label_y, k + 1, rings.get(k))
    return DrawnHand(card_w, lefts, top)


def _number(c: Canvas, cx: float, y: float, n: int, lit: Colour | None) -> None:
    """A card's number under it, on a pill of its ring's colour when it is ringed."""
    label = str(n)
    mid = y + NUMBER * 0.72
    if lit is not None:
        w = text.text_width(label, NUMBER) + 20
        c.draw.rounded_rectangle(
            (cx - w / 2, mid - NUMBER * 0.7, cx + w / 2, mid + NUMBER * 0.7), 10, fill=lit
        )
        c.text((cx, mid), label, NUMBER, DARK_INK, "mm", bold=True)
    else:
        c.text((cx, mid), label, NUMBER, TEXT, "mm", bold=True)


def drawn_pair(c: Canvas, card: str, x: float, y: float, labels: Labels) -> tuple[float, float]:
    """The drawn card apart, once with each end up (W, then B), each with its label under it
    (`W ○3`); returns the size used."""
    code = base(card)
    for k, (upright, key, n) in enumerate((("W", "end_w", code[1]), ("B", "end_b", code[3]))):
        cx = x + k * (DRAWN_W + GAP)
        parts.paste_card(c, hold(code, upright), cx, y, DRAWN_W, ring=GOLD)
        c.text(
            (cx + DRAWN_W / 2, y + card_height(DRAWN_W) + 6),
            labels(key, c.locale, n=int(n)),
            T_SMALL,
            TEXT,
            "ma",
            bold=True,
        )
    return 2 * DRAWN_W + GAP, card_height(DRAWN_W) + 6 + SMALL_H


DRAWN_PAIR_W = 2 * DRAWN_W + GAP
DRAWN_PAIR_H = card_height(DRAWN_W) + 6 + SMALL_H


def proposed(
    hand_cards: Sequence[str], drawn_card: str | None, proposal: Mapping[str, Any] | None
) -> tuple[list[str], int] | None:
    """(the hand after the proposed insert, the new card's index), or None when the proposal
    is not an insert of `drawn_card` that fits this hand (a stale one is simply not shown)."""
    if not proposal or not drawn_card or not is_card(drawn_card):
        return None
    position, upright = proposal.get("position"), proposal.get("upright")
    if not isinstance(position, int) or isinstance(position, bool) or upright not in ("W", "B"):
        return None
    if not 0 <= position <= len(hand_cards):
        return None
    out = list(hand_cards)
    out.insert(position, hold(drawn_card, str(upright)))
    return out, position


# --------------------------------------------------------------------------- the viewer's panel


@dataclass(frozen=True)
class Ask:
    """What the viewer's panel says under its first line: a line of words in a colour."""

    words: Text
    ink: Colour = GOLD


def own_head(
    c: Canvas,
    box: Box,
    name: str,
    badges: Badges,
    total: str,
    worth: Ask | None,
    ask: Ask | None,
    lit: bool,
) -> float:
    """The viewer's panel and its first lines: name, total and badges at the left, what the
    hand is worth (`worth`: its deadwood, how far from a win) at the right; then `ask`, what
    to do now or what the choice being considered makes (on two lines if need be). Returns
    the y under them."""
    x0, y0, x1, _ = box
    panel(c, box, lit)
    y = y0 + PAD
    mid = y + NAME_H / 2
    left = x0 + PAD
    right = x1 - PAD
    if worth is not None:
        most = (x1 - x0) * 0.55
        right -= c.text(
            (right, mid), worth.words, T_BODY, worth.ink, "rm", bold=True, max_width=most
        )
        right -= 20
    used = c.text((left, mid), name, T_NAME, TEXT, "lm", bold=True, max_width=(right - left) * 0.4)
    left += used + 14
    left += c.text((left, mid), total, T_BODY, GOLD, "lm", bold=True) + 14
    for label, bg, fg in badges:
        width = text.text_width(label, T_SMALL) + T_SMALL
        if left + width > right:
            break
        parts.badge(c, left, mid - kit.BADGE_H / 2, label, bg, fg, T_SMALL)
        left += width + 6
    y += NAME_H
    if ask is not None:
        width = x1 - x0 - 2 * PAD
        for line in wrap(ask.words, T_BODY, width):
            c.text((x0 + PAD, y + 2), line, T_BODY, ask.ink, "la", bold=True, max_width=width)
            y += LINE_H
    return y + 4


Version = Callable[[list[str]], tuple[Text, Colour, Sequence[Segment], Sequence[int]]]
"""What a game says of one version of a hand: (its worth in words, their colour, the
segments to bracket, the cards to dot)."""
CAPTION_W = 230
"""The column naming each version of the hand while it may rotate."""


def rotate_pair(
    c: Canvas,
    labels: Labels,
    hand: Sequence[str],
    box: Box,
    version: Version,
    names: Mapping[str, str],
) -> None:
    """Both versions of the hand, as dealt and rotated, one over the other, as big as fits
    `box`, each named at its left with what `version` says it is worth."""
    x0, y0, x1, y1 = box
    room = x1 - x0 - CAPTION_W
    card_w = fit_hand(len(hand), room, (y1 - y0 - GAP) / 2, numbers=False)
    height = hand_height(card_w, numbers=False)
    top = y0 + max(0.0, (y1 - y0 - 2 * height - GAP) / 2)
    for k, (key, cards) in enumerate((("as_dealt", list(hand)), ("turned", rotated(hand)))):
        y = top + k * (height + GAP)
        mid = y + BRACKET_H + card_height(card_w) / 2
        worth, ink, segments, dots = version(cards)
        name = labels(key, c.locale)
        c.text((x0, mid - 4), name, T_NAME, TEXT, "ls", bold=True, max_width=CAPTION_W - 16)
        c.text((x0, mid + 4), worth, T_SMALL, ink, "la", bold=True, max_width=CAPTION_W - 16)
        draw_hand(
            c,
            cards,
            x0 + CAPTION_W,
            y,
            room,
            card_w,
            numbers=False,
            segments=segments,
            names=names,
            dots=dots,
            centre=False,
        )
