"""The `cardbot` command line: run | play | replay | cpu | simulate | bench | render | db | tables |
build.

Bad input is one line on standard error, saying what is wrong and what is accepted, and a
non-zero exit (2, as argparse exits): never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

# subcommand -> "module:function"; each function takes the parsed arguments and returns an
# exit code. Modules load lazily so `cardbot replay` never imports discord.py or Pillow.
HELP = {
    "run": "the Discord bot (settings from .env)",
    "play": "play a game in the terminal against CPU seats",
    "replay": "replay game records (docs/records.md)",
    "cpu": "ask a computer player for its next action in a record (docs/records.md)",
    "simulate": "CPU-only games and how the CPU levels and styles of play compare",
    "bench": (
        "speed figures: engines, CPU decisions, the tables service, images; the messages a "
        "game sends; the event loop's lag beside thinking CPUs"
    ),
    "render": "sample table and hand images of a game",
    "db": "database maintenance (cardbot db upgrade applies the migrations)",
    "tables": "tables set aside after their game failed: list them, put one back in play",
    "build": "optional: compile the engines with mypyc (two to four times as fast)",
}
"""Each subcommand's line in `cardbot --help`: the README's command table says the same."""

_COMMANDS = {
    "run": "bot.run:main",
    "play": "bot.play:main",
    "replay": "bot.replay:main",
    "cpu": "bot.cpu:main",
    "simulate": "bot.simulate:main",
    "bench": "bot.tools.bench:main",
    "render": "render.samples:main",
    "db": "bot.store.cli:main",
    "tables": "bot.tables.admin:main",
    "build": "bot.tools.build:main",
}


LEVELS = ("easy", "normal", "hard")
"""The CPU levels (engines.cpu.LEVELS, written out: the parser imports no engine)."""
GAME_COMMANDS = ("play", "simulate", "bench", "render")
GAME_HELP = "game id, e.g. kitten-fishing (an unknown id is answered with the list of games)"
"""Subcommands whose `game` argument names a game: checked before they start."""


class Parser(argparse.ArgumentParser):
    """argparse whose refusals are one line: what is wrong, and where to read what is accepted."""

    def error(self, message: str) -> NoReturn:
        """Print `cardbot play: argument --seats: ...` and exit 2 (no usage block)."""
        self.exit(2, f"{self.prog}: {message} (see `{self.prog} --help`).\n")


class VersionAction(argparse.Action):
    """`--version`: print the installed version and exit. The version is read only when asked:
    reading it imports importlib.metadata and email, most of a parser's start-up otherwise."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(
            option_strings, argparse.SUPPRESS, nargs=0, help="show the version and exit"
        )

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        """Print `cardbot VERSION` and exit 0."""
        print(f"cardbot {version()}")
        parser.exit()


def at_least(least: int) -> Callable[[str], int]:
    """An argparse type: a whole number of `least` or more, refused in words otherwise."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a whole number (give {least} or more)"
            ) from None
        if value < least:
            raise argparse.ArgumentTypeError(f"{value} is too small (give {least} or more)")
        return value

    parse.__name__ = f"a whole number of {least} or more"
    return parse


def whole_number(text: str) -> int:
    """An argparse type: any whole number (a seed), refused in words otherwise."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def game_problem(game_id: str) -> str | None:
    """Why `game_id` names no playable game, with the ids that do (None when it is one)."""
    from engines.errors import GameError
    from engines.record import game_for_record
    from engines.registry import games

    try:
        game_for_record(game_id)
    except GameError as exc:
        return f"{exc.message} The games: {', '.join(cls.id for cls in games())}."
    return None


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = Parser(
        prog="cardbot",
        description=f"The cardbot command line: {' | '.join(_COMMANDS)}.",
        epilog="`cardbot COMMAND --help` says what each command takes.",
    )
    parser.add_argument("--version", action=VersionAction)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    sub.add_parser(
        "run",
        help=HELP["run"],
        description=(
            "Apply the database migrations, log in to Discord and serve the tables until "
            "stopped. Settings come from the environment and from a .env file in the working "
            "directory (copy .env.example): DISCORD_TOKEN, the bot token from the Discord "
            "developer portal, is required (docs/discord.md shows how to get it); DATABASE_URL "
            "chooses the database (default: a SQLite file in your data folder)."
        ),
    )

    play = sub.add_parser(
        "play",
        help=HELP["play"],
        description=(
            "Play GAME in the terminal against CPU seats, through the same tables service and "
            "database as the bot. Every move is saved: quit (q, Ctrl-C, Ctrl-D) any time and "
            "run the same command again, from any folder, to resume. At any prompt, `help` "
            "(or ?) says what can be typed there and `rules` gives the game's rules."
        ),
    )
    play.add_argument("game", help=GAME_HELP)
    play.add_argument("--name", default=None, help="your display name (default: your login)")
    play.add_argument(
        "--level", default=None, choices=LEVELS, help="the CPU seats' level (default normal)"
    )
    play.add_argument(
        "--seats", type=at_least(1), default=None, help="number of seats (default: the fewest)"
    )
    play.add_argument("--new", action="store_true", help="abandon the saved game and start anew")
    play.add_argument(
        "--lang", choices=["ja", "en"], default=None, help="language (default: from LANG)"
    )

    replay = sub.add_parser(
        "replay",
        help=HELP["replay"],
        description=(
            "Replay game records and print one JSON answer per record (docs/records.md): exit "
            "0 when it replayed, 2 for a malformed record, 3 when an action was refused."
        ),
    )
    replay.add_argument("file", help="record file, or - for standard input")
    replay.add_argument("--jsonl", action="store_true", help="one record per line")
    replay.add_argument("--finish", action="store_true", help="let CPU players finish the game")

    cpu = sub.add_parser(
        "cpu",
        help=HELP["cpu"],
        description=(
            'Answer a query {"record": RECORD, "seat": s} with {"action": ...}: the action the '
            "CPU of seat s takes next, which `cardbot replay` accepts as the record's next one, "
            "or null when it lets an optional prompt go. 'seat' may be left out when exactly "
            'one seat may act. An invalid query answers {"error": ...} as replay does; exit 3 '
            "when an action in the record is refused, 2 for any other invalid query."
        ),
    )
    cpu.add_argument("file", help="query file, or - for standard input")
    cpu.add_argument("--level", required=True, choices=LEVELS, help="the CPU's level")
    cpu.add_argument(
        "--jsonl",
        action="store_true",
        help="one query per line, one answer line each, flushed before the next line is read "
        "(exit 0 whatever the answers)",
    )

    simulate = sub.add_parser(
        "simulate",
        help=HELP["simulate"],
        description=(
            "Play CPU-only games and summarise them. With a lineup that mixes levels "
            "(--levels hard,normal) every deal is played once per seat rotation, so each level "
            "meets the same cards in every seat; each level's win share and score come with a "
            "95% confidence interval, and each level's lead over the next one down too."
        ),
    )
    simulate.add_argument("game", help=GAME_HELP)
    simulate.add_argument(
        "--games", type=whole_number, default=1000, help="how many deals (default 1000)"
    )
    simulate.add_argument(
        "--seed", type=whole_number, default=0, help="seed of the first game; game n uses seed + n"
    )
    simulate.add_argument(
        "--seats",
        type=at_least(1),
        default=None,
        help="number of seats (default: the game's fewest)",
    )
    simulate.add_argument(
        "--level",
        default=None,
        help="CPU level of every seat: easy, normal, hard, random, style:NAME",
    )
    simulate.add_argument(
        "--levels",
        default=None,
        help="one level per seat, comma-separated, the last repeating (hard,normal: one hard "
        "CPU against normal ones); random is a uniformly random player; style:NAME one of the "
        "game's styles of play people use (style:? lists them)",
    )
    simulate.add_argument(
        "--hands",
        type=whole_number,
        default=None,
        metavar="H",
        help="play only the first H hands (deals, rounds) of each match; scores per hand",
    )
    simulate.add_argument("--json", action="store_true", help="print the summary as JSON")

    bench = sub.add_parser("bench", help=HELP["bench"])
    bench.add_argument(
        "what",
        nargs="?",
        default="all",
        choices=["all", "engine", "cpu", "service", "render", "messages", "loop"],
        help="which figures (default all; only when asked, as they need a source checkout: "
        "`messages`, the messages whole games send through Discord; `loop`, the event loop's "
        "lag and the answer times while hard CPUs think beside people clicking)",
    )
    bench.add_argument("--quick", action="store_true", help="fewer repetitions")
    bench.add_argument(
        "--game", metavar="ID", help="only this game's engine and service figures (e.g. go-fish)"
    )

    render = sub.add_parser("render", help=HELP["render"])
    render.add_argument("game", help=GAME_HELP)
    render.add_argument(
        "--seed", type=whole_number, default=0, help="seed of the game shown (default 0)"
    )
    render.add_argument(
        "--out", default="render-samples", help="folder to write the PNG files into"
    )

    db = sub.add_parser(
        "db",
        help=HELP["db"],
        description="Database maintenance on DATABASE_URL (default: the SQLite file of cardbot).",
    )
    actions = db.add_subparsers(dest="action", required=True, metavar="ACTION")
    actions.add_parser(
        "upgrade",
        help="apply the migrations up to the newest schema (cardbot run also does it at start)",
    )

    tables = sub.add_parser(
        "tables",
        help=HELP["tables"],
        description=(
            "Tables the timers set aside (quarantined) because their game could not be loaded "
            "or advanced, on DATABASE_URL: list them with the reason, or put one back in play "
            'once the cause is fixed (docs/scaling.md, "Quarantined tables").'
        ),
    )
    tables.add_argument(
        "action",
        choices=["quarantined", "release"],
        help="quarantined: list the tables set aside; release: put table ID back in play",
    )
    tables.add_argument(
        "id", nargs="?", type=at_least(1), metavar="ID", help="the table's id (for release)"
    )

    build = sub.add_parser(
        "build",
        help=HELP["build"],
        description=(
            "Copy engines/ into a build folder outside the source tree (.compiled/ beside "
            "engines/, or $CARDBOT_BUILD_DIR) and compile it there with mypyc; needs the dev "
            "extras and a C compiler, and takes minutes. Every cardbot command then runs the "
            "compiled engines as long as the sources are those the build was made from (a "
            "hash of each file is kept); after an edit it runs pure Python until the next "
            "build. CARDBOT_PURE_PYTHON=1 forces pure Python."
        ),
    )
    build.add_argument("--status", action="store_true", help="say whether the build is usable")
    build.add_argument("--clean", action="store_true", help="remove the build")
    build.add_argument("--force", action="store_true", help="rebuild even when up to date")
    build.add_argument("--dir", default=None, help="build folder (default: see above)")
    build.add_argument(
        "--jobs", type=at_least(1), default=2, help="C files compiled at a time (default 2)"
    )
    return parser


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    found = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(found.choices)


def version() -> str:
    """The installed package's version."""
    from importlib import metadata  # only for --version: see VersionAction

    try:
        return metadata.version("cardbot")
    except metadata.PackageNotFoundError:
        return "(not installed: pip install -e .)"


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script."""
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra:  # told by the subcommand, whose --help lists what it takes
        _subcommands(parser)[args.command].error(f"unrecognized arguments: {' '.join(extra)}")
    if args.command != "build":
        # before anything imports `engines`: the compiled build if it matches the sources
        from bot import compiled

        compiled.activate()
    game = getattr(args, "game", None) if args.command in GAME_COMMANDS else None
    if game is not None and (problem := game_problem(game)) is not None:
        print(f"cardbot {args.command}: {problem}", file=sys.stderr)
        return 2
    module_name, func_name = _COMMANDS[args.command].split(":")
    func = getattr(importlib.import_module(module_name), func_name)
    try:
        return int(func(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # the reader went away (`cardbot replay --jsonl big.jsonl | head -1`): stop quietly,
        # and point stdout at /dev/null so the interpreter's final flush does not complain
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141  # 128 + SIGPIPE, as a shell reports a process a closed pipe ended


if __name__ == "__main__":
    sys.exit(main())
