"""找朋友 in words: ranks and teams by seat, the deal's progress, calls, plays and the deal's end.

Typed calls (`AH 1, KS 2`, `2nd A♥ 1st K♠`, `A♥の2枚目`) are read by `parse_calls`, which `/play`
(its autocomplete too) and the terminal reach through `parse_move`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.generic import Events, GamePresenter, NameOf
from bot.i18n import cards, t, tn
from engines.actions import event_seen_by
from engines.cards import CardError, card_label, parse_card
from engines.zhao_pengyou.cards import SETUPS

GAME = "zhao-pengyou"
QUIET = frozenset({"drew"})
"""Events not narrated: a draw a second would drown the log (the image shows the count); a
seat is still told the card it drew (`drew_card`, its own)."""
TWINS = {"kitty_cards": "kitty_taken", "buried_cards": "buried"}
"""A seat that hears the private event (with the cards) is not told its public twin too."""
COUNTS_BUDGET = 920
"""Characters the seat lines may take: an embed field holds 1024, the table's line the rest."""
_CHUNKS = re.compile(r"[,、，;；]+|\s+(?=\d*(?:st|nd|rd|th)\b)", re.IGNORECASE)
_NUMBER = re.compile(r"(\d+)\s*(?:st|nd|rd|th|枚目|番目)?", re.IGNORECASE)


def rank_face(rank: Any) -> str:
    """A rank as printed: `10` for T."""
    return "10" if rank == "T" else str(rank)


def deal_end_told(view: Mapping[str, Any]) -> bool:
    """Whether the deal just ended is still told at the table: through the first three rounds
    of the next drawing (as the table image tells it, render/games/zhao_pengyou/), and at the
    match's end."""
    if view.get("last_deal") is None:
        return False
    phase = view.get("phase")
    return phase == "over" or (
        phase == "draw" and int(view.get("drawn") or 0) < int(view.get("seats") or 0) * 3
    )


def call_text(call: Mapping[str, Any], locale: str) -> str:
    """ "2nd A♥" / "A♥ の2枚目"."""
    nth = int(call["nth"])
    ordinal = t(f"game.{GAME}.nth.{nth}", locale)
    return t(f"game.{GAME}.call", locale, nth=ordinal, card=card_label(str(call["card"])))


def calls_text(calls: Sequence[Mapping[str, Any]], locale: str) -> str:
    """Several calls, listed the language's way."""
    return t("list.sep", locale).join(call_text(c, locale) for c in calls)


def trump_text(code: str, locale: str) -> str:
    """ "♥4" as players say it: "hearts and the 4s" / "ハートと4"."""
    return t(
        f"game.{GAME}.trump_text",
        locale,
        card=card_label(code),
        suit=t(f"game.{GAME}.suit.{code[1]}", locale),
        rank=rank_face(code[0]),
    )


def parse_calls(text: str, count: int | None = None) -> list[dict[str, Any]] | None:
    """Calls typed as cards and which copy: `AH 1, KS 2`, `2nd A♥ 1st K♠`, `A♥の2枚目`.

    Each call is a card and a number in either order; a card alone means its 1st copy.
    None when the text is not calls (or not `count` of them).
    """
    raw = text.strip().replace("の", " ")
    if not raw:
        return None
    out: list[dict[str, Any]] = []
    for chunk in (c.strip() for c in _CHUNKS.split(raw)):
        if not chunk:
            continue
        found = _call(chunk)
        if found is None:
            pairs = _pairs(chunk.split())
            if pairs is None:
                return None
            out += pairs
        else:
            out.append(found)
    if not out or (count is not None and len(out) != count):
        return None
    return out


def _call(chunk: str) -> dict[str, Any] | None:
    """One call from one chunk of text (a card and at most one number)."""
    tokens = chunk.split()
    card: str | None = None
    nth: int | None = None
    for token in tokens:
        number = _NUMBER.fullmatch(token)
        if number and nth is None and not _is_card(token):
            nth = int(number.group(1))
            continue
        parsed = _card_and_number(token)
        if parsed is None or card is not None:
            return None
        card, extra = parsed
        if extra is not None:
            if nth is not None:
                return None
            nth = extra
    if card is None:
        return None
    return {"card": card, "nth": nth or 1}


def _pairs(tokens: list[str]) -> list[dict[str, Any]] | None:
    """`AH 1 KS 2` without commas: cards each followed (or preceded) by its number."""
    out: list[dict[str, Any]] = []
    pending: dict[str, Any] | None = None
    for token in tokens:
        number = _NUMBER.fullmatch(token)
        if number and not _is_card(token):
            if pending is None or pending.get("set"):
                return None
            pending["nth"], pending["set"] = int(number.group(1)), True
            continue
        parsed = _card_and_number(token)
        if parsed is None:
            return None
        if pending is not None:
            out.append({"card": pending["card"], "nth": pending["nth"]})
        card, extra = parsed
        pending = {"card": card, "nth": extra or 1, "set": extra is not None}
    if pending is not None:
        out.append({"card": pending["card"], "nth": pending["nth"]})
    return out or None


def _is_card(token: str) -> bool:
    try:
        parse_card(token)
    except CardError:
        return False
    return True


def _card_and_number(token: str) -> tuple[str, int | None] | None:
    """`A♥`, `AH`, `A♥2` (a card with its number glued on), `2ndA♥`."""
    try:
        return parse_card(token), None
    except CardError:
        pass
    glued = re.fullmatch(r"(.+?)(\d+)(?:st|nd|rd|th|枚目|番目)?", token, re.IGNORECASE)
    if glued:
        try:
            return parse_card(glued.group(1)), int(glued.group(2))
        except CardError:
            pass
    before = re.fullmatch(r"(\d+)(?:st|nd|rd|th)?(.+)", token, re.IGNORECASE)
    if before:
        try:
            return parse_card(before.group(2)), int(before.group(1))
        except CardError:
            pass
    return None


class ZhaoPengyouPresenter(GamePresenter):
    """Ranks, teams and points by seat, the deal's progress, calls, plays and results."""

    game_id = GAME

    # ------------------------------------------------------------------ the table

    def counts(self, view: Mapping[str, Any], names: Sequence[str], locale: str) -> list[str]:
        """One short line per seat (rank, with the steps the deal just ended gave it while that
        deal is told, marks, cards in hand, points taken, its play in the trick in progress and
        whether it holds the trick), then the calls, and while the cards are drawn the viewer's
        own hand (in a seat's view); the plays are left out when the lines would not fit an
        embed field with the table's line (long names at 12 seats: the image shows the trick
        anyway)."""
        lines = self._counts(view, names, locale, plays=True)
        if sum(len(line) + 1 for line in lines) > COUNTS_BUDGET:
            lines = self._counts(view, names, locale, plays=False)
        return lines

    def _counts(
        self, view: Mapping[str, Any], names: Sequence[str], locale: str, plays: bool
    ) -> list[str]:
        ranks = view.get("ranks") or []
        sizes = view.get("hand_counts") or []
        points = view.get("points") or []
        team = set(view.get("team") or [])
        declarer = view.get("declarer")
        dealer = view.get("dealer")
        active = set(view.get("active") or [])
        trick = view.get("trick") or {}
        played = {int(p["seat"]): p["cards"] for p in trick.get("plays") or []} if plays else {}
        holder = trick.get("winning")
        last = view.get("last_deal") if deal_end_told(view) else None
        steps = list(last.get("steps") or []) if last else []
        lines = []
        for seat, rank in enumerate(ranks):
            marks = ""
            if seat == declarer:
                marks += t(f"game.{GAME}.mark.declarer", locale)
            elif seat in team:
                marks += t(f"game.{GAME}.mark.friend", locale)
            if seat == dealer and declarer is None:
                marks += t(f"game.{GAME}.mark.dealer", locale)
            if seat in active and len(active) < len(ranks):
                marks += t(f"game.{GAME}.mark.active", locale)
            size = sizes[seat] if seat < len(sizes) else 0
            line = t(
                f"game.{GAME}.seat",
                locale,
                name=names[seat] if seat < len(names) else str(seat + 1),
                rank=rank_face(rank)
                + (
                    t(f"game.{GAME}.rank_steps", locale, steps=steps[seat])
                    if seat < len(steps) and steps[seat]
                    else ""
                ),
                marks=marks,
                cards=self.cards_word(size, locale),
            )
            if seat < len(points) and points[seat]:
                line += t(f"game.{GAME}.seat_points", locale, points=points[seat])
            if seat in played:
                line += t(f"game.{GAME}.seat_played", locale, cards=cards(played[seat], locale))
                if seat == holder:
                    line += t(f"game.{GAME}.seat_holds", locale)
            lines.append(line)
        calls = view.get("calls") or []
        if calls:
            lines.append(
                t(f"game.{GAME}.calls_line", locale, calls=self.calls_state(calls, names, locale))
            )
        hand = view.get("hand")
        if hand and view.get("phase") in ("draw", "declare"):
            # a seat's own view while the cards are drawn: whether to declare depends on it,
            # and no card pick shows it yet
            lines.append(t(f"game.{GAME}.your_hand", locale, cards=cards(list(hand), locale)))
        return lines

    def calls_state(
        self, calls: Sequence[Mapping[str, Any]], names: Sequence[str], locale: str
    ) -> str:
        """Each call with who answered it, or how many of its copies have been played."""
        parts = []
        for call in calls:
            text = call_text(call, locale)
            seat = call.get("seat")
            if seat is None:
                parts.append(
                    t(
                        f"game.{GAME}.call_open",
                        locale,
                        call=text,
                        seen=call["seen"],
                        nth=call["nth"],
                    )
                )
            else:
                parts.append(t(f"game.{GAME}.call_joined", locale, call=text, name=names[seat]))
        return t("list.sep", locale).join(parts)

    def table_line(self, view: Mapping[str, Any], locale: str) -> str | None:
        """The deal, its phase, the trump and the defenders' points against the threshold."""
        deal = view.get("deal_no", 1)
        if view.get("over"):
            return tn(f"game.{GAME}.line_over", locale, int(deal), deal=deal)
        phase = view.get("phase")
        trump = view.get("trump")
        trump_label = card_label(trump) if trump else ""
        seats = int(view.get("seats") or 0)
        total = seats * int(view.get("deal_size") or 0)
        if phase == "draw":
            key = "line_draw_declared" if trump else "line_draw"
            return t(
                f"game.{GAME}.{key}",
                locale,
                deal=deal,
                drawn=view.get("drawn", 0),
                total=total,
                trump=trump_label,
            )
        if phase == "declare":
            return t(f"game.{GAME}.line_window", locale, deal=deal)
        if phase in ("bury", "call"):
            return t(f"game.{GAME}.line_{phase}", locale, deal=deal, trump=trump_label)
        return t(
            f"game.{GAME}.line_play",
            locale,
            deal=deal,
            trick=int(view.get("tricks", 0)) + 1,
            left=max(view.get("hand_counts") or [0]),
            trump=trump_label,
            points=view.get("defender_points", 0),
            threshold=view.get("threshold", 0),
        )

    def start_notice(
        self, view: Mapping[str, Any], names: Sequence[str], cpu_seats: Sequence[int], locale: str
    ) -> str | None:
        """Who draws first, and that a 2 may declare."""
        dealer = view.get("dealer")
        if not isinstance(dealer, int):
            return None
        return t(f"game.{GAME}.start", locale, name=names[dealer])

    def you_line(self, events: Sequence[Mapping[str, Any]], seat: int, locale: str) -> str | None:
        """What the seat's own action did, in "you" words; None (the log's own words, names
        and all) when it also ended another seat's trick, the deal or the drawing."""
        for event in events:
            kind = event.get("type")
            if kind in ("deal_over", "redeal") or (kind == "trick" and event.get("seat") != seat):
                return None
        mine = [e for e in events if e.get("seat") == seat]
        for event in mine:
            kind = event.get("type")
            if kind == "declared":
                return t(f"game.{GAME}.you_declared", locale, card=card_label(event["card"]))
            if kind == "passed":
                return t(f"game.{GAME}.you_passed", locale)
            if kind == "buried_cards":
                return t(f"game.{GAME}.you_buried", locale, cards=cards(event["cards"], locale))
            if kind == "called":
                return t(
                    f"game.{GAME}.you_called", locale, calls=calls_text(event["calls"], locale)
                )
            if kind == "throw_failed":
                return t(f"game.{GAME}.you_failed", locale, cards=cards(event["cards"], locale))
            if kind == "friend":
                return t(f"game.{GAME}.you_joined", locale, call=call_text(event, locale))
        plays = [e for e in mine if e.get("type") == "play"]
        if not plays:
            return None
        played = cards(plays[-1]["cards"], locale)
        for event in events:
            if event.get("type") == "trick" and event.get("seat") == seat:
                return t(f"game.{GAME}.you_took", locale, cards=played, points=event["points"])
        return t(f"game.{GAME}.you_played", locale, cards=played)

    def result_fields(
        self, result: Mapping[str, Any], names: Sequence[str], locale: str
    ) -> list[tuple[str, str]]:
        """Every seat's rank (the winners first), the deals played, the last deal's result."""
        ranks = list(result.get("ranks") or [])
        winners = list(result.get("winners") or [])
        order = winners + [s for s in range(len(ranks)) if s not in winners]
        lines = [
            t(
                f"result.{GAME}.rank_line",
                locale,
                name=names[s] if s < len(names) else s,
                rank=rank_face(ranks[s]),
            )
            for s in order
        ]
        deals = list(result.get("deals") or [])
        fields = [
            (t(f"result.{GAME}.ranks", locale), "\n".join(lines)),
            (t(f"result.{GAME}.deals", locale), str(len(deals))),
        ]
        if deals:
            fields.append(
                (t(f"result.{GAME}.last_deal", locale), self.deal_summary(deals[-1], names, locale))
            )
        return fields

    def deal_summary(self, outcome: Mapping[str, Any], names: Sequence[str], locale: str) -> str:
        """A finished deal in one sentence: defender points against the threshold, the winning
        side, game points, the kitty (doubled for the defenders or not)."""
        seats = len(outcome.get("steps") or [])
        threshold = 40 * SETUPS[seats].decks if seats in SETUPS else "—"
        team = set(outcome.get("team") or [])
        doubled = outcome.get("last_trick") not in team
        kitty = t(
            f"game.{GAME}.kitty_doubled" if doubled else f"game.{GAME}.kitty_kept",
            locale,
            points=int(outcome.get("kitty_points") or 0),
        )
        game_points = int(outcome.get("game_points") or 0)
        return tn(
            f"game.{GAME}.deal_result",
            locale,
            game_points,
            points=outcome.get("defender_points", 0),
            threshold=threshold,
            side=t(f"game.{GAME}.side.{outcome.get('winner')}", locale),
            game_points=game_points,
            kitty=kitty,
        )

    # ------------------------------------------------------------------ decisions

    def action_label(
        self, action: Mapping[str, Any], locale: str, names: Sequence[str] | None = None
    ) -> str:
        """ "Declare 5♠", "Call 1st A♥ · 2nd K♠", "Play 7♥ 7♥ 8♥ 8♥", "Bury ..."."""
        kind = action.get("type")
        if kind == "call" and isinstance(action.get("calls"), list | tuple):
            calls = [dict(c) for c in action["calls"]]
            return t(f"action.{GAME}.call", locale, calls=calls_text(calls, locale))
        if kind in ("play", "bury") and isinstance(action.get("cards"), list | tuple):
            return t(f"action.{GAME}.{kind}", locale, cards=cards(list(action["cards"]), locale))
        return super().action_label(action, locale, names)

    def prompt_text(self, prompt: Mapping[str, Any], locale: str) -> str:
        """What is asked, with the details of the moment (the calls to make, the count)."""
        kind = prompt.get("kind")
        pick = prompt.get("pick") or {}
        if kind == "call":
            count = len((prompt.get("choices") or [{}])[0].get("calls") or [])
            return t(f"prompt.{GAME}.call", locale, count=count)
        if kind == "play" and pick and pick.get("min") != pick.get("max"):
            return t(f"prompt.{GAME}.lead", locale)
        if kind == "play" and pick:
            count = int(pick.get("min") or 0)
            return tn(f"prompt.{GAME}.play", locale, count, n=count)
        return super().prompt_text(prompt, locale)

    def parse_move(self, prompt: Mapping[str, Any], text: str) -> dict[str, Any] | None:
        """A typed move this game reads itself: calls (`AH 1, KS 2`) for the call prompt."""
        if prompt.get("kind") != "call":
            return None
        choices = prompt.get("choices") or []
        count = len(choices[0].get("calls") or []) if choices else None
        calls = parse_calls(text, count)
        return None if calls is None else {"type": "call", "calls": calls}

    def closed_reason(
        self, kind: str, view: Mapping[str, Any], names: Sequence[str], locale: str
    ) -> str | None:
        """A declaration (during the deal or in the last window) closed by another's: who
        declared what (the declaration is public)."""
        declarer, trump = view.get("declarer"), view.get("trump")
        if kind not in ("declare", "last_window") or declarer is None or trump is None:
            return None
        name = names[declarer] if 0 <= declarer < len(names) else str(declarer)
        return t(f"error.{GAME}.declared_by", locale, name=name, card=card_label(str(trump)))

    def typing_hint(self, prompt: Mapping[str, Any], locale: str) -> str | None:
        """The call prompt: how to type a call set."""
        if prompt.get("kind") != "call":
            return None
        choices = prompt.get("choices") or []
        count = len(choices[0].get("calls") or []) if choices else 0
        return t(f"prompt.{GAME}.type_calls", locale, count=count)

    # ------------------------------------------------------------------ narration

    def narrate(
        self, events: Events, name_of: NameOf, locale: str, viewer: int | None = None
    ) -> str | None:
        """The generic narration without the draws, with calls, trumps and a deal's end in
        words."""
        shown: list[Mapping[str, Any]] = []
        twins = {
            (TWINS[str(e.get("type"))], e.get("seat"))
            for e in events
            if e.get("type") in TWINS and event_seen_by(e, viewer) and e.get("audience")
        }
        for event in events:
            kind = event.get("type")
            if kind in QUIET or not event_seen_by(event, viewer):
                continue
            if (kind, event.get("seat")) in twins:
                continue
            if kind == "declared":
                shown.append({**event, "trump": trump_text(str(event["card"]), locale)})
            elif kind == "called":
                shown.append({**event, "calls": calls_text(event["calls"], locale)})
            elif kind in ("friend", "call_spent"):
                rest = {k: v for k, v in event.items() if k not in ("card", "nth")}
                shown.append({**rest, "call": call_text(event, locale)})
            elif kind == "throw_failed":
                rest = {k: v for k, v in event.items() if k != "trick"}
                shown.append({**rest, "attempted": cards(event["attempted"], locale)})
            elif kind == "deal_over":
                names = [name_of(s) for s in range(len(event.get("steps") or []))]
                summary = self.deal_summary(event, names, locale)
                if event.get("kitty"):  # public once the deal is over
                    kitty = cards(list(event["kitty"]), locale)
                    summary += t(f"game.{GAME}.kitty_shown", locale, cards=kitty)
                keep = {"type": kind, "seat": None, "deal": event.get("deal"), "summary": summary}
                shown.append(keep)
            elif kind == "redeal":
                shown.append({"type": kind, "seat": event.get("seat")})
            else:
                shown.append(event)
        if not shown:
            return None
        return super().narrate(shown, name_of, locale, viewer)
