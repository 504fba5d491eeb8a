"""The bot's sentences (Japanese, English) and the helpers that pick and fill them.

Every shared sentence lives in `bot/i18n/en.py` and `bot/i18n/ja.py` under the same keys, each
game's in its plug-in's `messages` (`bot/games/<game>/words.py`); `t(key, locale, **params)`
fills one through the one wording system (`engines.words`). Game names come from the engine
registry, error codes from the engines and the tables service map to `error.<code>`, narration
of engine events to `event.<game>.<type>`. A missing Japanese key falls back to English, a
missing key to the key.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from bot.i18n import en, ja
from engines.cards import card_label
from engines.discovery import Catalogue
from engines.errors import GameError
from engines.registry import game_class
from engines.words import DEFAULT_LOCALE, Words
from engines.words import LOCALES as LOCALES

_GAME_WORDS: Final = Catalogue("bot.games", "PLUGIN", object)
"""Each game's plug-in (`bot/games/<game>`), found as every layer finds a game's part; its
`messages` (a `Words`) hold the keys `<kind>.<game id>.…`."""


_GAMES_WORDS: Final[dict[str, tuple[object, Words]]] = {}
"""Each game's `messages` as `Words`, made once (again if its plug-in was found afresh)."""


def _game_words(key: str) -> Words | None:
    """The words of the game whose id is the key's second word (`event.a-game.ask`)."""
    parts = key.split(".", 2)
    if len(parts) < 2:
        return None
    messages = getattr(_GAME_WORDS.find(parts[1]), "messages", None)
    if messages is None:
        return None
    made = _GAMES_WORDS.get(parts[1])
    if made is None or made[0] is not messages:
        made = _GAMES_WORDS[parts[1]] = (messages, Words(messages))
    return made[1]


WORDS: Final = Words({"en": en.MESSAGES, "ja": ja.MESSAGES}, beside=_game_words)
"""The shared sentences, and beside them each game's."""


def normalise_locale(value: object, default: str | None = None) -> str:
    """`ja`/`en` from a Discord locale (`ja`, `en-US`, a discord.Locale) or a guild default."""
    text = str(getattr(value, "value", value) or "").lower()
    if text.startswith("ja"):
        return "ja"
    if text.startswith("en"):
        return "en"
    if default is not None and default != value:
        return normalise_locale(default)
    return DEFAULT_LOCALE


def has(key: str, locale: str = DEFAULT_LOCALE) -> bool:
    """True when `key` is in the catalogue of `locale` (or the English one)."""
    return WORDS.has(key, locale)


def t(key: str, locale: str, /, **params: Any) -> str:
    """The message `key` in `locale`, with `{name}` placeholders filled from `params`; its
    `<key>.one` form when a count among `params` is 1 (“Play 1 set of 2”)."""
    return WORDS(key, locale, **params)


def tn(key: str, locale: str, count: int, /, **params: Any) -> str:
    """`t` with `count` among its parameters (so its `.one` form when `count` is 1)."""
    return t(key, locale, count=count, **params)


def cards(codes: list[str] | tuple[str, ...], locale: str) -> str:
    """Several cards, separated the way the language lists things."""
    return t("list.sep", locale).join(card_label(c) for c in codes)


def game_name(game_id: str, locale: str) -> str:
    """A game's name in `locale`, from the engine registry."""
    try:
        names = game_class(game_id).names
    except GameError:
        return game_id
    return names.get(locale) or names.get("en") or game_id


def cpu_name(game_id: str, locale: str) -> str:
    """How the game names a computer opponent in `locale` ("CPU" unless the game says otherwise)."""
    try:
        names = game_class(game_id).cpu_names
    except GameError:
        return "CPU"
    return names.get(locale) or names.get("en") or "CPU"


def error_text(
    code: str,
    locale: str,
    message: str = "",
    params: Mapping[str, Any] | None = None,
    game: str | None = None,
) -> str:
    """A domain error (engine or tables service) in the player's language.

    A game's own sentence (`error.<game>.<code>`) comes first, then the shared one
    (`error.<code>`); unknown codes fall back to the English message the error carries (it
    always tells the player what to do), prefixed in Japanese.
    """
    for key in ([f"error.{game}.{code}"] if game else []) + [f"error.{code}"]:
        if has(key, locale):
            return t(key, locale, **dict(params or {}))
    if message:
        return t("error.fallback", locale, message=message)
    return t("error.unexpected", locale)


def refusal_text(code: str, message: str, params: Mapping[str, Any], locale: str) -> str:
    """A refusal of the tables service in words; a refused move by the game's own reason.

    `illegal_action` carries the engine's code (and the game) in its params: "Follow clubs."
    rather than "That move is not allowed now."
    """
    rest = dict(params)
    if code == "illegal_action" and rest.get("code"):
        inner = str(rest.pop("code"))
        game = rest.pop("game", None)
        return error_text(inner, locale, message, rest, str(game) if game else None)
    return error_text(code, locale, message, rest)
