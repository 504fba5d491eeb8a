"""Play: act, CPU batches, finish, advance/auto, leave, rematch, stats, races and the log."""

from __future__ import annotations

import asyncio
import itertools
import random

import pytest
from sqlalchemy import func, select

from bot.store import Database
from bot.store.models import ActionLogRow
from bot.tables import TableError, TableService
from engines.actions import Action
from engines.kitten_fishing import KittenFishing
from engines.record import parse_record, replay
from engines.registry import game_class
from tests.tables import secret_numbers
from tests.tables.helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    assert_snapshot_is_replay,
    dump,
    stored_row,
)

KF = "kitten-fishing"
SN = secret_numbers.GAME_ID
FLIP = {"type": "flip"}


async def vs_cpu(service: TableService, seed: int, *, first: int = 0, channel: int = CHANNEL):
    info = await service.open_lobby(GUILD, channel, KF, {"first": first}, ALICE, "Alice", seed=seed)
    await service.add_cpu(info.id, ALICE)
    return await service.start(info.id, ALICE)


async def two_humans(service: TableService, seed: int, *, channel: int = CHANNEL):
    info = await service.open_lobby(GUILD, channel, KF, None, ALICE, "Alice", seed=seed)
    await service.join(info.id, BOB, "Bob")
    return await service.start(info.id, ALICE)


async def log_rows(database: Database, table_id: int) -> int:
    async with database.sessions() as s:
        return await s.scalar(
            select(func.count()).select_from(ActionLogRow).where(ActionLogRow.table_id == table_id)
        )


# ---------------------------------------------------------------------------- flows


async def test_human_vs_cpu_to_the_end(service: TableService, database: Database) -> None:
    started = await vs_cpu(service, seed=3)
    table_id = started.table.id
    engine = KittenFishing.new(2, {"first": 0}, 3)
    result = started
    acts = 0
    while result.table.status == "active":
        result = await service.act(table_id, ALICE, {"type": "flip", "seat": 1})  # seat ignored
        acts += 1
        # the human flip and, unless it ended the game, the CPU's answer: in one batch
        expected_steps = [Action.make(0, "flip")]
        engine_events = engine.apply(Action.make(0, "flip"))
        if not engine.is_over():
            expected_steps.append(Action.make(1, "flip"))
            engine.apply(Action.make(1, "flip"))
        assert [s.action for s in result.steps] == [a.to_json() for a in expected_steps]
        assert [s.by_cpu for s in result.steps] == [False, True][: len(expected_steps)]
        assert list(result.steps[0].events) == [e.to_json() for e in engine_events]
        assert result.views[0] == engine.view(0)
        assert result.public_view == engine.view(None)
    assert result.table.status == "finished"
    assert result.table.result == engine.result()
    assert result.table.deadline is None
    assert result.table.to_act == ()
    assert result.table.action_count == engine.moves == await log_rows(database, table_id)
    await assert_snapshot_is_replay(service, database, table_id)
    winner = engine.result()["winner"]
    [stats] = await service.user_stats(ALICE)
    assert (stats.game, stats.played) == (KF, 1)
    assert (stats.won, stats.lost, stats.drawn) == (
        (1, 0, 0) if winner == 0 else (0, 1, 0) if winner == 1 else (0, 0, 1)
    )
    assert acts == (engine.moves + 1) // 2


async def test_two_humans_take_turns(service: TableService, database: Database) -> None:
    started = await two_humans(service, seed=11)
    table_id = started.table.id
    assert started.table.waiting_user_ids == (ALICE,)
    with pytest.raises(TableError) as err:
        await service.act(table_id, BOB, FLIP)
    assert err.value.code == "not_your_turn"
    assert err.value.params["to_act"] == [0]
    first = await service.act(table_id, ALICE, FLIP)
    assert [s.seat for s in first.steps] == [0]
    assert first.table.waiting_user_ids == (BOB,)
    assert (await service.prompt(table_id, ALICE)).prompt is None
    bobs = await service.prompt(table_id, BOB)
    assert bobs.prompt is not None and bobs.prompt["choices"] == [{"seat": 1, "type": "flip"}]
    assert bobs.version == first.table.prompt_version(1)
    await service.act(table_id, BOB, FLIP, expected_version=first.table.version)
    # "See the result" would end the game for the other player too: not between two humans
    with pytest.raises(TableError) as err:
        await service.finish(table_id, BOB)
    assert err.value.code == "finish_needs_all"
    await service.leave(table_id, ALICE)  # the CPU takes Alice's seat; now Bob may
    finished = await service.finish(table_id, BOB)
    engine = KittenFishing.new(2, None, 11)
    engine.autoplay(lambda g, p: Action.make(p.seat, "flip"))
    assert finished.table.result == engine.result()
    await assert_snapshot_is_replay(service, database, table_id)
    alice, bob = (await service.user_stats(ALICE))[0], (await service.user_stats(BOB))[0]
    assert alice.played == bob.played == 1
    assert alice.won + bob.won + alice.drawn == 1
    assert alice.won == bob.lost and alice.lost == bob.won


async def test_finish_equals_flipping_by_hand(service: TableService, database: Database) -> None:
    by_hand = await two_humans(service, seed=2024, channel=1)
    instant = await vs_cpu(service, seed=2024, channel=2)
    result = by_hand
    while result.table.status == "active":
        user = ALICE if result.table.to_act == (0,) else BOB
        result = await service.act(by_hand.table.id, user, FLIP)
    finished = await service.finish(instant.table.id, ALICE)
    assert finished.table.result == result.table.result
    assert finished.public_view == result.public_view
    hand_record = await service.record(by_hand.table.id)
    instant_record = await service.record(instant.table.id)
    assert instant_record["actions"] == hand_record["actions"]
    assert (await stored_row(database, instant.table.id)).snapshot == (
        await stored_row(database, by_hand.table.id)
    ).snapshot


async def test_finish_a_long_game_in_one_bulk_write(
    service: TableService, database: Database
) -> None:
    seed = 5065  # the longest game among seeds below 40000: 3468 flips
    engine = KittenFishing.new(2, None, seed)
    assert len(engine.autoplay(lambda g, p: Action.make(p.seat, "flip"))) > 3000
    started = await vs_cpu(service, seed=seed)
    finished = await service.finish(started.table.id, ALICE)
    assert finished.applied == engine.moves
    assert finished.table.result == engine.result()
    assert await log_rows(database, started.table.id) == finished.table.action_count
    await assert_snapshot_is_replay(service, database, started.table.id)


async def test_finish_needs_a_no_decision_game(service: TableService) -> None:
    info = await service.open_lobby(GUILD, CHANNEL, SN, None, ALICE, "Alice", 2)
    await service.add_cpu(info.id, ALICE)
    await service.start(info.id, ALICE)
    with pytest.raises(TableError) as err:
        await service.finish(info.id, ALICE)
    assert err.value.code == "no_instant_finish"


# ---------------------------------------------------------------------------- a general game


async def test_simultaneous_seats_and_cpu_batches(
    service: TableService, database: Database
) -> None:
    info = await service.open_lobby(GUILD, CHANNEL, SN, None, ALICE, "Alice", 4, seed=5)
    await service.join(info.id, BOB, "Bob")
    await service.add_cpu(info.id, ALICE, "hard")
    await service.add_cpu(info.id, BOB)
    started = await service.start(info.id, ALICE)
    # Both CPUs pick at once; the two humans remain to act, in any order.
    assert sorted(s.seat for s in started.steps) == [2, 3]
    assert all(s.by_cpu for s in started.steps)
    assert started.table.to_act == (0, 1)
    assert set(started.table.waiting_user_ids) == {ALICE, BOB}
    # A private view shows the seat's own pick only.
    bob_first = await service.act(info.id, BOB, {"type": "pick", "number": 3})
    assert bob_first.views[1]["my_pick"] == 3
    assert bob_first.views[0]["my_pick"] is None
    assert bob_first.public_view["decided"] == [1, 2, 3]
    assert await service.private_view(info.id, ALICE) == bob_first.views[0]
    with pytest.raises(TableError) as err:
        await service.act(info.id, BOB, {"type": "pick", "number": 2})
    assert err.value.code == "not_your_turn"
    with pytest.raises(TableError) as err:
        await service.act(info.id, ALICE, {"type": "pick", "number": 9})
    assert err.value.code == "illegal_action"
    assert err.value.params == {"code": "bad_number", "number": 9, "game": SN}
    assert err.value.message == "Pick 1, 2 or 3."
    done = await service.act(info.id, ALICE, {"type": "pick", "number": 1})
    # Alice's pick reveals the round; the CPUs then pick for the next round straight away.
    assert done.steps[0].seat == 0 and done.steps[0].events[-1]["type"] == "revealed"
    assert sorted(s.seat for s in done.steps[1:]) == [2, 3]
    assert done.table.to_act == (0, 1)
    await assert_snapshot_is_replay(service, database, info.id)


async def test_auto_seat_plays_only_through_advance(service: TableService) -> None:
    started = await two_humans(service, seed=8)
    table_id = started.table.id
    auto = await service.set_auto(table_id, BOB, True)
    assert auto.seats[1].auto and auto.version == started.table.version + 1
    flipped = await service.act(table_id, ALICE, FLIP)
    assert [s.seat for s in flipped.steps] == [0]  # act does not run auto humans
    assert flipped.auto_pending
    nothing_for_alice = await service.act(table_id, BOB, FLIP)  # Bob may still flip himself
    assert not nothing_for_alice.auto_pending
    await service.act(table_id, ALICE, FLIP)
    stepped = await service.advance(table_id, limit=5)
    assert [(s.seat, s.by_cpu) for s in stepped.steps] == [(1, True)]
    assert stepped.table.to_act == (0,)
    idle = await service.advance(table_id, limit=5)
    assert idle.applied == 0 and idle.table.version == stepped.table.version
    assert await service.auto_pending_tables() == []  # Alice (not auto) is to act
    await service.set_auto(table_id, ALICE, True)
    assert [t.id for t in await service.auto_pending_tables()] == [table_id]
    watched = await service.advance(table_id, limit=6)
    assert [s.seat for s in watched.steps] == [0, 1, 0, 1, 0, 1]


async def test_leaving_a_running_game_hands_the_seat_to_the_cpu(
    service: TableService, database: Database
) -> None:
    started = await two_humans(service, seed=21)
    table_id = started.table.id
    left = await service.leave(table_id, ALICE)  # Alice was to act: the CPU flips for her now
    assert left.table.seats[0].cpu_takeover and left.table.seats[0].cpu_level == "normal"
    assert [(s.seat, s.by_cpu) for s in left.steps] == [(0, True)]
    assert left.table.waiting_user_ids == (BOB,)
    with pytest.raises(TableError) as err:
        await service.act(table_id, ALICE, FLIP)
    assert err.value.code == "seat_taken_over"
    after_bob = await service.act(table_id, BOB, FLIP)
    assert [(s.seat, s.by_cpu) for s in after_bob.steps] == [(1, False), (0, True)]
    assert await service.tables_waiting_on(ALICE) == []
    # The last human leaving abandons the game.
    gone = await service.leave(table_id, BOB)
    assert gone.table.status == "abandoned"
    await assert_snapshot_is_replay(service, database, table_id)


async def test_an_out_of_turn_move_is_not_your_turn_whatever_version_it_names(
    service: TableService,
) -> None:
    """A seat not asked is told so, even when its move names an old prompt version (a `/play`
    value autocompleted on its last turn): "out of date" would send it looking for a newer
    view that does not exist."""
    started = await two_humans(service, seed=11)
    table_id = started.table.id
    seen = started.table.prompt_version(0)
    await service.act(table_id, ALICE, FLIP, prompt_version=seen)
    with pytest.raises(TableError) as err:
        await service.act(table_id, ALICE, FLIP, prompt_version=seen)
    assert err.value.code == "not_your_turn"
    await service.act(table_id, BOB, FLIP)
    with pytest.raises(TableError) as err:  # asked again: the old version is out of date
        await service.act(table_id, ALICE, FLIP, prompt_version=seen)
    assert err.value.code == "table_moved_on"


# ---------------------------------------------------------------------------- errors change nothing


async def test_refused_actions_leave_the_database_unchanged(
    service: TableService, database: Database
) -> None:
    started = await two_humans(service, seed=13)
    table_id = started.table.id
    await service.act(table_id, ALICE, FLIP)
    before = await dump(database)
    cases = [
        (service.act(table_id, CAROL, FLIP), "not_seated"),
        (service.act(table_id, ALICE, FLIP), "not_your_turn"),
        (service.act(table_id, BOB, {"type": "shuffle"}), "illegal_action"),
        (service.act(table_id, BOB, {"type": "flip", "card": "AS"}), "illegal_action"),
        (
            service.act(table_id, BOB, FLIP, expected_version=started.table.version),
            "table_moved_on",
        ),
        (service.finish(table_id, CAROL), "not_seated"),
        (service.rematch(table_id, ALICE), "not_finished"),
        (service.private_view(table_id, CAROL), "not_seated"),
    ]
    for call, code in cases:
        with pytest.raises(TableError) as err:
            await call
        assert err.value.code == code, code
    assert await dump(database) == before


async def test_a_failing_write_rolls_everything_back(
    service: TableService, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    started = await vs_cpu(service, seed=17)
    before = await dump(database)

    async def broken_stats(*args, **kwargs):
        raise RuntimeError("disk full")

    # Finishing writes the snapshot, the log rows, then the stats: make the last step fail.
    monkeypatch.setattr(service._writer, "record_stats", broken_stats)
    with pytest.raises(RuntimeError):
        await service.finish(started.table.id, ALICE)
    assert await dump(database) == before


# ---------------------------------------------------------------------------- races


async def test_racing_acts_apply_exactly_once(database: Database, settings) -> None:
    other_db = Database(database.url)
    one, two = TableService(database, settings), TableService(other_db, settings)
    try:
        for seed in range(6):
            started = await two_humans(one, seed=seed, channel=CHANNEL + seed)
            table_id, version = started.table.id, started.table.version
            outcomes = await asyncio.gather(
                one.act(table_id, ALICE, FLIP, expected_version=version),
                two.act(table_id, ALICE, FLIP, expected_version=version),
                return_exceptions=True,
            )
            ok = [o for o in outcomes if not isinstance(o, BaseException)]
            errors = [o for o in outcomes if isinstance(o, BaseException)]
            assert len(ok) == 1 and len(errors) == 1, outcomes
            assert isinstance(errors[0], TableError) and errors[0].code == "table_moved_on"
            assert ok[0].table.version == version + 1
            assert await log_rows(database, table_id) == 1
            await assert_snapshot_is_replay(one, database, table_id)
    finally:
        await other_db.dispose()


async def test_racing_acts_without_a_version_still_apply_once(database: Database, settings) -> None:
    other_db = Database(database.url)
    one, two = TableService(database, settings), TableService(other_db, settings)
    try:
        started = await two_humans(one, seed=99)
        table_id = started.table.id
        outcomes = await asyncio.gather(
            one.act(table_id, ALICE, FLIP), two.act(table_id, ALICE, FLIP), return_exceptions=True
        )
        errors = [o for o in outcomes if isinstance(o, BaseException)]
        assert len(errors) == 1
        # Either the loser read the old version (moved on) or the new state (Bob's turn).
        assert errors[0].code in ("table_moved_on", "not_your_turn")
        assert await log_rows(database, table_id) == 1
    finally:
        await other_db.dispose()


async def test_acts_that_read_the_same_version_are_decided_by_the_update(
    database: Database, settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both calls load version v and apply the flip in memory; only one UPDATE ... WHERE
    version = v can match, the other rolls back with nothing written."""
    other_db = Database(database.url)
    one, two = TableService(database, settings), TableService(other_db, settings)
    try:
        started = await two_humans(one, seed=123)
        table_id = started.table.id
        barrier = asyncio.Barrier(2)

        def gated(service: TableService):
            original = service._repo.bump

            async def bump(s, row, **values):
                await barrier.wait()  # both have read the table and applied the flip
                await original(s, row, **values)

            return bump

        monkeypatch.setattr(one._repo, "bump", gated(one))
        monkeypatch.setattr(two._repo, "bump", gated(two))
        outcomes = await asyncio.gather(
            one.act(table_id, ALICE, FLIP), two.act(table_id, ALICE, FLIP), return_exceptions=True
        )
        errors = [o for o in outcomes if isinstance(o, BaseException)]
        assert len(errors) == 1, outcomes
        assert isinstance(errors[0], TableError) and errors[0].code == "table_moved_on"
        assert await log_rows(database, table_id) == 1
        assert (await stored_row(database, table_id)).version == started.table.version + 1
        await assert_snapshot_is_replay(one, database, table_id)
    finally:
        await other_db.dispose()


async def test_a_result_makes_each_seats_view_when_asked_and_only_then(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a move's result carries every seat's view, made when a transport asks for one: a CPU
    # seat's view is nobody's, and making it for nothing was a tenth of a move
    started = await vs_cpu(service, seed=5)
    made: list[int | None] = []
    real = KittenFishing.view

    def counted(self: KittenFishing, seat: int | None = None) -> dict:
        made.append(seat)
        return real(self, seat)

    monkeypatch.setattr(KittenFishing, "view", counted)
    result = await service.act(started.table.id, ALICE, FLIP)
    assert None in made and 0 not in made  # the CPU decided from seat 1's; nobody needs 0's
    assert len(result.views) == 2 and list(result.views) == [0, 1]
    made.clear()
    mine = result.view_for(0)
    assert mine is result.views[0] and made == [0]  # made once, then kept
    assert result.view_for(5) is None and 5 not in result.views
    replayed = KittenFishing.new(2, {"first": 0}, 5)
    for step in result.steps:
        replayed.apply(Action.from_json(dict(step.action)))
    assert dict(result.views) == {0: replayed.view(0), 1: replayed.view(1)}


# ---------------------------------------------------------------------------- restart and replay


async def test_a_new_service_on_the_same_file_continues_the_game(
    database_url: str, settings, clock
) -> None:
    first_db = Database(database_url)
    await first_db.upgrade()
    first = TableService(first_db, settings, clock=clock)
    started = await vs_cpu(first, seed=31)
    played = await first.act(started.table.id, ALICE, FLIP)
    await first_db.dispose()

    second_db = Database(database_url)
    await second_db.upgrade()
    second = TableService(second_db, settings, clock=clock)
    try:
        reloaded = await second.load(started.table.id)
        assert reloaded == played.table
        assert await second.public_view(started.table.id) == played.public_view
        more = await second.act(started.table.id, ALICE, FLIP, expected_version=reloaded.version)
        assert more.table.action_count == played.table.action_count + 2
        await assert_snapshot_is_replay(second, second_db, started.table.id)
    finally:
        await second_db.dispose()


async def test_snapshot_is_the_replay_of_the_log_in_random_games(
    service: TableService, database: Database
) -> None:
    for seed in range(12):
        rng = random.Random(seed)
        channel = 5000 + seed
        if rng.random() < 0.5:
            result = await vs_cpu(service, seed=seed, first=rng.choice((0, 1)), channel=channel)
        else:
            result = await two_humans(service, seed=seed, channel=channel)
        table_id = result.table.id
        for _ in range(rng.randrange(0, 25)):
            if result.table.status != "active":
                break
            move = rng.random()
            if move < 0.75:
                seat = result.table.to_act[0]
                user = result.table.seats[seat].user_id
                if user is None or result.table.seats[seat].cpu_takeover:
                    result = await service.advance(table_id, limit=3)
                else:
                    result = await service.act(table_id, user, FLIP)
            elif move < 0.85:
                result = await service.advance(table_id, limit=rng.randrange(1, 4))
            elif move < 0.95:
                seated = [s.user_id for s in result.table.seats if s.user_id is not None]
                try:
                    result = await service.finish(table_id, rng.choice(seated))
                except TableError as exc:
                    assert exc.code == "finish_needs_all"
            else:
                humans = [s.user_id for s in result.table.seats if s.is_human]
                result = await service.leave(table_id, rng.choice(humans))
            await assert_snapshot_is_replay(service, database, table_id)
        if result.table.status == "active":
            seated = [s for s in result.table.seats if s.is_human]
            for other in seated[1:]:
                await service.leave(table_id, other.user_id)
            if seated:
                await service.finish(table_id, seated[0].user_id)
        await assert_snapshot_is_replay(service, database, table_id)


async def test_cpu_moves_are_deterministic_per_table(service: TableService) -> None:
    """Two tables with the same seed and the same calls get the same CPU moves."""
    runs = []
    for channel in (1, 2):
        info = await service.open_lobby(GUILD, channel, SN, None, ALICE, "Alice", 3, seed=77)
        await service.add_cpu(info.id, ALICE, "normal")
        await service.add_cpu(info.id, ALICE, "hard")
        await service.start(info.id, ALICE)
        for number in (1, 2, 3, 1):
            result = await service.act(info.id, ALICE, {"type": "pick", "number": number})
            if result.table.status != "active":
                break
        runs.append((await service.record(info.id))["actions"])
    assert runs[0] == runs[1]
    assert any(a["seat"] != 0 for a in runs[0])


# ---------------------------------------------------------------------------- series and stats


async def test_rematch_alternates_who_flips_first(service: TableService) -> None:
    started = await vs_cpu(service, seed=1)
    table_id = started.table.id
    firsts = []
    seen_series = set()
    for match in range(1, 5):
        info = await service.load(table_id)
        firsts.append(info.options["first"])
        assert info.series_match == match
        seen_series.add(info.series_id or info.id)
        await service.finish(table_id, ALICE)
        with pytest.raises(TableError) as err:
            await service.rematch(table_id, CAROL)
        assert err.value.code == "not_seated"
        again = await service.rematch(table_id, ALICE)
        assert again.table.channel_id == CHANNEL and again.table.status == "active"
        assert [(s.user_id, s.cpu_level) for s in again.table.seats] == [
            (ALICE, None),
            (None, "normal"),
        ]
        # The CPU flips at once when it starts; the human is always the one waited on.
        assert again.table.to_act == (0,)
        assert len(again.steps) == (1 if again.table.options["first"] == 1 else 0)
        # The old table cannot be rematched a second time.
        with pytest.raises(TableError) as err:
            await service.rematch(table_id, ALICE)
        assert err.value.code in ("channel_busy", "table_moved_on")
        table_id = again.table.id
    assert firsts == [0, 1, 0, 1]
    assert len(seen_series) == 1
    [stats] = await service.user_stats(ALICE, KF)
    assert stats.played == 4 and stats.won + stats.lost + stats.drawn == 4


async def test_rematch_of_a_series_started_with_first_one(service: TableService) -> None:
    started = await vs_cpu(service, seed=4, first=1)
    await service.finish(started.table.id, ALICE)
    second = await service.rematch(started.table.id, ALICE)
    assert second.table.options["first"] == 0
    await service.finish(second.table.id, ALICE)
    third = await service.rematch(second.table.id, ALICE)
    assert third.table.options["first"] == 1


async def test_rematch_of_an_old_table_after_a_newer_finished(service: TableService) -> None:
    started = await vs_cpu(service, seed=9)
    await service.finish(started.table.id, ALICE)
    second = await service.rematch(started.table.id, ALICE)
    await service.finish(second.table.id, ALICE)
    with pytest.raises(TableError) as err:
        await service.rematch(started.table.id, ALICE)
    assert err.value.code == "table_moved_on"


async def test_rematch_of_a_game_without_first_keeps_options(service: TableService) -> None:
    info = await service.open_lobby(GUILD, CHANNEL, SN, None, ALICE, "Alice", 2)
    await service.add_cpu(info.id, ALICE)
    result = await service.start(info.id, ALICE)
    while result.table.status == "active":
        result = await service.act(info.id, ALICE, {"type": "pick", "number": 3})
    again = await service.rematch(info.id, ALICE)
    assert again.table.options == {} and again.table.series_match == 2


async def test_tables_waiting_on_spans_guilds(service: TableService) -> None:
    a = await two_humans(service, seed=1, channel=101)
    info = await service.open_lobby(GUILD + 1, 202, KF, None, BOB, "Bob", seed=2)
    await service.join(info.id, ALICE, "Alice")
    b = await service.start(info.id, BOB)
    c = await vs_cpu(service, seed=3, channel=303)
    assert [t.id for t in await service.tables_waiting_on(ALICE)] == [a.table.id, c.table.id]
    assert [t.id for t in await service.tables_waiting_on(BOB)] == [b.table.id]
    await service.act(a.table.id, ALICE, FLIP)
    assert [t.id for t in await service.tables_waiting_on(ALICE)] == [c.table.id]
    assert {t.id for t in await service.tables_waiting_on(BOB)} == {a.table.id, b.table.id}
    assert await service.tables_waiting_on(CAROL) == []


async def test_record_matches_the_records_contract(service: TableService) -> None:
    started = await vs_cpu(service, seed=12)
    await service.act(started.table.id, ALICE, FLIP)
    record = await service.record(started.table.id)
    assert record == {
        "game": KF,
        "seats": 2,
        "options": {"first": 0},
        "seed": 12,
        "actions": [{"seat": 0, "type": "flip"}, {"seat": 1, "type": "flip"}],
    }
    assert game_class(record["game"]).id == KF


async def test_a_finished_tables_record_replays_to_its_stored_result(service: TableService) -> None:
    """What `/game record` hands out, `cardbot replay` reproduces exactly (RECORDS.md)."""
    started = await vs_cpu(service, seed=31)
    for _ in range(5):
        await service.act(started.table.id, ALICE, FLIP)
    finished = await service.finish(started.table.id, ALICE)
    outcome = replay(parse_record(await service.record(started.table.id)))
    assert not outcome.refused
    assert outcome.answer["over"] is True
    assert outcome.answer["result"] == finished.table.result
    assert outcome.answer["actions_applied"] == finished.table.action_count


async def test_snapshot_is_the_replay_of_the_log_with_decisions_and_timeouts(
    service: TableService, database: Database, clock
) -> None:
    users = [ALICE, BOB, CAROL]
    for seed in range(8):
        rng = random.Random(seed)
        seats = rng.choice((2, 3, 4))
        humans = rng.randrange(1, min(seats, 3) + 1)
        info = await service.open_lobby(
            GUILD, 7000 + seed, SN, None, ALICE, "Alice", seats, seed=seed
        )
        for user in users[1:humans]:
            await service.join(info.id, user, str(user))
        for _ in range(seats - humans):
            await service.add_cpu(info.id, ALICE, rng.choice(("easy", "normal", "hard")))
        await service.set_table_settings(
            info.id, ALICE, expiry_policy=rng.choice(("cpu_turn", "cpu_seat"))
        )
        result = await service.start(info.id, ALICE)
        versions = [result.table.version]
        for _ in range(40):
            table = result.table
            if table.status != "active":
                break
            move = rng.random()
            if move < 0.8 and table.waiting_user_ids:
                user = rng.choice(table.waiting_user_ids)
                result = await service.act(
                    info.id, user, {"type": "pick", "number": rng.choice((1, 2, 3))}
                )
            elif move < 0.9:
                clock.now = table.deadline
                [expiry] = await service.expire_overdue()
                result = expiry.result
            else:
                with pytest.raises(TableError) as err:
                    await service.act(info.id, ALICE, {"type": "pick", "number": 4})
                assert err.value.code in ("illegal_action", "not_your_turn", "seat_taken_over")
                result = await service.advance(info.id, limit=2)
            versions.append(result.table.version)
            await assert_snapshot_is_replay(service, database, info.id)
        # every write is exactly one version step
        assert all(b - a in (0, 1) for a, b in itertools.pairwise(versions))


async def test_racing_rematches_open_one_table(database: Database, settings) -> None:
    other_db = Database(database.url)
    one, two = TableService(database, settings), TableService(other_db, settings)
    try:
        started = await two_humans(one, seed=55)
        await one.leave(started.table.id, BOB)
        await one.finish(started.table.id, ALICE)
        outcomes = await asyncio.gather(
            one.rematch(started.table.id, ALICE),
            two.rematch(started.table.id, BOB),
            return_exceptions=True,
        )
        ok = [o for o in outcomes if not isinstance(o, BaseException)]
        errors = [o for o in outcomes if isinstance(o, BaseException)]
        assert len(ok) == 1 and len(errors) == 1, outcomes
        assert isinstance(errors[0], TableError)
        assert errors[0].code in ("channel_busy", "table_moved_on")
        assert (await one.active_table(CHANNEL)).id == ok[0].table.id
    finally:
        await other_db.dispose()
