"""Kokutorum table: every seat's hand as backs in order, the stock and the discard pile, whose
turn and the last moves; the viewer's own hand big, its melds bracketed; the round's end with
every hand shown, and the game's end.

Top to bottom: the header (round, target); the round just played while the next one has not
begun (every hand with its melds, deadwood, scores and totals); the other seats in play order
from the viewer's left (the public image: every seat), each hand as backs with a card taken
from the pile face up in its place; the stock, the pile and whose turn; the viewer's seat.

What the viewer's hand shows follows its decision: both versions of the hand (as dealt and
rotated, each with its deadwood) while it may rotate; the drawn card apart with both ends and
the gaps numbered 1..9 while it waits to go in; the hand as it would be after an insert the
viewer is considering (the view's `proposal`, see `render.api.render_view`), the new card
ringed; else the cards numbered 1..9 to discard by number. At the end: the result, the last
round and every round's scores.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from PIL import Image

from engines.base import Action, Decide, Game, Prompt, game_class
from engines.cards import card_label
from engines.cpu import cpu_chooser
from engines.two_number.cards import rotated, values
from engines.two_number.melds import partition
from render import parts
from render.games import two_number_parts as tp
from render.parts import Canvas, PlayerInfo
from render.text import Text, text_width
from render.theme import ALERT, GOLD, HIGHLIGHT, TEXT, TEXT_DIM, WIDTH, CardStyle, card_height

GAME = "kokutorum"
HEADER_H = 60
INNER = WIDTH - 2 * tp.MARGIN
ROOM = INNER - 2 * tp.PAD
BAND_H = tp.PAD + tp.LINE_H + 6 + card_height(tp.BACK_W) + tp.PAD
PILE_W = 80
STOCK_W = 58
LOG_ROWS = 3
ROW = 32
TABLE_ROUNDS = 10
"""The game-end table shows at most this many rounds (the last ones)."""

LABELS = tp.Labels(
    {
        "title": ("コクトラム", "Kokutorum"),
        "round": ("第{n}ラウンド・目標{target}点", "Round {n} · to {target}"),
        "over": ("終了・全{n}ラウンド", "Over · {n} rounds"),
        "over_one": ("終了・全{n}ラウンド", "Over · {n} round"),
        "points": ("{n}点", "{n} pts"),
        "cards": ("{n}枚", "{n} cards"),
        "cards_one": ("{n}枚", "{n} card"),
        "stock": ("山札", "Stock"),
        "pile": ("捨て札", "Discards"),
        "pile_empty": ("捨て札なし", "No discards"),
        "your_turn": ("あなたの番", "Your turn"),
        "turn_of": ("{name} の番", "{name} to play"),
        "to_play": ("手番", "To play"),
        "dealer": ("ディーラー", "Dealer"),
        "cpu": ("CPU", "CPU"),
        "you": ("あなた", "You"),
        "winning": ("勝ち", "Wins"),
        "rotated": ("回転", "Rotated"),
        "deadwood": ("デッドウッド {n}点", "Deadwood {n}"),
        "as_dealt": ("そのまま：デッドウッド {n}点", "As dealt: deadwood {n}"),
        "turned": ("回転すると：デッドウッド {n}点", "Rotated: deadwood {n}"),
        "rotate_ask": ("回転しますか？", "Rotate?"),
        "drawn": ("引いたカード", "You drew"),
        "end_w": ("W ○{n}", "W ○{n}"),
        "end_b": ("B ●{n}", "B ●{n}"),
        "pick_gap": ("隙間 1～{n} と向き", "Pick a gap 1–{n}"),
        "pick_end": ("（W / B）を選択", "and an end, W / B"),
        "preview": ("プレビュー：{card} を隙間 {gap} に", "Preview: {card} into gap {gap}"),
        "preview_points": (
            "デッドウッド {before}点 → {after}点（1枚捨てて最少 {best}点）",
            "Deadwood {before} → {after} ({best} after the best discard)",
        ),
        "discard_pick": ("捨てる札を番号で・ノックも可", "Discard by number, or knock"),
        "discard_preview": (
            "{card} を捨てる → デッドウッド {n}点",
            "Discard {card} → deadwood {n}",
        ),
        "knock_preview": ("ノック：デッドウッド {n}点", "Knock with deadwood {n}"),
        "may_knock": ("次のドローまでノックできます", "You may knock until the next draw"),
        "last_card": ("山札の最後の1枚：次の捨て札で終了", "Last card: the next discard ends it"),
        "knock_window": (
            "{name} は次のドローまでノックできます",
            "{name} may knock until the next draw",
        ),
        "drew_stock": ("{name}：山札から引いた", "{name} drew from the stock"),
        "drew_pile": ("{name}：捨て札から {card} を取った", "{name} took {card}"),
        "inserted": ("{name}：隙間 {gap} に差し込んだ", "{name} put it into gap {gap}"),
        "discarded": ("{name}：{card} を捨てた", "{name} discarded {card}"),
        "knocked": ("{name} がノック！", "{name} knocks!"),
        "rotated_log": ("{name}：手札を回転", "{name} rotated"),
        "upcard": ("表札 {card}", "Upcard {card}"),
        "round_end": ("第{n}ラウンドの結果", "Round {n}"),
        "kind_knock": ("{name} のノック", "{name} knocked"),
        "kind_kokuto": ("コクトー！ {name} が0点でノック", "Kokuto! {name} knocked at 0"),
        "kind_undercut": ("アンダーノック！ {name} のノック", "Undercut! {name} knocked"),
        "kind_stock": ("山札が尽きました", "The stock ran out"),
        "row": (
            "デッドウッド {n}点 → {score}（計{total}）",
            "Deadwood {n} → {score} (total {total})",
        ),
        "victory": ("勝利！", "Victory!"),
        "defeat": ("敗北", "Defeat"),
        "winner": ("{name} の勝ち", "{name} wins"),
        "shared": ("同点優勝：{names}", "Shared win: {names}"),
        "reached": ("目標 {target}点に到達", "Reached {target} points"),
        "total_line": ("{name}  {n}点", "{name}  {n} pts"),
        "rounds_col": ("ラウンド", "Round"),
        "total_row": ("合計", "Total"),
        "earlier": ("（第{n}ラウンドまで省略）", "(rounds 1–{n} left out)"),
    }
)


def labels() -> dict[str, tuple[str, str]]:
    """Every label as key -> (ja, en) (a test checks both languages are filled)."""
    return dict(LABELS.strings)


def _badge_words(locale: str) -> dict[str, str]:
    return {k: LABELS(k, locale) for k in ("to_play", "dealer", "cpu", "you", "winning")}


Box = tuple[float, float, float, float]
Section = tuple[float, Callable[[Canvas, Box], None]]


# --------------------------------------------------------------------------- the image


def render(
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    locale: str,
    style: CardStyle,
    viewer: int | None,
) -> Image.Image:
    """The table image of one Kokutorum view (with the view's `proposal` shown, if any)."""
    seats = int(view["seats"])
    own = viewer if viewer is not None and 0 <= viewer < seats and "hand" in view else None
    sections = _sections(view, players, locale, own)
    total = HEADER_H + tp.MARGIN + sum(h + tp.MARGIN for h, _ in sections)
    c = Canvas.new(WIDTH, int(total), locale, style)
    status = (
        LABELS("over", locale, n=view.get("round", 1))
        if view.get("over")
        else LABELS("round", locale, n=view.get("round", 1), target=view.get("target", 30))
    )
    parts.header(c, LABELS("title", locale), status, HEADER_H)
    y: float = HEADER_H + tp.MARGIN
    for height, draw in sections:
        draw(c, (tp.MARGIN, y, tp.MARGIN + INNER, y + height))
        y += height + tp.MARGIN
    return c.image


def _sections(
    view: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str, own: int | None
) -> list[Section]:
    """The image's parts, top to bottom, each with its height."""
    seats = int(view["seats"])
    last = view.get("last_round")
    out: list[Section] = []
    if view.get("over"):
        out.append((_result_height(view), lambda c, b: _result(c, view, players, own, b)))
        if last:
            out.append((_last_height(last), lambda c, b: _last_round(c, last, players, b)))
        out.append((_rounds_height(view), lambda c, b: _rounds(c, view, players, b)))
        return out
    if last and view.get("rotation_open"):
        out.append((_last_height(last), lambda c, b: _last_round(c, last, players, b)))
    order = [(own + k) % seats for k in range(1, seats)] if own is not None else range(seats)
    for seat in order:
        out.append((BAND_H, _band_drawer(view, players, seat, own)))
    out.append(
        (_middle_height(view, players, locale), lambda c, b: _middle(c, view, players, own, b))
    )
    if own is not None:
        height, draw = _own(view, locale)
        out.append(
            (
                tp.PAD + tp.LINE_H + 4 + height + tp.PAD,
                lambda c, b: _own_panel(c, view, players, own, b, draw),
            )
        )
    return out


def _badges(
    view: Mapping[str, Any], players: Sequence[PlayerInfo], seat: int, own: int | None, locale: str
) -> tp.Badges:
    player = tp.player_of(players, seat, locale)
    rotated_seats = list(view.get("rotated") or [])
    rotated_now = view.get("rotation_open") and seat < len(rotated_seats) and rotated_seats[seat]
    return tp.badge_list(
        _badge_words(locale),
        to_play=not view.get("over") and view.get("turn") == seat,
        dealer=view.get("dealer") == seat,
        cpu=player.is_cpu,
        you=seat == own,
        extra=[LABELS("rotated", locale)] if rotated_now else [],
    )


def _total(view: Mapping[str, Any], seat: int) -> int:
    totals = list(view.get("totals") or [])
    return int(totals[seat]) if seat < len(totals) else 0


def _band_drawer(
    view: Mapping[str, Any], players: Sequence[PlayerInfo], seat: int, own: int | None
) -> Callable[[Canvas, Box], None]:
    return lambda c, box: _band(c, view, players, seat, own, box)


def _band(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    seat: int,
    own: int | None,
    box: Box,
) -> None:
    """A seat other than the viewer's: name, badges, total, the hand as backs in order."""
    locale = c.locale
    badges = _badges(view, players, seat, own, locale)
    tp.seat_line(
        c,
        box,
        tp.name_of(players, seat, locale),
        badges,
        LABELS("points", locale, n=_total(view, seat)),
        view.get("turn") == seat,
    )
    counts = list(view.get("hand_counts") or [])
    count = int(counts[seat]) if seat < len(counts) else 0
    known_all = list(view.get("known") or [])
    known = list(known_all[seat]) if seat < len(known_all) else []
    top = box[1] + tp.PAD + tp.LINE_H + 6
    used = tp.backs(c, box[0] + tp.PAD, top, count, known)
    c.text(
        (box[0] + tp.PAD + used + 14, top + card_height(tp.BACK_W) / 2),
        LABELS("cards", locale, n=count),
        tp.LABEL,
        TEXT_DIM,
        "lm",
        bold=True,
    )


# --------------------------------------------------------------------------- the middle


def _notes(
    view: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str
) -> list[tuple[Text, tp.Colour]]:
    notes: list[tuple[Text, tp.Colour]] = []
    if view.get("last_card"):
        notes.append((LABELS("last_card", locale), ALERT))
    knocker = view.get("knock_seat")
    if isinstance(knocker, int):
        name = tp.name_of(players, knocker, locale)
        notes.append((LABELS.named("knock_window", locale, name=name), TEXT_DIM))
    return notes


def _middle_height(view: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str) -> int:
    piles = 30 + card_height(PILE_W) + 6
    log = 48 + LOG_ROWS * ROW
    notes = len(_notes(view, players, locale)) * ROW
    return tp.PAD + max(piles, log) + (8 + notes if notes else 0) + tp.PAD


def _middle(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    own: int | None,
    box: Box,
) -> None:
    """The stock with its count, the discard pile (its top card big), whose turn, the last
    moves, and a note when the round is about to end or a knock is open."""
    x0, y0, x1, y1 = box
    locale = c.locale
    tp.dark_box(c, box)
    top = y0 + tp.PAD + 30
    stock = int(view.get("stock_count") or 0)
    c.text((x0 + tp.PAD, y0 + tp.PAD), LABELS("stock", locale), tp.BODY, TEXT, "la", bold=True)
    parts.face_down_pile(
        c, x0 + tp.PAD, top, stock, STOCK_W, label=LABELS("cards", locale, n=stock), size=tp.BODY
    )
    pile = [str(card) for card in view.get("pile") or []]
    px = x0 + tp.PAD + STOCK_W + 56
    heading = LABELS("pile", locale) if pile else LABELS("pile_empty", locale)
    c.text((px, y0 + tp.PAD), heading, tp.BODY, TEXT, "la", bold=True)
    under = pile[-4:-1]
    for k, card in enumerate(under):
        parts.paste_card(c, card, px + k * 20, top + 4, PILE_W - 8, shadow=k == 0)
    if pile:
        parts.paste_card(c, pile[-1], px + len(under) * 20, top, PILE_W, ring=GOLD)
    right = px + 3 * 20 + PILE_W + 28
    turn = view.get("turn")
    if isinstance(turn, int):
        mine = turn == own
        pill: Text = (
            LABELS("your_turn", locale)
            if mine
            else LABELS.named("turn_of", locale, name=tp.name_of(players, turn, locale))
        )
        parts.turn_pill(c, x1 - tp.PAD, y0 + tp.PAD, pill, mine, x1 - tp.PAD - right)
    tp.lines(
        c, _log(view, players, locale)[-LOG_ROWS:], right, y0 + tp.PAD + 48, x1 - tp.PAD - right
    )
    notes = _notes(view, players, locale)
    tp.lines(c, notes, x0 + tp.PAD, y1 - tp.PAD - len(notes) * ROW, x1 - x0 - 2 * tp.PAD)


def _log(
    view: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str
) -> list[tuple[Text, tp.Colour]]:
    """The round's public moves in words, the newest last."""
    out: list[tuple[Text, tp.Colour]] = []
    for entry in view.get("log") or []:
        kind = entry.get("type")
        seat = entry.get("seat")
        name = tp.name_of(players, seat, locale) if isinstance(seat, int) else ""
        if kind == "upcard":
            out.append((LABELS("upcard", locale, card=card_label(entry["card"])), TEXT_DIM))
        elif kind == "draw" and entry.get("from") == "stock":
            out.append((LABELS.named("drew_stock", locale, name=name), TEXT_DIM))
        elif kind == "draw":
            card = card_label(entry["card"])
            out.append((LABELS.named("drew_pile", locale, name=name, card=card), TEXT))
        elif kind == "insert":
            gap = int(entry["position"]) + tp.FIRST_GAP
            out.append((LABELS.named("inserted", locale, name=name, gap=gap), TEXT_DIM))
        elif kind == "discard":
            card = card_label(entry["card"])
            out.append((LABELS.named("discarded", locale, name=name, card=card), TEXT))
        elif kind == "knock":
            out.append((LABELS.named("knocked", locale, name=name), GOLD))
        elif kind == "rotate":
            out.append((LABELS.named("rotated_log", locale, name=name), TEXT_DIM))
    return out


# --------------------------------------------------------------------------- the viewer

Draw = Callable[[Canvas, float, float], None]
"""Draws the viewer's hand block at (x, y) within ROOM."""


def _own_panel(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    seat: int,
    box: Box,
    draw: Draw,
) -> None:
    locale = c.locale
    tp.seat_line(
        c,
        box,
        tp.name_of(players, seat, locale),
        _badges(view, players, seat, seat, locale),
        LABELS("points", locale, n=_total(view, seat)),
        view.get("turn") == seat,
    )
    draw(c, box[0] + tp.PAD, box[1] + tp.PAD + tp.LINE_H + 4)


def _own(view: Mapping[str, Any], locale: str) -> tuple[float, Draw]:
    """The viewer's hand for the decision it faces: (height, how to draw it)."""
    hand = [str(card) for card in view.get("hand") or []]
    proposal = view.get("proposal") or {}
    kind = proposal.get("type")
    drawn = view.get("drawn")
    if view.get("may_rotate"):
        return _rotate_pair(hand, locale)
    if drawn:
        after = tp.proposed(hand, str(drawn), proposal) if kind == "insert" else None
        if after is not None:
            return _preview(hand, after, locale, int(view.get("deadwood") or 0))
        return _drawn(hand, str(drawn), locale)
    mine = view.get("turn") == view.get("viewer") and view.get("phase") == "discard"
    picked: dict[int, tp.Colour] = {}
    line: Text = LABELS("deadwood", locale, n=int(view.get("deadwood") or 0))
    right: Text = ""
    if mine:
        right = LABELS("discard_pick", locale)
        position = proposal.get("position")
        if kind == "discard" and isinstance(position, int) and 0 <= position < len(hand):
            rest = hand[:position] + hand[position + 1 :]
            points, _ = partition(values(rest))
            picked[position] = ALERT
            line = LABELS("discard_preview", locale, card=card_label(hand[position]), n=points)
        elif kind == "knock":
            line = LABELS("knock_preview", locale, n=int(view.get("deadwood") or 0))
    elif view.get("knock_seat") == view.get("viewer"):
        right = LABELS("may_knock", locale)
    melds = list(view.get("melds") or [])

    def draw(c: Canvas, x: float, y: float) -> None:
        c.text(
            (x, y), line, tp.LABEL, GOLD if picked else TEXT, "la", bold=True, max_width=ROOM * 0.55
        )
        if right:
            room = max(ROOM * 0.42, ROOM - text_width(line, tp.LABEL) - 24)
            c.text((x + ROOM, y + 2), right, tp.BODY, GOLD, "ra", bold=True, max_width=room)
        tp.hand(c, hand, x, y + 36, ROOM, melds=melds, picked=picked)

    return 36 + tp.hand_height(len(hand), ROOM), draw


def _melds_of(cards: Sequence[str]) -> tuple[int, list[list[Any]]]:
    points, melds = partition(values(cards))
    return points, [[m.kind, m.start, m.end] for m in melds]


def _rotate_pair(hand: Sequence[str], locale: str) -> tuple[float, Draw]:
    """Both versions of the hand, as dealt and rotated, each with its melds and deadwood."""
    versions = [("as_dealt", list(hand)), ("turned", rotated(hand))]
    block = 36 + tp.hand_height(len(hand), ROOM, numbers=False)

    def draw(c: Canvas, x: float, y: float) -> None:
        c.text((x + ROOM, y), LABELS("rotate_ask", c.locale), tp.BODY, GOLD, "ra", bold=True)
        for k, (key, cards) in enumerate(versions):
            points, melds = _melds_of(cards)
            top = y + k * (block + 8)
            c.text((x, top), LABELS(key, c.locale, n=points), tp.LABEL, TEXT, "la", bold=True)
            tp.hand(c, cards, x, top + 36, ROOM, melds=melds, numbers=False)

    return 2 * block + 8, draw


def _drawn(hand: Sequence[str], drawn: str, locale: str) -> tuple[float, Draw]:
    """The drawn card apart with both ends, and the hand with its gaps numbered."""
    white, black = int(drawn[1]), int(drawn[3])
    ends = [LABELS("end_w", locale, n=white), LABELS("end_b", locale, n=black)]
    head = 30 + tp.drawn_height() + 14
    _, melds = _melds_of(hand)

    def draw(c: Canvas, x: float, y: float) -> None:
        c.text((x, y), LABELS("drawn", c.locale), tp.BODY, TEXT_DIM, "la", bold=True)
        used = tp.drawn(c, x, y + 30, drawn, ends)
        room = ROOM - used - 24
        mid = y + 30 + tp.drawn_height() / 2
        gaps = len(hand) + tp.FIRST_GAP
        c.text(
            (x + ROOM, mid - 18),
            LABELS("pick_gap", c.locale, n=gaps),
            tp.BODY,
            GOLD,
            "rm",
            bold=True,
            max_width=room,
        )
        c.text(
            (x + ROOM, mid + 18),
            LABELS("pick_end", c.locale),
            tp.BODY,
            GOLD,
            "rm",
            bold=True,
            max_width=room,
        )
        tp.hand(c, hand, x, y + head, ROOM, gaps=True, melds=melds)

    return head + tp.hand_height(len(hand), ROOM, gaps=True), draw


def _preview(
    hand: Sequence[str], after: tuple[list[str], int], locale: str, before: int
) -> tuple[float, Draw]:
    """The hand as it would be after the proposed insert: the new card ringed and its number
    lit, the melds it makes bracketed, the deadwood before and after."""
    cards, fresh = after
    points, melds = _melds_of(cards)
    gap = fresh + tp.FIRST_GAP
    title = LABELS("preview", locale, card=card_label(cards[fresh]), gap=gap)
    best = min(partition(values(cards[:k] + cards[k + 1 :]))[0] for k in range(len(cards)))
    change = LABELS("preview_points", locale, before=before, after=points, best=best)

    def draw(c: Canvas, x: float, y: float) -> None:
        c.text((x, y), title, tp.LABEL, HIGHLIGHT, "la", bold=True, max_width=ROOM)
        c.text((x, y + 34), change, tp.BODY, TEXT, "la", max_width=ROOM)
        tp.hand(c, cards, x, y + 72, ROOM, melds=melds, fresh=fresh)

    return 72 + tp.hand_height(len(cards), ROOM), draw


# --------------------------------------------------------------------------- the round's end


def _last_height(last: Mapping[str, Any]) -> int:
    rows = len(last.get("hands") or [])
    return tp.PAD + 40 + rows * (34 + tp.small_hand_height() + 12) + tp.PAD - 12


def _last_round(
    c: Canvas, last: Mapping[str, Any], players: Sequence[PlayerInfo], box: Box
) -> None:
    """Every hand of the round just played, melds bracketed, with its deadwood, score and
    total; the round's winners in gold."""
    x0, y0, x1, _ = box
    locale = c.locale
    parts.panel(c, box, fill=tp.PANEL_FILL)
    kind = str(last.get("kind"))
    knocker = last.get("knocker")
    title = LABELS("round_end", locale, n=last.get("round", 1)) + "  "
    name = tp.name_of(players, knocker, locale) if isinstance(knocker, int) else ""
    head = LABELS.named(f"kind_{kind}", locale, name=name)
    width = text_width(title, tp.LABEL)
    c.text((x0 + tp.PAD, y0 + tp.PAD), title, tp.LABEL, TEXT_DIM, "la", bold=True)
    c.text(
        (x0 + tp.PAD + width, y0 + tp.PAD),
        head,
        tp.LABEL,
        GOLD,
        "la",
        bold=True,
        max_width=x1 - x0 - 2 * tp.PAD - width,
    )
    y = y0 + tp.PAD + 40
    winners = set(last.get("winners") or [])
    totals = list(last.get("totals") or [])
    points = list(last.get("points") or [])
    scores = list(last.get("scores") or [])
    melds = list(last.get("melds") or [])
    for seat, cards in enumerate(last.get("hands") or []):
        colour = GOLD if seat in winners else TEXT
        row = LABELS(
            "row",
            locale,
            n=points[seat] if seat < len(points) else 0,
            score=tp.signed(int(scores[seat]) if seat < len(scores) else 0),
            total=totals[seat] if seat < len(totals) else 0,
        )
        row_w = text_width(row, tp.BODY)
        c.text((x1 - tp.PAD, y), row, tp.BODY, colour, "ra", bold=True)
        c.text(
            (x0 + tp.PAD, y),
            tp.name_of(players, seat, locale),
            tp.LABEL,
            colour,
            "la",
            bold=True,
            max_width=x1 - x0 - 3 * tp.PAD - row_w,
        )
        y += 34
        tp.small_hand(c, list(cards), x0 + tp.PAD, y, melds[seat] if seat < len(melds) else [])
        y += tp.small_hand_height() + 12


# --------------------------------------------------------------------------- the game's end


def _result_height(view: Mapping[str, Any]) -> int:
    return 22 + 58 + 40 + 34 * int(view["seats"]) + 24


def _result(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    own: int | None,
    box: Box,
) -> None:
    """Victory or defeat (the viewer's own, or the winners by name) and every total."""
    locale = c.locale
    result = view.get("result") or {}
    winners = list(result.get("winners") or [])
    totals = list(result.get("totals") or view.get("totals") or [])
    title = tp.result_title(LABELS, locale, players, winners, own)
    order = sorted(range(len(totals)), key=lambda s: (-totals[s], s))
    lines: list[Text] = [
        LABELS.named("total_line", locale, name=tp.name_of(players, s, locale), n=totals[s])
        for s in order
    ]
    reason = LABELS("reached", locale, target=view.get("target", 30))
    parts.result_panel(c, box, title, reason, lines)


def _rounds_height(view: Mapping[str, Any]) -> int:
    rounds = len(view.get("rounds") or [])
    shown = min(rounds, TABLE_ROUNDS)
    note = 34 if rounds > shown else 0
    return note + round(22 * 1.7) * (shown + 2) + 8


def _rounds(c: Canvas, view: Mapping[str, Any], players: Sequence[PlayerInfo], box: Box) -> None:
    """Every round's scores by seat (the last ones when there were many) and the totals."""
    locale = c.locale
    rounds = list(view.get("rounds") or [])
    seats = int(view["seats"])
    shown = rounds[-TABLE_ROUNDS:]
    first = len(rounds) - len(shown)
    y = box[1]
    if first:
        c.text((box[0] + tp.PAD, y), LABELS("earlier", locale, n=first), tp.BODY, TEXT_DIM, "la")
        y += 34
    headers = [LABELS("rounds_col", locale)] + [
        tp.name_of(players, s, locale) for s in range(seats)
    ]
    rows = [
        [str(first + k + 1)] + [tp.signed(int(r["scores"][s])) for s in range(seats)]
        for k, r in enumerate(shown)
    ]
    totals = list(view.get("totals") or [0] * seats)
    rows.append([LABELS("total_row", locale)] + [str(t) for t in totals])
    width = box[2] - box[0]
    parts.score_table(c, box[0], y, width, headers, rows, highlight=[len(rows) - 1])


# --------------------------------------------------------------------------- samples

SAMPLE_PLAYERS = (
    PlayerInfo("たろう"),
    PlayerInfo("Alice", is_cpu=True),
    PlayerInfo("花子", is_cpu=True),
)
"""Who sits at the sample tables of `cardbot render kokutorum`."""


def _copy(game: Game) -> Game:
    return type(game).from_json(game.to_json())


def sample_moments(seed: int) -> Iterator[tuple[str, Game]]:
    """(label, game) at telling moments of a 3-seat and a 2-seat game of normal CPUs: the start
    (rotations open), a drawn card waiting to go in, a discard to make, the knock window (the
    seat that just discarded may still knock), the next round's start (the last round's hands
    shown), and the end."""
    cls = game_class(GAME)
    for seats, suffix in ((3, ""), (2, "-2p")):
        game = cls.new(seats, {}, seed)
        yield f"start{suffix}", _copy(game)
        decide = cpu_chooser(GAME, ["normal"] * seats, seed, "samples")
        knock: list[Game] = []

        def watch(
            at: Game, prompt: Prompt, decide: Decide = decide, knock: list[Game] = knock
        ) -> Action | None:
            if prompt.kind == "knock" and not knock:
                knock.append(_copy(at))  # the next seat has not drawn yet
            return decide(at, prompt)

        wanted = ["insert", "discard", "next"]
        while not game.is_over():
            game.autoplay(watch, limit=1)
            view = game.view(None)
            found = None
            if "insert" in wanted and view["phase"] == "insert":
                found = "insert"
            elif "discard" in wanted and view["phase"] == "discard":
                found = "discard"
            elif "next" in wanted and view["round"] > 1:
                found = "next"
            if found is not None:
                wanted.remove(found)
                yield f"{found}{suffix}", _copy(game)
        if knock:
            yield f"knock{suffix}", knock[0]
        yield f"end{suffix}", game


def sample_insert(seed: int, seats: int = 3) -> Game:
    """A game at its first insert (for previews): a seat holds a drawn card."""
    cls = game_class(GAME)
    game = cls.new(seats, {}, seed)
    decide = cpu_chooser(GAME, ["normal"] * seats, seed, "samples")
    while game.view(None)["phase"] != "insert":
        game.autoplay(decide, limit=1)
    return game


def sample_hand(seed: int) -> tuple[list[str], list[bool], set[int]] | None:
    """The first seat's opening hand in a 2-seat game of `seed`, for the hand strip."""
    hand = list(game_class(GAME).new(2, {}, seed).view(0)["hand"])
    return hand, [True] * len(hand), set()
