"""Reusable steps of the bot tests: a started two-player table, clicks by action name."""

from __future__ import annotations

from typing import Any

from tests.discord.harness import (
    ALICE,
    CHANNEL_ID,
    HANA,
    Call,
    Exchange,
    FakeUser,
    Harness,
    find_id,
)


async def two_player_table(harness: Harness, channel_id: int = CHANNEL_ID) -> int:
    """Alice opens a lobby, 花子 joins, Alice starts (Alice flips first); the table message id."""
    lobby = await harness.slash(ALICE, "game new", game="kitten-fishing", channel_id=channel_id)
    table_message = lobby.response.message_id
    assert table_message is not None
    await press(harness, HANA, table_message, "join")
    await press(harness, ALICE, table_message, "start")
    return table_message


async def press(
    harness: Harness, user: FakeUser, message_id: int, action: str, **kwargs: Any
) -> Exchange:
    """Click the component named `action` (`join`, `act:0`, `finish`...) on a stored message."""
    return await harness.click(
        user, message_id, find_id(harness.recorder.message(message_id), action), **kwargs
    )


async def flip_from_dm(harness: Harness, user: FakeUser) -> Exchange:
    """The user presses Flip on their newest DM."""
    dm = harness.recorder.last_dm(user)
    return await press(harness, user, int(dm["id"]), "act:0")


def posts(calls: list[Call], channel_id: int = CHANNEL_ID) -> list[Call]:
    """New messages the bot posted in a channel through REST."""
    return [
        c
        for c in calls
        if c.kind == "http" and c.method == "POST" and c.path == f"/channels/{channel_id}/messages"
    ]


def edits_of(calls: list[Call], message_id: int, channel_id: int = CHANNEL_ID) -> list[Call]:
    """REST edits of one channel message."""
    return [
        c
        for c in calls
        if c.method == "PATCH" and c.path == f"/channels/{channel_id}/messages/{message_id}"
    ]


def original_edit(exchange: Exchange) -> Call:
    """The edit of the clicked message after a deferred update (what the clicker now sees)."""
    return next(c for c in exchange.replies if c.path.endswith("/messages/@original"))


def followup_with(exchange: Exchange, action: str) -> int:
    """The id of the private followup that carries the control `action` (a confirmation)."""
    for call in exchange.replies:
        if any(c.split(":")[4] == action for c in call.custom_ids):
            assert call.message_id is not None
            return call.message_id
    raise AssertionError(f"no followup with '{action}'")


async def see_the_result(harness: Harness, user: FakeUser, **kwargs: Any) -> Exchange:
    """The user opens their hand, presses "See the result" and confirms it."""
    shown = await harness.slash(user, "game hand", **kwargs)
    hand = shown.response.message_id or 0
    ask = await press(harness, user, hand, "finish", **kwargs)
    return await press(harness, user, followup_with(ask, "finish_ok"), "finish_ok", **kwargs)
