"""A fresh process's first call: on PostgreSQL a move or a look goes through the driver's path
(`bot.tables.pgrows`), whose rows belong to no session, before any ORM statement has run."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import textwrap

import pytest

from bot.store import Database
from bot.tables import TableService
from tests.tables.helpers import ALICE, CHANNEL, GUILD

KF = "kitten-fishing"
FIRST_CALLS = {
    "act": f"await service.act(table_id, {ALICE}, {{'type': 'flip'}})",
    "load": "await service.load(table_id)",
    "check_action": f"await service.check_action(table_id, {ALICE}, {{'type': 'flip'}})",
    "prompt": f"await service.prompt(table_id, {ALICE})",
    "public_view": "await service.public_view(table_id)",
}


def run_first(url: str, table_id: int, call: str) -> subprocess.CompletedProcess[str]:
    """`call` as the first thing a new interpreter does with the service."""
    script = textwrap.dedent(
        f"""
        import asyncio
        from bot.store import Database
        from bot.tables import TableService

        async def main():
            database = Database({url!r})
            service = TableService(database)
            table_id = {table_id}
            try:
                {call}
            finally:
                await database.dispose()

        asyncio.run(main())
        """
    )
    return subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False
    )


@pytest.mark.parametrize("call", sorted(FIRST_CALLS))
async def test_the_first_call_of_a_fresh_process_works(
    service: TableService, database: Database, call: str
) -> None:
    if database.dialect != "postgresql":
        pytest.skip("the driver's path is PostgreSQL's")
    info = await service.open_lobby(GUILD, CHANNEL, KF, {"first": 0}, ALICE, "Alice", seed=4)
    await service.add_cpu(info.id, ALICE)
    await service.start(info.id, ALICE)
    url = database.engine.url.render_as_string(hide_password=False)
    done = await asyncio.to_thread(run_first, url, info.id, FIRST_CALLS[call])
    assert done.returncode == 0, done.stderr
