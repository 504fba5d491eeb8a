"""Shirokuro-jaku through Discord: Alice (the dealer), 花子 and Bob at a three-seat table.

Alice rotates and discards ○6/●2; only 花子 can claim it, in private, and pons it from her DM;
Bob draws and types `insert 3 B` and `discard 2`; Alice draws ●3, picks the end and the gap in
two steps (a Hint first), sees her hand one card from winning before confirming, is refused a
tsumo (in English and Japanese) and discards; 花子 types her insert and discard in Japanese;
Alice, asked in private, types `ron` and wins for the dealer and two dora. Nobody else ever
learns that a seat was asked: not the channel, not another seat's DMs, not the images drawn
for anyone else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from engines.errors import JSON
from engines.shirokuro import Shirokuro
from engines.two_number.cards import DECK, rotated
from tests.discord.conftest import MakeHarness, tiny_png
from tests.discord.harness import (
    ALICE,
    BOB,
    HANA,
    FakeUser,
    Harness,
    find_id,
    message_text,
)
from tests.discord.scenes import (
    channel_texts,
    control,
    description,
    labels,
    press,
    turn_field,
)
from tests.tables.helpers import stored_row

TABLE = 1
ALICE_ROTATED = ["W6B2/W", "W3B1/B", "W1B2/B", "W4B1/W", "W4B2/W", "W4B3/W", "W2B5/B", "W6B1/W"]
"""○6 ●1 ●2 ○4 ○4 ○4 ●5 ○6 once rotated; she discards the first ○6 (○6/●2)."""
HANA_HAND = ["W1B3/W", "W6B3/W", "W6B4/W", "W3B5/B", "W2B4/W", "W1B6/B", "W5B1/W"]
"""○1 ○6 ○6 ●5 ○2 ●6 ○5: cards 2-3 pon Alice's ○6."""
BOB_HAND = ["W2B1/W", "W5B2/W", "W3B4/W", "W5B3/B", "W1B5/W", "W4B6/W", "W3B2/B"]
INDICATOR = "W6B5"
"""Dora: ○6 and ●5."""
STOCK_TOP = ["W3B6", "W2B3", "W4B5"]
"""Bob draws ○3/●6; Alice ○2/●3 (●3 makes her ●1 ●2 ●3); 花子 ○4/●5, which she lets go."""


def deals() -> list[dict[str, JSON]]:
    hands = [rotated(ALICE_ROTATED), HANA_HAND, BOB_HAND]
    used = {c[:4] for hand in hands for c in hand} | {INDICATOR, *STOCK_TOP}
    stock = STOCK_TOP + [c for c in DECK if c not in used]
    return [{"dealer": 0, "hands": hands, "indicator": INDICATOR, "stock": stock}]


@pytest.fixture
def dealt(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables deal the round above first (later rounds shuffle by the seed)."""
    original = Shirokuro.new.__func__  # type: ignore[attr-defined]
    given = deals()

    def new(cls: type[Shirokuro], seats: int, options: Any = None, seed: int = 0, deal: Any = None):
        return original(cls, seats, options, seed, given if deal is None else deal)

    monkeypatch.setattr(Shirokuro, "new", classmethod(new))


class Drawn:
    """The table images drawn: each view with the seat it was drawn for (None: the channel)."""

    def __init__(self) -> None:
        self.views: list[tuple[int | None, dict[str, Any]]] = []

    def __call__(
        self, view: Mapping[str, Any], players: Sequence[Any], locale: str, viewer: int | None
    ) -> bytes:
        self.views.append((viewer, dict(view)))
        return tiny_png(view, players, locale, viewer)

    def claims_seen_by(self) -> set[int | None]:
        """The viewers of every image that showed a claim."""
        return {viewer for viewer, view in self.views if view.get("claim")}


def dm_texts(harness: Harness, user: FakeUser) -> str:
    return "\n".join(message_text(m) for m in harness.recorder.dm_messages(user))


async def stored(harness: Harness) -> Shirokuro:
    """The game as stored (the test may look at every hand; the players may not)."""
    database = harness.client.database
    assert database is not None
    return Shirokuro.from_json((await stored_row(database, TABLE)).snapshot)


async def test_pon_inserts_and_ron_with_claims_kept_private(
    make_harness: MakeHarness, dealt: None
) -> None:
    drawn = Drawn()
    harness = await make_harness(render=drawn)
    rec, service = harness.recorder, harness.client.service
    lobby = await harness.slash(ALICE, "game new", game="shirokuro", seats=3)
    table_message = lobby.response.message_id or 0
    await press(harness, HANA, table_message, "join")
    await press(harness, BOB, table_message, "join")
    await press(harness, ALICE, table_message, "start")

    # -- the dealer's rotation: both versions shown, then the first discard
    dm = rec.last_dm(ALICE)
    said = message_text(dm)
    assert "Your turn: Rotate your whole hand once" in said
    assert "As dealt (" in said and "Rotated (" in said
    assert "1 ○6 2 ●1 3 ●2 4 ○4 5 ○4 6 ○4 7 ●5 8 ○6" in said  # the rotated version
    await press(harness, ALICE, int(dm["id"]), "act:0")
    dm = rec.message(int(dm["id"]))
    assert labels(dm)[:8] == [f"Discard {n}" for n in range(1, 9)]
    await press(harness, ALICE, int(dm["id"]), "act:0")

    # -- 花子 alone is asked: a private claim, answered from her DM
    hana_dm = rec.last_dm(HANA)
    assert (
        "Aliceが ○6/●2 を捨てました。宣言できます：2～3番でポン、または見送り。"
        "尋ねられたことは他の人にはわかりません。" in message_text(hana_dm)
    )
    assert labels(hana_dm)[:2] == ["ポン 2–3", "パス"]
    assert (await service.prompt(TABLE, BOB.id)).prompt is None
    assert turn_field(rec.message(table_message)) == "In progress…"
    for text in (channel_texts(harness), dm_texts(harness, BOB), dm_texts(harness, ALICE)):
        assert "claim" not in text and "Pon" not in text and "ポン" not in text
    assert drawn.claims_seen_by() == {1}  # her own hand image shows it; nobody else's
    await press(harness, HANA, int(hana_dm["id"]), "act:0", user_locale="ja")
    hana_dm = rec.message(int(hana_dm["id"]))
    assert "○6/●2 をポンしました：○6○6○6 を公開します。1枚捨ててください。" in message_text(hana_dm)
    assert "花子 calls pon on ○6/●2 and lays down ○6○6○6" in channel_texts(harness)
    await press(harness, HANA, int(hana_dm["id"]), "act:3", user_locale="ja")  # ●6

    # -- Bob draws (the table's step) and types his insert and discard
    game = await stored(harness)
    assert game.turn == 2 and game.phase == "insert"
    typed = await harness.slash(BOB, "play", move="insert 3 B")
    assert "You put ●6/○3 in gap 3, ●6 up." in typed.ephemeral_text()
    await harness.slash(BOB, "play", move="discard 2")
    assert "Bob draws a card into gap 3" in channel_texts(harness)

    # -- Alice draws ●3: a Hint, then the end and the gap, the hand shown before Confirm
    game = await stored(harness)
    assert game.turn == 0 and game.phase == "insert" and game.drawn == "W2B3"
    dm = rec.last_dm(ALICE)
    assert labels(dm)[:2] == ["○2 up (W)", "●3 up (B)"]
    await press(harness, ALICE, int(dm["id"]), "hint")
    dm = rec.message(int(dm["id"]))
    # the Hint's placement is chosen for her (●3 into gap 3), not played
    assert "💡 Hint: Insert 3 B" in description(dm) and control(dm, "act")["label"] == "Insert 3 B"
    assert (await stored(harness)).phase == "insert"
    # she tries the other end first: ○2 in gap 3 leaves her further from a win
    await harness.click(ALICE, int(dm["id"]), control(dm, "one:0.2")["custom_id"])
    dm = rec.message(int(dm["id"]))
    assert "👉 After the insert: 1 ●1 2 ●2 3 ⟨○2⟩ 4 ○4" in description(dm)
    await harness.click(ALICE, int(dm["id"]), control(dm, "one:1.2")["custom_id"])
    dm = rec.message(int(dm["id"]))
    await harness.click(ALICE, int(dm["id"]), control(dm, "two")["custom_id"], values=["2"])
    dm = rec.message(int(dm["id"]))
    assert (
        "👉 After the insert: 1 ●1 2 ●2 3 ⟨●3⟩ 4 ○4 5 ○4 6 ○4 7 ●5 8 ○6 — at best one card"
        " from winning after your discard." in description(dm)
    )
    confirm = control(dm, "act:5")
    assert confirm["label"] == "Insert 3 B"
    await harness.click(ALICE, int(dm["id"]), confirm["custom_id"])
    assert (await stored(harness)).hands[0][2] == "W2B3/B"

    # a tsumo that does not win is refused in the player's language; nothing changes
    before = (await service.load(TABLE)).action_count
    refused = await harness.slash(ALICE, "play", move="tsumo")
    assert "The hand does not win that way." in refused.ephemeral_text()
    refused_ja = await harness.slash(ALICE, "play", move="ツモ", user_locale="ja")
    assert "その形では上がりになりません。" in refused_ja.ephemeral_text()
    assert (await service.load(TABLE)).action_count == before
    await press(harness, ALICE, int(dm["id"]), "act:7")  # the last ○6 goes

    # -- 花子 draws ○4/●5 and lets it go, typed in Japanese
    await harness.slash(HANA, "play", move="差し込む 1 B")
    await harness.slash(HANA, "play", move="捨てる 1")

    # -- Alice alone may ron it, in private; she types `ron`
    game = await stored(harness)
    assert game.phase == "claims" and sorted(game.to_act()) == [0]
    alice_dm = rec.last_dm(ALICE)
    assert (
        "花子 discarded ○4/●5. You may claim it: Ron (it wins), Pon with cards 4–5, Pon with"
        " cards 5–6, or pass." in message_text(alice_dm)
    )
    assert "Ron 7 B" in labels(alice_dm) and labels(alice_dm).count("Pass") == 1
    for text in (channel_texts(harness), dm_texts(harness, BOB), dm_texts(harness, HANA)):
        assert "Ron" not in text and "ロン" not in text and "You may claim" not in text
    assert drawn.claims_seen_by() == {0, 1}
    assert not [v for viewer, v in drawn.views if viewer != 0 and (v.get("claim") or {}).get("ron")]
    before_ron = len(drawn.views)
    won = await harness.slash(ALICE, "play", move="ron")
    assert "Last round: Alice wins on 花子's discard (ron) for 3" in won.ephemeral_text()
    assert "Alice's hand: [1 ●1 2 ●2 3 ●3] [4 ○4 5 ○4 6 ○4] [7 ●5 8 ●5]" in won.ephemeral_text()
    game = await stored(harness)
    assert game.history[0]["wins"] == [
        {"seat": 0, "from": 1, "yaku": {"dealer": 1, "dora": 2}, "points": 3}
    ]
    log = channel_texts(harness)
    assert (
        "Alice wins on 花子's discard (ron) for 3: Dealer 1, Dora 2. Totals: Alice 3, 花子 0,"
        " Bob 0." in log
    )
    assert "East 2: 花子 deals, the dora indicator is" in log
    assert not [v for _, v in drawn.views[before_ron:] if v.get("claim")]  # nothing left open
    record = (await service.record(TABLE))["actions"]
    assert {"seat": 1, "type": "pon", "position": 1} in record
    assert {"seat": 0, "type": "ron", "position": 6, "upright": "B"} in record
    assert find_id(rec.message(table_message), "hand")
