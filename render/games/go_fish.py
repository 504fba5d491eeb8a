"""Go Fish table: every seat's hand size and books, the stock, whose turn, the last asks in
words, and (private image) the viewer's hand grouped by rank; the result once over.

A private image puts the other seats at the top in play order from the viewer's left, the
table (stock, turn, the last asks and answers) in the middle and the viewer's own seat and
hand at the bottom. The public image shows every seat in seat order, then the table, and no
hand. Other hands are drawn as backs with their count; face up are only the viewer's own
cards, books (all four cards of a rank, public) and a drawn card that matched the ask (shown
to everyone). The card a miss draws appears, in words, only in its drawer's image.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from PIL import Image

from engines.base import Game, game_class
from engines.cards import RANKS, card_label
from engines.cpu import cpu_chooser
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

GAME = "go-fish"
MARGIN = 12
HEADER_H = 60
PAD = 14
NAME = 28
BADGE = 20
COUNT = 24
"""Text size of a seat's hand count: the number players watch, readable at half size."""
LINE_H = 48
"""Height of a seat's first line: name, backs and count, badges."""
NAME_W = 250
"""Most width a name takes on its line (long names are cut)."""
BACK_W = 30
"""Card width of another seat's face-down hand."""
BACK_STEP = 7
MOST_BACKS = 10
BOOKS_LABEL_W = 120
"""Room for "Books 3" left of the books."""
BOOK_W = 50
"""Card width of a book (a small face: its big index reads at half size)."""
BOOK_STEP = 5
"""Offset of the four cards of a book: a neat stack with the top card whole."""
BOOK_GAP = 10
LOG_SIZE = 24
LOG_LINE = 34
HAND_W = (104, 92, 80, 72)
"""Card widths tried for the viewer's hand, largest first, until it fits in two rows."""
HAND_STEP = 0.32
"""Overlap inside a rank group (the index of every card stays in view)."""
GROUP_GAP = 18
GROUP_LABEL = 24
PILE_W = 40
TOP_ROW = 64
"""Height of the table's first row: the stock and whose turn."""
LOG_INDENT = 28
RESULT_LINE = 34

# Go Fish's own labels: (ja, en); `_one` forms where English needs a singular.
_STRINGS: dict[str, tuple[str, str]] = {
    "title": ("ゴーフィッシュ", "Go Fish"),
    "standard": ("標準・13本", "Standard · 13 books"),
    "early_end": ("早期終了", "Early end"),
    "refill5": ("補充5枚", "Refill 5"),
    "hand_count": ("手札 {n}枚", "{n} cards"),
    "hand_count_one": ("手札 {n}枚", "{n} card"),
    "books": ("本 {n}", "Books {n}"),
    "stock": ("山札 {n}枚", "Stock {n}"),
    "stock_empty": ("山札なし", "No stock"),
    "hand_empty": ("手札はありません", "Your hand is empty"),
    "your_turn": ("あなたの番", "Your turn"),
    "turn_of": ("{name} の番", "{name} to ask"),
    "first": ("{name} が最初に聞きます", "{name} asks first"),
    "asked": ("{a}が{b}に {rank} を聞いた", "{a} asked {b} for {rank}"),
    "gave": ("{b}が{n}枚渡した", "{b} gave {n}"),
    "go_fish": ("Go Fish！", "Go fish!"),
    "drew": ("1枚引いた", "drew a card"),
    "drew_card": ("{card} を引いた", "drew {card}"),
    "lucky": ("聞いたランクの {card} を引いて続行", "drew the asked rank ({card}) and goes on"),
    "no_stock": ("山札なし", "no stock"),
    "book": ("{rank} の本", "book of {rank}"),
    "dealt_book": ("{a}：配られた {rank} の本", "{a}: dealt a book of {rank}"),
    "refill": ("{a}：手札が空で{n}枚補充", "{a}: empty hand, drew {n}"),
    "refill_cards": ("{a}：手札が空で {cards} を補充", "{a}: empty hand, drew {cards}"),
    "skip": ("{a}：手札も山札もなく番を飛ばす", "{a}: no cards, no stock: turn skipped"),
    "winner": ("{name} の勝ち", "{name} wins"),
    "shared": ("同点優勝", "Shared win"),
    "all_books": ("全13本がそろいました", "All 13 books are made"),
    "ended_stock": ("山札がなくなりました", "The stock ran out"),
    "ended_hand": ("手札が空になりました", "A hand ran out"),
    "result_line": ("{name}  {n}本", "{name}  {n} books"),
    "result_line_one": ("{name}  {n}本", "{name}  {n} book"),
    "to_play": ("手番", "To ask"),
    "cpu": ("CPU", "CPU"),
    "you": ("あなた", "You"),
    "winning": ("勝ち", "Wins"),
}
_RANK_WORDS_EN = {"A": "Aces", "T": "10s", "J": "Jacks", "Q": "Queens", "K": "Kings"}
SEP = {"ja": "・", "en": " · "}
NAMES = ("a", "b", "name")
"""Fields of a label that hold a player's name: cut first when the label is too wide."""


def tr(key: str, locale: str, **params: object) -> str:
    """One of this layout's labels in `locale` (English for any other), filled in."""
    return _pattern(key, locale, params).format(**params)


def named(key: str, locale: str, **params: object) -> Template:
    """A label whose name fields (`a`, `b`, `name`) are cut first when it is too wide."""
    cut = tuple(k for k in params if k in NAMES)
    return Template.of(_pattern(key, locale, params), params, cut)


def _pattern(key: str, locale: str, params: Mapping[str, object]) -> str:
    if params.get("n") == 1 and f"{key}_one" in _STRINGS:
        key = f"{key}_one"
    ja, en = _STRINGS[key]
    return ja if locale == "ja" else en


def labels() -> dict[str, tuple[str, str]]:
    """Every label as key -> (ja, en) (a test checks both languages are filled)."""
    return dict(_STRINGS)


def rank_word(rank: str, locale: str) -> str:
    """A rank asked for: "7s", "Aces" in English; "7", "A" in Japanese."""
    face = "10" if rank == "T" else rank
    if locale == "ja":
        return face
    return _RANK_WORDS_EN.get(rank, face + "s")


# --------------------------------------------------------------------------- the image


def render(
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    locale: str,
    style: CardStyle,
    viewer: int | None,
) -> Image.Image:
    """The table image of one Go Fish view; every part as tall as what it holds."""
    seats = int(view["seats"])
    inner = WIDTH - 2 * MARGIN
    own = viewer if viewer is not None and 0 <= viewer < seats and "hand" in view else None
    order = [(own + k) % seats for k in range(1, seats)] if own is not None else list(range(seats))
    bands = [(seat, _band_height(view, seat, inner)) for seat in order]
    middle_h = _middle_height(view, players, locale)
    own_h = _own_height(view, own, inner) if own is not None else 0
    total = HEADER_H + MARGIN + sum(h + MARGIN for _, h in bands) + middle_h + MARGIN
    if own is not None:
        total += own_h + MARGIN
    c = Canvas.new(WIDTH, total, locale, style)
    _header(c, view)
    y = HEADER_H + MARGIN
    for seat, height in bands:
        _band(c, view, players, seat, own, (MARGIN, y, MARGIN + inner, y + height))
        y += height + MARGIN
    _middle(c, view, players, own, (MARGIN, y, MARGIN + inner, y + middle_h))
    y += middle_h + MARGIN
    if own is not None:
        _own(c, view, players, own, (MARGIN, y, MARGIN + inner, y + own_h))
    return c.image


def _header(c: Canvas, view: Mapping[str, Any]) -> None:
    locale = c.locale
    rules = tr("early_end" if view.get("rules") == "early_end" else "standard", locale)
    if view.get("refill") == 5 and view.get("rules") != "early_end":
        rules += SEP.get(locale, " · ") + tr("refill5", locale)
    parts.header(c, tr("title", locale), rules, HEADER_H)


def _name(players: Sequence[PlayerInfo], seat: int, locale: str) -> str:
    if seat < len(players):
        return players[seat].name
    return ("席 {n}" if locale == "ja" else "Seat {n}").format(n=seat + 1)


def _player(players: Sequence[PlayerInfo], seat: int, locale: str) -> PlayerInfo:
    return players[seat] if seat < len(players) else PlayerInfo(_name(players, seat, locale))


# --------------------------------------------------------------------------- seat bands
# A band is one seat across the image: its name, hand size (backs and the count) and badges
# on the first line, its books (if any) on the lines under it. The viewer's own band ends
# with its hand instead of backs.


def _book_w() -> int:
    return BOOK_W + 3 * BOOK_STEP


def _book_rows(count: int, width: float) -> list[int]:
    per_row = max(1, int((width + BOOK_GAP) // (_book_w() + BOOK_GAP)))
    return parts.wrap(count, per_row)


def _books_height(view: Mapping[str, Any], seat: int, inner: float) -> int:
    books = view["books"][seat]
    if not books:
        return 0
    rows = _book_rows(len(books), inner - 2 * PAD - BOOKS_LABEL_W)
    return 8 + len(rows) * (card_height(BOOK_W) + 8)


def _band_height(view: Mapping[str, Any], seat: int, inner: float) -> int:
    return PAD + LINE_H + _books_height(view, seat, inner) + PAD


def _badges(
    c: Canvas, view: Mapping[str, Any], player: PlayerInfo, seat: int, own: int | None
) -> list[tuple[str, tuple[int, ...], tuple[int, ...]]]:
    locale = c.locale
    result = view.get("result") or {}
    out: list[tuple[str, tuple[int, ...], tuple[int, ...]]] = []
    if seat in (view.get("to_act") or []):
        out.append((tr("to_play", locale), GOLD, (20, 20, 20)))
    if view.get("over") and seat in (result.get("winners") or []):
        out.append((tr("winning", locale), GOLD, (20, 20, 20)))
    if player.is_cpu:
        out.append((tr("cpu", locale), CPU, (255, 255, 255)))
    if seat == own:
        out.append((tr("you", locale), HIGHLIGHT, (20, 20, 20)))
    return out


def _first_line(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    seat: int,
    own: int | None,
    box: tuple[float, float, float, float],
) -> None:
    """Name, hand size and badges; the frame gold for the seat to ask (or a winner)."""
    x0, y0, x1, _ = box
    locale = c.locale
    player = _player(players, seat, locale)
    badges = _badges(c, view, player, seat, own)
    lit = any(bg == GOLD for _, bg, _ in badges)
    parts.panel(c, box, outline=GOLD if lit else PANEL_EDGE, width=4 if lit else 2)
    mid = y0 + PAD + LINE_H / 2
    right = x1 - PAD
    for label, bg, fg in badges:
        width = parts.badge(c, right, mid - BADGE * 0.725, label, bg, fg, BADGE, anchor="r")
        right -= width + 6
    size = int(view["hand_counts"][seat])
    count = tr("hand_count", locale, n=size)
    count_w = text.text_width(count, COUNT) + 4
    fan_w = 0.0 if seat == own else BACK_W + BACK_STEP * (min(size, MOST_BACKS) - 1)
    if seat != own and size == 0:
        fan_w = 0.0
    space = right - 12 - (x0 + PAD)
    name_w = max(80.0, min(NAME_W, space - fan_w - count_w - 24))
    c.text((x0 + PAD, mid), player.name, NAME, TEXT, "lm", bold=True, max_width=name_w)
    x = x0 + PAD + name_w + 16
    if fan_w:
        top = mid - card_height(BACK_W) / 2
        for k in range(min(size, MOST_BACKS)):
            parts.paste_card(c, None, x + k * BACK_STEP, top, BACK_W, shadow=k == 0)
        x += fan_w + 10
    colour = TEXT if size else TEXT_DIM
    c.text((x, mid), count, COUNT, colour, "lm", bold=True, max_width=right - 12 - x)


def _band(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    seat: int,
    own: int | None,
    box: tuple[float, float, float, float],
) -> None:
    _first_line(c, view, players, seat, own, box)
    _books(c, view, seat, box[0] + PAD, box[1] + PAD + LINE_H + 8, box[2] - box[0] - 2 * PAD)


def _books(
    c: Canvas, view: Mapping[str, Any], seat: int, x0: float, y0: float, width: float
) -> None:
    """A seat's books: its count, then each book as the four cards of its rank, stacked."""
    books = list(view["books"][seat])
    if not books:
        return
    c.text(
        (x0, y0 + card_height(BOOK_W) / 2),
        tr("books", c.locale, n=len(books)),
        COUNT - 2,
        GOLD,
        "lm",
        bold=True,
        max_width=BOOKS_LABEL_W - 10,
    )
    y = y0
    start = 0
    for count in _book_rows(len(books), width - BOOKS_LABEL_W):
        x = x0 + BOOKS_LABEL_W
        for rank in books[start : start + count]:
            for k, suit in enumerate("CDHS"):
                parts.paste_card(c, rank + suit, x + k * BOOK_STEP, y, BOOK_W, shadow=k == 0)
            x += _book_w() + BOOK_GAP
        start += count
        y += card_height(BOOK_W) + 8


# --------------------------------------------------------------------------- the viewer


def _own_height(view: Mapping[str, Any], seat: int, inner: float) -> int:
    card_w, rows = _hand_layout(view, inner)
    if view.get("hand"):
        hand = 12 + len(rows) * _hand_row_h(card_w)
    else:
        hand = 0 if view.get("over") else 12 + 44
    return PAD + LINE_H + _books_height(view, seat, inner) + hand + PAD


def _own(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    seat: int,
    box: tuple[float, float, float, float],
) -> None:
    """The viewer's seat: its first line and books, then its hand, one group per rank."""
    x0, y0, x1, _ = box
    _first_line(c, view, players, seat, seat, box)
    books_h = _books_height(view, seat, x1 - x0)
    _books(c, view, seat, x0 + PAD, y0 + PAD + LINE_H + 8, x1 - x0 - 2 * PAD)
    _hand(c, view, x0, y0 + PAD + LINE_H + books_h + 12, x1)


# --------------------------------------------------------------------------- the table


def _middle_height(view: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str) -> int:
    if view.get("over"):
        return 22 + 58 + 40 + RESULT_LINE * int(view["seats"]) + 24
    rows = len(_log_rows(view, players, locale, None, WIDTH - 2 * MARGIN - 2 * PAD))
    return PAD + TOP_ROW + 8 + max(1, rows) * LOG_LINE + PAD


def _middle(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    own: int | None,
    box: tuple[float, float, float, float],
) -> None:
    """The stock and whose turn on top, then the last asks and answers (the result, once
    over)."""
    x0, y0, x1, _ = box
    locale = c.locale
    c.draw.rounded_rectangle(box, 18, fill=FELT_DARK, outline=(40, 96, 70), width=2)
    if view.get("over") and view.get("result"):
        _result(c, view, players, box)
        return
    stock = int(view["stock"])
    label = tr("stock", locale, n=stock) if stock else tr("stock_empty", locale)
    used, _ = parts.face_down_pile(
        c, x0 + PAD, y0 + PAD, stock, PILE_W, label=label, size=COUNT, beside=True
    )
    turn = view.get("turn")
    if isinstance(turn, int):
        mine = turn == own
        pill: Text = (
            tr("your_turn", locale)
            if mine
            else named("turn_of", locale, name=_name(players, turn, locale))
        )
        top = y0 + PAD + (TOP_ROW - parts.TURN_PILL * 1.45) / 2
        parts.turn_pill(c, x1 - PAD, top, pill, mine, x1 - PAD - (x0 + PAD + used + 24))
    y = y0 + PAD + TOP_ROW + 8
    rows = _log_rows(view, players, locale, own, x1 - x0 - 2 * PAD)
    if not rows and isinstance(view.get("first"), int):
        rows = [(named("first", locale, name=_name(players, view["first"], locale)), TEXT, 0)]
    for line, colour, indent in rows:
        c.text(
            (x0 + PAD + indent, y),
            line,
            LOG_SIZE,
            colour,
            "la",
            max_width=x1 - x0 - 2 * PAD - indent,
        )
        y += LOG_LINE


Colour = tuple[int, int, int]


def _log_rows(
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    locale: str,
    own: int | None,
    width: float,
) -> list[tuple[Text, Colour, int]]:
    """The log lines as drawn: a line too wide goes on over a second, indented row (the ask
    and its answer, then what followed), so names need not be cut to nothing."""
    sep = SEP.get(locale, " · ")
    rows: list[tuple[Text, Colour, int]] = []
    for pieces, colour in _log_lines(view, players, locale, own):
        whole = _joined(pieces, sep, locale)
        if len(pieces) <= 2 or text.text_width(whole, LOG_SIZE) <= width:
            rows.append((whole, colour, 0))
            continue
        rows.append((_joined(pieces[:2], sep, locale), colour, 0))
        rows.append((_joined(pieces[2:], sep, locale, colon=False), colour, LOG_INDENT))
    return rows


def _log_lines(
    view: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str, own: int | None
) -> list[tuple[list[Text], Colour]]:
    """The last few asks and what came of them, each as its pieces ("A asked B for 7s",
    "Go fish!", "drew a card", "book of 7s"), the newest last.

    The viewer's own draws are named from its private sightings; other draws stay "a card".
    """
    log = list(view.get("log") or [])
    seen = {entry["at"]: entry["cards"] for entry in view.get("private") or []}
    most = 4 if int(view["seats"]) <= 2 else 5
    lines: list[tuple[list[Text], Colour]] = []
    current: list[Text] | None = None
    for at, entry in enumerate(log):
        kind, seat = entry["type"], entry["seat"]
        name = _name(players, seat, locale)
        if kind == "ask":
            b = _name(players, entry["target"], locale)
            rank = rank_word(entry["rank"], locale)
            answer: Text = (
                named("gave", locale, b=b, n=entry["count"])
                if entry["count"]
                else tr("go_fish", locale)
            )
            current = [named("asked", locale, a=name, b=b, rank=rank), answer]
            if entry["count"] == 0 and not _drew_next(log, at):
                current.append(tr("no_stock", locale))
            colour = TEXT if own in (seat, entry["target"]) else TEXT_DIM
            lines.append((current, colour))
        elif kind == "draw" and current is not None:
            if entry.get("lucky"):
                current.append(tr("lucky", locale, card=card_label(entry["card"])))
            elif at in seen and seat == own:
                current.append(tr("drew_card", locale, card=card_label(seen[at][0])))
            else:
                current.append(tr("drew", locale))
        elif kind == "book" and current is not None:
            current.append(tr("book", locale, rank=rank_word(entry["rank"], locale)))
        elif kind == "book":
            dealt = named("dealt_book", locale, a=name, rank=rank_word(entry["rank"], locale))
            lines.append(([dealt], TEXT_DIM))
        elif kind == "refill":
            if at in seen and seat == own:
                cards = " ".join(card_label(card) for card in seen[at])
                lines.append(([named("refill_cards", locale, a=name, cards=cards)], TEXT))
            else:
                lines.append(([named("refill", locale, a=name, n=entry["count"])], TEXT_DIM))
            current = None
        elif kind == "skip":
            lines.append(([named("skip", locale, a=name)], TEXT_DIM))
            current = None
    return lines[-most:]


def _drew_next(log: Sequence[Mapping[str, Any]], at: int) -> bool:
    return (
        at + 1 < len(log)
        and log[at + 1]["type"] == "draw"
        and log[at + 1]["seat"] == log[at]["seat"]
    )


def _joined(pieces: Sequence[Text], sep: str, locale: str, colon: bool = True) -> Template:
    """The pieces of one line ("A asked B for 7s", "Go fish!", "drew a card") as one label
    whose names are still what gets cut first when it is too wide."""
    patterns = [p.pattern if isinstance(p, Template) else _literal(str(p)) for p in pieces]
    params: dict[str, str] = {}
    for piece in pieces:
        if isinstance(piece, Template):
            params.update(dict(piece.params))
    after = ("：" if locale == "ja" else ": ") if colon else sep
    pattern = patterns[0] + (after + sep.join(patterns[1:]) if len(patterns) > 1 else "")
    return Template(pattern, tuple(params.items()), tuple(k for k in params if k in NAMES))


def _literal(words: str) -> str:
    return words.replace("{", "{{").replace("}", "}}")


def _result(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    box: tuple[float, float, float, float],
) -> None:
    locale = c.locale
    result = view["result"]
    winners = list(result.get("winners") or [])
    counts = list(result.get("book_counts") or [])
    title: Text
    if len(winners) == 1:
        title = named("winner", locale, name=_name(players, winners[0], locale))
    else:
        names = (" ・ " if locale == "ja" else " · ").join(
            _name(players, w, locale) for w in winners
        )
        title = tr("shared", locale) + ("：" if locale == "ja" else ": ") + names
    if view.get("rules") != "early_end":
        reason = tr("all_books", locale)
    elif int(view["stock"]) == 0:
        reason = tr("ended_stock", locale)
    else:
        reason = tr("ended_hand", locale)
    lines = [
        named("result_line", locale, name=_name(players, seat, locale), n=counts[seat])
        for seat in sorted(range(len(counts)), key=lambda s: -counts[s])
    ]
    parts.result_panel(c, box, title, reason, lines)


# --------------------------------------------------------------------------- the hand


def _groups(hand: Sequence[str]) -> list[list[str]]:
    by_rank: dict[str, list[str]] = {}
    for card in hand:
        by_rank.setdefault(card[0], []).append(card)
    return [by_rank[rank] for rank in RANKS if rank in by_rank]


def _group_width(size: int, card_w: int) -> float:
    return card_w + (size - 1) * round(card_w * HAND_STEP)


def _pack(groups: Sequence[Sequence[str]], card_w: int, width: float) -> list[list[int]]:
    """Groups (by index) laid in rows, left to right, a new row when one is full."""
    rows: list[list[int]] = [[]]
    used = 0.0
    for i, group in enumerate(groups):
        need = _group_width(len(group), card_w)
        if rows[-1] and used + GROUP_GAP + need > width:
            rows.append([])
            used = 0.0
        used += (GROUP_GAP if rows[-1] else 0) + need
        rows[-1].append(i)
    return rows


def _hand_layout(view: Mapping[str, Any], inner: float) -> tuple[int, list[list[int]]]:
    """The card width and rows of the hand: one row if it fits at any size tried, else two."""
    groups = _groups(view.get("hand") or [])
    width = inner - 2 * PAD
    for most in (1, 2):
        for card_w in HAND_W:
            rows = _pack(groups, card_w, width)
            if len(rows) <= most:
                return card_w, rows
    return HAND_W[-1], _pack(groups, HAND_W[-1], width)


def _hand_row_h(card_w: int) -> int:
    return card_height(card_w) + 6 + round(GROUP_LABEL * 1.4) + 6


def _hand(c: Canvas, view: Mapping[str, Any], x0: float, top: float, x1: float) -> None:
    """The viewer's hand: one overlapping group per rank, its count under it."""
    hand = list(view.get("hand") or [])
    if not hand:
        if not view.get("over"):
            c.text(((x0 + x1) / 2, top + 22), tr("hand_empty", c.locale), 24, TEXT_DIM, "mm")
        return
    groups = _groups(hand)
    card_w, rows = _hand_layout(view, x1 - x0)
    step = round(card_w * HAND_STEP)
    for r, row in enumerate(rows):
        used = sum(_group_width(len(groups[i]), card_w) for i in row) + GROUP_GAP * (len(row) - 1)
        x = x0 + (x1 - x0 - used) / 2
        y = top + r * _hand_row_h(card_w)
        for i in row:
            group = groups[i]
            for k, card in enumerate(group):
                parts.paste_card(c, card, x + k * step, y, card_w)
            width = _group_width(len(group), card_w)
            colour = GOLD if len(group) == 3 else TEXT if len(group) == 2 else TEXT_DIM
            c.text(
                (x + width / 2, y + card_height(card_w) + 6 + GROUP_LABEL * 0.7),
                f"×{len(group)}",
                GROUP_LABEL,
                colour,
                "mm",
                bold=len(group) > 1,
            )
            x += width + GROUP_GAP


# --------------------------------------------------------------------------- samples

SAMPLE_PLAYERS = (
    PlayerInfo("たろう"),
    PlayerInfo("Alice"),
    PlayerInfo("CPU 1", is_cpu=True),
    PlayerInfo("CPU 2", is_cpu=True),
)
"""Who sits at the sample tables of `cardbot render go-fish`."""


def sample_moments(seed: int) -> Iterator[tuple[str, Game]]:
    """(label, game) of a 4-seat game (normal CPUs in every seat): the start, the first hand-over,
    the first lucky draw, the first book after the deal, the stock running out, and the end;
    then a 2-seat game at its start. Each game yielded is a snapshot (a copy through JSON)."""
    cls = game_class(GAME)
    game = cls.new(4, {}, seed)
    yield "start", cls.from_json(game.to_json())
    decide = cpu_chooser(GAME, ["normal"] * 4, seed, "samples")
    wanted = ["given", "lucky", "book", "no-stock"]
    while not game.is_over():
        before = len(game.view(None)["log"])
        game.autoplay(decide, limit=1)
        view = game.view(None)
        new = view["log"][before:]
        found = None
        if "given" in wanted and any(e["type"] == "ask" and e["count"] for e in new):
            found = "given"
        elif "lucky" in wanted and any(e["type"] == "draw" and e["lucky"] for e in new):
            found = "lucky"
        elif "book" in wanted and any(e["type"] == "book" for e in new):
            found = "book"
        elif "no-stock" in wanted and view["stock"] == 0:
            found = "no-stock"
        if found is not None:
            wanted.remove(found)
            yield f"{found}-{len(view['log'])}", cls.from_json(game.to_json())
    yield "end", game
    yield "two-seats", cls.new(2, {}, seed)


def sample_hand(seed: int) -> tuple[list[str], list[bool], set[int]] | None:
    """The first seat's opening hand in a 2-seat game of `seed` (by rank), for the hand strip."""
    hand = list(game_class(GAME).new(2, {}, seed).view(0)["hand"])
    return hand, [True] * len(hand), set()
