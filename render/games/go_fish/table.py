"""The Go Fish image put together (`render`): the top bar, the seats, the table in the middle
(the last asks and answers in words) and, once over, the result.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.cards import card_label
from render import kit, parts, text
from render.games.go_fish.hand import hand_height
from render.games.go_fish.plates import own_panel, plate_lines, seat_plates
from render.games.go_fish.words import (
    LABELS,
    LOG_INDENT,
    LOG_LEAST,
    LOG_LINE,
    LOG_PAD,
    LOG_SIZE,
    MOST_LOG,
    NAMES,
    PAD,
    SEP,
    named,
    rank_word,
    tr,
)
from render.parts import Canvas, PlayerInfo
from render.plates import seat_name
from render.text import Template, Text
from render.theme import FELT_DARK, T_BODY, T_SMALL, T_TITLE, TEXT, TEXT_DIM, card_height


def _draw(
    c: Canvas, view: Mapping[str, Any], players: Sequence[PlayerInfo], own: int | None
) -> None:
    seats = int(view["seats"])
    top = _header(c, view, players, own) + kit.GAP
    bottom = kit.HEIGHT - kit.MARGIN
    left, right = kit.MARGIN, kit.WIDTH - kit.MARGIN
    over = bool(view.get("over") and view.get("result"))
    if own is None:
        y = seat_plates(c, view, players, list(range(seats)), None, (left, top, right), 2)
        _table(c, view, players, None, (left, y + kit.GAP, right, bottom))
        return
    others = [(own + k) % seats for k in range(1, seats)]
    y = seat_plates(c, view, players, others, own, (left, top, right), 3) + kit.GAP
    lines_h = PAD + plate_lines(view, own, right - left)
    room = bottom - y - lines_h - PAD
    hand_h = 0.0 if over else hand_height(view, right - left - 2 * PAD, room - LOG_LEAST)
    if hand_h > room - LOG_LEAST:  # a big hand before the asks: they are in the embed too
        hand_h = hand_height(view, right - left - 2 * PAD, room)
    own_top = bottom - (lines_h + hand_h + PAD)
    own_panel(c, view, players, own, (left, own_top, right, bottom), lines_h)
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
            else named("turn_of", locale, name=seat_name(players, turn, locale))
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
        rows = [(named("first", locale, name=seat_name(players, view["first"], locale)), TEXT, 0)]
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
        name = seat_name(players, seat, locale)
        if kind == "ask":
            b = seat_name(players, entry["target"], locale)
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
        title = named("winner", locale, name=seat_name(players, winners[0], locale))
    else:
        names = (" ・ " if locale == "ja" else " · ").join(
            seat_name(players, w, locale) for w in winners
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
        names[f"name{seat}"] = seat_name(players, seat, locale)
    return Template.of("  ·  ".join(pieces), names, tuple(names))
