"""Message references, per-user and per-guild settings, table settings."""

from __future__ import annotations

import pytest
from sqlalchemy import event

from bot.store import Database
from bot.tables import GuildSettings, MessageRef, TableError, TableService
from bot.tables.results import UserPrefs
from tests.conftest import FakeClock
from tests.tables.helpers import ALICE, BOB, CHANNEL, GUILD, dump

KF = "kitten-fishing"
BIG_MESSAGE = 1299999999999999999


async def test_message_refs_upsert_per_kind_and_user(
    service: TableService, clock: FakeClock
) -> None:
    info = await service.open_lobby(GUILD, CHANNEL, KF, None, ALICE, "Alice")
    assert await service.get_message_ref(info.id, "table") is None
    await service.set_message_ref(info.id, "table", CHANNEL, 111)
    clock.advance(60)
    replaced = await service.set_message_ref(info.id, "table", CHANNEL, BIG_MESSAGE)
    await service.set_message_ref(info.id, "hand", 555, 222, user_id=ALICE, version=3)
    await service.set_message_ref(info.id, "hand", 556, 333, user_id=BOB)
    # when it was posted (a new message, a new time); a hand DM's controls' version
    assert replaced == MessageRef(info.id, "table", None, CHANNEL, BIG_MESSAGE, None, clock.now)
    assert await service.get_message_ref(info.id, "table") == replaced
    assert await service.get_message_ref(info.id, "hand", ALICE) == MessageRef(
        info.id, "hand", ALICE, 555, 222, 3, clock.now
    )
    # an edit of the DM notes what it shows now; not when the DM kept is another by now
    assert await service.set_message_version(info.id, "hand", ALICE, 222, 4)
    assert not await service.set_message_version(info.id, "hand", ALICE, 221, 5)
    assert (await service.get_message_ref(info.id, "hand", ALICE)).version == 4
    assert not await service.delete_message_ref(info.id, "hand", ALICE, message_id=221)
    assert await service.get_message_ref(info.id, "hand", ALICE) is not None
    assert [(r.kind, r.user_id, r.message_id) for r in await service.message_refs(info.id)] == [
        ("table", None, BIG_MESSAGE),
        ("hand", ALICE, 222),
        ("hand", BOB, 333),
    ]
    assert await service.delete_message_ref(info.id, "hand", BOB)
    assert not await service.delete_message_ref(info.id, "hand", BOB)
    assert await service.get_message_ref(info.id, "hand", BOB) is None
    with pytest.raises(TableError) as err:
        await service.set_message_ref(424242, "table", CHANNEL, 1)
    assert err.value.code == "no_table"


async def test_user_prefs_come_in_one_read(service: TableService) -> None:
    await service.set_dm_closed(ALICE, True)
    await service.set_seen_locale(ALICE, "ja")
    await service.set_notify(BOB, "every_turn")
    prefs = await service.user_prefs([ALICE, BOB, 42])
    assert prefs[ALICE] == UserPrefs(ALICE, dm_closed=True, locale="ja", notify="away")
    assert prefs[BOB] == UserPrefs(BOB, notify="every_turn")
    assert prefs[42] == UserPrefs(42)  # never seen: the defaults
    assert await service.user_prefs([]) == {}
    with pytest.raises(TableError) as err:
        await service.set_notify(BOB, "always")
    assert err.value.code == "bad_setting" and err.value.params["setting"] == "notify"


async def test_a_publisher_reads_its_audience_in_one_transaction(
    service: TableService, database: Database
) -> None:
    info = await service.open_lobby(GUILD, CHANNEL, KF, None, ALICE, "Alice")
    await service.set_message_ref(info.id, "table", CHANNEL, 111)
    await service.set_message_ref(info.id, "hand", 555, 222, user_id=ALICE, version=3)
    await service.set_dm_closed(BOB, True)
    await service.set_guild_settings(GUILD, locale="en")
    book = service.messages
    begun: list[object] = []
    note = begun.append
    event.listen(database.engine.sync_engine, "begin", note)
    try:
        audience = await book.audience(info.id, [ALICE, BOB], GUILD)
    finally:
        event.remove(database.engine.sync_engine, "begin", note)
    assert len(begun) == 1
    assert list(audience.refs) == await service.message_refs(info.id)
    assert audience.prefs == await service.user_prefs([ALICE, BOB])
    assert audience.prefs[BOB].dm_closed and audience.guild_locale == "en"
    # no guild asked for (the table has a language of its own): none read
    assert (await book.audience(info.id, [], None)).guild_locale is None


async def test_dm_closed_and_user_locale(service: TableService) -> None:
    assert not await service.dm_closed(ALICE)
    await service.set_dm_closed(ALICE, True)
    assert await service.dm_closed(ALICE)
    assert not await service.dm_closed(BOB)
    await service.set_user_locale(ALICE, "en")
    assert await service.dm_closed(ALICE)  # setting the locale keeps the DM flag
    assert await service.user_locale(ALICE) == "en"
    await service.set_dm_closed(ALICE, False)
    assert not await service.dm_closed(ALICE) and await service.user_locale(ALICE) == "en"
    await service.set_user_locale(ALICE, None)
    assert await service.user_locale(ALICE) is None
    with pytest.raises(TableError) as err:
        await service.set_user_locale(ALICE, "fr")
    assert err.value.code == "bad_setting"


async def test_guild_settings_become_table_defaults(service: TableService) -> None:
    assert await service.guild_settings(GUILD) == GuildSettings(GUILD)
    saved = await service.set_guild_settings(
        GUILD, locale="en", turn_timer_seconds=3600, expiry_policy="abandon"
    )
    assert saved == GuildSettings(GUILD, "en", 3600, "abandon")
    partly = await service.set_guild_settings(GUILD, turn_timer_seconds=None)
    assert partly == GuildSettings(GUILD, "en", None, "abandon")
    info = await service.open_lobby(GUILD, CHANNEL, KF, None, ALICE, "Alice")
    assert (info.locale, info.turn_timer_seconds, info.expiry_policy) == ("en", 86400, "abandon")
    cpu = await service.add_cpu(info.id, ALICE)
    assert cpu.seats[1].name == "Kitten"  # CPU named in the table's locale
    other = await service.open_lobby(GUILD + 1, CHANNEL + 1, KF, None, ALICE, "Alice")
    assert (other.locale, other.expiry_policy) == (None, "cpu_turn")
    dm = await service.open_lobby(None, 0, KF, None, ALICE, "Alice")  # a DM / the terminal
    assert dm.guild_id is None


@pytest.mark.parametrize(
    "kwargs",
    [
        {"turn_timer_seconds": 299},
        {"turn_timer_seconds": 604801},
        {"expiry_policy": "coin_flip"},
        {"locale": "de"},
    ],
)
async def test_bad_settings_are_refused(
    service: TableService, database: Database, kwargs: dict
) -> None:
    info = await service.open_lobby(GUILD, CHANNEL, KF, None, ALICE, "Alice")
    before = await dump(database)
    with pytest.raises(TableError) as err:
        await service.set_table_settings(info.id, ALICE, **kwargs)
    assert err.value.code == "bad_setting"
    assert err.value.params["setting"] == next(iter(kwargs))
    with pytest.raises(TableError):
        await service.set_guild_settings(GUILD, **kwargs)
    assert await dump(database) == before


async def test_table_settings_creator_or_moderator(service: TableService) -> None:
    info = await service.open_lobby(GUILD, CHANNEL, KF, None, ALICE, "Alice")
    with pytest.raises(TableError) as err:
        await service.set_table_settings(info.id, BOB, turn_timer_seconds=600)
    assert err.value.code == "not_creator"
    changed = await service.set_table_settings(
        info.id, BOB, turn_timer_seconds=600, locale="en", is_moderator=True
    )
    assert (changed.turn_timer_seconds, changed.locale, changed.expiry_policy) == (
        600,
        "en",
        "cpu_turn",
    )
    cleared = await service.set_table_settings(info.id, ALICE, locale=None)
    assert cleared.locale is None and cleared.turn_timer_seconds == 600
