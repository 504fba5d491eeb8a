"""ゴーフィッシュ in words: hand sizes and books, the hand grouped by rank, asks and answers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.generic import Events, GamePresenter, NameOf
from bot.i18n import cards, t, tn
from engines.actions import event_seen_by
from engines.cards import RANKS, card_label

GAME = "go-fish"
SEEN = "seen"
"""Suffix of an event's sentence when the listener also saw its hidden cards."""


def rank_word(rank: Any, locale: str) -> str:
    """A rank as asked for: "7s", "Aces" in English, "7", "A" in Japanese."""
    key = f"game.{GAME}.rank.{rank}"
    word = t(key, locale)
    return str(rank) if word == key else word


def rank_face(rank: Any) -> str:
    """A rank as printed on a card: "10" for T."""
    return "10" if rank == "T" else str(rank)


def hand_groups(hand: Sequence[str]) -> list[tuple[str, list[str]]]:
    """The hand's cards by rank, in rank order: [(rank, [cards])]."""
    groups: dict[str, list[str]] = {}
    for card in hand:
        groups.setdefault(card[0], []).append(card)
    return [(rank, groups[rank]) for rank in RANKS if rank in groups]


class GoFishPresenter(GamePresenter):
    """Hand sizes and books by seat, the stock, the hand by rank, "Ask Alice for 7s"."""

    game_id = GAME

    # ------------------------------------------------------------------ the table

    def counts(self, view: Mapping[str, Any], names: Sequence[str], locale: str) -> list[str]:
        """Each seat's hand size and books, then the stock."""
        lines = []
        sizes = view.get("hand_counts") or []
        books = view.get("books") or []
        for seat, size in enumerate(sizes):
            laid = " ".join(rank_face(r) for r in books[seat]) if seat < len(books) else ""
            lines.append(
                tn(
                    f"game.{GAME}.seat",
                    locale,
                    size,
                    name=names[seat] if seat < len(names) else str(seat + 1),
                    books=laid or t(f"game.{GAME}.no_books", locale),
                )
            )
        stock = view.get("stock")
        if isinstance(stock, int):
            lines.append(
                tn(f"game.{GAME}.stock", locale, stock)
                if stock
                else t(f"game.{GAME}.stock_empty", locale)
            )
        return lines

    def table_line(self, view: Mapping[str, Any], locale: str) -> str | None:
        """A seat's own hand by rank ("7 ×2 (7♠, 7♥)"); nothing on the public table."""
        hand = view.get("hand")
        if hand is None:
            return None
        if not hand:
            return t(f"game.{GAME}.hand_empty", locale)
        groups = [self.group_text(rank, held, locale) for rank, held in hand_groups(hand)]
        return t(f"game.{GAME}.hand", locale, groups=" · ".join(groups))

    @staticmethod
    def group_text(rank: str, held: Sequence[str], locale: str) -> str:
        """One rank of a hand: "7 ×2 (7♠, 7♥)"."""
        return t(
            f"game.{GAME}.group",
            locale,
            rank=rank_face(rank),
            count=len(held),
            cards=cards(list(held), locale),
        )

    def start_notice(
        self, view: Mapping[str, Any], names: Sequence[str], cpu_seats: Sequence[int], locale: str
    ) -> str | None:
        """Who asks first, and the books dealt in the opening hands."""
        first = view.get("first")
        if not isinstance(first, int) or not 0 <= first < len(names):
            return None
        lines = [t(f"game.{GAME}.first", locale, name=names[first])]
        for entry in view.get("log") or []:
            if entry.get("type") != "book":
                break
            lines.append(
                t(
                    f"game.{GAME}.dealt_book",
                    locale,
                    name=names[entry["seat"]],
                    rank=rank_word(entry["rank"], locale),
                )
            )
        return " ".join(lines) if locale != "ja" else "".join(lines)

    # ------------------------------------------------------------------ decisions

    def action_label(
        self, action: Mapping[str, Any], locale: str, names: Sequence[str] | None = None
    ) -> str:
        """ "Ask Alice for 7s" (a seat's number when names are not known)."""
        if action.get("type") != "ask":
            return super().action_label(action, locale)
        return t(
            f"action.{GAME}.ask",
            locale,
            target=_seat_name(action.get("target"), names, locale),
            rank=rank_word(action.get("rank"), locale),
        )

    def field_label(
        self,
        field: str,
        value: Any,
        locale: str,
        names: Sequence[str],
        view: Mapping[str, Any] | None = None,
    ) -> str:
        """A seat to ask with its hand size ("Alice · 5 cards"); a rank with what you hold of
        it ("7 ×2 (7♠, 7♥)")."""
        view = view or {}
        if field == "target":
            sizes = view.get("hand_counts") or []
            name = _seat_name(value, names, locale)
            if isinstance(value, int) and 0 <= value < len(sizes):
                return tn(f"game.{GAME}.target", locale, sizes[value], name=name)
            return name
        if field == "rank":
            held = [card for card in view.get("hand") or [] if card[0] == value]
            if held:
                return self.group_text(str(value), held, locale)
            return rank_face(value)
        return str(value)

    def hint_reason(self, reason: str | None, params: Mapping[str, Any], locale: str) -> str | None:
        """Why the Hint asks what it asks, the rank in words ("7s")."""
        words = dict(params)
        if "rank" in words:
            words["rank"] = rank_word(words["rank"], locale)
        return super().hint_reason(reason, words, locale)

    # ------------------------------------------------------------------ narration

    def narrate(
        self, events: Events, name_of: NameOf, locale: str, viewer: int | None = None
    ) -> str | None:
        """One action's events that `viewer` (None: the channel) may know, as sentences.

        A miss says "Go fish!" and "drew a card"; a listener who saw the card hears "drew 7♥"
        instead, and a drawn card that matched the ask is told to all.
        """
        shown = [e for e in events if e.get("type") != "game_over" and event_seen_by(e, viewer)]
        private = {(e.get("type"), e.get("seat")) for e in shown if e.get("audience") is not None}
        sentences = []
        for at, event in enumerate(shown):
            kind = event.get("type")
            key = f"event.{GAME}.{kind}"
            if kind == "go_fish":
                after = shown[at + 1] if at + 1 < len(shown) else {}
                if not event.get("drew"):
                    key += ".no_stock"
                elif after.get("type") in ("drew", "lucky") and after.get("seat") == event.get(
                    "seat"
                ):
                    key += ".alone"  # the next sentence tells the draw
            elif event.get("audience") is not None:
                if kind == "refill":
                    key += "." + SEEN
            elif (kind, event.get("seat")) in private:
                continue
            sentences.append(self._sentence(key, event, name_of, locale))
        if not sentences:
            return None
        # English sentences are spaced; Japanese ones end with 。 and run on
        return ("" if locale == "ja" else " ").join(sentences)

    @staticmethod
    def _sentence(key: str, event: Mapping[str, Any], name_of: NameOf, locale: str) -> str:
        params: dict[str, Any] = {"name": name_of(event.get("seat"))}
        for field in ("target", "to"):
            if isinstance(event.get(field), int):
                params[field] = name_of(event[field])
        if "rank" in event:
            params["rank"] = rank_word(event["rank"], locale)
        if isinstance(event.get("card"), str):
            params["card"] = card_label(event["card"])
        if isinstance(event.get("cards"), list):
            params["cards"] = cards(event["cards"], locale)
        count = event.get("count")
        if isinstance(count, int):
            return tn(key, locale, count, **params)
        return t(key, locale, **params)

    def you_line(self, events: Sequence[Mapping[str, Any]], seat: int, locale: str) -> str | None:
        """What the seat's own ask did: the cards it got, its draw, its books, whether it goes on."""
        parts = []
        again = False
        for event in events:
            kind, who = event.get("type"), event.get("seat")
            if kind == "handed" and event.get("to") == seat:
                got = cards(list(event.get("cards") or []), locale)
                parts.append(t(f"game.{GAME}.you_got", locale, cards=got))
                again = True
            elif who != seat:
                continue
            elif kind == "drew" and "card" in event:
                parts.append(t(f"game.{GAME}.you_go_fish", locale, card=card_label(event["card"])))
            elif kind == "lucky":
                parts.append(t(f"game.{GAME}.you_lucky", locale, card=card_label(event["card"])))
                again = True
            elif kind == "go_fish" and not event.get("drew"):
                parts.append(t(f"game.{GAME}.you_no_stock", locale))
                again = False
            elif kind == "book":
                parts.append(
                    t(f"game.{GAME}.you_book", locale, rank=rank_word(event["rank"], locale))
                )
            elif kind == "refill" and "cards" in event:
                parts.append(
                    t(
                        f"game.{GAME}.you_refilled",
                        locale,
                        cards=cards(list(event["cards"]), locale),
                    )
                )
            elif kind == "skip":
                again = False
        if again and not any(e.get("type") == "game_over" for e in events):
            parts.append(t(f"game.{GAME}.you_again", locale))
        return ("" if locale == "ja" else " ").join(parts) or None

    # ------------------------------------------------------------------ the end

    def result_fields(
        self, result: Mapping[str, Any], names: Sequence[str], locale: str
    ) -> list[tuple[str, str]]:
        """Books per seat (which ranks), and who shares the win on a tie."""
        books = result.get("books") or []
        lines = []
        for seat, ranks in enumerate(books):
            name = names[seat] if seat < len(names) else str(seat + 1)
            if ranks:
                lines.append(
                    tn(
                        f"result.{GAME}.seat",
                        locale,
                        len(ranks),
                        name=name,
                        ranks=" ".join(rank_face(r) for r in ranks),
                    )
                )
            else:
                lines.append(t(f"result.{GAME}.seat_none", locale, name=name))
        fields = [(t(f"result.{GAME}.books", locale), "\n".join(lines))]
        winners = self.winners(result)
        if len(winners) > 1:
            best = len(books[winners[0]]) if winners[0] < len(books) else 0
            shared = t("list.sep", locale).join(names[w] for w in winners if w < len(names))
            fields.append(
                (
                    t(f"result.{GAME}.shared", locale),
                    tn(f"result.{GAME}.shared_by", locale, best, names=shared),
                )
            )
        return fields


def _seat_name(seat: Any, names: Sequence[str] | None, locale: str) -> str:
    if names is not None and isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return t("seat.label", locale, n=seat + 1 if isinstance(seat, int) else seat)
