"""Parts of the Kokutorum and Shirokuro-jaku images: two-number hands drawn for a phone.

Not a layout of its own (it has no `render`): the two games' modules compose these.

- `seat_line`: a seat's panel with its first line (name, badges, points);
- `backs`: another seat's hand as backs in order (a card the table saw go in, face up);
- `hand`: the viewer's hand, big, with its cards numbered 1..n under them, or while a drawn
  card waits its gaps numbered 1..n+1 between them; melds bracketed over the cards; a card
  just put in (a preview) or chosen (a discard, a claim) ringed;
- `drawn`: the drawn card apart, once with each end up;
- `small_hand`: a hand shown at a round's end, melds bracketed;
- `card_rows`: table cards (discards, melds) in rows that wrap;
- `proposed`: the hand as it would be after an insert the viewer is considering.

And the pieces both tables are built of, alike in both games: the image's frame (`sections`,
`table_image`), a seat's first line with its badges and total (`seat_head`), the stock and
whose turn in the middle (`stock_corner`, `turn`), the viewer's panel (`own_panel`) and the
blocks of its hand that both games show the same way (`rotate_pair`, `drawn_block`,
`preview_block`), the round's end (`round_heading`, `name_row`), the game's end (`result`,
`rounds_table`), the words these parts draw (`WORDS`) and the sample moments of `cardbot
render` (`sample_moments`). What a game draws its own way (Kokutorum's deadwood, Shirokuro-jaku's
melds laid down, discards, dora and claims) stays in its module: a hand is drawn by the game's
`HandDrawer`, a caption by the game's words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from PIL import Image

from engines.base import Action, Decide, Game, Prompt, game_class
from engines.cpu import cpu_chooser
from engines.two_number.cards import hold, is_card, is_held, rotated
from render import parts, text
from render.parts import Canvas, PlayerInfo
from render.text import Template, Text
from render.theme import (
    CPU,
    FELT_DARK,
    GOLD,
    HIGHLIGHT,
    PANEL_EDGE,
    TEXT,
    TEXT_DIM,
    WIDTH,
    CardStyle,
    card_height,
)

MARGIN = 12
PAD = 14
NAME = 28
BADGE = 20
LINE_H = 44
BODY = 22
LABEL = 24
BACK_W = 44
HAND_W = 84
HAND_MIN_W = 56
NUMBER = 26
GAP_LABEL = 24
GAP_R = 17
BRACKET = 10
BRACKET_ROOM = BRACKET + 8
FIRST_GAP = 1
"""Gaps are numbered from 1 (before the leftmost card) to n + 1 (after the last), as the
buttons and the words number them; cards are numbered 1..n."""
PANEL_FILL = (18, 62, 43)
HEADER_H = 60
INNER = WIDTH - 2 * MARGIN
"""The width of the image's sections."""
ROOM = INNER - 2 * PAD
"""The width inside a section's panel: the viewer's hand and its blocks."""
STOCK_W = 58
ROW = 32
"""The step between lines of the log and the notes."""
LOG_ROWS = 3

Colour = tuple[int, ...]
Badges = list[tuple[str, Colour, Colour]]
Box = tuple[float, float, float, float]
Section = tuple[float, Callable[[Canvas, Box], None]]
"""A part of the image: its height, and how to draw it in its box."""
Draw = Callable[[Canvas, float, float], None]
"""Draws a block of the viewer's panel at (x, y), ROOM wide."""
Block = tuple[float, Draw]


class HandDrawer(Protocol):
    """How a game draws the viewer's hand (`hand` with the game's brackets and marks) at (x, y),
    ROOM wide; `options` are `hand`'s (gaps, numbers, fresh, picked...)."""

    def __call__(
        self, c: Canvas, cards: Sequence[str], x: float, y: float, **options: Any
    ) -> None: ...


WORDS: dict[str, tuple[str, str]] = {
    "points": ("{n}点", "{n} pts"),
    "cards": ("{n}枚", "{n} cards"),
    "cards_one": ("{n}枚", "{n} card"),
    "stock": ("山札", "Stock"),
    "your_turn": ("あなたの番", "Your turn"),
    "turn_of": ("{name} の番", "{name} to play"),
    "to_play": ("手番", "To play"),
    "cpu": ("CPU", "CPU"),
    "you": ("あなた", "You"),
    "winning": ("勝ち", "Wins"),
    "rotated": ("回転", "Rotated"),
    "rotate_ask": ("回転しますか？", "Rotate?"),
    "drawn": ("引いたカード", "You drew"),
    "end_w": ("W ○{n}", "W ○{n}"),
    "end_b": ("B ●{n}", "B ●{n}"),
    "pick_gap": ("隙間 1～{n} と向き", "Pick a gap 1–{n}"),
    "pick_end": ("（W / B）を選択", "and an end, W / B"),
    "preview": ("プレビュー：{card} を隙間 {gap} に", "Preview: {card} into gap {gap}"),
    "victory": ("勝利！", "Victory!"),
    "defeat": ("敗北", "Defeat"),
    "winner": ("{name} の勝ち", "{name} wins"),
    "shared": ("同点優勝：{names}", "Shared win: {names}"),
    "total_line": ("{name}  {n}点", "{name}  {n} pts"),
    "total_row": ("合計", "Total"),
}
"""The words the shared parts draw, alike in both games; a game's `Labels` adds its own (its
title, `dealer`, `over`, `rounds_col`, `as_dealt` / `turned`...)."""


class Labels:
    """One layout's labels, `key -> (ja, en)`; a `KEY_one` form is used when `n` is 1."""

    def __init__(self, strings: Mapping[str, tuple[str, str]]) -> None:
        self.strings = dict(strings)

    def pattern(self, key: str, locale: str, params: Mapping[str, object]) -> str:
        """The pattern of `key` in `locale`."""
        if params.get("n") == 1 and f"{key}_one" in self.strings:
            key = f"{key}_one"
        ja, en = self.strings[key]
        return ja if locale == "ja" else en

    def __call__(self, key: str, locale: str, **params: object) -> str:
        """The label, filled in."""
        return self.pattern(key, locale, params).format(**params)

    def named(self, key: str, locale: str, **params: object) -> Template:
        """The label as a template whose `name…` fields are cut first when it is too wide."""
        cut = tuple(k for k in params if k.startswith("name"))
        return Template.of(self.pattern(key, locale, params), params, cut)


# --------------------------------------------------------------------------- the frame


def own_seat(view: Mapping[str, Any], viewer: int | None) -> int | None:
    """The seat drawn at the bottom with its hand big: the viewer's, when the view holds it."""
    seats = int(view["seats"])
    return viewer if viewer is not None and 0 <= viewer < seats and "hand" in view else None


def table_image(
    sections: Sequence[Section], locale: str, style: CardStyle, title: Text, status: Text
) -> Image.Image:
    """The header (the game's name, `status`) and the sections one under another."""
    total = HEADER_H + MARGIN + sum(h + MARGIN for h, _ in sections)
    c = Canvas.new(WIDTH, int(total), locale, style)
    parts.header(c, title, status, HEADER_H)
    y: float = HEADER_H + MARGIN
    for height, draw in sections:
        draw(c, (MARGIN, y, MARGIN + INNER, y + height))
        y += height + MARGIN
    return c.image


def sections(
    view: Mapping[str, Any],
    own: int | None,
    *,
    game_end: Callable[[], list[Section]],
    last_round: Callable[[Mapping[str, Any]], Section],
    band: Callable[[int], Section],
    middle: Callable[[], Section],
    own_panel: Callable[[int], Section],
) -> list[Section]:
    """The image's parts, top to bottom: at the game's end only `game_end`'s; else the round
    just played while the next one has not begun, the other seats in play order after the
    viewer (every seat in the public image), the middle, the viewer's seat."""
    if view.get("over"):
        return game_end()
    seats = int(view["seats"])
    last = view.get("last_round")
    out: list[Section] = []
    if last and view.get("rotation_open"):
        out.append(last_round(last))
    order = [(own + k) % seats for k in range(1, seats)] if own is not None else range(seats)
    out += [band(seat) for seat in order]
    out.append(middle())
    if own is not None:
        out.append(own_panel(own))
    return out


# --------------------------------------------------------------------------- a seat


def name_of(players: Sequence[PlayerInfo], seat: int, locale: str) -> str:
    """A seat's display name (its number when the players are not known)."""
    if 0 <= seat < len(players):
        return players[seat].name
    return ("席 {n}" if locale == "ja" else "Seat {n}").format(n=seat + 1)


def player_of(players: Sequence[PlayerInfo], seat: int, locale: str) -> PlayerInfo:
    """The seat's PlayerInfo (a plain one when not known)."""
    return players[seat] if 0 <= seat < len(players) else PlayerInfo(name_of(players, seat, locale))


def badge_list(
    labels: Mapping[str, str],
    *,
    to_play: bool,
    dealer: bool,
    cpu: bool,
    you: bool,
    winner: bool = False,
    extra: Sequence[str] = (),
) -> Badges:
    """The badges of a seat, in the order players scan them."""
    out: Badges = []
    if to_play:
        out.append((labels["to_play"], GOLD, (20, 20, 20)))
    if winner:
        out.append((labels["winning"], GOLD, (20, 20, 20)))
    if dealer:
        out.append((labels["dealer"], TEXT, (20, 20, 20)))
    if cpu:
        out.append((labels["cpu"], CPU, (255, 255, 255)))
    if you:
        out.append((labels["you"], HIGHLIGHT, (20, 20, 20)))
    out += [(label, TEXT_DIM, (20, 20, 20)) for label in extra]
    return out


def seat_line(
    c: Canvas,
    box: tuple[float, float, float, float],
    name: str,
    badges: Badges,
    right: Text,
    lit: bool,
) -> None:
    """A seat's panel with its first line: the name, its badges, then `right` (its points).

    The name is cut to the room the badges leave; badges that would squeeze the name under
    120 px are left out (the to-play badge comes first, so it stays).
    """
    x0, y0, x1, _ = box
    parts.panel(c, box, outline=GOLD if lit else PANEL_EDGE, width=4 if lit else 2)
    mid = y0 + PAD + LINE_H / 2
    right_w = text.text_width(right, LABEL) + 4
    c.text((x1 - PAD, mid), right, LABEL, GOLD, "rm", bold=True)
    edge = x1 - PAD - right_w - 12
    for label, bg, fg in badges:
        width = text.text_width(label, BADGE) + BADGE
        if edge - width < x0 + PAD + 120:
            break
        parts.badge(c, edge, mid - BADGE * 0.725, label, bg, fg, BADGE, anchor="r")
        edge -= width + 6
    c.text((x0 + PAD, mid), name, NAME, TEXT, "lm", bold=True, max_width=edge - 12 - (x0 + PAD))


def seat_badges(
    labels: Labels,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    seat: int,
    own: int | None,
    locale: str,
) -> Badges:
    """A seat's badges: to play, dealer, CPU, you, and `rotated` while rotations are open."""
    player = player_of(players, seat, locale)
    rotated_seats = list(view.get("rotated") or [])
    rotated_now = view.get("rotation_open") and seat < len(rotated_seats) and rotated_seats[seat]
    words = {k: labels(k, locale) for k in ("to_play", "dealer", "cpu", "you", "winning")}
    return badge_list(
        words,
        to_play=not view.get("over") and view.get("turn") == seat,
        dealer=view.get("dealer") == seat,
        cpu=player.is_cpu,
        you=seat == own,
        extra=[labels("rotated", locale)] if rotated_now else [],
    )


def seat_head(
    c: Canvas,
    box: Box,
    labels: Labels,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    seat: int,
    own: int | None,
) -> None:
    """A seat's panel with its name, badges and total (`seat_line`), lit on its turn."""
    locale = c.locale
    totals = list(view.get("totals") or [])
    total = int(totals[seat]) if 0 <= seat < len(totals) else 0
    seat_line(
        c,
        box,
        name_of(players, seat, locale),
        seat_badges(labels, view, players, seat, own, locale),
        labels("points", locale, n=total),
        view.get("turn") == seat,
    )


def backs(
    c: Canvas,
    x: float,
    y: float,
    count: int,
    known: Sequence[str | None] = (),
    width: int = BACK_W,
) -> float:
    """Another seat's hand: backs in order, a card the table saw go in face up in its place;
    returns the width used."""
    step = width + 4
    for k in range(count):
        code = known[k] if k < len(known) else None
        parts.paste_card(c, code if is_held(code) else None, x + k * step, y, width, shadow=k == 0)
    return step * count - 4 if count else 0


def brackets(
    c: Canvas,
    lefts: Sequence[float],
    width: int,
    y: float,
    melds: Sequence[Sequence[Any]],
    colour: Colour = GOLD,
) -> None:
    """A bracket over the cards of each meld (`melds`: [kind, start, end], end exclusive)."""
    for meld in melds:
        start, end = int(meld[1]), int(meld[2])
        if not 0 <= start < end <= len(lefts):
            continue
        x0, x1 = lefts[start] + 3, lefts[end - 1] + width - 3
        c.draw.line((x0, y, x1, y), fill=colour, width=4)
        c.draw.line((x0, y, x0, y + BRACKET), fill=colour, width=4)
        c.draw.line((x1, y, x1, y + BRACKET), fill=colour, width=4)


# --------------------------------------------------------------------------- the big hand


@dataclass(frozen=True)
class HandLook:
    """Where a hand's cards go: their width, the space between them, the first one's offset."""

    card_w: int
    space: int
    left: float

    def lefts(self, x0: float, count: int) -> list[float]:
        """The left edge of each card."""
        return [x0 + self.left + k * (self.card_w + self.space) for k in range(count)]


def hand_look(count: int, room: float, gaps: bool) -> HandLook:
    """The biggest cards that fit `count` in `room` (with room for the gap marks)."""
    space = 20 if gaps else 10
    ends = 2 * space if gaps else 0
    card_w = HAND_W
    while card_w > HAND_MIN_W and count * card_w + (count - 1) * space + ends > room:
        card_w -= 2
    used = count * card_w + max(0, count - 1) * space
    return HandLook(card_w, space, (room - used) / 2)


def hand_height(count: int, room: float, gaps: bool = False, numbers: bool = True) -> float:
    """The height `hand` takes."""
    look = hand_look(count, room, gaps)
    base = BRACKET_ROOM + card_height(look.card_w) + 8
    if gaps:
        return base + 2 * GAP_R + 6
    if numbers:
        return base + NUMBER * 1.4 + 4
    return base


def hand(
    c: Canvas,
    cards: Sequence[str],
    x0: float,
    y: float,
    room: float,
    *,
    gaps: bool = False,
    numbers: bool = True,
    melds: Sequence[Sequence[Any]] = (),
    fresh: int | None = None,
    picked: Mapping[int, Colour] | None = None,
    marked_gaps: Sequence[int] = (),
    dots: Sequence[int] = (),
) -> float:
    """The viewer's hand in `room` px from `x0`; returns the height used.

    Brackets over its `melds`; the cards; then the numbers 1..n under them, or with `gaps`
    gold numbers in the gaps (1..n+1) where a drawn card can go (`marked_gaps`, by position,
    in a brighter colour). `fresh` is the card a preview put in (ringed, its number lit);
    `picked` rings other cards (a discard or a claim being considered); `dots` puts a gold
    dot on the top right corner of cards (the dora that count).
    """
    look = hand_look(len(cards), room, gaps)
    lefts = look.lefts(x0, len(cards))
    top = y + BRACKET_ROOM
    brackets(c, lefts, look.card_w, y + 2, melds)
    rings = dict(picked or {})
    if fresh is not None:
        rings[fresh] = HIGHLIGHT
    for k, (lx, code) in enumerate(zip(lefts, cards, strict=True)):
        parts.paste_card(c, code, lx, top, look.card_w, ring=rings.get(k))
        if k in dots:
            dot(c, lx + look.card_w - 2, top + 2)
    height = card_height(look.card_w)
    label_y = top + height + 8
    if gaps:
        if cards:
            centres = [lefts[0] - look.space / 2] + [
                lx + look.card_w + look.space / 2 for lx in lefts
            ]
        else:
            centres = [x0 + room / 2]
        for k, cx in enumerate(centres):
            colour = HIGHLIGHT if k in marked_gaps else GOLD
            c.draw.line((cx, top + 4, cx, top + height - 4), fill=colour, width=3)
            c.draw.ellipse((cx - GAP_R, label_y, cx + GAP_R, label_y + 2 * GAP_R), fill=colour)
            c.text(
                (cx, label_y + GAP_R), str(k + FIRST_GAP), GAP_LABEL, (20, 20, 20), "mm", bold=True
            )
        return label_y + 2 * GAP_R + 6 - y
    if numbers:
        for k, lx in enumerate(lefts):
            cx, cy = lx + look.card_w / 2, label_y + NUMBER * 0.7
            lit = rings.get(k)
            if lit is not None:
                w = text.text_width(str(k + 1), NUMBER) + 16
                c.draw.rounded_rectangle(
                    (cx - w / 2, cy - NUMBER * 0.68, cx + w / 2, cy + NUMBER * 0.68),
                    10,
                    fill=lit,
                )
                c.text((cx, cy), str(k + 1), NUMBER, (20, 20, 20), "mm", bold=True)
            else:
                c.text((cx, cy), str(k + 1), NUMBER, TEXT, "mm", bold=True)
        return label_y + NUMBER * 1.4 + 4 - y
    return label_y - y


DOT_R = 9


def dot(c: Canvas, cx: float, cy: float) -> None:
    """A gold dot with a dark rim (a dora on a card's corner, or beside its legend)."""
    c.draw.ellipse(
        (cx - DOT_R, cy - DOT_R, cx + DOT_R, cy + DOT_R), fill=GOLD, outline=(40, 30, 0), width=2
    )


DRAWN_W = 66


def drawn(c: Canvas, x: float, y: float, card: str, labels: Sequence[str]) -> float:
    """The drawn card apart, once with each end up (W, then B), each with its label; returns
    the width used."""
    sx = x
    for upright, label in zip(("W", "B"), labels, strict=True):
        parts.paste_card(c, hold(card, upright), sx, y, DRAWN_W, ring=GOLD)
        mid = y + card_height(DRAWN_W) / 2
        c.text((sx + DRAWN_W + 12, mid), label, 28, TEXT, "lm", bold=True)
        sx += DRAWN_W + 12 + text.text_width(label, 28) + 30
    return sx - 30 - x


def drawn_height() -> int:
    """The height `drawn` takes."""
    return card_height(DRAWN_W)


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


def own_panel(
    labels: Labels,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    seat: int,
    blocks: Sequence[Block],
) -> Section:
    """The viewer's seat: its first line (`seat_head`), then its blocks one under another."""
    height = PAD + LINE_H + 4 + sum(h + 10 for h, _ in blocks) - 10 + PAD

    def draw(c: Canvas, box: Box) -> None:
        seat_head(c, box, labels, view, players, seat, seat)
        y = box[1] + PAD + LINE_H + 4
        for block_h, block in blocks:
            block(c, box[0] + PAD, y)
            y += block_h + 10

    return height, draw


def rotate_pair(
    labels: Labels,
    hand: Sequence[str],
    caption: Callable[[str, list[str], str], tuple[Text, Colour]],
    draw_hand: HandDrawer,
) -> Block:
    """Both versions of the hand, as dealt and rotated, one under the other beside the rotate
    question; `caption(key, cards, locale)` says what each version is (`as_dealt`, `turned`)."""
    versions = [("as_dealt", list(hand)), ("turned", rotated(hand))]
    block = 36 + hand_height(len(hand), ROOM, numbers=False)

    def draw(c: Canvas, x: float, y: float) -> None:
        c.text((x + ROOM, y), labels("rotate_ask", c.locale), BODY, GOLD, "ra", bold=True)
        for k, (key, cards) in enumerate(versions):
            top = y + k * (block + 8)
            line, colour = caption(key, cards, c.locale)
            c.text((x, top), line, LABEL, colour, "la", bold=True)
            draw_hand(c, cards, x, top + 36, numbers=False)

    return 2 * block + 8, draw


def drawn_block(
    labels: Labels, hand: Sequence[str], card: str, locale: str, draw_hand: HandDrawer
) -> Block:
    """The drawn card apart with both ends, what to pick, and the hand with its gaps numbered."""
    ends = [labels("end_w", locale, n=int(card[1])), labels("end_b", locale, n=int(card[3]))]
    head = 30 + drawn_height() + 14

    def draw(c: Canvas, x: float, y: float) -> None:
        c.text((x, y), labels("drawn", c.locale), BODY, TEXT_DIM, "la", bold=True)
        used = drawn(c, x, y + 30, card, ends)
        room = ROOM - used - 24
        mid = y + 30 + drawn_height() / 2
        pick = labels("pick_gap", c.locale, n=len(hand) + FIRST_GAP)
        c.text((x + ROOM, mid - 18), pick, BODY, GOLD, "rm", bold=True, max_width=room)
        c.text(
            (x + ROOM, mid + 18),
            labels("pick_end", c.locale),
            BODY,
            GOLD,
            "rm",
            bold=True,
            max_width=room,
        )
        draw_hand(c, hand, x, y + head, gaps=True)

    return head + hand_height(len(hand), ROOM, gaps=True), draw


def preview_block(
    title: Text,
    line: tuple[Text, Colour],
    after: tuple[list[str], int],
    draw_hand: HandDrawer,
    *,
    bold: bool,
) -> Block:
    """The hand as it would be after a proposed insert: `title`, then `line` (what it would
    make of the hand), then the hand with the new card ringed and its number lit."""
    cards, fresh = after

    def draw(c: Canvas, x: float, y: float) -> None:
        c.text((x, y), title, LABEL, HIGHLIGHT, "la", bold=True, max_width=ROOM)
        c.text((x, y + 34), line[0], BODY, line[1], "la", bold=bold, max_width=ROOM)
        draw_hand(c, cards, x, y + 72, fresh=fresh)

    return 72 + hand_height(len(cards), ROOM), draw


# --------------------------------------------------------------------------- small cards

SMALL_W = 54
TABLE_W = 48


def small_hand(
    c: Canvas,
    cards: Sequence[str],
    x: float,
    y: float,
    melds: Sequence[Sequence[Any]] = (),
    width: int = SMALL_W,
    ring: int | None = None,
    dots: Sequence[int] = (),
) -> float:
    """A hand shown at a round's end, melds bracketed (`ring`: a card to ring, the winning
    one; `dots`: cards to dot, the dora); returns the width used."""
    step = width + 4
    lefts = [x + k * step for k in range(len(cards))]
    brackets(c, lefts, width, y, melds)
    top = y + BRACKET_ROOM
    for k, (lx, code) in enumerate(zip(lefts, cards, strict=True)):
        lit = HIGHLIGHT if k == ring else None
        parts.paste_card(c, code, lx, top, width, shadow=False, ring=lit)
        if k in dots:
            dot(c, lx + width - 2, top + 2)
    return step * len(cards) - 4 if cards else 0


def small_hand_height(width: int = SMALL_W) -> int:
    """The height `small_hand` takes."""
    return BRACKET_ROOM + card_height(width)


def rows_of(count: int, width: int, room: float, gap: int = 4) -> int:
    """How many rows `card_rows` needs for `count` cards."""
    per_row = max(1, int((room + gap) // (width + gap)))
    return max(1, -(-count // per_row))


def card_rows(
    c: Canvas,
    codes: Sequence[str],
    x: float,
    y: float,
    room: float,
    width: int = TABLE_W,
    *,
    dims: Sequence[bool] = (),
    gap: int = 4,
) -> float:
    """Table cards left to right in rows that wrap (nothing overlaps); returns the height."""
    per_row = max(1, int((room + gap) // (width + gap)))
    row_h = card_height(width) + 6
    for k, code in enumerate(codes):
        r, col = divmod(k, per_row)
        dim = k < len(dims) and dims[k]
        parts.paste_card(
            c, code, x + col * (width + gap), y + r * row_h, width, dim=dim, shadow=False
        )
    return rows_of(len(codes), width, room, gap) * row_h - 6


def card_rows_height(count: int, room: float, width: int = TABLE_W, gap: int = 4) -> float:
    """The height `card_rows` takes."""
    return rows_of(count, width, room, gap) * (card_height(width) + 6) - 6


# --------------------------------------------------------------------------- text


def lines(
    c: Canvas,
    entries: Sequence[tuple[Text, Colour]],
    x: float,
    y: float,
    width: float,
    size: int = BODY,
    step: int = 32,
) -> float:
    """Lines of text, each cut to `width`; returns the height used."""
    for k, (line, colour) in enumerate(entries):
        c.text((x, y + k * step), line, size, colour, "la", max_width=width)
    return len(entries) * step


def dark_box(c: Canvas, box: tuple[float, float, float, float]) -> None:
    """The table's felt-dark middle."""
    c.draw.rounded_rectangle(box, 18, fill=FELT_DARK, outline=(40, 96, 70), width=2)


def stock_corner(c: Canvas, box: Box, labels: Labels, view: Mapping[str, Any]) -> float:
    """The middle's felt and, at its left, the stock with its count; returns the top of the
    cards under the headings."""
    x0, y0, _, _ = box
    locale = c.locale
    dark_box(c, box)
    top = y0 + PAD + 30
    stock = int(view.get("stock_count") or 0)
    c.text((x0 + PAD, y0 + PAD), labels("stock", locale), BODY, TEXT, "la", bold=True)
    parts.face_down_pile(
        c, x0 + PAD, top, stock, STOCK_W, label=labels("cards", locale, n=stock), size=BODY
    )
    return top


def turn(
    c: Canvas,
    box: Box,
    labels: Labels,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    own: int | None,
    left: float,
) -> None:
    """Whose turn, at the middle's top right (no further left than `left`)."""
    _, y0, x1, _ = box
    seat = view.get("turn")
    if not isinstance(seat, int) or view.get("over"):
        return
    mine = seat == own
    pill: Text = (
        labels("your_turn", c.locale)
        if mine
        else labels.named("turn_of", c.locale, name=name_of(players, seat, c.locale))
    )
    parts.turn_pill(c, x1 - PAD, y0 + PAD, pill, mine, x1 - PAD - left)


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
    """Victory or defeat for a person looking at their own seat, else the winners by name
    (labels `victory`, `defeat`, `winner`, `shared`)."""
    if own is not None and 0 <= own < len(players) and not players[own].is_cpu:
        return labels("victory" if own in winners else "defeat", locale)
    if len(winners) == 1:
        return labels.named("winner", locale, name=name_of(players, winners[0], locale))
    return labels.named(
        "shared", locale, names=" · ".join(name_of(players, w, locale) for w in winners)
    )


# --------------------------------------------------------------------------- the round's end


def round_heading(c: Canvas, box: Box, title: str, head: Text, reserve: float = 0) -> None:
    """The round-end panel's first line: `title` (the round) dim, then how it ended in gold,
    cut to the panel's width less `reserve` (what the game puts at the right)."""
    x0, y0, x1, _ = box
    width = text.text_width(title, LABEL)
    c.text((x0 + PAD, y0 + PAD), title, LABEL, TEXT_DIM, "la", bold=True)
    room = x1 - x0 - 2 * PAD - width - reserve
    c.text((x0 + PAD + width, y0 + PAD), head, LABEL, GOLD, "la", bold=True, max_width=room)


def name_row(
    c: Canvas,
    box: Box,
    y: float,
    name: Text,
    right: Text,
    colour: Colour,
    sizes: tuple[int, int],
    *,
    bold: bool = True,
) -> None:
    """A seat's line in a panel: its `name` at the left (cut to the room left), `right` (its
    figures) at the right; `sizes`: (the name's, the figures')."""
    x0, _, x1, _ = box
    name_size, right_size = sizes
    right_w = text.text_width(right, right_size)
    c.text((x1 - PAD, y), right, right_size, colour, "ra", bold=True)
    c.text(
        (x0 + PAD, y),
        name,
        name_size,
        colour,
        "la",
        bold=bold,
        max_width=x1 - x0 - 3 * PAD - right_w,
    )


# --------------------------------------------------------------------------- the game's end


def result_height(view: Mapping[str, Any]) -> int:
    """The height `result` takes."""
    return 22 + 58 + 40 + 34 * int(view["seats"]) + 24


def result(
    c: Canvas,
    box: Box,
    labels: Labels,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    own: int | None,
    reason: Text,
) -> None:
    """Victory or defeat (the viewer's own, or the winners by name), `reason`, every total."""
    locale = c.locale
    outcome = view.get("result") or {}
    winners = list(outcome.get("winners") or [])
    totals = list(outcome.get("totals") or view.get("totals") or [])
    title = result_title(labels, locale, players, winners, own)
    order = sorted(range(len(totals)), key=lambda s: (-totals[s], s))
    lines: list[Text] = [
        labels.named("total_line", locale, name=name_of(players, s, locale), n=totals[s])
        for s in order
    ]
    parts.result_panel(c, box, title, reason, lines)


def rounds_height(rows: int) -> int:
    """The height `rounds_table` takes for `rows` rounds."""
    return round(22 * 1.7) * (rows + 2) + 8


def rounds_table(
    c: Canvas,
    x: float,
    y: float,
    width: float,
    labels: Labels,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    rounds: Sequence[tuple[str, Mapping[str, Any]]],
) -> None:
    """The scores of `rounds` ((what the round is called, its entry)) by seat, then the totals."""
    locale = c.locale
    seats = int(view["seats"])
    headers = [labels("rounds_col", locale)] + [name_of(players, s, locale) for s in range(seats)]
    rows = [[name] + [signed(int(r["scores"][s])) for s in range(seats)] for name, r in rounds]
    totals = list(view.get("totals") or [0] * seats)
    rows.append([labels("total_row", locale)] + [str(t) for t in totals])
    parts.score_table(c, x, y, width, headers, rows, highlight=[len(rows) - 1])


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
