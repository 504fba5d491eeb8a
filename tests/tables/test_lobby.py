"""Lobby: open, join, leave, CPU seats, start, abandon, and one open table per channel."""

from __future__ import annotations

import asyncio

import pytest

from bot.store import Database
from bot.tables import TableError, TableService
from tests.tables import secret_numbers
from tests.tables.helpers import ALICE, BOB, CAROL, CHANNEL, GUILD, dump

KF = "kitten-fishing"
SN = secret_numbers.GAME_ID


async def test_open_lobby_seats_the_creator(service: TableService) -> None:
    info = await service.open_lobby(GUILD, CHANNEL, KF, None, ALICE, "Alice")
    assert info.status == "lobby"
    assert info.game == KF
    assert info.options == {"first": 0}
    assert info.seat_count == 2
    assert info.created_by == ALICE
    assert [(s.seat, s.user_id, s.name) for s in info.seats] == [(0, ALICE, "Alice")]
    assert info.version == 0
    assert info.turn_timer_seconds == 86400 and info.expiry_policy == "cpu_turn"
    assert await service.active_table(CHANNEL) == info
    assert (await service.load(info.id)).seats == info.seats


@pytest.mark.parametrize(
    ("game", "options", "seats", "code"),
    [
        ("no-such-game", None, None, "unknown_game"),
        (KF, {"colour": "red"}, None, "unknown_option"),
        (KF, {"first": 2}, None, "bad_option"),
        (KF, None, 3, "bad_seats"),
    ],
)
async def test_open_lobby_validates_game_options_and_seats(
    service: TableService, database: Database, game, options, seats, code
) -> None:
    before = await dump(database)
    with pytest.raises(TableError) as err:
        await service.open_lobby(GUILD, CHANNEL, game, options, ALICE, "Alice", seats)
    assert err.value.code == code
    assert await dump(database) == before


async def test_channel_busy_while_a_table_is_open(service: TableService) -> None:
    first = await service.open_lobby(GUILD, CHANNEL, KF, None, ALICE, "Alice")
    with pytest.raises(TableError) as err:
        await service.open_lobby(GUILD, CHANNEL, KF, None, BOB, "Bob")
    assert err.value.code == "channel_busy"
    assert err.value.params == {"channel_id": CHANNEL, "table_id": first.id}
    # Another channel is free; once abandoned, this channel is free again.
    await service.open_lobby(GUILD, CHANNEL + 1, KF, None, BOB, "Bob")
    await service.abandon(first.id, ALICE)
    again = await service.open_lobby(GUILD, CHANNEL, KF, None, BOB, "Bob")
    assert again.id != first.id


async def test_racing_opens_in_one_channel_give_exactly_one_table(
    database: Database, settings
) -> None:
    other = Database(database.url)
    try:
        services = [TableService(database, settings), TableService(other, settings)]
        outcomes = await asyncio.gather(
            *(
                svc.open_lobby(GUILD, CHANNEL, KF, None, user, str(user))
                for svc, user in zip(services, (ALICE, BOB), strict=True)
            ),
            return_exceptions=True,
        )
    finally:
        await other.dispose()
    errors = [o for o in outcomes if isinstance(o, BaseException)]
    assert len(errors) == 1
    assert isinstance(errors[0], TableError) and errors[0].code == "channel_busy"
    assert (await services[0].active_table(CHANNEL)) is not None


async def test_join_leave_and_cpu_seats(service: TableService) -> None:
    info = await service.open_lobby(GUILD, CHANNEL, SN, None, ALICE, "Alice", 4)
    info = await service.join(info.id, BOB, "Bob")
    info = await service.add_cpu(info.id, BOB, "easy")
    info = await service.join(info.id, CAROL, "Carol")
    assert [(s.seat, s.user_id, s.cpu_level) for s in info.seats] == [
        (0, ALICE, None),
        (1, BOB, None),
        (2, None, "easy"),
        (3, CAROL, None),
    ]
    assert info.version == 3
    with pytest.raises(TableError) as err:
        await service.add_cpu(info.id, ALICE)
    assert err.value.code == "table_full"
    # Bob leaves: the later seats move up.
    left = await service.leave(info.id, BOB)
    assert [(s.seat, s.user_id) for s in left.table.seats] == [(0, ALICE), (1, None), (2, CAROL)]
    assert left.public_view is None
    info = await service.remove_cpu(info.id, CAROL, 1)
    assert [(s.seat, s.user_id) for s in info.seats] == [(0, ALICE), (1, CAROL)]


async def test_lobby_errors(service: TableService, database: Database) -> None:
    info = await service.open_lobby(GUILD, CHANNEL, KF, None, ALICE, "Alice")
    before = await dump(database)
    cases = [
        (service.join(info.id, ALICE, "Alice"), "already_seated"),
        (service.add_cpu(info.id, BOB), "not_seated"),
        (service.add_cpu(info.id, ALICE, "grandmaster"), "bad_level"),
        (service.remove_cpu(info.id, ALICE, 0), "not_a_cpu"),
        (service.remove_cpu(info.id, ALICE, 5), "no_seat"),
        (service.start(info.id, ALICE), "not_enough_seats"),
        (service.start(info.id, BOB), "not_creator"),
        (service.abandon(info.id, BOB), "not_creator"),
        (service.leave(info.id, BOB), "not_seated"),
        (service.join(info.id, BOB, "Bob", expected_version=7), "table_moved_on"),
        (service.act(info.id, ALICE, {"type": "flip"}), "not_active"),
        (service.join(987654, BOB, "Bob"), "no_table"),
    ]
    for call, code in cases:
        with pytest.raises(TableError) as err:
            await call
        assert err.value.code == code, code
    assert await dump(database) == before
    await service.join(info.id, BOB, "Bob")
    with pytest.raises(TableError) as err:
        await service.join(info.id, CAROL, "Carol")
    assert err.value.code == "table_full"


async def test_creator_leaving_hands_the_lobby_on_then_it_is_abandoned(
    service: TableService,
) -> None:
    info = await service.open_lobby(GUILD, CHANNEL, KF, None, ALICE, "Alice")
    await service.join(info.id, BOB, "Bob")
    left = await service.leave(info.id, ALICE)
    assert left.table.created_by == BOB
    assert [(s.seat, s.user_id) for s in left.table.seats] == [(0, BOB)]
    gone = await service.leave(info.id, BOB)
    assert gone.table.status == "abandoned"
    assert await service.active_table(CHANNEL) is None


async def test_start_kitten_fishing_human_first(service: TableService) -> None:
    info = await service.open_lobby(GUILD, CHANNEL, KF, None, ALICE, "Alice", seed=42)
    info = await service.add_cpu(info.id, ALICE)
    assert info.seats[1].name == "子猫"  # the game's own name for its CPU, default locale ja
    started = await service.start(info.id, ALICE, expected_version=info.version)
    assert started.table.status == "active"
    assert started.table.to_act == (0,)
    assert started.applied == 0  # the human flips first
    assert started.public_view is not None and started.public_view["stock_counts"] == [26, 26]
    assert set(started.views) == {0, 1}
    assert started.table.waiting_user_ids == (ALICE,)
    with pytest.raises(TableError) as err:
        await service.start(info.id, ALICE)
    assert err.value.code == "lobby_only"


async def test_start_runs_cpu_seats_that_act_first(service: TableService) -> None:
    info = await service.open_lobby(GUILD, CHANNEL, KF, {"first": 1}, ALICE, "Alice", seed=7)
    await service.add_cpu(info.id, ALICE)
    started = await service.start(info.id, ALICE)
    assert [(s.seat, s.by_cpu, s.action) for s in started.steps] == [
        (1, True, {"seat": 1, "type": "flip"})
    ]
    assert started.table.to_act == (0,)
    assert started.table.action_count == 1


async def test_abandon_by_moderator(service: TableService) -> None:
    info = await service.open_lobby(GUILD, CHANNEL, KF, None, ALICE, "Alice")
    await service.add_cpu(info.id, ALICE)
    await service.start(info.id, ALICE)
    with pytest.raises(TableError) as err:
        await service.abandon(info.id, BOB)
    assert err.value.code == "not_creator"
    done = await service.abandon(info.id, BOB, is_moderator=True)
    assert done.status == "abandoned" and done.deadline is None
    with pytest.raises(TableError) as err:
        await service.abandon(info.id, ALICE)
    assert err.value.code == "not_active"


async def test_long_names_are_cut_to_fit(service: TableService) -> None:
    info = await service.open_lobby(GUILD, CHANNEL, KF, None, ALICE, "あ" * 300)
    assert info.seats[0].name == "あ" * 100
    joined = await service.join(info.id, BOB, "  ")
    assert joined.seats[1].name == "?"
