"""`cardbot play` as a newcomer meets it: one meaning per number, only the prompt's own moves,
a saved game that differs from what was asked, dimmed cards, help and rules, the words."""

from __future__ import annotations

import argparse
import io
import sqlite3
from pathlib import Path

import pytest

from bot.games import plugins, presenter
from bot.i18n import error_text, t
from bot.play import run
from tests.cli.terminal import Script, play_args, saved_row, seed_tables
from tests.cli.test_play_kokutorum import sqlite_file as kokutorum_file

__all__ = ["kokutorum_file"]


def seeded(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    seed_tables(monkeypatch, seed)


def args(game: str, **extra: object) -> argparse.Namespace:
    return play_args(game, **{"level": None, **extra})


def stored(path: Path) -> tuple[int, dict[str, object]]:
    return saved_row(path)


# --------------------------------------------------------------------------- 1. one meaning


async def test_the_exposure_prompt_numbers_the_hand_only(
    sqlite_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Gong Zhu: "1. Expose nothing" beside a hand numbered from 1 made `1` mean two things."""
    seeded(monkeypatch, 11)  # Alice holds Q♠ first, her only card to expose
    lines: list[str] = []
    await run(args("gong-zhu"), ask=Script("1", "q"), out=lines.append)
    text = "\n".join(lines)
    assert "1. Expose nothing" not in text
    assert "\n  [Expose nothing]\n" in text
    assert "Alice exposes Q♠" in text  # 1 is the hand's 1
    again: list[str] = []
    seeded(monkeypatch, 12)
    await run(args("gong-zhu", new=True), ask=Script("nothing", "q"), out=again.append)
    # the CPUs have decided already: Alice's answer reveals all four at once
    assert "  Nobody exposes a card and Alice leads hand 1" in again


async def test_a_number_at_the_insert_prompt_is_a_gap_never_a_list_item(
    kokutorum_file: Path,
) -> None:
    """Kokutorum: `3` took item 3 of a numbered list (Insert 2 W), not gap 3."""
    lines: list[str] = []
    script = Script("rotate", "stock", "3", "3 b", "q")
    await run(args("kokutorum"), ask=script, out=lines.append)
    text = "\n".join(lines)
    assert "“3” could be 3 W, 3 B: type more of the one you mean." in text
    assert "This prompt takes a gap and the end to put up, like 3 B (gaps 1–9, ends W or B)" in text
    assert "You put ●6/○2 in gap 3, ●6 up." in text
    assert "gap 2" not in text
    _, snapshot = stored(kokutorum_file)
    assert snapshot["hands"][0][2] == "W2B6/B"  # type: ignore[index]


# --------------------------------------------------------------------------- 2. the prompt's own


@pytest.mark.parametrize("typed", ["s", "draw", "stock", "%s", "discard 3", "3"])
async def test_the_rotation_takes_rotate_or_keep_and_nothing_else(
    typed: str, kokutorum_file: Path
) -> None:
    """A lone `s`, `draw`, even `%s` drew a card and the rotation was never decided; `discard 3`
    was tried as a discard."""
    await run(args("kokutorum"), ask=Script("q"), out=[].append)
    before = stored(kokutorum_file)
    lines: list[str] = []
    await run(args("kokutorum"), ask=Script(typed, "q"), out=lines.append)
    text = "\n".join(lines)
    assert f"“{typed}” is not a move here." in text or "Not now:" in text
    assert "This prompt takes one of: rotate, keep; ? for help." in text
    assert "You drew" not in text and "You discarded" not in text
    assert stored(kokutorum_file) == before


async def test_an_optional_prompt_never_says_it_is_not_your_turn(
    kokutorum_file: Path,
) -> None:
    """Round 2: the CPU plays first and Alice may still rotate. A draw typed there said "It is
    not your turn."; it is not a move of this prompt, which says what it takes."""
    lines: list[str] = []
    # Enter after her discard lets the knock pass (the CPU next to her draws meanwhile)
    script = Script("keep", "stock", "9 b", "9", "", "stock", "q")
    await run(args("kokutorum"), ask=script, out=lines.append)
    text = "\n".join(lines)
    assert "Round 2 · first to 30 points" in text
    assert "You may: Rotate your whole hand once" in text
    assert "“stock” is not a move here." in text
    assert text.count("This prompt takes one of: rotate, keep; or Enter to let it pass;") == 1
    assert "It is not your turn" not in text


# --------------------------------------------------------------------------- 3. the saved game


async def test_a_saved_game_with_other_seats_is_not_resumed_without_a_word(
    sqlite_file: Path,
) -> None:
    await run(args("go-fish"), ask=Script("q"), out=[].append)
    lines: list[str] = []
    script = Script("r", "q")
    await run(args("go-fish", seats=3), ask=script, out=lines.append)
    assert "Your saved game of Go Fish has 2 seats; you asked for 3 seats." in lines
    assert script.asked[0] == "[r] resume the saved game  [n] start the new one (3 seats) > "
    assert any(line.startswith("Resuming your game of Go Fish (") for line in lines)
    lines.clear()
    await run(args("go-fish", seats=3), ask=Script("n", "q"), out=lines.append)
    assert "A new game of Go Fish." in lines
    with sqlite3.connect(sqlite_file) as con:
        rows = con.execute("select seat_count, status from tables order by id").fetchall()
    assert rows == [(2, "abandoned"), (3, "active")]
    lines.clear()
    await run(args("go-fish", seats=3, level="normal"), ask=Script("q"), out=lines.append)
    assert lines[0].startswith("Resuming your game of Go Fish (")  # the same: no question


async def test_the_saved_games_cpu_level_counts_too(sqlite_file: Path) -> None:
    await run(args("kitten-fishing", level="easy"), ask=Script("q"), out=[].append)
    lines: list[str] = []
    await run(
        args("kitten-fishing", level="hard", lang="ja"), ask=Script("r", "q"), out=lines.append
    )
    assert "保存した子猫の魚釣りの対局はCPU「やさしい」です。指定はCPU「つよい」です。" in lines


# --------------------------------------------------------------------------- 4. dimmed cards


async def test_cards_that_cant_be_played_are_dimmed_or_marked(
    sqlite_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seeded(monkeypatch, 11)
    lines: list[str] = []
    await run(args("gong-zhu"), ask=Script("1", "q"), out=lines.append)
    text = "\n".join(lines)
    # the first trick is a spade: Alice's exposed Q♠ must wait, her hearts and the rest too
    assert "(1:Q♠)  2:5♠  3:4♠  4:3♠  (5:K♥)" in text
    assert "Cards in brackets, like (1:Q♠), are dimmed: they can't be chosen now." in text
    colour: list[str] = []
    seeded(monkeypatch, 11)
    await run(args("gong-zhu", new=True), ask=Script("1", "q"), out=colour.append, colour=True)
    shown = "\n".join(colour)
    assert "\x1b[2m1:Q♠\x1b[22m  2:5♠" in shown and "Dimmed cards can't be chosen now." in shown


@pytest.mark.parametrize(
    ("tty", "env", "expected"),
    [
        (True, {}, True),
        (False, {}, False),  # a file or a pipe
        (True, {"NO_COLOR": "1"}, False),
        (True, {"TERM": "dumb"}, False),
    ],
)
def test_colour_only_where_the_terminal_has_it(
    tty: bool, env: dict[str, str], expected: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.play_prompt import use_colour

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    stream = io.StringIO()
    stream.isatty = lambda: tty  # type: ignore[method-assign]
    assert use_colour(stream) is expected


# --------------------------------------------------------------------------- 5. help and rules


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_help_and_rules_at_a_prompt(lang: str, kokutorum_file: Path) -> None:
    await run(args("kokutorum"), ask=Script("q"), out=[].append)
    before = stored(kokutorum_file)
    lines: list[str] = []
    await run(args("kokutorum", lang=lang), ask=Script("help", "rules", "?", "q"), out=lines.append)
    text = "\n".join(lines)
    title = {"en": "What you can type here:", "ja": "ここで入力できるもの："}[lang]
    assert text.count(title) == 2  # help and ?
    assert "• " + {"en": "one of: rotate, keep", "ja": "次のどれか：回転、そのまま"}[lang] in text
    # the board's legend: what ○3, ●5, ○2/●6 and ▸3 mean
    for line in presenter("kokutorum").legend(lang):
        assert line[:15] in text
    # the rules: the text /game rules gives, in the player's language
    rules = t("game.kokutorum.rules", lang).split("\n")[0]
    assert rules[:15] in text
    assert stored(kokutorum_file) == before


def test_every_game_has_a_legend_and_rules_in_both_languages() -> None:
    for plugin in plugins():
        for locale in ("en", "ja"):
            assert presenter(plugin.id).legend(locale), (plugin.id, locale)
            rules = t(f"game.{plugin.id}.rules", locale)
            assert rules != f"game.{plugin.id}.rules", (plugin.id, locale)


# --------------------------------------------------------------------------- 6. the words


def test_one_set_is_not_one_sets() -> None:
    said = error_text("follow_sets", "en", params={"count": 1, "size": 2}, game="zhao-pengyou")
    assert said == "Play 1 set of 2 identical cards of the led suit: you hold it."
    said = error_text("follow_sets", "en", params={"count": 2, "size": 2}, game="zhao-pengyou")
    assert said.startswith("Play 2 sets of 2 ")
    assert t("prompt.pick_exact", "en", n=1) == "Choose 1 card."
    assert t("prompt.pick_exact", "ja", n=1) == "札を 1 枚選んでください。"


def test_a_count_before_a_plural_has_its_one_form() -> None:
    """Every English sentence that counts something (“{count} cards”) says “1 card” too."""
    import re

    catalogue = _english()
    plural = re.compile(r"\{(count|n)\}(?: [a-z]+)? [a-z]+s\b")
    missing = [
        key
        for key, text in catalogue.items()
        if not key.endswith(".one") and plural.search(text) and f"{key}.one" not in catalogue
    ]
    assert not missing


def _english() -> dict[str, str]:
    """Every English sentence of the bot: the shared ones and every game's."""
    from bot.games.plugin import plugins
    from bot.i18n import WORDS

    games = {key: text for plugin in plugins() for key, text in plugin.messages["en"].items()}
    return {**WORDS.messages["en"], **games}


def test_every_prompt_says_its_sentence_with_a_capital() -> None:
    for key, text in _english().items():
        if key.startswith("prompt."):
            assert text[:1].isupper(), key


def test_a_trick_another_seat_takes_is_told_after_your_card() -> None:
    """Gong Zhu: your card that completed a trick said "You played 7♣." and never who took it."""
    words = presenter("gong-zhu")
    events = [{"type": "play", "seat": 0, "card": "7C"}, {"type": "trick", "seat": 2}]
    assert words.you_line(events, 0, "en") is None  # the narration tells it, with names
    told = words.narrate(events, lambda s: ["Ann", "Ben", "Cy", "Di"][s or 0], "en", viewer=0)
    assert told == "Ann plays 7♣ and Cy takes the trick"
    mine = [{"type": "play", "seat": 0, "card": "AC"}, {"type": "trick", "seat": 0}]
    assert words.you_line(mine, 0, "en") == "You played A♣ and took the trick."


def test_your_exposure_is_told_once_when_everyone_has_decided() -> None:
    """The last to decide read "Ann chose to expose 10♣ and Ann exposes 10♣ and ..."."""
    words = presenter("gong-zhu")
    events = [
        {"type": "chose", "seat": 0, "cards": ["TC"], "audience": [0]},
        {"type": "exposed", "seat": 0, "cards": ["TC"]},
        {"type": "lead", "seat": 1, "hand": 2},
    ]
    told = words.narrate(events, lambda s: ["Ann", "Ben", "Cy", "Di"][s or 0], "en", viewer=0)
    assert told == "Ann exposes 10♣ and Ben leads hand 2"


async def test_a_line_of_the_log_starts_as_a_sentence_and_the_end_asks_until_understood(
    sqlite_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seeded(monkeypatch, 5)  # Alice holds nothing to expose: she is asked like the others
    lines: list[str] = []
    await run(args("gong-zhu"), ask=Script("nothing", "q"), out=lines.append)
    assert "  Nobody exposes a card and CPU 2 leads hand 1" in lines
    finished: list[str] = []
    script = Script("s", "y", "x", "q")
    await run(args("kitten-fishing"), ask=script, out=finished.append)
    assert "  The game is over: r plays again, q (or Enter) quits." in finished
    assert script.asked[-2:] == ["[r] play again  [q] quit > "] * 2 and not script.answers


async def test_a_players_name_is_never_capitalised(
    sqlite_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Shirokuro: the table draws for "ann"; the line was "Ann draws ○3/●1"."""
    seeded(monkeypatch, 5)
    lines: list[str] = []
    script = Script("keep", "pass", "1 W", "1", "pass", "1 W", "1", "q")
    await run(args("shirokuro", name="ann"), ask=script, out=lines.append)
    assert [line for line in lines if line.startswith("  ann draws")]
    assert not [line for line in lines if "Ann" in line]
