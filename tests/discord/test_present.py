"""Wording of Kitten Fishing in both languages, quoting the rule document's own sentences."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.discord import present
from bot.games import presenter, seat_names
from bot.tables.results import SeatInfo, TableInfo

KITTEN = presenter("kitten-fishing")
FISH = [
    {"type": "flip", "seat": 1, "card": "7H"},
    {"type": "fish", "seat": 1, "cards": ["7S", "KD", "3C", "7H"], "count": 4, "matched": "7S"},
]
SWEEP = [
    {"type": "flip", "seat": 0, "card": "JD"},
    {"type": "sweep", "seat": 0, "cards": ["5S", "9H", "JD"], "count": 3, "matched": None},
]


def names(seat: int | None) -> str:
    return ["Alice", "子猫"][seat or 0]


def test_the_kittens_capture_reads_as_one_sentence() -> None:
    assert KITTEN.narrate(FISH, names, "ja") == "子猫が 7♥ をめくり、4 枚釣りました"
    assert (
        KITTEN.narrate(FISH, lambda s: "the kitten", "en")
        == "the kitten flipped 7♥ and fished 4 cards"
    )
    assert KITTEN.narrate(FISH[:1], names, "ja") == "子猫が 7♥ をめくりました"


def test_the_j_sweep_is_announced_in_its_own_words() -> None:
    assert (
        KITTEN.narrate(SWEEP, names, "ja")
        == "Aliceが J♦ をめくり、J で場を総取りしました（3 枚）🧹"
    )
    assert KITTEN.you_line(SWEEP, 0, "ja") == "J で総取り！あなたが J♦ で 3 枚獲得"
    assert KITTEN.you_line(SWEEP, 0, "en") == "J sweep! You flipped J♦ and took all 3 cards."


def test_your_capture_says_how_many_you_took() -> None:
    # the document's "釣れた！あなたが 4 枚獲得", naming the card as the kitten's captures do
    assert KITTEN.you_line(FISH, 1, "ja") == "釣れた！あなたが 7♥ で 4 枚獲得"
    assert KITTEN.you_line(FISH, 1, "en") == "Caught! You flipped 7♥ and took 4 cards."
    assert KITTEN.you_line(FISH[:1], 1, "en") == "You flipped 7♥; it stays on the table."


def test_low_stocks_stand_out_and_the_table_row_is_listed() -> None:
    view = {"stock_counts": [30, 3], "table": ["5S", "9H"]}
    assert KITTEN.counts(view, ["Alice", "子猫"], "ja") == ["Alice：30 枚", "子猫：**3 枚** ⚠️"]
    assert KITTEN.counts({"stock_counts": [1, 2]}, ["A", "B"], "en") == [
        "A: **1 card** ⚠️",
        "B: **2 cards** ⚠️",
    ]
    assert KITTEN.table_line(view, "en") == "On the table: 5♠, 9♥"
    assert KITTEN.table_line({"table": []}, "ja") == "場には札がありません。"


def test_the_result_panel_gives_reason_moves_and_final_counts() -> None:
    result = {"winner": 0, "reason": "move_cap", "moves": 5000, "stock_counts": [27, 25]}
    fields = KITTEN.result_fields(result, ["Alice", "子猫"], "ja")
    assert fields == [
        ("理由", "手数の上限に達したため枚数で判定"),
        ("手数", "5000"),
        ("最終枚数", "Alice：27 枚\n子猫：25 枚"),
    ]


def test_the_first_player_notice_when_the_kitten_starts() -> None:
    assert (
        KITTEN.start_notice({"first": 1}, ["Alice", "子猫"], [1], "ja")
        == "この対局は相手が先にめくります"
    )
    assert KITTEN.start_notice({"first": 0}, ["Alice", "子猫"], [1], "en") == "Alice flips first."


def test_cpu_seats_take_the_games_name_for_the_computer() -> None:
    now = datetime.now(UTC)
    table = TableInfo(
        id=1, guild_id=1, channel_id=1, game="kitten-fishing", options={"first": 0}, status="lobby",
        version=0, seats=(SeatInfo(0, 5, None, "Alice"), SeatInfo(1, None, "easy", "Kitten")),
        seat_count=2, to_act=(), action_count=0, created_by=5, created_at=now, updated_at=now,
        deadline=None, turn_timer_seconds=3600, expiry_policy="cpu_turn",
        locale=None, series_id=None, series_match=1, result=None,
    )  # fmt: skip
    assert seat_names(table, "ja") == ["Alice", "子猫"]
    assert seat_names(table, "en") == ["Alice", "Kitten"]
    lobby = present.lobby_embed(table, "ja")
    assert lobby.fields[0].value == "1. Alice (<@5>)\n2. 子猫（CPU・やさしい）"
    assert lobby.fields[1].value == "先手：席 1"
