"""`cardbot play GAME`: play in the terminal against CPU seats.

The terminal is one more transport of the tables service: the same database (the SQLite file by
default), the same action log, the same CPU batches as on Discord. The terminal player is one
local user at a pseudo channel per game, so quitting (q, Ctrl-D, or killing the process) and
running the command again resumes the game where it stood.
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import os
import signal
import sys
import zlib
from collections.abc import Callable, Mapping
from typing import Any

from bot.games import presenter, seat_names
from bot.i18n import game_name, refusal_text, t
from bot.play_prompt import PromptScreen, Reading, capitalised, plain, say, use_colour
from bot.settings import SettingsError, load_settings
from bot.store.database import Database, DatabaseError
from bot.tables import ActResult, SeatPrompt, TableError, TableInfo, TableService
from engines.actions import event_seen_by
from engines.cpu import LEVELS
from engines.errors import GameError
from engines.record import game_for_record
from engines.registry import game_class, games

TERMINAL_USER_ID = 1
"""The local player's user id (Discord ids are far larger, so the two never meet)."""
AUTO_PACE_SECONDS = 0.15
DEFAULT_LEVEL = "normal"

Ask = Callable[[str], str]


def terminal_channel(game_id: str) -> int:
    """The pseudo channel of a game's terminal table (one open table per game)."""
    return zlib.crc32(f"terminal:{game_id}".encode())


def terminal_locale(explicit: str | None) -> str:
    """`--lang`, else Japanese when the terminal's locale is Japanese, else English."""
    if explicit in ("ja", "en"):
        return explicit
    env = os.environ.get("LC_ALL") or os.environ.get("LC_MESSAGES") or os.environ.get("LANG") or ""
    return "ja" if env.lower().startswith("ja") else "en"


class TerminalGame:
    """One terminal session at one game's table."""

    def __init__(
        self,
        service: TableService,
        game_id: str,
        locale: str,
        ask: Ask,
        out: Callable[[str], None],
        colour: bool = False,
    ):
        self.service = service
        self.game_id = game_id
        self.locale = locale
        self.ask = ask
        self.out = out
        self.colour = colour
        self.presenter = presenter(game_id)
        self.screen: PromptScreen | None = None
        """The prompt being asked (what a test reads to know what is on the screen)."""

    # ------------------------------------------------------------------ setup

    async def open_or_resume(
        self, name: str, level: str | None, seats: int | None, new: bool
    ) -> TableInfo:
        """The game's open table, or a new one with CPU seats filling the rest.

        A saved game that differs from the seats or the level asked for is not resumed without
        a word: the player chooses between it and a new game as asked.
        """
        channel = terminal_channel(self.game_id)
        table = await self.service.active_table(channel)
        if table is not None and table.status == "active" and not new:
            new = self.choose_new(table, level, seats)
        if table is not None and new:
            await self.service.abandon(table.id, TERMINAL_USER_ID, is_moderator=True)
            table = None
        if table is not None and table.status == "active":
            self.out(
                say(
                    "resumed",
                    self.locale,
                    game=game_name(self.game_id, self.locale),
                    moves=table.action_count,
                )
            )
            self.out(say("first_help", self.locale))
            return table
        if table is None:
            cls = game_class(self.game_id)
            count = seats or cls.min_seats
            table = await self.service.open_lobby(
                None, channel, self.game_id, {}, TERMINAL_USER_ID, name, seats=count
            )
        while len(table.seats) < table.seat_count:
            table = await self.service.add_cpu(table.id, TERMINAL_USER_ID, level or DEFAULT_LEVEL)
        started = await self.service.start(table.id, TERMINAL_USER_ID)
        self.show_start(started)
        return started.table

    def choose_new(self, table: TableInfo, level: str | None, seats: int | None) -> bool:
        """When the saved game differs from what was asked (`--seats 3` against a two-seat
        save), say so and ask: True to start the new game, False to resume."""
        saved_level = _level(table)
        differs: list[tuple[str, Any, Any]] = []
        if seats is not None and seats != table.seat_count:
            differs.append(("seats", seats, table.seat_count))
        if level is not None and saved_level is not None and level != saved_level:
            differs.append(("level", level, saved_level))
        if not differs:
            return False

        def phrase(which: str, value: Any) -> str:
            if which == "seats":
                return say("seats", self.locale, n=value)
            return say("level", self.locale, level=t(f"level.{value}", self.locale))

        joiner = say("and", self.locale)
        asked = joiner.join(phrase(which, wanted) for which, wanted, _ in differs)
        saved = joiner.join(phrase(which, had) for which, _, had in differs)
        game = game_name(self.game_id, self.locale)
        self.out(say("saved_differs", self.locale, game=game, saved=saved, asked=asked))
        while True:
            answer = self.ask(say("resume_or_new", self.locale, asked=asked)).strip().lower()
            if answer in ("r", ""):
                return False
            if answer == "n":
                return True

    def show_start(self, result: ActResult) -> None:
        """Who goes first ("この対局は相手が先にめくります"), and what the CPUs already did."""
        view = result.view_for(self.my_seat(result.table)) or {}
        names = seat_names(result.table, self.locale)
        cpu = [s.seat for s in result.table.seats if s.is_cpu]
        notice = self.presenter.start_notice(view, names, cpu, self.locale)
        self.out("")
        self.out(say("new_game", self.locale, game=game_name(self.game_id, self.locale)))
        if notice:
            self.out(plain(notice))
        self.out(say("first_help", self.locale))
        self.narrate(result)

    @staticmethod
    def my_seat(table: TableInfo) -> int:
        """The terminal player's seat."""
        seat = table.seat_of(TERMINAL_USER_ID)
        return 0 if seat is None else seat.seat

    # ------------------------------------------------------------------ showing

    def narrate(self, result: ActResult) -> None:
        """One line per action: the player's own in "you" words, the others' by name.

        Only what the player's seat may know: another seat's sealed decision or private draw
        is told as the channel would tell it.
        """
        names = seat_names(result.table, self.locale)
        mine = self.my_seat(result.table)
        for step in result.steps:
            events = [e for e in step.events if event_seen_by(e, mine)]
            line = None
            if step.seat == mine and step.by == "user":
                line = self.presenter.you_line(events, mine, self.locale)
            if line is None:
                line = self.presenter.narrate(
                    events, lambda s: names[s] if s is not None else "", self.locale, viewer=mine
                )
            if line:
                # a phrase made to follow another ("nobody exposes a card") starts the line as a
                # sentence; a player's name is left as they wrote it
                text = plain(line)
                if not any(text.startswith(name) for name in names if name):
                    text = capitalised(text)
                self.out("  " + text)
        if result.applied and not result.steps:
            self.out("  " + say("flipped_all", self.locale, count=result.applied))

    def show_table(self, table: TableInfo, view: Mapping[str, Any]) -> None:
        """The table as text: counts, what lies on the table, moves, whose turn."""
        names = seat_names(table, self.locale)
        self.out("")
        self.out("─" * 60)
        for line in self.presenter.counts(view, names, self.locale):
            self.out("  " + plain(line))
        row = self.presenter.table_line(view, self.locale)
        if row:
            self.out("  " + plain(row))
        if "moves" in view:
            cap = view.get("move_cap")
            self.out("  " + say("moves", self.locale, moves=view["moves"], cap=cap or "-"))

    def show_result(self, table: TableInfo, result: Mapping[str, Any]) -> None:
        """The result panel: who won, why, and the game's own fields."""
        names = seat_names(table, self.locale)
        winners = self.presenter.winners(result)
        mine = self.my_seat(table)
        if not winners:
            headline = say("draw", self.locale)
        elif mine in winners:
            headline = say("you_won", self.locale)
        else:
            headline = say("you_lost", self.locale, name=", ".join(names[w] for w in winners))
        self.out("")
        self.out("═" * 60)
        self.out("  " + plain(headline))
        for label, value in self.presenter.result_fields(result, names, self.locale):
            shown = plain(value).replace("\n", " / ")
            self.out("  " + say("field", self.locale, label=plain(label), value=shown))
        self.out("═" * 60)

    # ------------------------------------------------------------------ the loop

    async def play(self, table: TableInfo) -> int:
        """Prompt, act, show, until the player quits."""
        current: TableInfo | None = table
        while current is not None:
            current = await self.step(await self.service.load(current.id))
        return 0

    async def step(self, table: TableInfo) -> TableInfo | None:
        """Show the table and take one input; the table to go on with, or None to quit."""
        if table.status == "finished":
            self.show_result(table, table.result or {})
            while True:
                answer = self.ask(say("prompt_over", self.locale)).strip().lower()
                if answer in ("r", "y"):
                    break
                if answer in ("q", ""):
                    return None
                self.out("  " + say("over_what", self.locale))
            result = await self.service.rematch(table.id, TERMINAL_USER_ID)
            self.show_start(result)
            return result.table
        if table.status != "active":
            self.out(say("closed", self.locale))
            return None
        current = await self.service.prompt(table.id, TERMINAL_USER_ID)
        prompt = current.prompt
        if prompt is None:
            # the table's own step (a draw) or an Auto seat is next: take it, at the pace, told
            # in the log's lines; the table is shown when the player has something to decide
            # (shown at every draw, it would fill the screen a hundred times a deal). Steps go
            # on, one at a time, while the player has no decision (a draw may give them one)
            mine = self.my_seat(table)
            while True:
                result = await self.service.advance(table.id, limit=1)
                self.narrate(result)
                if not result.applied:
                    self.show_table(table, current.view)
                    return None
                if (
                    result.table.status != "active"
                    or not result.auto_pending
                    or result.prompt_for(mine) is not None
                ):
                    return table
        self.show_table(table, current.view)
        return await self.turn(table, current)

    async def turn(self, table: TableInfo, current: SeatPrompt) -> TableInfo | None:
        """One prompt: shown once, then read until a move is made or a key changes the table.

        Help, the rules, a hint and every refusal leave the game as it was and ask again
        (without showing the table again: nothing has changed)."""
        prompt = current.prompt or {}
        finish = game_class(self.game_id).instant_finish and self.alone(table)
        screen = PromptScreen(
            self.game_id,
            prompt,
            seat_names(table, self.locale),
            self.locale,
            finish=finish,
            colour=self.colour,
        )
        self.screen = screen
        for line in screen.lines():
            self.out(line)
        while True:
            reading = screen.read(self.ask(screen.keys_line()))
            try:
                done, after = await self.answer(table, current, screen, reading)
            except TableError as exc:
                self.out("  " + _error_text(exc, self.locale))
                if exc.code != "illegal_action":
                    return table  # the table changed under the prompt: show it as it is now
                if reading.kind in ("move", "elsewhere"):
                    self.out("  " + screen.accepts())
                continue
            if done:
                return after

    async def answer(
        self, table: TableInfo, current: SeatPrompt, screen: PromptScreen, reading: Reading
    ) -> tuple[bool, TableInfo | None]:
        """Carry out one reading: (whether the prompt is done, the table to go on with)."""
        kind = reading.kind
        if kind == "quit":
            self.out(say("saved", self.locale))
            return True, None
        if kind in ("help", "rules", "refused"):
            lines = {"help": screen.help_lines, "rules": screen.rules_lines}.get(kind)
            for line in lines() if lines else ["  " + text for text in reading.text]:
                self.out(line)
            return False, table
        if kind == "hint":
            self.out("  " + await self.hint(table))
            return False, table
        if kind == "auto":
            await self.auto(table)
        elif kind == "finish":
            if not self.confirm(self.presenter.finish_confirm(self.locale)):
                return False, table
            self.narrate(await self.service.finish(table.id, TERMINAL_USER_ID))
        elif kind == "new":
            if not self.confirm(say("confirm_new", self.locale)):
                return False, table
            _, result = await self.service.new_game(table.id, TERMINAL_USER_ID)
            self.show_start(result)
            return True, result.table
        elif kind == "pass":
            default = (current.prompt or {}).get("default")
            if default:  # an optional prompt let go that has a default (keep the hand)
                self.narrate(
                    await self.service.act(
                        table.id, TERMINAL_USER_ID, dict(default), prompt_version=current.version
                    )
                )
            else:
                # an optional prompt let go: the table stops waiting for it (a CPU draws
                # after a knock window), then goes on at its pace (a draw, another seat...)
                self.narrate(
                    await self.service.decline(
                        table.id, TERMINAL_USER_ID, prompt_version=current.version
                    )
                )
                self.narrate(await self.service.advance(table.id, limit=1))
        elif kind == "elsewhere" and reading.action is not None:
            # never applied: the game's reason when it refuses it anyway, else "not here"; "it
            # is not your turn" would mislead whoever is being asked something
            try:
                await self.service.check_action(table.id, TERMINAL_USER_ID, reading.action)
            except TableError as exc:
                if exc.params.get("code", exc.code) != "not_your_turn":
                    raise
            for text in reading.text:
                self.out("  " + text)
            return False, table
        elif kind == "move" and reading.action is not None:
            self.narrate(
                await self.service.act(
                    table.id, TERMINAL_USER_ID, reading.action, prompt_version=current.version
                )
            )
        return True, table

    async def hint(self, table: TableInfo) -> str:
        """What the game's hint level would do in the player's seat, and why."""
        found = await self.service.hint(table.id, TERMINAL_USER_ID) or {}
        names = seat_names(table, self.locale)
        action = found.get("action")
        what = (
            self.presenter.action_label(action, self.locale, names)
            if action is not None
            else t("hint.nothing", self.locale)
        )
        reason = self.presenter.hint_reason(
            found.get("reason"), found.get("params") or {}, self.locale
        )
        return plain(t("hint.line", self.locale, what=what) + (f" ({reason})" if reason else ""))

    @staticmethod
    def alone(table: TableInfo) -> bool:
        """The terminal player is the only human playing at the table."""
        return all(s.user_id in (None, TERMINAL_USER_ID) or s.cpu_takeover for s in table.seats)

    def confirm(self, question: str) -> bool:
        """One confirmation (y/N)."""
        return self.ask(plain(question) + " [y/N] ").strip().lower() == "y"

    async def auto(self, table: TableInfo) -> None:
        """Auto play: the CPU moves for the player at a watching pace until Ctrl-C or the end.

        Ctrl-C cancels the session's task (`CtrlC`). Each move is shielded from it: a press
        that lands while a move is being made and stored lets that move end whole before auto
        play stops (a database call cancelled halfway could leave the connection unusable, and
        the session hung or died instead of saying "Auto play off.").
        """
        await self.service.set_auto(table.id, TERMINAL_USER_ID, True)
        self.out(say("auto_on", self.locale))
        step: asyncio.Future[ActResult] | None = None
        try:
            while True:
                step = asyncio.ensure_future(self.service.advance(table.id, limit=1))
                result = await asyncio.shield(step)
                self.narrate(result)
                if not result.applied or result.table.status != "active":
                    break
                await asyncio.sleep(AUTO_PACE_SECONDS)
        except (KeyboardInterrupt, asyncio.CancelledError):
            if step is not None and not step.done():
                self.narrate(await step)  # the move being made when the press came
        finally:
            latest = await self.service.load(table.id)
            if latest.status in ("lobby", "active"):
                await self.service.set_auto(table.id, TERMINAL_USER_ID, False)
            self.out(say("auto_off", self.locale))


def _level(table: TableInfo) -> str | None:
    """The level of the table's CPU seats (None when it has none)."""
    return next((s.cpu_level for s in table.seats if s.cpu_level), None)


def _error_text(exc: TableError, locale: str) -> str:
    """A refusal in the player's words; for a refused move, the game's own reason."""
    return plain(refusal_text(exc.code, exc.message, exc.params, locale))


EXIT_INTERRUPTED = 130
"""Exit status after Ctrl-C (128 + SIGINT, as shells report it)."""


async def run(
    args: argparse.Namespace,
    ask: Ask = input,
    out: Callable[[str], None] = print,
    colour: bool = False,
) -> int:
    """Open the database, find or open the game's terminal table, and play.

    Everything that can be refused is checked before the saved game is touched: the game, the
    seat count (`--new` must not abandon a game for a new one that cannot start), the level.
    """
    locale = terminal_locale(getattr(args, "lang", None))
    try:
        cls = game_for_record(args.game)
        if args.seats is not None:
            cls.check_seats(args.seats)
    except GameError as exc:
        ids = ", ".join(cls.id for cls in games())
        print(f"cardbot play: {exc.message} The games: {ids}.", file=sys.stderr)
        return 2
    if args.level is not None and args.level not in LEVELS:
        print(f"cardbot play: the CPU level is one of {', '.join(LEVELS)}.", file=sys.stderr)
        return 2
    try:
        settings = load_settings()
        database = Database.from_settings(settings)
    except SettingsError as exc:
        print(f"cardbot play: {exc}", file=sys.stderr)
        return 2
    except DatabaseError as exc:
        print(f"cardbot play: {exc}", file=sys.stderr)
        return exc.exit_code
    print(f"Database: {database.location}", file=sys.stderr)
    service = TableService(database, settings)
    try:
        await database.upgrade()
        session = TerminalGame(service, args.game, locale, ask, out, colour=colour)
        name = args.name or _user_name()
        try:
            table = await session.open_or_resume(name, args.level, args.seats, args.new)
        except TableError as exc:
            print("cardbot play: " + _error_text(exc, locale), file=sys.stderr)
            return 2
        return await session.play(table)
    except DatabaseError as exc:
        print(f"cardbot play: {exc}", file=sys.stderr)
        return exc.exit_code
    except EOFError:
        out("")
        out(say("saved", locale))
        return 0
    except KeyboardInterrupt:  # Ctrl-C at the prompt: every move is already saved
        out("")
        out(say("saved", locale))
        return EXIT_INTERRUPTED
    finally:
        service.close()  # the CPUs' worker processes, if a decision started them
        await database.dispose()


def _user_name() -> str:
    try:
        return getpass.getuser() or "you"
    except (OSError, KeyError):  # no USER variable and no password-file entry
        return "you"


class CtrlC:
    """Ctrl-C in `cardbot play`, ended on the first press.

    asyncio's own handler only cancels the main task on a first press, which cannot reach a
    prompt: `input()` blocks the event loop's thread, so the press was lost and the second one
    broke out with a traceback. Here a press at the prompt raises KeyboardInterrupt in
    `input()` at once (the session says "Saved." and ends); a press while the loop runs (auto
    play) cancels the session's task, which auto play takes as "stop"; a second press before
    the next prompt ends the session wherever it is.
    """

    def __init__(self) -> None:
        self.task: asyncio.Task[int] | None = None
        self.at_prompt = False
        self.cancelled = False

    def ask(self, prompt: str) -> str:
        """`input()`, marked as the moment a press ends the session."""
        self.at_prompt, self.cancelled = True, False
        try:
            return input(prompt)
        finally:
            self.at_prompt = False

    def handle(self, _signum: int, _frame: object) -> None:
        """The SIGINT handler."""
        task = self.task
        if self.at_prompt or self.cancelled or task is None or task.done():
            raise KeyboardInterrupt
        self.cancelled = True
        task.cancel()
        task.get_loop().call_soon_threadsafe(lambda: None)  # wake the loop to deliver it

    async def session(self, args: argparse.Namespace) -> int:
        """`run(args)` as the task a press cancels."""
        self.task = asyncio.current_task()
        return await run(args, ask=self.ask, colour=use_colour(sys.stdout))


def main(args: argparse.Namespace) -> int:
    """Entry point of `cardbot play`."""
    ctrl_c = CtrlC()
    # installed before asyncio.run, which then leaves SIGINT to it
    previous = signal.signal(signal.SIGINT, ctrl_c.handle)
    try:
        return asyncio.run(ctrl_c.session(args))
    except (KeyboardInterrupt, asyncio.CancelledError):
        print()
        print(say("saved", terminal_locale(getattr(args, "lang", None))))
        return EXIT_INTERRUPTED
    finally:
        signal.signal(signal.SIGINT, previous)
