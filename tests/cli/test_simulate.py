"""`cardbot simulate`: CPU-only games, summary as text or JSON."""

from __future__ import annotations

import json
import subprocess
import sys


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.cli", "simulate", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_json_summary_counts_every_game() -> None:
    proc = run("kitten-fishing", "--games", "50", "--seed", "7", "--json")
    assert proc.returncode == 0
    summary = json.loads(proc.stdout)
    assert summary["games"] == 50 and sum(summary["wins"].values()) == 50
    assert sum(summary["reasons"].values()) == 50
    assert summary["actions"]["max"] >= summary["actions"]["median"] > 0


def test_same_seed_same_summary() -> None:
    a = json.loads(run("kitten-fishing", "--games", "20", "--seed", "3", "--json").stdout)
    b = json.loads(run("kitten-fishing", "--games", "20", "--seed", "3", "--json").stdout)
    for key in ("wins", "reasons", "actions"):
        assert a[key] == b[key]


def test_text_summary_and_errors() -> None:
    proc = run("kitten-fishing", "--games", "10")
    assert (
        proc.returncode == 0 and "seat 0 wins" in proc.stdout and "actions per game" in proc.stdout
    )
    bad = run("poker")
    assert bad.returncode == 2 and "Unknown game" in bad.stderr and "Traceback" not in bad.stderr


def test_a_mixed_lineup_plays_every_deal_in_every_seat_rotation() -> None:
    proc = run("kitten-fishing", "--games", "30", "--levels", "hard,random", "--json")
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout)
    assert summary["games"] == 60 and summary["rotated"]
    assert summary["lineup"] == ["hard", "random"]
    # Kitten Fishing has no decisions: with duplicate deals both "levels" win exactly as often
    assert summary["levels"]["hard"]["win_share"] == {"mean": 0.5, "ci95": 0.0}
    [diff] = summary["differences"]
    assert diff["levels"] == ["hard", "random"] and diff["win_share"]["mean"] == 0.0
    text = run("kitten-fishing", "--games", "5", "--levels", "hard,easy")
    assert "hard - easy: win share 0.0% ± 0.0  (95% confidence)" in text.stdout
    bad = run("kitten-fishing", "--levels", "godlike")
    assert bad.returncode == 2 and "random" in bad.stderr


def test_hands_plays_only_the_first_hands_of_each_match_and_scores_them() -> None:
    """Gong Zhu with --hands 1: every game is one hand of 52 cards and 4 exposure answers; the
    scores are that hand's, so a seat rotation's four seats always sum to the hand's total."""
    from bot.simulate import simulate
    from engines.cpu import cpu_chooser
    from engines.registry import game_class

    summary = simulate("gong-zhu", 3, 5, 4, ["normal", "easy"], hands=1)
    assert summary["games"] == 12 and summary["hands"] == 1
    assert summary["actions"]["max"] == summary["actions"]["median"] == 56
    game = game_class("gong-zhu").new(4, {}, 5)
    game.autoplay(cpu_chooser("gong-zhu", ["easy"] * 4, 5), limit=56)
    assert game.part() == 1 and game.scores() == [float(s) for s in game.history[0]["scores"]]
    # a win share per game, split among the best hands
    shares = summary["levels"]
    assert 0 < shares["normal"]["win_share"]["mean"] + shares["easy"]["win_share"]["mean"] <= 1
    text = run("gong-zhu", "--games", "1", "--level", "easy", "--seats", "4", "--hands", "2")
    assert text.returncode == 0 and "the first 2 hand(s) of each" in text.stdout
    bad = run("gong-zhu", "--hands", "0")
    assert bad.returncode == 2 and "--hands must be at least 1" in bad.stderr


def test_a_repeating_lineup_is_played_in_its_distinct_rotations_only() -> None:
    """hard,random,hard,random: two distinct rotations, each level in every seat once a deal."""
    from bot.simulate import simulate

    summary = simulate("go-fish", 4, 1, 4, ["hard", "random", "hard", "random"])
    assert summary["games"] == 8 and summary["rotated"]
    one_against_three = simulate("go-fish", 2, 1, 4, ["hard", "random"])
    assert one_against_three["games"] == 8


def test_a_lineup_may_hold_a_games_styles_of_play() -> None:
    """style:NAME seats one of the game's styles (`GameSpec.styles`) beside the levels; every
    deal is still played in every seat rotation and the levels are compared with it."""
    from bot.simulate import simulate

    summary = simulate("kokutorum", 3, 11, 3, ["hard", "style:knock-at-once"], hands=1)
    assert summary["games"] == 9 and summary["rotated"]
    assert summary["lineup"] == ["hard", "style:knock-at-once", "style:knock-at-once"]
    [diff] = summary["differences"]
    assert diff["levels"] == ["hard", "style:knock-at-once"] and "score" in diff
    ranked = simulate("kokutorum", 1, 11, 3, ["style:knock-at-10", "easy", "normal"], hands=1)
    assert [d["levels"] for d in ranked["differences"]] == [
        ["normal", "easy"],
        ["easy", "style:knock-at-10"],
    ]
    bad = run("kokutorum", "--games", "1", "--levels", "hard,style:?")
    assert bad.returncode == 2 and "style:knock-at-once" in bad.stderr
    none = run("go-fish", "--games", "1", "--levels", "hard,style:careful")
    assert none.returncode == 2 and "no style 'careful'" in none.stderr
