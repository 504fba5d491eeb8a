"""What differs from game to game in the bot's words: counts, first-player notice, "you" lines.

The core (commands, components, the table message) never names a game. Each game may register a
`GamePresenter` subclass here, keyed by engine id; a game without one still plays through the
generic presenter (events narrated by the `event.<game>.<type>` catalogue keys, actions labelled by
`action.<game>.<type>`, the result printed field by field).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.i18n import cards, cpu_name, has, t
from bot.tables.results import TableInfo
from engines.cards import card_label

LOW_STOCK = 5
"""Kitten Fishing: at or below this many cards a stock count is highlighted."""


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
            return [f"{names[i]}: {n}" for i, n in enumerate(counts)]
        return []

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

    def action_label(self, action: Mapping[str, Any], locale: str) -> str:
        """A legal action in words, for buttons and `/play` autocomplete."""
        key = f"action.{self.game_id}.{action.get('type')}"
        fields = {k: v for k, v in action.items() if k not in ("seat", "type")}
        params = {k: _word(k, v, locale) for k, v in fields.items()}
        if has(key, locale):
            return t(key, locale, **params)
        return t(
            "action.generic",
            locale,
            type=action.get("type"),
            fields=" ".join(str(v) for v in params.values()),
        ).strip()

    def narrate(
        self, events: Sequence[Mapping[str, Any]], name_of: Callable[[int | None], str], locale: str
    ) -> str | None:
        """The events of one action as one sentence ("the kitten flipped 7♥ and fished 4 cards")."""
        phrases: list[str] = []
        generic = False
        shown = [e for e in events if e.get("type") != "game_over"]
        for i, event in enumerate(shown):
            key = f"event.{self.game_id}.{event.get('type')}"
            continued = i + 1 < len(shown) and has(key + ".cont", locale)
            if continued:
                key += ".cont"
            if not has(key, locale):
                key, generic = "event.generic", True
            params = {k: _word(k, v, locale) for k, v in event.items() if k not in ("type", "seat")}
            phrases.append(
                t(key, locale, name=name_of(event.get("seat")), type=event.get("type"), **params)
            )
        # the game's own phrases read as one sentence; generic ones ("Alice: picked") do not
        joiner = " · " if generic else t("log.join", locale)
        return joiner.join(phrases) if phrases else None


def _word(key: str, value: Any, locale: str) -> str:
    """A field value in words: card codes drawn with suits, lists joined."""
    if key in ("card", "matched") and isinstance(value, str):
        return card_label(value)
    if key == "cards" and isinstance(value, list | tuple):
        return cards(list(value), locale)
    return str(value)


class KittenFishingPresenter(GamePresenter):
    """子猫の魚釣り: stock counts (highlighted when low), the table row, capture lines."""

    game_id = "kitten-fishing"

    def counts(self, view: Mapping[str, Any], names: Sequence[str], locale: str) -> list[str]:
        """Each stock, bold with a warning sign when it runs low."""
        lines = []
        for seat, count in enumerate(view.get("stock_counts") or []):
            key = (
                "game.kitten-fishing.counts_low"
                if count <= LOW_STOCK
                else "game.kitten-fishing.counts"
            )
            lines.append(t(key, locale, name=names[seat], count=count))
        return lines

    def table_line(self, view: Mapping[str, Any], locale: str) -> str | None:
        """The row of cards on the table."""
        row = view.get("table") or []
        if not row:
            return t("game.kitten-fishing.table_row_empty", locale)
        return t("game.kitten-fishing.table_row", locale, cards=cards(row, locale))

    def start_notice(
        self, view: Mapping[str, Any], names: Sequence[str], cpu_seats: Sequence[int], locale: str
    ) -> str | None:
        """ "この対局は相手が先にめくります" when the kitten flips first, else who does."""
        first = view.get("first")
        if first is None:
            return None
        if first in cpu_seats:
            return t("game.kitten-fishing.cpu_first", locale)
        return t("game.kitten-fishing.first", locale, name=names[first])

    def you_line(self, events: Sequence[Mapping[str, Any]], seat: int, locale: str) -> str | None:
        """ "釣れた！あなたが 4 枚獲得", the J sweep in its own words, or where the card stayed."""
        mine = [e for e in events if e.get("seat") == seat]
        for event in mine:
            if event.get("type") == "fish":
                return t("game.kitten-fishing.you_fished", locale, count=event.get("count"))
            if event.get("type") == "sweep":
                return t("game.kitten-fishing.you_swept", locale, count=event.get("count"))
        flips = [e for e in mine if e.get("type") == "flip"]
        if flips:
            return t("game.kitten-fishing.you_stayed", locale, card=card_label(flips[-1]["card"]))
        return None

    def result_fields(
        self, result: Mapping[str, Any], names: Sequence[str], locale: str
    ) -> list[tuple[str, str]]:
        """Reason, moves and final stock counts."""
        counts = result.get("stock_counts") or []
        return [
            (
                t("result.reason", locale),
                t(f"result.kitten-fishing.reason.{result.get('reason')}", locale),
            ),
            (t("result.moves", locale), str(result.get("moves"))),
            (
                t("result.final", locale),
                "\n".join(
                    t("game.kitten-fishing.counts", locale, name=names[i], count=n)
                    for i, n in enumerate(counts)
                ),
            ),
        ]


_PRESENTERS: dict[str, GamePresenter] = {"kitten-fishing": KittenFishingPresenter()}


def presenter(game_id: str) -> GamePresenter:
    """The presenter of a game (the generic one when the game registered none)."""
    found = _PRESENTERS.get(game_id)
    if found is None:
        found = GamePresenter()
        found.game_id = game_id
    return found


def register_presenter(item: GamePresenter) -> None:
    """Make `item` the presenter of its game."""
    _PRESENTERS[item.game_id] = item
