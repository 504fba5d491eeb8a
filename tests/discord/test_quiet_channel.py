"""Every registered game, played through Discord by people: a quiet channel, and DMs that respect
them (issue 23).

After every move: at most one ping in the channel; for each player at most one DM on screen
(an older one is deleted); and no new DM nor ping for a player who acted a moment ago (the
default setting), while one who comes back after a while is notified when the game turns to
them. At the end every player's DM holds the result (or, at a table abandoned, the word that
it closed) and no control is left anywhere but Rematch.

The short games are played to their end; Gong Zhu and Zhao Pengyou for their first moves (a
whole match is hundreds of deals' worth of moves), then abandoned.
"""

from __future__ import annotations

import types
from collections.abc import Sequence
from typing import Any

import pytest

from bot.store import Database
from engines.registry import games
from tests.conftest import FakeClock
from tests.discord.conftest import MakeHarness
from tests.discord.harness import (
    ALICE,
    BOB,
    CHANNEL_ID,
    EPHEMERAL,
    HANA,
    Call,
    FakeUser,
    Harness,
    custom_ids,
    find_id,
)
from tests.discord.players import live_dm, play_easy

SILENT = 1 << 12
GAMES: dict[str, tuple[int, Sequence[FakeUser], dict[str, str], int, int | None]] = {
    # game: seats, the people seated, options, the table's seed, moves before it is abandoned
    "kitten-fishing": (2, (ALICE, HANA), {}, 195, None),
    "go-fish": (4, (ALICE, HANA, BOB), {}, 11, None),
    "kokutorum": (2, (ALICE, HANA), {"target": "10"}, 3, None),
    "shirokuro": (2, (ALICE, HANA), {}, 5, None),
    "gong-zhu": (4, (ALICE, HANA), {}, 1, 40),
    "zhao-pengyou": (6, (ALICE, HANA), {}, 1, 30),
}
AWAY_AT = 6
"""After this many moves everybody steps away for a while (their next turn notifies them)."""
MOVE_CAP = 400


def test_every_registered_game_is_played_here() -> None:
    assert set(GAMES) == {cls.id for cls in games()}


def loud_to(call: Call, rec: Any) -> set[int]:
    """The users a new message notifies: a DM that is not silent, a ping's mentions."""
    if call.kind != "http" or call.method != "POST" or not call.path.endswith("/messages"):
        return set()
    if int(call.body.get("flags") or 0) & SILENT:
        return set()
    channel = int(call.path.split("/")[2])
    for user_id, dm in rec.dm_channels.items():
        if dm == channel:
            return {user_id}
    return set((call.allowed_mentions or {}).get("users") or [])


def live_pings(rec: Any) -> list[dict[str, Any]]:
    return [
        m
        for m in rec.channel_messages()
        if "<@" in (m.get("content") or "") and not int(m.get("flags") or 0) & EPHEMERAL
    ]


def actions_on(message: dict[str, Any]) -> set[str]:
    return {c.split(":")[4] for c in custom_ids(message.get("components") or [])}


async def open_table(
    harness: Harness, game: str, seats: int, people: Sequence[FakeUser], options: dict[str, str]
) -> int:
    """The first person opens the table, the others join, CPUs fill it, and it starts."""
    lobby = await harness.slash(people[0], "game new", game=game, seats=seats, **options)
    table_message = lobby.response.message_id or 0
    rec = harness.recorder
    for user in people[1:]:
        await harness.click(user, table_message, find_id(rec.message(table_message), "join"))
    for _ in range(seats - len(people)):
        message = rec.message(table_message)
        await harness.click(people[0], table_message, find_id(message, "cpu"), values=["easy"])
    await harness.click(people[0], table_message, find_id(rec.message(table_message), "start"))
    table = await harness.client.service.active_table(CHANNEL_ID)
    assert table is not None and table.status == "active"
    return table.id


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_whole_game_keeps_the_channel_quiet_and_the_dms_current(
    game: str,
    make_harness: MakeHarness,
    database: Database,
    clock: FakeClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seats, people, options, seed, cap = GAMES[game]
    monkeypatch.setattr("bot.tables.core.secrets", types.SimpleNamespace(randbits=lambda _: seed))
    harness = await make_harness()
    harness.client.pacer.batch = 10  # a deal's draws ten at a time
    rec = harness.recorder
    service = harness.client.service
    away = service.settings.notify_away_seconds
    table_id = await open_table(harness, game, seats, people, options)

    present: set[int] = set()
    """People who acted since the last time everybody stepped away."""
    notified_after_away: set[int] = set()
    moves = 0
    while moves < (cap or MOVE_CAP):
        if moves == AWAY_AT:
            clock.advance(away + 1)
            present.clear()
        mark = len(rec.calls)
        user = None
        for candidate in people:
            if await play_easy(harness, database, table_id, candidate, by_dm=moves % 2 == 0):
                user = candidate
                break
        if user is None:
            break
        moves += 1
        for call in rec.since(mark):
            notified = loud_to(call, rec)
            assert not notified & present, (moves, call.path, call.content)
            if moves > AWAY_AT:
                notified_after_away |= notified
        present.add(user.id)
        assert len(live_pings(rec)) <= 1, moves
        for person in people:
            alive = [m for m in rec.dm_messages(person) if int(m["id"]) not in rec.deleted]
            assert len(alive) <= 1, (moves, person.name)
        if (await service.load(table_id)).status != "active":
            break
    assert moves > AWAY_AT
    assert notified_after_away, "coming back after a while, someone's turn notified them"

    table = await service.load(table_id)
    if cap is None:
        assert table.status == "finished", (game, moves)
    else:
        assert table.status == "active"
        await harness.slash(people[0], "game abandon")
    finished = cap is None
    assert not live_pings(rec)
    for message in rec.channel_messages():
        if not int(message.get("flags") or 0) & EPHEMERAL:
            assert not actions_on(message) & {"act", "auto", "play", "sel", "mute"}
    for person in people:
        dm = live_dm(harness, person)
        assert dm, f"{person.name} has no word of the end"
        assert actions_on(dm) <= ({"rematch"} if finished else set()), person.name
        text = "\n".join(
            [dm["embeds"][0].get("description") or ""]
            + [f"{f['name']} {f['value']}" for f in dm["embeds"][0].get("fields") or []]
        )
        assert "Waiting for" not in text and "を待っています" not in text
        if finished:
            assert "result" in text or "結果" in text, text
        else:
            assert "closed" in text or "終了" in text, text


async def test_a_player_coming_back_is_notified_once(
    make_harness: MakeHarness, clock: FakeClock
) -> None:
    """Two people flip in turn; 花子 steps away for ten minutes: her next turn brings one new
    DM (the old one deleted) and one ping; once she flips again, the game is live again."""
    harness = await make_harness()
    rec = harness.recorder
    table_id = await open_table(harness, "kitten-fishing", 2, (ALICE, HANA), {})
    await flip(harness, ALICE)
    await flip(harness, HANA)
    first = live_dm(harness, HANA)
    mark = len(rec.calls)
    await flip(harness, ALICE)
    assert not [c for c in rec.since(mark) if loud_to(c, rec)]  # 花子 is at the table
    assert live_dm(harness, HANA)["id"] == first["id"]
    await flip(harness, HANA)
    clock.advance(600)  # 花子 goes away; Alice takes ten minutes to flip
    mark = len(rec.calls)
    await flip(harness, ALICE)
    new = [c for c in rec.since(mark) if loud_to(c, rec)]
    assert [loud_to(c, rec) for c in new] == [{HANA.id}, {HANA.id}]  # a DM and a ping
    assert live_dm(harness, HANA)["id"] != first["id"] and int(first["id"]) in rec.deleted
    mark = len(rec.calls)
    await flip(harness, HANA)
    await flip(harness, ALICE)
    assert not [c for c in rec.since(mark) if loud_to(c, rec)]
    assert (await harness.client.service.load(table_id)).status == "active"


async def flip(harness: Harness, user: FakeUser) -> None:
    dm = live_dm(harness, user)
    await harness.click(user, int(dm["id"]), find_id(dm, "act:0"))


async def test_each_setting_of_notifications(make_harness: MakeHarness) -> None:
    """Every turn: a new DM (and ping) at each turn, the old DM deleted; reminders only:
    never a new DM nor a ping at a turn, the DM edited in place."""
    harness = await make_harness()
    rec = harness.recorder
    await harness.slash(ALICE, "game settings", notify="every_turn")
    await harness.slash(HANA, "game settings", notify="reminders", user_locale="ja")
    await open_table(harness, "kitten-fishing", 2, (ALICE, HANA), {})
    # 花子's first turn: she wants reminders only, so her DM comes quietly
    await flip(harness, ALICE)
    hana_dm = live_dm(harness, HANA)
    assert hana_dm and int(hana_dm["flags"]) & SILENT
    for _ in range(3):
        mark = len(rec.calls)
        await flip(harness, HANA)
        loud = [loud_to(c, rec) for c in rec.since(mark) if loud_to(c, rec)]
        assert loud == [{ALICE.id}, {ALICE.id}]  # Alice, every turn: a DM and a ping
        mark = len(rec.calls)
        await flip(harness, ALICE)
        assert not [c for c in rec.since(mark) if loud_to(c, rec)]
    assert live_dm(harness, HANA)["id"] == hana_dm["id"]  # edited in place all along
    alive = [m for m in rec.dm_messages(ALICE) if int(m["id"]) not in rec.deleted]
    assert len(alive) == 1 and len(rec.dm_messages(ALICE)) == 4  # the older ones deleted
