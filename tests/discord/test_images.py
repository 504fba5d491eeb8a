"""How images reach Discord (docs/images.md): the table image and the hand image are attached
beside their embed, as plain attachments Discord shows larger than an embed's image, on one
message edited in place; a game's pick groups label the hand image; a game whose renderer
offers a details image gets a Details button that shows it privately, from the clicker's view."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

import discord
import pytest
from PIL import Image

from bot.discord import present
from bot.games import presenter
from render.games import kitten_fishing
from render.theme import CANVAS, CardStyle
from tests.discord.conftest import MakeHarness
from tests.discord.harness import ALICE, BOB, CHANNEL_ID, HANA, Harness, custom_ids
from tests.discord.scenes import edits_of, flip_from_dm, press, two_player_table


async def test_the_table_and_hand_images_are_attached_beside_their_embeds(
    harness: Harness,
) -> None:
    rec = harness.recorder
    table_message = await two_player_table(harness)
    shown = rec.message(table_message)
    assert [a["filename"] for a in shown["attachments"]] == [present.TABLE_IMAGE]
    assert "image" not in shown["embeds"][0]  # beside the embed, not inside it
    dm = rec.last_dm(ALICE)
    assert [a["filename"] for a in dm["attachments"]] == [present.HAND_IMAGE]
    assert "image" not in dm["embeds"][0]

    flip = await flip_from_dm(harness, ALICE)
    (edit,) = edits_of(flip.calls, table_message)
    # the one table message is edited with its new image, which replaces the old one
    assert [f.filename for f in edit.files] == [present.TABLE_IMAGE]
    assert "image" not in edit.embeds[0]
    assert [a["filename"] for a in rec.message(table_message)["attachments"]] == ["table.png"]
    mine = rec.message(int(dm["id"]))
    assert [a["filename"] for a in mine["attachments"]] == [present.HAND_IMAGE]


def test_placing_the_image_inside_the_embed_is_one_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    embed = present.place_image(discord.Embed(title="t"), present.TABLE_IMAGE, True)
    assert embed.image.url is None
    monkeypatch.setattr(present, "IMAGE_PLACE", present.INSIDE)
    embed = present.place_image(discord.Embed(title="t"), present.TABLE_IMAGE, True)
    assert embed.image.url == "attachment://table.png"
    embed = present.place_image(discord.Embed(title="t"), present.TABLE_IMAGE, False)
    assert embed.image.url is None


def test_a_picks_groups_label_its_hand_image_in_the_players_words() -> None:
    pick = {"cards": ["BJ", "2H", "AS", "KS"], "groups": [["trump", [0, 1]], ["S", [2, 3]]]}
    words = presenter("zhao-pengyou")
    for locale in ("en", "ja"):
        groups = present.hand_image_groups("zhao-pengyou", pick, locale)
        assert groups == [
            (words.group_label("trump", 2, locale), [0, 1]),
            (words.group_label("S", 2, locale), [2, 3]),
        ]
    assert present.hand_image_groups("kitten-fishing", {"cards": ["AS"]}, "en") == []


def _details_seen(monkeypatch: pytest.MonkeyPatch, empty: bool = False) -> list[int | None]:
    """Give Kitten Fishing's layout a details image; returns the viewers it was drawn for."""
    seen: list[int | None] = []

    def details(
        view: Mapping[str, Any],
        players: Sequence[Any],
        locale: str,
        style: CardStyle,
        viewer: int | None,
    ) -> Image.Image | None:
        seen.append(viewer)
        return None if empty else Image.new("RGB", CANVAS, (10, 40, 30))

    monkeypatch.setattr(kitten_fishing, "details", details, raising=False)
    return seen


async def test_details_show_privately_from_the_clickers_own_view(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = _details_seen(monkeypatch)
    table_message = await two_player_table(harness)
    await flip_from_dm(harness, ALICE)  # a table edit after the details came to the layout
    message = harness.recorder.message(table_message)
    actions = [c.split(":")[4] for c in custom_ids(message["components"])]
    assert "details" in actions

    seated = await press(harness, HANA, table_message, "details")
    assert seated.response.callback_type == 5 and seated.response.ephemeral
    answer = seated.answer
    assert [f.filename for f in answer.files] == [present.DETAILS_IMAGE]
    assert Image.open(io.BytesIO(answer.files[0].data)).size == CANVAS
    outsider = await press(harness, BOB, table_message, "details")
    assert [f.filename for f in outsider.answer.files] == [present.DETAILS_IMAGE]
    assert seen[-2:] == [1, None]  # 花子's seat view; the channel's view for Bob
    assert not [
        c for c in seated.calls + outsider.calls if c.path.endswith(f"{CHANNEL_ID}/messages")
    ]


async def test_details_with_nothing_to_show_say_so(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    _details_seen(monkeypatch, empty=True)
    table_message = await two_player_table(harness)
    await flip_from_dm(harness, ALICE)
    asked = await press(harness, BOB, table_message, "details")
    assert asked.ephemeral_text() == "There is nothing more to show about this table now."


async def test_a_game_without_details_has_no_details_button(make_harness: MakeHarness) -> None:
    harness = await make_harness()
    table_message = await two_player_table(harness)
    message = harness.recorder.message(table_message)
    actions = [c.split(":")[4] for c in custom_ids(message["components"])]
    assert "details" not in actions and "hand" in actions


async def test_gong_zhu_offers_its_scores_once_a_hand_is_over(make_harness: MakeHarness) -> None:
    from bot.discord.images import _default_details
    from render.games import gong_zhu
    from tests.discord.test_gong_zhu_flow import four_seats

    harness = await make_harness()
    table_message = await four_seats(harness)
    message = harness.recorder.message(table_message)
    assert "details" in [c.split(":")[4] for c in custom_ids(message["components"])]
    early = await press(harness, BOB, table_message, "details")  # no hand has ended yet
    assert early.ephemeral_text() == "There is nothing more to show about this table now."

    draw = _default_details()
    assert draw is not None
    moment = next(game for label, game in gong_zhu.sample_moments(3) if label.startswith("hand2"))
    players = [("Alice", False), ("花子", False), ("Bob", False), ("CPU", True)]
    png = draw(moment.view(1), players, "ja", 1)
    assert png is not None and Image.open(io.BytesIO(png)).size == CANVAS
