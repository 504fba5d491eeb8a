"""A deal in play as the CPU players see it, and as their playouts run it.

`Sim` holds the public table of a deal in play (trump, the calls and the team revealed, points,
cards played, the trick in progress, voids shown by failures to follow) and hands as counts by
card type. Built from a seat's view (`from_view`) it knows only that seat's hand; a policy
reads nothing else. The hard player deals the unseen cards into a copy (`search.py`) and plays
the deal out with `play`, which follows the same rules as the engine (`rules.py`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from engines.errors import JSON
from engines.zhao_pengyou.cards import (
    INDEX,
    POINTS,
    RANK_OF,
    SETUPS,
    SUIT_OF,
    TYPES,
    Trump,
    trump_of,
)
from engines.zhao_pengyou.rules import (
    SET,
    SINGLE,
    THROW,
    Key,
    Shape,
    lead_shape,
    play_key,
    units_of,
    weakest_unit,
)
from engines.zhao_pengyou.scoring import game_points, steps, threshold


@dataclass(slots=True)
class Sim:
    """A deal in its play phase: the public table and the hands known (counts by type)."""

    seats: int
    decks: int
    trump: Trump
    me: int
    hands: list[list[int]]
    sizes: list[int]
    declarer: int
    team: set[int]
    calls: list[tuple[int, int]]
    answered: list[int | None]
    played: list[int]
    """Copies of each card played this deal (the calls count these)."""
    points: list[int]
    active: list[bool]
    leader: int
    trick: list[tuple[int, dict[int, int]]] = field(default_factory=list)
    lead: Shape | None = None
    best: tuple[int, Key] | None = None
    voids: list[int] = field(default_factory=list)
    """Bit e set: that seat holds no card of effective suit e (shown by a failed follow)."""
    no_sets: list[dict[int, int]] = field(default_factory=list)
    """Per seat: effective suit -> a set size it is known not to hold in that suit."""
    known: list[list[int]] = field(default_factory=list)
    """Cards known to be in another seat's hand (what a failed throw put back)."""
    buried: list[int] | None = None
    """The kitty, when this seat buried it; None when unknown."""
    kitty_points: int = 0
    """The kitty's points once the kitty is dealt in a playout (known to the declarer)."""
    pledge: int | None = None
    """For a seat other than the declarer: the card the declarer declared with, while it has
    played no copy of it (one copy is in its hand or in the kitty)."""

    # ------------------------------------------------------------------ reading

    @property
    def turn(self) -> int:
        """The seat to play."""
        return (self.leader + len(self.trick)) % self.seats

    def tricks_left(self) -> int:
        """Tricks still to play in this deal, this one included."""
        return self.sizes[self.leader] + (1 if self.trick else 0)

    def pending_friend(self, seat: int) -> bool:
        """The seat holds the card of a call not yet answered and would answer it next."""
        hand = self.hands[seat]
        answered, played = self.answered, self.played
        for i, (t, nth) in enumerate(self.calls):
            held = hand[t]
            if held and answered[i] is None and played[t] < nth <= played[t] + held:
                return True
        return False

    def on_declarer_side(self, seat: int) -> bool:
        """As `seat` believes of itself: the declarer, a revealed friend, or about to be one."""
        return seat == self.declarer or seat in self.team or self.pending_friend(seat)

    def open_calls(self) -> int:
        """Calls whose friend is still unknown."""
        return sum(1 for a in self.answered if a is None)

    def partner_odds(self, seat: int, other: int) -> float:
        """How likely `seat` takes `other` to be on its side (1 a known partner, 0 a known
        opponent; an unknown seat by the calls still open)."""
        if other == seat:
            return 1.0
        team = self.team
        joined = seat in team
        mine = joined or seat == self.declarer or self.pending_friend(seat)
        if other in team:
            return 1.0 if mine else 0.0
        unknown = self.seats - len(team) - (0 if joined else 1)
        open_calls = self.answered.count(None) - (1 if mine and not joined else 0)
        share = min(1.0, max(0, open_calls) / max(1, unknown))
        return share if mine else 1.0 - share

    # ------------------------------------------------------------------ playing

    def copy(self) -> Sim:
        """A copy whose hands, trick and tallies can be played on."""
        out = Sim(
            self.seats,
            self.decks,
            self.trump,
            self.me,
            [list(h) for h in self.hands],
            list(self.sizes),
            self.declarer,
            set(self.team),
            self.calls,
            list(self.answered),
            list(self.played),
            list(self.points),
            self.active,
            self.leader,
            list(self.trick),
            self.lead,
            self.best,
            self.voids,
            self.no_sets,
            self.known,
            self.buried,
            self.kitty_points,
            self.pledge,
        )
        return out

    def play(self, seat: int, types: Sequence[int]) -> None:
        """Apply a legal play (a throw judged on the hands held; a failed one leads its weakest
        unit), counting the calls and ending the trick when it is complete."""
        trump = self.trump
        units = units_of(types)
        if not self.trick:
            shape = lead_shape(units, trump)
            if shape.kind == THROW and not self._stands(seat, units, shape):
                t, n = weakest_unit(units, trump)
                units = {t: n}
                shape = Shape(SINGLE if n == 1 else SET, shape.suit, n, 1)
            self.lead = shape
            key = play_key(units, shape, trump)
            assert key is not None
            self.best = (seat, key)
        else:
            lead = self.lead
            best = self.best
            assert lead is not None and best is not None
            key = play_key(units, lead, trump)
            if key is not None and key > best[1]:
                self.best = (seat, key)
        hand = self.hands[seat]
        played = self.played
        count = 0
        for t, n in units.items():
            hand[t] -= n
            before = played[t]
            played[t] = before + n
            count += n
            if self.calls:
                for i, (called, nth) in enumerate(self.calls):
                    if called == t and before < nth <= before + n and self.answered[i] is None:
                        self.answered[i] = seat
                        self.team.add(seat)
        self.sizes[seat] -= count
        self.trick.append((seat, units))
        if len(self.trick) == self.seats:
            self._end_trick()

    def _stands(self, seat: int, units: dict[int, int], shape: Shape) -> bool:
        strength = self.trump.strength
        floor = min(strength[t] for t in units)
        members = self.trump.members[shape.suit]
        for other in range(self.seats):
            if other == seat:
                continue
            hand = self.hands[other]
            for t in members:
                if strength[t] <= floor:
                    break
                if hand[t]:
                    return False
        return True

    def _end_trick(self) -> None:
        best = self.best
        assert best is not None
        winner = best[0]
        total = 0
        for _, units in self.trick:
            for t, n in units.items():
                total += POINTS[t] * n
        self.points[winner] += total
        self.trick = []
        self.lead = None
        self.best = None
        self.leader = winner

    def over(self) -> bool:
        """Every card has been played."""
        return not self.trick and self.sizes[self.leader] == 0

    def outcome(self) -> tuple[str, int, list[int], int]:
        """A finished deal: the winning side, game points, steps by seat, defender points."""
        team = self.team
        defenders = sum(p for s, p in enumerate(self.points) if s not in team)
        if self.leader not in team:
            defenders += 2 * self.kitty_points
        setup = SETUPS[self.seats]
        winner, gp = game_points(defenders, self.decks, len(team), setup.calls + 1)
        return winner, gp, steps(self.seats, winner, gp, team, self.active), defenders

    def utility(self, seat: int) -> float:
        """What a finished playout is worth to `seat`: its rank steps, and a little for the
        points on its side's account (so that, steps being equal, more points is better)."""
        _, _, taken, defenders = self.outcome()
        mine = seat in self.team
        margin = defenders - threshold(self.decks)
        return taken[seat] + 0.004 * (-margin if mine else margin)


NOTHING: Final[list[int]] = [0] * TYPES
"""An unknown hand (never changed: sampled deals get hands of their own)."""


@dataclass(frozen=True)
class _Public:
    """The public parts of a view that stay the same through a trick, parsed once."""

    sources: tuple[object, ...]
    trump: Trump
    played: list[int]
    known: list[list[int]]
    voids: list[int]
    no_sets: list[dict[int, int]]
    calls: list[tuple[int, int]]
    answered: list[int | None]
    team: frozenset[int]
    active: list[bool]


_PARSED: Final[dict[int, _Public]] = {}
"""Parsed public parts by the identity of the view's `played` (made anew with the table's
other trick-long parts) and of its `voids` (made anew with everything a play may teach within
a trick); an entry keeps both alive, so an identity is never mistaken for another."""


def _public(view: Mapping[str, JSON]) -> _Public:
    source = view["played"]
    lessons = view["voids"]
    found = _PARSED.get(id(source))
    if found is not None and found.sources[0] is source and found.sources[1] is lessons:
        return found
    seats = int(view["seats"])
    index = INDEX
    t0 = index[str(view["trump"])]
    trump = trump_of(SUIT_OF[t0], RANK_OF[t0])
    played = [0] * TYPES
    for c, n in source.items():
        played[index[c]] = n
    known = [NOTHING] * seats
    for seat, codes in enumerate(view["shown"]):
        if codes:
            row = known[seat] = [0] * TYPES
            for c in codes:
                row[index[c]] += 1
    voids = [0] * seats
    for seat, suits in enumerate(view["voids"]):
        for e in suits:
            voids[seat] |= 1 << e
    no_sets = [{int(e): m for e, m in d.items()} for d in view["short_sets"]]
    calls = []
    answered: list[int | None] = []
    for call in view["calls"]:
        calls.append((index[call["card"]], call["nth"]))
        answered.append(call["seat"])
    active = set(view["active"])
    parsed = _Public(
        (source, lessons),
        trump,
        played,
        known,
        voids,
        no_sets,
        calls,
        answered,
        frozenset(view["team"]),
        [s in active for s in range(seats)],
    )
    if len(_PARSED) > 64:
        _PARSED.clear()
    _PARSED[id(source)] = parsed
    return parsed


def from_view(view: Mapping[str, JSON]) -> Sim:
    """The deal in play as the viewing seat knows it (its own hand only, and what the table
    has learnt: cards played, voids, missing sets, cards a failed throw put back)."""
    public = _public(view)
    seats = int(view["seats"])
    me = int(view["viewer"])
    trump = public.trump
    index = INDEX
    mine = [0] * TYPES
    for c in view["hand"]:
        mine[index[c]] += 1
    hands = [NOTHING] * seats  # another hand is unknown: a policy reads only its own
    hands[me] = mine
    known = list(public.known)
    known[me] = NOTHING
    played = list(public.played)
    trick_view = view["trick"] or {}
    plays = trick_view.get("plays") or []
    sim = Sim(
        seats,
        view["decks"],
        trump,
        me,
        hands,
        list(view["hand_counts"]),
        view["declarer"],
        set(public.team),
        public.calls,
        list(public.answered),
        played,
        list(view["points"]),
        public.active,
        trick_view.get("leader", me),
        voids=public.voids,
        no_sets=public.no_sets,
        known=known,
    )
    buried = view.get("buried")
    if buried:
        sim.buried = [index[c] for c in buried]
        sim.kitty_points = sum(POINTS[t] for t in sim.buried)
    pledge = view.get("pledge")
    if pledge and me != sim.declarer:
        sim.pledge = index[pledge]
    if plays:
        lead = trick_view["lead"]
        shape = Shape(lead["kind"], lead["suit"], lead["size"], lead["units"])
        sim.lead = shape
        best: tuple[int, Key] | None = None
        trick = []
        for p in plays:
            units: dict[int, int] = {}
            for c in p["cards"]:
                t = index[c]
                units[t] = units.get(t, 0) + 1
                played[t] += 1
            seat = p["seat"]
            trick.append((seat, units))
            key = play_key(units, shape, trump)
            if key is not None and (best is None or key > best[1]):
                best = (seat, key)
        sim.trick = trick
        sim.best = best
    return sim
