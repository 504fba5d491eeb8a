"""Response windows at live and asynchronous tables, and a person's open window holding the CPUs.

A claim's seconds are a live table's (a turn timer of an hour or less by default); a table
whose players answer over hours times the same prompt by its turn timer. While a person holds
an optional prompt with an open window (a rotation before the round's first move), the CPUs
wait for the answer or the window's end.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.settings import Settings
from bot.tables import flow
from engines.actions import Action
from engines.prompts import Prompt

NOW = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
HOUR, DAY = 3600, 86400
PASS = Action.make(1, "pass")
CLAIM = Prompt(
    1, "claim", public=False, choices=(Action.make(1, "pon"), PASS), default=PASS, window=15
)
KEEP = Action.make(0, "keep")
ROTATE = Prompt(
    0,
    "rotate",
    required=False,
    public=False,
    choices=(Action.make(0, "rotate"), KEEP),
    default=KEEP,
    window=60,
)
LOOK = Prompt(0, "knock", required=False, choices=(Action.make(0, "knock"),), window=10)
TURN = Prompt(1, "draw", choices=(Action.make(1, "draw"),))


def test_a_live_table_times_a_claim_by_its_window_an_asynchronous_one_by_the_timer() -> None:
    live = Settings(_env_file=None).live_timer_seconds
    assert live == HOUR
    assert flow.is_live(HOUR, live) and not flow.is_live(DAY, live)
    assert flow.prompt_due(CLAIM, NOW, HOUR, live) == NOW + timedelta(seconds=15)
    assert flow.prompt_due(CLAIM, NOW, DAY, live) == NOW + timedelta(days=1)
    assert flow.prompt_due(CLAIM, NOW, DAY) == NOW + timedelta(seconds=15)  # no limit: all live
    [state] = flow.next_states([flow.PromptState()], {0: CLAIM}, (), NOW, DAY, live)
    assert state.due == NOW + timedelta(days=1) and state.required


def test_a_table_may_set_its_own_response_window() -> None:
    live = Settings(_env_file=None).live_timer_seconds
    assert flow.prompt_due(CLAIM, NOW, HOUR, live, 40) == NOW + timedelta(seconds=40)
    assert flow.prompt_due(CLAIM, NOW, 600, live, 900) == NOW + timedelta(seconds=600)
    assert flow.prompt_due(CLAIM, NOW, DAY, live, 40) == NOW + timedelta(days=1)  # not live
    assert flow.prompt_due(TURN, NOW, HOUR, live, 40) == NOW + timedelta(hours=1)  # no window
    [state] = flow.next_states([flow.PromptState()], {0: CLAIM}, (), NOW, HOUR, live, 40)
    assert state.due == NOW + timedelta(seconds=40)


def test_an_open_window_of_a_person_holds_the_cpus_until_it_is_answered_or_runs_out() -> None:
    person = lambda seat: seat == 1  # noqa: E731 - seat 0 is the person, seat 1 the CPU
    prompts = {0: ROTATE, 1: TURN}
    fresh = [flow.PromptState(), flow.PromptState()]
    assert flow.held_by_a_player(prompts, fresh, person, NOW)  # just issued: open
    stored = flow.next_states(fresh, prompts, (), NOW, HOUR, HOUR)
    assert stored[0].due == NOW + timedelta(seconds=60)
    assert flow.held_by_a_player(prompts, stored, person, NOW + timedelta(seconds=59))
    assert not flow.held_by_a_player(prompts, stored, person, NOW + timedelta(seconds=60))
    lapsed = flow.lapse(stored, [0])
    assert not flow.held_by_a_player(prompts, lapsed, person, NOW)
    # a CPU's own window, a required prompt or a prompt without a window hold nothing
    assert not flow.held_by_a_player(prompts, fresh, lambda seat: True, NOW)
    assert not flow.held_by_a_player({1: TURN}, fresh, person, NOW)
    plain = Prompt(0, "declare", required=False, choices=(Action.make(0, "declare"),))
    assert not flow.held_by_a_player({0: plain, 1: TURN}, fresh, person, NOW)


def test_at_an_asynchronous_table_a_chance_holds_the_cpus_for_its_window_only() -> None:
    """A rotation (a default) is timed by the asynchronous table's turn timer, and holds the
    CPUs that long; a knock after one's own discard (no default: a chance) lasts its seconds
    on any table, the player being there, and holds them only that long."""
    person = lambda seat: seat == 1  # noqa: E731
    fresh = [flow.PromptState(), flow.PromptState()]
    assert flow.is_chance(LOOK) and not flow.is_chance(ROTATE) and not flow.is_chance(CLAIM)
    assert flow.prompt_due(LOOK, NOW, DAY, HOUR) == NOW + timedelta(seconds=10)
    assert flow.prompt_due(ROTATE, NOW, DAY, HOUR) == NOW + timedelta(days=1)
    for prompt, open_for in ((ROTATE, timedelta(days=1)), (LOOK, timedelta(seconds=10))):
        prompts = {0: prompt, 1: TURN}
        assert flow.held_by_a_player(prompts, fresh, person, NOW)
        stored = flow.next_states(fresh, prompts, (), NOW, DAY, HOUR)
        assert flow.held_by_a_player(prompts, stored, person, NOW + open_for / 2)
        assert not flow.held_by_a_player(prompts, stored, person, NOW + open_for)


def test_a_window_let_pass_holds_the_cpus_no_more() -> None:
    """ "Not now" on a knock: the seat's prompt is marked declined, and the CPU draws."""
    person = lambda seat: seat == 1  # noqa: E731
    prompts = {0: LOOK, 1: TURN}
    stored = flow.next_states(
        [flow.PromptState(), flow.PromptState()], prompts, (), NOW, HOUR, HOUR
    )
    assert flow.held_by_a_player(prompts, stored, person, NOW)
    declined = flow.mark_declined(stored, [(0, LOOK.signature())])
    assert not flow.held_by_a_player(prompts, declined, person, NOW)
