"""`cardbot build`: the compiled engines answer records exactly as pure Python does, and a build
made from other sources is never used (the start-up check is tested on an uncompiled copy).

Compiling every engine takes many minutes, so unless a build that matches the sources is
already there (`cardbot build`: then every game is checked), this test compiles the modules of
Kitten Fishing and Go Fish alone (a minute or two) into a temporary folder and checks those two
games: the others cannot run on such a build, as their Python `Game` classes cannot subclass
the compiled one. The all-games check is the manual command in docs/DESIGN.md ("Compiled
engines").
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bot import compiled as loader
from bot.tools import build

needs_compiler = pytest.mark.skipif(
    build.can_build() is not None, reason=f"no compiled build possible: {build.can_build()}"
)

SMALL_BUILD = (
    *("errors.py", "actions.py", "prompts.py", "options.py", "game.py", "players.py"),
    *("registry.py", "cards.py", "kitten_fishing.py", "go_fish/rules.py", "go_fish/cpu.py"),
)
SMALL_BUILD_GAMES = ("kitten-fishing", "go-fish")
SEATS = {
    "kitten-fishing": (2,),
    "go-fish": (2, 3, 4),
    "gong-zhu": (4,),
    "zhao-pengyou": (6, 8, 12),
    "kokutorum": (2, 3),
    "shirokuro": (2, 3),
}
RECORDS_PER_GAME = 40


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A build matching the sources: the repository's own if fresh, else a small new one."""
    existing = loader.SOURCES.parent / ".compiled"
    if loader.check(existing) is None:
        return existing
    where = tmp_path_factory.mktemp("build") / "compiled"
    build.build(where, only=SMALL_BUILD, jobs=2, quiet=True)
    return where


def _env(build_dir: Path | None) -> dict[str, str]:
    """The environment of a `cardbot` command outside pytest: with this build, or pure."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "CARDBOT_"))}
    if build_dir is None:
        env["CARDBOT_PURE_PYTHON"] = "1"
    else:
        env["CARDBOT_BUILD_DIR"] = str(build_dir)
    return env


def _engines_file(env: dict[str, str]) -> str:
    """Where `engines.game` comes from once the CLI's start-up has chosen the engines."""
    code = (
        "from bot import compiled; compiled.activate(); import engines.game as b; print(b.__file__)"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    return proc.stdout.strip()


def _replay(path: Path, env: dict[str, str]) -> bytes:
    proc = subprocess.run(
        [sys.executable, "-m", "bot.cli", "replay", "--jsonl", "--finish", str(path)],
        env=env,
        capture_output=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr.decode()
    return proc.stdout


@needs_compiler
def test_the_build_gives_byte_identical_replays(compiled: Path, tmp_path: Path) -> None:
    manifest = loader.read_manifest(compiled) or {}
    files = manifest.get("files")
    full = isinstance(files, dict) and manifest.get("compiled") == sorted(files)
    games = list(SEATS) if full else SMALL_BUILD_GAMES
    records = tmp_path / "records.jsonl"
    lines = [
        json.dumps({"game": game, "seats": SEATS[game][seed % len(SEATS[game])], "seed": seed})
        for game in games
        for seed in range(RECORDS_PER_GAME if full else 100)
    ]
    records.write_text("\n".join(lines) + "\n")

    assert _engines_file(_env(compiled)).startswith(str(compiled))
    assert _engines_file(_env(compiled)).endswith(".so")
    assert _engines_file(_env(None)) == str(loader.SOURCES / "game.py")

    pure = _replay(records, _env(None))
    assert pure.count(b"\n") == len(lines) and b'"error"' not in pure
    assert _replay(records, _env(compiled)) == pure


@pytest.fixture
def copy_build(tmp_path: Path) -> Path:
    """A stand-in build of the sources as they are, nothing compiled: what a fresh build looks
    like to the start-up check, without minutes of compiling."""
    where = tmp_path / "copy-build"
    build.write_manifest(where, build.copy_sources(where), compiled=[])
    return where


def test_a_fresh_build_is_used_and_a_stale_one_is_not(copy_build: Path, tmp_path: Path) -> None:
    assert loader.check(copy_build) is None
    assert _engines_file(_env(copy_build)) == str(copy_build / "engines" / "game.py")

    # as if built before an edit of engines/cards.py
    manifest = json.loads((copy_build / loader.MANIFEST).read_text())
    manifest["files"]["engines/cards.py"] = "0" * 64
    manifest["source_hash"] = loader.source_hash(manifest["files"])
    (copy_build / loader.MANIFEST).write_text(json.dumps(manifest))
    assert loader.check(copy_build) == "build stale: engines/cards.py changed"
    assert _engines_file(_env(copy_build)) == str(loader.SOURCES / "game.py")


def test_sources_edited_after_the_build_make_it_stale(copy_build: Path, tmp_path: Path) -> None:
    sources = tmp_path / "engines"
    shutil.copytree(loader.SOURCES, sources, ignore=shutil.ignore_patterns("__pycache__"))
    assert loader.check(copy_build, sources) is None
    with (sources / "go_fish" / "rules.py").open("a") as handle:
        handle.write("# an edit\n")
    (sources / "new.py").write_text("")
    assert loader.check(copy_build, sources) == (
        "build stale: engines/go_fish/rules.py, engines/new.py changed"
    )


def test_pytest_and_the_switch_keep_pure_python(copy_build: Path) -> None:
    under_pytest = {**_env(None), "PYTEST_CURRENT_TEST": "x"}
    del under_pytest["CARDBOT_PURE_PYTHON"]
    assert _engines_file(under_pytest) == str(loader.SOURCES / "game.py")
    forced = {**_env(copy_build), "CARDBOT_PURE_PYTHON": "1"}
    assert _engines_file(forced) == str(loader.SOURCES / "game.py")
