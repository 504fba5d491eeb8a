"""A seat's controls, built from its prompt (pure: no Discord, no database)."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.discord.controls import (
    PickState,
    SeatControls,
    parts_arg,
    pick_groups,
    seat_view,
    two_part,
)
from bot.tables.results import SeatInfo, SeatPromptInfo, TableInfo
from engines.cards import multi_deck

NOW = datetime(2026, 1, 5, tzinfo=UTC)
RANKS = "A23456789TJQK"


def table(game: str = "kitten-fishing", seats: int = 4) -> TableInfo:
    return TableInfo(
        id=7, guild_id=1, channel_id=2, game=game, options={}, status="active", version=3,
        seats=tuple(SeatInfo(s, 100 + s, None, f"P{s}") for s in range(seats)),
        seat_count=seats, to_act=(0,), action_count=5, created_by=100, created_at=NOW,
        updated_at=NOW, deadline=None, turn_timer_seconds=3600, expiry_policy="cpu_turn",
        locale=None, series_id=None, series_match=1, result=None,
        prompts=tuple(SeatPromptInfo(9, s == 0, s == 0, True, False, None) for s in range(seats)),
    )  # fmt: skip


def controls(prompt, **kwargs) -> list[tuple[str, str, bool]]:
    info = table()
    view = seat_view(SeatControls(info, info.seats[0], prompt, 9, **kwargs), "en")
    assert view is not None
    out = []
    for item in view.children:
        inner = item.item  # type: ignore[attr-defined]  # the DynamicItem's button or select
        action = inner.custom_id.split(":")[4]
        out.append((action, getattr(inner, "label", None) or "", bool(inner.disabled)))
    return out


ASKS = [
    {"seat": 0, "type": "ask", "target": t, "rank": r}
    for t in (1, 2, 3)
    for r in RANKS
    if not (t == 3 and r in "JQK")
]


def test_many_choices_over_two_fields_are_two_steps() -> None:
    shape = two_part(ASKS)
    assert shape is not None and shape.fields == ("target", "rank")
    assert shape.first == (1, 2, 3) and len(shape.second) == 13
    assert shape.seconds_for(1) == list(range(13))
    assert len(shape.seconds_for(2)) == 10  # seat 3 (the third value) has no J Q K to ask for
    nothing = controls({"kind": "ask", "required": True, "choices": ASKS})
    # one button per seat to ask, a select of ranks, then the action: disabled until both
    assert [a for a, _, _ in nothing] == ["one", "one", "one", "two", "act", "hint", "auto"]
    assert nothing[4][2] and nothing[4][1] == "Choose both first"
    both = controls({"kind": "ask", "required": True, "choices": ASKS}, parts=(2, 6))
    act = next(c for c in both if c[0] == "act")
    assert not act[2]  # enabled: it names one choice of the prompt
    assert parts_arg((2, None)) == "2.x"


def test_few_choices_are_plain_buttons() -> None:
    flip = [{"seat": 0, "type": "flip"}]
    shown = controls({"kind": "flip", "required": True, "choices": flip})
    # four humans at this table: no "See the result", no "New game" for one of them
    assert [a for a, _, _ in shown] == ["act", "auto"]


def test_a_pick_from_forty_cards_never_hides_a_card() -> None:
    hand = sorted(multi_deck(2, jokers=True)[:40])
    pick = {
        "type": "bury",
        "cards": hand,
        "min": 6,
        "max": 6,
        "field": "cards",
        "fields": {},
        "groups": [],
        "selectable": None,
        "single": False,
    }
    groups = pick_groups(pick)
    covered = sorted(p for g in groups for p in g.positions)
    assert covered == list(range(40))  # every card is in some page of some group
    assert all(len(g.positions) <= 25 for g in groups)
    prompt = {"kind": "bury", "required": True, "choices": [], "pick": pick}
    empty = controls(prompt)
    assert [a for a, _, _ in empty][:5] == ["group", "sel", "play", "clear", "hint"]
    play = next(c for c in empty if c[0] == "play")
    assert play[2] and play[1] == "Choose cards first"  # disabled until a legal selection
    ready = controls(prompt, state=PickState(0, frozenset(range(6))))
    play = next(c for c in ready if c[0] == "play")
    assert not play[2] and play[1].startswith("Play ")
    refused = controls(prompt, state=PickState(0, frozenset(range(6)), "No more than two hearts."))
    assert next(c for c in refused if c[0] == "play")[2]
