"""Every subcommand's bad input is one line on standard error and a non-zero exit, never a
traceback; `cardbot --help` and every subcommand's `--help` are complete and say what the
README's command table says."""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot import cli
from bot.settings import get_settings
from engines.cpu import LEVELS
from engines.registry import games

ROOT = Path(__file__).resolve().parents[2]

BAD: list[tuple[str, dict[str, str]]] = [
    ("run", {"TURN_TIMER_SECONDS": "5"}),
    ("run", {"DISCORD_TOKEN": " "}),
    ("run --bogus", {}),
    ("play bogus", {}),
    ("play kitten-fishing --seats 3", {}),
    ("play kitten-fishing --seats 0", {}),
    ("play kitten-fishing --seats x", {}),
    ("play kitten-fishing --level godlike", {}),
    ("play kitten-fishing --lang fr", {}),
    ("play kitten-fishing --name", {}),
    ("play kitten-fishing --new --new=x", {}),
    ("play kitten-fishing", {"DATABASE_URL": "nonsense"}),
    ("replay {missing}", {}),
    ("replay {folder}", {}),
    ("replay {junk}", {}),
    ("replay {junk} --jsonl=x", {}),
    ("replay {junk} --finish=x", {}),
    ("cpu {missing} --level easy", {}),
    ("cpu {junk}", {}),
    ("cpu {junk} --level godlike", {}),
    ("cpu {junk} --level easy --jsonl=x", {}),
    ("simulate bogus --games 1", {}),
    ("simulate go-fish --games 0", {}),
    ("simulate go-fish --seed x", {}),
    ("simulate go-fish --seats 9 --games 1", {}),
    ("simulate go-fish --level godlike --games 1", {}),
    ("simulate go-fish --levels hard,godlike --games 1", {}),
    ("simulate kokutorum --levels hard,style:bogus --games 1", {}),
    ("simulate go-fish --level style:closed --games 1", {}),
    ("simulate go-fish --hands 0", {}),
    ("simulate go-fish --json=x", {}),
    ("bench bogus", {}),
    ("bench --game bogus", {}),
    ("bench --quick=x", {}),
    ("render bogus", {}),
    ("render go-fish --seed x", {}),
    ("render go-fish --out {junk}", {}),
    ("db", {}),
    ("db bogus", {}),
    ("db upgrade", {"DATABASE_URL": "mysql://bot@db/cardbot"}),
    ("tables", {}),
    ("tables bogus", {}),
    ("tables release", {}),
    ("tables release x", {}),
    ("tables release 0", {}),
    ("tables quarantined", {"DATABASE_URL": "mysql://bot@db/cardbot"}),
    ("build --jobs 0", {}),
    ("build --jobs x", {}),
    ("build --dir {junk}", {}),
    ("build --status=x", {}),
    ("build --clean=x", {}),
    ("build --force=x", {}),
    ("bogus", {}),
    ("", {}),
]
"""Bad input for every subcommand and every option (the coverage test below keeps it whole)."""


@pytest.fixture
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder of its own: no .env, a database of its own, the build folder inside it."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", f"sqlite+aiosqlite:///{tmp_path / 'cli.db'}")
    monkeypatch.setenv("CARDBOT_BUILD_DIR", str(tmp_path / "compiled"))
    (tmp_path / "folder").mkdir()
    (tmp_path / "junk").write_text("not json\n")
    get_settings.cache_clear()
    yield tmp_path
    get_settings.cache_clear()


def argv_of(case: str, where: Path) -> list[str]:
    paths = {name: str(where / name) for name in ("missing", "folder", "junk")}
    return case.format(**paths).split()


def subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    found = next((a for a in parser._actions if isinstance(a, argparse._SubParsersAction)), None)
    return dict(found.choices) if found is not None else {}


def options(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    return [a for a in parser._actions if not isinstance(a, argparse._HelpAction)]


@pytest.mark.parametrize(("case", "env"), BAD, ids=[case or "(nothing)" for case, _ in BAD])
def test_bad_input_is_one_line_and_a_non_zero_exit(
    case: str,
    env: dict[str, str],
    isolated: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    get_settings.cache_clear()
    try:
        code = cli.main(argv_of(case, isolated))
    except SystemExit as exc:  # argparse's refusals
        code = exc.code if isinstance(exc.code, int) else 1
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert code not in (0, None), captured
    assert len(lines) == 1, captured.err
    assert "Traceback" not in captured.err and not lines[0].startswith("usage:")
    command = case.split()[0] if case.split() else ""
    if command in subparsers(cli.build_parser()):  # says whose refusal it is
        assert lines[0].startswith(f"cardbot {command}: "), lines[0]


def test_the_bad_input_cases_cover_every_subcommand_and_option() -> None:
    """A new subcommand or option without a case here fails: bad input is tried for each."""
    words = [set(case.replace("=", " ").split()) for case, _ in BAD]
    for name, parser in subparsers(cli.build_parser()).items():
        mine = [w for w in words if name in w]
        assert mine, f"no bad input for `cardbot {name}`"
        for action in options(parser):
            if action.option_strings:
                assert any(set(action.option_strings) & w for w in mine), (
                    f"no bad input for `cardbot {name} {action.option_strings[0]}`"
                )


def test_the_refusals_say_what_is_accepted(
    isolated: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ids = ", ".join(cls.id for cls in games())
    for case, says in [
        ("play bogus", f"cardbot play: Unknown game 'bogus'. The games: {ids}."),
        ("bench --game bogus", f"cardbot bench: Unknown game 'bogus'. The games: {ids}."),
        ("simulate bogus", f"cardbot simulate: Unknown game 'bogus'. The games: {ids}."),
        (
            "simulate shirokuro --levels hard,style:bogus --games 1",
            "cardbot simulate: shirokuro has no style 'bogus' (its styles: style:closed,"
            " style:claim-all, style:efficient).",
        ),
        ("build --jobs 0", "cardbot build: argument --jobs: 0 is too small (give 1 or more)"),
        ("play go-fish --seats x", "argument --seats: 'x' is not a whole number (give 1 or more)"),
        ("play go-fish --level x", "argument --level: invalid choice: 'x' (choose from"),
    ]:
        with pytest.raises(SystemExit) if "argument" in says else _nothing():
            assert cli.main(argv_of(case, isolated)) == 2
        assert says in capsys.readouterr().err


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def test_cleaning_a_build_folder_that_never_existed_says_so(
    isolated: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    never = isolated / "never"
    assert cli.main(["build", "--clean", "--dir", str(never)]) == 0
    assert capsys.readouterr().out == f"nothing to remove: {never} does not exist\n"
    made = isolated / "made"
    made.mkdir()
    assert cli.main(["build", "--clean", "--dir", str(made)]) == 0
    assert capsys.readouterr().out == f"removed {made}\n" and not made.exists()


def test_a_bad_value_in_a_real_process_is_one_line_without_a_traceback(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bot.cli", "build", "--jobs", "0", "--dir", str(tmp_path / "b")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == (
        "cardbot build: argument --jobs: 0 is too small (give 1 or more)"
        " (see `cardbot build --help`).\n"
    )
    assert not (tmp_path / "b").exists()


def test_the_cpu_levels_are_the_engines() -> None:
    assert cli.LEVELS == LEVELS


# --------------------------------------------------------------------------- --help


def readme_rows() -> dict[str, str]:
    """The README's command table: `cardbot COMMAND ...` -> the row's text."""
    rows = {}
    for line in (ROOT / "README.md").read_text().splitlines():
        found = re.match(r"\| `cardbot ([a-z]+)[^|]*\|(.*)\|\s*$", line)
        if found:
            rows[found.group(1)] = line
    return rows


def test_cardbot_help_lists_every_command_in_the_readmes_words() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bot.cli", "--help"], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0
    text = " ".join(proc.stdout.split())
    rows = readme_rows()
    assert set(cli._COMMANDS) == set(cli.HELP) == set(subparsers(cli.build_parser()))
    assert " | ".join(cli._COMMANDS) in text  # the description
    for name, help_text in cli.HELP.items():
        assert f"{name} {help_text}" in text, name  # the command list
        assert name in rows, f"the README's command table has no `cardbot {name}`"
        assert help_text in rows[name], f"README and `cardbot --help` differ on {name}"


def test_every_subcommand_help_is_complete_and_names_only_its_own_options() -> None:
    rows = readme_rows()

    def walk(parser: argparse.ArgumentParser, name: str) -> Iterator[tuple[str, argparse.Action]]:
        for action in options(parser):
            yield name, action
        for sub, inner in subparsers(parser).items():
            yield from walk(inner, f"{name} {sub}")

    for name, parser in subparsers(cli.build_parser()).items():
        for where, action in walk(parser, name):
            if not isinstance(action, argparse._SubParsersAction):
                assert action.help and action.help != argparse.SUPPRESS, (where, action.dest)
        # every option the README shows for the command exists
        own = {s for _, a in walk(parser, name) for s in a.option_strings}
        usage = re.split(r"(?<!\\)\|", rows[name])[1]
        for option in re.findall(r"(--[a-z]+)", usage):
            assert option in own, f"README: `cardbot {name} {option}` does not exist"
        proc = subprocess.run(
            [sys.executable, "-m", "bot.cli", name, "--help"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert proc.returncode == 0 and proc.stderr == ""
        for action in options(parser):
            for option in action.option_strings:
                assert option in proc.stdout, f"cardbot {name} --help: {option}"


OUTSIDE = ("RECORDS.md", "RULINGS.md", "ARCHITECTURE.md", "STYLE.md", "seeds/", "../shared")
"""Names of files the team reads beside the repository: a reader of the docs has none of them
(the record format is docs/records.md here, the rulings are in each game's page)."""


def test_the_docs_never_cite_a_file_outside_the_repository() -> None:
    """README, docs/, .env.example and every --help stand on their own."""
    helps = [cli.build_parser().format_help()]
    helps += [parser.format_help() for parser in subparsers(cli.build_parser()).values()]
    texts = {"--help": "\n".join(helps)}
    for path in [ROOT / "README.md", ROOT / ".env.example", *sorted((ROOT / "docs").glob("*.md"))]:
        texts[path.name] = path.read_text()
    for name, text in texts.items():
        for outside in OUTSIDE:
            assert outside not in text, f"{name} cites {outside}"
