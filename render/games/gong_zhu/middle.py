"""Gong Zhu's table image: the middle (the trick as a cross, the exposure, the hand's or the
match's result) and the viewer's hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.cards import card_label
from render import held, panels, parts
from render.games.gong_zhu.sizes import (
    CAPTION_H,
    CROSS_DX,
    CROSS_GAP,
    EXPOSABLE,
    HAND_PAD,
    HAND_WIDTHS,
    LABEL_H,
    SEATS,
    SPECIALS,
    TRICK_WIDTHS,
)
from render.games.gong_zhu.words import LABELS, Box, named, signed, tr
from render.parts import Canvas, PlayerInfo
from render.plates import player_of, seat_name
from render.text import Template, Text
from render.theme import (
    ALERT_BG,
    FELT_DARK,
    GOLD,
    HIGHLIGHT,
    PANEL_EDGE,
    T_BIG,
    T_BODY,
    T_SMALL,
    T_TITLE,
    TEXT,
    TEXT_DIM,
    card_height,
)

# --------------------------------------------------------------------------- the middle


def draw_middle(
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
    return Template.of(
        pattern, {"name": seat_name(players, int(last["winner"]), locale)}, ("name",)
    )


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
            seat_name(players, seat, locale),
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
            else named("leads", locale, name=seat_name(players, int(leader), locale)),
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
    if own is not None and not player_of(players, own, locale).is_cpu:
        title = tr("victory" if own == winner else "defeat", locale)
    else:
        title = named("winner", locale, name=seat_name(players, winner, locale))
    lines: list[Text] = []
    for rank, seat in enumerate(result["ranking"], 1):
        pattern = LABELS.pattern("rank_line", locale, {})
        lines.append(
            Template.of(
                pattern.replace("{rank}", str(rank)).replace(
                    "{total}", signed(result["totals"][seat])
                ),
                {"name": seat_name(players, seat, locale)},
                ("name",),
            )
        )
    x0, y0, x1, y1 = box
    tall = 22 + round(T_BIG * 1.45) + round(T_SMALL * 1.67) + len(lines) * round(T_BODY * 1.42)
    tall += 64  # the line under the ranking
    y0 = max(y0, (y0 + y1 - tall) / 2)
    y1 = min(y1, y0 + tall)
    panel = (x0, y0, x1, y1)
    panels.result_panel(
        c, panel, title, tr("reason", locale), lines, sizes=(T_BIG, T_SMALL, T_BODY)
    )
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


def hand_strip(c: Canvas, view: Mapping[str, Any], hand: Sequence[str], box: Box) -> None:
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
    held.hand(
        c,
        hand,
        (x0 + HAND_PAD, y0 + HAND_PAD, x1 - HAND_PAD, y1 - HAND_PAD),
        groups=groups,
        legal=mask,
        selected=selected,
        widths=HAND_WIDTHS,
        lift=0,
    )
