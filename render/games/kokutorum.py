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

from engines.base import Game, game_class
from engines.cards import card_label
from engines.cpu import cpu_chooser
from engines.two_number.cards import values
from engines.two_number.melds import partition
from render import parts
from render.games import two_number_parts as tp
from render.parts import Canvas, PlayerInfo
from render.text import Text, text_width
from render.theme import ALERT, GOLD, TEXT, TEXT_DIM, CardStyle, card_height

GAME = "kokutorum"
ROOM = tp.ROOM
ROW = tp.ROW
BAND_H = tp.PAD + tp.LINE_H + 6 + card_height(tp.BACK_W) + tp.PAD
PILE_W = 80
TABLE_ROUNDS = 10
"""The game-end table shows at most this many rounds (the last ones)."""

LABELS = tp.Labels(
    {
        **tp.WORDS,
        "title": ("コクトラム", "Kokutorum"),
        "round": ("第{n}ラウンド・目標{target}点", "Round {n} · to {target}"),
        "over": ("終了・全{n}ラウンド", "Over · {n} rounds"),
        "over_one": ("終了・全{n}ラウンド", "Over · {n} round"),
        "pile": ("捨て札", "Discards"),
        "pile_empty": ("捨て札なし", "No discards"),
        "dealer": ("ディーラー", "Dealer"),
        "deadwood": ("デッドウッド {n}点", "Deadwood {n}"),
        "as_dealt": ("そのまま：デッドウッド {n}点", "As dealt: deadwood {n}"),
        "turned": ("回転すると：デッドウッド {n}点", "Rotated: deadwood {n}"),
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
        "reached": ("目標 {target}点に到達", "Reached {target} points"),
        "rounds_col": ("ラウンド", "Round"),
        "earlier": ("（第{n}ラウンドまで省略）", "(rounds 1–{n} left out)"),
    }
)


def labels() -> dict[str, tuple[str, str]]:
    """Every label as key -> (ja, en) (a test checks both languages are filled)."""
    return dict(LABELS.strings)


# --------------------------------------------------------------------------- the image


def render(
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    locale: str,
    style: CardStyle,
    viewer: int | None,
) -> Image.Image:
    """The table image of one Kokutorum view (with the view's `proposal` shown, if any)."""
    own = tp.own_seat(view, viewer)
    status = (
        LABELS("over", locale, n=view.get("round", 1))
        if view.get("over")
        else LABELS("round", locale, n=view.get("round", 1), target=view.get("target", 30))
    )
    sections = _sections(view, players, locale, own)
    return tp.table_image(sections, locale, style, LABELS("title", locale), status)


def _sections(
    view: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str, own: int | None
) -> list[tp.Section]:
    """The image's parts, top to bottom, each with its height (`tp.sections`)."""

    def game_end() -> list[tp.Section]:
        reason = LABELS("reached", locale, target=view.get("target", 30))
        out: list[tp.Section] = [
            (
                tp.result_height(view),
                lambda c, b: tp.result(c, b, LABELS, view, players, own, reason),
            )
        ]
        last = view.get("last_round")
        if last:
            out.append(last_round(last))
        out.append((_rounds_height(view), lambda c, b: _rounds(c, view, players, b)))
        return out

    def last_round(last: Mapping[str, Any]) -> tp.Section:
        return _last_height(last), lambda c, b: _last_round(c, last, players, b)

    def band(seat: int) -> tp.Section:
        return BAND_H, lambda c, b: _band(c, view, players, seat, own, b)

    def middle() -> tp.Section:
        return (
            _middle_height(view, players, locale),
            lambda c, b: _middle(c, view, players, own, b),
        )

    def own_panel(seat: int) -> tp.Section:
        return tp.own_panel(LABELS, view, players, seat, [_own(view, locale)])

    return tp.sections(
        view,
        own,
        game_end=game_end,
        last_round=last_round,
        band=band,
        middle=middle,
        own_panel=own_panel,
    )


def _band(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    seat: int,
    own: int | None,
    box: tp.Box,
) -> None:
    """A seat other than the viewer's: name, badges, total, the hand as backs in order."""
    locale = c.locale
    tp.seat_head(c, box, LABELS, view, players, seat, own)
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
    log = 48 + tp.LOG_ROWS * ROW
    notes = len(_notes(view, players, locale)) * ROW
    return tp.PAD + max(piles, log) + (8 + notes if notes else 0) + tp.PAD


def _middle(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    own: int | None,
    box: tp.Box,
) -> None:
    """The stock with its count, the discard pile (its top card big), whose turn, the last
    moves, and a note when the round is about to end or a knock is open."""
    x0, y0, x1, y1 = box
    locale = c.locale
    top = tp.stock_corner(c, box, LABELS, view)
    pile = [str(card) for card in view.get("pile") or []]
    px = x0 + tp.PAD + tp.STOCK_W + 56
    heading = LABELS("pile", locale) if pile else LABELS("pile_empty", locale)
    c.text((px, y0 + tp.PAD), heading, tp.BODY, TEXT, "la", bold=True)
    under = pile[-4:-1]
    for k, card in enumerate(under):
        parts.paste_card(c, card, px + k * 20, top + 4, PILE_W - 8, shadow=k == 0)
    if pile:
        parts.paste_card(c, pile[-1], px + len(under) * 20, top, PILE_W, ring=GOLD)
    right = px + 3 * 20 + PILE_W + 28
    tp.turn(c, box, LABELS, view, players, own, right)
    tp.lines(
        c, _log(view, players, locale)[-tp.LOG_ROWS :], right, y0 + tp.PAD + 48, x1 - tp.PAD - right
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


def _own(view: Mapping[str, Any], locale: str) -> tp.Block:
    """The viewer's hand for the decision it faces: (height, how to draw it)."""
    hand = [str(card) for card in view.get("hand") or []]
    proposal = view.get("proposal") or {}
    kind = proposal.get("type")
    drawn = view.get("drawn")
    if view.get("may_rotate"):
        return tp.rotate_pair(LABELS, hand, _deadwood_caption, _hand_block)
    if drawn:
        after = tp.proposed(hand, str(drawn), proposal) if kind == "insert" else None
        if after is not None:
            return _preview(after, locale, int(view.get("deadwood") or 0))
        return tp.drawn_block(LABELS, hand, str(drawn), locale, _hand_block)
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


def _hand_block(c: Canvas, cards: Sequence[str], x: float, y: float, **options: Any) -> None:
    """The viewer's hand (`tp.hand`) with the melds it makes bracketed."""
    _, melds = _melds_of(cards)
    tp.hand(c, cards, x, y, ROOM, melds=melds, **options)


def _deadwood_caption(key: str, cards: list[str], locale: str) -> tuple[Text, tp.Colour]:
    """A version of the hand while it may rotate (as dealt, rotated) with its deadwood."""
    points, _ = _melds_of(cards)
    return LABELS(key, locale, n=points), TEXT


def _preview(after: tuple[list[str], int], locale: str, before: int) -> tp.Block:
    """The hand as it would be after the proposed insert: the new card ringed and its number
    lit, the melds it makes bracketed, the deadwood before and after."""
    cards, fresh = after
    points, _ = _melds_of(cards)
    gap = fresh + tp.FIRST_GAP
    title = LABELS("preview", locale, card=card_label(cards[fresh]), gap=gap)
    best = min(partition(values(cards[:k] + cards[k + 1 :]))[0] for k in range(len(cards)))
    change = LABELS("preview_points", locale, before=before, after=points, best=best)
    return tp.preview_block(title, (change, TEXT), after, _hand_block, bold=False)


# --------------------------------------------------------------------------- the round's end


def _last_height(last: Mapping[str, Any]) -> int:
    rows = len(last.get("hands") or [])
    return tp.PAD + 40 + rows * (34 + tp.small_hand_height() + 12) + tp.PAD - 12


def _last_round(
    c: Canvas, last: Mapping[str, Any], players: Sequence[PlayerInfo], box: tp.Box
) -> None:
    """Every hand of the round just played, melds bracketed, with its deadwood, score and
    total; the round's winners in gold."""
    x0, y0, _, _ = box
    locale = c.locale
    parts.panel(c, box, fill=tp.PANEL_FILL)
    kind = str(last.get("kind"))
    knocker = last.get("knocker")
    title = LABELS("round_end", locale, n=last.get("round", 1)) + "  "
    name = tp.name_of(players, knocker, locale) if isinstance(knocker, int) else ""
    tp.round_heading(c, box, title, LABELS.named(f"kind_{kind}", locale, name=name))
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
        name = tp.name_of(players, seat, locale)
        tp.name_row(c, box, y, name, row, colour, (tp.LABEL, tp.BODY))
        y += 34
        tp.small_hand(c, list(cards), x0 + tp.PAD, y, melds[seat] if seat < len(melds) else [])
        y += tp.small_hand_height() + 12


# --------------------------------------------------------------------------- the game's end


def _rounds_height(view: Mapping[str, Any]) -> int:
    rounds = len(view.get("rounds") or [])
    shown = min(rounds, TABLE_ROUNDS)
    note = 34 if rounds > shown else 0
    return note + tp.rounds_height(shown)


def _rounds(c: Canvas, view: Mapping[str, Any], players: Sequence[PlayerInfo], box: tp.Box) -> None:
    """Every round's scores by seat (the last ones when there were many) and the totals."""
    locale = c.locale
    rounds = list(view.get("rounds") or [])
    shown = rounds[-TABLE_ROUNDS:]
    first = len(rounds) - len(shown)
    y = box[1]
    if first:
        c.text((box[0] + tp.PAD, y), LABELS("earlier", locale, n=first), tp.BODY, TEXT_DIM, "la")
        y += 34
    named = [(str(first + k + 1), r) for k, r in enumerate(shown)]
    tp.rounds_table(c, box[0], y, box[2] - box[0], LABELS, view, players, named)


# --------------------------------------------------------------------------- samples

SAMPLE_PLAYERS = tp.SAMPLE_PLAYERS
"""Who sits at the sample tables of `cardbot render kokutorum`."""


def sample_moments(seed: int) -> Iterator[tuple[str, Game]]:
    """(label, game) at telling moments of a 3-seat and a 2-seat game of normal CPUs: the start
    (rotations open), a drawn card waiting to go in, a discard to make, the knock window (the
    seat that just discarded may still knock, the next seat not drawn yet), the next round's
    start (the last round's hands shown), and the end."""
    wanted: list[tuple[str, Callable[[Mapping[str, Any]], bool]]] = [
        ("insert", lambda view: view["phase"] == "insert"),
        ("discard", lambda view: view["phase"] == "discard"),
        ("next", lambda view: view["round"] > 1),
    ]
    return tp.sample_moments(GAME, seed, "knock", wanted)


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
