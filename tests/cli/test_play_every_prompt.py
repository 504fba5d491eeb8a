"""Every prompt of every registered game, in the terminal player, to the end of whole games.

At each prompt the player types what a newcomer might: every choice by its number (where
choices are numbered), its word (where they are not) and its name in either language, a card
of the hand by its number, junk, `help`, `rules`, and a move of another kind of prompt of the
same game. Each must be the move it names or a refusal that says what this prompt takes; a
refusal, help and the rules leave the stored game exactly as it was. Then a move the easy CPU
would make is typed (or Enter lets an optional prompt go) and the game goes on to its end.

No game is named: the games, their seat counts and their moves come from the registry.
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import types
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

import bot.tables.core
from bot.games import plugins, presenter
from bot.games.moves import pick_action
from bot.play import TerminalGame
from bot.play_prompt import FINISH_KEY, HELP_WORDS, KEYS, RULES_WORDS, PromptScreen, say
from bot.settings import get_settings
from bot.store import Database
from bot.tables import TableService
from engines.actions import Action
from engines.cpu import cpu_player, decision_rng
from engines.game import Game
from engines.players import Decision
from engines.prompts import Prompt
from engines.registry import game_class


def bare(action: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """An action without its seat (what a typed move names)."""
    return None if action is None else {k: v for k, v in action.items() if k != "seat"}


JUNK = ("%s", "zzz", "?!", "x y z", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23")


def cases() -> list[tuple[str, int, int, bool]]:
    """Each game at its fewest seats, the whole game; at one more seat (or the same when it
    has one count), another seed, to the end of its first hand (deal, round) for a game of
    several, the whole game otherwise (a match of many deals, twice, is minutes)."""
    out = []
    for plugin in plugins():
        cls = plugin.engine
        out.append((cls.id, cls.min_seats, 1, True))
        out.append((cls.id, min(cls.min_seats + 1, cls.max_seats), 0, False))
    return out


class Stored:
    """The table as stored, read as another program reads the file (between two inputs)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def row(self) -> tuple[int, int, str]:
        with sqlite3.connect(self.path) as con:
            found = con.execute(
                "select version, action_count, snapshot from tables order by id desc limit 1"
            ).fetchone()
        return int(found[0]), int(found[1]), str(found[2])

    def game(self, game_id: str) -> Game:
        return game_class(game_id).from_json(json.loads(self.row()[2]))


class Newcomer:
    """The terminal's `ask`: probes each new prompt, checks each answer, then plays a move."""

    def __init__(
        self, game_id: str, stored: Stored, lines: list[str], seed: int, whole: bool = True
    ) -> None:
        self.game_id = game_id
        self.whole = whole
        self.stored = stored
        self.lines = lines
        self.rng = random.Random(seed)
        self.cpu = cpu_player(game_id, "easy")
        self.session: TerminalGame | None = None
        self.screen: PromptScreen | None = None
        self.queue: list[tuple[str, str]] = []
        """Inputs still to type at this prompt, each with what it must do: refused, help, move."""
        self.waiting: tuple[str, str, tuple[int, int, str], int] | None = None
        self.others: dict[str, list[tuple[str, str]]] = {}
        """Prompt kind -> (text, action type) of moves seen there, typed at other prompts."""
        self.elsewhere: list[str] = []
        self.prompts = 0
        self.moves = 0
        self.finished = False

    # ------------------------------------------------------------------ the loop

    def __call__(self, asked: str) -> str:
        self.check_last()
        if asked == say("prompt_over", "en"):
            self.finished = True
            return "q"
        assert self.session is not None
        screen = self.session.screen
        assert screen is not None and asked == screen.keys_line(), asked
        if screen is not self.screen:
            if not self.whole and (self.stored.game(self.game_id).part() or 0) >= 1:
                self.finished = True  # the first hand is over: quit (saved)
                return "q"
            self.screen = screen
            self.prompts += 1
            assert self.prompts < 5000, "the game does not end"
            self.probe(screen)
            self.queue = self.loop_probes(screen) + [self.final(screen)]
        text, expect = self.queue.pop(0)
        self.waiting = (text, expect, self.stored.row(), len(self.lines))
        return text

    def check_last(self) -> None:
        """What the last input did: a refusal or help changed nothing and said the right thing."""
        if self.waiting is None:
            return
        text, expect, before, seen = self.waiting
        self.waiting = None
        said = "\n".join(self.lines[seen:])
        assert self.screen is not None
        if expect == "move":
            self.moves += 1
            return
        assert self.stored.row() == before, f"{text!r} changed the game"
        if expect == "refused":
            assert self.screen.accepts() in said, (text, said)
        elif expect == "help":
            assert say("help_title", "en") in said and "• " in said, said
        elif expect == "rules":
            assert say("rules_title", "en", game=game_class(self.game_id).names["en"]) in said

    # ------------------------------------------------------------------ what is typed

    def probe(self, screen: PromptScreen) -> None:
        """Everything a newcomer might type, read as the loop reads it (nothing is applied)."""
        prompt = screen.prompt
        choices = screen.choices
        words = presenter(self.game_id)
        for key in [*KEYS, *HELP_WORDS, *RULES_WORDS, FINISH_KEY]:
            for locale in ("en", "ja"):
                named = {words.action_label(c, locale, screen.names).lower() for c in choices}
                named |= {
                    words.choice_word(c, prompt, locale, screen.names).lower() for c in choices
                }
                assert key not in named, f"{key!r} is both a key and a move"
        assert len(set(screen.labels)) == len(screen.labels), (
            f"two choices read alike: {screen.labels}"
        )
        for index, choice in enumerate(choices):
            for locale in ("en", "ja"):
                label = words.action_label(choice, locale, screen.names)
                assert bare(screen.read(label).action) == bare(choice), label
            if screen.numbered:
                assert bare(screen.read(str(index + 1)).action) == bare(choice)
            else:
                assert bare(screen.read(screen.words[index]).action) == bare(choice)
        for text in JUNK:
            reading = screen.read(text)
            if reading.kind == "move":  # a long list of hand numbers: a pick of that many cards
                assert screen.pick and reading.action["type"] == screen.pick["type"], text
            else:
                assert reading.kind == "refused" and screen.accepts() in reading.text, text
        assert screen.read("help").kind == "help" and screen.read("?").kind == "help"
        assert screen.read("rules").kind == "rules"
        pick = screen.pick
        if pick:
            for number in (1, len(pick["cards"])):
                expected = pick_action(pick, [number - 1])
                assert screen.read(str(number)).action == expected
        elif not screen.numbered:
            reading = screen.read("1")  # a card of the hand: a move naming it, or a refusal
            if reading.kind == "move":
                assert reading.action is not None and reading.action.get("position") == 0
            else:
                assert reading.kind == "refused" and screen.accepts() in reading.text
        kinds = {c.get("type") for c in choices} | ({pick["type"]} if pick else set())
        for kind, seen in self.others.items():
            for text, action_type in seen:
                if kind != prompt.get("kind") and action_type not in kinds:
                    self.names_or_refused(screen, text)
        self.elsewhere = [
            text
            for kind, seen in self.others.items()
            for text, action_type in seen
            if kind != prompt.get("kind")
            and action_type not in kinds
            and screen.read(text).kind != "move"
        ]
        mine = self.others.setdefault(str(prompt.get("kind")), [])
        for choice in choices[:3]:
            for text in (screen.labels[choices.index(choice)], screen.words[choices.index(choice)]):
                if (text, choice["type"]) not in mine and len(mine) < 6:
                    mine.append((text, str(choice["type"])))

    @staticmethod
    def names_or_refused(screen: PromptScreen, text: str) -> None:
        """`text` is refused with what the prompt takes, or it is the choice whose words it
        names (`1 W` at a claim offering `Ron 1 W`)."""
        reading = screen.read(text)
        if reading.kind in ("refused", "elsewhere"):  # elsewhere: never applied (the loop checks)
            assert screen.accepts() in reading.text, text
            return
        assert reading.kind == "move", (text, reading)
        index = [bare(c) for c in screen.choices].index(bare(reading.action))
        said = set(text.lower().split())
        named = set(screen.labels[index].lower().split()) | set(screen.words[index].lower().split())
        assert said <= named, (text, screen.labels[index])

    def loop_probes(self, screen: PromptScreen) -> list[tuple[str, str]]:
        """What is typed into the real loop before the move: each refused or shown, nothing
        changed (a few prompts of each kind get all of them: the readings above cover the
        rest)."""
        out = [(self.rng.choice(JUNK[:3]), "refused")]
        if self.elsewhere:  # a move of another prompt: refused (the game's reason, or "not here")
            out.append((self.rng.choice(self.elsewhere), "refused"))
        if self.prompts % 7 == 1:
            out += [("help", "help"), ("rules", "rules"), ("?", "help")]
        pick = screen.pick
        selectable = (pick or {}).get("selectable") or []
        dimmed = [n for n, ok in enumerate(selectable, 1) if not ok]
        if pick and dimmed and int(pick["min"]) == 1 == int(pick["max"]):
            out.append((str(self.rng.choice(dimmed)), "refused"))  # the game's own refusal
        return out

    def final(self, screen: PromptScreen) -> tuple[str, str]:
        """The move a player makes here (the easy CPU's), typed as the screen says."""
        prompt = screen.prompt
        if screen.one_key:
            return ("", "move")
        if not screen.required and self.rng.random() < 0.5:
            return ("", "move")  # let it pass
        game = self.stored.game(self.game_id)
        seat = int(prompt["seat"])
        found = game.prompt(seat)
        assert found is not None and found.to_json() == dict(prompt), "the screen is stale"
        action = self.decide(game, found, seat)
        if action is None:
            return ("", "move")
        return (self.typed(screen, action.to_json()), "move")

    def decide(self, game: Game, prompt: Prompt, seat: int) -> Action | None:
        rng = decision_rng(self.rng.randrange(1 << 30), "newcomer", seat)
        return self.cpu.decide(Decision(game.view(seat), prompt, rng, game.accepts))

    def typed(self, screen: PromptScreen, action: Mapping[str, Any]) -> str:
        """The action as a player types it: a choice by number, word or name; cards by number
        or code."""
        wanted = bare(action) or {}
        for index, choice in enumerate(screen.choices):
            if bare(choice) == wanted:
                way = self.rng.randrange(2)
                if way == 0:
                    return str(index + 1) if screen.numbered else screen.words[index]
                return screen.labels[index]
        pick = screen.pick
        assert pick is not None, f"{wanted} is neither a choice nor a pick"
        value = wanted[str(pick.get("field") or "cards")]
        chosen = [value] if isinstance(value, str) else list(value)
        positions: list[int] = []
        for card in chosen:
            positions.append(
                next(
                    i for i, held in enumerate(pick["cards"]) if held == card and i not in positions
                )
            )
        if self.rng.randrange(2):
            return " ".join(str(p + 1) for p in positions)
        return " ".join(card.split("/")[0] for card in chosen)


@pytest.mark.parametrize(("game_id", "seats", "seed", "whole"), cases())
def test_every_prompt_of_a_whole_game_reads_what_a_newcomer_types(
    game_id: str,
    seats: int,
    seed: int,
    whole: bool,
    sqlite_file: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(bot.tables.core, "secrets", types.SimpleNamespace(randbits=lambda _: seed))
    lines: list[str] = []
    player = Newcomer(game_id, Stored(sqlite_file), lines, seed, whole)

    async def play() -> None:
        settings = get_settings()
        database = Database(settings.database_url)
        await database.upgrade()
        try:
            session = TerminalGame(
                TableService(database, settings), game_id, "en", player, lines.append
            )
            player.session = session
            table = await session.open_or_resume("Ann", "easy", seats, False)
            await session.play(table)
        finally:
            await database.dispose()

    asyncio.run(play())
    assert player.finished, "\n".join(lines[-30:])
    assert player.moves >= 1 and player.prompts >= 1
    assert "Traceback" not in "\n".join(lines)
