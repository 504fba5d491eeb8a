"""Zhao Pengyou's words: typed calls read in either language, every event of real deals told
in full sentences (no placeholder left, no hidden card told to the wrong listener), choices and
prompts labelled, the table's counts with the trick in progress and short enough for an embed
at 12 seats."""

from __future__ import annotations

import pytest

from bot.games.zhao_pengyou.presenter import ZhaoPengyouPresenter, call_text, parse_calls
from engines.cards import card_label
from engines.cpu import cpu_chooser
from engines.zhao_pengyou import ZhaoPengyou

PRESENTER = ZhaoPengyouPresenter()
NAMES = [f"P{n}" for n in range(12)]


@pytest.mark.parametrize(
    ("text", "calls"),
    [
        ("AH 1, KS 2", [("AH", 1), ("KS", 2)]),
        ("2nd A♥ 1st K♠", [("AH", 2), ("KS", 1)]),
        ("A♥の2枚目、K♠の1枚目", [("AH", 2), ("KS", 1)]),
        ("ah 1 ks 2", [("AH", 1), ("KS", 2)]),
        ("AH2 KS", [("AH", 2), ("KS", 1)]),
        ("10H 2, QC", [("TH", 2), ("QC", 1)]),
    ],
)
def test_typed_calls_are_read(text: str, calls: list[tuple[str, int]]) -> None:
    assert parse_calls(text) == [{"card": c, "nth": n} for c, n in calls]


@pytest.mark.parametrize("text", ["", "zz", "AH AH AH 1 2 3 4", "1 2"])
def test_text_that_is_no_calls(text: str) -> None:
    assert parse_calls(text, count=2) is None


def test_parse_move_reads_calls_for_the_call_prompt_only() -> None:
    prompt = {"kind": "call", "choices": [{"type": "call", "calls": [{}, {}]}]}
    assert PRESENTER.parse_move(prompt, "AH 1, KS 2") == {
        "type": "call",
        "calls": [{"card": "AH", "nth": 1}, {"card": "KS", "nth": 2}],
    }
    assert PRESENTER.parse_move(prompt, "AH 1") is None  # two calls are wanted
    assert PRESENTER.parse_move({"kind": "play"}, "AH 1, KS 2") is None


def test_calls_read_as_players_say_them() -> None:
    assert call_text({"card": "AH", "nth": 2}, "en") == "2nd A♥"
    assert call_text({"card": "TC", "nth": 1}, "ja") == "10♣ の1枚目"
    action = {"type": "call", "calls": [{"card": "AH", "nth": 2}, {"card": "KS", "nth": 1}]}
    assert PRESENTER.action_label(action, "en") == "Call 2nd A♥, 1st K♠"
    play = {"type": "play", "cards": ["7H", "7H", "8H", "8H"]}
    assert PRESENTER.action_label(play, "en") == "Play 7♥, 7♥, 8♥, 8♥"
    assert PRESENTER.action_label({"type": "declare", "card": "2S"}, "ja") == "2♠ で宣言"


@pytest.mark.parametrize("seats", [6, 8, 12])
def test_every_event_of_a_deal_is_told_in_full(seats: int) -> None:
    game = ZhaoPengyou.new(seats, {"ranks": ["K"] * seats}, seats)
    actions = ZhaoPengyou.new(seats, {"ranks": ["K"] * seats}, seats).autoplay(
        cpu_chooser(game.id, ["normal"] * seats, seats)
    )
    kinds = set()
    for action in actions:
        events = [e.to_json() for e in game.apply(action)]
        kinds.update(e["type"] for e in events)
        for locale in ("en", "ja"):
            for viewer in (None, action.seat):
                line = PRESENTER.narrate(
                    events, lambda s: NAMES[s] if s is not None else "", locale, viewer
                )
                if line is None:
                    continue
                assert "{" not in line and "event." not in line, line
                if viewer is None:  # the channel never hears the kitty's cards
                    assert "takes the kitty:" not in line and "キティを取りました：" not in line
            you = PRESENTER.you_line(events, action.seat, locale)
            assert you is None or "{" not in you
    assert {"declared", "kitty_taken", "buried", "called", "play", "trick", "deal_over"} <= kinds


def test_the_table_counts_fit_an_embed_field_at_12_seats() -> None:
    game = ZhaoPengyou.new(12, {"ranks": ["K"] * 12}, 4)
    decide = cpu_chooser(game.id, ["normal"] * 12, 4)
    longest = 0
    while not game.is_over():
        view = game.view(None)
        for locale in ("en", "ja"):
            counts = PRESENTER.counts(view, ["Ｗ" * 32] * 12, locale)
            line = PRESENTER.table_line(view, locale) or ""
            longest = max(longest, len("\n".join([*counts, line])))
        game.autoplay(decide, limit=7)
    assert longest <= 1024


def test_the_seat_lines_show_the_trick_in_progress() -> None:
    game = ZhaoPengyou.new(6, {"ranks": ["K"] * 6}, 2)
    decide = cpu_chooser(game.id, ["normal"] * 6, 2)
    while not (game.phase == "play" and len(game.trick) == 3):
        game.autoplay(decide, limit=1)
    view = game.view(None)
    trick = view["trick"]
    assert trick is not None
    holder = trick["winning"]
    for locale, holds in (("en", " (holds the trick)"), ("ja", "（勝ち札）")):
        lines = PRESENTER.counts(view, NAMES[:6], locale)
        for play in trick["plays"]:
            line = lines[play["seat"]]
            assert " ".join(card_label(c) for c in play["cards"]) in line.replace(",", "")
            assert line.endswith(holds) == (play["seat"] == holder)
        played = {p["seat"] for p in trick["plays"]}
        for seat in set(range(6)) - played:
            assert "played" not in lines[seat] and "出しました" not in lines[seat]


def test_prompts_say_what_is_asked() -> None:
    game = ZhaoPengyou.new(6, {"ranks": ["K"] * 6}, 2)
    decide = cpu_chooser(game.id, ["normal"] * 6, 2)
    said = {}
    while not game.is_over() and ("play", "ja") not in said:
        for prompt in game.prompts().values():
            for locale in ("en", "ja"):
                text = PRESENTER.prompt_text(prompt.to_json(), locale)
                assert "{" not in text and "prompt." not in text
                said[(prompt.kind, locale)] = text
        game.autoplay(decide, limit=1)
    assert said[("bury", "en")] == "Bury exactly 6 cards (the kitty is in your hand)."
    assert said[("call", "ja")].startswith("友達を2回指定してください")


def test_a_deal_worth_one_game_point_says_point() -> None:
    outcome = {
        "steps": [1, 0, 0, 1, 0, 0],
        "team": [0, 3],
        "last_trick": 0,
        "kitty_points": 10,
        "defender_points": 35,
        "winner": "declarer",
        "game_points": 1,
    }
    one = PRESENTER.deal_summary(outcome, NAMES[:6], "en")
    assert "1 game point;" in one and "doubled" not in one
    two = PRESENTER.deal_summary({**outcome, "game_points": 2}, NAMES[:6], "en")
    assert "2 game points;" in two
    assert "ゲーム点 1" in PRESENTER.deal_summary(outcome, NAMES[:6], "ja")


def test_your_play_is_told_in_the_log_words_when_it_ends_more_than_your_turn() -> None:
    """A play of yours that another seat's card takes, or that ends the deal, is told with
    names (who took it, the deal's result) rather than cut to "You played ..."."""
    play = {"type": "play", "seat": 0, "cards": ["7H"]}
    assert PRESENTER.you_line([play], 0, "en") == "You played 7♥."
    taken = {"type": "trick", "seat": 0, "points": 10}
    assert (
        PRESENTER.you_line([play, taken], 0, "en")
        == "You played 7♥ and took the trick (10 points)."
    )
    lost = {"type": "trick", "seat": 2, "points": 10}
    assert PRESENTER.you_line([play, lost], 0, "en") is None
    over = {"type": "deal_over", "seat": None, "steps": [0] * 6}
    assert PRESENTER.you_line([play, taken, over], 0, "en") is None


def test_a_follow_of_one_card_says_card() -> None:
    prompt = {"kind": "play", "pick": {"min": 1, "max": 1, "cards": ["7H"]}}
    assert PRESENTER.prompt_text(prompt, "en").startswith("Follow with 1 card (")
    prompt = {"kind": "play", "pick": {"min": 2, "max": 2, "cards": ["7H", "7H"]}}
    assert PRESENTER.prompt_text(prompt, "en").startswith("Follow with 2 cards (")


def test_the_deal_just_ended_is_told_in_the_embed_as_in_the_image() -> None:
    """What left the table image for the embed: each seat's rank steps beside its rank while
    the deal just ended is told (the next drawing's first rounds), and the kitty's cards in the
    deal's end narrated."""
    game = ZhaoPengyou.new(6, {}, 1)
    decide = cpu_chooser(game.id, ["normal"] * 6, 1)
    while not game.outcomes:
        game.autoplay(decide, limit=1)
    view = game.view(None)
    steps = view["last_deal"]["steps"]
    lines = PRESENTER.counts(view, NAMES[:6], "en")
    for seat, step in enumerate(steps):
        assert (f"rank {view['ranks'][seat]} (+{step})" in lines[seat]) == bool(step)
    ja = PRESENTER.counts(view, NAMES[:6], "ja")
    assert any("（+" in line for line in ja) == any(steps)
    while game.drawn < 6 * 3:
        game.autoplay(decide, limit=1)
    assert not any("(+" in line for line in PRESENTER.counts(game.view(None), NAMES[:6], "en"))


def test_the_deal_end_narration_shows_the_kitty() -> None:
    event = {
        "type": "deal_over",
        "seat": None,
        "deal": 1,
        "steps": [1, 0, 0, 1, 0, 0],
        "team": [0, 3],
        "last_trick": 0,
        "kitty_points": 10,
        "defender_points": 35,
        "winner": "declarer",
        "game_points": 1,
        "kitty": ["KS", "5H", "2C", "3D", "4D", "9C"],
    }
    line = PRESENTER.narrate([event], lambda s: NAMES[s] if s is not None else "", "en")
    assert line is not None and line.endswith("; the kitty: K♠, 5♥, 2♣, 3♦, 4♦, 9♣")
    ja = PRESENTER.narrate([event], lambda s: NAMES[s] if s is not None else "", "ja")
    assert ja is not None and "キティ：K♠" in ja
