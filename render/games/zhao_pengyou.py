"""Zhao Pengyou (找朋友) table: 6 to 12 seats, the deal's draw, the trick, calls and teams.

Top to bottom: the round table (each plate with the seat's rank, cards in hand and points taken,
its role: declarer, friend, an entitled seat during the drawing; in the middle the stock while
cards are drawn, the trump card once declared, the kitty face down); a notice when a throw
failed or a friend has just shown itself; the trick in progress (each seat's play, its sets and
sequences kept together, the play holding the trick ringed), or the trick just taken; the deal's
strip (trump, declarer, the calls and who answered them, the defenders' points against 40 a
deck); the deal-end panel (points, the kitty doubled or not, game points, every seat's steps
and rank, the kitty face up) during the next drawing and at the end; the match's result. A
private image adds the viewer's hand at the bottom, sorted with the trumps first.

Seats are numbered in play order and play goes counterclockwise at the table: the next seat
after yours sits on your right. `render.table` goes round clockwise, so seats are handed to it
mirrored. Only the viewer's own hand, kitty and bury are ever drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from PIL import Image

from engines.base import Action, Game, game_class
from engines.cards import card_label
from render import parts, text
from render.parts import Canvas, PlayerInfo, Seat
from render.table import geometry, round_table
from render.text import Template
from render.theme import (
    ALERT_BG,
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
GAP = 12
TITLE = 26
BODY = 22
SMALL = 20
BANNER_H = 58
TRICK_W = 46
"""Card width in the trick panel: a small face whose index reads at half size."""
HAND_W = 116
KITTY_W = 52
CALL_W = 40
PANEL_FILL = (18, 62, 43)
QUIET_BG = (30, 70, 110)
"""A notice that something is under way (not an alert)."""

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
    "status_over": ("ゲーム終了・{deal}ディール", "Game over · {deal} deals"),
    "rank": ("ランク{rank}", "Rank {rank}"),
    "cards": ("{n}枚", "{n} cards"),
    "cards_one": ("{n}枚", "{n} card"),
    "points": ("{n}点", "{n} pts"),
    "declarer": ("親", "Declarer"),
    "friend": ("友達", "Friend"),
    "dealer": ("仮親", "Dealer"),
    "entitled": ("宣言可", "Active"),
    "legend": ("★ 親　☆ 友達", "★ declarer  ☆ friend"),
    "winning": ("勝ち", "Wins"),
    "stock": ("山札", "Stock"),
    "kitty": ("キティ", "Kitty"),
    "buried": ("伏せ札", "Buried"),
    "trump": ("切札", "Trump"),
    "no_trump": ("切札は未定", "No trump yet"),
    "window": ("最後の宣言の機会", "Last chance to declare"),
    "window_sub": ("宣言できる人が決めています", "Those who can declare decide"),
    "bury_sub": ("{name} が6枚を伏せます", "{name} buries 6 cards"),
    "call_sub": ("{name} が友達を指定します", "{name} calls friends"),
    "trick": ("第{n}トリック", "Trick {n}"),
    "last_trick": (
        "直前のトリック（{name} が取りました・{points}点）",
        "Last trick: {name} took it ({points} pts)",
    ),
    "lead_single": ("1枚", "single"),
    "lead_set": ("{n}枚のセット", "set of {n}"),
    "lead_sequence": ("{n}枚ずつのシークエンス", "sequence of {n}s"),
    "lead_throw": ("まとめ出し", "throw"),
    "declarer_line": ("親：{name}", "Declarer: {name}"),
    "calls": ("指定", "Calls"),
    "nth": ("{n}枚目", "{n}"),
    "call_open": ("{seen}/{nth}枚 出ました", "{seen}/{nth} played"),
    "call_spent": ("{name}（加わらず）", "{name} (no one joins)"),
    "defenders": ("防御チームの得点", "Defenders' points"),
    "of_threshold": ("{points} / {threshold}点", "{points} / {threshold}"),
    "failed": (
        "まとめ出し失敗：{name} の {cards} → {unit} をリード",
        "Throw failed: {name}'s {cards} → {unit} led",
    ),
    "friend_shown": ("{name} は友達！（{call}）", "{name} is a friend! ({call})"),
    "deal_end": ("第{deal}ディールの結果", "Deal {deal} result"),
    "deal_points": (
        "防御 {points}/{threshold}点・キティ {kitty}点{doubled}",
        "Defenders {points}/{threshold} · kitty {kitty}{doubled}",
    ),
    "doubled": ("（2倍で防御へ）", " (doubled, to the defenders)"),
    "kept": ("（親のチームへ）", " (to the declarer's team)"),
    "deal_winner_declarer": (
        "親のチームの勝ち・ゲーム点 {gp}",
        "Declarer's team wins · {gp} game points",
    ),
    "deal_winner_defenders": (
        "防御チームの勝ち・ゲーム点 {gp}",
        "Defenders win · {gp} game points",
    ),
    "deal_winner_declarer_one": (
        "親のチームの勝ち・ゲーム点 1",
        "Declarer's team wins · 1 game point",
    ),
    "deal_winner_defenders_one": ("防御チームの勝ち・ゲーム点 1", "Defenders win · 1 game point"),
    "col_team": ("チーム", "Team"),
    "col_points": ("得点", "Points"),
    "col_steps": ("上昇", "Steps"),
    "col_rank": ("ランク", "Rank"),
    "team_declarer": ("親", "Decl."),
    "team_friend": ("友達", "Friend"),
    "team_defender": ("防御", "Def."),
    "victory": ("勝利！", "Victory!"),
    "defeat": ("敗北", "Defeat"),
    "winners": ("{name} の勝ち", "{name} wins"),
    "reason": ("ランクAに到達", "Reached rank A"),
    "rank_line": ("{name}  ランク{rank}", "{name}  rank {rank}"),
    "hand": ("あなたの手札", "Your hand"),
    "your_turn": ("あなたの番です", "Your turn"),
    "may_declare": ("宣言できます：{cards}", "You may declare: {cards}"),
    "your_kitty": ("あなたの伏せ札：{cards}", "Your bury: {cards}"),
}


def _tr(key: str, locale: str, **params: object) -> str:
    if params.get("n") == 1 and f"{key}_one" in _STRINGS:
        key = f"{key}_one"
    ja, en = _STRINGS[key]
    pattern = ja if locale == "ja" else en
    return pattern.format(**params) if params else pattern


def _named(key: str, locale: str, **params: object) -> Template:
    ja, en = _STRINGS[key]
    pattern = ja if locale == "ja" else en
    return Template.of(pattern, params, tuple(k for k in params if k.startswith("name")))


def _name(players: Sequence[PlayerInfo], seat: int, locale: str) -> str:
    if seat < len(players):
        return players[seat].name
    return ("席 {n}" if locale == "ja" else "Seat {n}").format(n=seat + 1)


def _rank(rank: Any) -> str:
    return "10" if rank == "T" else str(rank)


def _slot(seat: int, viewer: int | None, seats: int) -> int:
    """The clockwise slot of `render.table` that puts play counterclockwise on screen."""
    return (2 * viewer - seat) % seats if viewer is not None else (-seat) % seats


def _marked(name: str, seat: int, declarer: Any, team: set[int]) -> str:
    """A name with its role: ★ the declarer, ☆ a friend known."""
    if seat == declarer:
        return "★ " + name
    if seat in team:
        return "☆ " + name
    return name


def _cards_text(codes: Sequence[str]) -> str:
    return " ".join(card_label(c) for c in codes)


# --------------------------------------------------------------------------- the whole image


def render(
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    locale: str,
    style: CardStyle,
    viewer: int | None,
) -> Image.Image:
    """The table image of one Zhao Pengyou view, every section as tall as what it holds."""
    own = viewer if viewer is not None and view.get("hand") is not None else None
    table = _table(view, players, locale, style, viewer)
    sections = _sections(view, players, locale, own)
    height = table.height + sum(h + GAP for h, _ in sections) + MARGIN
    c = Canvas.new(WIDTH, height, locale, style)
    c.image.paste(table, (0, 0))
    y = table.height + GAP
    for h, draw in sections:
        draw(c, y)
        y += h + GAP
    return c.image


Section = tuple[int, Callable[[Canvas, float], None]]


def _sections(
    view: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str, own: int | None
) -> list[Section]:
    """(height, draw(canvas, y)) of each section under the table, in order."""
    out: list[Section] = []
    notices = _notices(view, players, locale)
    if notices:
        out.append((len(notices) * (BANNER_H + 6) - 6, lambda c, y: _draw_notices(c, y, notices)))
    phase = view.get("phase")
    if phase == "play" or (phase == "over" and view.get("last_trick")):
        plays, header = _trick_plays(view, players, locale)
        if plays:
            longest = max(len(cards) for _, cards, _ in plays)
            out.append(
                (
                    _trick_height(len(plays), longest),
                    lambda c, y: _trick_panel(c, y, view, players, plays, header),
                )
            )
    if view.get("declarer") is not None and phase != "over":
        out.append((_strip_height(view), lambda c, y: _deal_strip(c, y, view, players)))
    last = view.get("last_deal")
    if last is not None and (
        phase == "over" or (phase == "draw" and int(view.get("drawn", 0)) < view["seats"] * 3)
    ):
        out.append((_deal_end_height(view), lambda c, y: _deal_end(c, y, view, last, players, own)))
    if phase == "over" and view.get("result"):
        out.append((_result_height(view), lambda c, y: _result(c, y, view, players, own)))
    if own is not None and view.get("hand"):
        out.append((_hand_height(view), lambda c, y: _hand(c, y, view)))
    return out


# --------------------------------------------------------------------------- the round table


def _status(view: Mapping[str, Any], locale: str) -> str:
    deal = view.get("deal_no", 1)
    phase = view.get("phase")
    seats = int(view.get("seats") or 0)
    size = int(view.get("deal_size") or 0)
    if phase == "draw":
        return _tr("status_draw", locale, deal=deal, drawn=view.get("drawn", 0), total=seats * size)
    if phase == "declare":
        return _tr("status_window", locale, deal=deal)
    if phase in ("bury", "call"):
        return _tr(f"status_{phase}", locale, deal=deal)
    if phase == "over":
        return _tr("status_over", locale, deal=deal)
    # leads of sets and throws make the tricks fewer: the cards left, not a count of tricks
    left = max(view.get("hand_counts") or [0])
    return _tr("status_play", locale, deal=deal, trick=int(view.get("tricks", 0)) + 1, left=left)


def _table(
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    locale: str,
    style: CardStyle,
    viewer: int | None,
) -> Image.Image:
    n = int(view["seats"])
    phase = view.get("phase")
    ranks = view.get("ranks") or ["2"] * n
    sizes = view.get("hand_counts") or [0] * n
    points = view.get("points") or [0] * n
    team = set(view.get("team") or [])
    declarer = view.get("declarer")
    active = set(view.get("active") or [])
    trick = view.get("trick") or {}
    to_play = view.get("turn") if phase == "play" else view.get("to_draw")
    winning = trick.get("winning") if trick.get("plays") else None
    winners = set(view.get("winners") or [])
    plates: list[Seat | None] = [None] * n
    for seat in range(n):
        counts = [_tr("rank", locale, rank=_rank(ranks[seat]))]
        # hands differ only while drawing and burying; in play the line keeps room for points
        if phase in ("draw", "declare", "bury"):
            counts.append(_tr("cards", locale, n=sizes[seat]))
        if points[seat]:
            counts.append(_tr("points", locale, n=points[seat]))
        base = players[seat] if seat < len(players) else PlayerInfo(_name(players, seat, locale))
        badges: list[str] = []
        if phase in ("draw", "declare") and declarer is None and len(active) < n and seat in active:
            badges.append(_tr("entitled", locale))
        player = PlayerInfo(
            _marked(base.name, seat, declarer, team),
            is_cpu=base.is_cpu,
            is_dealer=base.is_dealer
            or (seat == view.get("dealer") and declarer is None and phase == "draw"),
            badges=tuple(badges) + base.badges,
        )
        plates[_slot(seat, viewer, n)] = Seat(
            player=player,
            counts=(" · ".join(counts),),
            to_play=seat == to_play and phase in ("play", "draw"),
            is_viewer=seat == viewer,
            winner=(phase == "play" and seat == winning) or (phase == "over" and seat in winners),
        )
    piles: list[tuple[str, int]] = []
    if phase == "draw":
        piles.append((_tr("stock", locale), int(view.get("stock_count", 0)) + 6))
    elif phase == "declare":
        piles.append((_tr("kitty", locale), 6))
    image = round_table(
        [p for p in plates if p is not None],
        viewer=None if viewer is None else _slot(viewer, viewer, n),
        locale=locale,
        style=style,
        title=_tr("game", locale),
        status=_status(view, locale),
        piles=piles if piles else [(_tr("kitty", locale), 6)] if phase in ("call", "play") else [],
    )
    _middle(image, view, players, locale, style)
    return image


def _middle(
    image: Image.Image,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    locale: str,
    style: CardStyle,
) -> None:
    """The trump card beside the piles, and the phase in words where the table waits."""
    c = Canvas(image, locale, style)
    n = int(view["seats"])
    g = geometry(n)
    cx, cy = WIDTH / 2, (60 + g.height) / 2
    phase = view.get("phase")
    if phase in ("bury", "over"):
        # no pile lies in the middle: cover the table's "empty" line, the trump takes its place
        c.draw.rectangle((cx - 230, cy - 22, cx + 230, cy + 22), fill=FELT_DARK)
    trump = view.get("trump")
    if trump:
        w = 70
        x = cx + 70
        y = cy - card_height(w) / 2 - 20
        parts.paste_card(c, trump, x, y, w, ring=GOLD)
        c.text(
            (x + w / 2, y + card_height(w) + 8), _tr("trump", locale), SMALL, GOLD, "ma", bold=True
        )
    elif phase in ("draw", "declare"):
        c.text((cx + 110, cy - 10), _tr("no_trump", locale), SMALL, TEXT_DIM, "mm")


# --------------------------------------------------------------------------- notices


def _notices(
    view: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str
) -> list[tuple[text.Text, tuple[int, int, int]]]:
    """The moment of the deal when the table waits on someone (the last window, the bury, the
    calls); a throw that failed in this trick; a friend shown in this trick or the last one."""
    out: list[tuple[text.Text, tuple[int, int, int]]] = []
    phase = view.get("phase")
    declarer = view.get("declarer")
    if phase == "declare":
        out.append((f"{_tr('window', locale)} · {_tr('window_sub', locale)}", QUIET_BG))
    elif phase in ("bury", "call") and declarer is not None:
        out.append(
            (_named(f"{phase}_sub", locale, name=_name(players, int(declarer), locale)), QUIET_BG)
        )
    if phase != "play":
        return out
    tricks = int(view.get("tricks", 0))
    in_trick = bool((view.get("trick") or {}).get("plays"))
    recent = {tricks} if in_trick else {tricks, tricks - 1}
    for failed in view.get("failed_throws") or []:
        if failed["trick"] in recent:
            out.append(
                (
                    _named(
                        "failed",
                        locale,
                        name=_name(players, int(failed["seat"]), locale),
                        cards=_cards_text(failed["attempted"]),
                        unit=_cards_text(failed["cards"]),
                    ),
                    ALERT_BG,
                )
            )
    for call in view.get("calls") or []:
        if call.get("joined") and call.get("trick") in recent:
            label = f"{_tr('nth', locale, n=call['nth'])} {card_label(call['card'])}"
            if locale != "ja":
                label = f"{_ordinal(int(call['nth']))} {card_label(call['card'])}"
            out.append(
                (
                    _named(
                        "friend_shown",
                        locale,
                        name=_name(players, int(call["seat"]), locale),
                        call=label,
                    ),
                    (40, 90, 60),
                )
            )
    return out


def _ordinal(n: int) -> str:
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n, "th")
    return f"{n}{suffix}"


def _draw_notices(
    c: Canvas, y: float, notices: Sequence[tuple[text.Text, tuple[int, int, int]]]
) -> None:
    for label, colour in notices:
        parts.panel(c, (MARGIN, y, WIDTH - MARGIN, y + BANNER_H), fill=colour, outline=GOLD)
        c.text(
            (WIDTH / 2, y + BANNER_H / 2),
            label,
            26,
            GOLD,
            "mm",
            bold=True,
            max_width=WIDTH - 4 * MARGIN,
        )
        y += BANNER_H + 6


# --------------------------------------------------------------------------- the trick


def _trick_plays(
    view: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str
) -> tuple[list[tuple[int, list[str], bool]], text.Text]:
    """The plays to show (seat, cards, holds the trick) and the panel's heading: the trick in
    progress, or, before the next lead, the trick just taken."""
    trick = view.get("trick") or {}
    plays = trick.get("plays") or []
    if plays:
        lead = trick.get("lead") or {}
        kind = lead.get("kind", "single")
        if kind == "single":
            shape = _tr("lead_single", locale)
        elif kind == "throw":
            shape = _tr("lead_throw", locale)
        else:
            shape = _tr(f"lead_{kind}", locale, n=lead.get("size", 2))
        heading: text.Text = f"{_tr('trick', locale, n=int(view.get('tricks', 0)) + 1)} · {shape}"
        winning = trick.get("winning")
        return [(int(p["seat"]), list(p["cards"]), p["seat"] == winning) for p in plays], heading
    last = view.get("last_trick")
    if not last:
        return [], ""
    heading = _named(
        "last_trick",
        locale,
        name=_name(players, int(last["winner"]), locale),
        points=last["points"],
    )
    return [
        (int(seat), list(cards), int(seat) == int(last["winner"])) for seat, cards in last["plays"]
    ], heading


def _columns(count: int, longest: int) -> int:
    """Cells a row: four for plays of a card or two, else two or three."""
    if longest <= 2:
        return 4
    return 2 if count <= 6 or longest > 6 else 3


def _trick_height(count: int, longest: int) -> int:
    rows = -(-count // _columns(count, longest))
    return 46 + rows * (card_height(TRICK_W) + 40) + 8


def _units(cards: Sequence[str]) -> list[list[str]]:
    """A play's units in order: runs of identical cards."""
    out: list[list[str]] = []
    for code in cards:
        if out and out[-1][0] == code:
            out[-1].append(code)
        else:
            out.append([code])
    return out


def _trick_panel(
    c: Canvas,
    y: float,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    plays: Sequence[tuple[int, list[str], bool]],
    heading: text.Text,
) -> None:
    """Each seat's play in play order, its units (sets) grouped, the holder of the trick ringed."""
    locale = c.locale
    x0, x1 = MARGIN, WIDTH - MARGIN
    longest = max(len(cards) for _, cards, _ in plays)
    parts.panel(c, (x0, y, x1, y + _trick_height(len(plays), longest)), fill=PANEL_FILL)
    c.text((x0 + 14, y + 10), heading, TITLE - 2, GOLD, "la", bold=True, max_width=x1 - x0 - 28)
    cols = _columns(len(plays), longest)
    cell_w = (x1 - x0 - 16) / cols
    cell_h = card_height(TRICK_W) + 40
    team = set(view.get("team") or [])
    declarer = view.get("declarer")
    for i, (seat, cards, holds) in enumerate(plays):
        col, row = i % cols, i // cols
        cx = x0 + 8 + col * cell_w
        cy = y + 46 + row * cell_h
        colour = GOLD if holds else (HIGHLIGHT if seat == view.get("viewer") else TEXT)
        c.text(
            (cx + 6, cy),
            _marked(_name(players, seat, locale), seat, declarer, team),
            SMALL,
            colour,
            "la",
            bold=True,
            max_width=cell_w - 12,
        )
        _play_row(c, cards, cx + 6, cy + 26, cell_w - 16, holds)


def _play_row(
    c: Canvas, cards: Sequence[str], x: float, top: float, room: float, holds: bool
) -> None:
    """One play: identical cards overlapping as a set, sets apart, squeezed to fit `room`."""
    units = _units(cards)
    steps: list[float] = []
    for i, unit in enumerate(units):
        if i:
            steps.append(TRICK_W + 8)
        steps += [TRICK_W * 0.42] * (len(unit) - 1)
    total = sum(steps)
    scale = min(1.0, (room - TRICK_W) / total) if total else 1.0
    flat = [code for unit in units for code in unit]
    at = x
    for k, code in enumerate(flat):
        ring = GOLD if holds and k == len(flat) - 1 else None
        parts.paste_card(c, code, at, top, TRICK_W, ring=ring, shadow=k == 0)
        if k < len(steps):
            at += steps[k] * scale


# --------------------------------------------------------------------------- the deal's strip


def _strip_height(view: Mapping[str, Any]) -> int:
    if view.get("phase") != "play":
        return 52
    calls = view.get("calls") or []
    rows = -(-len(calls) // 2) if calls else 0
    return 48 + 44 + (34 + rows * (card_height(CALL_W) + 10) if calls else 0) + 8


def _deal_strip(
    c: Canvas, y: float, view: Mapping[str, Any], players: Sequence[PlayerInfo]
) -> None:
    """Trump and declarer, the defenders' points on a bar to 40 a deck, the calls."""
    locale = c.locale
    x0, x1 = MARGIN, WIDTH - MARGIN
    parts.panel(c, (x0, y, x1, y + _strip_height(view)), fill=PANEL_FILL)
    declarer = int(view["declarer"])
    trump = str(view["trump"])
    left = _named("declarer_line", locale, name=_name(players, declarer, locale))
    c.text((x0 + 14, y + 12), left, TITLE - 2, GOLD, "la", bold=True, max_width=(x1 - x0) / 2)
    c.text(
        (x1 - 14, y + 12),
        f"{_tr('trump', locale)} {card_label(trump)}",
        TITLE - 2,
        GOLD,
        "ra",
        bold=True,
    )
    if view.get("phase") != "play":
        return
    # the defenders' points against the threshold
    points = int(view.get("defender_points", 0))
    threshold = int(view.get("threshold", 1))
    total = int(view.get("total_points", threshold * 2))
    bar_y = y + 52
    label = f"{_tr('defenders', locale)}  {_tr('of_threshold', locale, points=points, threshold=threshold)}"
    c.text((x0 + 14, bar_y + 15), label, SMALL, TEXT, "lm", max_width=320)
    bx0, bx1 = x0 + 340, x1 - 16
    c.draw.rounded_rectangle(
        (bx0, bar_y + 4, bx1, bar_y + 26), 10, fill=FELT_DARK, outline=PANEL_EDGE
    )
    share = min(1.0, points / max(1, total))
    if share > 0:
        c.draw.rounded_rectangle(
            (bx0, bar_y + 4, bx0 + max(20, (bx1 - bx0) * share), bar_y + 26),
            10,
            fill=GOLD if points >= threshold else HIGHLIGHT,
        )
    mark = bx0 + (bx1 - bx0) * threshold / max(1, total)
    c.draw.line((mark, bar_y - 2, mark, bar_y + 32), fill=TEXT, width=3)
    calls = view.get("calls") or []
    if not calls:
        return
    cy = bar_y + 44
    c.text((x0 + 14, cy), _tr("calls", locale), SMALL, TEXT_DIM, "la", bold=True)
    c.text((x1 - 14, cy), _tr("legend", locale), SMALL, TEXT_DIM, "ra")
    cy += 34
    col_w = (x1 - x0 - 28) / 2
    for i, call in enumerate(calls):
        cx = x0 + 14 + (i % 2) * col_w
        top = cy + (i // 2) * (card_height(CALL_W) + 10)
        parts.paste_card(c, str(call["card"]), cx, top, CALL_W, shadow=False)
        nth = int(call["nth"])
        head = _tr("nth", locale, n=nth) if locale == "ja" else _ordinal(nth)
        c.text((cx + CALL_W + 10, top + 4), head, SMALL, TEXT, "la", bold=True)
        seat = call.get("seat")
        if seat is None:
            what: text.Text = _tr("call_open", locale, seen=call.get("seen", 0), nth=nth)
            ink = TEXT_DIM
        elif call.get("joined"):
            what = f"→ {_name(players, int(seat), locale)}"
            ink = GOLD
        else:
            what = _named("call_spent", locale, name=_name(players, int(seat), locale))
            ink = TEXT_DIM
        c.text(
            (cx + CALL_W + 10, top + 30),
            what,
            SMALL,
            ink,
            "la",
            bold=seat is not None,
            max_width=col_w - CALL_W - 24,
        )


# --------------------------------------------------------------------------- the deal's end


def _deal_end_height(view: Mapping[str, Any]) -> int:
    n = int(view["seats"])
    return 48 + 36 + 36 + round(21 * 1.7) * (n + 1) + 8 + 16 + card_height(KITTY_W) + 16


def _deal_end(
    c: Canvas,
    y: float,
    view: Mapping[str, Any],
    last: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    own: int | None,
) -> None:
    """The last deal: defenders' points (the kitty doubled or not), the winning side and game
    points, every seat's team, points... steps and new rank, and the kitty face up."""
    locale = c.locale
    n = int(view["seats"])
    x0, x1 = MARGIN, WIDTH - MARGIN
    parts.panel(c, (x0, y, x1, y + _deal_end_height(view)), fill=PANEL_FILL)
    deal = int(view.get("deal_no", 1)) - (0 if view.get("phase") == "over" else 1)
    c.text((x0 + 14, y + 12), _tr("deal_end", locale, deal=deal), TITLE, GOLD, "la", bold=True)
    team = set(last.get("team") or [])
    doubled = last.get("last_trick") not in team
    line1 = _tr(
        "deal_points",
        locale,
        points=last["defender_points"],
        threshold=view.get("threshold", 0),
        kitty=last["kitty_points"],
        doubled=_tr("doubled" if doubled else "kept", locale),
    )
    c.text((x0 + 14, y + 52), line1, BODY, TEXT, "la", max_width=x1 - x0 - 28)
    key = "deal_winner_declarer" if last["winner"] == "declarer" else "deal_winner_defenders"
    gp = last["game_points"]
    c.text((x0 + 14, y + 86), _tr(key, locale, gp=gp, n=gp), BODY, GOLD, "la", bold=True)
    headers = ["", _tr("col_team", locale), _tr("col_steps", locale), _tr("col_rank", locale)]
    rows = []
    order = [(own + k) % n for k in range(n)] if own is not None else list(range(n))
    for seat in order:
        role = (
            "team_declarer"
            if seat == last["declarer"]
            else "team_friend"
            if seat in team
            else "team_defender"
        )
        steps = int(last["steps"][seat])
        rows.append(
            [
                _name(players, seat, locale),
                _tr(role, locale),
                f"+{steps}" if steps else "·",
                _rank(last["ranks"][seat]),
            ]
        )
    table_y = y + 122
    height = parts.score_table(
        c,
        x0 + 8,
        table_y,
        x1 - x0 - 16,
        headers,
        rows,
        highlight=[0] if own is not None else [],
        size=21,
    )
    ky = table_y + height + 12
    kitty = list(view.get("last_deal", {}).get("kitty") or [])
    c.text((x0 + 14, ky + card_height(KITTY_W) / 2), _tr("kitty", locale), BODY, TEXT_DIM, "lm")
    if kitty:
        parts.card_row(c, kitty, x0 + 120, ky, KITTY_W, x1 - x0 - 140, gap=6)


# --------------------------------------------------------------------------- the match's end


def _result_height(view: Mapping[str, Any]) -> int:
    n = int(view["seats"])
    return 22 + 58 + 40 + n * 34 + 24


def _result(
    c: Canvas,
    y: float,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    own: int | None,
) -> None:
    """Victory or defeat (the viewer's own, or the winners by name) and every seat's rank."""
    locale = c.locale
    result = view["result"]
    winners = list(result.get("winners") or [])
    title: text.Text
    if own is not None and own < len(players) and not players[own].is_cpu:
        title = _tr("victory" if own in winners else "defeat", locale)
    else:
        names = " · ".join(_name(players, s, locale) for s in winners)
        title = _named("winners", locale, name=names)
    ranks = list(result.get("ranks") or [])
    order = winners + [s for s in range(len(ranks)) if s not in winners]
    lines: list[text.Text] = []
    for seat in order:
        line = _tr("rank_line", locale, name="{name}", rank=_rank(ranks[seat]))
        lines.append(Template.of(line, {"name": _name(players, seat, locale)}, ("name",)))
    box = (MARGIN + 20, y, WIDTH - MARGIN - 20, y + _result_height(view))
    parts.result_panel(c, box, title, _tr("reason", locale), lines)


# --------------------------------------------------------------------------- the viewer's hand


def _hand_height(view: Mapping[str, Any]) -> int:
    rows = parts.hand_rows(len(view["hand"]), HAND_W, WIDTH - 4 * MARGIN)
    row_h = 24 + card_height(HAND_W) + 8 + 33 + 10
    extra = 34 if view.get("declarable") or view.get("buried") else 0
    return 48 + extra + len(rows) * row_h + 8


def _hand(c: Canvas, y: float, view: Mapping[str, Any]) -> None:
    """The viewer's hand, trumps first; a card it may declare with ringed; its bury."""
    locale = c.locale
    cards = list(view["hand"])
    x0, x1 = MARGIN, WIDTH - MARGIN
    parts.panel(c, (x0, y, x1, y + _hand_height(view)), fill=PANEL_FILL)
    heading = f"{_tr('hand', locale)}  {_tr('cards', locale, n=len(cards))}"
    if view.get("turn") == view.get("viewer") and view.get("phase") == "play":
        heading += "  ·  " + _tr("your_turn", locale)
    c.text((x0 + 14, y + 12), heading, TITLE, GOLD, "la", bold=True, max_width=x1 - x0 - 28)
    top = y + 48
    declarable = list(view.get("declarable") or [])
    buried = view.get("buried")
    if declarable:
        c.text(
            (x0 + 14, top),
            _tr("may_declare", locale, cards=_cards_text(declarable)),
            BODY,
            HIGHLIGHT,
            "la",
            bold=True,
        )
        top += 34
    elif buried:
        c.text(
            (x0 + 14, top),
            _tr("your_kitty", locale, cards=_cards_text(buried)),
            BODY,
            TEXT_DIM,
            "la",
        )
        top += 34
    selected = {i for i, code in enumerate(cards) if code in declarable}
    parts.hand_strip(
        c, cards, x0 + MARGIN, top, HAND_W, x1 - x0 - 2 * MARGIN, selected=selected, lift=0
    )


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


def sample_moments(seed: int) -> Iterator[tuple[str, Game]]:
    """(label, game) at telling moments, played by normal CPUs: the drawing at 6 seats with a
    declaration, the last window, the bury, a sequence of sets led at 8 seats, a failed throw,
    a friend shown at 12 seats, the next deal's drawing with the deal-end panel, the end."""
    from engines.cpu import cpu_chooser

    cls = game_class("zhao-pengyou")

    def until(game: Game, decide: Any, done: Callable[[Any], bool], limit: int = 5000) -> bool:
        for _ in range(limit):
            if done(game):
                return True
            if game.is_over():
                return False
            game.autoplay(decide, limit=1)
        return done(game)

    six: Any = cls.new(6, {}, seed)
    decide6 = cpu_chooser("zhao-pengyou", ["normal"] * 6, seed)
    if until(
        six, decide6, lambda g: g.phase == "draw" and g.declarer is not None and g.drawn >= 60
    ):
        yield "drawing-6", cls.from_json(six.to_json())
    window: Any = cls.new(6, {}, seed + 1)
    decide_w = cpu_chooser("zhao-pengyou", ["easy"] * 6, seed + 1)
    if until(
        window,
        lambda game, prompt: None if prompt.kind == "declare" else decide_w(game, prompt),
        lambda g: g.phase == "declare",
    ):
        yield "last-window-6", cls.from_json(window.to_json())
    if until(six, decide6, lambda g: g.phase == "bury"):
        yield "bury-6", cls.from_json(six.to_json())
    eight: Any = cls.new(8, {}, seed)
    decide8 = cpu_chooser("zhao-pengyou", ["normal"] * 8, seed)
    if until(
        eight,
        decide8,
        lambda g: (
            g.phase == "play"
            and len(g.trick) >= 4
            and g.lead is not None
            and g.lead.kind in ("sequence", "set")
        ),
    ):
        yield "sets-8", cls.from_json(eight.to_json())
    failed = _failed_throw(cls, seed)
    if failed is not None:
        yield "failed-throw-8", failed
    twelve: Any = cls.new(12, {}, seed)
    decide12 = cpu_chooser("zhao-pengyou", ["normal"] * 12, seed)
    if until(twelve, decide12, lambda g: g.phase == "play" and any(g.joined) and len(g.trick) >= 6):
        yield "friend-12", cls.from_json(twelve.to_json())
    if until(twelve, decide12, lambda g: g.outcomes and g.phase == "draw" and g.drawn >= 12):
        yield "deal-end-12", cls.from_json(twelve.to_json())
    until(eight, decide8, lambda g: g.is_over(), limit=20000)
    yield "end-8", eight


def _failed_throw(cls: type[Game], seed: int) -> Game | None:
    """An 8-seat deal in which a leader throws two plain cards that another hand beats."""
    from engines.cpu import cpu_chooser

    game: Any = cls.new(8, {}, seed + 7)
    decide = cpu_chooser("zhao-pengyou", ["normal"] * 8, seed + 7)
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
    """The hand strip of an 8-seat follower facing a multi-card lead: legal cards bright."""
    from engines.cpu import cpu_chooser

    cls = game_class("zhao-pengyou")
    game: Any = cls.new(8, {}, seed)
    decide = cpu_chooser("zhao-pengyou", ["normal"] * 8, seed)
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
