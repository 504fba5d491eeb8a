"""Shirokuro-jaku's table image put together (`board.draw` with this game's parts), the round
just ended and the Details image."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from engines.two_number.cards import base, ends, value_label
from render.games.shirokuro.table import (
    draw_table,
    log_lines,
    plate_height,
    seat_plate,
    table_notes,
    table_size,
)
from render.games.shirokuro.viewer import in_place, own_panel
from render.games.shirokuro.words import (
    LABELS,
    MELDS,
    Dora,
    meld_names,
    meld_segments,
    round_name,
    yaku_text,
)
from render.games.two_number_parts import board, frame, measures, plates, round_end, score_sheet
from render.parts import Canvas, PlayerInfo
from render.plates import seat_name
from render.text import Text
from render.theme import (
    GOLD,
    TEXT,
    CardStyle,
)

# --------------------------------------------------------------------------- the image


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
            score_sheet.RoundScores(
                round_name(k + 1, seats, locale), scores, _how(entry, players, locale)
            )
        )
    return score_sheet.details_image(LABELS, view, players, style, locale, rounds)


def _how(entry: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str) -> Text:
    """How a round ended, in a line: each win with its yaku, or the draw."""
    wins = list(entry.get("wins") or [])
    if not wins:
        return LABELS("end_draw", locale)
    pieces = []
    for win in wins:
        name = seat_name(players, int(win["seat"]), locale)
        how = LABELS("won_tsumo" if win.get("from") is None else "won_ron", locale)
        yaku = yaku_text(dict(win.get("yaku") or {}), locale)
        pieces.append(f"{name} {how}: {yaku}")
    return "  /  ".join(pieces)


# --------------------------------------------------------------------------- between rounds


def _shown(
    last: Mapping[str, Any], seats: int, players: Sequence[PlayerInfo], locale: str
) -> list[round_end.ShownHand]:
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
        score = int(plates.at(last, "scores", seat, 0))
        win = wins.get(seat)
        if win is not None:
            how = "won_tsumo" if win.get("from") is None else "won_ron"
            note: Text = LABELS(how, locale)
            line: Text = yaku_text(dict(win.get("yaku") or {}), locale)
        else:
            note = LABELS("tenpai", locale) if seat in tenpai else ""
            line = ""
        out.append(
            round_end.ShownHand(
                name=seat_name(players, seat, locale),
                note=note,
                cards=cards,
                segments=tuple(meld_segments(reading)),
                score=frame.signed(score),
                total=LABELS("row_total", locale, n=plates.at(last, "totals", seat, 0)),
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
    box: measures.Box,
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
        head = LABELS.named("end_tsumo", locale, name=seat_name(players, winner, locale))
    else:
        names = " · ".join(seat_name(players, int(w["seat"]), locale) for w in wins)
        source = wins[0].get("from") if wins else None
        from_name = seat_name(players, source, locale) if isinstance(source, int) else ""
        head = LABELS.named("end_ron", locale, name=names, from_name=from_name)
    title = round_name(int(last.get("round") or 1), seats, locale)
    dora = ""
    if last.get("indicator"):
        white, black = ends(str(last["indicator"]))
        dora = LABELS("dora", locale, white=value_label(white), black=value_label(black))
    hands = _shown(last, seats, players, locale)
    round_end.round_panel(c, box, title, head, hands, meld_names(locale), dora)


def _next_round(view: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str) -> Text:
    """The new round in a line: its name, who deals, the stock."""
    dealer = view.get("dealer")
    name = seat_name(players, dealer, locale) if isinstance(dealer, int) else ""
    return LABELS.named(
        "next_round",
        locale,
        round=round_name(int(view.get("round") or 1), int(view["seats"]), locale),
        name=name,
        stock=int(view.get("stock_count") or 0),
    )


def _reason(view: Mapping[str, Any], locale: str) -> Text:
    return LABELS("all_rounds", locale, n=len(view.get("rounds") or []))


TABLE = board.Table(
    labels=LABELS,
    status=_status,
    notes=table_notes,
    log=log_lines,
    plate_height=plate_height,
    plate=seat_plate,
    table_size=table_size,
    table=draw_table,
    own=own_panel,
    last_round=_last_round,
    next_round=_next_round,
    reason=_reason,
)
"""How the parts of a Shirokuro-jaku image are drawn (`board.draw` puts them in their places)."""


render = board.layout(TABLE)
"""The table image of one Shirokuro-jaku view (with the view's `proposal` shown, if any)."""
