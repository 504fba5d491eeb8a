"""The one wording system: catalogues of Japanese and English text, looked up one way.

A `Words` holds messages by locale and key. Looking one up falls back from the asked locale to
English, then to the key itself; a count among the parameters (`n`, `count`, or what the
catalogue names) that is 1 picks the key's `<key>.one` form where the language has one (“1 card”,
“Play 1 set of 2”; Japanese counts need none: 1枚, 2枚); `{name}` placeholders are filled from the
parameters. The bot's sentences (`bot.i18n`, each game's `bot/games/<game>/words.py`) and the
renderer's labels (`render.strings`, each layout's own) are all `Words`, each in the package of
the game or layer that says them.

It lives in `engines` because it is the one layer both the renderer and the bot may import, and
because it is plain data and string work (no I/O): importing it costs a command nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Self

LOCALES = ("ja", "en")
DEFAULT_LOCALE = "en"
COUNTS = ("count", "n")
"""Parameters that count something: when one is 1, a message's `<key>.one` form is used."""
ONE = ".one"
"""The suffix of a key's singular form."""


class Words:
    """A catalogue: `messages[locale][key]` is a `str.format` pattern.

    `counts` names the parameters that pick a `.one` form; `beside` finds, for a key this
    catalogue lacks, another catalogue that holds it (a game's words beside the shared ones).
    """

    def __init__(
        self,
        messages: Mapping[str, Mapping[str, str]],
        *,
        counts: tuple[str, ...] = COUNTS,
        beside: Callable[[str], Words | None] | None = None,
    ) -> None:
        self.messages = {locale: dict(table) for locale, table in messages.items()}
        self.counts = counts
        self.beside = beside

    @classmethod
    def pairs(cls, table: Mapping[str, tuple[str, str]], **options: Any) -> Self:
        """A catalogue written as `key -> (ja, en)`, the way the renderer's labels are."""
        return cls(
            {
                "ja": {k: ja for k, (ja, _) in table.items()},
                "en": {k: en for k, (_, en) in table.items()},
            },
            **options,
        )

    def keys(self) -> set[str]:
        """Every key of this catalogue (not of those beside it), in any locale."""
        return {key for table in self.messages.values() for key in table}

    def get(self, key: str, locale: str) -> str | None:
        """The pattern of `key` in `locale` alone, from this catalogue or the one beside it."""
        found = self.messages.get(locale, {}).get(key)
        if found is None and self.beside is not None:
            other = self.beside(key)
            return None if other is None else other.get(key, locale)
        return found

    def has(self, key: str, locale: str = DEFAULT_LOCALE) -> bool:
        """True when `key` is in the catalogue of `locale` (or the English one)."""
        return self.get(key, locale) is not None or self.get(key, DEFAULT_LOCALE) is not None

    def pattern(self, key: str, locale: str, params: Mapping[str, object]) -> str | None:
        """The pattern `params` ask for: the `.one` form when a count is 1 and the language has
        one (or has neither form and English has it), else the key's; English when `locale`
        lacks it; None for a key no catalogue holds."""
        if any(params.get(name) == 1 for name in self.counts):
            one = key + ONE
            if self.get(one, locale) is not None or (
                self.get(key, locale) is None and self.get(one, DEFAULT_LOCALE) is not None
            ):
                key = one
        return self.get(key, locale) or self.get(key, DEFAULT_LOCALE)

    def __call__(self, key: str, locale: str, /, **params: Any) -> str:
        """The message `key` in `locale`, filled from `params` (the key itself when missing; the
        pattern as it stands when its placeholders do not match the parameters)."""
        found = self.pattern(key, locale, params)
        if found is None:
            return key
        try:
            return found.format(**params)
        except (KeyError, IndexError, ValueError):
            return found
