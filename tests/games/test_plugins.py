"""Every game is one complete plug-in, and the generic layers name no game.

A game that lands adds its package under `bot/games/`; this test then holds it to everything
the bot needs: a registered engine, CPU players at every level, a table layout, a presenter,
both languages for its rules and for every action, event and prompt it produces in play.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from bot.games import GamePresenter, plugins
from bot.i18n import en, has, ja
from engines.cpu import LEVELS, cpu_chooser, cpu_player
from engines.game import Game
from engines.record import parse_record, replay
from engines.registry import games
from render import games as layouts

ROOT = Path(__file__).resolve().parents[2]
PLUGINS = plugins()
GENERIC = [
    "bot/tables",
    "bot/store",
    "bot/discord",
    "bot/play.py",
    "bot/tools/bench.py",
    "bot/tools/bench_service.py",
    "bot/simulate.py",
    "bot/replay.py",
    "bot/cpu.py",
    "bot/games/generic.py",
    "bot/games/plugin.py",
    "bot/games/moves.py",
    "bot/i18n/en.py",
    "bot/i18n/ja.py",
    "render/samples.py",
    "render/api.py",
    "render/games/__init__.py",
    "migrations/versions",
    "bot/i18n/__init__.py",
    "engines/words.py",
    "bot/games/__init__.py",
    # the engines' shared modules: all but the games' packages, the two-number family's own
    # library (shared by its two games only) and the contract's list of ids (engines/contract.py)
    "engines/__init__.py",
    "engines/actions.py",
    "engines/errors.py",
    "engines/game.py",
    "engines/options.py",
    "engines/players.py",
    "engines/prompts.py",
    "engines/registry.py",
    "engines/cards.py",
    "engines/cpu",
    "engines/cpu_query.py",
    "engines/discovery.py",
    "engines/record.py",
    "engines/rng.py",
]


def test_every_engine_has_a_plugin_and_every_plugin_an_engine() -> None:
    assert sorted(p.id for p in PLUGINS) == sorted(cls.id for cls in games())


@pytest.mark.parametrize("plugin", PLUGINS, ids=[p.id for p in PLUGINS])
def test_the_plugin_is_complete(plugin) -> None:
    engine: type[Game] = plugin.engine
    for level in LEVELS:
        cpu_player(engine.id, level)  # raises when a level is missing
    assert plugin.layout == layouts.module_name(engine.id)  # found where every layer looks
    layout = importlib.import_module(plugin.layout)
    for name in ("render", "sample_moments", "SAMPLE_PLAYERS"):
        assert hasattr(layout, name), f"{plugin.layout} lacks {name}"
    assert isinstance(plugin.presenter, GamePresenter)
    assert plugin.presenter.game_id == engine.id
    assert set(plugin.messages) == {"en", "ja"}
    english, japanese = plugin.messages["en"], plugin.messages["ja"]
    assert {k for k in english if not k.endswith(".one")} == set(japanese)
    for key, text in japanese.items():
        assert _placeholders(text) == _placeholders(english[key]), key
        assert ": " not in text, f"{key}: Japanese uses the full-width colon"
    assert f"game.{engine.id}.rules" in english
    assert engine.names.get("en") and engine.names.get("ja")
    for case in plugin.bench:
        assert "error" not in replay(parse_record(dict(case.record)), finish=True).answer


@pytest.mark.parametrize("plugin", PLUGINS, ids=[p.id for p in PLUGINS])
def test_every_action_event_and_prompt_of_a_game_has_its_words(plugin) -> None:
    """A few CPU games at every seat count: each action, event type and prompt kind met in
    play has its sentence in both languages, and the state round-trips through JSON."""
    engine: type[Game] = plugin.engine
    actions, events, prompts = set(), set(), set()
    for seats in range(engine.min_seats, engine.max_seats + 1):
        for seed in range(3):
            game = engine.new(seats, {}, seed)
            decide = cpu_chooser(engine.id, ["normal"] * seats, seed)
            steps = 0
            while not game.is_over() and steps < 3000:
                for prompt in game.prompts().values():
                    prompts.add(prompt.kind)
                game.autoplay(decide, limit=1)
                steps += 1
                assert type(game).from_json(game.to_json()).to_json() == game.to_json()
            # the events of a full replay, through the same CPU
            game = engine.new(seats, {}, seed)
            for action in engine.new(seats, {}, seed).autoplay(decide, limit=400):
                actions.add(action.type)
                events.update(e.type for e in game.apply(action))
    for locale in ("en", "ja"):
        for kind in actions:
            assert has(f"action.{engine.id}.{kind}", locale), (locale, kind)
        for kind in events - {"game_over"}:
            assert has(f"event.{engine.id}.{kind}", locale), (locale, kind)
        for kind in prompts:
            assert has(f"prompt.{engine.id}.{kind}", locale), (locale, kind)


def test_every_shared_engine_module_is_checked() -> None:
    """A module added beside the games under engines/ joins GENERIC (or is a game's)."""
    games_packages = {m.__name__.split(".")[1] for m in map(_module_of_game, games())}
    shared = {
        str(p.relative_to(ROOT))
        for p in sorted((ROOT / "engines").iterdir())
        if p.name != "__pycache__" and p.stem not in games_packages
    }
    assert shared - set(GENERIC) == {"engines/two_number", "engines/contract.py"}


def _module_of_game(cls: type[Game]) -> object:
    return importlib.import_module(cls.__module__)


def test_the_generic_layers_name_no_game() -> None:
    words = {cls.id for cls in games()} | {n for cls in games() for n in cls.names.values()}
    pattern = re.compile("|".join(re.escape(w) for w in words), re.IGNORECASE)
    found = []
    for entry in GENERIC:
        path = ROOT / entry
        files = [path] if path.is_file() else sorted(path.rglob("*.py"))
        for file in files:
            for number, line in enumerate(file.read_text().splitlines(), 1):
                if pattern.search(line):
                    found.append(f"{file.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "\n".join(found)


def test_shared_catalogues_hold_no_game_keys() -> None:
    ids = {cls.id for cls in games()}
    for catalogue in (en.MESSAGES, ja.MESSAGES):
        assert not [k for k in catalogue if any(f".{game}." in k for game in ids)]


def _placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))
