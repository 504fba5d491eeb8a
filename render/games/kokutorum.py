"""Kokutorum table, made for the box (docs/images.md): every seat's hand as backs in order,
the stock and the pile, whose turn; the viewer's own hand big, its melds bracketed and named;
the round's end with every hand shown, and the game's end.

A seat's image (its DM): the other seats' plates at the top left (name, badges, total, the
hand as backs in order, a card taken from the pile shown in its place by its upright end),
the table at the top right (the stock, the pile's top card, the drawn card once with each end
up while it waits to go in), and the viewer's panel under them. What the viewer's hand shows
follows its decision: both versions of the hand (as dealt and rotated, each with its melds
and deadwood) while it may rotate; the gaps numbered 1..9 while the drawn card waits; the hand
as it would be after an insert being considered (the view's `proposal`, see
`render.api.render_view`), the new card ringed; else the cards numbered 1..9 to discard by
number, a discard being considered ringed in red.

The channel's image: every seat's plate, the table, the last moves. Between two rounds (the
next one dealt, its rotations open) it shows the round just played: every hand by its upright
ends with its melds, its deadwood, its score and total. At the end: the result and the last
round. Every round's scores are the embed's and the Details image's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from PIL import Image

from engines.cards import card_label
from engines.cpu import cpu_chooser
from engines.game import Game
from engines.registry import game_class
from engines.two_number.cards import values
from engines.two_number.melds import partition
from render import parts
from render.games.two_number_parts import (
    board,
    frame,
    hand_panel,
    measures,
    plates,
    round_end,
    samples,
    score_sheet,
    tiles,
)
from render.parts import Canvas, PlayerInfo
from render.plates import seat_name
from render.strings import Labels
from render.text import Text
from render.theme import (
    ALERT,
    GOLD,
    HIGHLIGHT,
    T_BODY,
    T_SMALL,
    TEXT,
    TEXT_DIM,
    CardStyle,
    card_height,
)

GAME = "kokutorum"


def _full_height(own: int | None) -> int:
    """Another seat's plate: its first line and its hand as backs."""
    return measures.PAD + measures.NAME_H + 4 + tiles.marks(own).tile_h + measures.PAD


PILE_COL = 120
"""The table's column for the pile (its name is wider than its card)."""

LABELS = Labels.pairs(
    {
        **measures.WORDS,
        "title": ("コクトラム", "Kokutorum"),
        "round": ("第{n}ラウンド・目標{target}点", "Round {n} · to {target}"),
        "over": ("終了・全{n}ラウンド", "Over · {n} rounds"),
        "over.one": ("終了・全{n}ラウンド", "Over · {n} round"),
        "pile": ("捨て札", "Discards"),
        "pile_empty": ("なし", "None"),
        "dealer": ("ディーラー", "Dealer"),
        "deadwood": ("デッドウッド {n}", "Deadwood {n}"),
        "as_dealt": ("そのまま", "As dealt"),
        "turned": ("回転すると", "Rotated"),
        "set": ("セット", "set"),
        "run": ("ラン", "run"),
        "deadwood_change": ("デッドウッド {before} → {after}", "Deadwood {before} → {after}"),
        "preview_best": (
            "プレビュー：{card} を隙間 {gap} に（1枚捨てて最少 {best}）",
            "Preview: {card} into gap {gap} ({best} after the best discard)",
        ),
        "discard_pick": (
            "捨てる札を番号で選ぶか、ノック",
            "Discard a card by its number, or knock",
        ),
        "discard_preview": (
            "{card} を捨てる → デッドウッド {n}",
            "Discard {card} → deadwood {n}",
        ),
        "knock_preview": ("ノック：デッドウッド {n}", "Knock with deadwood {n}"),
        "draw_pick": (
            "山札から引くか、捨て札の {card} を取る",
            "Draw from the stock, or take {card}",
        ),
        "draw_stock": ("山札から引く", "Draw from the stock"),
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
        "round_end": ("第{n}ラウンド", "Round {n}"),
        "kind_knock": ("{name} のノック", "{name} knocked"),
        "kind_kokuto": ("コクトー！ {name} が0点でノック", "Kokuto! {name} knocked at 0"),
        "kind_undercut": ("アンダーノック！ {name} のノック", "Undercut! {name} knocked"),
        "kind_stock": ("山札が尽きました", "The stock ran out"),
        "row_deadwood": ("デッドウッド {n}", "Deadwood {n}"),
        "row_total": ("計 {n}点", "total {n}"),
        "next_round": (
            "第{n}ラウンド：{name} が配り、表札 {card}・山札 {stock}枚",
            "Round {n}: {name} deals · upcard {card} · stock {stock}",
        ),
        "next_rotate": ("各自、回転するか決めます", "Each seat may rotate once"),
        "reached": ("目標 {target}点に到達", "Reached {target} points"),
        "rounds_col": ("ラウンド", "Round"),
    }
)
MELD_NAMES = ("set", "run")


def _names(locale: str) -> dict[str, str]:
    return {kind: LABELS(kind, locale) for kind in MELD_NAMES}


def _segments(melds: Sequence[Sequence[Any]]) -> list[tiles.Segment]:
    return [tiles.Segment(str(m[0]), int(m[1]), int(m[2])) for m in melds]


def _melds_of(cards: Sequence[str]) -> tuple[int, list[tiles.Segment]]:
    points, melds = partition(values(cards))
    return points, [tiles.Segment(m.kind, m.start, m.end) for m in melds]


# --------------------------------------------------------------------------- the image


def _status(view: Mapping[str, Any], locale: str) -> Text:
    rounds = int(view.get("round") or 1)
    if view.get("over"):
        return LABELS("over", locale, n=len(view.get("rounds") or []) or rounds)
    return LABELS("round", locale, n=rounds, target=view.get("target", 30))


def details(
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    locale: str,
    style: CardStyle,
    viewer: int | None,
) -> Image.Image | None:
    """Every round's scores by seat, how it ended, and the totals (None before the first
    round ends)."""
    rounds = []
    for k, entry in enumerate(view.get("rounds") or []):
        knocker = entry.get("knocker")
        name = seat_name(players, knocker, locale) if isinstance(knocker, int) else ""
        how = LABELS.named(f"kind_{entry.get('kind')}", locale, name=name)
        scores = tuple(int(n) for n in entry.get("scores") or [])
        rounds.append(score_sheet.RoundScores(str(k + 1), scores, how))
    return score_sheet.details_image(LABELS, view, players, style, locale, rounds)


# --------------------------------------------------------------------------- seats


def _plate(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    seat: int,
    own: int | None,
    box: measures.Box,
) -> None:
    """A seat other than the viewer's: name, badges, total; its hand as backs in order (a
    card it took from the pile by its upright end, in its place) and its count, or, on a
    `SHORT_H` plate, the count alone."""
    x0, y0, _, y1 = box
    short = y1 - y0 < _full_height(own)
    top = plates.plate_head(c, LABELS, view, players, seat, own, box, count=short) + 4
    if short:
        return
    count = int(plates.at(view, "hand_counts", seat, 0))
    known = list(plates.at(view, "known", seat, []))
    size = tiles.marks(own)
    used = tiles.backs(c, x0 + measures.PAD, top, count, known, size)
    label = LABELS("cards", c.locale, n=count)
    mid = top + size.tile_h / 2
    c.text((x0 + measures.PAD + used + 14, mid), label, T_BODY, TEXT_DIM, "lm", bold=True)


SHORT_H = 2 * measures.PAD + measures.NAME_H
"""A plate of one line (name, badges, count, total): while the hands are as dealt (their
backs tell nothing but their count), so that the viewer's two versions of its hand fit."""


def _total(view: Mapping[str, Any], seat: int, locale: str) -> str:
    return plates.total_text(LABELS, view, seat, locale)


def _plate_height(view: Mapping[str, Any], seat: int, own: int | None, width: float) -> float:
    """A plate of one line in a seat's image while it may rotate, so that both versions of
    its hand fit; else with the hand as backs."""
    return SHORT_H if own is not None and view.get("may_rotate") else _full_height(own)


# --------------------------------------------------------------------------- the table


def _notes(
    view: Mapping[str, Any], players: Sequence[PlayerInfo], own: int | None, locale: str
) -> list[tuple[Text, measures.Colour]]:
    """The round about to end, a knock still open (another seat's: the viewer's own is its
    panel's)."""
    notes: list[tuple[Text, measures.Colour]] = []
    if view.get("last_card"):
        notes.append((LABELS("last_card", locale), ALERT))
    knocker = view.get("knock_seat")
    if isinstance(knocker, int) and knocker != own:
        name = seat_name(players, knocker, locale)
        notes.append((LABELS.named("knock_window", locale, name=name), GOLD))
    return notes


def _table_size(
    view: Mapping[str, Any], own: int | None, notes: Sequence[tuple[Text, measures.Colour]]
) -> tuple[float, float]:
    """The table column's size in a seat's image: the stock, the pile, the drawn card, the
    notes under them."""
    drawn = own is not None and view.get("drawn") and not view.get("may_rotate")
    width: float = 2 * measures.PAD + frame.STOCK_W + measures.GAP + PILE_COL
    cards = max(frame.STOCK_H - measures.SMALL_H, card_height(tiles.TABLE_W))
    if drawn:
        width += 2 * measures.GAP + hand_panel.DRAWN_PAIR_W
        cards = max(cards, hand_panel.DRAWN_PAIR_H)
    return frame.column_size(width, cards, notes)


def _table(
    c: Canvas,
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    box: measures.Box,
    notes: Sequence[tuple[Text, measures.Colour]],
    own: int | None,
) -> None:
    """The stock with its count, the pile's top card, the drawn card with each end up (the
    viewer's, waiting to go in), then the notes."""
    x0, y0, x1, _ = box
    locale = c.locale
    drawn = view.get("drawn") if own is not None and not view.get("may_rotate") else None
    pile_w = tiles.TABLE_W
    plates.table_panel(c, box)
    x = x0 + measures.PAD
    y = y0 + measures.PAD
    frame.stock(c, LABELS, x, y, int(view.get("stock_count") or 0))
    x += frame.STOCK_W + measures.GAP
    pile = [str(card) for card in view.get("pile") or []]
    c.text((x, y), LABELS("pile", locale), T_SMALL, TEXT_DIM, "la", bold=True)
    bottom = y + frame.STOCK_H
    if pile:
        parts.paste_card(c, pile[-1], x, y + measures.SMALL_H, pile_w, ring=GOLD)
        bottom = max(bottom, y + measures.SMALL_H + card_height(pile_w))
    else:
        c.text((x, y + measures.SMALL_H + 8), LABELS("pile_empty", locale), T_BODY, TEXT_DIM, "la")
    if drawn:
        x += PILE_COL + 2 * measures.GAP
        c.text((x, y), LABELS("drawn", locale), T_SMALL, GOLD, "la", bold=True)
        _, h = hand_panel.drawn_pair(c, str(drawn), x, y + measures.SMALL_H, LABELS)
        bottom = max(bottom, y + measures.SMALL_H + h)
    frame.note_lines(c, notes, x0 + measures.PAD, bottom + 6, x1 - x0 - 2 * measures.PAD)


def _log(
    view: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str
) -> list[tuple[Text, measures.Colour]]:
    """The round's public moves in words, the newest last."""
    out: list[tuple[Text, measures.Colour]] = []
    for entry in view.get("log") or []:
        kind = entry.get("type")
        seat = entry.get("seat")
        name = seat_name(players, seat, locale) if isinstance(seat, int) else ""
        if kind == "upcard":
            out.append((LABELS("upcard", locale, card=card_label(entry["card"])), TEXT_DIM))
        elif kind == "draw" and entry.get("from") == "stock":
            out.append((LABELS.named("drew_stock", locale, name=name), TEXT_DIM))
        elif kind == "draw":
            card = card_label(entry["card"])
            out.append((LABELS.named("drew_pile", locale, name=name, card=card), TEXT))
        elif kind == "insert":
            gap = int(entry["position"]) + measures.FIRST_GAP
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


def _own(
    c: Canvas, view: Mapping[str, Any], players: Sequence[PlayerInfo], own: int, box: measures.Box
) -> None:
    """The viewer's panel: its first lines, then its hand for the decision it faces."""
    locale = c.locale
    x0, _, x1, y1 = box
    hand = [str(card) for card in view.get("hand") or []]
    proposal = view.get("proposal") or {}
    kind = proposal.get("type")
    drawn = view.get("drawn")
    deadwood = int(view.get("deadwood") or 0)
    worth: hand_panel.Ask | None = hand_panel.Ask(LABELS("deadwood", locale, n=deadwood), TEXT)
    ask: hand_panel.Ask | None = None
    mine = view.get("turn") == own and view.get("phase") == "discard"
    picked: dict[int, measures.Colour] = {}
    after = None
    if view.get("may_rotate"):
        worth = hand_panel.Ask(LABELS("rotate_ask", locale))
    elif drawn:
        after = hand_panel.proposed(hand, str(drawn), proposal) if kind == "insert" else None
        if after is not None:
            cards, fresh = after
            points, _ = _melds_of(cards)
            best = min(partition(values(cards[:k] + cards[k + 1 :]))[0] for k in range(len(cards)))
            worth = hand_panel.Ask(
                LABELS("deadwood_change", locale, before=deadwood, after=points), TEXT
            )
            words = LABELS(
                "preview_best",
                locale,
                card=card_label(cards[fresh]),
                gap=fresh + measures.FIRST_GAP,
                best=best,
            )
            ask = hand_panel.Ask(words, HIGHLIGHT)
        else:
            ask = hand_panel.Ask(LABELS("pick_gap", locale, n=len(hand) + measures.FIRST_GAP))
    elif mine:
        ask = hand_panel.Ask(LABELS("discard_pick", locale))
        position = proposal.get("position")
        if kind == "discard" and isinstance(position, int) and 0 <= position < len(hand):
            rest = hand[:position] + hand[position + 1 :]
            points, _ = partition(values(rest))
            picked[position] = ALERT
            words = LABELS("discard_preview", locale, card=card_label(hand[position]), n=points)
            ask = hand_panel.Ask(words, ALERT)
        elif kind == "knock":
            ask = hand_panel.Ask(LABELS("knock_preview", locale, n=deadwood))
    elif view.get("knock_seat") == own:
        ask = hand_panel.Ask(LABELS("may_knock", locale))
    elif view.get("turn") == own and view.get("phase") == "draw":
        pile = [str(card) for card in view.get("pile") or []]
        words = (
            LABELS("draw_pick", locale, card=card_label(pile[-1]))
            if pile
            else LABELS("draw_stock", locale)
        )
        ask = hand_panel.Ask(words)
    badges = plates.seat_badges(LABELS, view, players, own, own, locale)
    name = seat_name(players, own, locale)
    lit = view.get("turn") == own
    y = hand_panel.own_head(c, box, name, badges, _total(view, own, locale), worth, ask, lit)
    room = (x0 + measures.PAD, y, x1 - measures.PAD, y1 - measures.PAD)
    if view.get("may_rotate"):
        _rotate_pair(c, hand, room)
    elif after is not None:
        cards, fresh = after
        _hand(c, cards, room, fresh=fresh)
    else:
        _hand(c, hand, room, gaps=bool(drawn), picked=picked)


def _hand(
    c: Canvas,
    cards: Sequence[str],
    box: measures.Box,
    *,
    gaps: bool = False,
    fresh: int | None = None,
    picked: Mapping[int, measures.Colour] | None = None,
) -> None:
    """The viewer's hand as big as fits `box`, its melds bracketed."""
    x0, y0, x1, y1 = box
    card_w = hand_panel.fit_hand(len(cards), x1 - x0, y1 - y0, gaps=gaps)
    _, segments = _melds_of(cards)
    top = y0 + max(0.0, (y1 - y0 - hand_panel.hand_height(card_w)) / 2)
    hand_panel.draw_hand(
        c,
        cards,
        x0,
        top,
        x1 - x0,
        card_w,
        gaps=gaps,
        segments=segments,
        names=_names(c.locale),
        fresh=fresh,
        picked=picked,
    )


def _rotate_pair(c: Canvas, hand: Sequence[str], box: measures.Box) -> None:
    """Both versions of the hand, as dealt and rotated, each with its melds and deadwood."""

    def version(
        cards: list[str],
    ) -> tuple[Text, measures.Colour, Sequence[tiles.Segment], Sequence[int]]:
        points, segments = _melds_of(cards)
        return LABELS("deadwood", c.locale, n=points), GOLD, segments, ()

    hand_panel.rotate_pair(c, LABELS, hand, box, version, _names(c.locale))


# --------------------------------------------------------------------------- between rounds


def _shown(
    last: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str
) -> list[round_end.ShownHand]:
    """Every hand of the round just played, with its melds, deadwood, score and total (the
    round's winners in gold)."""
    winners = set(last.get("winners") or [])
    melds = list(last.get("melds") or [])
    out = []
    for seat, cards in enumerate(last.get("hands") or []):
        out.append(
            round_end.ShownHand(
                name=seat_name(players, seat, locale),
                note=LABELS("row_deadwood", locale, n=int(plates.at(last, "points", seat, 0))),
                cards=tuple(str(card) for card in cards),
                segments=tuple(_segments(melds[seat] if seat < len(melds) else [])),
                score=frame.signed(int(plates.at(last, "scores", seat, 0))),
                total=LABELS("row_total", locale, n=plates.at(last, "totals", seat, 0)),
                ink=GOLD if seat in winners else TEXT,
            )
        )
    return out


def _last_round(
    c: Canvas,
    view: Mapping[str, Any],
    last: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    box: measures.Box,
) -> None:
    """The round just played: how it ended, then every hand by its upright ends, melds
    bracketed and named, with its deadwood, score and total."""
    locale = c.locale
    knocker = last.get("knocker")
    name = seat_name(players, knocker, locale) if isinstance(knocker, int) else ""
    title = LABELS("round_end", locale, n=last.get("round", 1))
    head = LABELS.named(f"kind_{last.get('kind')}", locale, name=name)
    round_end.round_panel(c, box, title, head, _shown(last, players, locale), _names(locale))


def _next_round(view: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str) -> Text:
    """The new round in a line: who deals, the upcard, the stock."""
    dealer = view.get("dealer")
    name = seat_name(players, dealer, locale) if isinstance(dealer, int) else ""
    pile = [str(card) for card in view.get("pile") or []]
    return LABELS.named(
        "next_round",
        locale,
        name=name,
        n=view.get("round", 1),
        card=card_label(pile[-1]) if pile else "—",
        stock=int(view.get("stock_count") or 0),
    )


def _reason(view: Mapping[str, Any], locale: str) -> Text:
    return LABELS("reached", locale, target=view.get("target", 30))


TABLE = board.Table(
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
"""How the parts of a Kokutorum image are drawn (`board.draw` puts them in their places)."""


render = board.layout(TABLE)
"""The table image of one Kokutorum view (with the view's `proposal` shown, if any)."""


# --------------------------------------------------------------------------- samples

SAMPLE_PLAYERS = samples.SAMPLE_PLAYERS
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
    return samples.sample_moments(GAME, seed, "knock", wanted)


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
