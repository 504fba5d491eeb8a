"""コクトラム in words: hands by seat, the pile and the stock, your hand by its upright ends with
its melds and deadwood (both versions while you may rotate, the gaps numbered while you insert),
and each round's knock, kokuto, undercut or stock end with every seat's deadwood and total."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games import two_number as words
from bot.games.generic import Events, NameOf
from bot.i18n import t, tn
from engines.actions import event_seen_by
from engines.cards import card_label
from engines.two_number.cards import values
from engines.two_number.melds import deadwood, partition

GAME = "kokutorum"
BONUS = 5
"""The kokuto and undercut bonus (docs/records.md), told apart from the difference it adds to."""


def best_after_discard(hand: Sequence[str]) -> int:
    """The least deadwood a discard leaves in a hand of nine."""
    vs = values(hand)
    return min((deadwood(vs[:i] + vs[i + 1 :]) for i in range(len(vs))), default=0)


class KokutorumPresenter(words.TwoNumberPresenter):
    """Hands, the pile, gaps and ends, rounds in words."""

    game_id = GAME

    # ------------------------------------------------------------------ the table

    def counts(self, view: Mapping[str, Any], names: Sequence[str], locale: str) -> list[str]:
        """Each seat's cards and total; the stock and the pile; your hand as you must see it
        now (both versions, the gaps, or the cards numbered); how the last round ended."""
        lines = [
            self.seat_line(
                view, seat, count, names[seat] if seat < len(names) else str(seat + 1), locale
            )
            for seat, count in enumerate(view.get("hand_counts") or [])
        ]
        pile = view.get("pile") or []
        stock = int(view.get("stock_count") or 0)
        if pile:
            lines.append(t(f"game.{GAME}.stock", locale, count=stock, card=card_label(pile[-1])))
        else:
            lines.append(t(f"game.{GAME}.stock_no_pile", locale, count=stock))
        if view.get("last_card") and not view.get("over"):
            lines.append(t(f"game.{GAME}.last_card", locale))
        knocker = view.get("knock_seat")
        if isinstance(knocker, int) and knocker != view.get("viewer") and knocker < len(names):
            lines.append(t(f"game.{GAME}.knock_window", locale, name=names[knocker]))
        last = view.get("last_round")
        if last and (view.get("over") or not view.get("turns")):
            name_of = words.namer(names)
            summary = self.round_text(last, name_of, locale)
            lines.append(t(f"game.{GAME}.last_round", locale, summary=summary))
            melds = last.get("melds") or []
            for seat, shown in enumerate(last.get("hands") or []):
                cards = words.hand_text(shown, melds[seat] if seat < len(melds) else ())
                lines.append(t(f"game.{GAME}.shown", locale, name=name_of(seat), cards=cards))
        hand = view.get("hand")
        if hand is not None and not view.get("over"):
            lines += self.hand_lines(view, hand, locale)
        return lines

    def hand_lines(self, view: Mapping[str, Any], hand: Sequence[str], locale: str) -> list[str]:
        """The seat's own hand for the decision it faces."""
        if view.get("may_rotate"):
            return self.rotate_lines(hand, locale, _with_deadwood)
        drawn = view.get("drawn")
        points = view.get("deadwood", deadwood(values(hand)))
        melds = view.get("melds") or []
        line = t(
            f"game.{GAME}.hand",
            locale,
            cards=words.hand_text(hand, melds, gaps=bool(drawn)),
            points=points,
        )
        if not drawn:
            return [line]
        return [line, self.drawn_line(str(drawn), hand, locale)]

    def table_line(self, view: Mapping[str, Any], locale: str) -> str | None:
        """The round and the target."""
        if view.get("over"):
            return self.over_line(view, locale)
        return t(
            f"game.{GAME}.line", locale, round=view.get("round", 1), target=view.get("target", 30)
        )

    def start_notice(
        self, view: Mapping[str, Any], names: Sequence[str], cpu_seats: Sequence[int], locale: str
    ) -> str | None:
        """Who deals and who plays first."""
        dealer, first = view.get("dealer"), view.get("first")
        if not isinstance(dealer, int) or not isinstance(first, int):
            return None
        return t(f"game.{GAME}.start", locale, name=names[dealer], first=names[first])

    def you_line(self, events: Sequence[Mapping[str, Any]], seat: int, locale: str) -> str | None:
        """What the seat's own action did (a round it ends is told by the narration, with
        everyone's names)."""
        if any(e.get("type") == "round_over" for e in events):
            return None
        for event in reversed([e for e in events if e.get("seat") == seat]):
            kind = event.get("type")
            card = event.get("card")
            moved = self.you_moved(event, locale)
            if moved is not None:
                return moved
            if kind == "drew_card":
                return t(f"game.{GAME}.you_drew", locale, card=card_label(str(card)))
            if kind == "draw" and event.get("from") == "discard":
                return t(f"game.{GAME}.you_took", locale, card=card_label(str(card)))
            if kind in ("rotated", "kept", "knock"):
                key = {"rotated": "you_rotated", "kept": "you_kept", "knock": "you_knocked"}[kind]
                return t(f"game.{GAME}.{key}", locale)
        return None

    def result_fields(
        self, result: Mapping[str, Any], names: Sequence[str], locale: str
    ) -> list[tuple[str, str]]:
        """The totals, best first, and each round: how it ended and who scored."""
        name_of = words.namer(names)
        rounds = []
        for number, entry in enumerate(result.get("rounds") or [], 1):
            kind = str(entry.get("kind"))
            who = entry.get("winners") or [None]
            actor = entry.get("knocker") if kind in ("knock", "kokuto", "undercut") else None
            if kind == "undercut":
                actor = who[0]
            scores = entry.get("scores") or []
            scored = [
                t(f"result.{GAME}.score", locale, name=name_of(s), score=scores[s])
                for s in range(len(scores))
                if scores[s]
            ]
            rounds.append(
                t(
                    f"result.{GAME}.round_line",
                    locale,
                    round=number,
                    how=t(f"result.{GAME}.how.{kind}", locale, name=name_of(actor)),
                    scores=t("list.sep", locale).join(scored)
                    or t(f"result.{GAME}.no_score", locale),
                )
            )
        return self.totals_fields(result, name_of, rounds, locale)

    # ------------------------------------------------------------------ decisions

    def action_label(
        self, action: Mapping[str, Any], locale: str, names: Sequence[str] | None = None
    ) -> str:
        """`Draw from the stock`, `Take the discard`; inserts and discards as both games say
        them (`Insert 3 B`, `Discard 5`): what `/play` also takes."""
        kind = action.get("type")
        if kind == "draw":
            key = "draw" if action.get("from") == "stock" else "draw_pile"
            return t(f"action.{GAME}.{key}", locale)
        return super().action_label(action, locale, names)

    def choice_preview(
        self, action: Mapping[str, Any], view: Mapping[str, Any] | None, locale: str
    ) -> str | None:
        """The hand after the insert chosen, the new card marked, with its deadwood and the
        least a discard then leaves."""
        after = self.inserted_hand(action, view)
        if after is None:
            return None
        points, melds = partition(values(after))
        return t(
            f"game.{GAME}.preview",
            locale,
            cards=words.hand_text(after, melds, mark=int(action["position"])),
            points=points,
            best=best_after_discard(after),
        )

    # ------------------------------------------------------------------ narration

    def narrate(
        self, events: Events, name_of: NameOf, locale: str, viewer: int | None = None
    ) -> str | None:
        """Draws by where they came from, gaps counted from 1, a round's end in one sentence;
        a seat that saw its own card is not also told the public version."""
        private = self.private_events(events, viewer)
        shown: list[Mapping[str, Any]] = []
        tail: list[str] = []
        for event in events:
            kind, seat = event.get("type"), event.get("seat")
            if not event_seen_by(event, viewer):
                continue
            if kind == "draw":
                if event.get("from") == "discard":
                    shown.append({"type": "draw_pile", "seat": seat, "card": event.get("card")})
                elif ("drew_card", seat) not in private:
                    shown.append({"type": "draw", "seat": seat})
            elif kind in ("insert", "inserted_card"):
                if kind == "insert" and ("inserted_card", seat) in private:
                    continue
                key = "insert_known" if kind == "insert" and event.get("card") else kind
                item: dict[str, Any] = {
                    "type": key,
                    "seat": seat,
                    "gap": int(event.get("position", 0)) + 1,
                }
                if event.get("card"):
                    item["card"] = event["card"]
                shown.append(item)
            elif kind == "round_over":
                tail.append(self.round_text(event, name_of, locale))
            elif kind == "deal":
                phrase = t(
                    f"event.{GAME}.deal",
                    locale,
                    name=name_of(seat),
                    round=event.get("round"),
                    card=card_label(str(event.get("upcard"))),
                )
                tail.append(t(f"game.{GAME}.sentence", locale, text=phrase))
            elif kind == "knock" and any(e.get("type") == "round_over" for e in events):
                continue  # the round's end says who knocked
            elif kind in ("discard", "drew_card"):
                shown.append({"type": kind, "seat": seat, "card": event.get("card")})
            elif kind == "knock":
                shown.append({"type": kind, "seat": seat, "cards": event.get("cards", 8)})
            else:
                shown.append(event)
        return self.told(shown, tail, name_of, locale, viewer)

    def round_text(self, event: Mapping[str, Any], name_of: NameOf, locale: str) -> str:
        """A round's end: who knocked, every seat's deadwood, who scores what, the totals."""
        sep = t("list.sep", locale)
        points = list(event.get("points") or [])
        totals = list(event.get("totals") or [])
        winners = list(event.get("winners") or [])
        scores = list(event.get("scores") or [])
        kind = str(event.get("kind"))
        knocker = event.get("knocker")
        score = scores[winners[0]] if winners and winners[0] < len(scores) else 0
        return tn(
            f"game.{GAME}.round_{kind}",
            locale,
            len(winners),
            name=name_of(knocker) if isinstance(knocker, int) else "",
            points=sep.join(
                t(f"game.{GAME}.points", locale, name=name_of(s), points=p)
                for s, p in enumerate(points)
            ),
            totals=self.totals_text(totals, name_of, locale),
            winners=sep.join(name_of(s) for s in winners),
            score=score,
            diff=score - BONUS,
        )


def _with_deadwood(cards: Sequence[str]) -> dict[str, Any]:
    """A version of the hand while it may rotate: its cards with their melds, its deadwood."""
    points, melds = partition(values(cards))
    return {"cards": words.hand_text(cards, melds), "points": points}
