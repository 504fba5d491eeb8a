"""The tables service on Prompt Lab: paced draws, an optional private declare, CPU answers,
private timed claims, sealed records and per-seat prompt versions (SQLite and PostgreSQL)."""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from datetime import timedelta
from typing import Any

import pytest

from bot.store import Database
from bot.tables import ActResult, TableError, TableInfo, TableService
from engines.actions import Action
from tests.conftest import FakeClock
from tests.tables import prompt_lab
from tests.tables.helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    assert_snapshot_is_replay,
    stored_row,
)
from tests.tables.prompt_lab import DEALT, PromptLab, card_codes, hidden_from

LAB = prompt_lab.GAME_ID
SEED = 0
"""Seat 0 draws an Ace at its first draw, seat 1 at its second; a normal CPU in seat 2 never
holds the three Aces it would declare with (tests/tables/test_prompt_lab_engine.py plays it)."""


@pytest.fixture(autouse=True)
def _lab(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    with prompt_lab.installed(monkeypatch):
        yield


# ---------------------------------------------------------------------------- helpers


async def lab_table(
    service: TableService,
    players: Sequence[int | str],
    *,
    seed: int = SEED,
    channel: int = CHANNEL,
) -> ActResult:
    """A started table: user ids take seats in order, strings are CPU levels."""
    info = await service.open_lobby(
        GUILD, channel, LAB, None, ALICE, "Alice", len(players), seed=seed
    )
    for player in players[1:]:
        if isinstance(player, int):
            await service.join(info.id, player, {BOB: "Bob", CAROL: "Carol"}[player])
        else:
            await service.add_cpu(info.id, ALICE, player)
    return await service.start(info.id, ALICE)


async def engine(database: Database, table_id: int) -> PromptLab:
    """The stored state (the test may look; the players may not)."""
    row = await stored_row(database, table_id)
    return PromptLab.from_json(row.snapshot)


async def signatures(database: Database, table_id: int) -> dict[int, str]:
    row = await stored_row(database, table_id)
    game = PromptLab.from_json(row.snapshot)
    if row.status != "active" or game.is_over():
        return {}
    return {seat: p.signature() for seat, p in game.prompts().items()}


class Watch:
    """Runs service calls and checks what every call must keep: versions step only for a seat
    whose own prompt changed or who acted; draws come only from `advance`; the table's public
    info never names a seat asked in private; nothing public shows a hidden card."""

    def __init__(self, service: TableService, database: Database, table_id: int) -> None:
        self.service, self.database, self.table_id = service, database, table_id
        self.draws_by_advance = 0
        self.taken: Counter[tuple[str, str]] = Counter()
        """(action type, by whom) of every step seen."""

    async def __call__(self, call: str, *args: Any, **kwargs: Any) -> ActResult:
        before = await self.service.load(self.table_id)
        before_sigs = await signatures(self.database, self.table_id)
        result: ActResult = await getattr(self.service, call)(self.table_id, *args, **kwargs)
        await self.check(before, before_sigs, result, call)
        return result

    async def check(
        self, before: TableInfo, before_sigs: Mapping[int, str], result: ActResult, call: str
    ) -> None:
        after = await self.service.load(self.table_id)
        after_sigs = await signatures(self.database, self.table_id)
        acted = {step.seat for step in result.steps if step.by != "table"}  # a draw is no act
        self.taken.update((step.action["type"], step.by) for step in result.steps)
        for seat in range(after.seat_count):
            stepped = after.prompt_version(seat) - before.prompt_version(seat)
            changed = before_sigs.get(seat) != after_sigs.get(seat) or seat in acted
            assert stepped == (1 if changed else 0), (call, seat, stepped)
        for step in result.steps:
            if step.action["type"] == "draw":
                assert call == "advance" and step.by == "table", (call, step)
                self.draws_by_advance += 1
        game = await engine(self.database, self.table_id)
        await assert_public_info_is_public(self.service, self.table_id, game, after, result)
        await assert_snapshot_is_replay(self.service, self.database, self.table_id)


async def assert_public_info_is_public(
    service: TableService, table_id: int, game: PromptLab, table: TableInfo, result: ActResult
) -> None:
    """Seats asked in private are named nowhere public; no hidden card is either."""
    private = {s for s, p in ({} if game.is_over() else game.prompts()).items() if not p.public}
    assert not private & set(table.public_waiting)
    users = {table.seats[s].user_id for s in private}
    assert not users & set(table.ping_user_ids)
    hidden = hidden_from(game, None)
    assert not card_codes(result.public_view) & hidden
    for step in result.steps:
        public = [e for e in step.events if "audience" not in e]
        assert not card_codes(public) & hidden, step
    assert not card_codes(await service.record(table_id)) & hidden
    assert not set(re.findall(r"'([A2-9TJQK][SHDC])'", repr(table))) & hidden


async def hinted(service: TableService, table_id: int, user: int) -> dict[str, Any]:
    """The action the user's Hint shows (the game's hint level, from the seat's view)."""
    hint = await service.hint(table_id, user)
    assert hint is not None and hint["action"] is not None
    return dict(hint["action"])


async def human_answer(service: TableService, table_id: int, user: int) -> dict[str, Any] | None:
    """What a human plays now: the Hint for a required prompt (None: nothing to answer)."""
    current = await service.prompt(table_id, user)
    if current.prompt is None or not current.prompt["required"]:
        return None
    return await hinted(service, table_id, user)


# ---------------------------------------------------------------------------- the deal


async def test_draws_happen_only_at_the_tables_pace(
    service: TableService, database: Database
) -> None:
    started = await lab_table(service, [ALICE, BOB, "normal"])
    table_id = started.table.id
    watch = Watch(service, database, table_id)
    assert started.steps == () and started.auto_pending
    assert started.table.to_act == (0,) and started.table.public_waiting == ()
    assert started.table.ping_user_ids == ()
    # the draw is the table's step: not the seat's to answer, in any transport
    assert (await service.prompt(table_id, ALICE)).prompt is None
    assert started.prompt_for(0) is None
    with pytest.raises(TableError) as err:
        await service.act(table_id, ALICE, {"type": "draw"})
    assert err.value.code == "not_your_turn"
    one = await watch("advance", 1)
    assert [(s.seat, s.action, s.by) for s in one.steps] == [
        (0, {"seat": 0, "type": "draw"}, "table")
    ]
    five = await watch("advance", 5)
    assert [s.seat for s in five.steps] == [1, 2, 0, 1, 2]
    while (left := DEALT * 3 - 1 - (await service.load(table_id)).action_count) > 0:
        result = await watch("advance", min(7, left))
        assert result.auto_pending
    last = await watch("advance", 3)
    # the deal is over: nobody declared, so seat 0 takes the stock and buries; nothing is paced
    assert [s.action["type"] for s in last.steps] == ["draw"]
    assert not last.auto_pending and last.table.public_waiting == (0,)
    assert last.prompt_for(0)["kind"] == "bury" and len(last.views[0]["hand"]) == 40
    assert watch.draws_by_advance == DEALT * 3
    idle = await service.advance(table_id, 5)
    assert idle.applied == 0


async def test_a_humans_optional_declare_interrupts_another_seats_draw(
    service: TableService, database: Database
) -> None:
    started = await lab_table(service, [ALICE, BOB, "normal"])
    table_id = started.table.id
    watch = Watch(service, database, table_id)
    drew = await watch("advance", 1)  # Alice draws her Ace; Bob is to draw
    declare = drew.prompt_for(0)
    assert declare is not None and declare["kind"] == "declare"
    assert (declare["required"], declare["public"]) == (False, False)
    assert 0 in drew.reprompted  # a transport shows it to Alice...
    info = drew.table.prompt_of(0)
    assert info is not None and info.asked and not info.public and not info.required
    assert drew.table.public_waiting == () and ALICE not in drew.table.ping_user_ids
    assert drew.table.to_act == (1,)  # ... and the table does not wait for it
    assert (await service.prompt(table_id, ALICE)).prompt == declare
    bobs_version = drew.table.prompt_version(1)
    choice = declare["choices"][0]
    declared = await watch("act", ALICE, choice, prompt_version=drew.table.prompt_version(0))
    assert [(s.seat, s.by, [e["type"] for e in s.events]) for s in declared.steps] == [
        (0, "user", ["declared"])
    ]
    assert declared.steps[0].events[0] == {"type": "declared", "seat": 0, "card": choice["card"]}
    # Bob's draw is still next, his prompt unchanged: his controls are not out of date
    assert declared.table.to_act == (1,) and declared.table.prompt_version(1) == bobs_version
    assert declared.public_view["declarer"] == 0
    # the first declaration stands: Bob's Ace is no use any more
    await watch("advance", 4)  # Bob draws his Ace among these
    assert (await service.prompt(table_id, BOB)).prompt is None
    with pytest.raises(TableError) as err:
        await service.act(table_id, BOB, {"type": "declare", "card": "AS"})
    assert err.value.code == "not_your_turn"
    while (await service.load(table_id)).action_count < DEALT * 3 + 1:
        await watch("advance", 10)
    game = await engine(database, table_id)
    assert game.declarer == 0 and len(game.hands[0]) == 40 and game.phase == "bury"


async def test_an_optional_declare_has_no_deadline_and_lapses_with_the_deal(
    service: TableService, database: Database, clock: FakeClock
) -> None:
    started = await lab_table(service, [ALICE, "normal"])
    table_id = started.table.id
    drew = await service.advance(table_id, 1)
    assert drew.prompt_for(0)["kind"] == "declare"
    assert drew.table.prompt_of(0).due is None and drew.table.deadline is None
    clock.advance(10 * 86400)
    # nothing of Alice's expires; the deal itself, left undrawn for days, is a stalled table
    # that the timers resume (a draw), her declaration still open
    [resumed] = await service.expire_overdue()
    assert resumed.policy == "resume" and resumed.seats == ()
    assert [step.by for step in resumed.result.steps] == ["table"]
    assert (await service.prompt(table_id, ALICE)).prompt["kind"] == "declare"


@pytest.mark.parametrize(("level", "declares"), [("hard", True), ("normal", False)])
async def test_cpu_seats_take_or_decline_optional_prompts(
    service: TableService, database: Database, level: str, declares: bool
) -> None:
    # seed 2: seat 1 draws an Ace at the 11th draw, seat 0 none before the 45th
    started = await lab_table(service, [ALICE, level], seed=2)
    table_id = started.table.id
    result = started
    cpu_declares = []
    while result.auto_pending:
        result = await service.advance(table_id, 1)
        cpu_declares += [s for s in result.steps if s.action["type"] == "declare"]
        game = await engine(database, table_id)
        if game.phase == "deal" and game.aces(1) and game.turn() != 1:
            # the CPU was asked in this very call: it answered (or let it go) at once
            assert bool(cpu_declares) == declares
    game = await engine(database, table_id)
    assert game.declarer == (1 if declares else 0)
    if declares:
        [step] = cpu_declares
        assert step.seat == 1 and step.by == "cpu" and step.events[0]["type"] == "declared"
        assert not started.table.seats[1].is_human


# ---------------------------------------------------------------------------- bury, exposures


async def deal_to_bury(service: TableService, table_id: int) -> ActResult:
    result = await service.advance(table_id, 200)
    assert not result.auto_pending
    return result


async def test_the_kitty_and_the_exposures_stay_out_of_records_until_revealed(
    service: TableService, database: Database
) -> None:
    started = await lab_table(service, [ALICE, BOB, "normal"])
    table_id = started.table.id
    watch = Watch(service, database, table_id)
    dealt = await deal_to_bury(service, table_id)
    bury = dealt.prompt_for(0)
    assert bury["pick"]["min"] == bury["pick"]["max"] == 6 and len(bury["pick"]["cards"]) == 40
    # a bury the rules refuse, as a whole: three hearts
    hearts = [c for c in bury["pick"]["cards"] if c[1] == "H"][:3]
    spades = [c for c in bury["pick"]["cards"] if c[1] == "S"][:3]
    with pytest.raises(TableError) as err:
        await service.check_action(table_id, ALICE, {"type": "bury", "cards": hearts + spades})
    assert err.value.code == "illegal_action" and err.value.params["code"] == "bury_suit_limit"
    assert err.value.message == "Bury at most 2 cards of one suit."
    hint = await hinted(service, table_id, ALICE)
    await service.check_action(table_id, ALICE, hint)
    logged = len((await service.record(table_id))["actions"])
    buried = await watch("act", ALICE, hint)
    assert buried.steps[0].sealed and buried.steps[0].events[0] == {
        "type": "buried",
        "seat": 0,
        "count": 6,
    }
    assert buried.steps[0].events[1]["audience"] == [0]
    # the bury, and the CPU's exposure made at once: both sealed
    assert len((await service.record(table_id))["actions"]) == logged
    assert buried.views[1]["kitty"] is None and buried.public_view["kitty"] is None
    assert sorted(buried.views[0]["kitty"]) == sorted(hint["cards"])
    full = await service.record(table_id, include_sealed=True)
    assert [a["type"] for a in full["actions"][logged:]] == ["bury", "expose"]
    # exposures: sealed until the last one is in
    bobs = (await service.prompt(table_id, BOB)).prompt
    shown = await watch("act", BOB, {"type": "expose", "cards": bobs["pick"]["cards"][:2]})
    assert shown.public_view["decided"] == [1, 2] and shown.public_view["exposed"] == [[], [], []]
    assert shown.views[0]["my_exposure"] is None and shown.views[1]["my_exposure"] == list(
        bobs["pick"]["cards"][:2]
    )
    assert [a["type"] for a in (await service.record(table_id))["actions"][logged:]] == []
    last = await watch("act", ALICE, {"type": "expose", "cards": []})
    assert last.public_view["exposed"][1] == list(bobs["pick"]["cards"][:2])
    revealed = [e for s in last.steps for e in s.events if e["type"] == "exposed"]
    assert len(revealed) == 1 and "audience" not in revealed[0]
    assert [a["type"] for a in (await service.record(table_id))["actions"][logged:]] == [
        "expose",
        "expose",
        "expose",
    ]  # the kitty stays sealed until the end


# ---------------------------------------------------------------------------- claims


async def to_discards(service: TableService, table_id: int, users: Sequence[int]) -> ActResult:
    """Deal, bury and expose with the CPU's hints for the humans."""
    result = await deal_to_bury(service, table_id)
    while result.table.status == "active":
        game_phase = result.public_view["phase"]
        if game_phase == "discard":
            return result
        for user in users:
            action = await human_answer(service, table_id, user)
            if action is not None:
                result = await service.act(table_id, user, action)
                break
    return result


async def test_a_private_claim_times_out_to_pass(
    service: TableService, database: Database, clock: FakeClock
) -> None:
    # a table played live (a turn timer of an hour): the claim's own 20-second window applies
    await service.set_guild_settings(GUILD, turn_timer_seconds=3600)
    started = await lab_table(service, [ALICE, BOB, "normal"])
    table_id = started.table.id
    watch = Watch(service, database, table_id)
    await to_discards(service, table_id, [ALICE, BOB])
    game = await engine(database, table_id)
    assert game.turn() == 0  # the declarer (seat 0: nobody declared) discards first
    # Alice discards a card of a rank Bob holds: Bob is asked, in private
    bob_ranks = {c[0] for c in game.hands[1]}
    card = next(c for c in game.hands[0] if c[0] in bob_ranks)
    discarded = await watch("act", ALICE, {"type": "discard", "cards": [card]})
    claim = discarded.prompt_for(1)
    assert claim["kind"] == "claim" and not claim["public"] and claim["required"]
    assert claim["default"] == {"seat": 1, "type": "pass"} and claim["window"] == 20
    assert 1 in discarded.reprompted and 1 in discarded.table.to_act
    assert discarded.table.public_waiting == () and discarded.table.ping_user_ids == ()
    assert discarded.table.deadline == clock.now + timedelta(seconds=20)
    public = [e for s in discarded.steps for e in s.events if "audience" not in e]
    assert public == [{"type": "discarded", "seat": 0, "card": card}]
    # Alice, not asked, is refused without being told who is
    with pytest.raises(TableError) as err:
        await service.act(table_id, ALICE, {"type": "pass"})
    assert err.value.code == "not_your_turn"
    assert 1 not in err.value.params.get("to_act", []), err.value.params
    # nothing happens before the window closes; then Bob passes by default
    clock.advance(19)
    assert await service.expire_overdue() == []
    clock.advance(2)
    before = await service.load(table_id)
    before_sigs = await signatures(database, table_id)
    [expiry] = await service.expire_overdue()
    await watch.check(before, before_sigs, expiry.result, "expire_overdue")
    assert expiry.policy == "default" and expiry.defaulted == (1,) and expiry.seats == ()
    timed = expiry.result.steps[0]
    assert (timed.seat, timed.action, timed.by) == (1, {"seat": 1, "type": "pass"}, "timer")
    assert expiry.result.table.to_act == (1,)  # Bob's discard now, in public
    assert expiry.result.table.public_waiting == (1,)


async def test_claims_stay_sealed_until_every_seat_asked_has_answered(
    service: TableService, database: Database
) -> None:
    started = await lab_table(service, [ALICE, BOB, CAROL])
    table_id = started.table.id
    watch = Watch(service, database, table_id)
    await to_discards(service, table_id, [ALICE, BOB, CAROL])
    game = await engine(database, table_id)
    both = {c[0] for c in game.hands[1]} & {c[0] for c in game.hands[2]}
    card = next(c for c in game.hands[0] if c[0] in both)
    discarded = await watch("act", ALICE, {"type": "discard", "cards": [card]})
    assert {s for s in (1, 2) if discarded.prompt_for(s)} == {1, 2}
    logged = len((await service.record(table_id))["actions"])
    answered = await watch("act", CAROL, {"type": "pair"})
    assert answered.steps[0].sealed and all("audience" in e for e in answered.steps[0].events)
    assert len((await service.record(table_id))["actions"]) == logged  # Carol's pair: sealed
    assert answered.prompt_for(1) == discarded.prompt_for(1)  # Bob's prompt did not change
    choices = [c["type"] for c in discarded.prompt_for(1)["choices"]]
    bobs = "run" if "run" in choices else "pass"  # a pair beats it either way
    resolved = await watch("act", BOB, {"type": bobs})
    claimed = [e for e in resolved.steps[0].events if e["type"] == "claimed"]
    assert claimed == [{"type": "claimed", "seat": 2, "claim": "pair", "card": card}]
    record = await service.record(table_id)
    assert [a["type"] for a in record["actions"][logged:]] == ["pair", bobs]


# ---------------------------------------------------------------------------- whole games


@pytest.mark.parametrize("seed", [0, 5, 9])
async def test_whole_games_keep_every_promise(
    service: TableService, database: Database, clock: FakeClock, seed: int
) -> None:
    """Humans answer with hints or pass, claims sometimes time out, a human sometimes declares:
    every call keeps the versions, the pace, the privacy and the replay."""
    rng = random.Random(seed)
    users = [ALICE, BOB]
    started = await lab_table(service, [ALICE, BOB, "easy"], seed=seed, channel=CHANNEL + seed)
    table_id = started.table.id
    watch = Watch(service, database, table_id)
    for _ in range(500):
        table = await service.load(table_id)
        if table.status != "active":
            break
        moved = False
        for user in users:
            current = await service.prompt(table_id, user)
            prompt = current.prompt
            if prompt is None:
                continue
            if not prompt["required"]:
                if rng.random() < 0.2:
                    await watch("act", user, prompt["choices"][0])
                    moved = True
                    break
                continue
            if prompt["kind"] == "claim" and rng.random() < 0.3:
                continue  # let its window run out
            action = await hinted(service, table_id, user)
            await watch("act", user, action, prompt_version=current.version)
            moved = True
            break
        if moved:
            continue
        if table_id in {t.id for t in await service.auto_pending_tables()}:
            await watch("advance", rng.randrange(1, 6))
            continue
        assert table.deadline is not None, "nothing to do, and no deadline"
        clock.now = table.deadline
        before_sigs = await signatures(database, table_id)
        for expiry in await service.expire_overdue():
            await watch.check(table, before_sigs, expiry.result, "expire_overdue")
    final = await service.load(table_id)
    assert final.status == "finished" and final.result is not None
    game = await engine(database, table_id)
    assert final.result == game.result() and game.open_seals() == frozenset()
    assert watch.draws_by_advance == DEALT * 3
    record = await service.record(table_id)
    assert record == await service.record(table_id, include_sealed=True)
    replayed = PromptLab.new(3, None, record["seed"])
    for action in record["actions"]:
        replayed.apply(Action.from_json(action))
    assert replayed.result() == final.result
    # every kind of prompt was met: the deal, a declaration, the bury, exposures, discards,
    # claims answered by a human and claims timed out to their default
    assert watch.taken[("draw", "table")] == DEALT * 3
    kinds = {kind for kind, _ in watch.taken}
    assert {"declare", "bury", "expose", "discard", "pair"} <= kinds
    assert watch.taken[("pass", "timer")] >= 1
    assert watch.taken[("pair", "user")] + watch.taken[("run", "user")] >= 1


async def test_a_human_leaving_mid_claim_lets_the_cpu_answer(
    service: TableService, database: Database
) -> None:
    started = await lab_table(service, [ALICE, BOB, "normal"])
    table_id = started.table.id
    await to_discards(service, table_id, [ALICE, BOB])
    game = await engine(database, table_id)
    card = next(c for c in game.hands[0] if c[0] in {h[0] for h in game.hands[1]})
    await service.act(table_id, ALICE, {"type": "discard", "cards": [card]})
    left = await service.leave(table_id, BOB)
    answers = [s for s in left.steps if s.seat == 1]
    assert answers and answers[0].by == "cpu" and answers[0].action["type"] == "pair"
    assert left.prompt_for(1) is None  # the CPU plays the seat now
    await assert_snapshot_is_replay(service, database, table_id)


async def test_a_table_waits_on_a_user_for_their_answers_not_for_its_own_draws(
    service: TableService, database: Database
) -> None:
    """`/game mine`: a draw is the table's to take; a private claim is the user's to answer."""
    started = await lab_table(service, [ALICE, BOB, "normal"])
    table_id = started.table.id
    assert started.table.to_act == (0,)  # Alice's draw, which the table takes
    assert started.table.waiting_user_ids == ()
    assert await service.tables_waiting_on(ALICE) == []
    await to_discards(service, table_id, [ALICE, BOB])
    game = await engine(database, table_id)
    card = next(c for c in game.hands[0] if c[0] in {h[0] for h in game.hands[1]})
    discarded = await service.act(table_id, ALICE, {"type": "discard", "cards": [card]})
    assert discarded.table.waiting_user_ids == (BOB,)  # his own claim, in private
    assert [t.id for t in await service.tables_waiting_on(BOB)] == [table_id]
    assert await service.tables_waiting_on(ALICE) == []


async def test_a_seat_that_may_declare_keeps_its_prompt_through_its_own_draws(
    service: TableService,
) -> None:
    """The draws are the table's own step, not the seat's prompt: a seat holding an Ace keeps
    one unchanged declare prompt (one version, one DM) while the table draws for it, until its
    choices change (another Ace) or the deal ends."""
    started = await lab_table(service, [ALICE, BOB, "normal"])
    table_id = started.table.id
    versions: list[int] = []
    choices: list[tuple[str, ...]] = []
    result = started
    while result.table.status == "active":
        table = result.table
        prompt = (await service.prompt(table_id, ALICE)).prompt
        if prompt is None or prompt["kind"] != "declare":
            if versions:
                break  # the deal is over (or someone declared)
        else:
            versions.append(table.prompt_version(0))
            choices.append(tuple(c["card"] for c in prompt["choices"]))
        result = await service.advance(table_id, 1)
        if not result.applied:
            break
        if result.auto_pending:
            assert result.pace == prompt_lab.DRAW_PACE  # the game's pace for its deal
    assert len(versions) > 10  # Alice held an Ace through many draws, her own among them
    changes = sum(1 for a, b in itertools.pairwise(versions) if a != b)
    assert changes == len(set(choices)) - 1  # a new version only for a new Ace to declare with
