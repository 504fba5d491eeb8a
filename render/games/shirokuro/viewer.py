"""Shirokuro-jaku's table image: the viewer's panel and hand (what it may claim, rotate,
insert or discard)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engines.cards import card_label
from engines.shirokuro.yaku import Win, WinContext, score_win
from engines.two_number.cards import values
from engines.two_number.melds import PAIR, is_pair, meld3, win_distance
from render import parts, text
from render.games.shirokuro.table import claim_of, dora_positions, shown_discards, table_row
from render.games.shirokuro.words import (
    LABELS,
    MELDS,
    distance_text,
    dora_of,
    meld_names,
    meld_segments,
    yaku_text,
)
from render.games.two_number_parts import hand_panel, measures, plates, tiles
from render.parts import Canvas, PlayerInfo
from render.plates import seat_name
from render.text import Text
from render.theme import (
    ALERT,
    FELT_DARK,
    GOLD,
    HIGHLIGHT,
    T_SMALL,
    TEXT,
    TEXT_DIM,
    card_height,
)

# --------------------------------------------------------------------------- the viewer


def _pair_text(hand: Sequence[str], positions: Sequence[int]) -> str:
    return "  ".join(f"{p + 1}-{p + 2}" for p in positions if 0 <= p < len(hand) - 1)


def own_panel(
    c: Canvas, view: Mapping[str, Any], players: Sequence[PlayerInfo], own: int, box: measures.Box
) -> None:
    """The viewer's panel: what the hand is worth and what to do, then the hand for the
    decision it faces, its melds laid down and its discards beside it."""
    locale = c.locale
    x0, _, x1, y1 = box
    hand = [str(card) for card in view.get("hand") or []]
    exposed = list(plates.at(view, "exposed", own, []))
    need = MELDS - len(exposed)
    proposal = view.get("proposal") or {}
    kind = proposal.get("type")
    drawn = view.get("drawn")
    claim = claim_of(view)
    worth: hand_panel.Ask | None = (
        hand_panel.Ask(distance_text(hand, need, locale), TEXT) if hand else None
    )
    ask: hand_panel.Ask | None = None
    body: Callable[[measures.Box], None]
    if view.get("may_rotate"):
        worth = hand_panel.Ask(LABELS("rotate_ask", locale))

        def body(room: measures.Box) -> None:
            _rotate_pair(c, view, hand, exposed, room)

    elif claim:
        ask, body = _claim(c, view, hand, exposed, claim, proposal)
    elif drawn:
        after = hand_panel.proposed(hand, str(drawn), proposal) if kind == "insert" else None
        if after is not None:
            cards, fresh = after
            win = _preview_win(view, cards, exposed, ron=False)
            title = LABELS(
                "preview", locale, card=card_label(cards[fresh]), gap=fresh + measures.FIRST_GAP
            )
            worth = hand_panel.Ask(title, HIGHLIGHT)
            ask = _win_ask(win, locale)

            def body(room: measures.Box) -> None:
                _hand(c, view, cards, exposed, room, fresh=fresh)

        else:
            ask = hand_panel.Ask(LABELS("pick_gap", locale, n=len(hand) + measures.FIRST_GAP))

            def body(room: measures.Box) -> None:
                _hand(c, view, hand, exposed, room, gaps=True)

    else:
        ask, picked = _held(view, hand, exposed, proposal, locale)

        def body(room: measures.Box) -> None:
            _hand(c, view, hand, exposed, room, picked=picked)

    badges = plates.seat_badges(LABELS, view, players, own, own, locale)
    name = seat_name(players, own, locale)
    total = plates.total_text(LABELS, view, own, locale)
    y = hand_panel.own_head(c, box, name, badges, total, worth, ask, view.get("turn") == own)
    body((x0 + measures.PAD, y, x1 - measures.PAD, y1 - measures.PAD))


def _held(
    view: Mapping[str, Any],
    hand: Sequence[str],
    exposed: Sequence[Mapping[str, Any]],
    proposal: Mapping[str, Any],
    locale: str,
) -> tuple[hand_panel.Ask | None, dict[int, measures.Colour]]:
    """What the viewer's panel asks between draws: to discard by number on its turn (a
    discard being considered ringed), whether tsumo can be declared, a claim answered."""
    mine = view.get("turn") == view.get("viewer") and view.get("phase") == "discard"
    kind = proposal.get("type")
    position = proposal.get("position")
    picked: dict[int, measures.Colour] = {}
    claim = view.get("claim")
    if mine:
        ask = hand_panel.Ask(LABELS("discard_pick", locale))
        if view.get("can_tsumo"):
            win = _preview_win(view, hand, exposed, ron=False)
            words = _win_ask(win, locale).words
            if kind != "tsumo":
                words = LABELS("tsumo_ready", locale) + "  ·  " + str(words)
            ask = hand_panel.Ask(words)
        if kind == "discard" and isinstance(position, int) and 0 <= position < len(hand):
            picked[position] = ALERT
            card = card_label(hand[position])
            ask = hand_panel.Ask(LABELS("discard_preview", locale, card=card), ALERT)
        return ask, picked
    if claim and claim.get("answer"):
        answer = LABELS(f"answer_{claim['answer']}", locale)
        return hand_panel.Ask(LABELS("claim_answered", locale, answer=answer), TEXT_DIM), picked
    return None, picked


def _claim(
    c: Canvas,
    view: Mapping[str, Any],
    hand: Sequence[str],
    exposed: Sequence[Mapping[str, Any]],
    claim: Mapping[str, Any],
    proposal: Mapping[str, Any],
) -> tuple[hand_panel.Ask, Callable[[measures.Box], None]]:
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
        spots = " · ".join(f"{p + measures.FIRST_GAP} {u}" for p, u in ron)
        options.append(LABELS("claim_ron", locale, spots=spots))
    if pon:
        options.append(LABELS("claim_pon", locale, pairs=_pair_text(hand, pon)))
    if chi:
        options.append(LABELS("claim_chi", locale, pairs=_pair_text(hand, chi)))
    options.append(LABELS("claim_or_pass", locale))
    ask = hand_panel.Ask("   ".join(options))
    after = None
    if kind == "ron" and (proposal.get("position"), proposal.get("upright")) in ron:
        after = hand_panel.proposed(hand, card, proposal)
    if after is not None:
        cards, fresh = after
        win = _preview_win(view, cards, exposed, ron=True)
        title = LABELS(
            "ron_preview", locale, card=card_label(cards[fresh]), gap=fresh + measures.FIRST_GAP
        )
        ask = hand_panel.Ask(title + "  ·  " + str(_win_ask(win, locale).words), HIGHLIGHT)

        def show(room: measures.Box) -> None:
            _hand(c, view, cards, exposed, room, fresh=fresh)

        return ask, show
    picked: dict[int, measures.Colour] = {}
    position = proposal.get("position")
    if kind in ("pon", "chi") and position in (pon if kind == "pon" else chi):
        assert isinstance(position, int)
        picked = {position: HIGHLIGHT, position + 1: HIGHLIGHT}
        shown = " ".join(card_label(hand[k]) for k in (position, position + 1))
        words = LABELS(f"{kind}_preview", locale, cards=shown, card=card_label(card))
        ask = hand_panel.Ask(words, HIGHLIGHT)
    else:
        for p in pon + chi:
            picked.setdefault(p, GOLD)
            picked.setdefault(p + 1, GOLD)
    gaps = sorted({p for p, _ in ron}) if ron and not picked else []

    def body(room: measures.Box) -> None:
        _hand(c, view, hand, exposed, room, gaps=bool(gaps), marked_gaps=gaps, picked=picked)

    return ask, body


def _win_ask(win: Win | None, locale: str) -> hand_panel.Ask:
    if win is None:
        return hand_panel.Ask(LABELS("no_win", locale), TEXT_DIM)
    if not win.points:
        return hand_panel.Ask(LABELS("wins_zero", locale))
    return hand_panel.Ask(
        LABELS("wins_for", locale, n=win.points, yaku=yaku_text(win.yaku, locale))
    )


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
    box: measures.Box,
    *,
    gaps: bool = False,
    fresh: int | None = None,
    picked: Mapping[int, measures.Colour] | None = None,
    marked_gaps: Sequence[int] = (),
) -> None:
    """The viewer's hand as big as fits `box`, read as it would win (melds gold, pairs grey,
    dora dotted), its own melds laid down beside it (the claimed card ringed) and its discards
    after them, or under them when they do not fit beside."""
    x0, y0, x1, y1 = box
    dora = dora_of(view)
    discards = shown_discards(view, int(view["viewer"]))
    card_w, beside = _own_size(c, len(cards), len(exposed), discards, gaps, x1 - x0, y1 - y0)
    hand_w = hand_panel.hand_width(len(cards), card_w, gaps)
    melds_w = len(exposed) * (3 * card_w + 2 * OWN_MELD_GAP + MELD_SPACE)
    chips_w = _discards_width(c, discards) if beside else 0.0
    used = hand_w + melds_w + (MELD_SPACE + chips_w if chips_w else 0)
    under = 0 if beside or not discards else tiles.SMALL.chip_h + 8
    left = x0 + max(0.0, (x1 - x0 - used) / 2)
    top = y0 + max(0.0, (y1 - y0 - hand_panel.hand_height(card_w) - under) / 2)
    drawn = hand_panel.draw_hand(
        c,
        cards,
        left,
        top,
        hand_w,
        card_w,
        gaps=gaps,
        segments=meld_segments(in_place(cards, MELDS - len(exposed))),
        names=meld_names(c.locale),
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
        c.text((x + span / 2, drawn.top - tiles.BRACKET_H / 2 - 2), label, T_SMALL, TEXT_DIM, "mm")
        for k, card in enumerate(held):
            ring = GOLD if card == meld.get("claimed") else None
            parts.paste_card(c, card, x, drawn.top, card_w, ring=ring)
            if k in dotted:
                tiles.dot(c, x + card_w - 3, drawn.top + 3)
            x += card_w + OWN_MELD_GAP
        x += MELD_SPACE - OWN_MELD_GAP
    if beside:
        rows = table_row(c, (), discards, x, 0, x1 - x, (), draw=False)
        y = drawn.top + max(0.0, (card_height(card_w) - rows) / 2)
        table_row(c, (), discards, x, y, x1 - x, ())
    elif discards:
        table_row(c, (), discards, x0, top + hand_panel.hand_height(card_w) + 8, x1 - x0, ())


OWN_MELD_GAP = 6
MELD_SPACE = 40
"""Between the hand, each meld laid down beside it, and the discards."""


def _discards_width(c: Canvas, discards: Sequence[str]) -> float:
    label = text.text_width(LABELS("discards", c.locale), T_SMALL) + 10
    return label + tiles.chips_width(len(discards))


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
        for card_w in hand_panel.HELD_WIDTHS:
            used = hand_panel.hand_width(count, card_w, gaps) + melds * (
                3 * card_w + 2 * OWN_MELD_GAP + MELD_SPACE
            )
            if beside:
                room = width - used - MELD_SPACE
                rows = table_row(c, (), discards, 0, 0, room, (), draw=False)
                if room < _discards_width(c, discards[:3]) or rows > card_height(card_w):
                    continue
            below = 0 if beside or not discards else tiles.SMALL.chip_h + 8
            if used <= width and hand_panel.hand_height(card_w) + below <= height:
                return card_w, beside
    return hand_panel.HELD_WIDTHS[-1], False


def _rotate_pair(
    c: Canvas,
    view: Mapping[str, Any],
    hand: Sequence[str],
    exposed: Sequence[Mapping[str, Any]],
    box: measures.Box,
) -> None:
    """Both versions of the hand, as dealt and rotated, each read as it would win and with
    how far it is from a win (in gold when it wins as it stands)."""
    need = MELDS - len(exposed)
    dora = dora_of(view)

    def version(
        cards: list[str],
    ) -> tuple[Text, measures.Colour, Sequence[tiles.Segment], Sequence[int]]:
        wins = win_distance(values(cards), need) == 0
        segments = meld_segments(in_place(cards, need))
        ink = GOLD if wins else TEXT_DIM
        return distance_text(cards, need, c.locale), ink, segments, dora_positions(cards, dora)

    hand_panel.rotate_pair(c, LABELS, hand, box, version, meld_names(c.locale))
