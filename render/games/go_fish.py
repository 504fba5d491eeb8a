"""Go Fish table, made for the box: every seat's hand size and books, the stock, whose turn,
the last asks in words, and (private image) the viewer's hand grouped by rank; the result once
over.

Landscape. A private image puts the other seats in a row at the top in play order from the
viewer's left, the table (stock, turn, the last asks and answers) under them and the viewer's
own seat and hand at the bottom. The public image shows every seat alike (two or three side by
side, four in a square), the table under them, and no hand. Other hands are drawn as backs with
their count; face up are only the viewer's own cards and a drawn card that matched the ask
(shown to everyone); a book (all four cards of a rank, public) is a small stack showing its
rank only, so no card under it shows a sliver of its face. The card a miss draws appears, in
words, only in its drawer's image. The older asks are the embed's log, not the image's.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from engines.cards import RANKS, card_label
from engines.cpu import cpu_chooser
from engines.game import Game
from engines.registry import game_class
from render import kit, parts, text
from render.parts import Canvas, PlayerInfo, Seat
from render.strings import Labels
from render.text import Template, Text
from render.theme import (
    FELT_DARK,
    GOLD,
    PANEL_EDGE,
    T_BODY,
    T_NAME,
    T_SMALL,
    T_TITLE,
    TEXT,
    TEXT_DIM,
    card_height,
)

GAME = "go-fish"
PAD = 12
"""Space inside a seat's panel."""
NAME_H = 40
"""Height of a seat's first line: its name and badges."""
COUNT_H = 40
"""Height of a seat's second line: its hand (backs) and counts."""
BACK_W = 30
"""Card width of another seat's face-down hand."""
BACK_STEP = 7
MOST_BACKS = 10
BOOK_W = 46
"""Width of a book's tile (its rank in the corner, big)."""
BOOK_STEP = 40
"""Least distance between two books side by side: the rank of each stays in view."""
BOOK_H = round(BOOK_W * 1.3) + 2 * 4
"""Height of a book's tile with the two edges under it."""
LOG_SIZE = T_BODY
LOG_LINE = round(T_BODY * 1.4)
LOG_INDENT = 28
MOST_LOG = 3
"""At most this many asks in the image; the older ones are the embed's log."""
LOG_PAD = 8
LOG_LEAST = kit.GAP + 2 * LOG_PAD + LOG_LINE
"""Room kept for one ask over the viewer's hand (a hand too big for it takes it)."""
COUNT_W = 150
"""Room a hand count ("13 cards") takes on its line."""
LABEL_W = 130
"""Room "Books 4" takes."""
COUNT_ROOM = 17
"""Room over the hand for the count badges on the corners of the cards."""
HAND_WIDTHS = (120, 112, 104, 98, 92, 88, 84)
"""Card widths of the viewer's hand, largest first: room is left for the asks."""


# Go Fish's own labels: (ja, en); `.one` forms where English needs a singular.
_STRINGS: dict[str, tuple[str, str]] = {
    "title": ("ゴーフィッシュ", "Go Fish"),
    "standard": ("標準・13本", "Standard · 13 books"),
    "early_end": ("早期終了", "Early end"),
    "refill5": ("補充5枚", "Refill 5"),
    "hand_count": ("手札 {n}枚", "{n} cards"),
    "hand_count.one": ("手札 {n}枚", "{n} card"),
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
    "result_line.one": ("{name}  {n}本", "{name}  {n} book"),
    "to_play": ("手番", "To ask"),
    "cpu": ("CPU", "CPU"),
    "you": ("あなた", "You"),
    "winning": ("勝ち", "Wins"),
}
_RANK_WORDS_EN = {"A": "Aces", "T": "10s", "J": "Jacks", "Q": "Queens", "K": "Kings"}
SEP = {"ja": "・", "en": " · "}
NAMES = ("a", "b", "name")
"""Fields of a label that hold a player's name: cut first when the label is too wide."""


LABELS = Labels.pairs(_STRINGS, names=NAMES)
"""This layout's labels (`render.strings.Labels`)."""
tr = LABELS
"""One of this layout's labels in `locale` (English for any other), filled in."""
named = LABELS.named
"""A label whose name fields are cut first when it is too wide."""


def rank_word(rank: str, locale: str) -> str:
    """A rank asked for: "7s", "Aces" in English; "7", "A" in Japanese."""
    face = "10" if rank == "T" else rank
    if locale == "ja":
        return face
    return _RANK_WORDS_EN.get(rank, face + "s")


# --------------------------------------------------------------------------- the image


def _draw(
    c: Canvas, view: Mapping[str, Any], players: Sequence[PlayerInfo], own: int | None
) -> None:
    seats = int(view["seats"])
    top = _header(c, view, players, own) + kit.GAP
    bottom = kit.HEIGHT - kit.MARGIN
    left, right = kit.MARGIN, kit.WIDTH - kit.MARGIN
    over = bool(view.get("over") and view.get("result"))
    if own is None:
        y = _plates(c, view, players, list(range(seats)), None, (left, top, right), 2)
        _table(c, view, players, None, (left, y + kit.GAP, right, bottom))
        return
    others = [(own + k) % seats for k in range(1, seats)]
    y = _plates(c, view, players, others, own, (left, top, right), 3) + kit.GAP
    lines_h = PAD + _plate_lines(view, own, right - left)
    room = bottom - y - lines_h - PAD
    hand_h = 0.0 if over else _hand_height(view, right - left - 2 * PAD, room - LOG_LEAST)
    if hand_h > room - LOG_LEAST:  # a big hand before the asks: they are in the embed too
        hand_h = _hand_height(view, right - left - 2 * PAD, room)
    own_top = bottom - (lines_h + hand_h + PAD)
    _own(c, view, players, own, (left, own_top, right, bottom), lines_h)
    _table(c, view, players, own, (left, y, right, own_top - kit.GAP))


render = kit.layout(_draw)
"""The table image of one Go Fish view."""


def _header(
    c: Canvas, view: Mapping[str, Any], players: Sequence[PlayerInfo], own: int | None
) -> int:
    """The name and rules on the left; the stock and whose turn it is on the right."""
    locale = c.locale
    h = kit.BAR_H
    c.draw.rectangle((0, 0, kit.WIDTH, h), fill=FELT_DARK)
    x: float = kit.MARGIN
    x += c.text((x, h / 2), tr("title", locale), T_TITLE, TEXT, "lm", bold=True) + 20
    right: float = kit.WIDTH - kit.MARGIN
    turn = view.get("turn")
    if isinstance(turn, int) and not view.get("over"):
        mine = turn == own
        pill: Text = (
            tr("your_turn", locale)
            if mine
            else named("turn_of", locale, name=_name(players, turn, locale))
        )
        right -= kit.turn_pill(c, right, (h - kit.PILL_H) / 2, pill, mine, 380) + 20
    stock = int(view["stock"])
    label = tr("stock", locale, n=stock) if stock else tr("stock_empty", locale)
    right -= c.text((right, h / 2), label, T_BODY, TEXT, "rm", bold=True) + 12
    pile_w = 28
    parts.pile_stack(c, right - pile_w - 6, h / 2 - card_height(pile_w) / 2 - 3, stock, pile_w)
    right -= pile_w + 6 + 24
    rules = tr("early_end" if view.get("rules") == "early_end" else "standard", locale)
    if view.get("refill") == 5 and view.get("rules") != "early_end":
        rules += SEP.get(locale, " · ") + tr("refill5", locale)
    if right - x > 80:
        c.text((x, h / 2), rules, T_SMALL, TEXT_DIM, "lm", max_width=right - x)
    return h


def _name(players: Sequence[PlayerInfo], seat: int, locale: str) -> str:
    if seat < len(players):
        return players[seat].name
    return ("席 {n}" if locale == "ja" else "Seat {n}").format(n=seat + 1)


def _player(players: Sequence[PlayerInfo], seat: int, locale: str) -> PlayerInfo:
    return players[seat] if seat < len(players) else PlayerInfo(_name(players, seat, locale))


# --------------------------------------------------------------------------- seats
# A seat's plate: its name and badges; then its hand (backs, or nothing for the viewer, whose
# cards are under it) and counts, with its books beside them when they fit, else under them.


def _plates(
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
    plate_h = max(PAD + _plate_lines(view, s, width) + PAD for s in seats)
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


def _plate_lines(view: Mapping[str, Any], seat: int, width: float) -> float:
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
    return parts.seat_badges(
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
    player = _player(players, seat, locale)
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


def _own(
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
        _hand(c, view, (x0 + PAD, y0 + lines_h, x1 - PAD, y1 - PAD))


# --------------------------------------------------------------------------- the table


def _table(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    own: int | None,
    box: tuple[float, float, float, float],
) -> None:
    """The last asks and answers, as many as there is room for (the result, once over)."""
    x0, y0, x1, y1 = box
    locale = c.locale
    if view.get("over") and view.get("result"):
        c.draw.rounded_rectangle(box, 16, fill=FELT_DARK, outline=(40, 96, 70), width=2)
        _result(c, view, players, (x0 + 8, y0 + 8, x1 - 8, y1 - 8))
        return
    room = int((y1 - y0 - 2 * LOG_PAD) // LOG_LINE)
    if room <= 0:
        return
    rows = _log_rows(view, players, locale, own, x1 - x0 - 2 * PAD, min(room, MOST_LOG))
    if not rows and isinstance(view.get("first"), int):
        rows = [(named("first", locale, name=_name(players, view["first"], locale)), TEXT, 0)]
    height = 2 * LOG_PAD + LOG_LINE * max(1, len(rows))
    c.draw.rounded_rectangle(
        (x0, y0, x1, y0 + height), 16, fill=FELT_DARK, outline=(40, 96, 70), width=2
    )
    y = y0 + LOG_PAD
    for line, colour, indent in rows:
        c.text(
            (x0 + PAD + indent, y + (LOG_LINE - LOG_SIZE) / 2),
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
    most: int = MOST_LOG,
) -> list[tuple[Text, Colour, int]]:
    """The newest log lines as drawn, at most `most` rows: a line too wide goes on over a
    second, indented row (the ask and its answer, then what followed), so names need not be
    cut to nothing; an ask is shown whole or not at all."""
    sep = SEP.get(locale, " · ")
    rows: list[tuple[Text, Colour, int]] = []
    for pieces, colour in reversed(_log_lines(view, players, locale, own)):
        whole = _joined(pieces, sep, locale)
        if len(pieces) <= 2 or text.text_width(whole, LOG_SIZE) <= width:
            entry = [(whole, colour, 0)]
        else:
            entry = [
                (_joined(pieces[:2], sep, locale), colour, 0),
                (_joined(pieces[2:], sep, locale, colon=False), colour, LOG_INDENT),
            ]
        if len(rows) + len(entry) > most:
            break
        rows[:0] = entry
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
    most = MOST_LOG
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
    kit.result(c, box, title, reason, [_standings(players, counts, locale)])


def _standings(players: Sequence[PlayerInfo], counts: Sequence[int], locale: str) -> Template:
    """Every seat's books on one line, most first ("Alice  4 books  ·  Bob  3 books"), the
    names cut alike when the line is too long."""
    pieces, names = [], {}
    for seat in sorted(range(len(counts)), key=lambda s: -counts[s]):
        pattern = LABELS.pattern("result_line", locale, {"n": counts[seat]})
        piece = _literal(pattern.format(name="\0", n=counts[seat]))
        pieces.append(piece.replace("\0", f"{{name{seat}}}"))
        names[f"name{seat}"] = _name(players, seat, locale)
    return Template.of("  ·  ".join(pieces), names, tuple(names))


# --------------------------------------------------------------------------- the hand


def _hand_groups(hand: Sequence[str]) -> list[tuple[str, list[int]]]:
    """The hand's positions by rank, in rank order (no label: the count is on the cards)."""
    by_rank: dict[str, list[int]] = {}
    for i, card in enumerate(hand):
        by_rank.setdefault(card[0], []).append(i)
    return [("", by_rank[r]) for r in RANKS if r in by_rank]


def _hand_height(view: Mapping[str, Any], width: float, room: float) -> float:
    """The height the viewer's hand takes: as big as fits in `room`, cards no wider than
    `HAND_WIDTHS` allows."""
    hand = list(view.get("hand") or [])
    if not hand:
        return 0 if view.get("over") else 44
    groups = [kit.HandGroup(label, tuple(pos)) for label, pos in _hand_groups(hand)]
    card_w, _, rows = kit.hand_layout(
        groups, width, room - COUNT_ROOM, numbers=False, widths=HAND_WIDTHS, lift=0
    )
    return COUNT_ROOM + len(rows) * kit.hand_row_height(card_w, False, 0, labels=False)


def _hand(c: Canvas, view: Mapping[str, Any], box: tuple[float, float, float, float]) -> None:
    """The viewer's hand: one overlapping group per rank, its count ("×3", gold for three of
    a kind) on the corner of the group's last card."""
    hand = list(view.get("hand") or [])
    x0, y0, x1, y1 = box
    if not hand:
        if not view.get("over"):
            c.text(((x0 + x1) / 2, y0 + 22), tr("hand_empty", c.locale), T_BODY, TEXT_DIM, "mm")
        return
    groups = _hand_groups(hand)
    drawn = kit.hand(
        c,
        hand,
        (x0, y0 + COUNT_ROOM, x1, y1),
        groups=groups,
        numbers=False,
        widths=HAND_WIDTHS,
        lift=0,
    )
    for _, positions in groups:
        x, y = drawn.origins[positions[-1]]
        n = len(positions)
        bg, fg = (GOLD, (20, 20, 20)) if n == 3 else (PANEL_EDGE, TEXT)
        right = x + drawn.card_w + COUNT_ROOM
        parts.badge(c, right, y - COUNT_ROOM, f"×{n}", bg, fg, T_SMALL, anchor="r")


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
