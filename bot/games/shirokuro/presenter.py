"""白黒雀 in words: hands, melds laid down and discards by seat, the dora, your hand by its upright
ends with how far it is from a win, a claim offered to you alone, and each round's wins with
their yaku and values (or the draw and who was one card away) and the totals."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games import two_number as words
from bot.games.generic import Events, NameOf
from bot.i18n import t, tn
from engines.actions import event_seen_by
from engines.cards import card_label
from engines.shirokuro.yaku import ORDER
from engines.two_number.cards import value_label, values
from engines.two_number.melds import is_win, win_distance

GAME = "shirokuro"
WINDS = ("east", "south", "west", "north")
MELDS = 2
"""Melds of a winning hand (besides its head); each meld laid down is one fewer to make."""
QUIET_PUBLIC = frozenset({"draw"})
"""Public events the channel does not narrate: a draw is said by the insert that follows."""


def round_name(round_no: int, seats: int | None, locale: str) -> str:
    """東1局 / East 1: the first `seats` rounds East, the next South... (Round n without seats)."""
    if not seats:
        return t(f"game.{GAME}.round_plain", locale, n=round_no)
    k = max(0, round_no - 1)
    wind = WINDS[(k // seats) % len(WINDS)]
    return t(
        f"game.{GAME}.round_name",
        locale,
        wind=t(f"game.{GAME}.wind.{wind}", locale),
        n=k % seats + 1,
    )


def yaku_text(yaku: Mapping[str, Any], locale: str) -> str:
    """The yaku of a win, in the document's order, each with its points."""
    return t("list.sep", locale).join(
        t(
            f"game.{GAME}.yaku_item",
            locale,
            name=t(f"game.{GAME}.yaku.{name}", locale),
            points=yaku[name],
        )
        for name in ORDER
        if name in yaku
    )


def meld_text(meld: Mapping[str, Any]) -> str:
    """A meld laid down: its three cards by their upright ends."""
    return "".join(words.upright(c) for c in meld.get("cards") or [])


def distance_text(distance: int, locale: str) -> str:
    """How far a hand is from a win: `it wins`, `one card from winning`, `3 cards from...`."""
    if distance in (0, 1):
        return t(f"game.{GAME}.distance.{distance}", locale)
    return t(f"game.{GAME}.distance", locale, n=distance)


def melds_needed(view: Mapping[str, Any], seat: int | None) -> int:
    """The melds the seat's concealed hand must still make."""
    exposed = view.get("exposed") or []
    laid = len(exposed[seat]) if isinstance(seat, int) and seat < len(exposed) else 0
    return MELDS - laid


class ShirokuroPresenter(words.TwoNumberPresenter):
    """Hands, melds, the dora, claims and yaku in words."""

    game_id = GAME

    # ------------------------------------------------------------------ the table

    def counts(self, view: Mapping[str, Any], names: Sequence[str], locale: str) -> list[str]:
        """Each seat's cards, melds, discards and total; the stock and the dora; your hand
        and what you may do with it; how the last round ended."""
        name_of = words.namer(names)
        lines = []
        exposed = view.get("exposed") or []
        discards = view.get("discards") or []
        for seat, count in enumerate(view.get("hand_counts") or []):
            line = self.seat_line(view, seat, count, name_of(seat), locale)
            melds = exposed[seat] if seat < len(exposed) else []
            if melds:
                line += t(f"game.{GAME}.melds", locale, melds=" ".join(meld_text(m) for m in melds))
            lines.append(line)
        for seat, pile in enumerate(discards):
            shown = [card_label(str(d.get("card"))) for d in pile if d.get("taken") is None]
            if shown:
                lines.append(
                    t(f"game.{GAME}.discards", locale, name=name_of(seat), cards=" ".join(shown))
                )
        dora = " ".join(value_label(v) for v in view.get("dora") or [])
        lines.append(
            t(
                f"game.{GAME}.stock",
                locale,
                count=int(view.get("stock_count") or 0),
                card=card_label(str(view.get("indicator") or "")),
                dora=dora,
            )
        )
        if view.get("last_draw") and not view.get("over") and not view.get("stock_count"):
            lines.append(t(f"game.{GAME}.last_card", locale))
        last = view.get("last_round")
        moved = any(e.get("type") in ("draw", "discard", "tsumo") for e in view.get("log") or [])
        if last and (view.get("over") or not moved):
            lines.append(
                t(f"game.{GAME}.last_round", locale, summary=self.round_text(last, name_of, locale))
            )
            lines += self.winning_hands(last, name_of, locale)
        hand = view.get("hand")
        if hand is not None and not view.get("over"):
            lines += self.hand_lines(view, hand, name_of, locale)
        return lines

    def hand_lines(
        self,
        view: Mapping[str, Any],
        hand: Sequence[str],
        name_of: NameOf,
        locale: str,
    ) -> list[str]:
        """The seat's own hand for the decision it faces, and a claim offered to it."""
        need = melds_needed(view, view.get("viewer"))
        if view.get("may_rotate"):

            def with_distance(cards: Sequence[str]) -> dict[str, Any]:
                distance = distance_text(win_distance(values(cards), need), locale)
                return {"cards": words.hand_text(cards), "distance": distance}

            return self.rotate_lines(hand, locale, with_distance)
        drawn = view.get("drawn")
        lines = [
            t(
                f"game.{GAME}.hand",
                locale,
                cards=words.hand_text(hand, gaps=bool(drawn)),
                distance=distance_text(win_distance(values(hand), need), locale),
            )
        ]
        if drawn:
            lines.append(self.drawn_line(str(drawn), hand, locale))
        claim = view.get("claim")
        if claim and claim.get("answer") is None:
            lines.append(self.claim_text(claim, name_of, locale))
        elif claim:
            answer = self.claim_word(str(claim["answer"]), locale)
            lines.append(t(f"game.{GAME}.answered", locale, claim=answer))
        if view.get("can_tsumo"):
            lines.append(t(f"game.{GAME}.ready", locale))
        return lines

    def claim_text(self, claim: Mapping[str, Any], name_of: NameOf, locale: str) -> str:
        """What the seat may claim on the discard, in words."""
        options = []
        if claim.get("ron"):
            options.append(t(f"game.{GAME}.claim.ron", locale))
        for kind in ("pon", "chi"):
            for p in claim.get(kind) or []:
                options.append(t(f"game.{GAME}.claim.{kind}", locale, first=p + 1, second=p + 2))
        return t(
            f"game.{GAME}.claim",
            locale,
            name=name_of(claim.get("from")),
            card=card_label(str(claim.get("card"))),
            options=t("list.sep", locale).join(options),
        )

    def winning_hands(self, entry: Mapping[str, Any], name_of: NameOf, locale: str) -> list[str]:
        """Each winner's hand as it was read (melds in brackets), its laid-down melds after."""
        hands = entry.get("hands") or []
        exposed = entry.get("exposed") or []
        out = []
        for win in entry.get("details") or []:
            seat = int(win.get("seat", -1))
            if not 0 <= seat < len(hands):
                continue
            cards = words.hand_text(hands[seat], win.get("reading") or [])
            laid = exposed[seat] if seat < len(exposed) else []
            if laid:
                cards += " + " + " ".join(f"[{meld_text(m)}]" for m in laid)
            out.append(t(f"game.{GAME}.winning_hand", locale, name=name_of(seat), cards=cards))
        return out

    def table_line(self, view: Mapping[str, Any], locale: str) -> str | None:
        """The round (東1局) and how many there are."""
        if view.get("over"):
            return self.over_line(view, locale)
        number = int(view.get("round") or 1)
        return t(
            f"game.{GAME}.line",
            locale,
            round=round_name(number, int(view.get("seats") or 0), locale),
            number=number,
            rounds=view.get("rounds_total", "?"),
        )

    def start_notice(
        self, view: Mapping[str, Any], names: Sequence[str], cpu_seats: Sequence[int], locale: str
    ) -> str | None:
        """Who deals (and so plays first)."""
        dealer = view.get("dealer")
        if not isinstance(dealer, int) or dealer >= len(names):
            return None
        return t(f"game.{GAME}.start", locale, name=names[dealer])

    def you_line(self, events: Sequence[Mapping[str, Any]], seat: int, locale: str) -> str | None:
        """What the seat's own action did; None when the step also settled something for the
        table (a round's end, another seat's claim), which the narration tells with names."""
        settled = {"round_over", "deal"} | {"pon", "chi", "ron"}
        if any(e.get("type") in settled and e.get("seat") != seat for e in events):
            return None
        if any(e.get("type") == "round_over" for e in events):
            return None
        for event in reversed([e for e in events if e.get("seat") == seat]):
            kind = event.get("type")
            moved = self.you_moved(event, locale)
            if moved is not None:
                return moved
            if kind in ("pon", "chi"):
                return t(
                    f"game.{GAME}.you_melded",
                    locale,
                    claim=self.claim_word(kind, locale),
                    card=card_label(str(event.get("card"))),
                    meld=meld_text(event),
                )
            if kind == "answered":
                if event.get("claim") == "pass":
                    return t(f"game.{GAME}.you_passed", locale)
                claim = self.claim_word(str(event.get("claim")), locale)
                return t(f"game.{GAME}.you_claimed", locale, claim=claim)
            if kind in ("rotated", "kept"):
                return t(f"game.{GAME}.you_{kind}", locale)
        return None

    @staticmethod
    def claim_word(kind: str, locale: str) -> str:
        """`Pon`, `ロン`: a claim's name alone."""
        return t(f"action.{GAME}.{kind}", locale, number="", next="", gap="", end="").split(" ")[0]

    def result_fields(
        self, result: Mapping[str, Any], names: Sequence[str], locale: str
    ) -> list[tuple[str, str]]:
        """The totals, best first, and each round: who won how and for what."""
        name_of = words.namer(names)
        rounds = []
        seats = len(result.get("totals") or [])
        for number, entry in enumerate(result.get("rounds") or [], 1):
            wins = entry.get("wins") or []
            if wins:
                what = t("list.sep", locale).join(
                    t(
                        f"result.{GAME}.win",
                        locale,
                        name=name_of(w.get("seat")),
                        how=t(
                            f"result.{GAME}.how.{'tsumo' if w.get('from') is None else 'ron'}",
                            locale,
                        ),
                        points=w.get("points", 0),
                    )
                    for w in wins
                )
            elif entry.get("tenpai"):
                ready = t("list.sep", locale).join(name_of(s) for s in entry["tenpai"])
                what = t(f"result.{GAME}.draw_scores", locale, names=ready)
            else:
                what = t(f"result.{GAME}.draw", locale)
            rounds.append(
                t(
                    f"result.{GAME}.round_line",
                    locale,
                    round=round_name(number, seats, locale),
                    what=what,
                )
            )
        return self.totals_fields(result, name_of, rounds, locale)

    # ------------------------------------------------------------------ decisions

    def choice_preview(
        self, action: Mapping[str, Any], view: Mapping[str, Any] | None, locale: str
    ) -> str | None:
        """The hand after the insert chosen, the new card marked: whether it wins, else how
        close the best discard then leaves it."""
        view = view or {}
        after = self.inserted_hand(action, view)
        if after is None:
            return None
        need = melds_needed(view, view.get("viewer"))
        vs = values(after)
        if is_win(vs, need):
            state = t(f"game.{GAME}.preview.win", locale)
        else:
            best = min(win_distance(vs[:i] + vs[i + 1 :], need) for i in range(len(vs)))
            state = t(f"game.{GAME}.preview.best", locale, distance=distance_text(best, locale))
        cards = words.hand_text(after, mark=int(action["position"]))
        return t(f"game.{GAME}.preview", locale, cards=cards, state=state)

    def narrate(
        self, events: Events, name_of: NameOf, locale: str, viewer: int | None = None
    ) -> str | None:
        """Gaps counted from 1, claims by name with the meld laid down, a round's end in one
        sentence; a seat that saw its own card is not also told the public version."""
        private = self.private_events(events, viewer)
        shown: list[Mapping[str, Any]] = []
        tail: list[str] = []
        ending = any(e.get("type") == "round_over" for e in events)
        for event in events:
            kind, seat = event.get("type"), event.get("seat")
            if not event_seen_by(event, viewer) or kind in QUIET_PUBLIC:
                continue
            if kind == "insert" and ("inserted_card", seat) in private:
                continue
            if kind in ("insert", "inserted_card"):
                item = {**event, "gap": int(event.get("position", 0)) + 1}
                shown.append({k: v for k, v in item.items() if k not in ("position", "upright")})
            elif kind == "answered":
                if any(
                    e.get("type") == event.get("claim") and e.get("seat") == seat for e in events
                ):
                    continue  # the claim itself is told
                shown.append(
                    {
                        "type": kind,
                        "seat": seat,
                        "claim": self.claim_word(str(event["claim"]), locale),
                    }
                )
            elif kind in ("pon", "chi"):
                shown.append(
                    {
                        "type": kind,
                        "seat": seat,
                        "card": event.get("card"),
                        "meld": meld_text(event),
                    }
                )
            elif kind == "round_over":
                tail.append(self.round_text(event, name_of, locale))
            elif kind == "deal":
                seats = event.get("seats")
                number = int(event.get("round") or 1)
                phrase = t(
                    f"event.{GAME}.deal",
                    locale,
                    name=name_of(seat),
                    round=round_name(number, int(seats) if seats else None, locale),
                    card=card_label(str(event.get("indicator"))),
                )
                tail.append(t(f"game.{GAME}.sentence", locale, text=phrase))
            elif kind in ("ron", "tsumo") and ending:
                continue  # the round's end tells the win
            elif kind in ("discard", "drew_card", "ron"):
                shown.append({"type": kind, "seat": seat, "card": event.get("card")})
            else:
                shown.append(event)
        return self.told(shown, tail, name_of, locale, viewer)

    def round_text(self, event: Mapping[str, Any], name_of: NameOf, locale: str) -> str:
        """A round's end: each win with its yaku and points, or the draw and who was one card
        away; then the totals."""
        sep = t("list.sep", locale)
        if event.get("end") == "draw":
            ready = list(event.get("tenpai") or [])
            tenpai = (
                tn(
                    f"game.{GAME}.tenpai",
                    locale,
                    len(ready),
                    names=sep.join(name_of(s) for s in ready),
                )
                if ready
                else t(f"game.{GAME}.nobody_ready", locale)
            )
            summary = t(f"game.{GAME}.exhausted", locale, tenpai=tenpai)
        else:
            parts = []
            for win in event.get("wins") or []:
                source = win.get("from")
                how = (
                    t(f"game.{GAME}.how.tsumo", locale)
                    if source is None
                    else t(f"game.{GAME}.how.ron", locale, **{"from": name_of(source)})
                )
                yaku = dict(win.get("yaku") or {})
                parts.append(
                    t(
                        f"game.{GAME}.{'win' if yaku else 'win_none'}",
                        locale,
                        name=name_of(win.get("seat")),
                        how=how,
                        points=win.get("points", 0),
                        yaku=yaku_text(yaku, locale),
                    )
                )
            summary = " ".join(parts)
        totals = list(event.get("totals") or [])
        if not totals:
            return summary
        return t(
            f"game.{GAME}.totals",
            locale,
            summary=summary,
            totals=self.totals_text(totals, name_of, locale),
        )
