"""The import contracts in pyproject.toml ([tool.importlinter]) hold, as .ci/run's `lint-imports`
checks them, so that the README's test command checks them too."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def lint_imports(
    config: Path, cwd: Path = ROOT, path: str = ""
) -> subprocess.CompletedProcess[str]:
    """Run `lint-imports` on a configuration (no cache: nothing is written beside the sources)."""
    env = dict(os.environ, PYTHONPATH=path) if path else None
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--config", str(config)],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
    )


def test_the_import_contracts_hold() -> None:
    run = lint_imports(ROOT / "pyproject.toml")
    assert run.returncode == 0, run.stdout + run.stderr


def test_no_contract_has_exceptions() -> None:
    """A circle or an import pointing up is mended, never listed as an exception."""
    assert "ignore_imports" not in (ROOT / "pyproject.toml").read_text()


GAMES_CONFIG = """
[tool.importlinter]
root_packages = ["toy"]
contract_types = ["games: bot.tools.import_contracts.GamesContract"]

[[tool.importlinter.contracts]]
name = "games"
type = "games"
containers = ["toy.engines", "toy.bot.games"]
"""


def _toy(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


@pytest.fixture
def toy(tmp_path: Path) -> Path:
    """Two games (`a` a module, `b` a package) in two containers, and a module they share."""
    _toy(
        tmp_path / "src",
        {
            "toy/__init__.py": "",
            "toy/engines/__init__.py": "",
            "toy/engines/a.py": "from toy.engines import shared\n",
            "toy/engines/b/__init__.py": "",
            "toy/engines/b/rules.py": "from toy.engines import shared\n",
            "toy/engines/shared.py": "",
            "toy/engines/registry.py": "from toy.engines import a, b\n",
            "toy/bot/__init__.py": "",
            "toy/bot/games/__init__.py": "",
            "toy/bot/games/a.py": "from toy.engines import a, registry\n",
            "toy/bot/games/b/__init__.py": "from toy.engines.b import rules\n",
        },
    )
    (tmp_path / "pyproject.toml").write_text(GAMES_CONFIG)
    return tmp_path


def test_the_games_contract_allows_shared_modules_and_registries(toy: Path) -> None:
    run = lint_imports(toy / "pyproject.toml", cwd=toy, path=str(toy / "src"))
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_games_contract_names_an_import_of_another_game(toy: Path) -> None:
    _toy(toy / "src", {"toy/bot/games/b/words.py": "\n\ndef late():\n    import toy.engines.a\n"})
    run = lint_imports(toy / "pyproject.toml", cwd=toy, path=str(toy / "src"))
    assert run.returncode == 1, run.stdout + run.stderr
    assert "- toy.bot.games.b.words -> toy.engines.a (l.4)" in run.stdout


def test_the_games_contract_refuses_containers_without_games(toy: Path) -> None:
    (toy / "pyproject.toml").write_text(GAMES_CONFIG.replace('"toy.bot.games"', '"toy.bot"'))
    run = lint_imports(toy / "pyproject.toml", cwd=toy, path=str(toy / "src"))
    assert run.returncode != 0
    assert "no game is found in all of toy.engines, toy.bot" in run.stdout + run.stderr
