"""Start-up: the bot logs in (offline), syncs its commands and prints its invite URL."""

from __future__ import annotations

import pytest

from bot.settings import Settings
from bot.shards import Shards, parse_ids
from bot.store import Database
from tests.discord.conftest import MakeHarness
from tests.discord.harness import APP_ID


async def test_login_syncs_commands_and_prints_the_invite(
    make_harness: MakeHarness, capsys: pytest.CaptureFixture[str]
) -> None:
    harness = await make_harness()
    out = capsys.readouterr().out
    assert out.strip() == (
        "Invite cardbot to a server: https://discord.com/oauth2/authorize"
        f"?client_id={APP_ID}&scope=bot+applications.commands&permissions=311385245696"
    )
    paths = [(c.method, c.path) for c in harness.recorder.calls]
    assert paths == [
        ("GET", "/users/@me"),
        ("GET", "/oauth2/applications/@me"),
        ("PUT", f"/applications/{APP_ID}/commands"),
    ]
    synced = {cmd["name"] for cmd in harness.recorder.calls[-1].payload}
    assert synced == {"game", "play"}


@pytest.mark.parametrize(("ids", "syncs"), [("0-1", True), ("2-3", False)])
async def test_of_several_processes_only_shard_zeros_syncs_commands(
    make_harness: MakeHarness, ids: str, syncs: bool
) -> None:
    """N processes started together sync the commands once: the one that runs shard 0."""
    shards = Shards(4, parse_ids(ids, 4))
    harness = await make_harness(shards=shards)
    assert harness.client.shard_count == 4 and harness.client.shard_ids == sorted(shards.ids)
    puts = [c for c in harness.recorder.calls if c.method == "PUT"]
    assert bool(puts) is syncs


async def test_the_bot_of_cardbot_run_freezes_its_start_up_heap_once_set_up(
    make_harness: MakeHarness, database: Database, settings: Settings
) -> None:
    import gc

    from bot.discord.client import build_bot

    assert build_bot(settings, database).freeze_heap  # what `cardbot run` starts
    assert gc.get_freeze_count() == 0  # no test's client froze this process's heap
    try:
        await make_harness(sync_commands=False, freeze_heap=True)
        assert gc.get_freeze_count() > 10_000  # start-up's objects, left out from now on
    finally:
        gc.unfreeze()
