"""The seam: a throwaway game from tests/games/seam/ joins through the one discovery alone.

Its three packages (`engines/seam_cards`, `render/seam_cards.py`, `bot/seam_cards`) are laid on
the paths of `engines`, `render.games` and `bot.games`, exactly as a contributor's new files
would be (docs/adding-a-game.md), touching no other file; then the game is driven through
everything a user reaches: `cardbot replay`, `cpu`, `simulate`, `render`, `play`, the table
image, the Discord flows (lobby, CPU seat, prompts, Auto, record, a restart) and the
hidden-information check. Leaving any one package out fails the drive
(`test_each_part_is_needed`).
"""

from __future__ import annotations

import argparse
import io
import json
import random
from collections.abc import Iterator
from contextlib import AbstractContextManager, redirect_stdout
from pathlib import Path

import pytest

from bot import cli
from bot.games import plugin
from engines.cpu import LEVELS
from engines.cpu_query import answer_query
from engines.record import parse_record, replay, start
from engines.registry import game_class, game_spec, games
from render import games as layouts
from render.api import render_view
from render.parts import PlayerInfo
from tests.discord.conftest import MakeHarness, make_harness, settings  # noqa: F401
from tests.discord.harness import ALICE, find_id
from tests.discord.scenes import press
from tests.games import test_plugins
from tests.games.packages import PARTS, game_packages

SEAM = Path(__file__).parent / "seam"
GAME = "seam-cards"


def seam_game(parts: tuple[str, ...] = tuple(PARTS)) -> AbstractContextManager[None]:
    """The throwaway game's packages on their packages' paths, until the block ends."""
    return game_packages(SEAM, GAME, parts)


def cardbot(*argv: str) -> tuple[int, str]:
    """`cardbot ARGV` in this process (the game's packages live on this process's paths)."""
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="utf-8")
    with redirect_stdout(out):
        code = cli.main(list(argv))
        out.flush()
    return code, raw.getvalue().decode()


def written(folder: Path, name: str, data: object) -> str:
    """`data` as a JSON file in `folder`; its path."""
    path = folder / name
    path.write_text(json.dumps(data))
    return str(path)


def drive_commands(tmp_path: Path) -> None:
    """replay, cpu, simulate, render: every command finds the game as the bot does."""
    record = {"game": GAME, "seats": 2, "seed": 5, "actions": []}
    code, text = cardbot("replay", "--finish", written(tmp_path, "r.json", record))
    answer = json.loads(text)
    assert code == 0 and answer["over"] and answer["actions_applied"] == 6, text
    actions: list[dict[str, object]] = []
    for step in range(6):
        query = {"record": {**record, "actions": actions}}
        level = LEVELS[step % len(LEVELS)]
        code, text = cardbot("cpu", "--level", level, written(tmp_path, "q.json", query))
        assert code == 0 and json.loads(text)["action"]["type"] == "play", text
        actions.append(json.loads(text)["action"])
    code, text = cardbot("replay", written(tmp_path, "f.json", {**record, "actions": actions}))
    assert code == 0 and json.loads(text)["over"], text
    code, text = cardbot("simulate", GAME, "--games", "4", "--json")
    assert code == 0 and json.loads(text), text
    code, text = cardbot("render", GAME, "--out", str(tmp_path / "samples"))
    assert code == 0 and list((tmp_path / "samples").glob("*.png")), text


async def drive_play(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`cardbot play`: a whole game in the terminal against a CPU seat."""
    from bot.play import run
    from bot.settings import get_settings

    monkeypatch.setenv("DATABASE_URL", f"sqlite+aiosqlite:///{tmp_path / 'play.db'}")
    get_settings.cache_clear()
    args = argparse.Namespace(game=GAME, name="Alice", level="normal", seats=None, new=True)
    args.lang = "en"
    answers = ["1"] * 6
    lines: list[str] = []

    def ask(_: str) -> str:
        if not answers:
            raise EOFError
        return answers.pop(0)

    try:
        assert await run(args, ask=ask, out=lines.append) == 0
    finally:
        get_settings.cache_clear()
    text = "\n".join(lines)
    assert "Play a card." in text and "played" in text, text


def drive_engine() -> None:
    """Rendering every view, and the hidden-information check of docs/records.md."""
    spec = game_spec(GAME)
    assert spec is not None and GAME in [cls.id for cls in games()]
    game = game_class(GAME).new(2, {}, 1)
    for seat in (None, 0, 1):
        assert render_view(game.view(seat), [PlayerInfo("Alice"), PlayerInfo("CPU", True)], "ja")
    record = parse_record(
        {"game": GAME, "seats": 2, "seed": 1, "deal": spec.hidden.deal(game), "actions": []}
    )
    first = start(record).legal_actions(0)[0]
    raw = {**record.to_json(), "actions": [first.to_json()]}
    for level in LEVELS:
        for tries in range(5):
            variant = spec.hidden.vary(raw, 1, random.Random(tries))
            one = answer_query({"record": raw, "seat": 1}, level)
            two = answer_query({"record": variant, "seat": 1}, level)
            assert one == two
    assert "error" not in replay(record, finish=True).answer


async def drive_discord(make: MakeHarness) -> None:
    """Lobby with a CPU seat, a move from the DM, Auto to the end, the record, a restart."""
    harness = await make()
    rec = harness.recorder
    lobby = await harness.slash(ALICE, "game new", game=GAME, seats=2)
    table_message = lobby.response.message_id or 0
    assert lobby.answer.embeds[0]["title"].startswith("Seam Cards")
    await harness.click(
        ALICE, table_message, find_id(rec.message(table_message), "cpu"), values=["normal"]
    )
    await press(harness, ALICE, table_message, "start")
    dm = rec.last_dm(ALICE)
    assert "Play a card." in json.dumps(dm, ensure_ascii=False)
    await press(harness, ALICE, int(dm["id"]), "act:0")
    table = await harness.client.service.load(1)
    assert table.action_count >= 2  # Alice's card, then the CPU's
    dm = rec.last_dm(ALICE)
    await press(harness, ALICE, int(dm["id"]), "auto:on")
    table = await harness.client.service.load(1)
    assert table.action_count == 6
    shown = await harness.slash(ALICE, "game record")
    assert GAME in json.dumps(shown.answer.__dict__, default=str)
    record = await harness.client.service.record(1)
    assert "error" not in replay(parse_record(record)).answer
    again = await make()  # a restart: the table is still there, read by the new process
    assert (await again.client.service.load(1)).action_count == 6


@pytest.fixture
def seam() -> Iterator[None]:
    with seam_game():
        yield


def test_the_seam_game_is_found_by_every_layer(seam: None) -> None:
    found = plugin(GAME)
    assert found is not None and layouts.layout(GAME)
    test_plugins.test_the_plugin_is_complete(found)
    test_plugins.test_every_action_event_and_prompt_of_a_game_has_its_words(found)


def test_the_seam_game_through_every_command(seam: None, tmp_path: Path) -> None:
    drive_commands(tmp_path)
    drive_engine()


async def test_the_seam_game_in_the_terminal(
    seam: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    await drive_play(tmp_path, monkeypatch)


async def test_the_seam_game_on_discord(seam: None, make_harness: MakeHarness) -> None:  # noqa: F811
    await drive_discord(make_harness)


@pytest.mark.parametrize("missing", list(PARTS))
async def test_each_part_is_needed(
    missing: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    make_harness: MakeHarness,  # noqa: F811
) -> None:
    """Leave one package out: some drive fails (the test above would catch a missing step)."""
    with seam_game(tuple(p for p in PARTS if p != missing)):
        failed = []
        for name, drive in (
            ("commands", lambda: drive_commands(tmp_path)),
            ("engine", drive_engine),
        ):
            try:
                drive()
            except Exception:
                failed.append(name)
        try:
            await drive_discord(make_harness)
        except Exception:
            failed.append("discord")
        assert failed, f"the game plays without its {missing} part"
