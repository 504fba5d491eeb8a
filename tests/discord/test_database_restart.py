"""The database goes down mid-game and comes back: clicks meanwhile get "try again in a moment",
the bot keeps running, and the next click after the restart plays on.

The test starts a PostgreSQL cluster of its own with `.ci/start-postgres` (the suite's server
is shared by every test) and stops and starts it with `pg_ctl`. It runs when the suite has
PostgreSQL (CARDBOT_TEST_POSTGRES_URL is set).
"""

from __future__ import annotations

import logging
import os
import re
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from bot.discord.client import CardBot
from bot.discord.images import Images
from bot.settings import Settings
from bot.store import Database
from bot.tables import TableService
from tests.conftest import POSTGRES_ENV, FakeClock
from tests.discord.conftest import tiny_png
from tests.discord.harness import ALICE, HANA, Harness
from tests.discord.scenes import flip_from_dm, press, two_player_table
from tests.tables.helpers import assert_snapshot_is_replay

ROOT = Path(__file__).parents[2]
PORT = "55432"  # the first port tried for the test's own cluster (the next free one is taken)
DOWN_EN = "I can't reach my game records right now. Please try again in a moment."
DOWN_JA = "ただいま対局の記録にアクセスできません。少し時間をおいてもう一度お試しください。"


@dataclass
class Cluster:
    """A throw-away PostgreSQL cluster of start-postgres, stopped and started by hand."""

    folder: Path
    url: str

    def _pg_ctl(self, *args: str) -> None:
        bindir = (self.folder / "cardbot-pg").read_text().split("=", 1)[1].strip()
        command = [f"{bindir}/pg_ctl", "-D", str(self.folder / "data"), "-w", *args]
        if os.getuid() == 0:  # start-postgres runs the server as `postgres` when root
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=120)

    def stop(self) -> None:
        """A fast shutdown: open connections are cut, as in a restart."""
        self._pg_ctl("-m", "fast", "stop")

    def start(self) -> None:
        """Start the server again on its port."""
        port = make_url(self.url).port
        self._pg_ctl("-l", str(self.folder / "server.log"), "-o", f"-p {port}", "start")


@pytest.fixture
def cluster() -> Iterator[Cluster]:
    """A PostgreSQL server of this test alone."""
    if not os.environ.get(POSTGRES_ENV):
        pytest.skip(f'PostgreSQL: set {POSTGRES_ENV} (eval "$(.ci/start-postgres)")')
    env = {k: v for k, v in os.environ.items() if k != "CARDBOT_PG_DIR"}  # a new cluster
    env["CARDBOT_PG_PORT"] = PORT
    started = subprocess.run(
        ["bash", str(ROOT / ".ci" / "start-postgres")],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    exports = dict(re.findall(r"^export (\w+)=(.*)$", started.stdout, re.MULTILINE))
    own = Cluster(Path(exports["CARDBOT_PG_DIR"]), exports["CARDBOT_TEST_POSTGRES_URL"])
    try:
        yield own
    finally:
        subprocess.run(
            ["bash", str(ROOT / ".ci" / "stop-postgres"), str(own.folder)],
            capture_output=True,
            timeout=120,
        )


async def test_a_database_restart_mid_game(
    cluster: Cluster, settings: Settings, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    database = Database(cluster.url)
    await database.upgrade()
    service = TableService(database, settings, clock=clock)
    harness = await Harness.start(
        lambda: CardBot(
            service,
            database=database,
            images=Images(tiny_png),
            default_locale=settings.default_locale,
            run_timers=False,
            auto_delay=0,
            edit_interval=0,
        )
    )
    try:
        await two_player_table(harness)
        assert not (await flip_from_dm(harness, ALICE)).ephemeral_text()

        hana_dm = int(harness.recorder.last_dm(HANA)["id"])  # 花子's turn, in Japanese

        cluster.stop()
        with caplog.at_level(logging.WARNING):
            refused = await press(harness, HANA, hana_dm, "act:0")
            looked = await harness.slash(ALICE, "game hand")
        assert refused.ephemeral_text() == DOWN_JA
        assert looked.ephemeral_text() == DOWN_EN
        told = [r for r in caplog.records if r.name.startswith("bot.discord.flows")]
        assert told and all(
            r.levelno == logging.WARNING and not r.exc_info and "not answering" in r.getMessage()
            for r in told
        )

        cluster.start()
        played = await press(harness, HANA, hana_dm, "act:0")  # the same control, answered
        assert not played.ephemeral_text()
        table = await service.load(1)
        assert table.action_count == 2 and table.status == "active"
        await assert_snapshot_is_replay(service, database, table.id)
    finally:
        await harness.close()
        await database.dispose()
