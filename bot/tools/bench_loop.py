"""`cardbot bench loop`: does the event loop stay free while the CPU seats think?

The largest table of a game (Zhao Pengyou unless `--game`: its most seats), every seat but two
played by a hard CPU, the two others by people clicking through the real Discord client,
offline: the repository's test harness (`tests/discord/harness.py`) feeds it interactions and
answers its requests, so the bot's whole path runs, from an interaction to its replies,
publishing included (images are a stand-in PNG unless `--images`: the renderer's cost is its
own bench's). The people play the Hint's move when asked, by `/play`, a moment after being
asked; between their moves each looks at their hand (`/game hand`) every half second or so, as
people waiting do. The table plays its first part (the first deal; `--quick`: until the people
have made a few moves), at its own pace.

Measured meanwhile:
- the event loop's lag: a ticker asks to sleep 5 ms again and again and notes how late it
  wakes (every callback the loop runs in between makes it late): median, 99th percentile, max;
- each interaction's first answer (its acknowledgement) and its reply (the first answer that
  says something), from the moment the person clicked: a click made while the loop is busy
  waits for it, as an interaction waits in the gateway's socket.

The targets: lag p99 <= 50 ms and max <= 100 ms, every first answer <= 1 s. `--profile` also
prints the longest steps of the loop (each callback it ran, in thread CPU time) and where they
spent it, sampled.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import gc
import io
import random
import statistics
import sys
import tempfile
import threading
import time
import traceback
import types
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

TICK = 0.005
"""Seconds the ticker sleeps each time."""
LOOK_EVERY = 0.5
"""Seconds between a waiting person's looks at their hand (about)."""
QUICK_MOVES = 8
"""Moves the people make in a quick run."""
STACK_LINES = 8
"""Innermost frames shown of a long step's stack."""
DEFAULT_GAME = "zhao-pengyou"
Figure = tuple[str, str]


def _stand_in(*args: Any) -> bytes:
    """The stand-in for every image: a 1x1 PNG."""
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (1, 1)).save(out, "PNG")
    return out.getvalue()


class Ticker:
    """Notes how late the loop wakes a task that sleeps `TICK` again and again."""

    def __init__(self) -> None:
        self.lags: list[float] = []
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start ticking (a background task the harness does not wait for)."""
        self._task = asyncio.create_task(self._run(), name="cardbot-background-ticker")

    async def stop(self) -> None:
        """Stop ticking."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        while True:
            asked = time.perf_counter()
            await asyncio.sleep(TICK)
            self.lags.append(time.perf_counter() - asked - TICK)


class Answers:
    """When each interaction was made, and when it got its first answer and its reply (the
    harness's recorded webhook requests, by interaction token)."""

    def __init__(self, recorder: Any) -> None:
        self.made: dict[str, float] = {}
        self.first: dict[str, float] = {}
        self.reply: dict[str, float] = {}
        adapter = recorder.adapter
        request = adapter.request

        async def timed(route: Any, session: Any, **kwargs: Any) -> Any:
            token = route.webhook_token or ""
            made = self.made.get(token)
            if made is not None:
                now = time.perf_counter()
                self.first.setdefault(token, now - made)
                payload = kwargs.get("payload") or {}
                deferring = route.url.endswith("/callback") and payload.get("type") in (5, 6)
                if not deferring:
                    self.reply.setdefault(token, now - made)
            return await request(route, session, **kwargs)

        adapter.request = timed

    def made_at(self, token: str, when: float) -> None:
        """The interaction `token` was made (clicked) at `when` (perf_counter)."""
        self.made[token] = when


class People:
    """Two people at the table, clicking through the offline Discord client."""

    def __init__(
        self, harness: Any, answers: Answers, table_id: int, seed: int, moves: int | None
    ) -> None:
        self.harness = harness
        self.service = harness.client.service
        self.answers = answers
        self.table_id = table_id
        self.rng = random.Random(seed)
        self.moves = 0
        self.most = moves

    async def interact(self, payload: dict[str, Any], delay: float) -> None:
        """Click in `delay` seconds (the interaction is made then, however late the loop wakes
        us) and wait for its own handling (not the table's pace loop, nor its edits)."""
        made = time.perf_counter() + delay
        await asyncio.sleep(delay)
        harness = self.harness
        harness.recorder.activate()
        before = asyncio.all_tasks()
        self.answers.made_at(payload["token"], made)
        harness.client._connection.parse_interaction_create(payload)
        await asyncio.sleep(0)
        mine = {t for t in asyncio.all_tasks() - before if not t.get_name().startswith("cardbot-")}
        if mine:
            await asyncio.wait(mine)

    def slash(self, user: Any, command: str, **options: Any) -> dict[str, Any]:
        """An application command's interaction, as the harness builds it."""
        payload: dict[str, Any] = self.harness._base(user, 2, None, False, None)
        payload["data"] = self.harness._command_data(command, options, focused=None)
        return payload

    async def person(self, user: Any, done: asyncio.Event) -> None:
        """Play when asked (the Hint's move, by `/play`), else look at the hand now and then."""
        while not done.is_set():
            if self.most is not None and self.moves >= self.most:
                done.set()
                return
            current = await self.service.prompt(self.table_id, user.id)
            if current.table.status != "active":
                return
            prompt = current.prompt
            if prompt is None:
                look = LOOK_EVERY * (0.5 + self.rng.random())
                await self.interact(self.slash(user, "game hand"), look)
                continue
            hint = await self.service.hint(self.table_id, user.id) or {}
            action = hint.get("action") or prompt.get("default")
            if action is None:  # an optional prompt the Hint lets pass
                await asyncio.sleep(LOOK_EVERY)
                continue
            move = typed_move(current.version, prompt, action)
            await self.interact(self.slash(user, "play", move=move), 0.2 + 0.3 * self.rng.random())
            self.moves += 1


def typed_move(version: int, prompt: Mapping[str, Any], action: Mapping[str, Any]) -> str:
    """What `/play`'s autocomplete sends for `action`: a choice's index, or a pick's mask."""
    from bot.games.moves import encode_mask, pick_positions, picked_cards

    plain = {k: v for k, v in action.items() if k != "seat"}
    choices = [{k: v for k, v in c.items() if k != "seat"} for c in prompt.get("choices") or []]
    if plain in choices:
        return f"v{version}:{choices.index(plain)}"
    pick = prompt["pick"]
    return f"v{version}:p:{encode_mask(pick_positions(pick, picked_cards(pick, plain)) or [])}"


class Profile:
    """The loop's longest steps (callbacks, in thread CPU time) and, sampled by a thread every
    few milliseconds while one runs long, where they spend it."""

    LONG = 0.02
    """Seconds of a callback after which it is sampled and kept."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.steps: list[tuple[float, float, int]] = []
        self.stacks: dict[int, collections.Counter[tuple[str, ...]]] = {}
        self._running: tuple[int, float] | None = None
        self._count = 0
        self._stop = threading.Event()
        self.collections: list[tuple[int, float]] = []
        """The garbage collector's passes: (generation, seconds)."""

    @contextlib.contextmanager
    def watching(self) -> Iterator[None]:
        """Time every callback the loop runs in the block, and sample the long ones."""
        handle = asyncio.events.Handle
        run = handle._run
        main = threading.main_thread().ident

        def timed(callback: asyncio.Handle) -> None:
            self._count += 1
            number, started, cpu = self._count, time.perf_counter(), time.thread_time()
            self._running = (number, started)
            try:
                run(callback)
            finally:
                self._running = None
                spent = time.thread_time() - cpu
                if spent > self.LONG:
                    self.steps.append((spent, time.perf_counter() - started, number))

        def sample() -> None:
            while not self._stop.wait(0.004):
                running = self._running
                if running is None or time.perf_counter() - running[1] < self.LONG:
                    continue
                frame = sys._current_frames().get(main or 0)
                if frame is not None:
                    stack = self.stacks.setdefault(running[0], collections.Counter())
                    stack[self._where(frame)] += 1

        collecting: list[float] = []

        def collected(phase: str, info: dict[str, int]) -> None:
            if phase == "start":
                collecting[:] = [time.perf_counter()]
            elif collecting:
                self.collections.append((info["generation"], time.perf_counter() - collecting[0]))

        handle._run = timed  # type: ignore[method-assign,assignment]
        gc.callbacks.append(collected)
        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        try:
            yield
        finally:
            handle._run = run  # type: ignore[method-assign]
            gc.callbacks.remove(collected)
            self._stop.set()
            sampler.join()

    def _where(self, frame: types.FrameType) -> tuple[str, ...]:
        """The project's frames of a stack, innermost last."""
        root = f"{self.root}/"
        return tuple(
            f"{f.filename.removeprefix(root)}:{f.lineno} {f.name}"
            for f in traceback.extract_stack(frame)
            if f.filename.startswith(root)
        )

    def report(self, top: int) -> list[str]:
        """The `top` longest steps, each with its most sampled stack."""
        lines = []
        for generation in range(3):
            took = [t * 1000 for g, t in self.collections if g == generation]
            if took:
                lines.append(
                    f"garbage collections of generation {generation}: {len(took)}, "
                    f"longest {max(took):.1f} ms, {sum(took):.0f} ms in all"
                )
        lines.append(f"loop steps over {self.LONG * 1000:.0f} ms of CPU: {len(self.steps)}")
        for cpu, wall, number in sorted(self.steps, reverse=True)[:top]:
            lines.append(f"  {cpu * 1000:.0f} ms of CPU ({wall * 1000:.0f} ms wall)")
            found = self.stacks.get(number)
            if found:
                stack, count = found.most_common(1)[0]
                lines += [f"      {where}" for where in stack[-STACK_LINES:]]
                lines.append(f"      ({count} of {sum(found.values())} samples)")
        return lines


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


async def measure(
    game_id: str,
    *,
    workers: int | None = None,
    seed: int = 1,
    auto_delay: float = 2.0,
    quick: bool = False,
    images: bool = False,
    profile: Profile | None = None,
) -> dict[str, Any]:
    """One first part (or a few moves) at the game's largest table; the figures."""
    from bot.tools.bench_messages import harness_module

    offline = harness_module("loop")  # not its fixtures: the tests' settings come with them
    from bot.discord.client import CardBot
    from bot.discord.images import Images
    from bot.settings import Settings
    from bot.store.database import Database
    from bot.store.models import TableRow
    from bot.tables import TableService
    from engines.registry import game_class

    cls = game_class(game_id)
    seats = cls.max_seats
    alice, hana, find_id = offline.ALICE, offline.HANA, offline.find_id
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite+aiosqlite:///{Path(folder) / 'bench.db'}"
        database = Database(url)
        await database.upgrade()
        values: dict[str, Any] = {"database_url": url, "turn_timer_seconds": 3600}
        if workers is not None:
            values["cpu_workers"] = workers
        settings = Settings(_env_file=None, **values)  # type: ignore[call-arg]
        service = TableService(database, settings)
        with contextlib.redirect_stdout(io.StringIO()):  # the invite line of a real start
            harness = await offline.Harness.start(
                lambda: CardBot(
                    service,
                    database=database,
                    images=Images() if images else Images(_stand_in, hand=_stand_in),
                    default_locale="en",
                    run_timers=False,
                    auto_delay=auto_delay,
                    freeze_heap=True,  # as `cardbot run` does
                )
            )
        rec = harness.recorder
        with contextlib.suppress(AttributeError):  # a service without workers to start
            service.start_thinking()  # as the bot does at its start
        lobby = await harness.slash(alice, "game new", game=game_id, seats=seats)
        message = lobby.answer.message_id or 0
        await harness.click(hana, message, find_id(rec.message(message), "join"))
        for _ in range(seats - 2):
            await harness.click(
                alice, message, find_id(rec.message(message), "cpu"), values=["hard"]
            )
        table_id = (await service.load(1)).id
        answers = Answers(rec)
        ticker = Ticker()
        people = People(harness, answers, table_id, seed, QUICK_MOVES if quick else None)
        await asyncio.sleep(1.0)  # the workers warm up, as they do when the bot starts
        done = asyncio.Event()

        async def watch() -> None:
            first_part = None
            while not done.is_set():
                async with database.sessions() as s:
                    stored = await s.get(TableRow, table_id)
                if stored is None or stored.status != "active" or stored.snapshot is None:
                    break
                part = cls.from_json(stored.snapshot).part()
                if first_part is None:
                    first_part = part
                elif part != first_part:
                    break
                await asyncio.sleep(0.5)
            done.set()

        with profile.watching() if profile is not None else contextlib.nullcontext():
            ticker.start()
            started = time.perf_counter()
            button = find_id(rec.message(message), "start")
            await people.interact(harness._click_payload(alice, message, button, None, None), 0)
            watcher = asyncio.create_task(watch(), name="cardbot-background-watch")
            await asyncio.gather(people.person(alice, done), people.person(hana, done), watcher)
            elapsed = time.perf_counter() - started
            await ticker.stop()
        for task in list(harness.client.pacer.tasks.values()):
            task.cancel()
        with contextlib.suppress(AttributeError):
            service.close()
        await harness.close()
        await database.dispose()
    ms = 1000
    return {
        "game": f"{game_id}, {seats} seats: {seats - 2} hard CPUs and 2 people",
        "elapsed": elapsed,
        "moves": people.moves,
        "interactions": len(answers.made),
        "lag": [lag * ms for lag in ticker.lags],
        "first": [seconds * ms for seconds in answers.first.values()],
        "reply": [seconds * ms for seconds in answers.reply.values()],
    }


def _spread(values: list[float]) -> str:
    if not values:
        return "none"
    return (
        f"median {statistics.median(values):.1f} ms, p99 {_quantile(values, 0.99):.1f} ms, "
        f"max {max(values):.0f} ms ({len(values)})"
    )


def figures(measured: Mapping[str, Any]) -> list[Figure]:
    """The measures as `cardbot bench` prints them."""
    return [
        (
            "table",
            f"{measured['game']}; {measured['elapsed']:.0f} s, {measured['moves']} moves by the "
            f"people, {measured['interactions']} interactions",
        ),
        ("event-loop lag (5 ms ticker)", _spread(measured["lag"])),
        ("first answer of an interaction (from the click)", _spread(measured["first"])),
        ("reply of an interaction (from the click)", _spread(measured["reply"])),
    ]


def run(quick: bool, game: str | None = None) -> list[Figure]:
    """`cardbot bench loop`: the figures of one run."""
    return figures(asyncio.run(measure(game or DEFAULT_GAME, quick=quick)))


def main(argv: list[str] | None = None) -> int:
    """Run the bench and print its figures."""
    parser = argparse.ArgumentParser(
        prog="python -m bot.tools.bench_loop",
        description=__doc__.split("\n\n")[0] if __doc__ else None,
    )
    parser.add_argument("--game", default=DEFAULT_GAME, help="game id (default zhao-pengyou)")
    parser.add_argument("--workers", type=int, default=None, help="CPU_WORKERS (default: the setting)")
    parser.add_argument("--seed", type=int, default=1, help="the people's clicks (default 1)")
    parser.add_argument(
        "--auto-delay", type=float, default=2.0, help="the Desk's pace, seconds (default 2)"
    )
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_MOVES} moves of the people")
    parser.add_argument("--images", action="store_true", help="render the real images")
    parser.add_argument(
        "--profile", type=int, default=0, metavar="N", help="print the N longest loop steps"
    )
    args = parser.parse_args(argv)
    profile = Profile(Path(__file__).resolve().parents[2]) if args.profile else None
    measured = asyncio.run(
        measure(
            args.game,
            workers=args.workers,
            seed=args.seed,
            auto_delay=args.auto_delay,
            quick=args.quick,
            images=args.images,
            profile=profile,
        )
    )
    for label, figure in figures(measured):
        print(f"{label:<50} {figure}")
    if profile is not None:
        print("\n".join(profile.report(args.profile)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
