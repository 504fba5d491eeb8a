"""Gong Zhu (拱猪) table: four seats round the trick, the scoring cards taken, the hand's end.

Top to bottom: the round table (each plate with the seat's hand score and total, or "decided"
during the exposure phase, and its exposed cards until played; the trick in the middle, or the
trick just taken with its winner ringed); a notice when the pig, the sheep or the transformer
has just fallen, or of a heart sweep in progress; the scoring cards each seat has taken; the
hand-end breakdown (during the next hand's exposure phase, and at the end); the match result.
A private image adds the viewer's own hand at the bottom, cards that can't be played dimmed.

Seats are numbered in play order and play goes counterclockwise at the table, as the rule
document seats it: the next seat after yours sits on your right. `render.table` goes round
clockwise, so seats are handed to it mirrored. Only the viewer's own hand is ever drawn.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from PIL import Image

from engines.base import Game, game_class
from engines.cards import card_label
from render import parts, text
from render.parts import Canvas, PlayerInfo, Seat
from render.table import round_table
from render.text import Template
from render.theme import (
    ALERT,
    ALERT_BG,
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
TAKEN_W = 46
"""Card width of the taken scoring cards: a small face, its index readable at half size."""
HAND_W = 96
ROW_H = 82
SECTION_GAP = 12
TITLE = 26
BODY = 22
BANNER_H = 58

_STRINGS: dict[str, tuple[str, str]] = {
    "game": ("拱猪", "Gong Zhu"),
    "status_expose": ("第{hand}ハンド・公開フェーズ", "Hand {hand} · exposure"),
    "status_trick": ("第{hand}ハンド・{trick}/13", "Hand {hand} · trick {trick}/13"),
    "status_over": ("対戦終了・{hand}ハンド", "Match over · {hand} hands"),
    "plate_points": ("今回{points}・合計{total}", "{points} · total {total}"),
    "plate_decided": ("決定済み・合計{total}", "Decided · total {total}"),
    "plate_deciding": ("考え中…・合計{total}", "Deciding… · total {total}"),
    "centre_expose": ("公開フェーズ", "Exposure phase"),
    "centre_expose_sub": ("各自が非公開で決めています", "Each player decides in secret"),
    "first_lead": ("♠2 を持つ人がリードします", "The holder of 2♠ leads"),
    "leads": ("{name} がリードします", "{name} leads"),
    "last_trick": ("直前のトリック", "Last trick"),
    "taken": ("獲得した得点札", "Scoring cards taken"),
    "none": ("なし", "none"),
    "hand_pts": ("今回", "Hand"),
    "total": ("合計", "Total"),
    "pig": ("ブタは {name} へ！", "The pig goes to {name}!"),
    "sheep": ("ヒツジは {name} へ！", "The sheep goes to {name}!"),
    "transformer": ("変圧器は {name} へ！", "The transformer goes to {name}!"),
    "sweep_danger": (
        "ハート独占の危険：{name} が {count}枚すべて",
        "Heart sweep danger: {name} has all {count}",
    ),
    "breakdown": ("第{hand}ハンドの得点", "Hand {hand} scores"),
    "col_hearts": ("ハート", "Hearts"),
    "col_pig": ("ブタ", "Pig"),
    "col_sheep": ("ヒツジ", "Sheep"),
    "col_tf": ("変圧器", "10♣"),
    "col_hand": ("今回", "Hand"),
    "col_total": ("合計", "Total"),
    "exposed_title": (
        "公開（効果はそのカードを取った人にかかります）",
        "Exposed (the effect is on whoever took the card)",
    ),
    "exposed_by": ("{name}：{cards}", "{name}: {cards}"),
    "exposed_card": ("{card} → {taker}", "{card} → {taker}"),
    "exposed_none": ("公開：なし", "Exposed: none"),
    "sweep_note": ("{name}：ハート独占", "{name}: heart sweep"),
    "all16_note": ("{name}：16枚すべて", "{name}: all 16 cards"),
    "victory": ("勝利！", "Victory!"),
    "defeat": ("敗北", "Defeat"),
    "winner": ("{name} の勝ち", "{name} wins"),
    "reason": ("誰かが −1000 以下、最高点は1人", "Someone at −1000 or below, one leader"),
    "rank_line": ("{rank}位  {name}  {total}", "{rank}. {name}  {total}"),
    "out": ("脱落", "out"),
    "hand": ("あなたの手札", "Your hand"),
    "your_exposure": ("あなたの公開：{cards}", "Your exposure: {cards}"),
    "your_exposure_none": ("あなたの公開：なし", "Your exposure: none"),
    "your_exposure_open": ("公開するカードを選んでください", "Choose what to expose"),
    "your_turn": ("あなたの番です", "Your turn"),
}


def _tr(key: str, locale: str, **params: object) -> str:
    ja, en = _STRINGS[key]
    pattern = ja if locale == "ja" else en
    return pattern.format(**params) if params else pattern


def _named(key: str, locale: str, **params: object) -> Template:
    ja, en = _STRINGS[key]
    pattern = ja if locale == "ja" else en
    return Template.of(pattern, params, tuple(k for k in params if k.startswith("name")))


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


def _slot(seat: int, viewer: int | None) -> int:
    """The clockwise slot of `render.table` that puts play counterclockwise on screen."""
    return (2 * viewer - seat) % 4 if viewer is not None else (-seat) % 4


# --------------------------------------------------------------------------- the whole image


def render(
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    locale: str,
    style: CardStyle,
    viewer: int | None,
) -> Image.Image:
    """The table image of one Gong Zhu view, every section as tall as what it holds."""
    own = viewer if viewer is not None and "hand_cards" in view else None
    table = _table(view, players, locale, style, viewer)
    sections = _sections(view, players, locale, own)
    height = table.height + sum(h + SECTION_GAP for h, _ in sections) + MARGIN
    c = Canvas.new(WIDTH, height, locale, style)
    c.image.paste(table, (0, 0))
    y = table.height + SECTION_GAP
    for h, draw in sections:
        draw(c, y)
        y += h + SECTION_GAP
    return c.image


def _sections(
    view: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str, own: int | None
) -> list[tuple[int, Any]]:
    """(height, draw(canvas, y)) of each section under the table, in order."""
    out: list[tuple[int, Any]] = []
    notices = _notices(view, players, locale)
    if notices:
        out.append((len(notices) * (BANNER_H + 6) - 6, lambda c, y: _draw_notices(c, y, notices)))
    phase = view.get("phase")
    if phase == "play":
        out.append((_taken_height(), lambda c, y: _taken_panel(c, y, view, players, own)))
    last = view.get("last_hand")
    if last is not None and (phase == "expose" or phase == "over"):
        out.append((_breakdown_height(last), lambda c, y: _breakdown(c, y, last, players, own)))
    if phase == "over" and view.get("result"):
        out.append((_result_height(), lambda c, y: _result(c, y, view, players, own)))
    if own is not None and view.get("hand_cards"):
        out.append((_hand_height(view), lambda c, y: _hand(c, y, view)))
    return out


# --------------------------------------------------------------------------- the round table


def _table(
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    locale: str,
    style: CardStyle,
    viewer: int | None,
) -> Image.Image:
    phase = view.get("phase")
    to_act = set(view.get("to_act") or [])
    totals = view.get("totals") or [0] * 4
    points = view.get("points") or [0] * 4
    decided = view.get("decided") or [False] * 4
    live = view.get("exposed_live") or [[]] * 4
    result = view.get("result") or {}
    plates: list[Seat | None] = [None] * 4
    for seat in range(4):
        if phase == "expose":
            key = "plate_decided" if decided[seat] else "plate_deciding"
            line = _tr(key, locale, total=signed(totals[seat]))
        else:
            line = _tr(
                "plate_points", locale, points=signed(points[seat]), total=signed(totals[seat])
            )
        plates[_slot(seat, viewer)] = Seat(
            player=_player(players, seat, locale),
            counts=(line,),
            to_play=phase == "play" and seat in to_act,
            is_viewer=seat == viewer,
            exposed=tuple(live[seat]),
            winner=phase == "over" and result.get("winner") == seat,
        )
    trick, winner = _trick(view)
    hand = view.get("hand", 1)
    if phase == "expose":
        status = _tr("status_expose", locale, hand=hand)
    elif phase == "over":
        status = _tr("status_over", locale, hand=hand)
    else:
        status = _tr("status_trick", locale, hand=hand, trick=int(view.get("tricks", 0)) + 1)
    image = round_table(
        [p for p in plates if p is not None],
        viewer=None if viewer is None else _slot(viewer, viewer),
        locale=locale,
        style=style,
        title=_tr("game", locale),
        status=status,
        trick={_slot(s, viewer): card for s, card in trick.items()} or None,
        trick_winner=None if winner is None else _slot(winner, viewer),
    )
    if phase == "expose" or (not trick and phase == "over"):
        _centre_note(image, view, players, locale, style)
    return image


def _trick(view: Mapping[str, Any]) -> tuple[dict[int, str], int | None]:
    """The cards to show in the middle by seat, and the seat to ring (the trick's taker).

    The trick in progress; when it has no card yet, the trick just taken (so the last card
    played stays in sight until the next lead).
    """
    current = view.get("trick") or {}
    cards = current.get("cards") or []
    if cards:
        leader = int(current.get("leader") or 0)
        return {(leader + i) % 4: c for i, c in enumerate(cards)}, None
    last = view.get("last_trick")
    if last and view.get("phase") in ("play", "over"):
        leader = int(last["leader"])
        return {(leader + i) % 4: c for i, c in enumerate(last["cards"])}, last["winner"]
    return {}, None


def _centre_note(
    image: Image.Image,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    locale: str,
    style: CardStyle,
) -> None:
    """Words in the middle of the table during the exposure phase."""
    c = Canvas(image, locale, style)
    cx, cy = WIDTH / 2, (60 + image.height) / 2
    if view.get("phase") == "expose":
        # around the table's own "the table is empty" line, which stays in the middle
        c.text((cx, cy - 52), _tr("centre_expose", locale), 30, GOLD, "mm", bold=True)
        leader = view.get("first_leader")
        sub: text.Text = (
            _tr("first_lead", locale)
            if leader is None
            else _named("leads", locale, name=_name(players, int(leader), locale))
        )
        c.text((cx, cy + 46), sub, BODY, TEXT, "mm", max_width=360)


# --------------------------------------------------------------------------- notices


def _notices(
    view: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str
) -> list[tuple[text.Text, tuple[int, int, int]]]:
    """The pig, sheep or transformer just taken (by the last trick), and a sweep in progress."""
    out: list[tuple[text.Text, tuple[int, int, int]]] = []
    if view.get("phase") != "play":
        return out
    last = view.get("last_trick")
    if last:
        name = _name(players, int(last["winner"]), locale)
        for code, key, colour in (
            ("QS", "pig", ALERT_BG),
            ("JD", "sheep", (40, 90, 60)),
            ("TC", "transformer", (60, 60, 120)),
        ):
            if code in last["cards"]:
                out.append((_named(key, locale, name=name), colour))
    danger = view.get("sweep_danger")
    if danger is not None:
        count = sum(1 for c in (view.get("taken") or [[]] * 4)[danger] if c.endswith("H"))
        out.append(
            (
                _named(
                    "sweep_danger", locale, name=_name(players, int(danger), locale), count=count
                ),
                ALERT_BG,
            )
        )
    return out


def _draw_notices(
    c: Canvas, y: float, notices: Sequence[tuple[text.Text, tuple[int, int, int]]]
) -> None:
    for label, colour in notices:
        parts.panel(c, (MARGIN, y, WIDTH - MARGIN, y + BANNER_H), fill=colour, outline=GOLD)
        c.text(
            (WIDTH / 2, y + BANNER_H / 2),
            label,
            28,
            GOLD,
            "mm",
            bold=True,
            max_width=WIDTH - 4 * MARGIN,
        )
        y += BANNER_H + 6


# --------------------------------------------------------------------------- taken cards


def _order(own: int | None) -> list[int]:
    """Seats in play order, starting with the viewer (seat 0 in the public image)."""
    first = own or 0
    return [(first + k) % 4 for k in range(4)]


def _taken_height() -> int:
    return 48 + 4 * ROW_H


def _taken_panel(
    c: Canvas,
    y: float,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    own: int | None,
) -> None:
    """Each seat's scoring cards taken this hand, with its hand score and total."""
    locale = c.locale
    x0, x1 = MARGIN, WIDTH - MARGIN
    parts.panel(c, (x0, y, x1, y + _taken_height()), fill=(18, 62, 43))
    c.text((x0 + 14, y + 10), _tr("taken", locale), TITLE, GOLD, "la", bold=True)
    taken = view.get("taken") or [[]] * 4
    points = view.get("points") or [0] * 4
    totals = view.get("totals") or [0] * 4
    name_w, score_w = 170, 150
    for row, seat in enumerate(_order(own)):
        top = y + 48 + row * ROW_H
        if row:
            c.draw.line((x0 + 10, top, x1 - 10, top), fill=PANEL_EDGE, width=1)
        mid = top + ROW_H / 2
        colour = HIGHLIGHT if seat == own else TEXT
        c.text(
            (x0 + 14, mid),
            _name(players, seat, locale),
            24,
            colour,
            "lm",
            bold=True,
            max_width=name_w - 20,
        )
        cards = list(taken[seat])
        area_x, area_w = x0 + name_w, x1 - x0 - name_w - score_w
        if cards:
            parts.card_row(
                c, cards, area_x, top + (ROW_H - card_height(TAKEN_W)) / 2, TAKEN_W, area_w, gap=4
            )
        else:
            c.text((area_x, mid), _tr("none", locale), 24, TEXT_DIM, "lm")
        value = int(points[seat])
        ink = ALERT if value < 0 else GOLD if value > 0 else TEXT
        c.text((x1 - 14, mid - 14), signed(value), 30, ink, "rm", bold=True)
        c.text(
            (x1 - 14, mid + 20),
            f"{_tr('total', locale)} {signed(totals[seat])}",
            22,
            TEXT_DIM,
            "rm",
        )


# --------------------------------------------------------------------------- the hand's end


EXPOSED_LINE = 30


def _breakdown_height(last: Mapping[str, Any]) -> int:
    notes = sum(1 for b in last["breakdown"] if b["sweep"] or b["all16"])
    exposers = sum(1 for cards in last["exposed"] if cards)
    return 56 + 5 * 38 + 8 + 40 + exposers * EXPOSED_LINE + notes * 32 + 12


def t_sep(locale: str) -> str:
    """What separates the items of a list on the image."""
    return "、" if locale == "ja" else ", "


def _breakdown(
    c: Canvas,
    y: float,
    last: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    own: int | None,
) -> None:
    """The hand-end panel: hearts, pig, sheep, transformer, hand score and total per seat; each
    exposed card with who exposed it and who took it (the doubling is the taker's)."""
    locale = c.locale
    x0, x1 = MARGIN, WIDTH - MARGIN
    height = _breakdown_height(last)
    parts.panel(c, (x0, y, x1, y + height), fill=(18, 62, 43))
    c.text(
        (x0 + 14, y + 12), _tr("breakdown", locale, hand=last["hand"]), TITLE, GOLD, "la", bold=True
    )
    headers = [""] + [
        _tr(k, locale)
        for k in ("col_hearts", "col_pig", "col_sheep", "col_tf", "col_hand", "col_total")
    ]
    rows = []
    order = _order(own)
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
    table_y = y + 50
    parts.score_table(
        c,
        x0 + 8,
        table_y,
        x1 - x0 - 16,
        headers,
        rows,
        highlight=[order.index(own)] if own is not None else [],
        size=21,
    )
    line_y = table_y + 5 * 38 + 20
    takers = {card: s for s, b in enumerate(last["breakdown"]) for card in b["cards"]}
    exposers = [s for s in order if last["exposed"][s]]
    width = x1 - x0 - 32
    if not exposers:
        c.text((x0 + 16, line_y), _tr("exposed_none", locale), BODY, TEXT, "la", max_width=width)
    else:
        c.text((x0 + 16, line_y), _tr("exposed_title", locale), BODY, TEXT, "la", max_width=width)
    for seat in exposers:
        line_y += EXPOSED_LINE
        taken_by = t_sep(locale).join(
            _tr(
                "exposed_card",
                locale,
                card=card_label(card),
                taker=_name(players, takers[card], locale) if card in takers else "—",
            )
            for card in last["exposed"][seat]
        )
        line = _tr("exposed_by", locale, name=_name(players, seat, locale), cards=taken_by)
        c.text((x0 + 32, line_y), line, BODY, TEXT, "la", max_width=width - 16)
    for seat in order:
        b = last["breakdown"][seat]
        for flag, key in (("sweep", "sweep_note"), ("all16", "all16_note")):
            if b[flag]:
                line_y += 32
                c.text(
                    (x0 + 16, line_y),
                    _named(key, locale, name=_name(players, seat, locale)),
                    BODY,
                    GOLD,
                    "la",
                    bold=True,
                    max_width=x1 - x0 - 32,
                )


def _cell(points: int, taken: bool) -> str:
    return signed(points) if taken else "·"


# --------------------------------------------------------------------------- the match's end


def _result_height() -> int:
    return 22 + 58 + 40 + 4 * 34 + 24


def _result(
    c: Canvas,
    y: float,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    own: int | None,
) -> None:
    """Victory or defeat (the viewer's own, or the winner by name), the ranking, the totals."""
    locale = c.locale
    result = view["result"]
    winner = int(result["winner"])
    title: text.Text
    if own is not None and not _player(players, own, locale).is_cpu:
        title = _tr("victory" if own == winner else "defeat", locale)
    else:
        title = _named("winner", locale, name=_name(players, winner, locale))
    out = set(result.get("out") or [])
    lines: list[text.Text] = []
    for rank, seat in enumerate(result["ranking"], 1):
        line = _tr(
            "rank_line", locale, rank=rank, name="{name}", total=signed(result["totals"][seat])
        )
        marks = []
        player = _player(players, seat, locale)
        if not player.is_cpu:
            marks.append(_tr("victory" if seat == winner else "defeat", locale))
        if seat in out:
            marks.append(_tr("out", locale))
        if marks:
            line += "  " + " · ".join(marks)
        lines.append(Template.of(line, {"name": _name(players, seat, locale)}, ("name",)))
    box = (MARGIN + 20, y, WIDTH - MARGIN - 20, y + _result_height())
    parts.result_panel(c, box, title, _tr("reason", locale), lines)


# --------------------------------------------------------------------------- the viewer's hand


def _hand_height(view: Mapping[str, Any]) -> int:
    rows = parts.hand_rows(len(view["hand_cards"]), HAND_W, WIDTH - 4 * MARGIN)
    row_h = 24 + card_height(HAND_W) + 8 + 33 + 10
    return 48 + len(rows) * row_h + 8


def _hand(c: Canvas, y: float, view: Mapping[str, Any]) -> None:
    """The viewer's hand; while it is to play, the cards it can't play now are dimmed."""
    locale = c.locale
    cards = list(view["hand_cards"])
    x0, x1 = MARGIN, WIDTH - MARGIN
    parts.panel(c, (x0, y, x1, y + _hand_height(view)), fill=(18, 62, 43))
    heading = _tr("hand", locale)
    if view.get("phase") == "expose":
        mine = view.get("my_exposure")
        if mine is None:
            heading += "  ·  " + _tr("your_exposure_open", locale)
        elif mine:
            heading += "  ·  " + _tr(
                "your_exposure", locale, cards=" ".join(card_label(x) for x in mine)
            )
        else:
            heading += "  ·  " + _tr("your_exposure_none", locale)
    elif "legal" in view:
        heading += "  ·  " + _tr("your_turn", locale)
    c.text((x0 + 14, y + 12), heading, TITLE, GOLD, "la", bold=True, max_width=x1 - x0 - 28)
    legal = view.get("legal")
    mask = [card in legal for card in cards] if legal is not None else None
    parts.hand_strip(
        c, cards, x0 + 2 * MARGIN - MARGIN, y + 48, HAND_W, x1 - x0 - 2 * MARGIN, legal=mask
    )


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
    the exposure phase, the first lead after someone exposed, the first trick in progress, the pig falling, a heart sweep danger, the exposure phase of
    the second hand (the first hand's breakdown), and the end of the match."""
    from engines.cpu import cpu_chooser

    cls = game_class("gong-zhu")
    game = cls.new(4, {}, seed)
    decide = cpu_chooser("gong-zhu", ["hard", "normal", "normal", "normal"], seed)
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
    cls = game_class("gong-zhu")
    game: Any = cls.new(4, {}, seed)
    for seat in range(4):
        game.apply(game.legal_actions(seat)[0])
    leader = game.turn
    game.apply(game.legal_actions(leader)[-1])
    prompt = game.prompt(game.turn)
    pick = prompt.pick
    selected = [i for i, ok in enumerate(pick.selectable) if ok][:1]
    return list(pick.cards), list(pick.selectable), selected
