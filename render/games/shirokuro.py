"""Shirokuro-jaku table: every seat's hand as backs, its exposed melds and its discards in
order, the dora indicator and the stock, whose turn and the last moves; the viewer's own hand
big; the round's end with the winning hands, their yaku and the scores; the game's end.

Top to bottom: the header (東1局 and how many rounds); the round just played while the next
one has not begun; the other seats in play order after the viewer (the public image: every
seat); the stock, the dora indicator and whose turn; the viewer's seat with its hand, its
exposed melds and its discards.

What the viewer's hand shows follows its decision: both versions of the hand (as dealt and
rotated) while it may rotate; a discard it may claim with its ron gaps and its pon / chi pairs
marked; the drawn card apart with both ends and the gaps numbered 1..n+1 while it waits to go
in; the hand as it would be after an insert or a ron the viewer is considering (the view's
`proposal`, see `render.api.render_view`), the new card ringed, with the win and its yaku
when it wins; else the cards numbered to discard by number. Adjacent melds are bracketed in
gold and pairs in grey, as the hand would be read if it were to win now.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from PIL import Image

from engines.base import Game, game_class
from engines.cards import card_label
from engines.shirokuro.yaku import Win, WinContext, score_win
from engines.two_number.cards import base, ends, value_label, values
from engines.two_number.melds import HEAD, PAIR, is_pair, meld3
from render import parts
from render.games import two_number_parts as tp
from render.parts import Canvas, PlayerInfo
from render.text import Text, text_width
from render.theme import ALERT, GOLD, HIGHLIGHT, TEXT, TEXT_DIM, CardStyle, card_height

GAME = "shirokuro"
ROOM = tp.ROOM
ROW = tp.ROW
BACK_W = 42
MELD_W = 50
DISCARD_W = 52
OWN_MELD_W = 56
INDICATOR_W = 80
PAIR_INK = (200, 214, 204)

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

LABELS = tp.Labels(
    {
        **tp.WORDS,
        "title": ("白黒雀", "Shirokuro-jaku"),
        "east": ("東{n}局", "East {n}"),
        "south": ("南{n}局", "South {n}"),
        "status": ("{name}・{n}/{total}", "{name} · {n}/{total}"),
        "over": ("終了・全{n}局", "Over · {n} rounds"),
        "over_one": ("終了・全{n}局", "Over · {n} round"),
        "indicator": ("ドラ表示", "Dora indicator"),
        "dora": ("ドラ {white} {black}", "Dora {white} {black}"),
        "discards": ("捨て札", "Discards"),
        "no_discards": ("捨て札なし", "No discards yet"),
        "melds": ("鳴き", "Melds"),
        "dealer": ("親", "Dealer"),
        "as_dealt": ("そのまま", "As dealt"),
        "turned": ("回転すると", "Rotated"),
        "shape_win": ("上がり形", "a winning hand"),
        "with_shape": ("{label}：上がり形", "{label}: a winning hand"),
        "ron_preview": ("ロン：{card} を隙間 {gap} に", "Ron: {card} into gap {gap}"),
        "wins_for": ("上がり！ {n}点：{yaku}", "Wins for {n}: {yaku}"),
        "wins_zero": ("上がり形（役なし・0点）", "Wins, no yaku: 0 points"),
        "no_win": ("まだ上がりではありません", "Not a winning hand yet"),
        "tsumo_ready": ("ツモ上がりできます", "You can declare tsumo"),
        "discard_pick": ("捨てる札を番号で", "Discard by number"),
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
        "round_end": ("{round}の結果", "{round}"),
        "end_tsumo": ("{name} のツモ", "{name} wins by tsumo"),
        "end_ron": ("{name} のロン（{from_name}から）", "{name} wins by ron on {from_name}"),
        "end_draw": ("流局", "A draw"),
        "win_row": ("{n}点", "{n} pts"),
        "no_yaku": ("役なし", "no yaku"),
        "yaku_item": ("{name} {n}", "{name} {n}"),
        "tenpai": ("テンパイ", "One card away"),
        "score_row": ("{score}（計{total}）", "{score} (total {total})"),
        "all_rounds": ("全{n}局が終了", "All {n} rounds played"),
        "rounds_col": ("局", "Round"),
    }
)


def labels() -> dict[str, tuple[str, str]]:
    """Every label as key -> (ja, en), yaku included (a test checks both are filled)."""
    return {**LABELS.strings, **{f"yaku.{k}": v for k, v in YAKU.items()}}


def yaku_name(key: str, locale: str) -> str:
    """A yaku's name in `locale`."""
    ja, en = YAKU.get(key, (key, key))
    return ja if locale == "ja" else en


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


Dora = tuple[int, ...]
"""The dora values (white n = n, black n = n + 8)."""


def _dora(view: Mapping[str, Any]) -> Dora:
    return tuple(int(v) for v in view.get("dora") or ())


# --------------------------------------------------------------------------- the image


def render(
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    locale: str,
    style: CardStyle,
    viewer: int | None,
) -> Image.Image:
    """The table image of one Shirokuro-jaku view (with the view's `proposal` shown, if any)."""
    seats = int(view["seats"])
    own = tp.own_seat(view, viewer)
    round_no = int(view.get("round") or 1)
    if view.get("over"):
        status = LABELS("over", locale, n=round_no)
    else:
        status = LABELS(
            "status",
            locale,
            name=round_name(round_no, seats, locale),
            n=round_no,
            total=view.get("rounds_total", 2 * seats),
        )
    sections = _sections(view, players, locale, own)
    return tp.table_image(sections, locale, style, LABELS("title", locale), status)


def _sections(
    view: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str, own: int | None
) -> list[tp.Section]:
    """The image's parts, top to bottom, each with its height (`tp.sections`)."""
    seats = int(view["seats"])

    def game_end() -> list[tp.Section]:
        reason = LABELS("all_rounds", locale, n=len(view.get("rounds") or []))
        out: list[tp.Section] = [
            (
                tp.result_height(view),
                lambda c, b: tp.result(c, b, LABELS, view, players, own, reason),
            )
        ]
        last = view.get("last_round")
        if last:
            out.append(last_round(last))
        rounds = len(view.get("rounds") or [])
        out.append((tp.rounds_height(rounds), lambda c, b: _rounds(c, view, players, b)))
        return out

    def last_round(last: Mapping[str, Any]) -> tp.Section:
        return _last_round(last, seats, players, locale, own)

    def band(seat: int) -> tp.Section:
        return _band_height(view, seat), lambda c, b: _band(c, view, players, seat, own, b)

    def middle() -> tp.Section:
        return _middle_height(view), lambda c, b: _middle(c, view, players, own, b)

    def own_panel(seat: int) -> tp.Section:
        return tp.own_panel(LABELS, view, players, seat, _own_blocks(view, players, locale))

    return tp.sections(
        view,
        own,
        game_end=game_end,
        last_round=last_round,
        band=band,
        middle=middle,
        own_panel=own_panel,
    )


def _at(view: Mapping[str, Any], key: str, seat: int, default: Any) -> Any:
    values_ = list(view.get(key) or [])
    return values_[seat] if 0 <= seat < len(values_) else default


# --------------------------------------------------------------------------- other seats


def _discard_rows_height(count: int, room: float) -> float:
    if not count:
        return 28
    return tp.card_rows_height(count, room, DISCARD_W)


def _band_height(view: Mapping[str, Any], seat: int) -> float:
    discards = len(_at(view, "discards", seat, []))
    row = card_height(max(BACK_W, MELD_W))
    return tp.PAD + tp.LINE_H + 6 + row + 10 + _discard_rows_height(discards, ROOM - 90) + tp.PAD


def _band(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    seat: int,
    own: int | None,
    box: tp.Box,
) -> None:
    """A seat other than the viewer's: name, badges, total; its hand as backs, its exposed
    melds face up; its discards in order (those claimed dimmed)."""
    locale = c.locale
    tp.seat_head(c, box, LABELS, view, players, seat, own)
    x = box[0] + tp.PAD
    top = box[1] + tp.PAD + tp.LINE_H + 6
    row_h = card_height(max(BACK_W, MELD_W))
    count = int(_at(view, "hand_counts", seat, 0))
    used = tp.backs(c, x, top, count, width=BACK_W)
    label = LABELS("cards", locale, n=count)
    c.text((x + used + 10, top + row_h / 2), label, tp.BODY, TEXT_DIM, "lm", bold=True)
    mx = x + used + 10 + text_width(label, tp.BODY) + 24
    _melds_row(c, list(_at(view, "exposed", seat, [])), mx, top, MELD_W, _dora(view))
    _discards(c, list(_at(view, "discards", seat, [])), x, top + row_h + 10, ROOM)


def _melds_row(
    c: Canvas,
    melds: Sequence[Mapping[str, Any]],
    x: float,
    y: float,
    width: int,
    dora: Dora = (),
) -> float:
    """Exposed melds face up as held, the claimed card ringed, the `dora` dotted; returns the
    width used."""
    sx = x
    for meld in melds:
        cards = [str(card) for card in meld.get("cards") or []]
        claimed = meld.get("claimed")
        dotted = dora_positions(cards, dora)
        for k, card in enumerate(cards):
            ring = GOLD if card == claimed else None
            cx = sx + k * (width + 3)
            parts.paste_card(c, card, cx, y, width, shadow=False, ring=ring)
            if k in dotted:
                tp.dot(c, cx + width - 2, y + 2)
        sx += len(cards) * (width + 3) + 14
    return sx - x - 14 if melds else 0


def _discards(
    c: Canvas, entries: Sequence[Mapping[str, Any]], x: float, y: float, room: float
) -> None:
    """A seat's discards in order, claimed ones dimmed, under a small label."""
    locale = c.locale
    if not entries:
        c.text((x, y), LABELS("no_discards", locale), 20, TEXT_DIM, "la")
        return
    c.text((x, y + card_height(DISCARD_W) / 2), LABELS("discards", locale), 20, TEXT_DIM, "lm")
    codes = [str(e.get("card")) for e in entries]
    dims = [e.get("taken") is not None for e in entries]
    tp.card_rows(c, codes, x + 90, y, room - 90, DISCARD_W, dims=dims)


# --------------------------------------------------------------------------- the middle


def _notes(view: Mapping[str, Any], locale: str) -> list[tuple[Text, tp.Colour]]:
    if view.get("last_draw") and not view.get("over"):
        return [(LABELS("last_draw", locale), ALERT)]
    return []


def _middle_height(view: Mapping[str, Any]) -> int:
    piles = 30 + card_height(INDICATOR_W) + 6
    log = 48 + tp.LOG_ROWS * ROW
    return tp.PAD + max(piles, log) + len(_notes(view, "en")) * ROW + tp.PAD


def _middle(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    own: int | None,
    box: tp.Box,
) -> None:
    """The stock with its count, the dora indicator and the dora it makes, whose turn, the last
    moves."""
    x0, y0, x1, y1 = box
    locale = c.locale
    top = tp.stock_corner(c, box, LABELS, view)
    ix = x0 + tp.PAD + tp.STOCK_W + 50
    c.text((ix, y0 + tp.PAD), LABELS("indicator", locale), tp.BODY, TEXT, "la", bold=True)
    indicator = view.get("indicator")
    if indicator:
        parts.paste_card(c, str(indicator), ix, top, INDICATOR_W, ring=GOLD)
    dora = [int(v) for v in view.get("dora") or []]
    right = ix + max(INDICATOR_W, text_width(LABELS("indicator", locale), tp.BODY)) + 28
    if len(dora) == 2:
        line = LABELS("dora", locale, white=value_label(dora[0]), black=value_label(dora[1]))
        tp.dot(c, right + tp.DOT_R, y0 + tp.PAD + 48 + tp.LABEL * 0.6)
        c.text((right + 2 * tp.DOT_R + 8, y0 + tp.PAD + 48), line, tp.LABEL, GOLD, "la", bold=True)
    tp.turn(c, box, LABELS, view, players, own, right)
    log = _log(view, players, locale)[-(tp.LOG_ROWS - 1) :]
    tp.lines(c, log, right, y0 + tp.PAD + 48 + ROW + 4, x1 - tp.PAD - right)
    notes = _notes(view, locale)
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


def _own_blocks(
    view: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str
) -> list[tp.Block]:
    """The viewer's hand for the decision it faces, then its exposed melds and discards."""
    seat = int(view["viewer"])
    hand = [str(card) for card in view.get("hand") or []]
    exposed = list(_at(view, "exposed", seat, []))
    proposal = view.get("proposal") or {}
    kind = proposal.get("type")
    claim = view.get("claim")
    drawn = view.get("drawn")
    dora = _dora(view)
    blocks: list[tp.Block] = []
    if view.get("may_rotate"):
        blocks.append(_rotate_pair(hand, len(exposed), dora))
    elif claim and claim.get("answer") is None:
        blocks.append(_claim(view, hand, exposed, claim, proposal, players, locale))
    elif drawn:
        after = tp.proposed(hand, str(drawn), proposal) if kind == "insert" else None
        if after is None:
            blocks.append(
                tp.drawn_block(LABELS, hand, str(drawn), locale, _hands(len(exposed), dora))
            )
        else:
            win = _preview_win(view, after[0], exposed, ron=False)
            title = LABELS(
                "preview", locale, card=card_label(after[0][after[1]]), gap=after[1] + tp.FIRST_GAP
            )
            blocks.append(_preview(title, after, len(exposed), win, dora, locale))
    else:
        blocks.append(_held(view, hand, exposed, proposal, claim, locale))
    if exposed:
        blocks.append(_own_melds(exposed, dora, locale))
    discards = list(_at(view, "discards", seat, []))
    blocks.append(
        (
            _discard_rows_height(len(discards), ROOM - 90),
            lambda c, x, y: _discards(c, discards, x, y, ROOM),
        )
    )
    return blocks


def in_place(cards: Sequence[str], melds_needed: int) -> list[list[Any]]:
    """The segments to bracket: a winning reading when the hand wins, else the adjacent melds
    and pairs that cover the most cards (melds first), as [kind, start, end]."""
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
                best[i], came[i] = score, (HEAD, i - 2)
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


def _brackets_split(segments: Sequence[Sequence[Any]]) -> tuple[list[list[Any]], list[list[Any]]]:
    melds = [list(s) for s in segments if s[0] not in (HEAD, PAIR)]
    pairs = [list(s) for s in segments if s[0] in (HEAD, PAIR)]
    return melds, pairs


def dora_positions(cards: Sequence[str], dora: Sequence[int]) -> list[int]:
    """The cards of a hand whose upright end is a dora."""
    return [k for k, v in enumerate(values(cards)) if v in dora]


def _hand_block(
    c: Canvas,
    cards: Sequence[str],
    x: float,
    y: float,
    melds_needed: int,
    dora: Sequence[int] = (),
    **options: Any,
) -> None:
    """The viewer's hand (`tp.hand`) with its melds in gold, its pairs in grey and its dora
    dotted."""
    options.setdefault("dots", dora_positions(cards, dora))
    melds, pairs = _brackets_split(in_place(cards, melds_needed))
    look = tp.hand_look(len(cards), ROOM, bool(options.get("gaps")))
    tp.brackets(c, look.lefts(x, len(cards)), look.card_w, y + 2, pairs, PAIR_INK)
    tp.hand(c, cards, x, y, ROOM, melds=melds, **options)


def _hands(exposed: int, dora: Dora) -> tp.HandDrawer:
    """`_hand_block` for a hand beside `exposed` melds laid down."""
    need = 2 - exposed

    def draw(c: Canvas, cards: Sequence[str], x: float, y: float, **options: Any) -> None:
        _hand_block(c, cards, x, y, need, dora, **options)

    return draw


def _rotate_pair(hand: Sequence[str], exposed: int, dora: Dora) -> tp.Block:
    """Both versions of the hand, as dealt and rotated, their melds and pairs bracketed; a
    version that wins as it stands says so in gold."""
    need = 2 - exposed

    def caption(key: str, cards: list[str], locale: str) -> tuple[Text, tp.Colour]:
        label = LABELS(key, locale)
        wins = len(cards) == 3 * need + 2 and _wins(cards, exposed)
        if wins:
            return LABELS("with_shape", locale, label=label), GOLD
        return label, TEXT

    return tp.rotate_pair(LABELS, hand, caption, _hands(exposed, dora))


def _wins(cards: Sequence[str], exposed: int) -> bool:
    return score_win(values(cards), [("koutsu", (0, 0, 0))] * exposed, WinContext()) is not None


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


def _win_line(win: Win | None, locale: str) -> tuple[Text, tp.Colour]:
    if win is None:
        return LABELS("no_win", locale), TEXT_DIM
    if not win.points:
        return LABELS("wins_zero", locale), GOLD
    return LABELS("wins_for", locale, n=win.points, yaku=yaku_text(win.yaku, locale)), GOLD


def _preview(
    title: Text,
    after: tuple[list[str], int],
    exposed: int,
    win: Win | None,
    dora: Dora,
    locale: str,
) -> tp.Block:
    """The hand as it would be after the proposed insert (or ron): the new card ringed and its
    number lit, melds and pairs bracketed, and whether it wins, for how much."""
    line = _win_line(win, locale)
    return tp.preview_block(title, line, after, _hands(exposed, dora), bold=True)


def _pair_text(hand: Sequence[str], positions: Sequence[int]) -> str:
    return "  ".join(f"{p + 1}-{p + 2}" for p in positions if 0 <= p < len(hand) - 1)


def _claim(
    view: Mapping[str, Any],
    hand: Sequence[str],
    exposed: Sequence[Mapping[str, Any]],
    claim: Mapping[str, Any],
    proposal: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    locale: str,
) -> tp.Block:
    """A discard the viewer may claim: the card apart, what it may do with it, the hand with
    its ron gaps lit (numbered gaps) or its pon / chi pairs ringed; a proposal shown as it
    would be."""
    card = str(claim.get("card"))
    source = claim.get("from")
    name = tp.name_of(players, source, locale) if isinstance(source, int) else ""
    ron = [(int(p), str(u)) for p, u in claim.get("ron") or []]
    pon = [int(p) for p in claim.get("pon") or []]
    chi = [int(p) for p in claim.get("chi") or []]
    kind = proposal.get("type")
    options: list[tuple[Text, tp.Colour]] = []
    if ron:
        spots = " · ".join(f"{p + tp.FIRST_GAP} {u}" for p, u in ron)
        options.append((LABELS("claim_ron", locale, spots=spots), HIGHLIGHT))
    if pon:
        options.append((LABELS("claim_pon", locale, pairs=_pair_text(hand, pon)), TEXT))
    if chi:
        options.append((LABELS("claim_chi", locale, pairs=_pair_text(hand, chi)), TEXT))
    options.append((LABELS("claim_or_pass", locale), TEXT_DIM))
    head_h = 30 + max(card_height(tp.DRAWN_W), len(options) * (ROW + 4))
    need = 2 - len(exposed)
    dora = _dora(view)

    after = None
    if kind == "ron":
        position, upright = proposal.get("position"), proposal.get("upright")
        if (position, upright) in ron:
            after = tp.proposed(hand, card, proposal)
    picked: dict[int, tp.Colour] = {}
    pick_line: tuple[Text, tp.Colour] | None = None
    position = proposal.get("position")
    if kind in ("pon", "chi") and position in (pon if kind == "pon" else chi):
        assert isinstance(position, int)
        picked = {position: HIGHLIGHT, position + 1: HIGHLIGHT}
        shown = " ".join(card_label(hand[k]) for k in (position, position + 1))
        pick_line = (
            LABELS(f"{kind}_preview", locale, cards=shown, card=card_label(card)),
            HIGHLIGHT,
        )
    else:
        for p in pon + chi:
            picked.setdefault(p, GOLD)
            picked.setdefault(p + 1, GOLD)

    if after is not None:
        win = _preview_win(view, after[0], exposed, ron=True)
        title = LABELS(
            "ron_preview", locale, card=card_label(after[0][after[1]]), gap=after[1] + tp.FIRST_GAP
        )
        body_h, body = _preview(title, after, len(exposed), win, _dora(view), locale)
    elif ron:
        gaps = sorted({p for p, _ in ron})
        body_h = tp.hand_height(len(hand), ROOM, gaps=True)

        def body(c: Canvas, x: float, y: float) -> None:
            _hand_block(c, hand, x, y, need, dora, gaps=True, marked_gaps=gaps, picked=picked)

    else:
        extra = ROW + 4 if pick_line else 0
        body_h = extra + tp.hand_height(len(hand), ROOM)

        def body(c: Canvas, x: float, y: float) -> None:
            if pick_line:
                c.text((x, y), pick_line[0], tp.BODY, pick_line[1], "la", bold=True, max_width=ROOM)
            _hand_block(c, hand, x, y + extra, need, dora, picked=picked)

    def draw(c: Canvas, x: float, y: float) -> None:
        c.text(
            (x, y),
            LABELS.named("claim_title", c.locale, name=name),
            tp.BODY,
            TEXT_DIM,
            "la",
            bold=True,
            max_width=ROOM,
        )
        parts.paste_card(c, card, x, y + 30, tp.DRAWN_W, ring=GOLD)
        ox = x + tp.DRAWN_W + 24
        tp.lines(c, options, ox, y + 34, ROOM - (ox - x), size=tp.LABEL, step=ROW + 4)
        body(c, x, y + head_h + 10)

    return head_h + 10 + body_h, draw


def _held(
    view: Mapping[str, Any],
    hand: Sequence[str],
    exposed: Sequence[Mapping[str, Any]],
    proposal: Mapping[str, Any],
    claim: Mapping[str, Any] | None,
    locale: str,
) -> tp.Block:
    """The hand between draws: numbered to discard by number on the viewer's turn (a discard
    being considered ringed), whether tsumo can be declared, a claim already answered."""
    mine = view.get("turn") == view.get("viewer") and view.get("phase") == "discard"
    kind = proposal.get("type")
    position = proposal.get("position")
    picked: dict[int, tp.Colour] = {}
    left: tuple[Text, tp.Colour] | None = None
    right: Text = ""
    if mine:
        right = LABELS("discard_pick", locale)
        if view.get("can_tsumo"):
            win = _preview_win(view, hand, exposed, ron=False)
            text_, _ = _win_line(win, locale)
            left = (text_, GOLD)
            if kind != "tsumo":
                left = (LABELS("tsumo_ready", locale) + "  ·  " + str(text_), GOLD)
        if kind == "discard" and isinstance(position, int) and 0 <= position < len(hand):
            picked[position] = ALERT
            left = (LABELS("discard_preview", locale, card=card_label(hand[position])), ALERT)
    elif claim and claim.get("answer"):
        answer = LABELS(f"answer_{claim['answer']}", locale)
        left = (LABELS("claim_answered", locale, answer=answer), TEXT_DIM)
    elif view.get("winning"):
        left = (LABELS("shape_win", locale), GOLD)
    head = 36 if left or right else 0
    dora = _dora(view)

    def draw(c: Canvas, x: float, y: float) -> None:
        if left:
            c.text(
                (x, y),
                left[0],
                tp.LABEL,
                left[1],
                "la",
                bold=True,
                max_width=ROOM * (0.6 if right else 1),
            )
        if right:
            c.text((x + ROOM, y + 2), right, tp.BODY, GOLD, "ra", bold=True, max_width=ROOM * 0.38)
        _hand_block(c, hand, x, y + head, 2 - len(exposed), dora, picked=picked)

    return head + tp.hand_height(len(hand), ROOM), draw


def _own_melds(exposed: Sequence[Mapping[str, Any]], dora: Dora, locale: str) -> tp.Block:
    height = card_height(OWN_MELD_W)

    def draw(c: Canvas, x: float, y: float) -> None:
        c.text((x, y + height / 2), LABELS("melds", c.locale), 20, TEXT_DIM, "lm")
        _melds_row(c, exposed, x + 90, y, OWN_MELD_W, dora)

    return height, draw


# --------------------------------------------------------------------------- the round's end


def _last_round(
    last: Mapping[str, Any],
    seats: int,
    players: Sequence[PlayerInfo],
    locale: str,
    own: int | None,
) -> tp.Section:
    """The round just played: how it ended; each winning hand (its reading bracketed, the
    ronned card ringed, its exposed melds) with its yaku and points, or on a draw the hands one
    card from winning; every seat's score and total."""
    end = str(last.get("end"))
    details = {int(d["seat"]): d for d in last.get("details") or []}
    wins = [dict(w) for w in last.get("wins") or []]
    hands = list(last.get("hands") or [])
    exposed_all = list(last.get("exposed") or [])
    scores = list(last.get("scores") or [0] * seats)
    totals = list(last.get("totals") or [0] * seats)
    name = round_name(int(last.get("round") or 1), seats, locale)
    if end == "draw":
        head: Text = LABELS("end_draw", locale)
    elif end == "tsumo":
        winner = int(wins[0]["seat"]) if wins else 0
        head = LABELS.named("end_tsumo", locale, name=tp.name_of(players, winner, locale))
    else:
        names = " · ".join(tp.name_of(players, int(w["seat"]), locale) for w in wins)
        source = wins[0].get("from") if wins else None
        from_name = tp.name_of(players, source, locale) if isinstance(source, int) else ""
        head = LABELS.named("end_ron", locale, name=names, from_name=from_name)
    shown: list[tuple[int, Text, tp.Colour, Text]] = []
    for w in wins:
        seat = int(w["seat"])
        yaku = dict(w.get("yaku") or {})
        shown.append(
            (
                seat,
                LABELS("win_row", locale, n=int(w.get("points") or 0)),
                GOLD,
                yaku_text(yaku, locale),
            )
        )
    for seat in last.get("tenpai") or []:
        shown.append((int(seat), LABELS("tenpai", locale), GOLD, ""))
    hand_h = tp.small_hand_height()
    round_dora: Dora = ends(str(last["indicator"])) if last.get("indicator") else ()

    def row_h(yaku: Text) -> float:
        return 34 + (30 if yaku else 0) + hand_h + 12

    height = tp.PAD + 40 + sum(row_h(yaku) for *_, yaku in shown) + seats * 32 + tp.PAD

    def draw(c: Canvas, box: tp.Box) -> None:
        x0, y0, x1, _ = box
        parts.panel(c, box, fill=tp.PANEL_FILL)
        title = LABELS("round_end", locale, round=name) + "  "
        reserve: float = 0
        indicator = last.get("indicator")
        if indicator:
            white, black = ends(str(indicator))
            dora = LABELS("dora", locale, white=value_label(white), black=value_label(black))
            reserve = text_width(dora, tp.BODY) + 16
            c.text((x1 - tp.PAD, y0 + tp.PAD + 2), dora, tp.BODY, TEXT_DIM, "ra", bold=True)
        tp.round_heading(c, box, title, head, reserve)
        y = y0 + tp.PAD + 40
        for seat, right, colour, yaku in shown:
            who = tp.name_of(players, seat, locale)
            tp.name_row(c, box, y, who, right, colour, (tp.LABEL, tp.LABEL))
            if yaku:
                c.text(
                    (x0 + tp.PAD, y + 34), yaku, tp.BODY, TEXT, "la", max_width=x1 - x0 - 2 * tp.PAD
                )
            cards = [str(card) for card in (hands[seat] if seat < len(hands) else [])]
            exposed = list(exposed_all[seat]) if seat < len(exposed_all) else []
            detail = details.get(seat, {})
            reading = list(detail.get("reading") or in_place(cards, 2 - len(exposed)))
            melds, pairs = _brackets_split(reading)
            ring = None
            won_on = detail.get("card")
            if won_on:
                ring = next((k for k, card in enumerate(cards) if base(card) == won_on), None)
            hy = y + (64 if yaku else 34)
            lefts = [x0 + tp.PAD + k * (tp.SMALL_W + 4) for k in range(len(cards))]
            tp.brackets(c, lefts, tp.SMALL_W, hy, pairs, PAIR_INK)
            dots = dora_positions(cards, round_dora)
            used = tp.small_hand(c, cards, x0 + tp.PAD, hy, melds, ring=ring, dots=dots)
            _melds_row(
                c, exposed, x0 + tp.PAD + used + 20, hy + tp.BRACKET_ROOM, tp.SMALL_W, round_dora
            )
            y += row_h(yaku)
        for seat in range(seats):
            score = int(scores[seat]) if seat < len(scores) else 0
            total = totals[seat] if seat < len(totals) else 0
            row = LABELS("score_row", locale, score=tp.signed(score), total=total)
            colour = GOLD if score > 0 else TEXT
            who = tp.name_of(players, seat, locale)
            tp.name_row(c, box, y, who, row, colour, (tp.BODY, tp.BODY), bold=seat == own)
            y += 32

    return height, draw


# --------------------------------------------------------------------------- the game's end


def _rounds(c: Canvas, view: Mapping[str, Any], players: Sequence[PlayerInfo], box: tp.Box) -> None:
    """Every round's scores by seat, with its name (東1局...), and the totals."""
    seats = int(view["seats"])
    named = [
        (round_name(k + 1, seats, c.locale), r) for k, r in enumerate(view.get("rounds") or [])
    ]
    tp.rounds_table(c, box[0], box[1], box[2] - box[0], LABELS, view, players, named)


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
