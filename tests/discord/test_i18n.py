"""The message catalogues: same keys and placeholders in both languages, locale choice, cards."""

from __future__ import annotations

import string

import pytest

from bot.i18n import cards, en, error_text, game_name, ja, normalise_locale, t


def _placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_both_catalogues_have_the_same_keys_and_placeholders() -> None:
    assert set(en.MESSAGES) == set(ja.MESSAGES)
    for key, text in en.MESSAGES.items():
        assert _placeholders(text) == _placeholders(ja.MESSAGES[key]), key


@pytest.mark.parametrize(
    ("given", "default", "expected"),
    [
        ("ja", None, "ja"),
        ("en-US", "ja", "en"),
        ("en-GB", None, "en"),
        ("fr", "ja", "ja"),
        ("fr", None, "en"),
        (None, "ja", "ja"),
    ],
)
def test_locale_comes_from_discord_then_the_guild_default(
    given: str | None, default: str | None, expected: str
) -> None:
    assert normalise_locale(given, default) == expected


def test_cards_and_game_names_read_like_the_documents() -> None:
    assert cards(["TC", "7H"], "en") == "10♣, 7♥"
    assert cards(["TC", "7H"], "ja") == "10♣、7♥"
    assert game_name("kitten-fishing", "ja") == "子猫の魚釣り"
    assert game_name("kitten-fishing", "en") == "Kitten Fishing"


def test_error_codes_are_translated_and_unknown_ones_keep_their_message() -> None:
    assert error_text("not_your_turn", "ja") == "あなたの番ではありません。"
    assert error_text("not_your_turn", "en") == "It is not your turn."
    assert "Follow clubs." in error_text("must_follow", "ja", "Follow clubs.")
    assert t("error.bad_option", "en", option="first") == "Option 'first' has no such value."
