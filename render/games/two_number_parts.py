"""Parts of the Kokutorum and Shirokuro-jaku images, made for the box (docs/images.md).

Not a layout of its own (it has no `render`): each game's module gives its `Table` of parts
and `draw` puts them in their places, alike in both games, on a 1100 x 700 canvas:

- the top bar: the game's name, the round, whose turn (`frame`);
- a seat's image (its DM): the other seats' plates stacked at the top left (`plate_head`:
  name, badges, cards held, total; then the game's own: Kokutorum's hand as backs in order,
  Shirokuro-jaku's melds laid down and discards), the table at the top right (the stock or
  the dora indicator, the pile's top, the drawn card once with each end up, a discard to
  claim), and under them the viewer's panel (`own_head`: name, total, what the hand is
  worth, what to do now) with the hand as big as fits (`draw_hand`: the cards numbered 1..n
  under them for typed moves, or while a drawn card waits its gaps numbered 1..n+1; melds
  bracketed and named over them); while it may rotate, both versions (`rotate_pair`);
- the channel's image: every seat's plate, the table, the notes and the last moves
  (`log_panel`);
- between two rounds, in the channel: every hand of the round just played, a row each
  (`round_panel`), then how the next round starts (`next_line`);
- the game's end: the result (`result`), then the last round.

Cards in a hand other than the viewer's (a card another seat took from the pile, a meld laid
down, a hand shown at a round's end) are drawn as their upright end alone (`end_tile`): the
number that counts, white on black or black on white, as the big end of a held card shows
it. Cards on the table keep both ends (`pair_chip`, or a table card): either end may still
count. What does not fit (every round's scores, how each round ended, the older moves) is
the embed's, and the scores are also the Details image (`details_image`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from engines.actions import Action
from engines.cpu import cpu_chooser
from engines.game import Decide, Game
from engines.prompts import Prompt
from engines.registry import game_class
from engines.two_number.cards import (
    BLACK_OFFSET,
    base,
    hold,
    is_card,
    is_held,
    rotated,
    value,
)
from render import kit, parts, text
from render.cards import shown
from render.parts import Canvas, PlayerInfo
from render.strings import Labels
from render.text import Template, Text
from render.theme import (
    CPU,
    FELT_DARK,
    GOLD,
    HIGHLIGHT,
    MIN_CARD_W,
    PANEL,
    PANEL_EDGE,
    T_BIG,
    T_BODY,
    T_NAME,
    T_SMALL,
    T_TITLE,
    TEXT,
    TEXT_DIM,
    CardStyle,
    card_height,
)

Colour = tuple[int, ...]
Box = tuple[float, float, float, float]
Badges = list[tuple[str, Colour, Colour]]

W, H = kit.WIDTH, kit.HEIGHT
M = kit.MARGIN
GAP = kit.GAP
TOP = kit.BAR_H + GAP
"""Where the image's content starts, under the top bar."""
BOTTOM = H - M
PAD = 12
"""Space inside a panel."""
NAME_H = round(T_NAME * 1.25)
"""Height of a seat's first line: its name, badges and total."""
LINE_H = round(T_BODY * 1.3)
SMALL_H = round(T_SMALL * 1.3)
FIRST_GAP = 1
"""Gaps are numbered from 1 (before the leftmost card) to n + 1 (after the last), as the
buttons and the words number them; cards are numbered 1..n."""
PAIR_INK = (200, 214, 204)
"""The bracket of a pair (Shirokuro-jaku's head); a meld's is gold."""
DARK_INK = (20, 20, 20)
PANEL_FILL = (18, 62, 43)
"""A panel that sums something up (a round's end, the scores), darker than a seat's."""
LAID = (70, 140, 108)
"""The ground of a meld laid down (Shirokuro-jaku's pon and chi), set apart from a hand."""


# --------------------------------------------------------------------------- words

WORDS: dict[str, tuple[str, str]] = {
    "points": ("{n}点", "{n} pts"),
    "points.one": ("{n}点", "{n} pt"),
    "cards": ("{n}枚", "{n} cards"),
    "cards.one": ("{n}枚", "{n} card"),
    "stock": ("山札", "Stock"),
    "your_turn": ("あなたの番", "Your turn"),
    "turn_of": ("{name} の番", "{name} to play"),
    "to_play": ("手番", "To play"),
    "cpu": ("CPU", "CPU"),
    "you": ("あなた", "You"),
    "rotated": ("回転", "Rotated"),
    "rotate_ask": ("回転しますか？", "Rotate or keep?"),
    "drawn": ("引いたカード", "You drew"),
    "end_w": ("W ○{n}", "W ○{n}"),
    "end_b": ("B ●{n}", "B ●{n}"),
    "pick_gap": ("隙間 1～{n} と上にする端（W / B）を選択", "Pick a gap 1–{n} and an end, W / B"),
    "preview": ("プレビュー：{card} を隙間 {gap} に", "Preview: {card} into gap {gap}"),
    "victory": ("勝利！", "Victory!"),
    "defeat": ("敗北", "Defeat"),
    "winner": ("{name} の勝ち", "{name} wins"),
    "shared": ("同点優勝：{names}", "Shared win: {names}"),
    "total_line": ("{name} {n}点", "{name} {n} pts"),
    "total_line.one": ("{name} {n}点", "{name} {n} pt"),
    "total_row": ("合計", "Total"),
    "last_moves": ("直前の手", "Last moves"),
    "scores": ("得点", "Scores"),
    "earlier": ("（{n}までは省略）", "(earlier rounds, to {n}, left out)"),
}
"""The words the shared parts draw, alike in both games; a game's `Labels` adds its own (its
title, `dealer`, `over`, `rounds_col`, `as_dealt` / `turned`, its meld names...)."""


# --------------------------------------------------------------------------- seats


def own_seat(view: Mapping[str, Any], viewer: int | None) -> int | None:
    """The seat drawn with its hand big: the viewer's, when the view holds it."""
    seats = int(view["seats"])
    return viewer if viewer is not None and 0 <= viewer < seats and "hand" in view else None


def name_of(players: Sequence[PlayerInfo], seat: int, locale: str) -> str:
    """A seat's display name (its number when the players are not known)."""
    if 0 <= seat < len(players):
        return players[seat].name
    return ("席 {n}" if locale == "ja" else "Seat {n}").format(n=seat + 1)


def player_of(players: Sequence[PlayerInfo], seat: int, locale: str) -> PlayerInfo:
    """The seat's PlayerInfo (a plain one when not known)."""
    return players[seat] if 0 <= seat < len(players) else PlayerInfo(name_of(players, seat, locale))


def at(view: Mapping[str, Any], key: str, seat: int, default: Any) -> Any:
    """`view[key][seat]`, or `default` when the view has no such entry."""
    found = list(view.get(key) or [])
    return found[seat] if 0 <= seat < len(found) else default


def seat_badges(
    labels: Labels,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    seat: int,
    own: int | None,
    locale: str,
) -> Badges:
    """A seat's badges in the order players scan them: to play, dealer, CPU, you, and
    `rotated` while rotations are open."""
    out: Badges = []
    if not view.get("over") and view.get("turn") == seat:
        out.append((labels("to_play", locale), GOLD, DARK_INK))
    if view.get("dealer") == seat:
        out.append((labels("dealer", locale), TEXT, DARK_INK))
    if player_of(players, seat, locale).is_cpu:
        out.append((labels("cpu", locale), CPU, (255, 255, 255)))
    if seat == own:
        out.append((labels("you", locale), HIGHLIGHT, DARK_INK))
    if view.get("rotation_open") and at(view, "rotated", seat, False):
        out.append((labels("rotated", locale), TEXT_DIM, DARK_INK))
    return out


def total_text(labels: Labels, view: Mapping[str, Any], seat: int, locale: str) -> str:
    """A seat's total so far: `12 pts`."""
    return labels("points", locale, n=int(at(view, "totals", seat, 0)))


def name_line(
    c: Canvas,
    x0: float,
    y: float,
    x1: float,
    name: str,
    badges: Badges,
    right: Text,
    count: Text = "",
) -> None:
    """A seat's first line, `NAME_H` tall: the name at the left (cut to the room left), then
    `right` (its total) in gold at the right, `count` (cards held) before it, its badges
    before that (as many as fit)."""
    mid = y + NAME_H / 2
    edge = x1
    if right:
        edge -= c.text((x1, mid), right, T_BODY, GOLD, "rm", bold=True) + 14
    if count:
        edge -= c.text((edge, mid), count, T_BODY, TEXT_DIM, "rm", bold=True) + 14
    edge = kit.badge_row(c, edge, mid - kit.BADGE_H / 2, badges, x0 + (x1 - x0) * 0.35)
    c.text((x0, mid), name, T_NAME, TEXT, "lm", bold=True, max_width=edge - 10 - x0)


def plate_head(
    c: Canvas,
    labels: Labels,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    seat: int,
    own: int | None,
    box: Box,
    count: bool = True,
) -> float:
    """Another seat's plate and its first line: its panel (gold-rimmed on its turn), its
    name, badges, cards held (unless `count` is False: the plate shows them) and total;
    returns the y under that line."""
    x0, y0, x1, _ = box
    locale = c.locale
    panel(c, box, lit=view.get("turn") == seat and not view.get("over"))
    held = labels("cards", locale, n=int(at(view, "hand_counts", seat, 0))) if count else ""
    name_line(
        c,
        x0 + PAD,
        y0 + PAD,
        x1 - PAD,
        name_of(players, seat, locale),
        seat_badges(labels, view, players, seat, own, locale),
        total_text(labels, view, seat, locale),
        held,
    )
    return y0 + PAD + NAME_H


def panel(c: Canvas, box: Box, lit: bool = False, fill: Colour = PANEL) -> None:
    """A seat's or the table's panel, gold-rimmed when `lit` (the seat to play)."""
    parts.panel(c, box, fill=fill, outline=GOLD if lit else PANEL_EDGE, width=4 if lit else 2)


def table_panel(c: Canvas, box: Box) -> None:
    """The table's felt-dark panel."""
    c.draw.rounded_rectangle(box, 16, fill=FELT_DARK, outline=(40, 96, 70), width=2)


# --------------------------------------------------------------------------- small cards


@dataclass(frozen=True)
class Marks:
    """The sizes of a plate's small cards: another seat's backs and the upright ends of its
    cards shown alone (`end_tile`, as wide as a back), its discards as chips."""

    back: int
    step: int
    """Between two backs."""
    tile_text: int
    chip_w: int
    chip_h: int
    chip_text: int

    @property
    def tile_h(self) -> int:
        """The height of a back, and of an end tile."""
        return card_height(self.back)

    @property
    def chip_step(self) -> int:
        """Between two chips."""
        return self.chip_w + 6


SMALL = Marks(back=36, step=40, tile_text=30, chip_w=36, chip_h=64, chip_text=28)
"""A seat's image: the room goes to the viewer's hand."""
BIG = Marks(back=46, step=50, tile_text=36, chip_w=44, chip_h=80, chip_text=34)
"""The channel's image: no hand of its own, the other seats' cards drawn bigger."""


def marks(own: int | None) -> Marks:
    """The plates' small cards: `SMALL` in a seat's image, `BIG` in the channel's."""
    return SMALL if own is not None else BIG


TILE_W = SMALL.back
TILE_TEXT = SMALL.tile_text
TABLE_W = 72
"""A card on the table shown big (the pile's top, the dora indicator, a discard to claim):
its numbers are half its width, 18 px in the box."""
DRAWN_W = MIN_CARD_W
"""The drawn card, once with each end up."""
DOT_R = 9
_WHITE = (252, 252, 248)
_BLACK = (30, 30, 34)
_TILE_EDGE = (96, 90, 80)


def _end(c: Canvas, box: Box, number: int, white: bool, size: int, radius: int = 6) -> None:
    """One end, upright, in `box`: a white (or black) panel with its number (a 6 underlined,
    as on the cards)."""
    fill, ink = (_WHITE, _BLACK) if white else (_BLACK, _WHITE)
    c.draw.rounded_rectangle(box, radius, fill=fill, outline=_TILE_EDGE, width=2)
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    c.text((cx, cy), str(number), size, ink, "mm", bold=True)
    if number == 6:
        bar = size * 0.24
        y = cy + size * 0.46
        c.draw.line((cx - bar, y, cx + bar, y), fill=ink, width=max(2, round(size * 0.08)))


def end_tile(
    c: Canvas,
    held: str,
    x: float,
    y: float,
    width: int = TILE_W,
    *,
    size: int = TILE_TEXT,
    ring: Colour | None = None,
    dotted: bool = False,
) -> None:
    """A held card by its upright end alone (what counts): its number on white or black."""
    shown(held)
    v = value(held)
    box = (x, y, x + width, y + card_height(width))
    _end(c, box, v % BLACK_OFFSET, v < BLACK_OFFSET, size, radius=max(4, width // 7))
    if ring is not None:
        parts.ring_box(c, box, ring)
    if dotted:
        dot(c, box[2] - 3, box[1] + 3)


def pair_chip(c: Canvas, card: str, x: float, y: float, size: Marks = SMALL) -> None:
    """A card on the table, small: its white end over its black end, both upright."""
    code = base(card)
    shown(code)
    white, black = int(code[1]), int(code[3])
    half = size.chip_h / 2
    right = x + size.chip_w
    _end(c, (x, y, right, y + half - 1), white, True, size.chip_text, radius=5)
    _end(c, (x, y + half + 1, right, y + size.chip_h), black, False, size.chip_text, radius=5)


def dot(c: Canvas, cx: float, cy: float) -> None:
    """A gold dot with a dark rim (a dora on a card's corner, or beside its legend)."""
    c.draw.ellipse(
        (cx - DOT_R, cy - DOT_R, cx + DOT_R, cy + DOT_R), fill=GOLD, outline=(40, 30, 0), width=2
    )


def backs(
    c: Canvas,
    x: float,
    y: float,
    count: int,
    known: Sequence[str | None] = (),
    size: Marks = SMALL,
) -> float:
    """Another seat's hand in order: backs, a card the table saw go in as its upright end in
    its place; returns the width used."""
    for k in range(count):
        code = known[k] if k < len(known) else None
        left = x + k * size.step
        if is_held(code):
            assert code is not None
            end_tile(c, code, left, y, size.back, size=size.tile_text)
        else:
            parts.paste_card(c, None, left, y, size.back, shadow=False)
    return size.step * (count - 1) + size.back if count else 0


def chips_width(count: int, size: Marks = SMALL) -> float:
    """The width of `count` chips side by side."""
    return size.chip_step * (count - 1) + size.chip_w if count else 0


# --------------------------------------------------------------------------- brackets

BRACKET_H = 30
"""Room over a hand for its melds' brackets and their names."""


@dataclass(frozen=True)
class Segment:
    """Cards side by side that make something (a meld, a pair): its kind, `start` to `end`
    (end exclusive), and the bracket's colour."""

    kind: str
    start: int
    end: int
    ink: Colour = GOLD


def brackets(
    c: Canvas,
    lefts: Sequence[float],
    width: float,
    y: float,
    segments: Sequence[Segment],
    names: Mapping[str, str],
    bg: Colour = PANEL,
) -> None:
    """A bracket over the cards of each segment, its name on the bracket (`names[kind]`):
    the marks say what they are, no legend needed."""
    line_y = y + 14
    for seg in segments:
        if not 0 <= seg.start < seg.end <= len(lefts):
            continue
        x0, x1 = lefts[seg.start] + 4, lefts[seg.end - 1] + width - 4
        c.draw.line((x0, line_y, x1, line_y), fill=seg.ink, width=4)
        c.draw.line((x0, line_y, x0, y + BRACKET_H - 2), fill=seg.ink, width=4)
        c.draw.line((x1, line_y, x1, y + BRACKET_H - 2), fill=seg.ink, width=4)
        name = names.get(seg.kind, "")
        room = x1 - x0 - 20
        if not name or room < 30:
            continue
        shown = text.fit(name, T_SMALL, room)
        half = text.text_width(shown, T_SMALL) / 2 + 8
        mid = (x0 + x1) / 2
        c.draw.rectangle((mid - half, line_y - 4, mid + half, line_y + 4), fill=bg)
        c.text((mid, line_y), shown, T_SMALL, seg.ink, "mm", bold=True)


# --------------------------------------------------------------------------- the viewer's hand

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


# --------------------------------------------------------------------------- a hand shown


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


# --------------------------------------------------------------------------- the frame


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
            else labels.named("turn_of", locale, name=name_of(players, seat, locale))
        )
        right -= kit.turn_pill(c, right, (kit.BAR_H - kit.PILL_H) / 2, pill, mine, W * 0.4) + 20
    c.text((x, mid), status, T_BODY, TEXT_DIM, "lm", max_width=right - x)


def wrap(words: Text, size: int, width: float, most: int = 2) -> list[Text]:
    """`words` on at most `most` lines of `width`, broken at a space in the second half of a
    line (else, as Japanese is written, between any two characters); what is still too long
    is cut when drawn. A template that fits whole stays one (its names cut first if need
    be)."""
    if text.text_width(words, size) <= width or most <= 1:
        return [words]
    rest = str(words)
    out: list[Text] = []
    while rest and len(out) < most - 1 and text.text_width(rest, size) > width:
        cut = len(rest)
        while cut > 1 and text.text_width(rest[:cut], size) > width:
            cut -= 1
        space = rest.rfind(" ", 0, cut + 1)
        if space > cut / 2:  # a break at a space, unless it leaves too much for the next line
            cut = space
        out.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    if rest:
        out.append(rest)
    return out


NOTES_W = 400
"""The least width of the table's column when it holds notes."""


def notes_height(notes: Sequence[tuple[Text, Colour]], width: float) -> float:
    """The height `note_lines` takes."""
    return sum(len(wrap(words, T_SMALL, width)) for words, _ in notes) * SMALL_H


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
        return labels.named("winner", locale, name=name_of(players, winners[0], locale))
    return labels.named(
        "shared", locale, names=" · ".join(name_of(players, w, locale) for w in winners)
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
        names[f"name{seat}"] = name_of(players, seat, locale)
    standings = Template.of("   ·   ".join(pieces), names, tuple(names))
    title = result_title(labels, locale, players, winners, own)
    kit.result(c, box, title, reason, [standings])


RESULT_H = 22 + round(T_BIG * 1.45) + round(T_BODY * 1.67) + round(T_BODY * 1.42) + 16
"""The height `result` needs."""


# --------------------------------------------------------------------------- the image

Notes = list[tuple[Text, Colour]]
Players = Sequence[PlayerInfo]
View = Mapping[str, Any]


@dataclass(frozen=True)
class Table:
    """One game's ways to draw the parts of its image; `draw` puts them in their places, the
    same in both games."""

    labels: Labels
    status: Callable[[View, str], Text]
    """The top bar's words: the round."""
    notes: Callable[[View, Players, int | None, str], Notes]
    """What must not be missed (the last card, a knock open), for the viewer `own`."""
    log: Callable[[View, Players, str], Notes]
    """The round's public moves in words, the newest last."""
    plate_height: Callable[[View, int, int | None, float], float]
    """(view, seat, own, width) -> the height of that seat's plate."""
    plate: Callable[[Canvas, View, Players, int, int | None, Box], None]
    table_size: Callable[[View, int | None, Notes], tuple[float, float]]
    table: Callable[[Canvas, View, Players, Box, Notes, int | None], None]
    own: Callable[[Canvas, View, Players, int, Box], None]
    """The viewer's panel and hand."""
    last_round: Callable[[Canvas, View, Mapping[str, Any], Players, Box], None]
    next_round: Callable[[View, Players, str], Text]
    """The line under a round's end: how the next round starts."""
    reason: Callable[[View, str], Text]
    """Why the game ended."""


def draw(
    table: Table, view: View, players: Players, locale: str, style: CardStyle, viewer: int | None
) -> Image.Image:
    """The image of one view: the top bar, then the game's end (the result, the last
    round), a seat's image (the other seats and the table over the viewer's panel), the
    round just played while the next one's rotations are open, or the channel's image (every
    seat, the table, the last moves)."""
    c = kit.canvas(locale, style)
    own = own_seat(view, viewer)
    frame(c, table.labels, view, players, own, table.status(view, locale))
    if view.get("over"):
        box = (M, TOP, W - M, TOP + RESULT_H)
        result(c, box, table.labels, view, players, own, table.reason(view, locale))
        last = view.get("last_round")
        if last:
            table.last_round(c, view, last, players, (M, box[3] + GAP, W - M, BOTTOM))
    elif own is not None:
        _seat_image(c, table, view, players, own)
    elif view.get("last_round") and view.get("rotation_open"):
        bottom = BOTTOM - NEXT_H - GAP
        table.last_round(c, view, view["last_round"], players, (M, TOP, W - M, bottom))
        words = table.next_round(view, players, locale)
        next_line(c, (M, bottom + GAP, W - M, BOTTOM), words, table.labels("next_rotate", locale))
    else:
        _channel_image(c, table, view, players)
    return c.image


def _plates(
    c: Canvas,
    table: Table,
    view: View,
    players: Players,
    seats: Sequence[int],
    own: int | None,
    x1: float,
) -> float:
    """The plates of `seats` stacked from the top, from the left margin to `x1`; returns
    the y under the last."""
    y: float = TOP
    for seat in seats:
        height = table.plate_height(view, seat, own, x1 - M)
        table.plate(c, view, players, seat, own, (M, y, x1, y + height))
        y += height + GAP
    return y - GAP


def _channel_image(c: Canvas, table: Table, view: View, players: Players) -> None:
    """Every seat's plate at the left, the table at the right, the notes and the last moves
    under them."""
    width, height = table.table_size(view, None, [])
    split = W - M - width
    bottom = _plates(c, table, view, players, range(int(view["seats"])), None, split - GAP)
    box = (split, TOP, W - M, max(bottom, TOP + height))
    table.table(c, view, players, box, [], None)
    notes = table.notes(view, players, None, c.locale)
    log = table.log(view, players, c.locale)
    log_panel(c, table.labels, log, (M, box[3] + GAP, W - M, BOTTOM), notes)


def _seat_image(c: Canvas, table: Table, view: View, players: Players, own: int) -> None:
    """The other seats (in play order after the viewer) and the table over the viewer's
    panel and hand; the last moves under the plates when there is room."""
    seats = int(view["seats"])
    others = [(own + k) % seats for k in range(1, seats)]
    notes = table.notes(view, players, own, c.locale)
    width, height = table.table_size(view, own, notes)
    split = W - M - width
    plates = _plates(c, table, view, players, others, own, split - GAP) - TOP
    band = max(plates, height)
    if band - plates > 2 * LINE_H:
        log = table.log(view, players, c.locale)
        log_panel(c, table.labels, log, (M, TOP + plates + GAP, split - GAP, TOP + band))
    table.table(c, view, players, (split, TOP, W - M, TOP + band), notes, own)
    table.own(c, view, players, own, (M, TOP + band + GAP, W - M, BOTTOM))


# --------------------------------------------------------------------------- scores


@dataclass(frozen=True)
class RoundScores:
    """A finished round in the Details image: its name, every seat's score, how it ended."""

    name: str
    scores: tuple[int, ...]
    how: Text = ""


SCORE_ROW = round(T_BODY * 1.6)


def scores_table(
    c: Canvas,
    box: Box,
    labels: Labels,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    rounds: Sequence[RoundScores],
) -> None:
    """Every round's scores by seat, how it ended under it, then the totals; when they do
    not all fit, only the newest rounds say how they ended, and when even the scores do not,
    only the newest rounds are listed (the others said to be left out)."""
    x0, y0, x1, y1 = box
    locale = c.locale
    seats = int(view["seats"])
    room = y1 - y0 - 2 * SCORE_ROW - 8  # the header and the totals
    most = int(room // SCORE_ROW)
    shown = list(rounds) if len(rounds) <= most else list(rounds)[-(most - 1) :]
    left_out = len(rounds) - len(shown)
    spare = room - len(shown) * SCORE_ROW - (SCORE_ROW if left_out else 0)
    told = {id(r) for r in [r for r in shown if r.how][::-1][: max(0, int(spare // SMALL_H))]}
    y = y0
    if left_out:
        words = labels("earlier", locale, n=rounds[left_out - 1].name)
        c.text((x0 + PAD, y + SCORE_ROW / 2), words, T_SMALL, TEXT_DIM, "lm")
        y += SCORE_ROW
    bottom = y + 2 * SCORE_ROW + len(shown) * SCORE_ROW + len(told) * SMALL_H + 8
    panel(c, (x0, y, x1, bottom), fill=PANEL_FILL)
    first = (x1 - x0) * (0.34 if seats > 2 else 0.4)
    col = (x1 - x0 - first) / max(1, seats)

    def row(cells: Sequence[Text], top: float, ink: Colour, bold: bool) -> None:
        mid = top + SCORE_ROW / 2
        c.text((x0 + PAD, mid), cells[0], T_BODY, ink, "lm", bold=bold, max_width=first - PAD)
        for k, cell in enumerate(cells[1:]):
            right = x0 + first + col * (k + 1) - PAD
            c.text((right, mid), cell, T_BODY, ink, "rm", bold=bold, max_width=col - 2 * PAD)

    names = [name_of(players, s, locale) for s in range(seats)]
    row([labels("rounds_col", locale), *names], y + 4, TEXT_DIM, False)
    y += SCORE_ROW + 4
    c.draw.line((x0 + 8, y, x1 - 8, y), fill=PANEL_EDGE, width=2)
    for entry in shown:
        row([entry.name, *(signed(n) for n in entry.scores)], y, TEXT, True)
        y += SCORE_ROW
        if id(entry) in told:
            c.text(
                (x0 + PAD + 16, y - 4),
                entry.how,
                T_SMALL,
                TEXT_DIM,
                "la",
                max_width=x1 - x0 - 2 * PAD - 16,
            )
            y += SMALL_H
    totals = list(view.get("totals") or [0] * seats)
    c.draw.rectangle((x0 + 3, y, x1 - 3, y + SCORE_ROW), fill=(70, 110, 60))
    row([labels("total_row", locale), *(str(t) for t in totals)], y, GOLD, True)


def details_image(
    labels: Labels,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    style: CardStyle,
    locale: str,
    rounds: Sequence[RoundScores],
) -> Image.Image | None:
    """The Details image: every round's scores, how it ended, and the totals; None before
    any round ends."""
    if not rounds:
        return None
    c = kit.canvas(locale, style)
    kit.top_bar(c, labels("title", locale), labels("scores", locale))
    scores_table(c, (M, TOP, W - M, BOTTOM), labels, view, players, rounds)
    return c.image


# --------------------------------------------------------------------------- samples

SAMPLE_PLAYERS = (
    PlayerInfo("たろう"),
    PlayerInfo("Alice", is_cpu=True),
    PlayerInfo("花子", is_cpu=True),
)
"""Who sits at the sample tables of `cardbot render kokutorum` / `shirokuro`."""


def copy_game(game: Game) -> Game:
    """The game as it is now, apart from the one that plays on."""
    return type(game).from_json(game.to_json())


def sample_moments(
    game_id: str,
    seed: int,
    watched: str,
    wanted: Sequence[tuple[str, Callable[[Mapping[str, Any]], bool]]],
) -> Iterator[tuple[str, Game]]:
    """(label, game) in a 3-seat and a 2-seat game of normal CPUs: the start; the first moment
    each of `wanted` (label, test of the public view) holds, as they come; the first time a seat
    is asked a `watched` prompt (labelled by its kind, before the seat answers); the end."""
    cls = game_class(game_id)
    for seats, suffix in ((3, ""), (2, "-2p")):
        game = cls.new(seats, {}, seed)
        yield f"start{suffix}", copy_game(game)
        decide = cpu_chooser(game_id, ["normal"] * seats, seed, "samples")
        caught: list[Game] = []

        def watch(
            at: Game, prompt: Prompt, decide: Decide = decide, caught: list[Game] = caught
        ) -> Action | None:
            if prompt.kind == watched and not caught:
                caught.append(copy_game(at))
            return decide(at, prompt)

        pending = dict(wanted)
        while not game.is_over():
            game.autoplay(watch, limit=1)
            view = game.view(None)
            found = next((label for label, holds in pending.items() if holds(view)), None)
            if found is not None:
                del pending[found]
                yield f"{found}{suffix}", copy_game(game)
        if caught:
            yield f"{watched}{suffix}", caught[0]
        yield f"end{suffix}", game
