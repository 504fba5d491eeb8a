"""The table's decisions as pure functions: versions, deadlines, reminders, expiry (no database)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.tables import flow
from bot.tables.flow import PromptState
from engines.actions import Action
from engines.prompts import CardPick, Prompt

NOW = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
DAY = 86400
FLIP = Prompt(0, "flip", choices=(Action.make(0, "flip"),))
PASS = Action.make(1, "pass")
CLAIM = Prompt(
    1, "claim", public=False, choices=(Action.make(1, "pair"), PASS), default=PASS, window=20
)
DECLARE = Prompt(2, "declare", required=False, public=False, choices=(Action.make(2, "declare"),))
DRAW = Prompt(0, "draw", mechanical=True, choices=(Action.make(0, "draw"),))


def fresh(seats: int) -> list[PromptState]:
    return flow.load_states(None, seats)


def test_a_new_prompt_steps_the_version_and_gets_the_turn_timer() -> None:
    states = flow.next_states(fresh(2), {0: FLIP}, set(), NOW, DAY)
    assert [s.version for s in states] == [1, 0]
    assert states[0].due == NOW + timedelta(seconds=DAY) and states[0].required
    assert not states[1].asked and states[1].due is None


def test_another_seats_move_keeps_my_version_and_my_clock() -> None:
    first = flow.next_states(fresh(3), {0: FLIP, 1: CLAIM}, set(), NOW, DAY)
    later = NOW + timedelta(minutes=5)
    # seat 0 acted and is asked the same thing again: a new version, a new deadline
    second = flow.next_states(first, {0: FLIP, 1: CLAIM}, {0}, later, DAY)
    assert second[0].version == 2 and second[0].due == later + timedelta(seconds=DAY)
    # seat 1's prompt did not change and it did not act: same version, same deadline
    assert second[1] == first[1]


def test_a_prompt_that_goes_away_steps_the_version_too() -> None:
    first = flow.next_states(fresh(2), {0: FLIP}, set(), NOW, DAY)
    gone = flow.next_states(first, {}, set(), NOW, DAY)
    assert gone[0].version == 2 and not gone[0].asked and gone[0].due is None


def test_a_prompt_another_seat_closed_is_remembered_by_its_kind() -> None:
    first = flow.next_states(fresh(3), {0: FLIP, 2: DECLARE}, set(), NOW, DAY)
    assert first[2].kind == "declare" and first[2].closed is None
    # seat 0 acts and its move closes seat 2's declaration: seat 2 did not act
    second = flow.next_states(first, {0: FLIP}, {0}, NOW, DAY)
    assert second[2].closed == "declare" and not second[2].asked
    assert second[0].closed is None and second[0].kind == "flip"
    # a prompt the seat answered itself is not "closed"
    third = flow.next_states(second, {}, {0}, NOW, DAY)
    assert third[0].closed is None
    assert flow.load_states(flow.dump_states(third), 3) == third


def test_deadlines_window_optional_and_mechanical_prompts() -> None:
    assert flow.prompt_due(CLAIM, NOW, DAY) == NOW + timedelta(seconds=20)  # the window
    assert flow.prompt_due(CLAIM, NOW, 10) == NOW + timedelta(seconds=10)  # never past the timer
    assert flow.prompt_due(DECLARE, NOW, DAY) is None  # optional, no default: stays open
    assert flow.prompt_due(DRAW, NOW, DAY) is None  # the table's own step: paced, not timed
    pick = Prompt(0, "bury", pick=CardPick("bury", ("2H",) * 40, 6, 6))
    assert flow.prompt_due(pick, NOW, DAY) == NOW + timedelta(seconds=DAY)


def test_the_table_wakes_for_the_earliest_deadline_and_reminder() -> None:
    states = flow.next_states(fresh(3), {0: FLIP, 1: CLAIM, 2: DECLARE}, set(), NOW, DAY)
    deadline, remind_at = flow.schedule(states, 3600)
    assert deadline == NOW + timedelta(seconds=20)  # the claim window
    # only the long required prompt is reminded, an hour before its deadline
    assert remind_at == NOW + timedelta(seconds=DAY - 3600)
    assert flow.seats_to_remind(states, NOW + timedelta(seconds=DAY - 3599), 3600) == [0]
    reminded = flow.mark_reminded(states, [0])
    assert flow.schedule(reminded, 3600)[1] is None
    assert flow.seats_to_remind(reminded, NOW + timedelta(seconds=DAY - 1), 3600) == []


def test_a_short_timer_is_reminded_at_half_time() -> None:
    states = flow.next_states(fresh(1), {0: FLIP}, set(), NOW, 600)
    assert flow.reminder_time(states[0], 3600) == NOW + timedelta(seconds=300)


def test_what_a_timed_out_prompt_comes_to() -> None:
    assert flow.expiry_kind(CLAIM) == flow.DEFAULT  # the pass
    assert flow.expiry_kind(FLIP) == flow.POLICY  # the table's policy
    assert flow.expiry_kind(DECLARE) == flow.LAPSE
    assert flow.expiry_kind(None) is None
    states = flow.next_states(fresh(3), {0: FLIP, 1: CLAIM}, set(), NOW, DAY)
    assert flow.overdue_seats(states, NOW + timedelta(seconds=21)) == [1]
    assert flow.overdue_seats(states, NOW + timedelta(seconds=DAY)) == [0, 1]
    assert flow.lapse(states, [1])[1].due is None


def test_without_a_cpu_only_abandon_can_apply() -> None:
    assert flow.effective_policy("cpu_turn", has_cpu=False) == "abandon"
    assert flow.effective_policy("cpu_seat", has_cpu=True) == "cpu_seat"


def test_states_round_trip_through_the_column() -> None:
    states = flow.next_states(fresh(3), {0: FLIP, 1: CLAIM}, set(), NOW, DAY)
    assert flow.load_states(flow.dump_states(states), 3) == states
    assert len(flow.load_states(flow.dump_states(states), 4)) == 4  # a seat added later


def test_an_optional_prompt_a_cpu_let_pass_is_not_offered_again_until_it_changes() -> None:
    states = flow.next_states(fresh(3), {2: DECLARE}, set(), NOW, DAY)
    passed = flow.mark_declined(states, {(2, DECLARE.signature())})
    assert passed[2].declined and flow.load_states(flow.dump_states(passed), 3) == passed
    assert flow.mark_declined(states, {(2, "another prompt")}) == states
    other = Prompt(2, "declare", required=False, public=False, choices=(Action.make(2, "x"),))
    assert not flow.next_states(passed, {2: other}, set(), NOW, DAY)[2].declined


RHYTHM = flow.Reminders(before=3600, every=4 * 3600, limit=6)


def test_reminders_keep_a_rhythm_then_a_last_call_then_stall() -> None:
    states = flow.next_states(fresh(1), {0: FLIP}, set(), NOW, DAY)
    hours = [4, 8, 12, 16, 20]
    for n, hour in enumerate(hours, start=1):
        assert flow.reminder_time(states[0], RHYTHM) == NOW + timedelta(hours=hour)
        states = flow.mark_reminded(states, [0], NOW + timedelta(hours=hour), RHYTHM)
        assert states[0].reminders == n and not states[0].reminded
        assert not flow.stalled(states[0], RHYTHM)
    # the last call, an hour before the deadline: the sixth, and the turn has stalled
    assert flow.reminder_time(states[0], RHYTHM) == NOW + timedelta(hours=23)
    states = flow.mark_reminded(states, [0], NOW + timedelta(hours=23), RHYTHM)
    assert states[0].reminded and flow.stalled(states[0], RHYTHM)
    assert flow.reminder_time(states[0], RHYTHM) is None
    assert flow.load_states(flow.dump_states(states), 1) == states


def test_a_late_tick_sends_one_reminder_not_the_backlog() -> None:
    states = flow.next_states(fresh(1), {0: FLIP}, set(), NOW, 7 * DAY)
    late = NOW + timedelta(hours=13)  # the bot was down: the slots of 4, 8 and 12 h went by
    assert flow.seats_to_remind(states, late, RHYTHM) == [0]
    states = flow.mark_reminded(states, [0], late, RHYTHM)
    assert states[0].reminders == 3 and flow.reminder_time(states[0], RHYTHM) == NOW + timedelta(
        hours=16
    )
    # past the limit at once: stalled, nothing more
    states = flow.mark_reminded(states, [0], NOW + timedelta(days=3), RHYTHM)
    assert states[0].reminders == 6 and flow.stalled(states[0], RHYTHM)
    assert flow.schedule(states, RHYTHM)[1] is None


def test_a_muted_prompt_is_not_reminded_and_the_next_one_is() -> None:
    states = flow.next_states(fresh(2), {0: FLIP}, set(), NOW, DAY)
    muted = flow.mute(states, 0)
    assert muted[0].muted and flow.schedule(muted, RHYTHM)[1] is None
    later = NOW + timedelta(minutes=5)
    again = flow.next_states(muted, {0: FLIP}, {0}, later, DAY)  # she played; asked again
    assert not again[0].muted and flow.reminder_time(again[0], RHYTHM) == later + timedelta(hours=4)


def test_a_seat_is_seen_when_its_person_answers_a_public_prompt() -> None:
    states = flow.next_states(fresh(3), {0: FLIP, 1: CLAIM}, set(), NOW, DAY)
    assert states[0].seen is None and flow.away(states[0].seen, NOW, 300)
    later = NOW + timedelta(minutes=1)
    # seat 0 played its turn; seat 1 answered its claim (private); both themselves
    after = flow.next_states(states, {0: FLIP}, {0, 1}, later, DAY, present={0, 1})
    assert after[0].seen == later and not flow.away(after[0].seen, later, 300)
    # a private answer is nobody else's to know, and neither is when it was given
    assert after[1].seen is None
    # seen stays from prompt to prompt, and goes stale after a while
    kept = flow.next_states(after, {}, set(), later, DAY)
    assert kept[0].seen == later
    assert flow.away(kept[0].seen, later + timedelta(minutes=5), 300)
    # a CPU or the timer answering for the seat is not the person
    timed = flow.next_states(after, {0: FLIP}, {0}, later + timedelta(hours=1), DAY)
    assert timed[0].seen == later
