"""`cardbot bench messages`: what a server sees of the bot's publishing over whole games.

Whole games are played through the real discord.py client, offline: the test harness
(`tests/discord/harness.py`) stands in for Discord, so this bench runs from a source checkout.
The people act a few seconds after each other (a live game, on the service's clock); each
game's table seed is fixed, so a run repeats exactly.

- Kitten Fishing, two humans, each flipping from their own DM.
- Go Fish, three humans and a normal CPU, each asking with `/play` what the Hint suggests.

Printed per game: the messages created in the channel and in each player's DMs, those of them
that notify (a post that is not silent: a ping with a mention, a new DM), and the messages
left at the end (and, of the DMs, those still carrying controls); per move, as compact series
in move order ("0×152" is 152 moves in a row at 0): what each move created, notified and left.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
import io
import logging
import sys
import tempfile
import types
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

SILENT = 1 << 12
"""Discord's SUPPRESS_NOTIFICATIONS message flag: a post that makes no phone buzz."""
EPHEMERAL = 1 << 6
THINK = 5.0
"""Seconds between one person's move and the next's (a live game)."""
MOVE_CAP = 2000


def harness_module(bench: str = "messages") -> types.ModuleType:
    """`tests.discord.harness`, from the source checkout this module belongs to (`bench`: the
    `cardbot bench` section that needs it, named if there is none)."""
    root = Path(__file__).resolve().parents[2]
    if not (root / "tests" / "discord" / "harness.py").is_file():
        raise SystemExit(
            f"cardbot bench {bench} drives the bot through tests/discord/harness.py: "
            "run it from a source checkout."
        )
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    return importlib.import_module("tests.discord.harness")


# ---------------------------------------------------------------------- what was sent


@dataclass
class Tally:
    """Messages created, notifying, and left, in the channel and in each user's DMs."""

    created: dict[str, int] = field(default_factory=dict)
    notified: dict[str, int] = field(default_factory=dict)
    left: dict[str, int] = field(default_factory=dict)
    controls: dict[str, int] = field(default_factory=dict)
    """DMs left that still carry components."""
    channel_writes: int = 0
    """Posts and edits of channel messages through REST."""
    waits: int | None = None
    """Writes that waited for room in their channel's budget (None: the bot has no budget)."""


def tally(recorder: Any, channel_id: int, users: Mapping[str, int]) -> Tally:
    """Count what the recorder holds: creations from its calls, what is left from its store."""
    out = Tally()
    places = {str(channel_id): "channel"}
    for name, user_id in users.items():
        dm = recorder.dm_channels.get(user_id)
        if dm is not None:
            places[str(dm)] = name
    for place in ("channel", *users):
        for bucket in (out.created, out.notified, out.left, out.controls):
            bucket[place] = 0
    for message in recorder.messages.values():
        found = places.get(str(message["channel_id"]))
        if found is None:
            continue
        place = found
        flags = int(message.get("flags") or 0)
        if flags & EPHEMERAL:
            continue
        out.created[place] += 1
        if not flags & SILENT and (place != "channel" or "<@" in (message.get("content") or "")):
            out.notified[place] += 1
        if int(message["id"]) not in recorder.deleted:
            out.left[place] += 1
            if message.get("components"):
                out.controls[place] += 1
    for call in recorder.calls:
        if (
            call.kind == "http"
            and call.method in ("POST", "PATCH")
            and call.path.startswith(f"/channels/{channel_id}/messages")
        ):
            out.channel_writes += 1
    return out


def runs(values: Sequence[int]) -> str:
    """A series in order, compressed: `3 1×4 0×150` (a value, or value×times in a row)."""
    parts: list[str] = []
    for value, group in _groups(values):
        parts.append(str(value) if group == 1 else f"{value}×{group}")
    return " ".join(parts) or "—"


def _groups(values: Sequence[int]) -> Iterator[tuple[int, int]]:
    start = 0
    for i in range(1, len(values) + 1):
        if i == len(values) or values[i] != values[start]:
            yield values[start], i - start
            start = i


def compact(values: Sequence[int], width: int = 90) -> str:
    """`runs`, or when it would be too long, its percentiles."""
    text = runs(values)
    if len(text) <= width:
        return text
    ranked = sorted(values)

    def at(q: float) -> int:
        return ranked[min(len(ranked) - 1, int(q * len(ranked)))]

    return f"p50 {at(0.5)}, p90 {at(0.9)}, p99 {at(0.99)}, max {ranked[-1]} ({len(values)} moves)"


# ---------------------------------------------------------------------- the games


@dataclass
class GameRun:
    """One game's figures: the final tally and the per-move series."""

    title: str
    moves: int
    final: Tally
    per_move: dict[str, list[int]]


class Clock:
    """The service's clock, moved by the bench."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


async def _bot(database: Any, clock: Clock) -> Any:
    """An offline bot on `database` (the tests' options: no timers, no pace, no batching)."""
    h = harness_module()
    from bot.discord.client import CardBot
    from bot.discord.images import Images
    from bot.settings import Settings
    from bot.tables.service import TableService
    tiny_png = importlib.import_module("tests.discord.conftest").tiny_png

    settings = Settings(
        _env_file=None,  # type: ignore[call-arg]
        database_url="sqlite+aiosqlite:///unused.db",
        default_locale="en",
        turn_timer_seconds=86400,
    )
    service = TableService(database, settings, clock=clock)
    options: dict[str, Any] = {
        "default_locale": "en",
        "run_timers": False,
        "auto_delay": 0,
        "edit_interval": 0,
    }
    pacing = _virtual_pacing()
    if pacing is not None:
        options["pacing"] = pacing
    recorder = h.Recorder()
    with contextlib.suppress(AttributeError):
        recorder.clock = clock
    with contextlib.redirect_stdout(io.StringIO()):  # the invite line of a real start
        return await h.Harness.start(
            lambda: CardBot(service, database=database, images=Images(tiny_png), **options),
            recorder,
        )


def _virtual_pacing() -> Any:
    """Virtual time for the Desk's channel budget, where the Desk has one (it waits, never the
    bench)."""
    try:
        from bot.discord.pacing import VirtualPacing
    except ImportError:
        return None
    return VirtualPacing()


def _live_dm(recorder: Any, user_id: int) -> dict[str, Any] | None:
    """The user's newest DM still on screen that carries controls."""
    channel = recorder.dm_channels.get(user_id)
    found = [
        m
        for m in recorder.messages.values()
        if channel
        and int(m["channel_id"]) == channel
        and int(m["id"]) not in recorder.deleted
        and m.get("components")
    ]
    return found[-1] if found else None


def play_value(
    prompt: Mapping[str, Any], version: int, action: Mapping[str, Any]
) -> str | None:
    """The `/play` value that plays `action` in `prompt` (as its autocomplete gives it): the
    choice's index, or the cards by position; None when the prompt has no such move."""
    from bot.games.moves import encode_mask, pick_positions, picked_cards

    def bare(a: Mapping[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in a.items() if k != "seat"}

    choices = list(prompt.get("choices") or [])
    index = next((i for i, c in enumerate(choices) if bare(c) == bare(action)), None)
    if index is not None:
        return f"v{version}:{index}"
    pick = prompt.get("pick")
    if pick and action.get("type") == pick.get("type"):
        positions = pick_positions(pick, picked_cards(pick, action))
        if positions is not None:
            return f"v{version}:p:{encode_mask(positions)}"
    return None


async def hinted_move(harness: Any, user: Any, table_id: int) -> bool:
    """The user plays what the Hint suggests with `/play` (the first choice when it suggests
    nothing); False when the user has nothing to answer."""
    service = harness.client.service
    current = await service.prompt(table_id, user.id)
    prompt = current.prompt
    if prompt is None:
        return False
    hint = await service.hint(table_id, user.id)
    action = (hint or {}).get("action")
    value = None if action is None else play_value(prompt, current.version, action)
    if value is None and prompt.get("choices"):
        value = f"v{current.version}:0"
    if value is None:
        return False
    await harness.slash(user, "play", move=value)
    return True


async def _flip(harness: Any, user: Any, table_id: int) -> bool:
    """The user flips from their DM (with `/play` when no DM carries the control)."""
    h = harness_module()
    dm = _live_dm(harness.recorder, user.id)
    if dm is not None:
        with contextlib.suppress(AssertionError):
            await harness.click(user, int(dm["id"]), h.find_id(dm, "act:0"))
            return True
    return await hinted_move(harness, user, table_id)


async def _open(
    harness: Any, game: str, users: Sequence[Any], cpus: int, seats: int | None = None
) -> tuple[int, int]:
    """Open, fill and start a table (the first user creates it); (table id, message id)."""
    h = harness_module()
    creator = users[0]
    options: dict[str, Any] = {"game": game}
    if seats is not None:
        options["seats"] = seats
    lobby = await harness.slash(creator, "game new", **options)
    table_message = lobby.response.message_id or 0
    for user in users[1:]:
        message = harness.recorder.message(table_message)
        await harness.click(user, table_message, h.find_id(message, "join"))
    for _ in range(cpus):
        message = harness.recorder.message(table_message)
        await harness.click(creator, table_message, h.find_id(message, "cpu"), values=["normal"])
    message = harness.recorder.message(table_message)
    await harness.click(creator, table_message, h.find_id(message, "start"))
    table = await harness.client.service.active_table(h.CHANNEL_ID)
    return table.id, table_message


async def play_game(
    title: str,
    game: str,
    users: Sequence[Any],
    cpus: int,
    seed: int,
    move: Callable[[Any, Any, int], Any],
    seats: int | None = None,
) -> GameRun:
    """A whole game, the people acting `THINK` seconds apart; the tally after every move."""
    from bot.store import Database

    h = harness_module()
    clock = Clock()
    with tempfile.TemporaryDirectory() as folder:
        database = Database(f"sqlite+aiosqlite:///{Path(folder) / 'bench.db'}")
        await database.upgrade()
        import bot.tables.core as core

        saved = core.__dict__["secrets"]
        setattr(core, "secrets", types.SimpleNamespace(randbits=lambda _: seed))  # noqa: B010
        harness = await _bot(database, clock)
        try:
            table_id, _ = await _open(harness, game, users, cpus, seats)
            setattr(core, "secrets", saved)  # noqa: B010
            names = {u.name: u.id for u in users}
            series: dict[str, list[int]] = {}
            before = tally(harness.recorder, h.CHANNEL_ID, names)
            moves = 0
            while moves < MOVE_CAP:
                table = await harness.client.service.load(table_id)
                if table.status != "active":
                    break
                clock.advance(THINK)
                pacing = getattr(harness.client.desk, "pacing", None)
                if pacing is not None:
                    pacing.advance(THINK)  # the Desk's clock: the same seconds go by
                acted = False
                for user in users:
                    current = await harness.client.service.prompt(table_id, user.id)
                    if current.prompt is not None and current.prompt.get("required", True):
                        acted = bool(await move(harness, user, table_id))
                        if acted:
                            break
                if not acted:
                    break
                moves += 1
                now = tally(harness.recorder, h.CHANNEL_ID, names)
                _note(series, before, now)
                before = now
            final = tally(harness.recorder, h.CHANNEL_ID, names)
            budget = getattr(harness.client.desk, "budget", None)
            final.waits = None if budget is None else budget.waits
        finally:
            setattr(core, "secrets", saved)  # noqa: B010
            await harness.close()
            await database.dispose()
    return GameRun(title, moves, final, series)


def _note(series: dict[str, list[int]], before: Tally, now: Tally) -> None:
    """One move's figures: created and notified by it (per place), left after it."""
    for place in now.created:
        series.setdefault(f"created {place}", []).append(
            now.created[place] - before.created.get(place, 0)
        )
        series.setdefault(f"notified {place}", []).append(
            now.notified[place] - before.notified.get(place, 0)
        )
        series.setdefault(f"left {place}", []).append(now.left[place])
    series.setdefault("channel writes", []).append(now.channel_writes - before.channel_writes)


# ---------------------------------------------------------------------- figures


Figure = tuple[str, str]


def figures_of(run: GameRun) -> list[Figure]:
    """The figures of one game, one a line."""
    out: list[Figure] = [(f"{run.title}: moves", str(run.moves))]
    final = run.final
    for place in final.created:
        out.append(
            (
                f"{run.title}: {place}, created (notified) / left (with controls)",
                f"{final.created[place]} ({final.notified[place]}) / "
                f"{final.left[place]} ({final.controls[place]})",
            )
        )
    out.append((f"{run.title}: channel posts and edits", str(final.channel_writes)))
    if final.waits is not None:
        out.append((f"{run.title}: writes that waited for the channel budget", str(final.waits)))
    for name, values in run.per_move.items():
        out.append((f"{run.title}: per move, {name}", compact(values)))
    return out


GAMES = ("kitten-fishing", "go-fish")


async def _all(game: str | None) -> list[Figure]:
    h = harness_module()
    figures: list[Figure] = []
    if game in (None, "kitten-fishing"):
        kitten = await play_game(
            "Kitten Fishing, 2 humans", "kitten-fishing", [h.ALICE, h.HANA], 0, 18, _flip
        )
        figures += figures_of(kitten)
    if game in (None, "go-fish"):
        fish = await play_game(
            "Go Fish, 3 humans + CPU", "go-fish", [h.ALICE, h.HANA, h.BOB], 1, 11, hinted_move, 4
        )
        figures += figures_of(fish)
    if not figures:
        raise SystemExit(f"cardbot bench messages plays {' and '.join(GAMES)}, not {game}.")
    return figures


def run(quick: bool = False, game: str | None = None) -> list[Figure]:
    """The figures (`cardbot bench messages`); `quick` changes nothing: each game is played
    once, whole, and always the same way."""
    logging.getLogger("bot").setLevel(logging.ERROR)
    logging.getLogger("discord").setLevel(logging.ERROR)
    return asyncio.run(_all(game))


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m bot.tools.bench_messages [--game ID]`: print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=GAMES, default=None)
    args = parser.parse_args(argv)
    for label, figure in run(game=args.game):
        print(f"  {label:<74} {figure}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
