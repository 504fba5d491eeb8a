"""Gong Zhu in words: the Hint's reasons with their cards and margin, the line telling a seat
with none of the four cards that it has nothing to expose, the exposure prompt's effects."""

from __future__ import annotations

from bot.games import plugin
from engines.actions import Action
from engines.gong_zhu import GongZhu

GAME = plugin("gong-zhu")
assert GAME is not None
WORDS = GAME.presenter
NAMES = ["Alice", "花子", "Bob", "CPU"]

SPADES_ONLY = [r + "S" for r in "AKQJT98765432"]
HEARTS_ONLY = [r + "H" for r in "AKQJT98765432"]
DIAMONDS_ONLY = [r + "D" for r in "AKQJT98765432"]
CLUBS_ONLY = [r + "C" for r in "AKQJT98765432"]


def test_a_hint_names_its_cards_and_its_margin_in_both_languages() -> None:
    params = {"cards": ["JD", "QS"], "points": 40}
    assert (
        WORDS.hint_reason("expose_gain", params, "en")
        == "exposing J♦, Q♠ gains about 40 points on average"
    )
    assert "J♦" in (WORDS.hint_reason("expose_gain", params, "ja") or "")
    said = WORDS.hint_reason("duck", {"card": "5H", "margin": 12, "samples": 24}, "en")
    assert said == (
        "play under the winning card: the trick carries points; about 12 points better than "
        "the next choice over 24 simulated deals"
    )
    ja = WORDS.hint_reason("duck", {"card": "5H", "margin": 12, "samples": 24}, "ja")
    assert ja == (
        "得点札のあるトリックなので、勝っているカードより下を出します。"
        "次の候補より平均で約 12点 良い結果です（24通りの配り方で試算）"
    )
    # a margin under a point is not worth saying; an unknown reason says nothing
    assert WORDS.hint_reason("duck", {"margin": 0, "samples": 24}, "en") == (
        "play under the winning card: the trick carries points"
    )
    assert WORDS.hint_reason("no_such_reason", {}, "en") is None


def test_a_seat_with_nothing_to_expose_is_told_so_and_nobody_else() -> None:
    # seat 0: spades without the pig, and 2♣ — none of A♥ Q♠ J♦ 10♣; the others hold some
    hands = [SPADES_ONLY, HEARTS_ONLY, DIAMONDS_ONLY, CLUBS_ONLY]
    hands[0], hands[3] = (
        [c for c in SPADES_ONLY if c != "QS"] + ["2C"],
        [c for c in CLUBS_ONLY if c != "2C"] + ["QS"],
    )
    game = GongZhu.new(4, {}, 0, [{"hands": hands}])
    lines = WORDS.counts(game.view(0), NAMES, "en")
    assert "No card to expose this hand." in lines
    assert "このハンドで公開できるカードはありません" in WORDS.counts(game.view(0), NAMES, "ja")
    for viewer in (None, 1, 2, 3):
        assert "No card to expose this hand." not in WORDS.counts(game.view(viewer), NAMES, "en")
    for seat in range(4):
        game.apply(Action.make(seat, "expose", cards=[]))
    assert game.phase == "play"  # once the play begins, it is no longer said
    assert "No card to expose this hand." not in WORDS.counts(game.view(0), NAMES, "en")


def test_the_exposure_prompt_says_what_each_card_would_do() -> None:
    hands = [SPADES_ONLY, HEARTS_ONLY, DIAMONDS_ONLY, CLUBS_ONLY]
    game = GongZhu.new(4, {}, 0, [{"hands": hands}])
    prompt = game.prompts()[0].to_json()
    assert "Q♠ — pig ×2" in WORDS.prompt_text(prompt, "en")
