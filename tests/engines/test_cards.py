"""Card codes: canonical and friendly parsing, labels, decks, two-number cards."""

from __future__ import annotations

import pytest

from engines import cards


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("QS", "QS"),
        ("10C", "TC"),
        ("q♠", "QS"),
        ("♠Q", "QS"),
        ("tc", "TC"),
        ("2h", "2H"),
        ("A♦", "AD"),
        ("S10", "TS"),
        ("bj", "BJ"),
        ("SJ", "SJ"),
        ("1c", "AC"),
        (" k ♥ ", "KH"),
    ],
)
def test_parse_card_accepts_canonical_and_friendly_forms(text: str, code: str) -> None:
    assert cards.parse_card(text) == code


@pytest.mark.parametrize("text", ["", "X", "11S", "QQ", "Z5", "10", "♠"])
def test_parse_card_refuses_what_is_not_a_card(text: str) -> None:
    with pytest.raises(cards.CardError):
        cards.parse_card(text)


def test_labels_use_ten_and_suit_symbols() -> None:
    assert [cards.card_label(c) for c in ("TH", "QS", "AC", "2D", "BJ", "SJ")] == [
        "10♥",
        "Q♠",
        "A♣",
        "2♦",
        "Joker+",
        "Joker−",
    ]


def test_decks() -> None:
    deck = cards.standard_deck()
    assert len(deck) == len(set(deck)) == 52
    assert len(cards.standard_deck(jokers=True)) == 54
    three = cards.multi_deck(3)
    assert len(three) == 162 and three.count("QS") == 3 and three.count("BJ") == 3


def test_two_number_deck_and_orientation() -> None:
    deck = cards.two_number_deck()
    assert len(deck) == 30 and "W2B5" in deck and "W3B3" not in deck
    held = cards.orient("W2B5", "B")
    assert held == "W2B5/B" and cards.upright_value(held) == ("B", 5)
    assert cards.turn_over(held) == "W2B5/W" and cards.upright_value("W2B5/W") == ("W", 2)
    assert cards.parse_two_number("b5w2/w") == "W2B5/W"
    assert cards.two_number_label("W2B5/B") == "●5/○2"
    with pytest.raises(cards.CardError):
        cards.parse_two_number("W3B3")


def test_check_permutation_names_what_is_wrong() -> None:
    deck = cards.standard_deck()
    cards.check_permutation(list(reversed(deck)), deck)
    with pytest.raises(cards.CardError, match=r"repeated QS.*missing AS"):
        cards.check_permutation(["QS", *deck[1:]], deck)


def test_a_deal_error_names_odd_codes_on_one_line() -> None:
    import pytest

    from engines.cards import CardError, check_permutation, standard_deck

    with pytest.raises(CardError) as err:
        check_permutation(["\n", " 2C", "X" * 50, *standard_deck()[3:]], standard_deck())
    message = str(err.value)
    assert "\n" not in message and "'\\n'" in message and "'XXXXXXXX'…" in message
