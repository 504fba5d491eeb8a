"""Zhao Pengyou (找朋友) table, made for the box: 6 to 12 seats, the deal's draw, the bury, the
calls, the trick, the deal's end and the match's result.

Landscape, top to bottom: the top bar (the game, the deal and its phase; the trump and the
defenders' points against the threshold on the right); a strip of a few lines (the calls and
who answered them, a failed throw, a friend shown, the last trick, the deal just ended, what
the table waits for); every seat's cell, in play order, three or four to a row (its name with
★ declarer or ☆ friend, its rank, its points or cards, its badges and, in play, its cards of
the trick with the play holding it ringed); and in a seat's own image its hand, trumps first
then each suit, as big as the room left allows (the cards it may declare with, or the kitty's
cards among the declarer's, ringed). The match's end puts the result under the cells.

What does not fit in the box leaves it (docs/images.md): the deal-end table (every seat's team,
rank steps and new rank), the kitty face up and the last trick taken are the Details image
(`details`); the deal's summary and every seat's play are also in the embed (the presenter's
counts and log). Only the viewer's own hand, kitty and bury are ever drawn face up, besides
what the table has seen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image

from engines.base import Action, Game, game_class
from engines.cards import card_label
from render import kit, parts, text
from render.parts import Canvas, PlayerInfo
from render.strings import Labels
from render.text import Template, Text
from render.theme import (
    ALERT,
    ALERT_BG,
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

GAME = "zhao-pengyou"
PAD = 8
"""Space inside a seat's cell, left and right."""
WORDS_GAP = 8
"""Space between a cell's words and its cards."""
PAD_Y = 4
"""Space inside a seat's cell, above and below."""
BLOCK = 8
"""Space between the strip, the cells and the hand."""
HAND_PAD = 6
"""Space inside the hand's panel."""
NAME_H = 34
"""Height of a cell's name line (`T_BODY`, bold)."""
LINE_H = 30
"""Height of a cell's line of `T_SMALL` text."""
TEXT_LEAST = 100
"""Least width of a cell's words beside its cards..."""
TEXT_MOST_LEAST = 160
"""...up to this much for a long name (a longer one is cut)..."""
TEXT_SQUEEZED = 64
"""...and down to this when a row's plays need the room to be whole (names cut)."""
TRICK_WIDTHS = (120, 112, 104, 96, 90, MIN_CARD_W)
"""Card widths of the trick in the cells, largest first."""
HAND_WIDTHS = (120, 112, 104, 98, 92, 88, MIN_CARD_W)
"""Card widths of the viewer's hand in the table image, largest first."""
EDGE = 4
"""How far each card under the top one of a set shows (a set is a stack)."""
UNIT_GAP = 8
"""Space between two units of a play (sets, or single cards) when there is room."""
STRIP_LINE = 36
"""Height of a line of the strip (`T_BODY`, or `T_SMALL` for a line too long)."""
STRIP_PAD = 4
STRIP_WIDTH = kit.WIDTH - 2 * kit.MARGIN - 24
"""Room of a strip line's words (the canvas less its margins and the band's padding)."""
MOST_STRIP = 3
"""At most this many lines in the strip under the top bar."""
RESULT_LEAST = 200
RESULT_MOST = 300
"""Height of the match's result panel, at least and at most."""
BAND_CARD = 96
BAND_H = card_height(BAND_CARD) + 24
BAND_WORDS = 250
"""The middle of the table in the channel's image while no trick is played (the piles, the
trump card): their card width, least height, and the room of the words beside each."""
COLUMNS = 4
"""Cells to a row, at most."""
CELL_GAP = 8
INK = (20, 20, 20)
"""Dark ink of a badge's label on a light badge."""

_STRINGS: dict[str, tuple[str, str]] = {
    "game": ("找朋友", "Zhao Pengyou"),
    "status_draw": (
        "第{deal}ディール・取り {drawn}/{total}",
        "Deal {deal} · drawing {drawn}/{total}",
    ),
    "status_window": ("第{deal}ディール・最後の宣言", "Deal {deal} · last chance to declare"),
    "status_bury": ("第{deal}ディール・伏せ札", "Deal {deal} · the bury"),
    "status_call": ("第{deal}ディール・友達の指定", "Deal {deal} · calling friends"),
    "status_play": (
        "第{deal}ディール・第{trick}トリック・残り{left}枚",
        "Deal {deal} · trick {trick} · {left} cards left",
    ),
    "status_play_short": ("第{deal}ディール・第{trick}トリック", "Deal {deal} · trick {trick}"),
    "status_over": ("ゲーム終了・{deal}ディール", "Game over · {deal} deals"),
    "status_over.one": ("ゲーム終了・{deal}ディール", "Game over · 1 deal"),
    "trump": ("切札 {card}", "Trump {card}"),
    "no_trump": ("切札は未定", "No trump yet"),
    "defenders": ("防御 {points}/{threshold}点", "Defenders {points}/{threshold}"),
    "rank": ("ランク{rank}", "Rank {rank}"),
    "cards": ("{n}枚", "{n} cards"),
    "cards.one": ("{n}枚", "{n} card"),
    "points": ("{n}点", "{n} pts"),
    "points.one": ("{n}点", "{n} pt"),
    "steps": ("+{n}", "+{n}"),
    "you": ("あなた", "You"),
    "dealer": ("仮親", "Dealer"),
    "entitled": ("宣言可", "May declare"),
    "to_play": ("手番", "To play"),
    "to_lead": ("リードの番", "To lead"),
    "your_turn": ("あなたの番", "Your turn"),
    "lead": ("リード", "Lead"),
    "failed_badge": ("失敗", "Failed"),
    "friend_badge": ("友達！", "Friend!"),
    "winning": ("勝ち", "Wins"),
    "trumps": ("切札", "Trumps"),
    "calls": ("指定：", "Calls: "),
    "call_en": ("{card}の{nth}枚目", "{nth} {card}"),
    "call_open": ("{seen}/{nth}", "{seen}/{nth}"),
    "call_joined": ("→ {name}", "→ {name}"),
    "call_spent": ("→ {name}（加わらず）", "→ {name} (no one joins)"),
    "led": ("{name} のリード：{shape}", "{name} led {shape}"),
    "lead_single": ("1枚", "a single"),
    "lead_set": ("{n}枚のセット", "a set of {n}"),
    "lead_sequence": ("{n}枚ずつのシークエンス", "a sequence of {n}s"),
    "lead_throw": ("まとめ出し", "a throw"),
    "last_trick": (
        "直前のトリック：{name} が取りました（{points}点）",
        "Last trick: {name} took it ({points} pts)",
    ),
    "failed": (
        "まとめ出し失敗：{name} の {cards} → {unit} をリード",
        "Throw failed: {name}'s {cards} → {unit} led",
    ),
    "friend_shown": ("{name} は友達！（{call}）", "{name} is a friend! ({call})"),
    "stock": ("山札 {n}枚", "Stock {n}"),
    "kitty_count": ("キティ {n}枚", "Kitty {n}"),
    "buried_count": ("伏せ札 {n}枚", "Buried {n}"),
    "declared": ("{name} が {card} で宣言", "{name} declared {card}"),
    "may_declare_all": (
        "誰でも自分のランクのカードで宣言できます",
        "Anyone may declare with a card of their rank",
    ),
    "may_declare_some": (
        "宣言できるのは前回の勝者だけです",
        "Only last deal's winners may declare",
    ),
    "window": (
        "最後の宣言の機会：宣言できる人が決めています",
        "Last chance to declare: those who may declare decide",
    ),
    "bury_sub": ("{name} が6枚を伏せます", "{name} buries 6 cards"),
    "call_sub": ("{name} が友達を指定します", "{name} calls friends"),
    "may_declare": ("宣言できます：{cards}", "You may declare: {cards}"),
    "passed": ("パスしました", "You passed"),
    "kitty_in_hand": ("キティ（金の枠）：{cards}", "The kitty (ringed): {cards}"),
    "your_bury": ("あなたの伏せ札：{cards}", "Your bury: {cards}"),
    "deal_end_declarer": (
        "第{deal}ディール：親のチームの勝ち・ゲーム点 {gp}",
        "Deal {deal}: the declarer's team wins · {gp} game points",
    ),
    "deal_end_declarer.one": (
        "第{deal}ディール：親のチームの勝ち・ゲーム点 1",
        "Deal {deal}: the declarer's team wins · 1 game point",
    ),
    "deal_end_defenders": (
        "第{deal}ディール：防御チームの勝ち・ゲーム点 {gp}",
        "Deal {deal}: the defenders win · {gp} game points",
    ),
    "deal_end_defenders.one": (
        "第{deal}ディール：防御チームの勝ち・ゲーム点 1",
        "Deal {deal}: the defenders win · 1 game point",
    ),
    "deal_side_declarer": (
        "親のチームの勝ち・ゲーム点 {gp}",
        "The declarer's team wins · {gp} game points",
    ),
    "deal_side_declarer.one": (
        "親のチームの勝ち・ゲーム点 1",
        "The declarer's team wins · 1 game point",
    ),
    "deal_side_defenders": (
        "防御チームの勝ち・ゲーム点 {gp}",
        "The defenders win · {gp} game points",
    ),
    "deal_side_defenders.one": ("防御チームの勝ち・ゲーム点 1", "The defenders win · 1 game point"),
    "deal_points": (
        "防御 {points}/{threshold}点・キティ {kitty}点{doubled}",
        "Defenders {points}/{threshold} · kitty {kitty}{doubled}",
    ),
    "doubled": ("（2倍で防御へ）", " (doubled, to the defenders)"),
    "kept": ("（親のチームへ）", " (to the declarer's team)"),
    "victory": ("勝利！", "Victory!"),
    "defeat": ("敗北", "Defeat"),
    "winners": ("{name} の勝ち", "{name} wins"),
    "reason": ("ランクAに到達", "Reached rank A"),
    "deal_result": ("第{deal}ディールの結果", "Deal {deal} result"),
    "col_team": ("チーム", "Team"),
    "col_steps": ("上昇", "Steps"),
    "col_rank": ("ランク", "Rank"),
    "team_declarer": ("★ 親", "★ Declarer"),
    "team_friend": ("☆ 友達", "☆ Friend"),
    "team_defender": ("防御", "Defender"),
    "kitty": ("キティ", "Kitty"),
    "trick_taken": (
        "第{n}トリック：{name} が取りました（{points}点）",
        "Trick {n}: {name} took it ({points} pts)",
    ),
}
NAMES = ("name",)
SUIT_MARKS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


LABELS = Labels.pairs(_STRINGS, names=NAMES)
"""This layout's labels (`render.strings.Labels`)."""
tr = LABELS
"""One of this layout's labels in `locale` (English for any other), filled in."""
named = LABELS.named
"""A label whose name fields are cut first when it is too wide."""


def _name(players: Sequence[PlayerInfo], seat: int, locale: str) -> str:
    if seat < len(players):
        return players[seat].name
    return ("席 {n}" if locale == "ja" else "Seat {n}").format(n=seat + 1)


def _rank(rank: Any) -> str:
    return "10" if rank == "T" else str(rank)


def _cards_text(codes: Sequence[str]) -> str:
    return " ".join(card_label(c) for c in codes)


def _ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n, 'th') }"


def _call_label(call: Mapping[str, Any], locale: str) -> str:
    """ "2nd A♥" / "A♥の2枚目"."""
    nth = int(call["nth"])
    return tr(
        "call_en",
        locale,
        card=card_label(str(call["card"])),
        nth=nth if locale == "ja" else _ordinal(nth),
    )


def _marked(name: str, seat: int, declarer: Any, team: set[int]) -> str:
    """A name with its role: ★ the declarer, ☆ a friend known."""
    if seat == declarer:
        return "★ " + name
    if seat in team:
        return "☆ " + name
    return name


# --------------------------------------------------------------------------- what a cell shows

Badge = tuple[Text, tuple[int, ...], tuple[int, ...], bool]
"""(label, background, ink, needed): a badge not needed is drawn only on a line already there."""


@dataclass
class Cell:
    """One seat's cell: its words, badges, and its cards of the trick (None: no trick area)."""

    seat: int
    name: str
    rank: str
    note: tuple[str, tuple[int, ...]] | None = None
    badges: list[Badge] = field(default_factory=list)
    play: list[str] | None = None
    holds: bool = False
    slot: tuple[int, ...] | None = None
    slot_label: str = ""
    outline: tuple[int, ...] = PANEL_EDGE
    outline_w: int = 2
    name_ink: tuple[int, ...] = TEXT

    def words_least(self, cap: float = TEXT_MOST_LEAST) -> float:
        """The width its words need beside its cards: its name whole at the smaller size, up
        to `cap` (a longer name is cut)."""
        name = text.text_width(self.name, T_SMALL) + 4
        return min(cap, max(TEXT_LEAST, name, text.text_width(self.rank, T_SMALL)))


def _order(n: int, own: int | None) -> list[int]:
    """Seats in play order from the viewer (seat 1's in the public image)."""
    first = 0 if own is None else own
    return [(first + k) % n for k in range(n)]


def _shown_plays(view: Mapping[str, Any]) -> tuple[dict[int, list[str]], int | None, bool]:
    """(seat -> cards, the seat holding or having taken the trick, whether it is the last trick
    taken) of the trick the cells show: the one in progress, or before the next lead the one
    just taken."""
    trick = view.get("trick") or {}
    plays = trick.get("plays") or []
    if plays:
        return {int(p["seat"]): list(p["cards"]) for p in plays}, trick.get("winning"), False
    last = view.get("last_trick")
    if view.get("phase") == "play" and last:
        shown = {int(seat): list(cards) for seat, cards in last["plays"]}
        return shown, int(last["winner"]), True
    return {}, None, False


def _deal_end_shown(view: Mapping[str, Any]) -> bool:
    """Whether the deal just ended is told (the first rounds of the next drawing, the end)."""
    if view.get("last_deal") is None:
        return False
    phase = view.get("phase")
    return phase == "over" or (
        phase == "draw" and int(view.get("drawn", 0)) < int(view["seats"]) * 3
    )


def _cells(
    view: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str, own: int | None
) -> list[Cell]:
    n = int(view["seats"])
    phase = view.get("phase")
    ranks = view.get("ranks") or ["2"] * n
    sizes = view.get("hand_counts") or [0] * n
    points = view.get("points") or [0] * n
    team = set(view.get("team") or [])
    declarer = view.get("declarer")
    active = set(view.get("active") or [])
    viewer = view.get("viewer") if own is None else own
    plays, holder, _ = _shown_plays(view)
    trick = view.get("trick") or {}
    leader = trick.get("leader") if trick.get("plays") else None
    to_play = view.get("turn") if phase == "play" else view.get("to_draw")
    last = view.get("last_deal") if _deal_end_shown(view) else None
    winners = set(view.get("winners") or [])
    tricks = int(view.get("tricks", 0))
    failed = {
        int(f["seat"])
        for f in view.get("failed_throws") or []
        if f["trick"] == tricks and trick.get("plays")
    }
    shown_friends = {
        int(c["seat"])
        for c in view.get("calls") or []
        if c.get("joined") and c.get("trick") == tricks and trick.get("plays")
    }
    out = []
    for seat in _order(n, own):
        base = players[seat] if seat < len(players) else PlayerInfo(_name(players, seat, locale))
        cell = Cell(
            seat,
            _marked(base.name, seat, declarer, team),
            tr("rank", locale, rank=_rank(ranks[seat])),
        )
        if last is not None and int(last["steps"][seat]):
            cell.note = (tr("steps", locale, n=int(last["steps"][seat])), GOLD)
        elif phase in ("draw", "declare", "bury"):
            cell.note = (tr("cards", locale, n=int(sizes[seat])), TEXT_DIM)
        elif points[seat] and phase in ("call", "play"):
            cell.note = (tr("points", locale, n=int(points[seat])), GOLD)
        mine = seat == viewer
        if phase == "play":
            cell.play = plays.get(seat)
            cell.holds = seat == holder and cell.play is not None
        turn = seat == to_play and phase in ("play", "draw")
        if seat in failed:
            cell.badges.append((tr("failed_badge", locale), ALERT_BG, TEXT, True))
        if seat in shown_friends:
            cell.badges.append((tr("friend_badge", locale), GOLD, INK, False))  # ☆ says it
        if turn and phase == "play":
            key = "your_turn" if mine else "to_lead" if not trick.get("plays") else "to_play"
            if cell.play is None:
                cell.slot, cell.slot_label = GOLD, tr(key, locale)
            else:  # before the next lead the last trick's play is shown, the outline gold
                cell.badges.append((tr(key, locale), GOLD, INK, False))
        elif phase == "play" and cell.play is None:
            cell.slot = PANEL_EDGE
        if seat == leader:
            cell.badges.append((tr("lead", locale), TEXT, INK, False))
        if phase == "over" and seat in winners:
            cell.badges.append((tr("winning", locale), GOLD, INK, True))
        if phase in ("draw", "declare") and declarer is None:
            if seat == view.get("dealer") and phase == "draw":
                cell.badges.append((tr("dealer", locale), TEXT, INK, True))
            if len(active) < n and seat in active:
                cell.badges.append((tr("entitled", locale), TEXT_DIM, INK, True))
        if mine:
            cell.badges.append((tr("you", locale), HIGHLIGHT, INK, phase != "play"))
            cell.name_ink = HIGHLIGHT
        if turn or (phase == "over" and seat in winners):
            cell.outline, cell.outline_w = GOLD, 4
        elif mine:
            cell.outline, cell.outline_w = HIGHLIGHT, 3
        out.append(cell)
    return out


# --------------------------------------------------------------------------- a play's cards


def _units(cards: Sequence[str]) -> list[list[str]]:
    """A play's units in order: runs of identical cards (a set is one unit)."""
    out: list[list[str]] = []
    for code in cards:
        if out and out[-1][0] == code:
            out[-1].append(code)
        else:
            out.append([code])
    return out


def _unit_w(unit: Sequence[str], card_w: int) -> float:
    """A unit's width: its top card and the edges of the cards under it."""
    return card_w + EDGE * (min(len(unit), 6) - 1)


def _least_step(card_w: int) -> float:
    """The closest two units may be: the first one's index stays in view."""
    return float(round(parts.index_step(card_w)))


def _least_play_w(cards: Sequence[str] | None, card_w: int) -> float:
    """The narrowest a play is drawn whole: units overlapping as far as their index allows."""
    if not cards:
        return 0
    units = _units(cards)
    return _least_step(card_w) * (len(units) - 1) + _unit_w(units[-1], card_w)


def _full_play_w(cards: Sequence[str], card_w: int) -> float:
    """A play's width with its units side by side."""
    units = _units(cards)
    return sum(_unit_w(u, card_w) for u in units) + UNIT_GAP * (len(units) - 1)


def _play_h(cards: Sequence[str] | None, card_w: int) -> float:
    depth = max((len(u) for u in _units(cards or [])), default=1)
    return card_height(card_w) + EDGE * (min(depth, 6) - 1)


@dataclass(frozen=True)
class PlayLayout:
    """How a play is drawn in the room it has: the steps between its units' origins, how many
    units are shown (the rest are counted on a badge) and the width it takes."""

    steps: tuple[float, ...]
    shown: int
    width: float
    rest: int


def _play_layout(cards: Sequence[str], card_w: int, room: float) -> PlayLayout:
    units = _units(cards)
    widths = [_unit_w(u, card_w) for u in units]
    full = _full_play_w(cards, card_w)
    if full <= room or len(units) == 1:
        steps = tuple(w + UNIT_GAP for w in widths[:-1])
        return PlayLayout(steps, len(units), full, 0)
    least = _least_step(card_w)
    step = max(least, (room - widths[-1]) / (len(units) - 1))
    width = step * (len(units) - 1) + widths[-1]
    if width <= room:
        return PlayLayout((step,) * (len(units) - 1), len(units), width, 0)
    # too many units even overlapped: as many as fit, and a count of the cards left out
    shown = len(units) - 1
    while shown > 1:
        rest = sum(len(u) for u in units[shown:])
        used = least * (shown - 1) + widths[shown - 1] + 6 + _badge_w(f"+{rest}")
        if used <= room:
            break
        shown -= 1
    rest = sum(len(u) for u in units[shown:])
    width = least * (shown - 1) + widths[shown - 1] + 6 + _badge_w(f"+{rest}")
    return PlayLayout((least,) * (shown - 1), shown, width, rest)


def _badge_w(label: Text) -> float:
    return text.text_width(label, T_SMALL) + T_SMALL


def _draw_play(
    c: Canvas,
    cards: Sequence[str],
    x: float,
    y: float,
    card_w: int,
    layout: PlayLayout,
    holds: bool,
) -> None:
    """One play from `x`: each set a stack with its count, units apart or overlapping as far
    as their index allows; the play holding the trick ringed."""
    units = _units(cards)
    at = x
    for k, unit in enumerate(units[: layout.shown]):
        kit.stack(c, unit[0], at, y, card_w, depth=len(unit), step=EDGE)
        if len(unit) > 1:
            c.text(
                (at + 8, y + card_height(card_w) - 8),
                f"×{len(unit)}",
                T_SMALL,
                INK,
                "ls",
                bold=True,
            )
        if k < layout.shown - 1:
            at += layout.steps[k]
    if layout.rest:
        right = x + layout.width
        label = f"+{layout.rest}"
        parts.badge(c, right, y + 8, label, TEXT, INK, T_SMALL, anchor="r")
    if holds:
        bottom = y + _play_h(cards, card_w)
        parts.ring_box(c, (x, y, x + layout.width, bottom), GOLD, 4)


# --------------------------------------------------------------------------- the cells


def _rows(n: int) -> list[int]:
    """Cells to a row: three or four, as even as can be (6: 3+3, 7: 4+3, 10: 4+3+3)."""
    return parts.wrap(n, COLUMNS)


Item = tuple[str, Any]
ITEM_GAP = 16
"""Between a cell's rank, note and badges (8 px in the box): closer, "Rank 2" and "17 cards"
read as one."""


def _text_lines(cell: Cell, width: float) -> list[list[Item]]:
    """A cell's words and badges as lines: the name alone, then the rank, its note and the
    badges, each on the line it fits on, else on the next."""
    lines: list[list[Item]] = [[("name", cell.name)]]
    items: list[Item] = [("rank", cell.rank)]
    if cell.note:
        items.append(("note", cell.note))
    items += [("badge", b) for b in cell.badges]
    current: list[Item] = []
    used = 0.0
    for item in items:
        w = _item_w(item)
        if item[0] == "badge" and not item[1][3] and (not current or used + ITEM_GAP + w > width):
            continue  # a badge not needed takes no line of its own
        if current and used + ITEM_GAP + w > width:
            lines.append(current)
            current, used = [], 0.0
        used += (ITEM_GAP if current else 0) + w
        current.append(item)
    if current:
        lines.append(current)
    return lines


def _item_w(item: Item) -> float:
    kind, value = item
    if kind == "badge":
        return _badge_w(value[0])
    if kind == "note":
        return text.text_width(value[0], T_SMALL)
    return text.text_width(value, T_SMALL)


def _line_h(line: Sequence[Item]) -> int:
    if line[0][0] == "name":
        return NAME_H
    return kit.BADGE_H + 4 if any(kind == "badge" for kind, _ in line) else LINE_H


def _text_h(cell: Cell, width: float) -> float:
    return sum(_line_h(line) for line in _text_lines(cell, width))


def _play_room(
    cell: Cell, width: float, card_w: int, cap: float = TEXT_MOST_LEAST
) -> tuple[float, PlayLayout | None]:
    """(width of the cell's words, how its play is drawn) in a cell `width` wide: the play as
    spread as the words' least width leaves room for; the slot of a seat yet to play as
    wide as a card."""
    inner = width - 2 * PAD
    if cell.play:
        room = max(inner - cell.words_least(cap) - WORDS_GAP, card_w)
        layout = _play_layout(cell.play, card_w, room)
        return inner - layout.width - WORDS_GAP, layout
    if cell.slot is not None:
        return inner - card_w - WORDS_GAP, None
    return inner, None


def _cell_need(cell: Cell, card_w: int | None, cap: float) -> float:
    """The least width of a cell: its words' least, and its play overlapped (or its slot)."""
    if card_w is None:
        return 2 * PAD + cell.words_least(cap)
    play = _least_play_w(cell.play, card_w) or card_w
    return 2 * PAD + cell.words_least(cap) + WORDS_GAP + play


def _widths(
    cells: Sequence[Cell], total: float, card_w: int | None, cap: float
) -> list[float] | None:
    """Widths of one row's cells: alike when each fits, else what each needs and the rest
    shared alike; None when they cannot fit."""
    k = len(cells)
    room = total - CELL_GAP * (k - 1)
    needs = [_cell_need(cell, card_w, cap) for cell in cells]
    if sum(needs) > room:
        return None
    if max(needs) <= room / k:
        return [room / k] * k
    extra = (room - sum(needs)) / k
    return [need + extra for need in needs]


def _row_h(cells: Sequence[Cell], widths: Sequence[float], card_w: int | None, cap: float) -> float:
    best = 0.0
    for cell, w in zip(cells, widths, strict=True):
        if card_w is None:
            best = max(best, _text_h(cell, w - 2 * PAD))
            continue
        words, _ = _play_room(cell, w, card_w, cap)
        best = max(best, _text_h(cell, words), _play_h(cell.play, card_w))
    return 2 * PAD_Y + best


@dataclass
class Grid:
    """The cells laid out: the card width of the trick (None: no trick), and each cell's box
    (from the grid's top)."""

    card_w: int | None
    boxes: list[tuple[Cell, tuple[float, float, float, float], float]]
    height: float


def _grid(
    cells: Sequence[Cell], width: float, card_w: int | None, alike: bool = False
) -> Grid | None:
    """The cells in rows at this card width, or None when a row cannot fit them. `alike`:
    a row whose plays cannot all be whole beside whole names squeezes the names (cut), then
    makes its cells alike and cuts the plays (their cards left out counted)."""
    boxes: list[tuple[Cell, tuple[float, float, float, float], float]] = []
    y, start = 0.0, 0
    for count in _rows(len(cells)):
        row = list(cells[start : start + count])
        start += count
        caps = (TEXT_MOST_LEAST, TEXT_LEAST, TEXT_SQUEEZED) if alike else (TEXT_MOST_LEAST,)
        for cap in caps:
            widths = _widths(row, width, card_w, cap)
            if widths is not None:
                break
        if widths is None:
            if not alike:
                return None
            widths = [(width - CELL_GAP * (count - 1)) / count] * count
        h = _row_h(row, widths, card_w, cap)
        x = float(kit.MARGIN)
        for cell, w in zip(row, widths, strict=True):
            boxes.append((cell, (x, y, x + w, y + h), cap))
            x += w + CELL_GAP
        y += h + CELL_GAP
    return Grid(card_w, boxes, y - CELL_GAP)


def _fit_grid(cells: Sequence[Cell], width: float, room: float, trick: bool) -> Grid:
    """The cells with the biggest trick cards that fit in `room` (the narrowest when none
    does; a play too long for any row then shows a count of its cards left out)."""
    grid: Grid | None
    if trick:
        for card_w in TRICK_WIDTHS:
            grid = _grid(cells, width, card_w)
            if grid is not None and grid.height <= room:
                return grid
    grid = _grid(cells, width, MIN_CARD_W if trick else None, alike=True)
    assert grid is not None
    return grid


def _slot_words(c: Canvas, label: str, cx: float, cy: float, width: float) -> None:
    """A short label in the slot of the seat to play, on two lines when one is too narrow."""
    if text.text_width(label, T_SMALL) <= width:
        c.text((cx, cy), label, T_SMALL, GOLD, "mm", bold=True)
        return
    if " " in label:
        head, tail = label.rsplit(" ", 1)
    else:
        cut = max(1, len(label) - 2)
        head, tail = label[:cut], label[cut:]
    for k, words in enumerate((head, tail)):
        dy = (k - 0.5) * LINE_H
        c.text((cx, cy + dy), words, T_SMALL, GOLD, "mm", bold=True, max_width=width)


def _draw_grid(c: Canvas, grid: Grid, top: float) -> None:
    for cell, (x0, y0, x1, y1), cap in grid.boxes:
        _draw_cell(c, cell, (x0, y0 + top, x1, y1 + top), grid.card_w, cap)


def _draw_cell(
    c: Canvas,
    cell: Cell,
    box: tuple[float, float, float, float],
    card_w: int | None,
    cap: float = TEXT_MOST_LEAST,
) -> None:
    """A seat's cell: its words on the left, its play (or the slot it will play into) on the
    right."""
    x0, y0, x1, _ = box
    parts.panel(c, box, fill=PANEL, outline=cell.outline, width=cell.outline_w, radius=12)
    words = x1 - x0 - 2 * PAD
    if card_w is not None:
        words, layout = _play_room(cell, x1 - x0, card_w, cap)
        if cell.play and layout is not None:
            px = x1 - PAD - layout.width
            _draw_play(c, cell.play, px, y0 + PAD_Y, card_w, layout, cell.holds)
        elif cell.slot is not None:
            sx, sy = x1 - PAD - card_w, y0 + PAD_Y
            c.draw.rounded_rectangle(
                (sx, sy, sx + card_w, sy + card_height(card_w)),
                10,
                outline=cell.slot,
                width=4 if cell.slot == GOLD else 2,
            )
            if cell.slot_label:
                _slot_words(
                    c, cell.slot_label, sx + card_w / 2, sy + card_height(card_w) / 2, card_w - 12
                )
    y = y0 + PAD_Y
    for line in _text_lines(cell, words):
        h = _line_h(line)
        x = x0 + PAD
        for kind, item in line:
            room = x0 + PAD + words - x
            if kind == "name":
                size = T_BODY if text.text_width(item, T_BODY) <= room else T_SMALL
                c.text((x, y + h / 2), item, size, cell.name_ink, "lm", bold=True, max_width=room)
            elif kind == "badge":
                label, bg, fg, _ = item
                top = y + (h - kit.BADGE_H) / 2
                x += parts.badge(c, x, top, label, bg, fg, T_SMALL, max_width=room) + ITEM_GAP
            elif kind == "note":
                label, ink = item
                x += c.text((x, y + h / 2), label, T_SMALL, ink, "lm", bold=True, max_width=room)
                x += ITEM_GAP
            else:
                x += c.text((x, y + h / 2), item, T_SMALL, TEXT, "lm", max_width=room) + ITEM_GAP
        y += h


# --------------------------------------------------------------------------- the top bar


def _status(view: Mapping[str, Any], locale: str, short: bool = False) -> str:
    deal = view.get("deal_no", 1)
    phase = view.get("phase")
    seats = int(view.get("seats") or 0)
    size = int(view.get("deal_size") or 0)
    if phase == "draw":
        return tr("status_draw", locale, deal=deal, drawn=view.get("drawn", 0), total=seats * size)
    if phase == "declare":
        return tr("status_window", locale, deal=deal)
    if phase in ("bury", "call"):
        return tr(f"status_{phase}", locale, deal=deal)
    if phase == "over":
        return tr("status_over", locale, deal=deal, n=deal)
    # leads of sets and throws make the tricks fewer: the cards left, not a count of tricks
    left = max(view.get("hand_counts") or [0])
    key = "status_play_short" if short else "status_play"
    return tr(key, locale, deal=deal, trick=int(view.get("tricks", 0)) + 1, left=left)


def _top_bar(c: Canvas, view: Mapping[str, Any], players: Sequence[PlayerInfo]) -> int:
    """The game and the deal's phase (before the next lead: who took the last trick, whose
    cards the cells still show) on the left; the trump and the defenders' points (gold once
    they reach the threshold) on the right."""
    locale = c.locale
    h = kit.BAR_H
    c.draw.rectangle((0, 0, kit.WIDTH, h), fill=FELT_DARK)
    x = kit.MARGIN + c.text((kit.MARGIN, h / 2), tr("game", locale), T_TITLE, TEXT, "lm", bold=True)
    right: float = kit.WIDTH - kit.MARGIN
    phase = view.get("phase")
    if phase == "play":
        points = int(view.get("defender_points", 0))
        threshold = int(view.get("threshold", 0))
        label = tr("defenders", locale, points=points, threshold=threshold)
        ink = GOLD if points >= threshold else TEXT
        right -= c.text((right, h / 2), label, T_BODY, ink, "rm", bold=True) + 16
    trump = view.get("trump")
    if trump and phase != "over":
        label = tr("trump", locale, card=card_label(str(trump)))
        top = (h - kit.PILL_H) / 2
        right -= parts.badge(c, right, top, label, GOLD, INK, T_BODY, anchor="r") + 16
    elif phase in ("draw", "declare"):
        right -= c.text((right, h / 2), tr("no_trump", locale), T_BODY, TEXT_DIM, "rm") + 16
    room = right - x - 20
    _, holder, last = _shown_plays(view)
    if last and holder is not None:
        name = _name(players, holder, locale)
        taken = named("last_trick", locale, name=name, points=view["last_trick"]["points"])
        c.text((x + 20, h / 2), taken, T_SMALL, GOLD, "lm", bold=True, max_width=room)
        return h
    status = _status(view, locale)
    if text.text_width(status, T_SMALL) > room:
        status = _status(view, locale, short=True)
    c.text((x + 20, h / 2), status, T_SMALL, TEXT_DIM, "lm", max_width=room)
    return h


# --------------------------------------------------------------------------- the strip


Line = list[tuple[Text, tuple[int, ...], bool]]
"""A strip line: pieces of text (words, ink, bold) drawn one after another."""


def _strip(
    view: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str, own: int | None
) -> list[Line]:
    """The lines under the top bar, the most needed first."""
    phase = view.get("phase")
    out: list[Line] = []
    declarer = view.get("declarer")
    decl_name = _name(players, int(declarer), locale) if declarer is not None else ""
    if phase == "play":  # (the top bar says when the cells show the trick just taken)
        out += _calls_lines(view, players, locale)
        out += _notices(view, players, locale)
        trick = view.get("trick") or {}
        lead = trick.get("lead")
        if lead and trick.get("plays"):
            kind = lead.get("kind", "single")
            shape = tr(f"lead_{kind}", locale, n=lead.get("size", 2))
            leader = _name(players, int(trick["leader"]), locale)
            out.append([(named("led", locale, name=leader, shape=shape), TEXT_DIM, False)])
        if own is not None and declarer == own and view.get("buried"):
            bury = tr("your_bury", locale, cards=_cards_text(view["buried"]))
            out.append([(bury, TEXT_DIM, False)])
    elif phase in ("draw", "declare"):
        if _deal_end_shown(view):
            out += _deal_end_lines(view, locale)
        declarable = list(view.get("declarable") or []) if own is not None else []
        if declarable:
            may = tr("may_declare", locale, cards=_cards_text(declarable))
            out.append([(may, HIGHLIGHT, True)])
        elif view.get("passed"):
            out.append([(tr("passed", locale), TEXT_DIM, False)])
        if phase == "declare":
            out.append([(tr("window", locale), TEXT, True)])
        elif declarer is not None:
            said = named("declared", locale, name=decl_name, card=card_label(str(view["trump"])))
            out.append([(said, TEXT, True)])
        elif view.get("active") is not None and len(view["active"]) < int(view["seats"]):
            out.append([(tr("may_declare_some", locale), TEXT_DIM, False)])
        else:
            out.append([(tr("may_declare_all", locale), TEXT_DIM, False)])
        if phase == "draw":
            out.append([(tr("stock", locale, n=_stock(view)), TEXT_DIM, False)])
    elif phase == "bury":
        out.append([(named("bury_sub", locale, name=decl_name), TEXT, True)])
        kitty = view.get("kitty") if own is not None else None
        if kitty:
            out.append([(tr("kitty_in_hand", locale, cards=_cards_text(kitty)), GOLD, False)])
    elif phase == "call":
        out.append([(named("call_sub", locale, name=decl_name), TEXT, True)])
        if own is not None and declarer == own and view.get("buried"):
            bury = tr("your_bury", locale, cards=_cards_text(view["buried"]))
            out.append([(bury, TEXT_DIM, False)])
    return out


def _notices(view: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str) -> list[Line]:
    """A throw that failed in this trick, a friend shown in it."""
    out: list[Line] = []
    tricks = int(view.get("tricks", 0))
    in_trick = bool((view.get("trick") or {}).get("plays"))
    recent = {tricks} if in_trick else {tricks, tricks - 1}
    for failed in view.get("failed_throws") or []:
        if failed["trick"] in recent:
            words = named(
                "failed",
                locale,
                name=_name(players, int(failed["seat"]), locale),
                cards=_cards_text(failed["attempted"]),
                unit=_cards_text(failed["cards"]),
            )
            out.append([(words, ALERT, True)])
    for call in view.get("calls") or []:
        if call.get("joined") and call.get("trick") in recent:
            words = named(
                "friend_shown",
                locale,
                name=_name(players, int(call["seat"]), locale),
                call=_call_label(call, locale),
            )
            out.append([(words, GOLD, True)])
    return out


def _calls_lines(view: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str) -> list[Line]:
    """The calls on one strip line, or on two when even the shorter form at the smaller size
    is too long (five calls at 12 seats)."""
    calls = list(view.get("calls") or [])
    if not calls:
        return []
    line = _calls_line(calls, players, locale)
    if _line_w(line.short, T_SMALL) <= STRIP_WIDTH:
        return [line]
    half = -(-len(calls) // 2)
    first = _calls_line(calls[:half], players, locale)
    first.whole = line  # drawn instead (cut at its end) when the second line finds no room
    return [first, _calls_line(calls[half:], players, locale, head=False)]


def _calls_line(
    calls: Sequence[Mapping[str, Any]],
    players: Sequence[PlayerInfo],
    locale: str,
    head: bool = True,
) -> Shortened:
    """Calls: each card and which copy, then who answered it or how many copies are out;
    with a shorter form for when it is too long (no "の", no "no one joins": the call answered
    by a seat already on the team is the dim one)."""
    forms: list[Line] = []
    for short in (False, True):
        line: Line = [(tr("calls", locale), TEXT_DIM, False)] if head else []
        for k, call in enumerate(calls):
            if k:
                line.append(("  ", TEXT_DIM, False))
            label = _call_label(call, locale)
            line.append(((label.replace("の", "") if short else label) + " ", TEXT, True))
            seat = call.get("seat")
            if seat is None:
                seen = tr("call_open", locale, seen=call.get("seen", 0), nth=call["nth"])
                line.append((seen, TEXT_DIM, False))
                continue
            name = _name(players, seat, locale)
            key = "call_joined" if call.get("joined") or short else "call_spent"
            ink = GOLD if call.get("joined") else TEXT_DIM
            line.append((named(key, locale, name=name), ink, bool(call.get("joined"))))
        forms.append(line)
    return Shortened(forms[0], forms[1])


class Shortened(list[tuple[Text, tuple[int, ...], bool]]):
    """A strip line with a shorter form (`short`) drawn when it does not fit; the first of two
    lines also knows the `whole` line it was split from."""

    def __init__(self, pieces: Line, short: Line) -> None:
        super().__init__(pieces)
        self.short = short
        self.whole: Shortened | None = None


def _deal_end_lines(view: Mapping[str, Any], locale: str, titled: bool = True) -> list[Line]:
    """The deal just ended: (its number,) the winning side and game points; the points and
    the kitty."""
    last = view["last_deal"]
    deal = int(view.get("deal_no", 1)) - (0 if view.get("phase") == "over" else 1)
    gp = int(last["game_points"])
    key = ("deal_end_" if titled else "deal_side_") + str(last["winner"])
    team = set(last.get("team") or [])
    doubled = last.get("last_trick") not in team
    points = tr(
        "deal_points",
        locale,
        points=last["defender_points"],
        threshold=view.get("threshold", 0),
        kitty=last["kitty_points"],
        doubled=tr("doubled" if doubled else "kept", locale),
    )
    return [
        [
            (
                tr(key, locale, deal=deal, gp=gp, n=gp),
                GOLD,
                True,
            )
        ],
        [(points, TEXT, False)],
    ]


def _strip_h(lines: int) -> int:
    return 0 if lines <= 0 else 2 * STRIP_PAD + lines * STRIP_LINE


def _draw_strip(c: Canvas, lines: Sequence[Line], box: tuple[float, float, float, float]) -> None:
    """The strip's lines on a dark band, each piece after the other; a line too long is drawn
    smaller, then in its shorter form (if it has one), then cut (its names first)."""
    x0, y0, x1, _ = box
    c.draw.rounded_rectangle(box, 12, fill=FELT_DARK, outline=(40, 96, 70), width=2)
    y = y0 + STRIP_PAD
    width = min(STRIP_WIDTH, x1 - x0 - 24)
    for line in lines:
        forms = [line, line.short] if isinstance(line, Shortened) else [line]
        tries = [(form, size) for form in forms for size in (T_BODY, T_SMALL)]
        form, size = next(
            ((f, z) for f, z in tries if _line_w(f, z) <= width), (forms[-1], T_SMALL)
        )
        total = _line_w(form, size)
        caps = _name_caps(form, size, total - width)
        x = x0 + 12
        for k, (words, ink, bold) in enumerate(form):
            room = x0 + 12 + width - x
            if room <= size:
                break
            cap = min(room, caps.get(k, room))
            whole = text.text_width(words, size) <= cap and (k < len(form) - 1 or total <= width)
            x += c.text(
                (x, y + STRIP_LINE / 2),
                words,
                size,
                ink,
                "lm",
                bold=bold,
                max_width=None if whole else cap,
            )
        y += STRIP_LINE


def _name_caps(line: Line, size: int, excess: float) -> dict[int, float]:
    """How wide each piece holding a name may be drawn so that a line `excess` px too long
    fits: the names cut alike, down to three characters' width, before anything else."""
    names = [k for k, (words, _, _) in enumerate(line) if isinstance(words, Template)]
    if excess <= 0 or not names:
        return {}
    share = excess / len(names)
    return {k: max(3 * size, text.text_width(line[k][0], size) - share) for k in names}


def _line_w(line: Line, size: int) -> float:
    return sum(text.text_width(words, size) for words, _, _ in line)


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
    lift = kit.HAND_LIFT if _hand_marks(view) else 0
    for labelled in (True, False):
        groups = [
            kit.HandGroup(label if labelled else "", tuple(pos))
            for label, pos in _hand_groups(view, locale)
        ]
        card_w, _, rows = kit.hand_layout(groups, width, room, False, HAND_WIDTHS, lift)
        h = len(rows) * kit.hand_row_height(card_w, False, lift, labelled)
        if h <= room:
            return h, labelled
    return None


def _draw_hand(
    c: Canvas, view: Mapping[str, Any], box: tuple[float, float, float, float], labelled: bool
) -> None:
    hand = list(view.get("hand") or [])
    marks = _hand_marks(view)
    groups = [(label if labelled else "", pos) for label, pos in _hand_groups(view, c.locale)]
    kit.hand(
        c,
        hand,
        box,
        groups=groups,
        selected=frozenset(marks),
        numbers=False,
        widths=HAND_WIDTHS,
        lift=kit.HAND_LIFT if marks else 0,
    )


# --------------------------------------------------------------------------- the whole image


def render(
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    locale: str,
    style: CardStyle,
    viewer: int | None,
) -> Image.Image:
    """The table image of one Zhao Pengyou view."""
    n = int(view["seats"])
    own = (
        viewer if viewer is not None and 0 <= viewer < n and view.get("hand") is not None else None
    )
    c = kit.canvas(locale, style)
    top = _top_bar(c, view, players) + BLOCK
    bottom = kit.HEIGHT - kit.MARGIN
    width = kit.WIDTH - 2 * kit.MARGIN
    phase = view.get("phase")
    over = phase == "over" and bool(view.get("result"))
    trick = phase == "play"
    cells = _cells(view, players, locale, own)
    lines = _strip(view, players, locale, own)
    least = _fit_grid(cells, width, 0, trick)  # at the narrowest cards
    avail = bottom - top
    # the strip's lines first (as many as fit), then the hand as big as the rest allows
    shown = min(len(lines), MOST_STRIP)
    while shown > 1 and _strip_h(shown) + BLOCK + least.height > avail:
        shown -= 1
    hand: tuple[float, bool] | None = None
    while own is not None and view.get("hand"):
        room = avail - least.height - (_strip_h(shown) + BLOCK if shown else 0)
        hand = _hand_fit(view, locale, width - 2 * HAND_PAD, room - BLOCK - 2 * HAND_PAD)
        if hand is not None or shown <= 0:
            break
        shown -= 1  # the hand before the strip's last line: the embed says it too
    strip_h = _strip_h(shown)
    hand_h = hand[0] + 2 * HAND_PAD if hand is not None else 0.0
    below = hand_h + BLOCK if hand_h else (RESULT_LEAST + BLOCK if over else 0)
    room = avail - below - (strip_h + BLOCK if shown else 0)
    grid = _fit_grid(cells, width, room, trick)
    y: float = top
    if shown:
        drawn = list(lines[:shown])
        last = drawn[-1]
        if isinstance(last, Shortened) and last.whole is not None:  # its second line is out
            drawn[-1] = last.whole
        _draw_strip(c, drawn, (kit.MARGIN, y, kit.WIDTH - kit.MARGIN, y + strip_h))
        y += strip_h + BLOCK
    _draw_grid(c, grid, y)
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
    return c.image


def _stock(view: Mapping[str, Any]) -> int:
    """The cards face down while drawing: those left to draw and the kitty's under them."""
    return int(view.get("stock_count", 0)) + int(view.get("kitty_count", 0))


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
        pile = (_stock(view), tr("stock", locale, n=_stock(view)))
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
            who = "★ " + _name(players, int(declarer), locale)
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
        names = " · ".join(_name(players, s, locale) for s in winners)
        title = named("winners", locale, name=names)
    lines: list[Text] = []
    if view.get("last_deal"):
        lines = [str(pieces[0][0]) for pieces in _deal_end_lines(view, locale)]
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
    top = _top_bar(c, view, players) + kit.GAP
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
    for pieces in _deal_end_lines(view, locale, titled=False):
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
            _name(players, seat, locale),
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
        c.text((cols[3], mid), _rank(last["ranks"][seat]), T_SMALL, TEXT, "rm", bold=True)


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
        name=_name(players, winner, locale),
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
            _marked(_name(players, int(seat), locale), int(seat), declarer, team),
            tr("rank", locale, rank=_rank(ranks[int(seat)] if int(seat) < len(ranks) else "2")),
            play=list(cards),
            holds=int(seat) == winner,
        )
        for seat, cards in last["plays"]
    ]
    top = y0 + 56
    grid = _fit_grid(cells, x1 - x0, y1 - top, True)
    _draw_grid(c, grid, top)


# --------------------------------------------------------------------------- samples

SAMPLE_PLAYERS = (
    PlayerInfo("たろう"),
    PlayerInfo("CPU 1", is_cpu=True),
    PlayerInfo("花子"),
    PlayerInfo("CPU 2", is_cpu=True),
    PlayerInfo("CPU 3", is_cpu=True),
    PlayerInfo("CPU 4", is_cpu=True),
    PlayerInfo("CPU 5", is_cpu=True),
    PlayerInfo("CPU 6", is_cpu=True),
    PlayerInfo("CPU 7", is_cpu=True),
    PlayerInfo("CPU 8", is_cpu=True),
    PlayerInfo("CPU 9", is_cpu=True),
    PlayerInfo("CPU 10", is_cpu=True),
)
"""Who sits at the sample tables of `cardbot render zhao-pengyou` (two people, CPUs)."""


def _until(game: Any, decide: Any, done: Callable[[Any], bool], limit: int = 5000) -> bool:
    for _ in range(limit):
        if done(game):
            return True
        if game.is_over():
            return False
        game.autoplay(decide, limit=1)
    return bool(done(game))


def _multi(game: Any, plays: int) -> bool:
    """A trick with at least `plays` plays to a lead of several cards."""
    return (
        game.phase == "play"
        and len(game.trick) >= plays
        and game.lead is not None
        and game.lead.cards >= 2
    )


def sample_moments(seed: int) -> Iterator[tuple[str, Game]]:
    """(label, game) at telling moments, played by normal CPUs, at every table size: the
    drawing at 6 seats with a declaration, the last window, the bury, the calls at 7, a
    sequence or set led at 8, a failed throw, a trick at 9 and 11, the last trick taken at 10,
    a friend shown and a trick of sets at 12, the next deal's drawing after the deal's end, and
    the ends of a 6- and an 8-seat match."""
    from engines.cpu import cpu_chooser

    cls = game_class(GAME)

    def table(seats: int, level: str = "normal", salt: int = 0) -> tuple[Any, Any]:
        return cls.new(seats, {}, seed + salt), cpu_chooser(GAME, [level] * seats, seed + salt)

    def copy(game: Any) -> Game:
        snapshot: Game = cls.from_json(game.to_json())
        return snapshot

    six, decide6 = table(6)
    if _until(
        six, decide6, lambda g: g.phase == "draw" and g.declarer is not None and g.drawn >= 60
    ):
        yield "drawing-6", copy(six)
    window, decide_w = table(6, "easy", 1)
    if _until(
        window,
        lambda game, prompt: None if prompt.kind == "declare" else decide_w(game, prompt),
        lambda g: g.phase == "declare",
    ):
        yield "last-window-6", copy(window)
    if _until(six, decide6, lambda g: g.phase == "bury"):
        yield "bury-6", copy(six)
    seven, decide7 = table(7)
    if _until(seven, decide7, lambda g: g.phase == "call"):
        yield "call-7", copy(seven)
    eight, decide8 = table(8)
    if _until(
        eight,
        decide8,
        lambda g: (
            g.phase == "play"
            and len(g.trick) >= 4
            and g.lead is not None
            and g.lead.kind in ("sequence", "set")
        ),
    ):
        yield "sets-8", copy(eight)
    failed = _failed_throw(cls, seed)
    if failed is not None:
        yield "failed-throw-8", failed
    nine, decide9 = table(9)
    if _until(nine, decide9, lambda g: _multi(g, 5)) or _until(
        nine, decide9, lambda g: g.phase == "play" and len(g.trick) >= 5
    ):
        yield "trick-9", copy(nine)
    ten, decide10 = table(10)
    if _until(ten, decide10, lambda g: g.phase == "play" and not g.trick and g.tricks >= 3):
        yield "last-trick-10", copy(ten)
    eleven, decide11 = table(11)
    if _until(eleven, decide11, lambda g: _multi(g, 7)) or _until(
        eleven, decide11, lambda g: g.phase == "play" and len(g.trick) >= 7
    ):
        yield "trick-11", copy(eleven)
    twelve, decide12 = table(12)
    if _until(
        twelve, decide12, lambda g: g.phase == "play" and any(g.joined) and len(g.trick) >= 6
    ):
        yield "friend-12", copy(twelve)
    if _until(twelve, decide12, lambda g: _multi(g, 10)):
        yield "sets-12", copy(twelve)
    if _until(twelve, decide12, lambda g: g.outcomes and g.phase == "draw" and g.drawn >= 12):
        yield "deal-end-12", copy(twelve)
    end6, decide_e6 = table(6, "easy")
    _until(end6, decide_e6, lambda g: g.is_over(), limit=40000)
    if end6.is_over():
        yield "end-6", end6
    _until(eight, decide8, lambda g: g.is_over(), limit=20000)
    yield "end-8", eight


def _failed_throw(cls: type[Game], seed: int) -> Game | None:
    """An 8-seat deal in which a leader throws two plain cards that another hand beats."""
    from engines.cpu import cpu_chooser

    game: Any = cls.new(8, {}, seed + 7)
    decide = cpu_chooser(GAME, ["normal"] * 8, seed + 7)
    for _ in range(5000):
        if game.is_over():
            return None
        if game.phase == "play" and not game.trick and game.tricks >= 1:
            seat = game.turn
            trump = game.trump
            for suit in range(4):
                held = [t for t in trump.members[suit] if game.hands[seat][t] == 1]
                if len(held) >= 3:
                    codes = [_code(t) for t in held[-3:]]
                    action = Action.make(seat, "play", cards=codes)
                    before = len(game.failed)
                    copy: Any = cls.from_json(game.to_json())
                    copy.apply(action)
                    if len(copy.failed) > before:
                        copy.autoplay(decide, limit=3)
                        found: Game = copy
                        return found
        game.autoplay(decide, limit=1)
    return None


def _code(t: int) -> str:
    from engines.zhao_pengyou.cards import CODES

    return CODES[t]


def sample_hand(seed: int) -> tuple[list[str], list[bool], list[int]] | None:
    """The hand of an 8-seat follower facing a multi-card lead: legal cards bright."""
    from engines.cpu import cpu_chooser

    cls = game_class(GAME)
    game: Any = cls.new(8, {}, seed)
    decide = cpu_chooser(GAME, ["normal"] * 8, seed)
    for _ in range(5000):
        if (
            game.phase == "play"
            and game.lead is not None
            and game.lead.cards >= 2
            and len(game.trick) == 1
        ):
            prompt = game.prompt(game.turn)
            pick = prompt.pick
            selectable = list(pick.selectable)
            selected = [i for i, ok in enumerate(selectable) if ok][: pick.min]
            return list(pick.cards), selectable, selected
        game.autoplay(decide, limit=1)
    return None
