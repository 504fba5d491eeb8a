"""How a game is put into words, for Discord and the terminal alike.

`GamePresenter` is the generic wording every game gets: events narrated by the
`event.<game>.<type>` catalogue keys, actions labelled by `action.<game>.<type>`, prompts by
`prompt.<game>.<kind>`, the result printed field by field. A game's plug-in subclasses it for
what its table shows (counts, the row on the table, who goes first, "you" lines).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.i18n import cards, cpu_name, has, t
from bot.tables.results import TableInfo
from engines.actions import event_seen_by
from engines.cards import SUIT_SYMBOLS, card_label

NameOf = Callable[[int | None], str]
"""How a narration names a seat (None: no seat, the table itself)."""
Events = Sequence[Mapping[str, Any]]
"""One action's events, as the engine reports them."""


def seat_names(table: TableInfo, locale: str) -> list[str]:
    """Display names by seat: users' names, the game's CPU name ("子猫") for computer seats."""
    cpu_count = sum(1 for s in table.seats if s.is_cpu)
    names = [
        t("seat.label", locale, n=i + 1) for i in range(max(table.seat_count, len(table.seats)))
    ]
    number = 0
    for seat in table.seats:
        if seat.is_cpu:
            number += 1
            base = cpu_name(table.game, locale)
            names[seat.seat] = base if cpu_count == 1 else f"{base} {number}"
        else:
            names[seat.seat] = seat.name
    return names


class GamePresenter:
    """Generic wording of a game's table and hands; subclasses override what their game shows."""

    game_id = ""

    def counts(self, view: Mapping[str, Any], names: Sequence[str], locale: str) -> list[str]:
        """Lines of counts for the table embed (cards in hand, stocks, books...)."""
        counts = view.get("hand_counts")
        if isinstance(counts, list):
            return [
                t(
                    "game.hand_count",
                    locale,
                    name=names[i],
                    count=n,
                    cards=self.cards_word(n, locale),
                )
                for i, n in enumerate(counts)
            ]
        return []

    @staticmethod
    def cards_word(count: int, locale: str) -> str:
        """ "1 card" / "3 cards" / "3 枚" """
        return t("count.card" if count == 1 else "count.cards", locale, n=count)

    def table_line(self, view: Mapping[str, Any], locale: str) -> str | None:
        """One line describing what lies on the table, if the game has such a thing."""
        return None

    def start_notice(
        self, view: Mapping[str, Any], names: Sequence[str], cpu_seats: Sequence[int], locale: str
    ) -> str | None:
        """A sentence said once when a game starts (who goes first)."""
        return None

    def you_line(self, events: Sequence[Mapping[str, Any]], seat: int, locale: str) -> str | None:
        """A sentence addressed to `seat` about what its own action did ("Caught! ...")."""
        return None

    def result_fields(
        self, result: Mapping[str, Any], names: Sequence[str], locale: str
    ) -> list[tuple[str, str]]:
        """(name, value) fields of the result panel."""
        return [
            (key, str(value)) for key, value in result.items() if key not in ("winner", "winners")
        ]

    def winners(self, result: Mapping[str, Any]) -> list[int]:
        """The winning seats (empty for a draw)."""
        if isinstance(result.get("winners"), list):
            return list(result["winners"])
        winner = result.get("winner")
        return [] if winner is None else [int(winner)]

    # ------------------------------------------------------------------ decisions

    def action_label(
        self, action: Mapping[str, Any], locale: str, names: Sequence[str] | None = None
    ) -> str:
        """A choice in words, for buttons, the terminal and `/play` autocomplete.

        `names` (display names by seat) turns seat fields such as `target` into names.
        """
        key = f"action.{self.game_id}.{action.get('type')}"
        fields = {k: v for k, v in action.items() if k not in ("seat", "type")}
        params = {k: word(k, v, locale, seat_namer(names)) for k, v in fields.items()}
        if has(key, locale):
            return t(key, locale, **params)
        return t(
            "action.generic",
            locale,
            type=action.get("type"),
            fields=" ".join(str(v) for v in params.values()),
        ).strip()

    def field_label(
        self,
        field: str,
        value: Any,
        locale: str,
        names: Sequence[str],
        view: Mapping[str, Any] | None = None,
    ) -> str:
        """One part of a two-part choice in words (the seat asked, the rank asked for...)."""
        key = f"field.{self.game_id}.{field}"
        text = word(field, value, locale, seat_namer(names))
        return t(key, locale, value=text) if has(key, locale) else text

    def parse_move(self, prompt: Mapping[str, Any], text: str) -> dict[str, Any] | None:
        """A move typed for `prompt` that the game reads itself (`insert 3 B`, calls), as an
        action without its seat; None leaves the text to the generic reader (labels, cards)."""
        return None

    def closed_reason(
        self, kind: str, view: Mapping[str, Any], names: Sequence[str], locale: str
    ) -> str | None:
        """What closed a seat's prompt of `kind` without the seat acting (trump declared by
        another seat), in words, from the seat's view; None: whose turn it is says enough."""
        return None

    def typing_hint(self, prompt: Mapping[str, Any], locale: str) -> str | None:
        """How to type a move for `prompt` that `parse_move` reads (shown in `/play`'s list
        while the text is not a move yet); None when there is no such move."""
        return None

    def numbers_name_cards(self, prompt: Mapping[str, Any]) -> bool:
        """True when a number typed at `prompt` names a card of the hand (or a gap in it): its
        listed choices are then typed by their words, never by a number (one number never means
        two things on one prompt). By default: when the prompt picks cards from the hand."""
        return bool(prompt.get("pick"))

    def choice_word(
        self,
        action: Mapping[str, Any],
        prompt: Mapping[str, Any],
        locale: str,
        names: Sequence[str] | None = None,
    ) -> str:
        """What to type for a choice where choices are not numbered (its label by default;
        `pass`, `ron 4 W` where the game reads shorter words)."""
        return self.action_label(action, locale, names)

    def listed(self, action: Mapping[str, Any], prompt: Mapping[str, Any]) -> bool:
        """Whether a choice is listed on its own where choices are typed by words (False: the
        prompt's `typing_hints` say how to type it, as a gap and an end)."""
        return True

    def typing_hints(self, prompt: Mapping[str, Any], locale: str) -> list[str]:
        """How to type the choices that are not listed, each with an example (`a gap and the end
        to put up: 3 B`)."""
        return []

    def legend(self, locale: str) -> list[str]:
        """What the marks of the game's table and hands mean, a line each (`legend.<game>`)."""
        key = f"legend.{self.game_id}"
        return t(key, locale).split("\n") if has(key, locale) else []

    def choice_preview(
        self, action: Mapping[str, Any], view: Mapping[str, Any] | None, locale: str
    ) -> str | None:
        """What a chosen move would make of the seat's own hand, shown before it is confirmed
        (the hand after an insert); None when there is nothing worth showing."""
        return None

    def prompt_text(self, prompt: Mapping[str, Any], locale: str) -> str:
        """What the seat is asked, in one sentence ("Pick 6 cards to bury.")."""
        pick = prompt.get("pick") or {}
        params = {"min": pick.get("min"), "max": pick.get("max"), "n": pick.get("min")}
        key = f"prompt.{self.game_id}.{prompt.get('kind')}"
        if has(key, locale):
            return t(key, locale, **params)
        if pick:
            if pick.get("min") == pick.get("max"):
                return t("prompt.pick_exact", locale, **params)
            return t("prompt.pick_range", locale, **params)
        return t("prompt.generic", locale)

    def group_label(self, group: str, count: int, locale: str) -> str:
        """A group of the hand in a card pick ("♥ 7", "Trumps 9")."""
        if group in SUIT_SYMBOLS:
            return f"{SUIT_SYMBOLS[group]} {count}"
        key = f"group.{self.game_id}.{group}"
        name = t(key, locale) if has(key, locale) else t(f"group.{group}", locale)
        return f"{name} {count}"

    def pick_label(self, cards_chosen: Sequence[str], action_type: str, locale: str) -> str:
        """The Play button of a card pick: what it will play ("Play 7♥ 7♥ 8♥ 8♥")."""
        key = f"pick.{self.game_id}.{action_type}"
        if not has(key, locale):
            key = "pick.generic"
        return t(key, locale, cards=cards(list(cards_chosen), locale), count=len(cards_chosen))

    def hint_reason(self, reason: str | None, params: Mapping[str, Any], locale: str) -> str | None:
        """Why the Hint recommends what it does, in words (None when it gives no reason)."""
        if not reason:
            return None
        key = f"hint.{self.game_id}.{reason}"
        return t(key, locale, **dict(params)) if has(key, locale) else None

    def finish_confirm(self, locale: str) -> str:
        """The question before "See the result" (the game's words when it has them)."""
        key = f"finish.{self.game_id}.confirm"
        return t(key if has(key, locale) else "hand.finish_confirm", locale)

    # ------------------------------------------------------------------ narration

    def narrate(
        self, events: Events, name_of: NameOf, locale: str, viewer: int | None = None
    ) -> str | None:
        """The events of one action that `viewer` (None: the channel) may know, as one sentence."""
        phrases: list[str] = []
        generic = False
        shown = [e for e in events if e.get("type") != "game_over" and event_seen_by(e, viewer)]
        for i, event in enumerate(shown):
            key = f"event.{self.game_id}.{event.get('type')}"
            continued = i + 1 < len(shown) and has(key + ".cont", locale)
            if continued:
                key += ".cont"
            if not has(key, locale):
                key, generic = "event.generic", True
            params = {
                k: word(k, v, locale, name_of)
                for k, v in event.items()
                if k not in ("type", "seat", "audience")
            }
            phrases.append(
                t(key, locale, name=name_of(event.get("seat")), type=event.get("type"), **params)
            )
        # the game's own phrases read as one sentence; generic ones ("Alice: picked") do not
        joiner = " · " if generic else t("log.join", locale)
        return joiner.join(phrases) if phrases else None


SEAT_FIELDS = frozenset({"target", "to", "giver", "taker"})
"""Action and event fields that name a seat: shown as the seat's name when names are known."""


def word(key: str, value: Any, locale: str, name_of: NameOf | None = None) -> str:
    """A field value in words: seats by name, card codes drawn with suits, lists joined."""
    if key in SEAT_FIELDS and name_of is not None and isinstance(value, int):
        return name_of(value)
    if key in ("card", "matched") and isinstance(value, str):
        return card_label(value)
    if key == "cards" and isinstance(value, list | tuple):
        return cards(list(value), locale)
    return str(value)


def seat_namer(names: Sequence[str] | None) -> NameOf | None:
    """`name_of(seat)` over a list of names (None when no names are known)."""
    if names is None:
        return None
    known = list(names)

    def name_of(seat: int | None) -> str:
        return known[seat] if seat is not None and 0 <= seat < len(known) else str(seat)

    return name_of
