"""Fixtures of the bot-layer tests: the real service on the root conftest's `database` (a migrated
SQLite file, and PostgreSQL when CARDBOT_TEST_POSTGRES_URL is set), and offline bots on it."""

from __future__ import annotations

import struct
import zlib
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from typing import Any

import pytest

from bot.discord.client import CardBot
from bot.discord.images import Images
from bot.discord.pacing import VirtualPacing
from bot.settings import Settings
from bot.store import Database
from bot.tables.service import TableService
from tests.conftest import FakeClock
from tests.discord.harness import Harness, Recorder


def tiny_png(
    view: Mapping[str, Any], players: Sequence[Any], locale: str, viewer: int | None
) -> bytes:
    """A valid 1x1 PNG: most tests care what is sent, not how the table looks (one test renders)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(b"\x00\xff\xff\xff"))
        + chunk(b"IEND", b"")
    )


@pytest.fixture
def settings() -> Settings:
    """Settings of a test bot: English channel messages unless a guild says otherwise."""
    return Settings(
        _env_file=None,  # type: ignore[call-arg]
        database_url="sqlite+aiosqlite:///unused.db",  # the `database` fixture decides
        default_locale="en",
        turn_timer_seconds=3600,
        reminder_before_seconds=600,
        lobby_expiry_seconds=600,
    )


Clock = FakeClock
"""The service's clock (the root conftest's `clock` fixture), moved by hand in timer tests."""


MakeHarness = Callable[..., Awaitable[Harness]]


@pytest.fixture
async def make_harness(
    database: Database, settings: Settings, clock: Clock
) -> AsyncIterator[MakeHarness]:
    """Start offline bots on the shared database (call again to simulate a restart); `options`
    go to the client (CardBot) over the tests' own."""
    started: list[Harness] = []

    async def make(
        recorder: Recorder | None = None, *, render: Any = tiny_png, **options: Any
    ) -> Harness:
        service = TableService(database, settings, clock=clock)
        client_options: dict[str, Any] = {
            "default_locale": settings.default_locale,
            "run_timers": False,
            "auto_delay": 0,
            "edit_interval": 0,
            # the channel budget waits in virtual time: a test never sleeps for it
            "pacing": VirtualPacing(),
            **options,
        }
        harness = await Harness.start(
            lambda: CardBot(service, database=database, images=Images(render), **client_options),
            recorder,
        )
        started.append(harness)
        return harness

    yield make
    for harness in started:
        await harness.close()


@pytest.fixture
async def harness(make_harness: MakeHarness) -> Harness:
    """One offline bot."""
    return await make_harness()
