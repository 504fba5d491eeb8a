"""Kokutorum's and Shirokuro-jaku's words: every event of CPU games told in full in both
languages (to the channel without a hidden card or a private claim), every refusal code and
every move in both languages, a round's end with its numbers, and moves typed as players type
them (`insert 3 B`, `差し込む 3 黒`, `discard 5`, `pon 4-5`, `ron`, `パス`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.games import presenter
from bot.games.two_number import parse_move
from bot.i18n import error_text, has, t
from engines.cards import card_label
from engines.cpu import cpu_chooser
from engines.game import Game
from engines.registry import game_class

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("kokutorum", "shirokuro")
NAMES = ["Ann", "Ben", "Cy"]
SOURCES = {
    "kokutorum": ["engines/kokutorum", "engines/two_number"],
    "shirokuro": ["engines/shirokuro", "engines/two_number"],
}


def name_of(seat: int | None) -> str:
    return NAMES[seat] if seat is not None else ""


def played(game_id: str, seats: int, seed: int) -> list[tuple[Any, list[dict[str, Any]]]]:
    """A CPU game to its end: each action with the events it caused (as JSON)."""
    cls = game_class(game_id)
    game: Game = cls.new(seats, {}, seed)
    actions = cls.new(seats, {}, seed).autoplay(cpu_chooser(game_id, ["normal"] * seats, seed))
    return [(action, [e.to_json() for e in game.apply(action)]) for action in actions]


def refusal_codes(game_id: str) -> set[str]:
    """Every code the game's engine refuses with (read from its source)."""
    found: set[str] = set()
    for folder in SOURCES[game_id]:
        for file in (ROOT / folder).glob("*.py"):
            text = file.read_text()
            found |= set(re.findall(r'IllegalAction\(\s*"([a-z_]+)"', text))
    return found


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seats", [2, 3])
def test_every_event_of_a_game_is_told_in_full_and_the_channel_hears_no_secret(
    game_id: str, seats: int
) -> None:
    words = presenter(game_id)
    kinds: set[str] = set()
    for action, events in played(game_id, seats, seats):
        kinds.update(e["type"] for e in events)
        secret = {
            card_label(str(e["card"]))
            for e in events
            if e.get("audience") is not None and e.get("card")
        }
        for locale in ("en", "ja"):
            public = words.narrate(events, name_of, locale, None)
            own = words.narrate(events, name_of, locale, action.seat)
            for line in (public, own):
                assert line is None or ("{" not in line and "event." not in line), line
            if public is not None:
                assert not [c for c in secret if c in public], (public, secret)
                assert "answers" not in public and "の答え" not in public  # a claim's answer
            shown = [e for e in events if e.get("audience") is None and e["type"] != "draw"]
            assert public or not shown, events
            you = words.you_line(events, action.seat, locale)
            assert you is None or ("{" not in you and "game." not in you), you
    assert {"insert", "inserted_card", "discard", "round_over"} <= kinds
    for locale in ("en", "ja"):
        for kind in kinds - {"game_over"}:
            assert has(f"event.{game_id}.{kind}", locale), (locale, kind)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_refusal_and_every_move_has_its_words_in_both_languages(game_id: str) -> None:
    codes = refusal_codes(game_id)
    assert {"bad_position", "bad_upright", "wrong_phase", "not_your_turn"} <= codes
    for code in codes:
        english = error_text(code, "en", "", {}, game_id)
        japanese = error_text(code, "ja", "", {}, game_id)
        assert english != t("error.unexpected", "en") and "{" not in english, code
        assert japanese != english and re.search(r"[ぁ-んァ-ン一-龥]", japanese), code
    words = presenter(game_id)
    moves = [
        {"type": "rotate"},
        {"type": "keep"},
        {"type": "insert", "position": 2, "upright": "B"},
        {"type": "discard", "position": 4},
    ]
    moves += (
        [{"type": "draw", "from": "stock"}, {"type": "draw", "from": "discard"}, {"type": "knock"}]
        if game_id == "kokutorum"
        else [
            {"type": "tsumo"},
            {"type": "ron", "position": 6, "upright": "W"},
            {"type": "pon", "position": 3},
            {"type": "chi", "position": 0},
            {"type": "pass"},
        ]
    )
    for move in moves:
        assert has(f"action.{game_id}.{move['type']}", "ja")
        for locale in ("en", "ja"):
            label = words.action_label({"seat": 0, **move}, locale)
            assert label and "{" not in label and not label.startswith("action."), label
            prompt = {"kind": move["type"], "choices": [{"seat": 0, **move}]}
            assert words.parse_move(prompt, label) in (None, move), label  # a label reads back
    assert words.action_label({"type": "insert", "position": 2, "upright": "B"}, "en") == (
        "Insert 3 B"
    )
    assert has(f"game.{game_id}.rules", "ja") and "**" in t(f"game.{game_id}.rules", "ja")


def test_a_kokutorum_rounds_end_says_every_seats_deadwood_the_score_and_the_totals() -> None:
    words = presenter("kokutorum")
    undercut = {
        "knocker": 0,
        "kind": "undercut",
        "points": [10, 5, 8],
        "scores": [0, 10, 0],
        "winners": [1],
        "totals": [4, 22, 9],
    }
    assert words.round_text(undercut, name_of, "en") == (
        "Undercut! Ann knocked. Deadwood: Ann 10, Ben 5, Cy 8. Ben scores 10 (5 + 5)."
        " Totals: Ann 4, Ben 22, Cy 9."
    )
    assert words.round_text(undercut, name_of, "ja") == (
        "アンダーノック！Annのノックです。デッドウッド：Ann 10点、Ben 5点、Cy 8点。Benが10点（5＋5）を"
        "得ます。合計：Ann 4点、Ben 22点、Cy 9点。"
    )
    stock = {**undercut, "knocker": None, "kind": "stock", "points": [3, 3, 9], "winners": [0, 1]}
    assert "The stock ran out. Deadwood: Ann 3, Ben 3, Cy 9. Ann, Ben score 5." in (
        words.round_text({**stock, "scores": [5, 5, 0]}, name_of, "en")
    )
    result = {"totals": [31, 12], "rounds": [{**undercut, "kind": "kokuto", "scores": [31, 0]}]}
    fields = dict(words.result_fields(result, NAMES, "en"))
    assert fields == {"Totals": "1. Ann 31\n2. Ben 12", "Rounds": "1. kokuto by Ann: Ann +31"}


def test_a_shirokuro_rounds_end_says_the_wins_with_their_yaku_or_who_was_ready() -> None:
    words = presenter("shirokuro")
    rons = {
        "end": "ron",
        "wins": [
            {"seat": 1, "from": 0, "yaku": {"tanyao": 1, "dora": 2}, "points": 3},
            {"seat": 2, "from": 0, "yaku": {}, "points": 0},
        ],
        "totals": [0, 3, 0],
    }
    assert words.round_text(rons, name_of, "en") == (
        "Ben wins on Ann's discard (ron) for 3: Dora 2, Tanyao (no 1 or 6) 1. Cy wins on"
        " Ann's discard (ron) with no yaku: 0 points. Totals: Ann 0, Ben 3, Cy 0."
    )
    assert words.round_text(rons, name_of, "ja").startswith(
        "Benの上がり（Annからロン）・3点：ドラ 2、タンヤオ 1。"
    )
    drawn = {"end": "draw", "wins": [], "tenpai": [2], "totals": [1, 0, 1]}
    assert words.round_text(drawn, name_of, "en") == (
        "Nobody wins: Cy one card from winning: 1 point. Totals: Ann 1, Ben 0, Cy 1."
    )
    assert "流局：Cyがあと1枚で上がりのため1点ずつ。" in words.round_text(drawn, name_of, "ja")


INSERTS = {
    "kind": "insert",
    "choices": [{"type": "insert", "position": p, "upright": u} for p in range(9) for u in "WB"],
}
DISCARDS = {
    "kind": "discard",
    "choices": [{"type": "discard", "position": p} for p in range(9)] + [{"type": "knock"}],
}
CLAIM = {
    "kind": "claim",
    "choices": [
        {"type": "ron", "position": 3, "upright": "B"},
        {"type": "pon", "position": 1},
        {"type": "pass"},
    ],
}
DRAWS = {
    "kind": "draw",
    "choices": [{"type": "draw", "from": "stock"}, {"type": "draw", "from": "discard"}],
}


@pytest.mark.parametrize(
    ("prompt", "text", "move"),
    [
        (INSERTS, "insert 3 B", {"type": "insert", "position": 2, "upright": "B"}),
        (INSERTS, "3b", {"type": "insert", "position": 2, "upright": "B"}),
        (INSERTS, "W 9", {"type": "insert", "position": 8, "upright": "W"}),
        (INSERTS, "差し込む ３ 黒", {"type": "insert", "position": 2, "upright": "B"}),
        (INSERTS, "insert 12 b", {"type": "insert", "position": 11, "upright": "B"}),
        (DISCARDS, "discard 5", {"type": "discard", "position": 4}),
        (DISCARDS, "捨てる 5", {"type": "discard", "position": 4}),
        (DISCARDS, "5", {"type": "discard", "position": 4}),
        (DISCARDS, "ノック", {"type": "knock"}),
        (CLAIM, "ron", {"type": "ron", "position": 3, "upright": "B"}),
        (CLAIM, "ロン", {"type": "ron", "position": 3, "upright": "B"}),
        (CLAIM, "pon 2-3", {"type": "pon", "position": 1}),
        (CLAIM, "ポン 2", {"type": "pon", "position": 1}),
        (CLAIM, "pass", {"type": "pass"}),
        (CLAIM, "パス", {"type": "pass"}),
        (DRAWS, "stock", {"type": "draw", "from": "stock"}),
        (DRAWS, "捨て札を取る", {"type": "draw", "from": "discard"}),
    ],
)
def test_moves_are_read_as_players_type_them(
    prompt: dict[str, Any], text: str, move: dict[str, Any]
) -> None:
    assert parse_move(prompt, text) == move


@pytest.mark.parametrize(
    ("prompt", "text"),
    [
        (INSERTS, "insert"),  # which gap?
        (INSERTS, "insert 3 4 b"),
        (INSERTS, "3 x"),
        (DISCARDS, "discard 5 B"),
        (CLAIM, "chi"),  # no chi is offered: nothing to take by default
        (DRAWS, "Draw from the stock please"),
    ],
)
def test_text_that_is_no_move_is_left_to_the_generic_reader(
    prompt: dict[str, Any], text: str
) -> None:
    assert parse_move(prompt, text) is None


def test_the_preview_of_an_insert_shows_the_hand_it_makes() -> None:
    view = {"hand": ["W5B1/B", "W5B2/B", "W4B1/W"], "drawn": "W2B3", "viewer": 0}
    preview: Callable[..., str | None] = presenter("kokutorum").choice_preview
    text = preview({"type": "insert", "position": 2, "upright": "B"}, view, "en")
    assert (
        text
        == "After the insert (deadwood 4): [1 ●1 2 ●2 3 ⟨●3⟩] 4 ○4 — 0 after your best discard."
    )
    assert preview({"type": "discard", "position": 0}, view, "en") is None
    ja = presenter("shirokuro").choice_preview(
        {"type": "insert", "position": 0, "upright": "W"}, {**view, "exposed": [[]]}, "ja"
    )
    assert ja is not None and ja.startswith("差し込んだ後：1 ⟨○2⟩ 2 ●1 3 ●2 4 ○4（")
