"""Every catalogue of the one wording system (`engines.words`): the bot's sentences, each game's,
the renderer's labels and each layout's. Every key is in both languages with the same
placeholders, and a count of one reads in the singular in English."""

from __future__ import annotations

import importlib
import pkgutil
import re
import string

import pytest

from bot.i18n import WORDS
from engines.words import LOCALES, ONE, Words
from render.games import gong_zhu
from render.strings import LABELS


def _every_words() -> dict[str, Words]:
    """Every `Words` that a module of `bot` or `render` holds, by the first `module.NAME` that
    names it (a package's `__init__` before its modules)."""
    found: dict[str, Words] = {}
    for root in ("bot", "render"):
        package = importlib.import_module(root)
        for info in pkgutil.walk_packages(package.__path__, f"{root}."):
            module = importlib.import_module(info.name)
            for name, value in vars(module).items():
                seen = any(value is words for words in found.values())
                if name.isupper() and isinstance(value, Words) and not seen:
                    found[f"{info.name}.{name}"] = value
    for plugin in importlib.import_module("bot.games.plugin").plugins():
        found[f"bot.games.{plugin.id}.messages"] = Words(plugin.messages)
    return found


EVERY = _every_words()
ORDINALS = [(gong_zhu.LABELS, "breakdown")]
"""Labels whose number names a thing rather than counts them ("Hand 1 scores")."""


def _fields(pattern: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(pattern) if name}


def test_every_layer_and_game_has_its_words_here() -> None:
    names = set(EVERY)
    assert any(words is WORDS for words in EVERY.values())
    assert any(words is LABELS for words in EVERY.values())
    assert sum(name.startswith("render.games.") for name in names) >= 6
    assert sum(name.startswith("bot.games.") for name in names) >= 6


@pytest.mark.parametrize("where", sorted(EVERY))
def test_every_key_is_in_both_languages_with_the_same_placeholders(where: str) -> None:
    words = EVERY[where]
    for key in sorted(words.keys()):
        ja, en = (words.messages.get(locale, {}).get(key) for locale in LOCALES)
        if key.endswith(ONE):
            # a singular form is English's: Japanese counts need none (1枚, 2枚); where Japanese
            # has one, English may spell the one out ("The hand's scores")
            assert en and _fields(en) <= _fields(ja or en), (where, key)
        else:
            assert ja and en and _fields(en) == _fields(ja), (where, key)


@pytest.mark.parametrize("where", sorted(EVERY))
def test_a_count_of_one_is_singular_in_english(where: str) -> None:
    words = EVERY[where]
    for key in sorted(words.keys()):
        en = words.messages.get("en", {}).get(key) or ""
        counted = [name for name in words.counts if name in _fields(en)]
        ordinal = any(words is labels and key == named for labels, named in ORDINALS)
        if key.endswith(ONE) or not counted or ordinal:
            continue
        params = {field: "x" for field in _fields(en)} | {counted[0]: 1}
        said = words(key, "en", **params)
        assert not re.search(r"(?<![\w.,])1 (?!x\b)\w+s\b", said), (where, key, said)
