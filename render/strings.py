"""The renderer's labels, in Japanese and English; names and cards come from the view.

Labels are `Words` (`engines.words`, the one wording system), written as `key -> (ja, en)`:
these shared ones, and each layout's own beside its drawing. A label that counts something has
a singular form under `KEY.one` where English needs one ("1 card", not "1 cards"); it is picked
when `n` is 1. Japanese counts need none (1枚, 2枚).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.words import LOCALES, Words
from render.text import Template

__all__ = ["LABELS", "LOCALES", "Labels", "tr", "tr_named"]


class Labels(Words):
    """A layout's labels: `Words` counted by `n` whose name fields can be drawn cut first.

    `names` lists the fields that hold a player's name; by default every field whose name
    starts with `name`.
    """

    def __init__(
        self,
        messages: Mapping[str, Mapping[str, str]],
        *,
        names: tuple[str, ...] | None = None,
        counts: tuple[str, ...] = ("n",),
    ) -> None:
        super().__init__(messages, counts=counts)
        self.names = names

    def pattern(self, key: str, locale: str, params: Mapping[str, object]) -> str:
        """The label's pattern for `params` in `locale` (the key itself when missing)."""
        return super().pattern(key, locale, params) or key

    def named(self, key: str, locale: str, **params: Any) -> Template:
        """The label as a template whose name fields are cut first when it is too wide."""
        if self.names is None:
            cut = tuple(k for k in params if k.startswith("name"))
        else:
            cut = tuple(k for k in params if k in self.names)
        return Template.of(self.pattern(key, locale, params), params, cut)


_STRINGS: dict[str, tuple[str, str]] = {
    # key: (ja, en)
    "stock": ("山札", "Stock"),
    "your_turn": ("あなたの番", "Your turn"),
    "to_play": ("手番", "To play"),
    "cpu": ("CPU", "CPU"),
    "dealer": ("親", "Dealer"),
    "you": ("あなた", "You"),
    "moves": ("手数", "Moves"),
    "moves_of": ("手数 {moves} / {cap}", "Moves {moves} / {cap}"),
    "table_row": ("場", "Table"),
    "table_empty": ("場は空です", "The table is empty"),
    "cards": ("{n}枚", "{n} cards"),
    "cards.one": ("{n}枚", "{n} card"),
    "cards_short": ("{n}枚", "{n}"),
    "hand": ("手札", "Hand"),
    "tricks": ("取り", "Tricks"),
    "seat": ("席 {n}", "Seat {n}"),
    "stayed": ("{name} が {card} をめくった：場に残る", "{name} flipped {card}: it stays"),
    "fished": (
        "釣れた！ {name} が {card} で {matched} を釣って {n}枚獲得",
        "Fished! {name} flipped {card}, matched {matched}: takes {n}",
    ),
    "swept": (
        "Jで総取り！ {name} が {card} で {n}枚獲得",
        "J sweep! {name} flipped {card}: takes {n}",
    ),
    "sweep_banner": ("Jで総取り！", "J sweep!"),
    "captured": ("獲得", "Captured"),
    "fished_short": ("釣れた！ +{n}枚", "Fished! +{n}"),
    "swept_short": ("Jで総取り！ +{n}枚", "J sweep! +{n}"),
    "flipped_short": ("めくった", "Flipped"),
    "stock_count": ("山札 {n}枚", "Stock {n}"),
    "turn_of": ("{name} の番", "{name} to play"),
    "first_flip": ("{name} が先にめくります", "{name} flips first"),
    "result": ("結果", "Result"),
    "winner": ("{name} の勝ち", "{name} wins"),
    "draw": ("引き分け", "Draw"),
    "reason_empty": ("山札が尽きた", "Stock ran out"),
    "reason_empty_who": ("{name} の山札が尽きた", "{name}'s stock ran out"),
    "reason_move_cap": (
        "手数の上限に達したため枚数で判定",
        "Move cap reached: decided by card count",
    ),
    "total_moves": ("総手数 {n}", "{n} moves in all"),
    "total_moves.one": ("総手数 {n}", "{n} move in all"),
    "final_counts": ("最終枚数", "Final count"),
    "score": ("得点", "Score"),
    "total": ("合計", "Total"),
    "last": ("直前", "Last"),
    "new_card": ("今", "New"),
    "pair": ("ペア", "Pair"),
    "winning": ("勝ち", "Wins"),
}
LABELS = Labels.pairs(_STRINGS)
"""The labels the shared parts draw."""

tr = LABELS
"""The label `key` in `locale` (English for an unknown locale), with `params` filled in."""
tr_named = LABELS.named
"""The label `key` as a template whose `name` fields are cut, not the rest, to fit."""
