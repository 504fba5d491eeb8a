"""Zhao Pengyou's table image: the top bar and the strip of lines under it (the calls, the
notices, the deal just ended, what the table waits for)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.cards import card_label
from render import kit, parts, text
from render.games.zhao_pengyou.cells import deal_end_shown, shown_plays
from render.games.zhao_pengyou.sizes import INK, STRIP_LINE, STRIP_PAD, STRIP_WIDTH
from render.games.zhao_pengyou.words import call_label, cards_text, named, tr
from render.parts import Canvas, PlayerInfo
from render.plates import seat_name
from render.text import Template, Text
from render.theme import (
    ALERT,
    FELT_DARK,
    GOLD,
    HIGHLIGHT,
    T_BODY,
    T_SMALL,
    T_TITLE,
    TEXT,
    TEXT_DIM,
)

# --------------------------------------------------------------------------- the top bar


def _status(view: Mapping[str, Any], locale: str, short: bool = False) -> str:
    deal = view.get("deal_no", 1)
    phase = view.get("phase")
    seats = int(view.get("seats") or 0)
    size = int(view.get("deal_size") or 0)
    if phase == "draw":
        return tr("status_draw", locale, deal=deal, drawn=view.get("drawn", 0), total=seats * size)
    if phase == "declare":
        return tr("status_window", locale, deal=deal)
    if phase in ("bury", "call"):
        return tr(f"status_{phase}", locale, deal=deal)
    if phase == "over":
        return tr("status_over", locale, deal=deal, n=deal)
    # leads of sets and throws make the tricks fewer: the cards left, not a count of tricks
    left = max(view.get("hand_counts") or [0])
    key = "status_play_short" if short else "status_play"
    return tr(key, locale, deal=deal, trick=int(view.get("tricks", 0)) + 1, left=left)


def top_bar(c: Canvas, view: Mapping[str, Any], players: Sequence[PlayerInfo]) -> int:
    """The game and the deal's phase (before the next lead: who took the last trick, whose
    cards the cells still show) on the left; the trump and the defenders' points (gold once
    they reach the threshold) on the right."""
    locale = c.locale
    h = kit.BAR_H
    c.draw.rectangle((0, 0, kit.WIDTH, h), fill=FELT_DARK)
    x = kit.MARGIN + c.text((kit.MARGIN, h / 2), tr("game", locale), T_TITLE, TEXT, "lm", bold=True)
    right: float = kit.WIDTH - kit.MARGIN
    phase = view.get("phase")
    if phase == "play":
        points = int(view.get("defender_points", 0))
        threshold = int(view.get("threshold", 0))
        label = tr("defenders", locale, points=points, threshold=threshold)
        ink = GOLD if points >= threshold else TEXT
        right -= c.text((right, h / 2), label, T_BODY, ink, "rm", bold=True) + 16
    trump = view.get("trump")
    if trump and phase != "over":
        label = tr("trump", locale, card=card_label(str(trump)))
        top = (h - kit.PILL_H) / 2
        right -= parts.badge(c, right, top, label, GOLD, INK, T_BODY, anchor="r") + 16
    elif phase in ("draw", "declare"):
        right -= c.text((right, h / 2), tr("no_trump", locale), T_BODY, TEXT_DIM, "rm") + 16
    room = right - x - 20
    _, holder, last = shown_plays(view)
    if last and holder is not None:
        name = seat_name(players, holder, locale)
        taken = named("last_trick", locale, name=name, points=view["last_trick"]["points"])
        c.text((x + 20, h / 2), taken, T_SMALL, GOLD, "lm", bold=True, max_width=room)
        return h
    status = _status(view, locale)
    if text.text_width(status, T_SMALL) > room:
        status = _status(view, locale, short=True)
    c.text((x + 20, h / 2), status, T_SMALL, TEXT_DIM, "lm", max_width=room)
    return h


# --------------------------------------------------------------------------- the strip


Line = list[tuple[Text, tuple[int, ...], bool]]
"""A strip line: pieces of text (words, ink, bold) drawn one after another."""


def strip_lines(
    view: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str, own: int | None
) -> list[Line]:
    """The lines under the top bar, the most needed first."""
    phase = view.get("phase")
    out: list[Line] = []
    declarer = view.get("declarer")
    decl_name = seat_name(players, int(declarer), locale) if declarer is not None else ""
    if phase == "play":  # (the top bar says when the cells show the trick just taken)
        out += _calls_lines(view, players, locale)
        out += _notices(view, players, locale)
        trick = view.get("trick") or {}
        lead = trick.get("lead")
        if lead and trick.get("plays"):
            kind = lead.get("kind", "single")
            shape = tr(f"lead_{kind}", locale, n=lead.get("size", 2))
            leader = seat_name(players, int(trick["leader"]), locale)
            out.append([(named("led", locale, name=leader, shape=shape), TEXT_DIM, False)])
        if own is not None and declarer == own and view.get("buried"):
            bury = tr("your_bury", locale, cards=cards_text(view["buried"]))
            out.append([(bury, TEXT_DIM, False)])
    elif phase in ("draw", "declare"):
        if deal_end_shown(view):
            out += deal_end_lines(view, locale)
        declarable = list(view.get("declarable") or []) if own is not None else []
        if declarable:
            may = tr("may_declare", locale, cards=cards_text(declarable))
            out.append([(may, HIGHLIGHT, True)])
        elif view.get("passed"):
            out.append([(tr("passed", locale), TEXT_DIM, False)])
        if phase == "declare":
            out.append([(tr("window", locale), TEXT, True)])
        elif declarer is not None:
            said = named("declared", locale, name=decl_name, card=card_label(str(view["trump"])))
            out.append([(said, TEXT, True)])
        elif view.get("active") is not None and len(view["active"]) < int(view["seats"]):
            out.append([(tr("may_declare_some", locale), TEXT_DIM, False)])
        else:
            out.append([(tr("may_declare_all", locale), TEXT_DIM, False)])
        if phase == "draw":
            out.append([(tr("stock", locale, n=stock_left(view)), TEXT_DIM, False)])
    elif phase == "bury":
        out.append([(named("bury_sub", locale, name=decl_name), TEXT, True)])
        kitty = view.get("kitty") if own is not None else None
        if kitty:
            out.append([(tr("kitty_in_hand", locale, cards=cards_text(kitty)), GOLD, False)])
    elif phase == "call":
        out.append([(named("call_sub", locale, name=decl_name), TEXT, True)])
        if own is not None and declarer == own and view.get("buried"):
            bury = tr("your_bury", locale, cards=cards_text(view["buried"]))
            out.append([(bury, TEXT_DIM, False)])
    return out


def _notices(view: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str) -> list[Line]:
    """A throw that failed in this trick, a friend shown in it."""
    out: list[Line] = []
    tricks = int(view.get("tricks", 0))
    in_trick = bool((view.get("trick") or {}).get("plays"))
    recent = {tricks} if in_trick else {tricks, tricks - 1}
    for failed in view.get("failed_throws") or []:
        if failed["trick"] in recent:
            words = named(
                "failed",
                locale,
                name=seat_name(players, int(failed["seat"]), locale),
                cards=cards_text(failed["attempted"]),
                unit=cards_text(failed["cards"]),
            )
            out.append([(words, ALERT, True)])
    for call in view.get("calls") or []:
        if call.get("joined") and call.get("trick") in recent:
            words = named(
                "friend_shown",
                locale,
                name=seat_name(players, int(call["seat"]), locale),
                call=call_label(call, locale),
            )
            out.append([(words, GOLD, True)])
    return out


def _calls_lines(view: Mapping[str, Any], players: Sequence[PlayerInfo], locale: str) -> list[Line]:
    """The calls on one strip line, or on two when even the shorter form at the smaller size
    is too long (five calls at 12 seats)."""
    calls = list(view.get("calls") or [])
    if not calls:
        return []
    line = _calls_line(calls, players, locale)
    if _line_w(line.short, T_SMALL) <= STRIP_WIDTH:
        return [line]
    half = -(-len(calls) // 2)
    first = _calls_line(calls[:half], players, locale)
    first.whole = line  # drawn instead (cut at its end) when the second line finds no room
    return [first, _calls_line(calls[half:], players, locale, head=False)]


def _calls_line(
    calls: Sequence[Mapping[str, Any]],
    players: Sequence[PlayerInfo],
    locale: str,
    head: bool = True,
) -> Shortened:
    """Calls: each card and which copy, then who answered it or how many copies are out;
    with a shorter form for when it is too long (no "の", no "no one joins": the call answered
    by a seat already on the team is the dim one)."""
    forms: list[Line] = []
    for short in (False, True):
        line: Line = [(tr("calls", locale), TEXT_DIM, False)] if head else []
        for k, call in enumerate(calls):
            if k:
                line.append(("  ", TEXT_DIM, False))
            label = call_label(call, locale)
            line.append(((label.replace("の", "") if short else label) + " ", TEXT, True))
            seat = call.get("seat")
            if seat is None:
                seen = tr("call_open", locale, seen=call.get("seen", 0), nth=call["nth"])
                line.append((seen, TEXT_DIM, False))
                continue
            name = seat_name(players, seat, locale)
            key = "call_joined" if call.get("joined") or short else "call_spent"
            ink = GOLD if call.get("joined") else TEXT_DIM
            line.append((named(key, locale, name=name), ink, bool(call.get("joined"))))
        forms.append(line)
    return Shortened(forms[0], forms[1])


class Shortened(list[tuple[Text, tuple[int, ...], bool]]):
    """A strip line with a shorter form (`short`) drawn when it does not fit; the first of two
    lines also knows the `whole` line it was split from."""

    def __init__(self, pieces: Line, short: Line) -> None:
        super().__init__(pieces)
        self.short = short
        self.whole: Shortened | None = None


def deal_end_lines(view: Mapping[str, Any], locale: str, titled: bool = True) -> list[Line]:
    """The deal just ended: (its number,) the winning side and game points; the points and
    the kitty."""
    last = view["last_deal"]
    deal = int(view.get("deal_no", 1)) - (0 if view.get("phase") == "over" else 1)
    gp = int(last["game_points"])
    key = ("deal_end_" if titled else "deal_side_") + str(last["winner"])
    team = set(last.get("team") or [])
    doubled = last.get("last_trick") not in team
    points = tr(
        "deal_points",
        locale,
        points=last["defender_points"],
        threshold=view.get("threshold", 0),
        kitty=last["kitty_points"],
        doubled=tr("doubled" if doubled else "kept", locale),
    )
    return [
        [
            (
                tr(key, locale, deal=deal, gp=gp, n=gp),
                GOLD,
                True,
            )
        ],
        [(points, TEXT, False)],
    ]


def strip_height(lines: int) -> int:
    return 0 if lines <= 0 else 2 * STRIP_PAD + lines * STRIP_LINE


def draw_strip(c: Canvas, lines: Sequence[Line], box: tuple[float, float, float, float]) -> None:
    """The strip's lines on a dark band, each piece after the other; a line too long is drawn
    smaller, then in its shorter form (if it has one), then cut (its names first)."""
    x0, y0, x1, _ = box
    c.draw.rounded_rectangle(box, 12, fill=FELT_DARK, outline=(40, 96, 70), width=2)
    y = y0 + STRIP_PAD
    width = min(STRIP_WIDTH, x1 - x0 - 24)
    for line in lines:
        forms = [line, line.short] if isinstance(line, Shortened) else [line]
        tries = [(form, size) for form in forms for size in (T_BODY, T_SMALL)]
        form, size = next(
            ((f, z) for f, z in tries if _line_w(f, z) <= width), (forms[-1], T_SMALL)
        )
        total = _line_w(form, size)
        caps = _name_caps(form, size, total - width)
        x = x0 + 12
        for k, (words, ink, bold) in enumerate(form):
            room = x0 + 12 + width - x
            if room <= size:
                break
            cap = min(room, caps.get(k, room))
            whole = text.text_width(words, size) <= cap and (k < len(form) - 1 or total <= width)
            x += c.text(
                (x, y + STRIP_LINE / 2),
                words,
                size,
                ink,
                "lm",
                bold=bold,
                max_width=None if whole else cap,
            )
        y += STRIP_LINE


def _name_caps(line: Line, size: int, excess: float) -> dict[int, float]:
    """How wide each piece holding a name may be drawn so that a line `excess` px too long
    fits: the names cut alike, down to three characters' width, before anything else."""
    names = [k for k, (words, _, _) in enumerate(line) if isinstance(words, Template)]
    if excess <= 0 or not names:
        return {}
    share = excess / len(names)
    return {k: max(3 * size, text.text_width(line[k][0], size) - share) for k in names}


def _line_w(line: Line, size: int) -> float:
    return sum(text.text_width(words, size) for words, _, _ in line)


def stock_left(view: Mapping[str, Any]) -> int:
    """The cards face down while drawing: those left to draw and the kitty's under them."""
    return int(view.get("stock_count", 0)) + int(view.get("kitty_count", 0))
