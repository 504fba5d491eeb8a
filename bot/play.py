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
import re
import signal
import sys
import zlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.games import presenter, seat_names
from bot.games.moves import parse_typed_move
from bot.i18n import game_name, refusal_text, t
from bot.settings import SettingsError, load_settings
from bot.store.database import Database, DatabaseError
from bot.tables import ActResult, SeatPrompt, TableError, TableInfo, TableService
from engines.base import GameError, event_seen_by, game_class
from engines.cards import card_label
from engines.cpu import LEVELS
from engines.record import game_for_record

TERMINAL_USER_ID = 1
"""The local player's user id (Discord ids are far larger, so the two never meet)."""
AUTO_PACE_SECONDS = 0.15

Ask = Callable[[str], str]

# The terminal's own sentences; everything shared with Discord comes from bot.i18n.
_WORDS: dict[str, dict[str, str]] = {
    "resumed": {
        "en": "Resuming your game of {game} ({moves} moves so far).",
        "ja": "{game}の対局を再開します（ここまで {moves} 手）。",
    },
    "new_game": {"en": "A new game of {game}.", "ja": "{game}の新しい対局です。"},
    "moves": {"en": "Moves: {moves} / {cap}", "ja": "手数：{moves} / {cap}"},
    "you_won": {"en": "You win!", "ja": "勝利！"},
    "you_lost": {"en": "{name} wins.", "ja": "敗北（勝者：{name}）"},
    "draw": {"en": "A draw.", "ja": "引き分け"},
    "one_key": {"en": "Enter: {action}", "ja": "Enter：{action}"},
    "keys": {
        "en": "[q] quit (saved)  [h] hint  [a] auto  [n] new game",
        "ja": "[q] 中断（保存）  [h] ヒント  [a] 自動  [n] 新しい対局",
    },
    "keys_finish": {"en": "  [s] see the result", "ja": "  [s] 結果を見る"},
    "keys_skip": {"en": "  [Enter] let it pass", "ja": "  [Enter] 見送る"},
    "prompt_over": {"en": "[r] play again  [q] quit > ", "ja": "[r] もう一局  [q] 終了 > "},
    "confirm_new": {
        "en": "Abandon this game and start a new one?",
        "ja": "この対局をやめて新しい対局を始めますか？",
    },
    "saved": {
        "en": "Saved. Run the same command to resume.",
        "ja": "保存しました。同じコマンドで再開できます。",
    },
    "what_one": {
        "en": "Press Enter for {action}, or one of the keys.",
        "ja": "Enter で「{action}」、またはキーを入力してください。",
    },
    "what_list": {
        "en": "Type a number from the list, a move's name, or one of the keys.",
        "ja": "一覧の番号、手の名前、またはキーを入力してください。",
    },
    "what_pick": {
        "en": "Type cards as codes (7H QS) or hand numbers (3 14), or one of the keys.",
        "ja": "札を記号（7H QS）か手札の番号（3 14）で入力するか、キーを入力してください。",
    },
    "auto_on": {
        "en": "Auto play on: the CPU plays for you. Ctrl-C switches it off.",
        "ja": "自動プレイ オン：Ctrl-C でオフにします。",
    },
    "auto_off": {"en": "Auto play off.", "ja": "自動プレイ オフ"},
    "flipped_all": {
        "en": "{count} moves played to the end.",
        "ja": "残り {count} 手を最後まで進めました。",
    },
    "closed": {"en": "This table is closed.", "ja": "この卓は終了しています。"},
}


def say(key: str, locale: str, **params: Any) -> str:
    """A terminal sentence in `locale`."""
    words = _WORDS[key]
    return (words.get(locale) or words["en"]).format(**params)


def terminal_channel(game_id: str) -> int:
    """The pseudo channel of a game's terminal table (one open table per game)."""
    return zlib.crc32(f"terminal:{game_id}".encode())


def terminal_locale(explicit: str | None) -> str:
    """`--lang`, else Japanese when the terminal's locale is Japanese, else English."""
    if explicit in ("ja", "en"):
        return explicit
    env = os.environ.get("LC_ALL") or os.environ.get("LC_MESSAGES") or os.environ.get("LANG") or ""
    return "ja" if env.lower().startswith("ja") else "en"


def plain(text: str) -> str:
    """Discord markdown (**bold**) read as plain terminal text."""
    return re.sub(r"\*\*(.+?)\*\*", r"\1", text)


class TerminalGame:
    """One terminal session at one game's table."""

    def __init__(
        self, service: TableService, game_id: str, locale: str, ask: Ask, out: Callable[[str], None]
    ):
        self.service = service
        self.game_id = game_id
        self.locale = locale
        self.ask = ask
        self.out = out
        self.presenter = presenter(game_id)

    # ------------------------------------------------------------------ setup

    async def open_or_resume(
        self, name: str, level: str, seats: int | None, new: bool
    ) -> TableInfo:
        """The game's open table, or a new one with CPU seats filling the rest."""
        channel = terminal_channel(self.game_id)
        table = await self.service.active_table(channel)
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
            return table
        if table is None:
            cls = game_class(self.game_id)
            count = seats or cls.min_seats
            table = await self.service.open_lobby(
                None, channel, self.game_id, {}, TERMINAL_USER_ID, name, seats=count
            )
        while len(table.seats) < table.seat_count:
            table = await self.service.add_cpu(table.id, TERMINAL_USER_ID, level)
        started = await self.service.start(table.id, TERMINAL_USER_ID)
        self.show_start(started)
        return started.table

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
                self.out("  " + plain(line))
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
            self.out(f"  {plain(label)}: " + plain(value).replace("\n", " / "))
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
            if self.ask(say("prompt_over", self.locale)).strip().lower() not in ("r", "y"):
                return None
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
            # (shown at every draw, it would fill the screen a hundred times a deal)
            result = await self.service.advance(table.id, limit=1)
            self.narrate(result)
            if not result.applied:
                self.show_table(table, current.view)
                return None
            return table
        self.show_table(table, current.view)
        return await self.turn(table, current)

    async def turn(self, table: TableInfo, current: SeatPrompt) -> TableInfo | None:
        """One prompt: a short list (numbers), a card pick (codes or hand numbers), or a key."""
        prompt = current.prompt or {}
        choices: list[Mapping[str, Any]] = list(prompt.get("choices") or [])
        pick = prompt.get("pick")
        names = seat_names(table, self.locale)
        labels = [self.presenter.action_label(action, self.locale, names) for action in choices]
        required = prompt.get("required", True)
        # Enter takes a required prompt's only move; on an optional prompt it lets it pass
        one_key = len(choices) == 1 and not pick and required
        if not one_key:
            self.out("  " + plain(self.presenter.prompt_text(prompt, self.locale)))
        if pick:
            self.out("  " + self.hand_line(pick))
        if one_key:
            self.out("  " + say("one_key", self.locale, action=labels[0]))
        else:
            for line in numbered(labels):
                self.out(line)
        finish = game_class(self.game_id).instant_finish and self.alone(table)
        keys = say("keys", self.locale) + (say("keys_finish", self.locale) if finish else "")
        if not required:
            keys += say("keys_skip", self.locale)
        answer = self.ask(keys + " > ").strip()
        lowered = answer.lower()
        if lowered == "q":
            self.out(say("saved", self.locale))
            return None
        try:
            if lowered == "a":
                await self.auto(table)
            elif lowered == "s" and finish:
                if self.confirm(self.presenter.finish_confirm(self.locale)):
                    self.narrate(await self.service.finish(table.id, TERMINAL_USER_ID))
            elif lowered == "n":
                if self.confirm(say("confirm_new", self.locale)):
                    _, result = await self.service.new_game(table.id, TERMINAL_USER_ID)
                    self.show_start(result)
                    return result.table
            elif lowered == "" and not required and prompt.get("default"):
                # an optional prompt let go that has a default (keep the hand): take it
                self.narrate(
                    await self.service.act(
                        table.id,
                        TERMINAL_USER_ID,
                        dict(prompt["default"]),
                        prompt_version=current.version,
                    )
                )
            elif lowered == "" and not required:
                # an optional prompt let go: the table stops waiting for it (a CPU draws
                # after a knock window), then goes on at its pace (a draw)
                self.narrate(
                    await self.service.decline(
                        table.id, TERMINAL_USER_ID, prompt_version=current.version
                    )
                )
                result = await self.service.advance(table.id, limit=1)
                self.narrate(result)
            elif lowered == "h":
                self.out("  " + await self.hint(table))
            elif (action := self.read_move(answer, prompt, choices, names)) is not None:
                self.narrate(
                    await self.service.act(
                        table.id, TERMINAL_USER_ID, action, prompt_version=current.version
                    )
                )
            elif pick:
                self.out(say("what_pick", self.locale))
            elif one_key:
                self.out(say("what_one", self.locale, action=labels[0]))
            else:
                self.out(say("what_list", self.locale))
        except TableError as exc:
            self.out("  " + _error_text(exc, self.locale))
        return table

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

    def hand_line(self, pick: Mapping[str, Any]) -> str:
        """The hand of a card pick, numbered as `/play` and the images number it."""
        return "  ".join(f"{n}:{card_label(card)}" for n, card in enumerate(pick["cards"], 1))

    def read_move(
        self,
        answer: str,
        prompt: Mapping[str, Any],
        choices: Sequence[Mapping[str, Any]],
        names: Sequence[str],
    ) -> dict[str, Any] | None:
        """Enter takes the only choice; otherwise a number, a label, or cards typed."""
        if answer == "" and len(choices) == 1 and not prompt.get("pick"):
            return dict(choices[0])
        if not answer:
            return None
        typed = parse_typed_move(self.game_id, prompt, answer, names)
        return typed.action

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


LINE_WIDTH = 78
"""Columns of a terminal line: a long list of choices is laid out in columns within it."""


def numbered(labels: Sequence[str]) -> list[str]:
    """The choices numbered from 1, one a line, or in columns when there are more than ten
    (18 places to insert a card read at a glance)."""
    items = [f"{n:>2}. {label}" for n, label in enumerate(labels, 1)]
    if len(items) <= 10:
        return ["  " + item for item in items]
    width = max(len(item) for item in items) + 3
    per_line = max(1, (LINE_WIDTH - 2) // width)
    return [
        "  " + "".join(item.ljust(width) for item in items[i : i + per_line]).rstrip()
        for i in range(0, len(items), per_line)
    ]


def _level(table: TableInfo) -> str:
    return next((s.cpu_level for s in table.seats if s.cpu_level), "normal")


def _error_text(exc: TableError, locale: str) -> str:
    """A refusal in the player's words; for a refused move, the game's own reason."""
    return plain(refusal_text(exc.code, exc.message, exc.params, locale))


EXIT_INTERRUPTED = 130
"""Exit status after Ctrl-C (128 + SIGINT, as shells report it)."""


async def run(
    args: argparse.Namespace, ask: Ask = input, out: Callable[[str], None] = print
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
        print(f"cardbot play: {exc.message}", file=sys.stderr)
        return 2
    if args.level not in LEVELS:
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
        session = TerminalGame(service, args.game, locale, ask, out)
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
        return await run(args, ask=self.ask)


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
