"""子猫の魚釣り in words: stock counts (highlighted when low), the table row, capture lines."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.generic import GamePresenter
from bot.i18n import cards, t, tn
from engines.cards import card_label

LOW_STOCK = 5
"""At or below this many cards a stock count is highlighted."""


class KittenFishingPresenter(GamePresenter):
    """Stocks, the row on the table, who flips first, and "you caught..." lines."""

    game_id = "kitten-fishing"

    def counts(self, view: Mapping[str, Any], names: Sequence[str], locale: str) -> list[str]:
        """Each stock, bold with a warning sign when it runs low."""
        lines = []
        for seat, count in enumerate(view.get("stock_counts") or []):
            key = "counts_low" if count <= LOW_STOCK else "counts"
            lines.append(tn(f"game.kitten-fishing.{key}", locale, count, name=names[seat]))
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
        """ "この対局は相手が先にめくります。" when the kitten flips first, else who does."""
        first = view.get("first")
        if first is None:
            return None
        if first in cpu_seats:
            return t("game.kitten-fishing.cpu_first", locale)
        return t("game.kitten-fishing.first", locale, name=names[first])

    def you_line(self, events: Sequence[Mapping[str, Any]], seat: int, locale: str) -> str | None:
        """ "You flipped 7♥ and fished 4 cards!", the J sweep, or where the card stayed."""
        mine = [e for e in events if e.get("seat") == seat]
        flips = [e for e in mine if e.get("type") == "flip"]
        card = card_label(flips[-1]["card"]) if flips else "?"
        for event in mine:
            if event.get("type") in ("fish", "sweep"):
                key = "you_fished" if event["type"] == "fish" else "you_swept"
                count = event.get("count")
                return t(f"game.kitten-fishing.{key}", locale, card=card, count=count)
        if flips:
            return t("game.kitten-fishing.you_stayed", locale, card=card)
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
                    tn("game.kitten-fishing.counts", locale, n, name=names[i])
                    for i, n in enumerate(counts)
                ),
            ),
        ]
