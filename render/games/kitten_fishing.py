"""Kitten Fishing table, made for the box: two face-down stocks, the table row, the last flip
or capture, whose turn, the result.

Landscape, in two columns: on the left each seat's zone (name, badges, the stock with its count
big), on the right the table row and under it what the last flip did (the captured run, the
pair ringed). A private image puts the viewer's zone at the bottom and the opponent's on top;
the public image puts seat 1's on top and seat 2's under it, alike, with no "you". Stocks are
face down for everyone, so only the table row and the last capture (`last.captured`, cards
everyone just saw) are ever drawn face up. The sentence saying what happened is the embed's log
(the channel's table message), not the image's. There is no hand, and no `sample_hand` for
`cardbot render`: only the table moments of `sample_moments`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from engines.actions import Action
from engines.cards import card_label
from engines.game import Game
from engines.registry import game_class
from render import kit, parts, plates, text
from render.parts import Canvas, PlayerInfo
from render.plates import Seat
from render.strings import tr, tr_named
from render.theme import (
    ALERT,
    FELT_DARK,
    GOLD,
    HIGHLIGHT,
    MIN_CARD_W,
    PANEL_EDGE,
    T_BIG,
    T_BODY,
    T_NAME,
    T_SMALL,
    TEXT,
    TEXT_DIM,
    card_height,
)

NAMES = {"ja": "子猫の魚釣り", "en": "Kitten Fishing"}
ZONE_W = 300
"""Width of the seats' column."""
PILE_W = 100
"""Card width of a stock (backs)."""
TABLE_WIDTHS = (140, 128, 116, 104, 96, 90, MIN_CARD_W)
RUN_WIDTHS = (116, 104, 96, 90, MIN_CARD_W)
"""Card widths of the table row and of the last capture, largest first."""
LINE_H = 48
RESULT_H = 250
"""Height of the result panel: the winner, the reason, the final counts and the moves."""
"""Height of a line of words over the cards (the row's title and turn, the last move)."""


def _draw(
    c: Canvas, view: Mapping[str, Any], players: Sequence[PlayerInfo], own: int | None
) -> None:
    locale = c.locale
    moves = tr("moves_of", locale, moves=view["moves"], cap=view["move_cap"])
    top = kit.top_bar(c, NAMES.get(locale, NAMES["en"]), moves) + kit.GAP
    order = (0, 1) if own is None else (1 - own, own)
    for seat, box in zip(order, zone_boxes(own), strict=True):
        _zone(c, view, _seat(view, players, seat, locale, own), seat, box)
    right = (kit.MARGIN + ZONE_W + kit.GAP, top, kit.WIDTH - kit.MARGIN, kit.HEIGHT - kit.MARGIN)
    _field(c, view, players, right, own)


render = kit.layout(_draw, hand=None)
"""The table image of one Kitten Fishing view."""


def zone_boxes(viewer: int | None) -> list[tuple[float, float, float, float]]:
    """The two seats' zones, top then bottom: the opponent's over the viewer's, or (public)
    seat 1's over seat 2's, alike."""
    top = kit.BAR_H + kit.GAP
    zone_h = (kit.HEIGHT - kit.MARGIN - top - kit.GAP) / 2
    return [(kit.MARGIN, y, kit.MARGIN + ZONE_W, y + zone_h) for y in (top, top + zone_h + kit.GAP)]


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
        to_play=seat in view.get("to_act", ()) and not view.get("over"),
        is_viewer=seat == viewer,
        winner=bool(view.get("over")) and result.get("winner") == seat,
    )


# --------------------------------------------------------------------------- seat zones


def _zone(
    c: Canvas, view: Mapping[str, Any], seat: Seat, n: int, box: tuple[float, float, float, float]
) -> None:
    """A seat: its name and badges on top, its stock under them with the count beside it."""
    x0, y0, x1, y1 = box
    lit = seat.to_play or seat.winner
    parts.panel(c, box, outline=GOLD if lit else PANEL_EDGE, width=4 if lit else 2, radius=14)
    pad = kit.PLATE_PAD
    c.text(
        (x0 + pad, y0 + pad),
        seat.player.name,
        T_NAME,
        TEXT,
        "la",
        bold=True,
        max_width=x1 - x0 - 2 * pad,
    )
    badge_y = y0 + pad + round(T_NAME * 1.3)
    items = plates.seat_badges(c.locale, seat)
    drawn = 0.0
    for label, bg, fg in items:
        width = text.text_width(label, T_SMALL) + T_SMALL
        if x0 + pad + drawn + width > x1 - pad:
            break
        parts.badge(c, x0 + pad + drawn, badge_y, label, bg, fg, T_SMALL)
        drawn += width + 6
    count = int(view["stock_counts"][n])
    pile_top = badge_y + kit.BADGE_H + 14
    pile_h = parts.pile_height(PILE_W, beside=True)
    pile_top = max(pile_top, y1 - pad - pile_h)
    parts.pile_stack(c, x0 + pad + 4, pile_top, count, PILE_W)
    _count(c, view, count, x0 + pad + PILE_W + 30, pile_top + pile_h / 2, x1 - pad)


def _count(
    c: Canvas, view: Mapping[str, Any], count: int, x: float, mid: float, right: float
) -> None:
    """ "Stock" over its count, big: the number players watch; red once it runs low."""
    locale = c.locale
    c.text((x, mid - 8), tr("stock", locale), T_BODY, TEXT_DIM, "ls", max_width=right - x)
    label = tr("cards_short", locale, n=count)
    top = mid
    if count <= parts.LOW_STOCK:
        width = text.text_width(label, T_BIG) + 20
        c.draw.rounded_rectangle((x - 10, top, x - 10 + width, top + T_BIG * 1.25), 12, fill=ALERT)
        c.text((x, top + T_BIG * 0.62), label, T_BIG, (255, 255, 255), "lm", bold=True)
    else:
        c.text((x, top + T_BIG * 0.62), label, T_BIG, TEXT, "lm", bold=True, max_width=right - x)


# --------------------------------------------------------------------------- the table row


def _field(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    box: tuple[float, float, float, float],
    viewer: int | None,
) -> None:
    """The table row (on two rows when long) under its title and whose turn it is, then what
    the last flip did; the result over both once the game is over."""
    x0, y0, x1, y1 = box
    c.draw.rounded_rectangle(box, 18, fill=FELT_DARK, outline=(40, 96, 70), width=2)
    locale = c.locale
    pad = 16
    inner = x1 - x0 - 2 * pad
    table = list(view["table"])
    title = tr("table_row", locale) + "  " + tr("cards", locale, n=len(table))
    title_w = c.text((x0 + pad, y0 + LINE_H / 2 + 4), title, T_BODY, TEXT_DIM, "lm", bold=True)
    to_act = list(view.get("to_act") or [])
    if to_act and not view.get("over"):
        seat = to_act[0]
        mine = seat == viewer
        label: text.Text = (
            tr("your_turn", locale)
            if mine
            else tr_named("turn_of", locale, name=_name(players, seat, locale))
        )
        room = inner - title_w - 24
        kit.turn_pill(c, x1 - pad, y0 + 4 + (LINE_H - kit.PILL_H) / 2, label, mine, room)
    last = view.get("last")
    over = bool(view.get("over") and view.get("result"))
    taken = last is not None and last["kind"] != "stay"
    run_room = LINE_H + card_height(MIN_CARD_W) + 8 if taken else LINE_H
    if over:
        run_room = RESULT_H
    top = y0 + LINE_H + 12
    table_room = y1 - pad - top - run_room - 12
    if table:
        card_w, rows = kit.fit_cards(len(table), inner, widths=TABLE_WIDTHS, height=table_room)
        stay = len(table) - 1 if last and last["kind"] == "stay" else None
        kit.card_rows(
            c,
            table,
            x0 + pad,
            top,
            card_w,
            inner,
            rows,
            centre=True,
            rings={stay: GOLD} if stay is not None else None,
        )
        used = kit.rows_height(rows, card_w)
    else:
        c.text(((x0 + x1) / 2, top + 40), tr("table_empty", locale), T_BODY, TEXT_DIM, "mm")
        used = 80
    below = top + used + 16
    if over:
        _result(c, view, players, (x0 + pad, y1 - pad - RESULT_H, x1 - pad, y1 - pad))
        return
    if last is None:
        first = tr_named("first_flip", locale, name=_name(players, view["first"], locale))
        c.text((x0 + pad, below + LINE_H / 2), first, T_BODY, TEXT, "lm", max_width=inner)
        return
    _last_strip(c, view, players, (x0 + pad, below, x1 - pad, y1 - pad))


# --------------------------------------------------------------------------- the last move


def _shown_last(view: Mapping[str, Any]) -> list[str]:
    """The cards the last move shows face up: the captured run, or the card that stayed."""
    last = view["last"]
    return [last["card"]] if last["kind"] == "stay" else list(last["captured"])


def _last_strip(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    box: tuple[float, float, float, float],
) -> None:
    """Who did what last: "Fished! +4  たろう" over the run taken, the pair ringed and a bar
    under the run (a long run on two rows); or, in words, the card that stayed on the table
    (ringed there)."""
    x0, y0, x1, y1 = box
    last = view["last"]
    kind = last["kind"]
    locale = c.locale
    name = _name(players, last["seat"], locale)
    shown = _shown_last(view)
    n = len(shown)
    if kind == "sweep":
        label, colour = tr("swept_short", locale, n=n), GOLD
    else:
        label, colour = tr("fished_short", locale, n=n), HIGHLIGHT
    mid = y0 + LINE_H / 2
    if kind == "stay":  # the card is the one ringed on the table: words are enough
        card = card_label(last["card"])
        line = tr_named("stayed", locale, name=name, card=card)
        c.text((x0, mid), line, T_BODY, TEXT_DIM, "lm", max_width=x1 - x0)
        return
    if kind == "sweep":
        width, _ = parts.banner(
            c,
            (x0 + 20 + (text.text_width(label, T_BODY) + T_BODY * 1.6) / 2, mid),
            label,
            T_BODY,
        )
        used = width + 16
    else:
        used = c.text((x0, mid), label, T_BODY, colour, "lm", bold=True) + 16
    c.text((x0 + used, mid), name, T_BODY, TEXT, "lm", max_width=x1 - x0 - used)
    rings: dict[int, tuple[int, ...]] = {}
    if kind == "fish":
        rings = {0: GOLD, n - 1: GOLD}
    elif kind == "sweep":
        rings = {n - 1: ALERT}
    top = y0 + LINE_H + 4
    card_w, rows = kit.fit_cards(n, x1 - x0, widths=RUN_WIDTHS, height=y1 - top, extra=8)
    origins = kit.card_rows(c, shown, x0, top, card_w, x1 - x0, rows, rings=rings, extra=8)
    if kind in ("fish", "sweep"):
        start = 0
        for count in rows:
            row = origins[start : start + count]
            bar_y = row[0][1] + card_height(card_w) + 5
            c.draw.rounded_rectangle(
                (row[0][0], bar_y, row[-1][0] + card_w, bar_y + 5), 2, fill=colour
            )
            start += count


def _result(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    box: tuple[float, float, float, float],
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
    kit.result(
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
