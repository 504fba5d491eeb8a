"""Turn timers: deadlines, reminders (a rhythm, a last call, the stall, muting), the three expiry
policies, lobby expiry, restarts."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.settings import Settings
from bot.store import Database
from bot.tables import TableError, TableService
from tests.conftest import START_TIME, FakeClock
from tests.tables import secret_numbers
from tests.tables.helpers import ALICE, BOB, CHANNEL, GUILD, assert_snapshot_is_replay

KF = "kitten-fishing"
FLIP = {"type": "flip"}
DAY = 86400
HOUR = 3600


@pytest.fixture
def settings() -> Settings:
    """The defaults, with the last call as each turn's only reminder (the rhythm's own tests
    build their service with it)."""
    return Settings(
        _env_file=None,  # type: ignore[call-arg]
        database_url="sqlite+aiosqlite:///unused.db",
        reminder_interval_seconds=0,
    )


def rhythm_service(database: Database, clock: FakeClock) -> TableService:
    """A service reminding every 4 hours, a last call an hour before, stalled after 6."""
    settings = Settings(
        _env_file=None,  # type: ignore[call-arg]
        database_url="sqlite+aiosqlite:///unused.db",
        reminder_interval_seconds=4 * HOUR,
        reminder_before_seconds=HOUR,
        reminder_limit=6,
    )
    return TableService(database, settings, clock=clock)


async def human_vs_cpu(service: TableService, seed: int = 1, channel: int = CHANNEL):
    info = await service.open_lobby(GUILD, channel, KF, None, ALICE, "Alice", seed=seed)
    await service.add_cpu(info.id, ALICE)
    return await service.start(info.id, ALICE)


async def two_humans(service: TableService, seed: int = 1, channel: int = CHANNEL):
    info = await service.open_lobby(GUILD, channel, KF, None, ALICE, "Alice", seed=seed)
    await service.join(info.id, BOB, "Bob")
    return await service.start(info.id, ALICE)


async def test_deadline_follows_every_turn(service: TableService, clock: FakeClock) -> None:
    info = await service.open_lobby(GUILD, CHANNEL, KF, None, ALICE, "Alice")
    assert info.deadline is None  # lobbies have no turn timer
    await service.join(info.id, BOB, "Bob")
    started = await service.start(info.id, ALICE)
    assert started.table.deadline == START_TIME + timedelta(seconds=DAY)
    clock.advance(600)
    moved = await service.act(info.id, ALICE, FLIP)
    assert moved.table.deadline == START_TIME + timedelta(seconds=600 + DAY)
    await service.leave(info.id, ALICE)
    finished = await service.finish(info.id, BOB)
    assert finished.table.deadline is None


async def test_reminder_fires_once_per_turn(service: TableService, clock: FakeClock) -> None:
    started = await two_humans(service)
    deadline = started.table.deadline
    assert await service.due_reminders(deadline - timedelta(seconds=HOUR + 1)) == []
    [due] = await service.due_reminders(deadline - timedelta(seconds=HOUR - 1))
    assert due.table.id == started.table.id and due.seats == (0,)
    assert due.user_ids == (ALICE,) and due.table.prompts[0].reminded
    # a reminder does not outdate anyone's controls: they carry their seat's prompt version
    assert due.table.prompt_version(0) == started.table.prompt_version(0)
    assert await service.due_reminders(deadline - timedelta(seconds=10)) == []
    assert await service.due_reminders(deadline + timedelta(seconds=10)) == []  # overdue: expiry
    # The next turn gets its own reminder.
    clock.advance(60)
    version = started.table.prompt_version(0)
    moved = await service.act(started.table.id, ALICE, FLIP, prompt_version=version)
    assert not moved.table.prompts[1].reminded
    [again] = await service.due_reminders(moved.table.deadline - timedelta(seconds=60))
    assert again.user_ids == (BOB,)


async def test_reminders_keep_a_rhythm_then_stall(database: Database, clock: FakeClock) -> None:
    service = rhythm_service(database, clock)
    started = await two_humans(service)
    table_id = started.table.id
    assert await service.next_wakeup() == START_TIME + timedelta(hours=4)
    assert await service.due_reminders(START_TIME + timedelta(hours=4, seconds=-1)) == []
    [first] = await service.due_reminders(START_TIME + timedelta(hours=4))
    assert first.seats == (0,) and first.numbers == (1,) and not first.stalled
    assert not first.table.prompts[0].reminded
    assert await service.due_reminders(START_TIME + timedelta(hours=4, minutes=5)) == []
    [second] = await service.due_reminders(START_TIME + timedelta(hours=8))
    assert second.numbers == (2,)
    # a bot that was down sends one reminder, not the ones it missed
    [late] = await service.due_reminders(START_TIME + timedelta(hours=21))
    assert late.numbers == (5,)
    assert await service.next_wakeup() == START_TIME + timedelta(hours=23)  # the last call
    [last] = await service.due_reminders(START_TIME + timedelta(hours=23))
    assert last.numbers == (6,) and last.stalled == (0,) and last.table.prompts[0].reminded
    assert await service.due_reminders(START_TIME + timedelta(hours=23, minutes=59)) == []
    assert await service.next_wakeup() == started.table.deadline  # then the expiry policy
    # a new turn is reminded afresh
    clock.now = START_TIME + timedelta(hours=23, minutes=30)
    moved = await service.act(table_id, ALICE, FLIP)
    assert moved.table.prompts[1].asked and not moved.table.prompts[1].reminded
    [bob] = await service.due_reminders(clock.now + timedelta(hours=4))
    assert bob.user_ids == (BOB,) and bob.numbers == (1,)


async def test_a_long_turn_stalls_after_the_limit(database: Database, clock: FakeClock) -> None:
    service = rhythm_service(database, clock)
    started = await two_humans(service)
    await service.set_table_settings(started.table.id, ALICE, turn_timer_seconds=7 * DAY)
    moved = await service.act(started.table.id, ALICE, FLIP)  # Bob's turn: a week to answer
    reminded = []
    for hours in range(4, 7 * 24, 4):
        reminded += await service.due_reminders(START_TIME + timedelta(hours=hours))
    assert [r.numbers for r in reminded] == [(n,) for n in range(1, 7)]
    assert [r.stalled for r in reminded] == [()] * 5 + [(1,)]  # at the sixth, after a day
    assert await service.next_wakeup() == moved.table.deadline


async def test_a_player_mutes_the_reminders_of_their_turn(
    database: Database, clock: FakeClock
) -> None:
    service = rhythm_service(database, clock)
    started = await two_humans(service)
    table_id, version = started.table.id, started.table.prompt_version(0)
    [first] = await service.due_reminders(START_TIME + timedelta(hours=4))
    assert first.user_ids == (ALICE,)
    with pytest.raises(TableError) as stale:
        await service.mute_reminders(table_id, ALICE, version + 1)
    assert stale.value.code == "table_moved_on"
    with pytest.raises(TableError) as unseated:
        await service.mute_reminders(table_id, 42, version)
    assert unseated.value.code == "not_seated"
    muted = await service.mute_reminders(table_id, ALICE, version)
    assert muted.prompts[0].muted and muted.prompt_version(0) == version  # controls stay valid
    assert await service.mute_reminders(table_id, ALICE, version) == muted  # once is enough
    assert await service.due_reminders(START_TIME + timedelta(hours=8)) == []
    assert await service.next_wakeup() == started.table.deadline
    # her next turn is reminded again
    clock.now = START_TIME + timedelta(hours=9)
    await service.act(table_id, ALICE, FLIP)
    await service.act(table_id, BOB, FLIP)
    [again] = await service.due_reminders(clock.now + timedelta(hours=4))
    assert again.user_ids == (ALICE,)


async def test_a_seat_remembers_when_its_player_last_acted(
    service: TableService, clock: FakeClock
) -> None:
    started = await human_vs_cpu(service)
    assert started.table.prompts[0].seen is None  # never acted
    clock.advance(30)
    moved = await service.act(started.table.id, ALICE, FLIP)  # the CPU answered at once
    assert moved.table.prompts[0].seen == clock.now and moved.table.prompts[1].seen is None
    clock.advance(HOUR)
    [expiry] = await service.expire_overdue(clock.now + timedelta(seconds=DAY))
    # the CPU played for her: she was not there
    assert expiry.result.table.prompts[0].seen == START_TIME + timedelta(seconds=30)


async def test_short_timers_remind_at_half_time(service: TableService) -> None:
    started = await two_humans(service)
    await service.set_table_settings(started.table.id, ALICE, turn_timer_seconds=600)
    moved = await service.act(started.table.id, ALICE, FLIP)
    deadline = moved.table.deadline
    assert deadline == START_TIME + timedelta(seconds=600)
    assert await service.due_reminders(deadline - timedelta(seconds=301)) == []
    assert len(await service.due_reminders(deadline - timedelta(seconds=299))) == 1


async def test_expiry_cpu_turn_plays_the_absent_seat_once(
    service: TableService, database: Database, clock: FakeClock
) -> None:
    started = await two_humans(service, seed=5)
    table_id = started.table.id
    deadline = started.table.deadline
    assert await service.expire_overdue(deadline - timedelta(seconds=1)) == []
    late = deadline + timedelta(seconds=5)
    [expiry] = await service.expire_overdue(late)
    assert expiry.policy == "cpu_turn"
    assert (expiry.seats, expiry.user_ids) == ((0,), (ALICE,))
    assert [(s.seat, s.by_cpu) for s in expiry.result.steps] == [(0, True)]
    table = expiry.result.table
    assert table.status == "active" and table.to_act == (1,)
    assert table.deadline == late + timedelta(seconds=DAY)
    assert not table.seats[0].cpu_takeover  # only that turn: Alice plays on herself
    # Fires once: the same moment again finds nothing overdue.
    assert await service.expire_overdue(late) == []
    await assert_snapshot_is_replay(service, database, table_id)


async def test_expiry_cpu_seat_hands_the_seat_over(
    service: TableService, database: Database
) -> None:
    started = await two_humans(service, seed=6)
    table_id = started.table.id
    await service.set_table_settings(table_id, ALICE, expiry_policy="cpu_seat")
    [expiry] = await service.expire_overdue(started.table.deadline + timedelta(seconds=1))
    assert expiry.policy == "cpu_seat"
    seat0 = expiry.result.table.seats[0]
    assert seat0.cpu_takeover and seat0.user_id == ALICE
    assert [(s.seat, s.by_cpu) for s in expiry.result.steps] == [(0, True)]
    # From now on the CPU answers Bob at once, in the same batch.
    answered = await service.act(table_id, BOB, FLIP)
    assert [(s.seat, s.by_cpu) for s in answered.steps][:2] == [(1, False), (0, True)]
    with pytest.raises(TableError) as err:
        await service.act(table_id, ALICE, FLIP)
    assert err.value.code == "seat_taken_over"
    assert await service.tables_waiting_on(ALICE) == []
    # Alice is back: auto off gives her the seat again; the CPU no longer answers for her.
    back = await service.set_auto(table_id, ALICE, False)
    assert not back.seats[0].cpu_takeover and back.seats[0].cpu_level is None
    if back.to_act == (1,):
        back = (await service.act(table_id, BOB, FLIP)).table
    assert back.waiting_user_ids == (ALICE,)
    mine = await service.act(table_id, ALICE, FLIP)
    assert [(s.seat, s.by_cpu) for s in mine.steps] == [(0, False)]
    await assert_snapshot_is_replay(service, database, table_id)


async def test_expiry_cpu_seat_against_a_cpu_plays_to_the_end(service: TableService) -> None:
    started = await human_vs_cpu(service, seed=7)
    await service.set_table_settings(started.table.id, ALICE, expiry_policy="cpu_seat")
    [expiry] = await service.expire_overdue(started.table.deadline + timedelta(seconds=1))
    assert expiry.result.table.status == "finished"
    assert expiry.result.table.result is not None
    [stats] = await service.user_stats(ALICE)
    assert stats.played == 1


async def test_expiry_abandon(service: TableService) -> None:
    started = await human_vs_cpu(service)
    await service.set_table_settings(started.table.id, ALICE, expiry_policy="abandon")
    [expiry] = await service.expire_overdue(started.table.deadline + timedelta(seconds=1))
    assert expiry.policy == "abandon" and expiry.user_ids == (ALICE,)
    assert expiry.result.table.status == "abandoned"
    assert expiry.result.steps == ()
    assert await service.active_table(CHANNEL) is None
    assert await service.user_stats(ALICE) == []


async def test_expiry_of_simultaneous_seats(service: TableService, database: Database) -> None:
    info = await service.open_lobby(
        GUILD, CHANNEL, secret_numbers.GAME_ID, None, ALICE, "Alice", 3, seed=3
    )
    await service.join(info.id, BOB, "Bob")
    await service.add_cpu(info.id, ALICE)
    started = await service.start(info.id, ALICE)
    assert started.table.to_act == (0, 1)
    [expiry] = await service.expire_overdue(started.table.deadline + timedelta(seconds=1))
    assert expiry.seats == (0, 1) and set(expiry.user_ids) == {ALICE, BOB}
    # Both absent seats pick once; the round resolves and the CPU picks for the next one.
    assert [s.seat for s in expiry.result.steps][:2] == [0, 1]
    assert expiry.result.table.to_act == (0, 1)
    await assert_snapshot_is_replay(service, database, info.id)


async def test_a_table_that_moved_on_is_not_expired(service: TableService, clock) -> None:
    started = await two_humans(service)
    clock.now = started.table.deadline - timedelta(seconds=1)
    await service.act(started.table.id, ALICE, FLIP)  # just in time: a new deadline
    assert await service.expire_overdue(started.table.deadline + timedelta(seconds=1)) == []


async def test_lobbies_expire(service: TableService, clock: FakeClock) -> None:
    info = await service.open_lobby(GUILD, CHANNEL, KF, None, ALICE, "Alice")
    clock.advance(HOUR)
    await service.join(info.id, BOB, "Bob")  # activity keeps a lobby alive
    assert await service.expire_lobbies(START_TIME + timedelta(seconds=DAY + 60)) == []
    [expired] = await service.expire_lobbies(START_TIME + timedelta(seconds=DAY + HOUR + 1))
    assert expired.id == info.id and expired.status == "abandoned"
    assert await service.expire_lobbies(START_TIME + timedelta(seconds=2 * DAY)) == []
    await service.open_lobby(GUILD, CHANNEL, KF, None, BOB, "Bob")  # the channel is free


async def test_deadlines_survive_a_restart(database_url: str, settings) -> None:
    clock = FakeClock()
    first_db = Database(database_url)
    await first_db.upgrade()
    first = TableService(first_db, settings, clock=clock)
    started = await two_humans(first, seed=4)
    await first.act(started.table.id, ALICE, FLIP)
    await first_db.dispose()

    # A new process: new Database, new service, its own clock; the deadline comes from the DB.
    second_db = Database(database_url)
    second = TableService(second_db, settings, clock=FakeClock(START_TIME))
    try:
        wake = await second.next_wakeup()
        assert wake == START_TIME + timedelta(seconds=DAY - HOUR)  # Bob's reminder
        late = START_TIME + timedelta(seconds=DAY + 1)
        [expiry] = await second.expire_overdue(late)
        assert expiry.user_ids == (BOB,)
        assert await second.expire_overdue(late) == []
        third = TableService(second_db, settings)
        assert await third.expire_overdue(late) == []
    finally:
        await second_db.dispose()


async def test_next_wakeup(service: TableService, clock: FakeClock) -> None:
    assert await service.next_wakeup() is None
    info = await service.open_lobby(GUILD, CHANNEL, KF, None, ALICE, "Alice")
    assert await service.next_wakeup() == START_TIME + timedelta(seconds=DAY)  # lobby expiry
    await service.join(info.id, BOB, "Bob")
    clock.advance(60)
    started = await service.start(info.id, ALICE)
    assert await service.next_wakeup() == started.table.deadline - timedelta(seconds=HOUR)
    await service.due_reminders(started.table.deadline - timedelta(seconds=HOUR))
    assert await service.next_wakeup() == started.table.deadline


async def test_expiry_without_a_cpu_player_abandons(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    started = await two_humans(service)
    monkeypatch.setattr("bot.tables.deadlines.has_cpu", lambda game_id: False)
    [expiry] = await service.expire_overdue(started.table.deadline + timedelta(seconds=1))
    assert expiry.policy == "abandon"
    assert expiry.result.table.status == "abandoned"


async def test_next_wakeup_with_a_short_timer_is_its_reminder(service: TableService) -> None:
    started = await two_humans(service)
    await service.set_table_settings(started.table.id, ALICE, turn_timer_seconds=600)
    moved = await service.act(started.table.id, ALICE, FLIP)
    wake = await service.next_wakeup()
    # Half the 600 s timer, not the hour of the setting (an hour back would be in the past).
    assert wake == moved.table.deadline - timedelta(seconds=300)
    assert len(await service.due_reminders(wake)) == 1
    assert await service.next_wakeup() == moved.table.deadline


async def test_two_processes_remind_and_expire_once(database: Database, settings) -> None:
    other_db = Database(database.url)
    one, two = TableService(database, settings), TableService(other_db, settings)
    try:
        started = await two_humans(one, seed=2)
        deadline = started.table.deadline
        soon = deadline - timedelta(seconds=60)
        reminded = await asyncio.gather(one.due_reminders(soon), two.due_reminders(soon))
        assert sorted(len(r) for r in reminded) == [0, 1]
        late = deadline + timedelta(seconds=1)
        expired = await asyncio.gather(one.expire_overdue(late), two.expire_overdue(late))
        assert sorted(len(e) for e in expired) == [0, 1]
        table = await one.load(started.table.id)
        assert table.action_count == 1 and table.to_act == (1,)
        await assert_snapshot_is_replay(one, database, started.table.id)
    finally:
        await other_db.dispose()
