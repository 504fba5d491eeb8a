"""Kitten Fishing table: two face-down stocks, the table row, the last flip and capture, the result.

A private image puts the viewer's stock at the bottom and the opponent's at the top; the public
image puts both seats side by side above the row, so neither seat is favoured. Stocks are face
down for everyone, so only the table row and the last capture (`last.captured`, cards everyone
just saw) are ever drawn face up. For the same reason there is no hand, and no `sample_hand`
for `cardbot render`: only the table moments of `sample_moments`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from math import ceil
from typing import Any

from PIL import Image

from engines.base import Action, Game, game_class
from engines.cards import card_label
from render import parts, text
from render.parts import Canvas, PlayerInfo, Seat
from render.strings import tr, tr_named
from render.theme import (
    ALERT,
    CARD_W,
    FELT_DARK,
    GOLD,
    HIGHLIGHT,
    TEXT,
    TEXT_DIM,
    WIDTH,
    CardStyle,
    card_height,
)

NAMES = {"ja": "子猫の魚釣り", "en": "Kitten Fishing"}
PER_ROW = 7
MARGIN = 12
HEADER_H = 60
PILE_W_WIDE = 84
PILE_W_NARROW = 64
PILE_COUNT = 30
"""Text size of the count under a stock: the number a player watches, readable at half size."""
CAPTURED_W = 72
"""Card width of the last capture: a small face, whose big index reads at half size."""
STRIP_LABEL = 24
FIELD_TITLE = 26
FIELD_TOP = 58
EMPTY_H = 56
STATUS = 24
FIELD_BOTTOM = 52
RESULT_MIN_H = 290
"""A finished game's field is at least this tall, to hold the result panel."""


def render(
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    locale: str,
    style: CardStyle,
    viewer: int | None,
) -> Image.Image:
    """The table image of one Kitten Fishing view; every part as tall as what it holds."""
    seats = [_seat(view, players, s, locale, viewer) for s in (0, 1)]
    rows = parts.wrap(len(view["table"]), PER_ROW)
    field_h = _field_height(view, rows)
    inner = WIDTH - 2 * MARGIN
    if viewer in (0, 1):
        assert viewer is not None
        top, bottom = 1 - viewer, viewer
        top_h, bottom_h = (_wide_zone_height(view, seats[s], s, locale) for s in (top, bottom))
        c = _canvas(view, locale, style, top_h + field_h + bottom_h + 4 * MARGIN)
        y = HEADER_H + MARGIN
        _wide_zone(c, view, seats[top], top, (MARGIN, y, MARGIN + inner, y + top_h))
        y += top_h + MARGIN
        _field(c, view, players, (MARGIN, y, MARGIN + inner, y + field_h), rows, viewer)
        y += field_h + MARGIN
        _wide_zone(c, view, seats[bottom], bottom, (MARGIN, y, MARGIN + inner, y + bottom_h))
    else:
        half = (inner - MARGIN) // 2
        zone_h = max(_narrow_zone_height(view, seats[s], s, half) for s in (0, 1))
        c = _canvas(view, locale, style, zone_h + field_h + 3 * MARGIN)
        y = HEADER_H + MARGIN
        for seat in (0, 1):
            x0 = MARGIN + seat * (half + MARGIN)
            _narrow_zone(c, view, seats[seat], seat, (x0, y, x0 + half, y + zone_h))
        y += zone_h + MARGIN
        _field(c, view, players, (MARGIN, y, MARGIN + inner, y + field_h), rows, None)
    return c.image


def _canvas(view: Mapping[str, Any], locale: str, style: CardStyle, below: int) -> Canvas:
    """A canvas with the header drawn and `below` px under it."""
    c = Canvas.new(WIDTH, HEADER_H + below, locale, style)
    moves = tr("moves_of", locale, moves=view["moves"], cap=view["move_cap"])
    parts.header(c, NAMES.get(locale, NAMES["en"]), moves, HEADER_H)
    return c


def _name(players: Sequence[PlayerInfo], seat: int, locale: str) -> str:
    if seat < len(players):
        return players[seat].name
    return tr("seat", locale, n=seat + 1)


def _player(players: Sequence[PlayerInfo], seat: int, locale: str) -> PlayerInfo:
    return players[seat] if seat < len(players) else PlayerInfo(_name(players, seat, locale))


def _seat(
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    seat: int,
    locale: str,
    viewer: int | None,
) -> Seat:
    result = view.get("result") or {}
    return Seat(
        player=_player(players, seat, locale),
        to_play=seat in view.get("to_act", ()),
        is_viewer=seat == viewer,
        winner=bool(view.get("over")) and result.get("winner") == seat,
    )


def _took_last(view: Mapping[str, Any], seat: int) -> bool:
    last = view.get("last")
    return last is not None and last["seat"] == seat


# --------------------------------------------------------------------------- seat zones
# A wide zone (private image, full width): the stock on the left with its count under it, the
# plate beside it and the last flip or capture under the plate. A narrow zone (public image,
# half width): the plate on top, the stock with its count beside it, then the last flip or
# capture across the whole zone, so that a long run still shows every index.


def _pile_column(locale: str, pile_w: int) -> int:
    """Width of the column a stock stands in: the pile, or its count under it if wider."""
    widest = text.text_width(tr("stock_count", locale, n=88), PILE_COUNT) + PILE_COUNT
    return max(pile_w + 10, ceil(widest))


def _wide_strip_width(locale: str) -> int:
    return WIDTH - 2 * MARGIN - (8 + _pile_column(locale, PILE_W_WIDE) + 18) - 8


def _wide_zone_height(view: Mapping[str, Any], seat: Seat, n: int, locale: str) -> int:
    side = 4 + parts.plate_height(seat)
    if _took_last(view, n):
        side += 12 + _strip_height(view, _wide_strip_width(locale))
    return round(max(8 + parts.pile_height(PILE_W_WIDE, PILE_COUNT), side) + 8)


def _wide_zone(
    c: Canvas, view: Mapping[str, Any], seat: Seat, n: int, box: tuple[int, int, int, int]
) -> None:
    x0, y0, x1, _ = box
    column = _pile_column(c.locale, PILE_W_WIDE)
    count = view["stock_counts"][n]
    pile_x = x0 + 8 + (column - PILE_W_WIDE) / 2
    label = tr("stock_count", c.locale, n=count)
    parts.face_down_pile(c, pile_x, y0 + 8, count, PILE_W_WIDE, label=label, size=PILE_COUNT)
    px = x0 + 8 + column + 18
    plate_h = parts.plate_height(seat)
    parts.seat_plate(c, (px, y0 + 4, x1, y0 + 4 + plate_h), seat)
    if _took_last(view, n):
        _last_strip(c, view, px, y0 + 4 + plate_h + 12, _wide_strip_width(c.locale))


def _narrow_zone_height(view: Mapping[str, Any], seat: Seat, n: int, half: int) -> int:
    height = parts.plate_height(seat) + 12 + parts.pile_height(PILE_W_NARROW, beside=True) + 8
    if _took_last(view, n):
        height += 10 + _strip_height(view, half - 16)
    return round(height)


def _narrow_zone(
    c: Canvas, view: Mapping[str, Any], seat: Seat, n: int, box: tuple[int, int, int, int]
) -> None:
    x0, y0, x1, _ = box
    plate_h = parts.plate_height(seat)
    parts.seat_plate(c, (x0, y0, x1, y0 + plate_h), seat)
    py = y0 + plate_h + 12
    count = view["stock_counts"][n]
    label = tr("stock_count", c.locale, n=count)
    parts.face_down_pile(
        c, x0 + 12, py, count, PILE_W_NARROW, label=label, size=PILE_COUNT, beside=True
    )
    if _took_last(view, n):
        sy = py + parts.pile_height(PILE_W_NARROW, beside=True) + 10
        _last_strip(c, view, x0 + 8, sy, x1 - x0 - 16)


# --------------------------------------------------------------------------- the last move


def _shown_last(view: Mapping[str, Any]) -> list[str]:
    """The cards the last move shows face up: the captured run, or the card that stayed."""
    last = view["last"]
    return [last["card"]] if last["kind"] == "stay" else list(last["captured"])


def _strip_height(view: Mapping[str, Any], width: int) -> int:
    rows = parts.hand_rows(len(_shown_last(view)), CAPTURED_W, width - 8)
    return round(STRIP_LABEL * 1.6) + 6 + len(rows) * (card_height(CAPTURED_W) + 16)


def _last_strip(c: Canvas, view: Mapping[str, Any], x0: float, y0: float, width: int) -> None:
    """What the seat just did: the card it flipped, or the run it captured with the pair marked.

    A long run wraps onto more rows rather than hiding the cards' indexes under each other.
    """
    last = view["last"]
    kind = last["kind"]
    shown = _shown_last(view)
    n = len(shown)
    if kind == "fish":
        label, colour = tr("fished_short", c.locale, n=n), HIGHLIGHT
    elif kind == "sweep":
        label, colour = tr("swept_short", c.locale, n=n), GOLD
    else:
        label, colour = tr("flipped_short", c.locale), TEXT_DIM
    size = STRIP_LABEL
    if kind == "sweep":
        label_w = text.text_width(label, size) + size * 1.6
        parts.banner(c, (x0 + 10 + label_w / 2, y0 + size * 0.8), label, size)
    else:
        c.text((x0, y0 + 4), label, size, colour, "la", bold=kind != "stay", max_width=width)
    rings: dict[int, tuple[int, ...]] = {}
    if kind == "fish":
        rings = {0: GOLD, n - 1: GOLD}
    elif kind == "sweep":
        rings = {n - 1: ALERT}
    elif kind == "stay":
        rings = {0: TEXT_DIM}
    y = y0 + round(size * 1.6) + 6 + 4
    start = 0
    for count in parts.hand_rows(n, CAPTURED_W, width - 8):
        row_rings = {i - start: ring for i, ring in rings.items() if start <= i < start + count}
        origins = parts.card_row(
            c,
            shown[start : start + count],
            x0 + 4,
            y,
            CAPTURED_W,
            width - 8,
            gap=8,
            rings=row_rings,
        )
        if kind in ("fish", "sweep"):
            bar_y = y + card_height(CAPTURED_W) + 6
            c.draw.rounded_rectangle(
                (origins[0][0], bar_y, origins[-1][0] + CAPTURED_W, bar_y + 5), 2, fill=colour
            )
        y += card_height(CAPTURED_W) + 16
        start += count


# --------------------------------------------------------------------------- the table row


def _field_height(view: Mapping[str, Any], rows: list[int]) -> int:
    content = len(rows) * (card_height(CARD_W) + 16) if rows else EMPTY_H
    height = FIELD_TOP + content + FIELD_BOTTOM
    return max(height, RESULT_MIN_H) if view.get("over") else height


def _field(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    box: tuple[int, int, int, int],
    rows: list[int],
    viewer: int | None,
) -> None:
    """The table row (wrapped in more rows when long), whose turn it is, and the last action."""
    x0, y0, x1, y1 = box
    c.draw.rounded_rectangle(box, 18, fill=FELT_DARK, outline=(40, 96, 70), width=2)
    table = list(view["table"])
    locale = c.locale
    title_w = c.text(
        (x0 + 16, y0 + 16),
        tr("table_row", locale) + "  " + tr("cards", locale, n=len(table)),
        FIELD_TITLE,
        TEXT_DIM,
        "la",
        bold=True,
    )
    to_act = list(view.get("to_act") or [])
    if to_act and not view.get("over"):
        seat = to_act[0]
        mine = seat == viewer
        label: text.Text = (
            tr("your_turn", locale)
            if mine
            else tr_named("turn_of", locale, name=_name(players, seat, locale))
        )
        room = (x1 - 16) - (x0 + 16 + title_w + 24)
        parts.turn_pill(c, x1 - 16, y0 + 12, label, mine, room)
    last = view.get("last")
    stay_index = len(table) - 1 if last and last["kind"] == "stay" and table else None
    top = y0 + FIELD_TOP
    card_h = card_height(CARD_W)
    if not table:
        c.text(
            ((x0 + x1) / 2, top + EMPTY_H / 2 - 6), tr("table_empty", locale), 26, TEXT_DIM, "mm"
        )
    start = 0
    for r, count in enumerate(rows):
        codes = table[start : start + count]
        rings = (
            {stay_index - start: GOLD}
            if stay_index is not None and start <= stay_index < start + count
            else {}
        )
        parts.card_row(
            c,
            codes,
            x0 + 16,
            top + r * (card_h + 16),
            CARD_W,
            x1 - x0 - 32,
            gap=10,
            rings=rings,
            centre=True,
        )
        start += count
    if not view.get("over"):
        status = _status(view, players, locale)
        c.text(
            ((x0 + x1) / 2, y1 - FIELD_BOTTOM / 2),
            status,
            STATUS,
            TEXT,
            "mm",
            max_width=x1 - x0 - 32,
        )
    if view.get("over") and view.get("result"):
        _result(c, view, players, (x0 + 40, y0 + 50, x1 - 40, y1 - 16))


def _status(view: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str) -> text.Text:
    last = view.get("last")
    if last is None:
        return tr_named("first_flip", locale, name=_name(players, view["first"], locale))
    name = _name(players, last["seat"], locale)
    n = len(last["captured"])
    card = card_label(last["card"])
    if last["kind"] == "fish":
        matched = card_label(last["matched"]) if last.get("matched") else "?"
        return tr_named("fished", locale, name=name, card=card, matched=matched, n=n)
    if last["kind"] == "sweep":
        return tr_named("swept", locale, name=name, card=card, n=n)
    return tr_named("stayed", locale, name=name, card=card)


def _result(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    box: tuple[int, int, int, int],
) -> None:
    result = view["result"]
    locale = c.locale
    winner = result["winner"]
    title: text.Text = (
        tr("draw", locale)
        if winner is None
        else tr_named("winner", locale, name=_name(players, winner, locale))
    )
    reason: text.Text
    if result["reason"] == "move_cap":
        reason = tr("reason_move_cap", locale)
    else:
        loser = 1 - winner if winner is not None else 0
        reason = tr_named("reason_empty_who", locale, name=_name(players, loser, locale))
    parts.result_panel(
        c,
        box,
        title,
        reason,
        [
            _final_counts(players, result["stock_counts"], locale),
            tr("total_moves", locale, n=result["moves"]),
        ],
    )


def _final_counts(players: Sequence[PlayerInfo], counts: Sequence[int], locale: str) -> text.Text:
    """'Final count: A 0 cards  ·  B 47 cards', both names cut alike when the line is too long."""

    def literal(words: str) -> str:
        return words.replace("{", "{{").replace("}", "}}")

    each = [f"{{name{s}}} {literal(tr('cards', locale, n=counts[s]))}" for s in (0, 1)]
    pattern = literal(tr("final_counts", locale)) + ": " + "  ·  ".join(each)
    names = {f"name{s}": _name(players, s, locale) for s in (0, 1)}
    return text.Template.of(pattern, names, tuple(names))


# --------------------------------------------------------------------------- samples

SAMPLE_PLAYERS = (PlayerInfo("たろう"), PlayerInfo("子猫", is_cpu=True))
"""Who sits at the sample tables of `cardbot render kitten-fishing`."""


def sample_moments(seed: int) -> Iterator[tuple[str, Game]]:
    """(label, game) at the start, the first fish of 3+ cards, the first J sweep, and the end.

    Each game yielded is a snapshot (a copy through JSON), so later flips don't change it.
    """
    cls = game_class("kitten-fishing")
    game = cls.new(2, {}, seed)
    yield "start", cls.from_json(game.to_json())
    wanted = {"fish", "sweep"}
    while not game.is_over():
        seat = next(iter(game.to_act()))
        game.apply(Action.make(seat, "flip"))
        view = game.view(None)
        last = view["last"]
        if last["kind"] in wanted and (last["kind"] == "sweep" or len(last["captured"]) >= 3):
            wanted.discard(last["kind"])
            yield f"{last['kind']}-{view['moves']}", cls.from_json(game.to_json())
    yield "end", game
