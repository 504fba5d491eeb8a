"""Shirokuro-jaku table, made for the box (docs/images.md): every seat's melds laid down and
discards in order, the dora indicator and the stock, whose turn; the viewer's own hand big,
read as it would win; the round's end with the winning hands, their yaku and the scores; the
game's end.

A seat's image (its DM): the other seats' plates at the top left (name, badges, cards held,
total; its melds laid down by their upright ends, the claimed card ringed; its discards not
claimed, in order), the table at the top right (the dora indicator with the dora it makes and
the stock; the drawn card once with each end up while it waits to go in, or the discard the
viewer may claim), and the viewer's panel under them: what the hand is worth (how many cards
from a win), what to do now, and the hand as big as fits, its melds (gold) and pairs (grey)
bracketed and named as the hand would be read if it were to win now, its dora dotted; its own
melds laid down beside it and its discards after them.

What the hand shows follows the decision: both versions (as dealt and rotated) while it may
rotate; a discard it may claim with its ron gaps lit and its pon / chi pairs ringed; the gaps
numbered 1..n+1 while a drawn card waits; the hand as it would be after an insert or a ron
being considered (the view's `proposal`, see `render.api.render_view`), the new card ringed,
with the win and its yaku when it wins; else the cards numbered to discard by number.

The channel's image: every seat's plate, the table, the last moves. Between two rounds (the
next one dealt, its rotations open) it shows the round just played: each winning hand (or on a
draw, each hand one card from a win) by its upright ends, its yaku and points, every score. At
the end: the result, then the last round. Every round's scores are the embed's and the
Details image's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from PIL import Image

from engines.base import Game, game_class
from engines.cards import card_label
from engines.shirokuro.yaku import Win, WinContext, score_win
from engines.two_number.cards import base, ends, value_label, values
from engines.two_number.melds import HEAD, PAIR, is_pair, meld3, win_distance
from render import parts, text
from render.games import two_number_parts as tp
from render.parts import Canvas, PlayerInfo
from render.strings import Labels
from render.text import Text
from render.theme import (
    ALERT,
    FELT_DARK,
    GOLD,
    HIGHLIGHT,
    T_SMALL,
    TEXT,
    TEXT_DIM,
    CardStyle,
    card_height,
)

GAME = "shirokuro"
MELDS = 2
"""Melds of a winning hand besides its head; each one laid down is one fewer to make."""
MELD_GAP = 14
"""Between two melds laid down, and between the melds and the discards."""

YAKU: dict[str, tuple[str, str]] = {
    "dealer": ("親", "Dealer"),
    "tsumo": ("ツモ", "Tsumo"),
    "dora": ("ドラ", "Dora"),
    "chinitsu": ("チンイツ", "Chinitsu"),
    "tanyao": ("タンヤオ", "Tanyao"),
    "toitoi": ("トイトイ", "Toitoi"),
    "haitei": ("ハイテイ", "Haitei"),
    "houtei": ("ホウテイ", "Houtei"),
    "iipeikou": ("イーペーコー", "Iipeikou"),
    "ittsu": ("イッキツウカン", "Ittsu"),
    "doujun": ("二色ドウジュン", "Two-colour doujun"),
    "doukou": ("二色ドウコウ", "Two-colour doukou"),
    "suutoitsu": ("スートイツ", "Suutoitsu"),
    "tenhou": ("テンホー", "Tenhou"),
    "chiihou": ("チーホー", "Chiihou"),
    "renhou": ("レンホー", "Renhou"),
}
"""The yaku as the document names them (the same words as the plug-in's)."""
YAKU_NAMES = Labels.pairs(YAKU)
"""The yaku's names as labels."""

LABELS = Labels.pairs(
    {
        **tp.WORDS,
        "title": ("白黒雀", "Shirokuro-jaku"),
        "east": ("東{n}局", "East {n}"),
        "south": ("南{n}局", "South {n}"),
        "status": ("{name}・{n}/{total}", "{name} · {n}/{total}"),
        "over": ("終了・全{n}局", "Over · {n} rounds"),
        "over.one": ("終了・全{n}局", "Over · {n} round"),
        "indicator": ("ドラ表示", "Dora indicator"),
        "dora": ("ドラ {white} {black}", "Dora {white} {black}"),
        "stock_left": ("山札 {n}枚", "Stock {n}"),
        "discards": ("捨て札", "Discards"),
        "laid": ("鳴き", "Laid down"),
        "dealer": ("親", "Dealer"),
        "as_dealt": ("そのまま", "As dealt"),
        "turned": ("回転すると", "Rotated"),
        "koutsu": ("コーツ", "koutsu"),
        "shuntsu": ("シュンツ", "shuntsu"),
        "head": ("アタマ", "head"),
        "pair": ("トイツ", "pair"),
        "distance_0": ("上がり形", "A winning hand"),
        "distance": ("上がりまであと{n}枚", "{n} cards from a win"),
        "distance.one": ("あと1枚で上がり", "One card from a win"),
        "ron_preview": ("ロン：{card} を隙間 {gap} に", "Ron: {card} into gap {gap}"),
        "wins_for": ("上がり！ {n}点：{yaku}", "Wins for {n}: {yaku}"),
        "wins_zero": ("上がり形（役なし・0点）", "Wins, no yaku: 0 points"),
        "no_win": ("まだ上がりではありません", "Not a winning hand yet"),
        "tsumo_ready": ("ツモ上がりできます", "You can declare tsumo"),
        "discard_pick": ("捨てる札を番号で", "Discard a card by its number"),
        "discard_preview": ("{card} を捨てる", "Discard {card}"),
        "claim_title": ("{name} の捨て札", "{name} discarded"),
        "claim_ron": ("ロン：隙間 {spots}", "Ron: gap {spots}"),
        "claim_pon": ("ポン：{pairs}", "Pon: {pairs}"),
        "claim_chi": ("チー：{pairs}", "Chi: {pairs}"),
        "claim_or_pass": ("またはパス", "or pass"),
        "claim_answered": ("回答済み：{answer}", "Answered: {answer}"),
        "answer_pass": ("パス", "pass"),
        "answer_ron": ("ロン", "ron"),
        "answer_pon": ("ポン", "pon"),
        "answer_chi": ("チー", "chi"),
        "pon_preview": ("ポン：{cards} と {card}", "Pon: {cards} with {card}"),
        "chi_preview": ("チー：{cards} と {card}", "Chi: {cards} with {card}"),
        "last_draw": (
            "山札の最後の1枚：次の捨て札はロンのみ",
            "Last card drawn: the next discard can only be ronned",
        ),
        "log_draw": ("{name}：山札から引いた", "{name} drew"),
        "log_insert": ("{name}：隙間 {gap} に差し込んだ", "{name} put it into gap {gap}"),
        "log_discard": ("{name}：{card} を捨てた", "{name} discarded {card}"),
        "log_pon": ("{name}：ポン {card}", "{name}: pon {card}"),
        "log_chi": ("{name}：チー {card}", "{name}: chi {card}"),
        "log_ron": ("{name}：ロン！", "{name}: ron!"),
        "log_tsumo": ("{name}：ツモ！", "{name}: tsumo!"),
        "log_rotate": ("{name}：手札を回転", "{name} rotated"),
        "end_tsumo": ("{name} のツモ", "{name} wins by tsumo"),
        "end_ron": ("{name} のロン（{from_name}から）", "{name} wins by ron on {from_name}"),
        "end_draw": ("流局", "A draw"),
        "nobody_ready": ("テンパイなし", "Nobody was one card from a win"),
        "no_yaku": ("役なし", "no yaku"),
        "yaku_item": ("{name} {n}", "{name} {n}"),
        "tenpai": ("テンパイ", "One card away"),
        "row_total": ("計 {n}点", "total {n}"),
        "won_ron": ("ロン", "Ron"),
        "won_tsumo": ("ツモ", "Tsumo"),
        "next_round": (
            "{round}：{name} が親・山札 {stock}枚",
            "{round}: {name} deals · stock {stock}",
        ),
        "next_rotate": ("各自、回転するか決めます", "Each seat may rotate once"),
        "all_rounds": ("全{n}局が終了", "All {n} rounds played"),
        "all_rounds.one": ("全{n}局が終了", "{n} round played"),
        "rounds_col": ("局", "Round"),
    }
)
SEGMENT_NAMES = ("koutsu", "shuntsu", "head", "pair")


def yaku_name(key: str, locale: str) -> str:
    """A yaku's name in `locale`."""
    return YAKU_NAMES(key, locale)


def yaku_text(yaku: Mapping[str, Any], locale: str) -> str:
    """`ツモ 1 · ドラ 2`: the yaku in the document's order with their points."""
    if not yaku:
        return LABELS("no_yaku", locale)
    return " · ".join(
        LABELS("yaku_item", locale, name=yaku_name(k, locale), n=int(yaku[k]))
        for k in YAKU
        if k in yaku
    )


def round_name(round_no: int, seats: int, locale: str) -> str:
    """東1局 / East 1: the first `seats` rounds are East, the next South (then East again)."""
    k = max(0, round_no - 1)
    wind = "east" if (k // max(1, seats)) % 2 == 0 else "south"
    return LABELS(wind, locale, n=k % max(1, seats) + 1)


def distance_text(cards: Sequence[str], need: int, locale: str) -> str:
    """How far a hand is from a win, in words."""
    distance = win_distance(values(cards), need)
    if distance == 0:
        return LABELS("distance_0", locale)
    return LABELS("distance", locale, n=distance)


Dora = tuple[int, ...]
"""The dora values (white n = n, black n = n + 8)."""


def _dora(view: Mapping[str, Any]) -> Dora:
    return tuple(int(v) for v in view.get("dora") or ())


def _names(locale: str) -> dict[str, str]:
    return {kind: LABELS(kind, locale) for kind in SEGMENT_NAMES}


def _segments(reading: Sequence[Sequence[Any]]) -> list[tp.Segment]:
    """Brackets of a reading: melds in gold, pairs (the head) in grey."""
    return [
        tp.Segment(str(s[0]), int(s[1]), int(s[2]), tp.PAIR_INK if s[0] in (HEAD, PAIR) else GOLD)
        for s in reading
    ]


# --------------------------------------------------------------------------- the image


def render(
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    locale: str,
    style: CardStyle,
    viewer: int | None,
) -> Image.Image:
    """The table image of one Shirokuro-jaku view (with the view's `proposal` shown, if any)."""
    return tp.draw(TABLE, view, players, locale, style, viewer)


def _status(view: Mapping[str, Any], locale: str) -> Text:
    seats = int(view["seats"])
    round_no = int(view.get("round") or 1)
    if view.get("over"):
        return LABELS("over", locale, n=len(view.get("rounds") or []) or round_no)
    return LABELS(
        "status",
        locale,
        name=round_name(round_no, seats, locale),
        n=round_no,
        total=view.get("rounds_total", 2 * seats),
    )


def details(
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    locale: str,
    style: CardStyle,
    viewer: int | None,
) -> Image.Image | None:
    """Every round's scores by seat, by its name (東1局...), who won it and with which yaku,
    and the totals (None before the first round ends)."""
    seats = int(view["seats"])
    rounds = []
    for k, entry in enumerate(view.get("rounds") or []):
        scores = tuple(int(n) for n in entry.get("scores") or [])
        rounds.append(
            tp.RoundScores(round_name(k + 1, seats, locale), scores, _how(entry, players, locale))
        )
    return tp.details_image(LABELS, view, players, style, locale, rounds)


def _how(entry: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str) -> Text:
    """How a round ended, in a line: each win with its yaku, or the draw."""
    wins = list(entry.get("wins") or [])
    if not wins:
        return LABELS("end_draw", locale)
    pieces = []
    for win in wins:
        name = tp.name_of(players, int(win["seat"]), locale)
        how = LABELS("won_tsumo" if win.get("from") is None else "won_ron", locale)
        yaku = yaku_text(dict(win.get("yaku") or {}), locale)
        pieces.append(f"{name} {how}: {yaku}")
    return "  /  ".join(pieces)


# --------------------------------------------------------------------------- melds, discards


def dora_positions(cards: Sequence[str], dora: Sequence[int]) -> list[int]:
    """The cards of a hand whose upright end is a dora."""
    return [k for k, v in enumerate(values(cards)) if v in dora]


def _table_row(
    c: Canvas,
    melds: Sequence[Mapping[str, Any]],
    discards: Sequence[str],
    x: float,
    y: float,
    width: float,
    dora: Dora,
    size: tp.Marks = tp.SMALL,
    *,
    draw: bool = True,
) -> float:
    """A seat's melds laid down, then its discards (those not claimed) in order, flowing
    into rows of `width`: returns the height used (drawing nothing unless `draw`)."""
    row_h = size.chip_h + 6
    cx, cy = x, y
    for meld in melds:
        cards = [str(card) for card in meld.get("cards") or []]
        w = tp.laid_width(len(cards), size.back)
        if cx > x and cx + w > x + width:
            cx, cy = x, cy + row_h
        if draw:
            top = cy + (size.chip_h - size.tile_h) / 2
            claimed = meld.get("claimed")
            tp.laid_meld(
                c, cards, claimed, cx, top, width=size.back, size=size.tile_text, dora=dora
            )
        cx += w + MELD_GAP
    if discards:
        label = LABELS("discards", c.locale)
        label_w = text.text_width(label, T_SMALL) + 10
        if cx > x and cx + label_w + size.chip_w > x + width:
            cx, cy = x, cy + row_h
        if draw:
            c.text((cx, cy + size.chip_h / 2), label, T_SMALL, TEXT_DIM, "lm")
        cx += label_w
        for card in discards:
            if cx + size.chip_w > x + width:
                cx, cy = x + label_w, cy + row_h
            if draw:
                tp.pair_chip(c, card, cx, cy, size)
            cx += size.chip_step
    if cx == x and cy == y:
        return 0
    return cy - y + size.chip_h


def _shown_discards(view: Mapping[str, Any], seat: int) -> list[str]:
    """A seat's discards in order, less those claimed (shown in the claimer's meld)."""
    entries = list(tp.at(view, "discards", seat, []))
    return [str(e.get("card")) for e in entries if e.get("taken") is None]


# --------------------------------------------------------------------------- seats


def _plate_height(view: Mapping[str, Any], seat: int, own: int | None, width: float) -> float:
    """A plate's first line, and its melds and discards in as many rows as they need."""
    melds = list(tp.at(view, "exposed", seat, []))
    row = _table_row(
        Canvas.new(1, 1, "en", CardStyle()),
        melds,
        _shown_discards(view, seat),
        0,
        0,
        width - 2 * tp.PAD,
        (),
        tp.marks(own),
        draw=False,
    )
    return 2 * tp.PAD + tp.NAME_H + (row + 6 if row else 0)


def _plate(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    seat: int,
    own: int | None,
    box: tp.Box,
) -> None:
    """A seat other than the viewer's: name, badges, cards held and total; its melds laid
    down, then its discards."""
    x0, _, x1, _ = box
    top = tp.plate_head(c, LABELS, view, players, seat, own, box) + 6
    melds = list(tp.at(view, "exposed", seat, []))
    discards = _shown_discards(view, seat)
    width = x1 - x0 - 2 * tp.PAD
    _table_row(c, melds, discards, x0 + tp.PAD, top, width, _dora(view), tp.marks(own))


# --------------------------------------------------------------------------- the table

DORA_COL = 190
"""The table's column for the dora indicator (its name is wider than its card)."""
CLAIM_COL = 200


def _notes(
    view: Mapping[str, Any], players: Sequence[PlayerInfo], own: int | None, locale: str
) -> list[tuple[Text, tp.Colour]]:
    """The stock's last card drawn: the next discard can only be ronned."""
    if view.get("last_draw") and not view.get("over"):
        return [(LABELS("last_draw", locale), ALERT)]
    return []


def _claim_of(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    claim = view.get("claim")
    return claim if claim and claim.get("answer") is None else None


def _table_size(
    view: Mapping[str, Any], own: int | None, notes: Sequence[tuple[Text, tp.Colour]]
) -> tuple[float, float]:
    """The table column's size: the dora and the stock, the drawn card or the discard to
    claim, the notes under them."""
    width: float = 2 * tp.PAD + DORA_COL
    cards: float = card_height(tp.TABLE_W) + 6 + 2 * tp.SMALL_H
    if own is not None and not view.get("may_rotate"):
        if _claim_of(view):
            width += 2 * tp.GAP + CLAIM_COL
        elif view.get("drawn"):
            width += 2 * tp.GAP + tp.DRAWN_PAIR_W
            cards = max(cards, tp.DRAWN_PAIR_H)
    height = 2 * tp.PAD + tp.SMALL_H + cards
    if notes:
        width = max(width, tp.NOTES_W)
        height += 6 + tp.notes_height(notes, width - 2 * tp.PAD)
    return width, height


def _table(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    box: tp.Box,
    notes: Sequence[tuple[Text, tp.Colour]],
    own: int | None,
) -> None:
    """The dora indicator, the dora it makes (dotted as the hands dot them) and the stock;
    the viewer's drawn card with each end up, or the discard it may claim; the notes."""
    x0, y0, x1, _ = box
    locale = c.locale
    tp.table_panel(c, box)
    x, y = x0 + tp.PAD, y0 + tp.PAD
    c.text((x, y), LABELS("indicator", locale), T_SMALL, TEXT_DIM, "la", bold=True)
    indicator = view.get("indicator")
    top = y + tp.SMALL_H
    if indicator:
        parts.paste_card(c, str(indicator), x, top, tp.TABLE_W, ring=GOLD)
    bottom = top + card_height(tp.TABLE_W) + 6
    dora = _dora(view)
    if len(dora) == 2:
        words = LABELS("dora", locale, white=value_label(dora[0]), black=value_label(dora[1]))
        tp.dot(c, x + tp.DOT_R, bottom + tp.SMALL_H / 2)
        c.text((x + 2 * tp.DOT_R + 8, bottom), words, T_SMALL, GOLD, "la", bold=True)
    stock = int(view.get("stock_count") or 0)
    c.text(
        (x, bottom + tp.SMALL_H),
        LABELS("stock_left", locale, n=stock),
        T_SMALL,
        ALERT if stock <= parts.LOW_STOCK else TEXT,
        "la",
        bold=True,
    )
    bottom += 2 * tp.SMALL_H
    x += DORA_COL + 2 * tp.GAP
    claim = _claim_of(view) if own is not None and not view.get("may_rotate") else None
    if claim:
        source = claim.get("from")
        name = tp.name_of(players, source, locale) if isinstance(source, int) else ""
        title = LABELS.named("claim_title", locale, name=name)
        c.text((x, y), title, T_SMALL, GOLD, "la", bold=True, max_width=x1 - tp.PAD - x)
        parts.paste_card(c, str(claim.get("card")), x, top, tp.TABLE_W, ring=GOLD)
    elif own is not None and view.get("drawn") and not view.get("may_rotate"):
        c.text((x, y), LABELS("drawn", locale), T_SMALL, GOLD, "la", bold=True)
        _, h = tp.drawn_pair(c, str(view["drawn"]), x, top, LABELS)
        bottom = max(bottom, top + h)
    tp.note_lines(c, notes, x0 + tp.PAD, bottom + 6, x1 - x0 - 2 * tp.PAD)


def _log(
    view: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str
) -> list[tuple[Text, tp.Colour]]:
    """The round's public moves in words, the newest last."""
    out: list[tuple[Text, tp.Colour]] = []
    for entry in view.get("log") or []:
        kind = entry.get("type")
        seat = entry.get("seat")
        name = tp.name_of(players, seat, locale) if isinstance(seat, int) else ""
        if kind == "draw":
            out.append((LABELS.named("log_draw", locale, name=name), TEXT_DIM))
        elif kind == "insert":
            gap = int(entry.get("position", 0)) + tp.FIRST_GAP
            out.append((LABELS.named("log_insert", locale, name=name, gap=gap), TEXT_DIM))
        elif kind == "discard":
            card = card_label(str(entry.get("card")))
            out.append((LABELS.named("log_discard", locale, name=name, card=card), TEXT))
        elif kind in ("pon", "chi"):
            cards = [str(card) for card in entry.get("cards") or []]
            shown = " ".join(value_label(v) for v in values(cards))
            out.append((LABELS.named(f"log_{kind}", locale, name=name, card=shown), GOLD))
        elif kind in ("ron", "tsumo", "rotate"):
            out.append((LABELS.named(f"log_{kind}", locale, name=name), GOLD))
    return out


# --------------------------------------------------------------------------- the viewer


def _pair_text(hand: Sequence[str], positions: Sequence[int]) -> str:
    return "  ".join(f"{p + 1}-{p + 2}" for p in positions if 0 <= p < len(hand) - 1)


def _own(
    c: Canvas, view: Mapping[str, Any], players: Sequence[PlayerInfo], own: int, box: tp.Box
) -> None:
    """The viewer's panel: what the hand is worth and what to do, then the hand for the
    decision it faces, its melds laid down and its discards beside it."""
    locale = c.locale
    x0, _, x1, y1 = box
    hand = [str(card) for card in view.get("hand") or []]
    exposed = list(tp.at(view, "exposed", own, []))
    need = MELDS - len(exposed)
    proposal = view.get("proposal") or {}
    kind = proposal.get("type")
    drawn = view.get("drawn")
    claim = _claim_of(view)
    worth: tp.Ask | None = tp.Ask(distance_text(hand, need, locale), TEXT) if hand else None
    ask: tp.Ask | None = None
    body: Callable[[tp.Box], None]
    if view.get("may_rotate"):
        worth = tp.Ask(LABELS("rotate_ask", locale))

        def body(room: tp.Box) -> None:
            _rotate_pair(c, view, hand, exposed, room)

    elif claim:
        ask, body = _claim(c, view, hand, exposed, claim, proposal)
    elif drawn:
        after = tp.proposed(hand, str(drawn), proposal) if kind == "insert" else None
        if after is not None:
            cards, fresh = after
            win = _preview_win(view, cards, exposed, ron=False)
            title = LABELS(
                "preview", locale, card=card_label(cards[fresh]), gap=fresh + tp.FIRST_GAP
            )
            worth = tp.Ask(title, HIGHLIGHT)
            ask = _win_ask(win, locale)

            def body(room: tp.Box) -> None:
                _hand(c, view, cards, exposed, room, fresh=fresh)

        else:
            ask = tp.Ask(LABELS("pick_gap", locale, n=len(hand) + tp.FIRST_GAP))

            def body(room: tp.Box) -> None:
                _hand(c, view, hand, exposed, room, gaps=True)

    else:
        ask, picked = _held(view, hand, exposed, proposal, locale)

        def body(room: tp.Box) -> None:
            _hand(c, view, hand, exposed, room, picked=picked)

    badges = tp.seat_badges(LABELS, view, players, own, own, locale)
    name = tp.name_of(players, own, locale)
    total = tp.total_text(LABELS, view, own, locale)
    y = tp.own_head(c, box, name, badges, total, worth, ask, view.get("turn") == own)
    body((x0 + tp.PAD, y, x1 - tp.PAD, y1 - tp.PAD))


def _held(
    view: Mapping[str, Any],
    hand: Sequence[str],
    exposed: Sequence[Mapping[str, Any]],
    proposal: Mapping[str, Any],
    locale: str,
) -> tuple[tp.Ask | None, dict[int, tp.Colour]]:
    """What the viewer's panel asks between draws: to discard by number on its turn (a
    discard being considered ringed), whether tsumo can be declared, a claim answered."""
    mine = view.get("turn") == view.get("viewer") and view.get("phase") == "discard"
    kind = proposal.get("type")
    position = proposal.get("position")
    picked: dict[int, tp.Colour] = {}
    claim = view.get("claim")
    if mine:
        ask = tp.Ask(LABELS("discard_pick", locale))
        if view.get("can_tsumo"):
            win = _preview_win(view, hand, exposed, ron=False)
            words = _win_ask(win, locale).words
            if kind != "tsumo":
                words = LABELS("tsumo_ready", locale) + "  ·  " + str(words)
            ask = tp.Ask(words)
        if kind == "discard" and isinstance(position, int) and 0 <= position < len(hand):
            picked[position] = ALERT
            card = card_label(hand[position])
            ask = tp.Ask(LABELS("discard_preview", locale, card=card), ALERT)
        return ask, picked
    if claim and claim.get("answer"):
        answer = LABELS(f"answer_{claim['answer']}", locale)
        return tp.Ask(LABELS("claim_answered", locale, answer=answer), TEXT_DIM), picked
    return None, picked


def _claim(
    c: Canvas,
    view: Mapping[str, Any],
    hand: Sequence[str],
    exposed: Sequence[Mapping[str, Any]],
    claim: Mapping[str, Any],
    proposal: Mapping[str, Any],
) -> tuple[tp.Ask, Callable[[tp.Box], None]]:
    """A discard the viewer may claim (shown on the table): what it may do with it; the hand
    with its ron gaps lit (the gaps numbered) or its pon / chi pairs ringed; a proposal shown
    as it would be."""
    locale = c.locale
    card = str(claim.get("card"))
    ron = [(int(p), str(u)) for p, u in claim.get("ron") or []]
    pon = [int(p) for p in claim.get("pon") or []]
    chi = [int(p) for p in claim.get("chi") or []]
    kind = proposal.get("type")
    options: list[str] = []
    if ron:
        spots = " · ".join(f"{p + tp.FIRST_GAP} {u}" for p, u in ron)
        options.append(LABELS("claim_ron", locale, spots=spots))
    if pon:
        options.append(LABELS("claim_pon", locale, pairs=_pair_text(hand, pon)))
    if chi:
        options.append(LABELS("claim_chi", locale, pairs=_pair_text(hand, chi)))
    options.append(LABELS("claim_or_pass", locale))
    ask = tp.Ask("   ".join(options))
    after = None
    if kind == "ron" and (proposal.get("position"), proposal.get("upright")) in ron:
        after = tp.proposed(hand, card, proposal)
    if after is not None:
        cards, fresh = after
        win = _preview_win(view, cards, exposed, ron=True)
        title = LABELS(
            "ron_preview", locale, card=card_label(cards[fresh]), gap=fresh + tp.FIRST_GAP
        )
        ask = tp.Ask(title + "  ·  " + str(_win_ask(win, locale).words), HIGHLIGHT)

        def show(room: tp.Box) -> None:
            _hand(c, view, cards, exposed, room, fresh=fresh)

        return ask, show
    picked: dict[int, tp.Colour] = {}
    position = proposal.get("position")
    if kind in ("pon", "chi") and position in (pon if kind == "pon" else chi):
        assert isinstance(position, int)
        picked = {position: HIGHLIGHT, position + 1: HIGHLIGHT}
        shown = " ".join(card_label(hand[k]) for k in (position, position + 1))
        words = LABELS(f"{kind}_preview", locale, cards=shown, card=card_label(card))
        ask = tp.Ask(words, HIGHLIGHT)
    else:
        for p in pon + chi:
            picked.setdefault(p, GOLD)
            picked.setdefault(p + 1, GOLD)
    gaps = sorted({p for p, _ in ron}) if ron and not picked else []

    def body(room: tp.Box) -> None:
        _hand(c, view, hand, exposed, room, gaps=bool(gaps), marked_gaps=gaps, picked=picked)

    return ask, body


def _win_ask(win: Win | None, locale: str) -> tp.Ask:
    if win is None:
        return tp.Ask(LABELS("no_win", locale), TEXT_DIM)
    if not win.points:
        return tp.Ask(LABELS("wins_zero", locale))
    return tp.Ask(LABELS("wins_for", locale, n=win.points, yaku=yaku_text(win.yaku, locale)))


def _preview_win(
    view: Mapping[str, Any], cards: Sequence[str], exposed: Sequence[Mapping[str, Any]], ron: bool
) -> Win | None:
    """What the hand would score if it won as it would be (None: it would not win)."""
    seat = view.get("viewer")
    dealer = seat == view.get("dealer")
    dora = tuple(int(v) for v in view.get("dora") or (0, 0))
    last = bool(view.get("last_draw"))
    if ron:
        context = WinContext(
            dealer=dealer,
            dora=(dora[0], dora[1]),
            houtei=last,
            renhou=not view.get("had_turn"),
        )
    else:
        context = WinContext(
            dealer=dealer,
            tsumo=True,
            dora=(dora[0], dora[1]),
            haitei=last,
            tenhou=dealer and bool(view.get("rotation_open")),
            chiihou=not dealer and view.get("draws") == 1 and not view.get("claims_made"),
        )
    melds = [(str(m.get("kind")), values(m.get("cards") or [])) for m in exposed]
    return score_win(values(cards), melds, context)


def in_place(cards: Sequence[str], melds_needed: int) -> list[list[Any]]:
    """The segments to bracket: a winning reading when the hand wins (its head a `head`), else
    the adjacent melds and pairs that cover the most cards (melds first), as [kind, start,
    end]."""
    vs = values(cards)
    win = score_win(vs, [("koutsu", (0, 0, 0))] * (2 - melds_needed), WinContext())
    if win is not None:
        return [[s.kind, s.start, s.end] for s in win.reading]
    n = len(vs)
    best: list[tuple[int, int]] = [(0, 0)] * (n + 1)
    came: list[tuple[str, int] | None] = [None] * (n + 1)
    for i in range(1, n + 1):
        best[i], came[i] = best[i - 1], None
        if i >= 2 and is_pair(vs[i - 2 : i]):
            score = (best[i - 2][0] + 2, best[i - 2][1])
            if score > best[i]:
                best[i], came[i] = score, (PAIR, i - 2)
        kind = meld3(vs[i - 3 : i]) if i >= 3 else None
        if kind is not None:
            score = (best[i - 3][0] + 3, best[i - 3][1] + 1)
            if score > best[i]:
                best[i], came[i] = score, (kind, i - 3)
    out: list[list[Any]] = []
    i = n
    while i > 0:
        step = came[i]
        if step is None:
            i -= 1
        else:
            out.append([step[0], step[1], i])
            i = step[1]
    return out[::-1]


# --------------------------------------------------------------------------- the hand


def _hand(
    c: Canvas,
    view: Mapping[str, Any],
    cards: Sequence[str],
    exposed: Sequence[Mapping[str, Any]],
    box: tp.Box,
    *,
    gaps: bool = False,
    fresh: int | None = None,
    picked: Mapping[int, tp.Colour] | None = None,
    marked_gaps: Sequence[int] = (),
) -> None:
    """The viewer's hand as big as fits `box`, read as it would win (melds gold, pairs grey,
    dora dotted), its own melds laid down beside it (the claimed card ringed) and its discards
    after them, or under them when they do not fit beside."""
    x0, y0, x1, y1 = box
    dora = _dora(view)
    discards = _shown_discards(view, int(view["viewer"]))
    card_w, beside = _own_size(c, len(cards), len(exposed), discards, gaps, x1 - x0, y1 - y0)
    hand_w = tp.hand_width(len(cards), card_w, gaps)
    melds_w = len(exposed) * (3 * card_w + 2 * OWN_MELD_GAP + MELD_SPACE)
    chips_w = _discards_width(c, discards) if beside else 0.0
    used = hand_w + melds_w + (MELD_SPACE + chips_w if chips_w else 0)
    under = 0 if beside or not discards else tp.SMALL.chip_h + 8
    left = x0 + max(0.0, (x1 - x0 - used) / 2)
    top = y0 + max(0.0, (y1 - y0 - tp.hand_height(card_w) - under) / 2)
    drawn = tp.draw_hand(
        c,
        cards,
        left,
        top,
        hand_w,
        card_w,
        gaps=gaps,
        segments=_segments(in_place(cards, MELDS - len(exposed))),
        names=_names(c.locale),
        fresh=fresh,
        picked=picked,
        marked_gaps=marked_gaps,
        dots=dora_positions(cards, dora),
    )
    x = left + hand_w + MELD_SPACE
    for meld in exposed:
        held = [str(card) for card in meld.get("cards") or []]
        dotted = dora_positions(held, dora)
        span = len(held) * (card_w + OWN_MELD_GAP) - OWN_MELD_GAP
        bottom = drawn.top + card_height(card_w) + 6
        c.draw.rounded_rectangle((x - 6, drawn.top - 6, x + span + 6, bottom), 10, fill=FELT_DARK)
        label = LABELS("laid", c.locale)
        c.text((x + span / 2, drawn.top - tp.BRACKET_H / 2 - 2), label, T_SMALL, TEXT_DIM, "mm")
        for k, card in enumerate(held):
            ring = GOLD if card == meld.get("claimed") else None
            parts.paste_card(c, card, x, drawn.top, card_w, ring=ring)
            if k in dotted:
                tp.dot(c, x + card_w - 3, drawn.top + 3)
            x += card_w + OWN_MELD_GAP
        x += MELD_SPACE - OWN_MELD_GAP
    if beside:
        rows = _table_row(c, (), discards, x, 0, x1 - x, (), draw=False)
        y = drawn.top + max(0.0, (card_height(card_w) - rows) / 2)
        _table_row(c, (), discards, x, y, x1 - x, ())
    elif discards:
        _table_row(c, (), discards, x0, top + tp.hand_height(card_w) + 8, x1 - x0, ())


OWN_MELD_GAP = 6
MELD_SPACE = 40
"""Between the hand, each meld laid down beside it, and the discards."""


def _discards_width(c: Canvas, discards: Sequence[str]) -> float:
    label = text.text_width(LABELS("discards", c.locale), T_SMALL) + 10
    return label + tp.chips_width(len(discards))


def _own_size(
    c: Canvas,
    count: int,
    melds: int,
    discards: Sequence[str],
    gaps: bool,
    width: float,
    height: float,
) -> tuple[int, bool]:
    """The widest card at which the viewer's hand and its melds fit, and whether its
    discards go beside them (in as many rows as the cards' height holds) or under them."""
    for beside in (True, False):
        if beside and not discards:
            continue
        for card_w in tp.HELD_WIDTHS:
            used = tp.hand_width(count, card_w, gaps) + melds * (
                3 * card_w + 2 * OWN_MELD_GAP + MELD_SPACE
            )
            if beside:
                room = width - used - MELD_SPACE
                rows = _table_row(c, (), discards, 0, 0, room, (), draw=False)
                if room < _discards_width(c, discards[:3]) or rows > card_height(card_w):
                    continue
            below = 0 if beside or not discards else tp.SMALL.chip_h + 8
            if used <= width and tp.hand_height(card_w) + below <= height:
                return card_w, beside
    return tp.HELD_WIDTHS[-1], False


def _rotate_pair(
    c: Canvas,
    view: Mapping[str, Any],
    hand: Sequence[str],
    exposed: Sequence[Mapping[str, Any]],
    box: tp.Box,
) -> None:
    """Both versions of the hand, as dealt and rotated, each read as it would win and with
    how far it is from a win (in gold when it wins as it stands)."""
    need = MELDS - len(exposed)
    dora = _dora(view)

    def version(cards: list[str]) -> tuple[Text, tp.Colour, Sequence[tp.Segment], Sequence[int]]:
        wins = win_distance(values(cards), need) == 0
        segments = _segments(in_place(cards, need))
        ink = GOLD if wins else TEXT_DIM
        return distance_text(cards, need, c.locale), ink, segments, dora_positions(cards, dora)

    tp.rotate_pair(c, LABELS, hand, box, version, _names(c.locale))


# --------------------------------------------------------------------------- between rounds


def _shown(
    last: Mapping[str, Any], seats: int, players: Sequence[PlayerInfo], locale: str
) -> list[tp.ShownHand]:
    """Every hand of the round just played, read as it won (or as close as it came), the
    winning card ringed, its melds laid down after it, its dora dotted; a win's yaku under it;
    every seat's score and total (who scored in gold)."""
    wins = {int(w["seat"]): dict(w) for w in last.get("wins") or []}
    tenpai = set(last.get("tenpai") or [])
    details = {int(d["seat"]): d for d in last.get("details") or []}
    hands = list(last.get("hands") or [])
    exposed_all = list(last.get("exposed") or [])
    dora: Dora = ends(str(last["indicator"])) if last.get("indicator") else ()
    out = []
    for seat in range(seats):
        cards = tuple(str(card) for card in (hands[seat] if seat < len(hands) else []))
        exposed = list(exposed_all[seat]) if seat < len(exposed_all) else []
        detail = details.get(seat, {})
        reading = list(detail.get("reading") or in_place(cards, MELDS - len(exposed)))
        won_on = detail.get("card")
        ring = next((k for k, card in enumerate(cards) if base(card) == won_on), None)
        score = int(tp.at(last, "scores", seat, 0))
        win = wins.get(seat)
        if win is not None:
            how = "won_tsumo" if win.get("from") is None else "won_ron"
            note: Text = LABELS(how, locale)
            line: Text = yaku_text(dict(win.get("yaku") or {}), locale)
        else:
            note = LABELS("tenpai", locale) if seat in tenpai else ""
            line = ""
        out.append(
            tp.ShownHand(
                name=tp.name_of(players, seat, locale),
                note=note,
                cards=cards,
                segments=tuple(_segments(reading)),
                score=tp.signed(score),
                total=LABELS("row_total", locale, n=tp.at(last, "totals", seat, 0)),
                ink=GOLD if score > 0 else TEXT,
                ring=ring if won_on else None,
                dora=dora,
                melds=tuple(
                    (tuple(str(card) for card in m.get("cards") or []), m.get("claimed"))
                    for m in exposed
                ),
                line=line,
            )
        )
    return out


def _last_round(
    c: Canvas,
    view: Mapping[str, Any],
    last: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    box: tp.Box,
) -> None:
    """The round just played: how it ended and its dora, then every hand shown."""
    locale = c.locale
    seats = int(view["seats"])
    end = str(last.get("end"))
    wins = [dict(w) for w in last.get("wins") or []]
    if end == "draw":
        head: Text = LABELS("end_draw", locale)
        if not last.get("tenpai"):
            head = LABELS("end_draw", locale) + "・" + LABELS("nobody_ready", locale)
    elif end == "tsumo":
        winner = int(wins[0]["seat"]) if wins else 0
        head = LABELS.named("end_tsumo", locale, name=tp.name_of(players, winner, locale))
    else:
        names = " · ".join(tp.name_of(players, int(w["seat"]), locale) for w in wins)
        source = wins[0].get("from") if wins else None
        from_name = tp.name_of(players, source, locale) if isinstance(source, int) else ""
        head = LABELS.named("end_ron", locale, name=names, from_name=from_name)
    title = round_name(int(last.get("round") or 1), seats, locale)
    dora = ""
    if last.get("indicator"):
        white, black = ends(str(last["indicator"]))
        dora = LABELS("dora", locale, white=value_label(white), black=value_label(black))
    hands = _shown(last, seats, players, locale)
    tp.round_panel(c, box, title, head, hands, _names(locale), dora)


def _next_round(view: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str) -> Text:
    """The new round in a line: its name, who deals, the stock."""
    dealer = view.get("dealer")
    name = tp.name_of(players, dealer, locale) if isinstance(dealer, int) else ""
    return LABELS.named(
        "next_round",
        locale,
        round=round_name(int(view.get("round") or 1), int(view["seats"]), locale),
        name=name,
        stock=int(view.get("stock_count") or 0),
    )


def _reason(view: Mapping[str, Any], locale: str) -> Text:
    return LABELS("all_rounds", locale, n=len(view.get("rounds") or []))


TABLE = tp.Table(
    labels=LABELS,
    status=_status,
    notes=_notes,
    log=_log,
    plate_height=_plate_height,
    plate=_plate,
    table_size=_table_size,
    table=_table,
    own=_own,
    last_round=_last_round,
    next_round=_next_round,
    reason=_reason,
)
"""How the parts of a Shirokuro-jaku image are drawn (`tp.draw` puts them in their places)."""


# --------------------------------------------------------------------------- samples

SAMPLE_PLAYERS = tp.SAMPLE_PLAYERS
"""Who sits at the sample tables of `cardbot render shirokuro`."""


def sample_moments(seed: int) -> Iterator[tuple[str, Game]]:
    """(label, game) at telling moments of a 3-seat and a 2-seat game of normal CPUs: the start
    (the dealer to discard, rotations open), a drawn card waiting to go in, a discard someone
    may claim, exposed melds on the table, the next round's start after a win and after a
    draw (the last round shown), and the end."""

    def ended(view: Mapping[str, Any], how: tuple[str, ...]) -> bool:
        return bool(view["rotation_open"]) and (view["last_round"] or {}).get("end") in how

    wanted: list[tuple[str, Callable[[Mapping[str, Any]], bool]]] = [
        ("insert", lambda view: view["phase"] == "insert"),
        ("meld", lambda view: any(view["exposed"])),
        ("win", lambda view: ended(view, ("tsumo", "ron"))),
        ("draw", lambda view: ended(view, ("draw",))),
    ]
    return tp.sample_moments(GAME, seed, "claim", wanted)


def sample_hand(seed: int) -> tuple[list[str], list[bool], set[int]] | None:
    """The dealer's opening hand in a 2-seat game of `seed`, for the hand strip."""
    game = game_class(GAME).new(2, {}, seed)
    hand = list(game.view(game.view(None)["dealer"])["hand"])
    return hand, [True] * len(hand), set()
