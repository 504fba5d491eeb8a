"""Gong Zhu (拱猪) table, made for the box: the trick, every seat's scores, exposed cards and
scoring cards taken, whose turn, the viewer's hand; the hand's breakdown and the match's scores
in the Details image.

Landscape. On the left the trick, as a cross: the viewer's card at the bottom (seat 1's in the
public image), the next seat's on the right, the seat across on top, the one before on the left
(play goes counterclockwise at the table, as the rule document seats it), each under or over
its player's name; while no card of a new trick is down, the trick just taken, its taker's card
ringed, with a notice when it held the pig, the sheep or the transformer. During the exposure
phase the cross is a note (who leads, the viewer's own sealed choice); at the end, the result.

On the right, one row per seat in play order from the viewer: the name and badges, this hand's
points and the total in two aligned columns; under them the exposed cards still in hand (ringed
gold) and the scoring cards taken, each a small face naming the card (pig, sheep, transformer;
the hearts together, rank by rank). During the exposure phase a row says only whether its seat
has decided: every seat still deciding looks alike, whatever it holds. A private image adds the
viewer's hand at the bottom, numbered as typed moves number it, unplayable cards dimmed.

The Details image (`details`): the last finished hand's breakdown (hearts, pig, sheep,
transformer, the hand and the total by seat, who exposed what and who took it, a heart sweep)
and the match hand by hand, in columns that never touch.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from PIL import Image

from engines.base import Game, game_class
from engines.cards import card_label
from render import kit, parts, text
from render.cards import rank_text
from render.parts import Canvas, PlayerInfo
from render.shapes import paste_shape
from render.strings import Labels
from render.text import Template, Text
from render.theme import (
    ALERT,
    ALERT_BG,
    CARD_EDGE,
    CARD_FACE,
    CPU,
    FELT_DARK,
    GOLD,
    HIGHLIGHT,
    MIN_CARD_W,
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

GAME = "gong-zhu"
SEATS = 4
LIST_W = 596
"""Width of the seats' rows on the right; the trick has the rest."""
PAD = 12
"""Space inside a row."""
HEAD_H = 28
"""Height of the line over the rows naming their two columns (this hand, total)."""
ROW_GAP = 5
NAME_H = 40
"""Height of a row's first line: name, badges, points, total."""
ROOMY = 120
"""Rows at least this tall (the public image's) have bigger cards and more space inside."""
TOTAL_W = 132
"""Room for the total column (right-aligned): "−1060" at `T_NAME`, bold, with a gap."""
POINTS_W = 128
"""Room for this hand's points column, left of the total."""
TRICK_WIDTHS = (140, 128, 116, 104, 98, 92, 88, MIN_CARD_W)
"""Card widths of the trick, largest first."""
CROSS_DX = 20
"""Space between the cross's middle column and its side cards."""
CROSS_GAP = 10
"""Space between the top and bottom cards of the cross."""
LABEL_H = 36
"""Height of a name over or under a card of the cross."""
CAPTION_H = 48
"""Height of the line over the cross (the last trick, a notice)."""
HAND_H = 168
"""Height of the viewer's hand (13 cards of 92 px on one row, numbers under them)."""
HAND_PAD = 8
HAND_WIDTHS = (112, 104, 98, 92, 88, MIN_CARD_W)
EXPOSABLE = ("AH", "QS", "JD", "TC")
SPECIALS = ("QS", "JD", "TC")
"""The pig, the sheep and the transformer, each shown on its own when taken."""

_STRINGS: dict[str, tuple[str, str]] = {
    "game": ("拱猪", "Gong Zhu"),
    "details_title": ("拱猪・得点", "Gong Zhu · scores"),
    "status_expose": ("第{hand}ハンド・公開フェーズ", "Hand {hand} · exposure"),
    "status_trick": ("第{hand}ハンド・{trick}/13", "Hand {hand} · trick {trick}/13"),
    "status_over": ("対戦終了・{hand}ハンド", "Match over · {hand} hands"),
    "status_over.one": ("対戦終了・{hand}ハンド", "Match over · 1 hand"),
    "your_turn": ("あなたの番", "Your turn"),
    "turn_of": ("{name} の番", "{name} to play"),
    "your_choice": ("公開を決めてください", "Decide your exposure"),
    "col_hand": ("第{hand}ハンド", "Hand {hand}"),
    "col_total": ("合計", "Total"),
    "to_play": ("手番", "To play"),
    "cpu": ("CPU", "CPU"),
    "you": ("あなた", "You"),
    "winning": ("勝ち", "Wins"),
    "out": ("脱落", "Out"),
    "decided": ("決定済み", "Decided"),
    "deciding": ("考え中…", "Deciding…"),
    "exposed": ("公開", "Exposed"),
    "took": ("獲得", "Took"),
    "took_none": ("得点札なし", "No scoring cards"),
    "sweep_danger": ("独占の危険", "Sweep danger"),
    "centre_expose": ("公開フェーズ", "Exposure phase"),
    "centre_expose_sub": ("各自が非公開で決めています", "Each player decides in secret"),
    "first_lead": ("♠2 を持つ人がリードします", "The holder of 2♠ leads"),
    "leads": ("{name} がリードします", "{name} leads"),
    "mine_open": ("公開するカードを選んでください", "Choose what to expose"),
    "mine_none_held": ("公開できるカードはありません", "You hold none of the four"),
    "mine_chosen": ("あなたの公開：{cards}", "You expose {cards}"),
    "mine_nothing": ("あなたは公開しません", "You expose nothing"),
    "see_details": ("第{hand}ハンドの内訳は「詳細」で", "Hand {hand} in full: Details"),
    "last_trick": ("直前のトリック", "Last trick"),
    "pig": ("ブタは {name} へ！", "The pig goes to {name}!"),
    "sheep": ("ヒツジは {name} へ！", "The sheep goes to {name}!"),
    "transformer": ("変圧器は {name} へ！", "The transformer goes to {name}!"),
    "victory": ("勝利！", "Victory!"),
    "defeat": ("敗北", "Defeat"),
    "winner": ("{name} の勝ち", "{name} wins"),
    "reason": ("誰かが −1000 以下：首位の勝ち", "A total at −1000: the leader wins"),
    "hands_details": ("{hand}ハンドの得点は「詳細」で", "The {hand} hands' scores: Details"),
    "hands_details.one": ("{hand}ハンドの得点は「詳細」で", "The hand's scores: Details"),
    "rank_line": ("{rank}位  {name}  {total}", "{rank}. {name}  {total}"),
    "breakdown": ("第{hand}ハンドの得点", "Hand {hand} scores"),
    "col_hearts": ("ハート", "Hearts"),
    "col_pig": ("ブタ", "Pig"),
    "col_sheep": ("ヒツジ", "Sheep"),
    "col_tf": ("変圧器", "10♣"),
    "col_score": ("今回", "Hand"),
    "match": ("対戦の得点（ハンドごと）", "The match, hand by hand"),
    "col_hand_no": ("{hand}", "{hand}"),
    "col_hands": ("{first}–{last}", "{first}–{last}"),
    "exposed_line": ("公開：{items}", "Exposed: {items}"),
    "exposed_item": ("{card}（{name}）→ {taker}", "{card} ({name}) → {taker}"),
    "exposed_none": ("公開：なし", "Exposed: none"),
    "sweep_note": ("{name}：ハート独占", "{name}: heart sweep"),
    "all16_note": ("{name}：16枚すべて", "{name}: all 16 cards"),
    "nobody": ("—", "—"),
}
NAMES = ("name", "taker")
"""Fields of a label that hold a player's name: cut first when the label is too wide."""


LABELS = Labels.pairs(_STRINGS, names=NAMES, counts=("hand",))
"""This layout's labels (`render.strings.Labels`)."""
tr = LABELS
"""One of this layout's labels in `locale` (English for any other), filled in."""
named = LABELS.named
"""A label whose name fields are cut first when it is too wide."""


def signed(value: Any) -> str:
    """+50, −160, 0 (a true minus sign)."""
    n = int(value)
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def _name(players: Sequence[PlayerInfo], seat: int, locale: str) -> str:
    if seat < len(players):
        return players[seat].name
    return ("席 {n}" if locale == "ja" else "Seat {n}").format(n=seat + 1)


def _player(players: Sequence[PlayerInfo], seat: int, locale: str) -> PlayerInfo:
    return players[seat] if seat < len(players) else PlayerInfo(_name(players, seat, locale))


def _order(first: int | None) -> list[int]:
    """Seats in play order from `first` (seat 1 for the public image)."""
    start = first or 0
    return [(start + k) % SEATS for k in range(SEATS)]


def _viewer(view: Mapping[str, Any], viewer: int | None) -> int | None:
    """The seat whose private image this is, if any."""
    if viewer is not None and 0 <= viewer < SEATS and "hand_cards" in view:
        return viewer
    return None


Box = tuple[float, float, float, float]


# --------------------------------------------------------------------------- the table image


def render(
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    locale: str,
    style: CardStyle,
    viewer: int | None,
) -> Image.Image:
    """The table image of one Gong Zhu view."""
    own = _viewer(view, viewer)
    c = kit.canvas(locale, style)
    top = _bar(c, view, players, own) + kit.GAP
    bottom: float = kit.HEIGHT - kit.MARGIN
    hand = list(view.get("hand_cards") or []) if own is not None else []
    if hand:
        hand_top = bottom - HAND_H - 2 * HAND_PAD
        _hand(c, view, hand, (kit.MARGIN, hand_top, kit.WIDTH - kit.MARGIN, bottom))
        bottom = hand_top - kit.GAP
    split = kit.WIDTH - kit.MARGIN - LIST_W
    _middle(c, view, players, own, (kit.MARGIN, top, split - kit.GAP, bottom))
    _rows(c, view, players, own, (split, top, kit.WIDTH - kit.MARGIN, bottom))
    return c.image


def _bar(c: Canvas, view: Mapping[str, Any], players: Sequence[PlayerInfo], own: int | None) -> int:
    """The game's name and the hand and trick on the left; whose turn it is on the right."""
    locale = c.locale
    h = kit.BAR_H
    c.draw.rectangle((0, 0, kit.WIDTH, h), fill=FELT_DARK)
    x = kit.MARGIN + c.text((kit.MARGIN, h / 2), tr("game", locale), T_TITLE, TEXT, "lm", bold=True)
    x += 24
    right: float = kit.WIDTH - kit.MARGIN
    phase = view.get("phase")
    turn = view.get("turn")
    pill: Text | None = None
    mine = False
    if phase == "play" and isinstance(turn, int):
        mine = turn == own
        pill = (
            tr("your_turn", locale)
            if mine
            else named("turn_of", locale, name=_name(players, turn, locale))
        )
    elif phase == "expose" and own is not None and not (view.get("decided") or [])[own]:
        mine, pill = True, tr("your_choice", locale)
    if pill is not None:
        right -= kit.turn_pill(c, right, (h - kit.PILL_H) / 2, pill, mine, 420) + 20
    c.text((x, h / 2), _status(view, locale), T_BODY, TEXT_DIM, "lm", max_width=right - x)
    return h


def _status(view: Mapping[str, Any], locale: str) -> str:
    hand = int(view.get("hand") or 1)
    phase = view.get("phase")
    if phase == "expose":
        return tr("status_expose", locale, hand=hand)
    if phase == "over":
        return tr("status_over", locale, hand=hand)
    return tr("status_trick", locale, hand=hand, trick=int(view.get("tricks", 0)) + 1)


# --------------------------------------------------------------------------- the seats' rows


def _shown_hand(view: Mapping[str, Any]) -> tuple[int, list[int]]:
    """The hand whose points the rows show, and those points: this hand's so far; during the
    exposure phase after a hand, that finished hand's."""
    last = view.get("last_hand")
    if view.get("phase") == "expose" and last is not None:
        return int(last["hand"]), [int(p) for p in last["scores"]]
    return int(view.get("hand") or 1), [int(p) for p in view.get("points") or [0] * SEATS]


def _rows(
    c: Canvas, view: Mapping[str, Any], players: Sequence[PlayerInfo], own: int | None, box: Box
) -> None:
    """The column names over the rows, then one row per seat in play order from the viewer."""
    x0, y0, x1, y1 = box
    locale = c.locale
    hand, points = _shown_hand(view)
    totals = view.get("totals") or [0] * SEATS
    mid = y0 + HEAD_H / 2 - 4
    c.text((x1 - PAD - TOTAL_W, mid), tr("col_hand", locale, hand=hand), T_SMALL, TEXT_DIM, "rm")
    c.text((x1 - PAD, mid), tr("col_total", locale), T_SMALL, TEXT_DIM, "rm")
    top = y0 + HEAD_H
    row_h = (y1 - top - (SEATS - 1) * ROW_GAP) / SEATS
    room = (x1 - x0 - 2 * PAD, row_h - 2 * _row_pad(row_h) - NAME_H)
    chip = min(_chip_size(view, seat, room, locale) for seat in range(SEATS))
    for k, seat in enumerate(_order(own)):
        y = top + k * (row_h + ROW_GAP)
        numbers = (int(points[seat]), int(totals[seat]))
        _row(c, view, players, seat, own, (x0, y, x1, y + row_h), numbers, chip)


def _row_pad(height: float) -> int:
    """Space over and under a row's lines: more in the public image's taller rows."""
    return 8 if height >= ROOMY else 5


def _row_badges(
    view: Mapping[str, Any], player: PlayerInfo, seat: int, own: int | None, locale: str
) -> list[tuple[str, tuple[int, ...], tuple[int, ...]]]:
    """To play, wins, out, CPU, you: the badges of a row, most telling first."""
    result = view.get("result") or {}
    out: list[tuple[str, tuple[int, ...], tuple[int, ...]]] = []
    if view.get("phase") == "play" and seat == view.get("turn"):
        out.append((tr("to_play", locale), GOLD, (20, 20, 20)))
    if view.get("over") and result.get("winner") == seat:
        out.append((tr("winning", locale), GOLD, (20, 20, 20)))
    if seat in (result.get("out") or []):
        out.append((tr("out", locale), ALERT_BG, TEXT))
    if player.is_cpu:
        out.append((tr("cpu", locale), CPU, (255, 255, 255)))
    if seat == own:
        out.append((tr("you", locale), HIGHLIGHT, (20, 20, 20)))
    return out


def _row(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    seat: int,
    own: int | None,
    box: Box,
    numbers: tuple[int, int],
    chip: int,
) -> None:
    """A seat's row: its name and badges, this hand's points and the total on the first line;
    its cards (chips `chip` px high, or during the exposure phase whether it has decided)
    under them."""
    x0, y0, x1, y1 = box
    locale = c.locale
    pad = _row_pad(y1 - y0)
    player = _player(players, seat, locale)
    badges = _row_badges(view, player, seat, own, locale)
    lit = any(bg == GOLD for _, bg, _ in badges)
    parts.panel(c, box, outline=GOLD if lit else PANEL_EDGE, width=4 if lit else 2, radius=12)
    mid = y0 + pad + NAME_H / 2
    points, total = numbers
    ink = ALERT if points < 0 else GOLD if points > 0 else TEXT_DIM
    c.text((x1 - PAD - TOTAL_W, mid), signed(points), T_NAME, ink, "rm", bold=True)
    c.text((x1 - PAD, mid), signed(total), T_NAME, TEXT, "rm", bold=True)
    _name_and_badges(c, player.name, badges, x0 + PAD, x1 - PAD - TOTAL_W - POINTS_W, mid)
    line = (x0 + PAD, y0 + pad + NAME_H, x1 - PAD, y1 - pad)
    if view.get("phase") == "expose":
        decided = bool((view.get("decided") or [False] * SEATS)[seat])
        words = tr("decided" if decided else "deciding", locale)
        c.text(
            (line[0], (line[1] + line[3]) / 2), words, T_BODY, TEXT if decided else TEXT_DIM, "lm"
        )
        return
    _cards_line(c, view, seat, line, chip)


def _name_and_badges(
    c: Canvas,
    name: str,
    badges: Sequence[tuple[str, tuple[int, ...], tuple[int, ...]]],
    left: float,
    right: float,
    mid: float,
) -> None:
    """The name, cut to leave room for the badges after it (as many as fit in `right`)."""
    room = right - left
    keep = min(text.text_width(name, T_NAME), room * 0.4) + 8
    shown: list[tuple[str, tuple[int, ...], tuple[int, ...]]] = []
    used = 0.0
    for badge in badges:
        width = text.text_width(badge[0], T_SMALL) + T_SMALL + 6
        if used + width > room - keep:
            break
        shown.append(badge)
        used += width
    x = left + c.text((left, mid), name, T_NAME, TEXT, "lm", bold=True, max_width=room - used - 8)
    x += 12
    for label, bg, fg in shown:
        x += parts.badge(c, x, mid - kit.BADGE_H / 2, label, bg, fg, T_SMALL) + 6


def _lines(height: float, size: int) -> int:
    """How many lines of chips of `size` a row's `height` holds."""
    return max(1, int((height + CHIP_GAP) // (chip_height(size) + CHIP_GAP)))


def _seat_cards(view: Mapping[str, Any], seat: int) -> tuple[list[str], list[str], bool]:
    """A seat's exposed cards still in hand, its scoring cards taken, and a sweep danger."""
    live = list((view.get("exposed_live") or [[]] * SEATS)[seat])
    taken = list((view.get("taken") or [[]] * SEATS)[seat])
    return live, taken, view.get("sweep_danger") == seat


def _chip_size(view: Mapping[str, Any], seat: int, room: tuple[float, float], locale: str) -> int:
    """The biggest chips at which a seat's cards fit its row whole (else the smallest)."""
    live, taken, danger = _seat_cards(view, seat)
    items = _chip_items(locale, live, taken, danger, compact=False)
    for size in (T_NAME, T_BODY):
        if _flow(items, size, room[0], _lines(room[1], size)) is not None:
            return size
    return T_BODY


def _cards_line(c: Canvas, view: Mapping[str, Any], seat: int, box: Box, size: int) -> None:
    """The exposed cards still in a seat's hand, then the scoring cards it took, as chips of
    `size` (alike in every row) on as many lines as the row holds; shortened (the hearts
    counted, the labels left out) when they would not fit, and cut as a last resort."""
    live, taken, danger = _seat_cards(view, seat)
    x0, y0, x1, y1 = box
    lines = _lines(y1 - y0, size)
    items = _chip_items(c.locale, live, taken, danger, compact=False)
    placed = _flow(items, size, x1 - x0, lines)
    if placed is None:
        items = _chip_items(c.locale, live, taken, danger, compact=True)
        placed = _flow(items, size, x1 - x0, lines, cut=True) or []
    step = chip_height(size) + CHIP_GAP
    used = len({line for _, line, _ in placed}) or 1
    top = y0 + (y1 - y0 - (used * step - CHIP_GAP)) / 2
    for dx, line, item in placed:
        _draw_item(c, item, x0 + dx, top + line * step, size)


CHIP_GAP = 8
"""Space between two lines of chips."""


Item = tuple[str, str]
"""A piece of a cards line: ("label", words), ("card", code), ("exposed", code),
("hearts", ranks), ("alert", words)."""


def _chip_items(
    locale: str, live: Sequence[str], taken: Sequence[str], danger: bool, compact: bool
) -> list[Item]:
    items: list[Item] = []
    if live:
        if not compact:
            items.append(("label", tr("exposed", locale)))
        items += [("exposed", code) for code in live]
    specials = [code for code in SPECIALS if code in taken]
    hearts = [code[0] for code in taken if code.endswith("H")]
    if specials or hearts:
        if not compact:
            items.append(("label", tr("took", locale)))
        items += [("card", code) for code in specials]
        if hearts:
            ranks = " ".join(rank_text(r) for r in _high_first(hearts))
            items.append(("hearts", f"×{len(hearts)}" if compact else ranks))
    elif not live:
        items.append(("label", tr("took_none", locale)))
    if danger:
        items.append(("alert", tr("sweep_danger", locale)))
    return items


def _high_first(ranks: Sequence[str]) -> list[str]:
    order = "AKQJT98765432"
    return sorted(ranks, key=order.index)


def chip_height(size: int) -> int:
    """Height of a card chip whose index is `size` px."""
    return round(size * 1.3)


def _item_width(item: Item, size: int) -> float:
    kind, value = item
    if kind == "label":
        return text.text_width(value, T_SMALL)
    if kind == "alert":
        return text.text_width(value, T_SMALL) + T_SMALL
    pad = round(size * 0.3)
    shape = round(size * 0.8)
    if kind == "hearts":
        return pad + shape + 8 + text.text_width(value, size) + pad
    return pad + text.text_width(rank_text(value[0]), size) + 4 + shape + pad


def _flow(
    items: Sequence[Item], size: int, width: float, lines: int, cut: bool = False
) -> list[tuple[float, int, Item]] | None:
    """(x, line, item) of items laid left to right on at most `lines` lines, a label kept with
    the item after it; None when they do not all fit (with `cut`, those that fit)."""
    placed: list[tuple[float, int, Item]] = []
    x, line = 0.0, 0
    for k, item in enumerate(items):
        w = _item_width(item, size)
        need = w
        if item[0] == "label" and k + 1 < len(items):
            need += 8 + _item_width(items[k + 1], size)
        if x and x + need > width:
            x, line = 0.0, line + 1
        if line >= lines or w > width:
            return placed if cut else None
        placed.append((x, line, item))
        x += w + (8 if item[0] == "label" else 10)
    return placed


def _draw_item(c: Canvas, item: Item, x: float, y: float, size: int) -> None:
    kind, value = item
    h = chip_height(size)
    if kind == "label":
        c.text((x, y + h / 2), value, T_SMALL, TEXT_DIM, "lm")
    elif kind == "alert":
        parts.badge(c, x, y + (h - kit.BADGE_H) / 2, value, ALERT_BG, GOLD, T_SMALL)
    elif kind == "hearts":
        card_chip(c, x, y, size, "H", value, lead=True)
    else:
        card_chip(
            c, x, y, size, value[1], rank_text(value[0]), ring=GOLD if kind == "exposed" else None
        )


def card_chip(
    c: Canvas,
    x: float,
    y: float,
    size: int,
    suit: str,
    ranks: str,
    *,
    lead: bool = False,
    ring: tuple[int, ...] | None = None,
) -> float:
    """A card named by its index alone, on a small white face: the rank (or ranks) and the
    suit side by side, `size` px high, in the suit's ink; the suit first when `lead` ("♥ A K
    7"). Returns its width. Cards listed rather than laid (taken, exposed) read at the size a
    laid card's index does, in a third of the room."""
    h = chip_height(size)
    ink = c.style.suit_colour(suit)
    pad = round(size * 0.3)
    shape = round(size * 0.8)
    words = text.text_width(ranks, size)
    width = pad + shape + (8 if lead else 4) + words + pad
    c.draw.rounded_rectangle(
        (x, y, x + width, y + h),
        8,
        fill=CARD_FACE,
        outline=ring or CARD_EDGE,
        width=4 if ring else 2,
    )
    if lead:
        paste_shape(c.image, suit, (x + pad + shape / 2, y + h / 2), shape, ink)
        c.text((x + pad + shape + 8, y + h / 2), ranks, size, ink, "lm", bold=True)
    else:
        c.text((x + pad, y + h / 2), ranks, size, ink, "lm", bold=True)
        paste_shape(c.image, suit, (x + pad + words + 4 + shape / 2, y + h / 2), shape, ink)
    return width


# --------------------------------------------------------------------------- the middle


def _middle(
    c: Canvas, view: Mapping[str, Any], players: Sequence[PlayerInfo], own: int | None, box: Box
) -> None:
    """The result once over; the exposure note during the exposure phase; else the trick."""
    phase = view.get("phase")
    if phase == "over" and view.get("result"):
        _result(c, view, players, own, box)
    elif phase == "expose":
        _exposure(c, view, players, own, box)
    else:
        _cross(c, view, players, own, box)


def _trick(view: Mapping[str, Any]) -> tuple[dict[int, str], int | None, bool]:
    """The cards to show by seat, the seat to ring (the taker) and whether it is the last
    trick: the trick in progress, or when it has no card yet the trick just taken (the last
    card played stays in sight until the next lead)."""
    current = view.get("trick") or {}
    cards = current.get("cards") or []
    if cards:
        leader = int(current.get("leader") or 0)
        return {(leader + i) % SEATS: c for i, c in enumerate(cards)}, None, False
    last = view.get("last_trick")
    if last and view.get("phase") == "play":
        leader = int(last["leader"])
        by_seat = {(leader + i) % SEATS: c for i, c in enumerate(last["cards"])}
        return by_seat, int(last["winner"]), True
    return {}, None, False


def _notice(view: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str) -> Text | None:
    """The pig, the sheep or the transformer the last trick carried to its taker."""
    last = view.get("last_trick")
    if view.get("phase") != "play" or not last or (view.get("trick") or {}).get("cards"):
        return None
    keys = [
        k
        for code, k in zip(SPECIALS, ("pig", "sheep", "transformer"), strict=True)
        if code in last["cards"]
    ]
    if not keys:
        return None
    pattern = "  ".join(LABELS.pattern(k, locale, {}) for k in keys)
    return Template.of(pattern, {"name": _name(players, int(last["winner"]), locale)}, ("name",))


def _cross(
    c: Canvas, view: Mapping[str, Any], players: Sequence[PlayerInfo], own: int | None, box: Box
) -> None:
    """The trick as a cross, each card toward its player: the viewer (seat 1 in public) at the
    bottom, the next seat on the right, across on top, the seat before on the left. A seat yet
    to play shows an empty place (gold for the seat to play)."""
    locale = c.locale
    x0, y0, x1, y1 = box
    by_seat, winner, last = _trick(view)
    notice = _notice(view, players, locale)
    if notice is not None:
        parts.panel(c, (x0, y0, x1, y0 + CAPTION_H - 8), fill=ALERT_BG, outline=GOLD, radius=10)
        c.text(
            ((x0 + x1) / 2, y0 + (CAPTION_H - 8) / 2),
            notice,
            T_BODY,
            GOLD,
            "mm",
            bold=True,
            max_width=x1 - x0 - 24,
        )
        y0 += CAPTION_H
    elif last:
        c.text((x0 + 4, y0 + (CAPTION_H - 8) / 2), tr("last_trick", locale), T_BODY, TEXT_DIM, "lm")
        y0 += CAPTION_H
    w = cross_width(x1 - x0, y1 - y0)
    h = card_height(w)
    cx = (x0 + x1) / 2
    tall = 2 * h + CROSS_GAP + 2 * LABEL_H
    top = y0 + max(0.0, (y1 - y0 - tall) / 2)
    mid = top + LABEL_H + h + CROSS_GAP / 2
    bottom_seat = own or 0
    spots = {
        bottom_seat: (cx - w / 2, mid + CROSS_GAP / 2, "below"),
        (bottom_seat + 1) % SEATS: (cx + w / 2 + CROSS_DX, mid - h / 2, "below"),
        (bottom_seat + 2) % SEATS: (cx - w / 2, top + LABEL_H, "above"),
        (bottom_seat + 3) % SEATS: (cx - w / 2 - CROSS_DX - w, mid - h / 2, "below"),
    }
    to_play = view.get("turn") if not last else None
    for seat, (x, y, where) in spots.items():
        code = by_seat.get(seat)
        if code is None:
            edge = GOLD if seat == to_play else PANEL_EDGE
            c.draw.rounded_rectangle(
                (x, y, x + w, y + h), round(w * 0.09), fill=FELT_DARK, outline=edge, width=3
            )
        else:
            parts.paste_card(c, code, x, y, w, ring=GOLD if seat == winner else None)
        label_y = y - LABEL_H / 2 if where == "above" else y + h + LABEL_H / 2
        colour = GOLD if seat in (winner, to_play) else HIGHLIGHT if seat == own else TEXT
        room = w + (CROSS_DX if seat == bottom_seat or where == "above" else 2 * CROSS_DX)
        c.text(
            (x + w / 2, label_y),
            _name(players, seat, locale),
            T_BODY,
            colour,
            "mm",
            bold=seat == to_play,
            max_width=room,
        )


def cross_width(width: float, height: float) -> int:
    """The widest card of `TRICK_WIDTHS` whose cross (and names) fits `width` x `height`."""
    for w in TRICK_WIDTHS:
        if 2 * card_height(w) + CROSS_GAP + 2 * LABEL_H <= height and 3 * w + 2 * CROSS_DX <= width:
            return w
    return TRICK_WIDTHS[-1]


def _exposure(
    c: Canvas, view: Mapping[str, Any], players: Sequence[PlayerInfo], own: int | None, box: Box
) -> None:
    """The exposure phase: that each player decides in secret, who leads, the viewer's own
    sealed choice, and where the last hand's breakdown is."""
    locale = c.locale
    x0, y0, x1, y1 = box
    c.draw.rounded_rectangle(box, 18, fill=FELT_DARK, outline=(40, 96, 70), width=2)
    leader = view.get("first_leader")
    lines: list[tuple[Text, int, tuple[int, ...], bool]] = [
        (tr("centre_expose", locale), T_TITLE, GOLD, True),
        (tr("centre_expose_sub", locale), T_BODY, TEXT, False),
        (
            tr("first_lead", locale)
            if leader is None
            else named("leads", locale, name=_name(players, int(leader), locale)),
            T_BODY,
            TEXT,
            False,
        ),
    ]
    if own is not None:
        lines.append((_mine(view, own, locale), T_BODY, HIGHLIGHT, True))
    last = view.get("last_hand")
    if last is not None:
        lines.append((tr("see_details", locale, hand=int(last["hand"])), T_SMALL, TEXT_DIM, False))
    heights = [round(size * 1.7) for _, size, _, _ in lines]
    y = (y0 + y1 - sum(heights)) / 2
    for (words, size, ink, bold), step in zip(lines, heights, strict=True):
        c.text(
            ((x0 + x1) / 2, y + step / 2), words, size, ink, "mm", bold=bold, max_width=x1 - x0 - 32
        )
        y += step


def _mine(view: Mapping[str, Any], own: int, locale: str) -> str:
    """The viewer's own exposure, sealed: still to choose, chosen, or nothing to choose."""
    chosen = view.get("my_exposure")
    if chosen:
        return tr("mine_chosen", locale, cards=" ".join(card_label(x) for x in chosen))
    if chosen is not None:
        return tr("mine_nothing", locale)
    if not set(view.get("hand_cards") or []) & set(EXPOSABLE):
        return tr("mine_none_held", locale)
    return tr("mine_open", locale)


def _result(
    c: Canvas, view: Mapping[str, Any], players: Sequence[PlayerInfo], own: int | None, box: Box
) -> None:
    """Victory or defeat (the viewer's own, or the winner by name), the reason, the ranking
    with totals; the hands' scores are in the Details image."""
    locale = c.locale
    result = view["result"]
    winner = int(result["winner"])
    title: Text
    if own is not None and not _player(players, own, locale).is_cpu:
        title = tr("victory" if own == winner else "defeat", locale)
    else:
        title = named("winner", locale, name=_name(players, winner, locale))
    lines: list[Text] = []
    for rank, seat in enumerate(result["ranking"], 1):
        pattern = LABELS.pattern("rank_line", locale, {})
        lines.append(
            Template.of(
                pattern.replace("{rank}", str(rank)).replace(
                    "{total}", signed(result["totals"][seat])
                ),
                {"name": _name(players, seat, locale)},
                ("name",),
            )
        )
    x0, y0, x1, y1 = box
    tall = 22 + round(T_BIG * 1.45) + round(T_SMALL * 1.67) + len(lines) * round(T_BODY * 1.42)
    tall += 64  # the line under the ranking
    y0 = max(y0, (y0 + y1 - tall) / 2)
    y1 = min(y1, y0 + tall)
    panel = (x0, y0, x1, y1)
    parts.result_panel(c, panel, title, tr("reason", locale), lines, sizes=(T_BIG, T_SMALL, T_BODY))
    hands = len(view.get("hand_scores") or [])
    c.text(
        ((x0 + x1) / 2, y1 - 32),
        tr("hands_details", locale, hand=hands),
        T_SMALL,
        TEXT_DIM,
        "mm",
        max_width=x1 - x0 - 40,
    )


# --------------------------------------------------------------------------- the viewer's hand


def _hand(c: Canvas, view: Mapping[str, Any], hand: Sequence[str], box: Box) -> None:
    """The viewer's hand by suit, numbered; while it is to play, the cards it can't play now
    dimmed; during the exposure phase, the cards it chose to expose ringed."""
    x0, y0, x1, y1 = box
    parts.panel(c, box, fill=FELT_DARK, outline=(40, 96, 70), radius=14)
    legal = view.get("legal")
    mask = [card in legal for card in hand] if legal is not None else None
    groups: list[tuple[Text, list[int]]] = []
    for i, card in enumerate(hand):
        if groups and hand[i - 1][1] == card[1]:
            groups[-1][1].append(i)
        else:
            groups.append(("", [i]))
    chosen = set(view.get("my_exposure") or []) if view.get("phase") == "expose" else set()
    selected = frozenset(i for i, card in enumerate(hand) if card in chosen)
    kit.hand(
        c,
        hand,
        (x0 + HAND_PAD, y0 + HAND_PAD, x1 - HAND_PAD, y1 - HAND_PAD),
        groups=groups,
        legal=mask,
        selected=selected,
        widths=HAND_WIDTHS,
        lift=0,
    )


# --------------------------------------------------------------------------- details


def details(
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    locale: str,
    style: CardStyle,
    viewer: int | None,
) -> Image.Image | None:
    """The scores that do not fit the table image: the last finished hand's breakdown and the
    match hand by hand (none before the first hand ends)."""
    last = view.get("last_hand")
    scores = [list(h) for h in view.get("hand_scores") or []]
    if last is None or not scores:
        return None
    own = viewer if viewer is not None and 0 <= viewer < SEATS else None
    c = kit.canvas(locale, style)
    top = kit.top_bar(c, tr("details_title", locale), _status(view, locale)) + kit.GAP
    x0, x1 = kit.MARGIN, kit.WIDTH - kit.MARGIN
    order = _order(own)
    highlight = 0 if own is not None else None
    y = top + _breakdown(c, last, players, order, highlight, (x0, top, x1)) + kit.GAP
    totals = [int(t) for t in view.get("totals") or last["totals"]]
    _match(c, scores, totals, players, order, highlight, (x0, y, x1, kit.HEIGHT - kit.MARGIN))
    return c.image


CELL = T_BODY
"""Text size of a score table's cells (14 px in the box)."""
CELL_H = 40
TITLE_H = 46
COL_GAP = 28
"""Least space between two columns of a score table (14 px in the box): they never touch."""
NOTE_H = 34


def _breakdown(
    c: Canvas,
    last: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    order: Sequence[int],
    highlight: int | None,
    span: tuple[float, float, float],
) -> float:
    """The panel of a finished hand: hearts, pig, sheep, transformer, the hand and the total by
    seat; each exposed card with who exposed it and who took it (the doubling is the taker's),
    a heart sweep or all sixteen cards. Returns its height."""
    locale = c.locale
    x0, y0, x1 = span
    headers = [""] + [
        tr(k, locale)
        for k in ("col_hearts", "col_pig", "col_sheep", "col_tf", "col_score", "col_total")
    ]
    rows = []
    for seat in order:
        b = last["breakdown"][seat]
        tf = "·"
        if b["transformer"] == "alone":
            tf = signed(b["transformer_points"])
        elif b["transformer"] == "multiply":
            tf = f"×{b['transformer_factor']}"
        rows.append(
            [
                _name(players, seat, locale),
                _cell(b["hearts"], b["heart_count"] > 0),
                _cell(b["pig"], b["pig"] != 0),
                _cell(b["sheep"], b["sheep"] != 0),
                tf,
                signed(b["score"]),
                signed(last["totals"][seat]),
            ]
        )
    notes = _breakdown_notes(last, players, order, locale)
    height = TITLE_H + CELL_H * (len(rows) + 1) + 8 + NOTE_H * len(notes) + 12
    parts.panel(c, (x0, y0, x1, y0 + height), fill=(18, 62, 43))
    title = tr("breakdown", locale, hand=int(last["hand"]))
    c.text((x0 + 16, y0 + TITLE_H / 2 + 2), title, T_BODY, GOLD, "lm", bold=True)
    y = y0 + TITLE_H
    y += score_grid(c, (x0 + 8, y, x1 - 8), headers, rows, highlight) + 8
    for words, ink in notes:
        c.text((x0 + 16, y + NOTE_H / 2), words, T_SMALL, ink, "lm", max_width=x1 - x0 - 32)
        y += NOTE_H
    return height


def _breakdown_notes(
    last: Mapping[str, Any], players: Sequence[PlayerInfo], order: Sequence[int], locale: str
) -> list[tuple[Text, tuple[int, ...]]]:
    """The exposures of a finished hand on one line, then its sweep or all-sixteen notes."""
    takers = {card: s for s, b in enumerate(last["breakdown"]) for card in b["cards"]}
    pieces: list[str] = []
    names: dict[str, str] = {}
    item = LABELS.pattern("exposed_item", locale, {}).replace("{card}", "{{card}}")
    for seat in order:
        for card in last["exposed"][seat]:
            k = len(pieces)
            taker = _name(players, takers[card], locale) if card in takers else None
            names[f"name{k}"] = _name(players, seat, locale)
            names[f"taker{k}"] = taker if taker is not None else tr("nobody", locale)
            piece = item.format(name=f"{{name{k}}}", taker=f"{{taker{k}}}")
            pieces.append(piece.replace("{card}", _literal(card_label(card))))
    sep = "、" if locale == "ja" else " · "
    line = LABELS.pattern("exposed_line", locale, {}).replace("{items}", sep.join(pieces))
    notes: list[tuple[Text, tuple[int, ...]]] = [
        (
            Template.of(line, names, tuple(names)) if pieces else tr("exposed_none", locale),
            TEXT,
        )
    ]
    for seat in order:
        b = last["breakdown"][seat]
        for flag, key in (("sweep", "sweep_note"), ("all16", "all16_note")):
            if b[flag]:
                notes.append((named(key, locale, name=_name(players, seat, locale)), GOLD))
    return notes


def _literal(words: str) -> str:
    return words.replace("{", "{{").replace("}", "}}")


def _cell(points: int, taken: bool) -> str:
    return signed(points) if taken else "·"


def _match(
    c: Canvas,
    scores: Sequence[Sequence[int]],
    totals: Sequence[int],
    players: Sequence[PlayerInfo],
    order: Sequence[int],
    highlight: int | None,
    box: Box,
) -> None:
    """The match hand by hand: a column per hand (the newest that fit; the earlier ones summed
    in one column), then the total."""
    locale = c.locale
    x0, y0, x1, _ = box
    height = TITLE_H + CELL_H * (SEATS + 1) + 8 + 8
    parts.panel(c, (x0, y0, x1, y0 + height), fill=(18, 62, 43))
    c.text((x0 + 16, y0 + TITLE_H / 2 + 2), tr("match", locale), T_BODY, GOLD, "lm", bold=True)
    span = (x0 + 8, y0 + TITLE_H, x1 - 8)
    n = len(scores)
    for folded in range(0, n):
        headers, rows = _match_table(scores, totals, players, order, locale, folded)
        if _fits(headers, rows, span[2] - span[0]):
            break
    score_grid(c, span, headers, rows, highlight)


def _match_table(
    scores: Sequence[Sequence[int]],
    totals: Sequence[int],
    players: Sequence[PlayerInfo],
    order: Sequence[int],
    locale: str,
    folded: int,
) -> tuple[list[str], list[list[str]]]:
    """Headers and rows of the match table with the first `folded` hands summed in one column."""
    headers = [""]
    if folded == 1:
        headers.append(tr("col_hand_no", locale, hand=1))
    elif folded > 1:
        headers.append(tr("col_hands", locale, first=1, last=folded))
    headers += [tr("col_hand_no", locale, hand=h + 1) for h in range(folded, len(scores))]
    headers.append(tr("col_total", locale))
    rows = []
    for seat in order:
        row = [_name(players, seat, locale)]
        if folded:
            row.append(signed(sum(int(h[seat]) for h in scores[:folded])))
        row += [signed(h[seat]) for h in scores[folded:]]
        row.append(signed(totals[seat]))
        rows.append(row)
    return headers, rows


NAME_LEAST = 150
"""The narrowest a score table's name column may be before columns are folded."""


def _widths(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> list[float]:
    """Each number column's width: its widest cell or header."""
    return [
        max(
            text.text_width(headers[k], T_SMALL),
            *(text.text_width(row[k], CELL) + 2 for row in rows),
        )
        for k in range(1, len(headers))
    ]


def _fits(headers: Sequence[str], rows: Sequence[Sequence[str]], width: float) -> bool:
    used = sum(w + COL_GAP for w in _widths(headers, rows)) + 24
    return width - used >= NAME_LEAST


def score_grid(
    c: Canvas,
    span: tuple[float, float, float],
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    highlight: int | None = None,
) -> float:
    """A score table: the names on the left, each other column right-aligned and as wide as its
    widest cell, `COL_GAP` apart, so that two columns never touch (whatever the numbers), the
    name column taking what is left (names cut); returns its height."""
    x0, y0, x1 = span
    widths = _widths(headers, rows)
    rights: list[float] = []
    right = x1 - 12
    for w in reversed(widths):
        rights.insert(0, right)
        right -= w + COL_GAP
    name_room = right + COL_GAP - (x0 + 12) - COL_GAP
    for r, line in enumerate([list(headers), *[list(row) for row in rows]]):
        y = y0 + r * CELL_H
        if r and highlight == r - 1:
            c.draw.rounded_rectangle((x0, y, x1, y + CELL_H), 8, fill=(70, 110, 60))
        size = T_SMALL if r == 0 else CELL
        ink = TEXT_DIM if r == 0 else TEXT
        if line[0]:
            c.text(
                (x0 + 12, y + CELL_H / 2), line[0], size, ink, "lm", bold=r > 0, max_width=name_room
            )
        for k, cell in enumerate(line[1:]):
            c.text(
                (rights[k], y + CELL_H / 2),
                cell,
                size,
                ink,
                "rm",
                bold=r > 0 and k == len(widths) - 1,
            )
        if r == 0:
            c.draw.line((x0 + 8, y + CELL_H, x1 - 8, y + CELL_H), fill=PANEL_EDGE, width=1)
    return CELL_H * (len(rows) + 1)


# --------------------------------------------------------------------------- samples

SAMPLE_PLAYERS = (
    PlayerInfo("たろう"),
    PlayerInfo("CPU 1", is_cpu=True),
    PlayerInfo("花子"),
    PlayerInfo("CPU 2", is_cpu=True),
)
"""Who sits at the sample tables of `cardbot render gong-zhu` (two people, two CPUs)."""


def sample_moments(seed: int) -> Iterator[tuple[str, Game]]:
    """(label, game) at telling moments of a match played by CPUs (one hard, three normal):
    the exposure phase, the first lead after someone exposed, the first trick in progress, the
    pig falling, a heart sweep danger, the exposure phase of the second hand (the first hand's
    breakdown), and the end of the match."""
    from engines.cpu import cpu_chooser

    cls = game_class(GAME)
    game = cls.new(4, {}, seed)
    decide = cpu_chooser(GAME, ["hard", "normal", "normal", "normal"], seed)
    yield "expose", cls.from_json(game.to_json())
    wanted = {"exposed", "trick", "pig", "danger", "hand2"}
    while not game.is_over():
        game.autoplay(decide, limit=1)
        view = game.view(None)
        label = None
        exposed = any(view["exposed_live"])
        if "exposed" in wanted and exposed and view["phase"] == "play" and not view["plays"]:
            label = "exposed"
        elif "trick" in wanted and view["phase"] == "play" and len(view["trick"]["cards"]) == 2:
            label = "trick"
        elif (
            "pig" in wanted
            and view["last_trick"]
            and "QS" in view["last_trick"]["cards"]
            and not view["trick"]["cards"]
        ):
            label = "pig"
        elif "danger" in wanted and view["sweep_danger"] is not None:
            label = "danger"
        elif "hand2" in wanted and view["hand"] == 2 and view["phase"] == "expose":
            label = "hand2"
        if label is not None:
            wanted.discard(label)
            yield f"{label}-h{view['hand']}", cls.from_json(game.to_json())
    yield "end", game


def sample_hand(seed: int) -> tuple[list[str], list[bool], list[int]] | None:
    """A hand strip of the first hand as its first follower sees it: legal cards bright."""
    cls = game_class(GAME)
    game: Any = cls.new(4, {}, seed)
    for seat in range(4):
        game.apply(game.legal_actions(seat)[0])
    leader = game.turn
    game.apply(game.legal_actions(leader)[-1])
    prompt = game.prompt(game.turn)
    pick = prompt.pick
    selected = [i for i, ok in enumerate(pick.selectable) if ok][:1]
    return list(pick.cards), list(pick.selectable), selected
