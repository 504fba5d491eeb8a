"""Zhao Pengyou's table image put together: the hand, the whole image, the band and the
result; and the Details image."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from engines.cards import card_label
from render import held, kit, parts, text
from render.games.zhao_pengyou.cells import Cell, draw_grid, fit_grid, seat_cells
from render.games.zhao_pengyou.sizes import (
    BAND_CARD,
    BAND_H,
    BAND_WORDS,
    BLOCK,
    HAND_PAD,
    HAND_WIDTHS,
    MOST_STRIP,
    RESULT_LEAST,
    RESULT_MOST,
)
from render.games.zhao_pengyou.strip import (
    Shortened,
    deal_end_lines,
    draw_strip,
    stock_left,
    strip_height,
    strip_lines,
    top_bar,
)
from render.games.zhao_pengyou.words import SUIT_MARKS, named, rank_label, team_marked, tr
from render.parts import Canvas, PlayerInfo
from render.plates import seat_name
from render.text import Text
from render.theme import (
    FELT_DARK,
    GOLD,
    HIGHLIGHT,
    MIN_CARD_W,
    PANEL,
    PANEL_EDGE,
    T_BODY,
    T_SMALL,
    T_TITLE,
    TEXT,
    TEXT_DIM,
    CardStyle,
    card_height,
)

# --------------------------------------------------------------------------- the hand


def _hand_groups(view: Mapping[str, Any], locale: str) -> list[tuple[str, list[int]]]:
    """The hand's groups as it is sorted: the trumps (the jokers before trump is declared),
    then each suit; labelled, with the count when the group is wide enough for it."""
    hand = list(view.get("hand") or [])
    suit, rank = view.get("trump_suit"), view.get("trump_rank")
    groups: list[tuple[str, list[int]]] = []
    for i, code in enumerate(hand):
        if code in ("BJ", "SJ") or (rank is not None and (code[0] == rank or code[1] == suit)):
            key = "trumps"  # the jokers are trumps before trump is declared too
        else:
            key = code[1]
        if groups and groups[-1][0] == key:
            groups[-1][1].append(i)
        else:
            groups.append((key, [i]))
    out = []
    for key, positions in groups:
        name = tr(key, locale) if key == "trumps" else SUIT_MARKS[key]
        out.append((f"{name} {len(positions)}" if len(positions) > 1 else name, positions))
    return out


def _hand_marks(view: Mapping[str, Any]) -> set[int]:
    """Positions ringed in the hand: the cards it may declare with, or the kitty's cards in
    the declarer's hand during the bury (as many copies as the kitty holds)."""
    hand = list(view.get("hand") or [])
    marked = list(view.get("declarable") or [])
    if view.get("phase") == "bury" and view.get("kitty"):
        marked = list(view["kitty"])
    out: set[int] = set()
    for code in marked:
        for i in range(len(hand) - 1, -1, -1):
            if hand[i] == code and i not in out:
                out.add(i)
                break
    return out


def _hand_fit(
    view: Mapping[str, Any], locale: str, width: float, room: float
) -> tuple[float, bool] | None:
    """(height, labelled) of the biggest hand that fits `room`, with its groups' labels when
    they fit too; None when not even the narrowest hand fits."""
    lift = held.HAND_LIFT if _hand_marks(view) else 0
    for labelled in (True, False):
        groups = [
            held.HandGroup(label if labelled else "", tuple(pos))
            for label, pos in _hand_groups(view, locale)
        ]
        card_w, _, rows = held.hand_layout(groups, width, room, False, HAND_WIDTHS, lift)
        h = len(rows) * held.hand_row_height(card_w, False, lift, labelled)
        if h <= room:
            return h, labelled
    return None


def _draw_hand(
    c: Canvas, view: Mapping[str, Any], box: tuple[float, float, float, float], labelled: bool
) -> None:
    hand = list(view.get("hand") or [])
    marks = _hand_marks(view)
    groups = [(label if labelled else "", pos) for label, pos in _hand_groups(view, c.locale)]
    held.hand(
        c,
        hand,
        box,
        groups=groups,
        selected=frozenset(marks),
        numbers=False,
        widths=HAND_WIDTHS,
        lift=held.HAND_LIFT if marks else 0,
    )


# --------------------------------------------------------------------------- the whole image


def _draw(
    c: Canvas, view: Mapping[str, Any], players: Sequence[PlayerInfo], own: int | None
) -> None:
    locale = c.locale
    top = top_bar(c, view, players) + BLOCK
    bottom = kit.HEIGHT - kit.MARGIN
    width = kit.WIDTH - 2 * kit.MARGIN
    phase = view.get("phase")
    over = phase == "over" and bool(view.get("result"))
    trick = phase == "play"
    cells = seat_cells(view, players, locale, own)
    lines = strip_lines(view, players, locale, own)
    least = fit_grid(cells, width, 0, trick)  # at the narrowest cards
    avail = bottom - top
    # the strip's lines first (as many as fit), then the hand as big as the rest allows
    shown = min(len(lines), MOST_STRIP)
    while shown > 1 and strip_height(shown) + BLOCK + least.height > avail:
        shown -= 1
    hand: tuple[float, bool] | None = None
    while own is not None and view.get("hand"):
        room = avail - least.height - (strip_height(shown) + BLOCK if shown else 0)
        hand = _hand_fit(view, locale, width - 2 * HAND_PAD, room - BLOCK - 2 * HAND_PAD)
        if hand is not None or shown <= 0:
            break
        shown -= 1  # the hand before the strip's last line: the embed says it too
    strip_h = strip_height(shown)
    hand_h = hand[0] + 2 * HAND_PAD if hand is not None else 0.0
    below = hand_h + BLOCK if hand_h else (RESULT_LEAST + BLOCK if over else 0)
    room = avail - below - (strip_h + BLOCK if shown else 0)
    grid = fit_grid(cells, width, room, trick)
    y: float = top
    if shown:
        drawn = list(lines[:shown])
        last = drawn[-1]
        if isinstance(last, Shortened) and last.whole is not None:  # its second line is out
            drawn[-1] = last.whole
        draw_strip(c, drawn, (kit.MARGIN, y, kit.WIDTH - kit.MARGIN, y + strip_h))
        y += strip_h + BLOCK
    draw_grid(c, grid, y)
    y += grid.height + BLOCK
    if hand is not None:
        box = (kit.MARGIN, bottom - hand_h, kit.WIDTH - kit.MARGIN, bottom)
        parts.panel(c, box, fill=PANEL, outline=PANEL_EDGE, radius=12)
        inner = (box[0] + HAND_PAD, box[1] + HAND_PAD, box[2] - HAND_PAD, box[3] - HAND_PAD)
        _draw_hand(c, view, inner, hand[1])
    elif over:
        h = min(RESULT_MOST, bottom - y)
        box = (kit.MARGIN + 40, bottom - h, kit.WIDTH - kit.MARGIN - 40, bottom)
        _result(c, view, players, own, box)
    elif not trick and bottom - y >= BAND_H:
        _band(c, view, players, (kit.MARGIN, y, kit.WIDTH - kit.MARGIN, bottom))


render = kit.layout(_draw)
"""The table image of one Zhao Pengyou view."""


def _band(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    box: tuple[float, float, float, float],
) -> None:
    """The middle of the table while the cards are drawn, buried and called: the stock (the
    kitty once the drawing is over, the bury once made) face down, and the trump card
    declared with the declarer's name."""
    locale = c.locale
    x0, y0, x1, y1 = box
    phase = view.get("phase")
    pile: tuple[int, str] | None = None
    if phase == "draw":
        pile = (stock_left(view), tr("stock", locale, n=stock_left(view)))
    elif phase == "declare":
        count = int(view.get("kitty_count", 0))
        pile = (count, tr("kitty_count", locale, n=count))
    elif phase == "call":
        count = int(view.get("buried_count", 0))
        pile = (count, tr("buried_count", locale, n=count))
    trump = view.get("trump")
    card_h = card_height(BAND_CARD)
    items_w = (BAND_CARD + BAND_WORDS if pile else 0) + (BAND_CARD + BAND_WORDS if trump else 0)
    if not items_w:
        return
    x = (x0 + x1 - items_w) / 2
    y = y0 + (y1 - y0 - card_h) / 2
    words = BAND_WORDS - 40
    if pile:
        count, label = pile
        parts.pile_stack(c, x, y, count, BAND_CARD)
        c.text(
            (x + BAND_CARD + 20, y + card_h / 2),
            label,
            T_BODY,
            TEXT,
            "lm",
            bold=True,
            max_width=words,
        )
        x += BAND_CARD + BAND_WORDS
    if trump:
        parts.paste_card(c, str(trump), x, y, BAND_CARD, ring=GOLD)
        label = tr("trump", locale, card=card_label(str(trump)))
        c.text(
            (x + BAND_CARD + 20, y + card_h / 2 - 18),
            label,
            T_BODY,
            GOLD,
            "lm",
            bold=True,
            max_width=words,
        )
        declarer = view.get("declarer")
        if declarer is not None:
            who = "★ " + seat_name(players, int(declarer), locale)
            c.text(
                (x + BAND_CARD + 20, y + card_h / 2 + 18), who, T_SMALL, TEXT, "lm", max_width=words
            )


def _result(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    own: int | None,
    box: tuple[float, float, float, float],
) -> None:
    """Victory or defeat (a person's own), or the winners by name; the reason; the last deal."""
    locale = c.locale
    result = view["result"]
    winners = list(result.get("winners") or [])
    title: Text
    if own is not None and own < len(players) and not players[own].is_cpu:
        title = tr("victory" if own in winners else "defeat", locale)
    else:
        names = " · ".join(seat_name(players, s, locale) for s in winners)
        title = named("winners", locale, name=names)
    lines: list[Text] = []
    if view.get("last_deal"):
        lines = [str(pieces[0][0]) for pieces in deal_end_lines(view, locale)]
    kit.result(c, box, title, tr("reason", locale), lines)


# --------------------------------------------------------------------------- the details image


def details(
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    locale: str,
    style: CardStyle,
    viewer: int | None,
) -> Image.Image | None:
    """What the table image leaves out: the last deal's breakdown (every seat's team, rank
    steps and new rank; the points, the kitty face up) until the next deal's first trick is
    taken, then the last trick taken, every play whole; None before anything is to show."""
    phase = view.get("phase")
    last_trick = view.get("last_trick") if phase == "play" else None
    if last_trick is None and view.get("last_deal") is None:
        return None
    c = kit.canvas(locale, style)
    top = top_bar(c, view, players) + kit.GAP
    box = (kit.MARGIN, top, kit.WIDTH - kit.MARGIN, kit.HEIGHT - kit.MARGIN)
    if last_trick is not None:
        _trick_details(c, view, players, last_trick, box)
    else:
        _deal_details(c, view, players, box)
    return c.image


def _deal_details(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    box: tuple[float, float, float, float],
) -> None:
    """The last deal: its result lines, a table of every seat (team, steps, rank; two columns
    at more than six seats) and the kitty face up."""
    locale = c.locale
    last = view["last_deal"]
    n = int(view["seats"])
    x0, y0, x1, y1 = box
    deal = int(view.get("deal_no", 1)) - (0 if view.get("phase") == "over" else 1)
    c.text((x0, y0), tr("deal_result", locale, deal=deal), T_TITLE, GOLD, "la", bold=True)
    y = y0 + 50
    for pieces in deal_end_lines(view, locale, titled=False):
        words, ink, bold = pieces[0]
        c.text((x0, y), words, T_BODY, ink, "la", bold=bold, max_width=x1 - x0)
        y += 40
    team = set(last.get("team") or [])
    kitty = list(last.get("kitty") or [])
    kitty_h = card_height(MIN_CARD_W) + 16 if kitty else 0
    columns = 1 if n <= 6 else 2
    per = -(-n // columns)
    col_w = (x1 - x0 - kit.GAP * (columns - 1)) / columns
    row_h = min(40, (y1 - kitty_h - y - 40) / (per + 1))
    order = list(range(n))
    for col in range(columns):
        cx = x0 + col * (col_w + kit.GAP)
        seats = order[col * per : (col + 1) * per]
        _seat_table(c, view, players, last, team, seats, (cx, y, cx + col_w), row_h)
    y += (per + 1) * row_h + 12
    if kitty:
        label_w = c.text(
            (x0, y + card_height(MIN_CARD_W) / 2), tr("kitty", locale), T_BODY, TEXT_DIM, "lm"
        )
        parts.card_row(c, kitty, x0 + label_w + 20, y, MIN_CARD_W, x1 - x0 - label_w - 20, gap=8)


def _seat_table(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    last: Mapping[str, Any],
    team: set[int],
    seats: Sequence[int],
    span: tuple[float, float, float],
    row_h: float,
) -> None:
    locale = c.locale
    x0, y, x1 = span
    w = x1 - x0
    # name | team | steps (right-aligned) | rank (right-aligned)
    rank_w = max(text.text_width(tr("col_rank", locale), T_SMALL), 40)
    steps_w = max(text.text_width(tr("col_steps", locale), T_SMALL), 40)
    cols = (x0 + 12, x0 + w * 0.40, x1 - 12 - rank_w - 24, x1 - 12)
    c.draw.rounded_rectangle((x0, y, x1, y + row_h * (len(seats) + 1) + 4), 10, fill=FELT_DARK)
    mid = y + row_h / 2
    c.text((cols[1], mid), tr("col_team", locale), T_SMALL, TEXT_DIM, "lm")
    c.text((cols[2], mid), tr("col_steps", locale), T_SMALL, TEXT_DIM, "rm")
    c.text((cols[3], mid), tr("col_rank", locale), T_SMALL, TEXT_DIM, "rm")
    team_w = cols[2] - steps_w - 16 - cols[1]
    viewer = view.get("viewer")
    for k, seat in enumerate(seats):
        mid = y + row_h * (k + 1.5)
        if seat == last["declarer"]:
            role = "team_declarer"
        elif seat in team:
            role = "team_friend"
        else:
            role = "team_defender"
        steps = int(last["steps"][seat])
        ink = HIGHLIGHT if seat == viewer else TEXT
        c.text(
            (cols[0], mid),
            seat_name(players, seat, locale),
            T_SMALL,
            ink,
            "lm",
            bold=True,
            max_width=cols[1] - cols[0] - 10,
        )
        c.text((cols[1], mid), tr(role, locale), T_SMALL, TEXT, "lm", max_width=team_w)
        c.text(
            (cols[2], mid),
            f"+{steps}" if steps else "·",
            T_SMALL,
            GOLD if steps else TEXT_DIM,
            "rm",
            bold=True,
        )
        c.text((cols[3], mid), rank_label(last["ranks"][seat]), T_SMALL, TEXT, "rm", bold=True)


def _trick_details(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    last: Mapping[str, Any],
    box: tuple[float, float, float, float],
) -> None:
    """The last trick taken: who took it and its points, then every play whole, in play order,
    each seat's name beside its cards."""
    locale = c.locale
    x0, y0, x1, y1 = box
    winner = int(last["winner"])
    head = named(
        "trick_taken",
        locale,
        name=seat_name(players, winner, locale),
        n=int(view.get("tricks", 1)),
        points=last["points"],
    )
    c.text((x0, y0), head, T_TITLE, GOLD, "la", bold=True, max_width=x1 - x0)
    team = set(view.get("team") or [])
    declarer = view.get("declarer")
    ranks = list(view.get("ranks") or [])
    cells = [
        Cell(
            int(seat),
            team_marked(seat_name(players, int(seat), locale), int(seat), declarer, team),
            tr(
                "rank", locale, rank=rank_label(ranks[int(seat)] if int(seat) < len(ranks) else "2")
            ),
            play=list(cards),
            holds=int(seat) == winner,
        )
        for seat, cards in last["plays"]
    ]
    top = y0 + 56
    grid = fit_grid(cells, x1 - x0, y1 - top, True)
    draw_grid(c, grid, top)
