"""コクトラム in words: hands by seat, the pile and the stock, your hand by its upright ends with
its melds and deadwood (both versions while you may rotate, the gaps numbered while you insert),
and each round's knock, kokuto, undercut or stock end with every seat's deadwood and total."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.games import two_number as words
from bot.i18n import t, tn
from engines.base import event_seen_by
from engines.cards import card_label
from engines.two_number.cards import rotated, value_label, value_of, values
from engines.two_number.melds import deadwood, partition

GAME = "kokutorum"
BONUS = 5
"""The kokuto and undercut bonus (RECORDS.md), told apart from the difference it adds to."""


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
        lines = []
        totals = view.get("totals") or []
        rotated_seats = view.get("rotated") or []
        for seat, count in enumerate(view.get("hand_counts") or []):
            line = tn(
                f"game.{GAME}.seat",
                locale,
                count,
                name=names[seat] if seat < len(names) else str(seat + 1),
                total=totals[seat] if seat < len(totals) else 0,
            )
            if seat == view.get("dealer"):
                line += t(f"game.{GAME}.dealer", locale)
            if view.get("rotation_open") and seat < len(rotated_seats) and rotated_seats[seat]:
                line += t(f"game.{GAME}.rotated", locale)
            lines.append(line)
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
            name_of = _namer(names)
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
            turned = rotated(hand)
            as_dealt, turned_melds = partition(values(hand)), partition(values(turned))
            return [
                t(
                    f"game.{GAME}.as_dealt",
                    locale,
                    cards=words.hand_text(hand, as_dealt[1]),
                    points=as_dealt[0],
                ),
                t(
                    f"game.{GAME}.rotate_view",
                    locale,
                    cards=words.hand_text(turned, turned_melds[1]),
                    points=turned_melds[0],
                ),
            ]
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
        return [
            line,
            t(
                f"game.{GAME}.drawn",
                locale,
                card=card_label(str(drawn)),
                white=value_label(value_of(str(drawn), "W")),
                black=value_label(value_of(str(drawn), "B")),
                gaps=len(hand) + 1,
            ),
        ]

    def table_line(self, view: Mapping[str, Any], locale: str) -> str | None:
        """The round and the target."""
        if view.get("over"):
            rounds = len(view.get("rounds") or [])
            return tn(f"game.{GAME}.line_over", locale, rounds, round=rounds)
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
            if kind == "discard":
                return t(f"game.{GAME}.you_discarded", locale, card=card_label(str(card)))
            if kind in ("inserted_card", "insert") and card:
                return t(
                    f"game.{GAME}.you_inserted",
                    locale,
                    card=card_label(str(card)),
                    gap=int(event.get("position", 0)) + 1,
                    face=words.upright(str(card)),
                )
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
        totals = list(result.get("totals") or [])
        order = sorted(range(len(totals)), key=lambda s: (-totals[s], s))
        name_of = _namer(names)
        lines = [
            t(
                f"result.{GAME}.total_line",
                locale,
                rank=rank,
                name=name_of(seat),
                total=totals[seat],
            )
            for rank, seat in enumerate(order, 1)
        ]
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
        return [
            (t(f"result.{GAME}.totals", locale), "\n".join(lines)),
            (t(f"result.{GAME}.rounds", locale), "\n".join(rounds) or "—"),
        ]

    # ------------------------------------------------------------------ decisions

    def action_label(
        self, action: Mapping[str, Any], locale: str, names: Sequence[str] | None = None
    ) -> str:
        """`Insert 3 B`, `Discard 5`, `Draw from the stock`: what `/play` also takes."""
        kind = action.get("type")
        if kind == "insert":
            return t(
                f"action.{GAME}.insert",
                locale,
                gap=int(action.get("position", 0)) + 1,
                end=action.get("upright"),
            )
        if kind == "discard":
            return t(f"action.{GAME}.discard", locale, number=int(action.get("position", 0)) + 1)
        if kind == "draw":
            key = "draw" if action.get("from") == "stock" else "draw_pile"
            return t(f"action.{GAME}.{key}", locale)
        return super().action_label(action, locale, names)

    def choice_preview(
        self, action: Mapping[str, Any], view: Mapping[str, Any] | None, locale: str
    ) -> str | None:
        """The hand after the insert chosen, the new card marked, with its deadwood and the
        least a discard then leaves."""
        view = view or {}
        hand, drawn = view.get("hand"), view.get("drawn")
        if action.get("type") != "insert" or not hand or not drawn:
            return None
        after = words.inserted(hand, str(drawn), action)
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
        self,
        events: Sequence[Mapping[str, Any]],
        name_of: Callable[[int | None], str],
        locale: str,
        viewer: int | None = None,
    ) -> str | None:
        """Draws by where they came from, gaps counted from 1, a round's end in one sentence;
        a seat that saw its own card is not also told the public version."""
        private = {
            (e.get("type"), e.get("seat"))
            for e in events
            if e.get("audience") is not None and event_seen_by(e, viewer)
        }
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
        body = super().narrate(shown, name_of, locale, viewer) if shown else None
        return words.sentences(GAME, body, tail, locale)

    def round_text(
        self, event: Mapping[str, Any], name_of: Callable[[int | None], str], locale: str
    ) -> str:
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
            totals=sep.join(
                t(f"game.{GAME}.total", locale, name=name_of(s), total=n)
                for s, n in enumerate(totals)
            ),
            winners=sep.join(name_of(s) for s in winners),
            score=score,
            diff=score - BONUS,
        )


def _namer(names: Sequence[str]) -> Callable[[int | None], str]:
    def name_of(seat: int | None) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""

    return name_of
