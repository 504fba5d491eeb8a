"""Kokutorum (コクトラム): a gin-rummy-like knock game on 30 two-number cards, rounds to 30.

Rules of `../shared/seeds/001_1911f566766dd2e9.txt` (first game), docs/records.md and RULINGS.md,
top to bottom:

- Setup: 2 or 3 seats, 8 cards each, face down; the hand's order is fixed from now on. The next
  card is turned up as the first discard (the *upcard*), the rest is the stock. Before the
  round's first draw every seat may once turn its whole hand 180 degrees (`rotate`: the order
  reversed and every card turned) or `keep` it. The seat after the dealer plays first.
- A turn: `draw` from the stock or the discard pile's top; `insert` the card anywhere in the
  hand with either end up; `discard` any card of the hand (the one just drawn too). The turn
  passes to the next seat (the left neighbour; seats are numbered in play order).
- Knock: from the insert until the next seat draws, so before the discard (9 cards scored) or
  after it (8); the round ends at once. The drawer of the stock's last card inserts, then
  knocks or discards, and that discard ends the round.
- Scoring (`scoring.py`): each seat's least deadwood over partitions into adjacent melds;
  knock / kokuto / undercut / stock. Rounds go on, the deal passing to the next seat, until a
  total reaches the target (option `target`, 30): the highest totals win.

One module of this size, on purpose: it is the `Kokutorum` class, the state a record replays;
the readings of a hand and the scoring, which need none of the state, are `reading.py` and
`scoring.py`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from engines.actions import Action, Event
from engines.errors import JSON, IllegalAction
from engines.game import Game
from engines.kokutorum.scoring import score_round
from engines.options import OptionSpec
from engines.prompts import Prompt
from engines.two_number.cards import base, hold, turn, values
from engines.two_number.melds import partition
from engines.two_number.table import (
    KEEP,
    ROTATE,
    Layout,
    Rotation,
    first_dealer,
    only_fields,
    position_of,
    positive_int_option,
    read_deals,
    shuffled,
    upright_of_action,
    winners_of,
)

GAME: Final = "kokutorum"
HAND: Final = 8
TARGET: Final = 30
DRAW, INSERT, DISCARD, KNOCK = "draw", "insert", "discard", "knock"
STOCK, PILE = "stock", "discard"
"""The two places to draw from, as the record's `from` says them."""
OVER: Final = "over"
ROTATE_WINDOW: Final = 60.0
"""Seconds a seat other than the first player has to rotate or keep (keep when it runs out)."""
KNOCK_WINDOW: Final = 10.0
"""Seconds the seat that just discarded has to knock before a next seat that answers at once
(a CPU) draws: at a real table the next player reaches for the stock after a moment, and a
player who means to knock says so within it. Two people need no window: the next one draws
when they like."""
FACE: Final = "upcard"
MAX_SEATS: Final = 3

_DRAWS: Final = tuple(
    {f: Action(seat, DRAW, (("from", f),)) for f in (STOCK, PILE)} for seat in range(MAX_SEATS)
)
_INSERTS: Final = tuple(
    tuple(
        tuple(Action(seat, INSERT, (("position", p), ("upright", up))) for up in ("W", "B"))
        for p in range(HAND + 1)
    )
    for seat in range(MAX_SEATS)
)
_DISCARDS: Final = tuple(
    tuple(Action(seat, DISCARD, (("position", p),)) for p in range(HAND + 1))
    for seat in range(MAX_SEATS)
)
_KNOCKS: Final = tuple(Action(seat, KNOCK) for seat in range(MAX_SEATS))
_ROTATES: Final = tuple((Action(seat, ROTATE), Action(seat, KEEP)) for seat in range(MAX_SEATS))
"""Every action there is, built once: prompts are made at every step of a CPU game."""


def _hand_sizes(dealer: int, seats: int) -> list[int]:
    return [HAND] * seats


class Kokutorum(Game):
    """One game of Kokutorum, round after round, in one state."""

    id: ClassVar[str] = GAME
    names: ClassVar[Mapping[str, str]] = {"en": "Kokutorum", "ja": "コクトラム"}
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = MAX_SEATS
    multi_hand: ClassVar[bool] = True
    hint_level: ClassVar[str] = "hard"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "target",
            (10, 20, 30, 50, 100),
            TARGET,
            names={"en": "Points to win", "ja": "目標点"},
            choice_names={
                str(n): {"en": f"{n} points", "ja": f"{n}点"} for n in (10, 20, 30, 50, 100)
            },
        ),
    )

    def __init__(self) -> None:
        self.seats = 2
        self.options: dict[str, JSON] = {}
        self.seed = 0
        self.target = TARGET
        self.given: list[Layout] = []
        self.first = 0
        """The first round's dealer."""
        self.round_no = 0
        self.dealer = 0
        self.hands: list[list[str]] = []
        self.known: list[list[str | None]] = []
        """Per seat, aligned with its hand: the held code when the table saw it go there (a
        card taken from the pile), else None."""
        self.stock: list[str] = []
        self.pile: list[str] = []
        """The discard pile, bottom first (the upcard at the bottom)."""
        self.upcard = ""
        self.rotation = Rotation(2)
        self.turn = 0
        self.phase = DRAW
        self.drawn: str | None = None
        self.drawn_from: str | None = None
        self.knock_seat: int | None = None
        """The seat that discarded last: it may still knock until the next seat draws."""
        self.last_card = False
        """The seat to play drew the stock's last card: its discard ends the round."""
        self.turns = 0
        self.log: list[dict[str, JSON]] = []
        """This round's public history, for the views (and the hard CPU)."""
        self.totals: list[int] = []
        self.history: list[dict[str, JSON]] = []
        """Each finished round: the contract's entry, the hands shown with their melds, and the
        turns each seat played (public: how early the knock came)."""

    # ------------------------------------------------------------------ setup

    def setup(self, options: Mapping[str, JSON] | None, deal: JSON) -> None:
        """Set up the game and deal its first round."""
        seats, seed = self.seats, self.seed
        self.target = positive_int_option(options, "target", TARGET)
        self.options = {"target": self.target}
        self.given = read_deals(deal, seats, GAME, FACE, lambda d: _hand_sizes(d, seats))
        given_first = self.given[0].dealer if self.given else None
        self.first = given_first if given_first is not None else first_dealer(seed, seats)
        self.totals = [0] * seats
        self._deal()

    def _deal(self) -> None:
        """Deal the next round (the record's layout, or the seed's shuffle)."""
        self.round_no += 1
        n, seats = self.round_no, self.seats
        self.dealer = (self.first + n - 1) % seats
        if n <= len(self.given):
            layout = self.given[n - 1]
            self.hands = [list(h) for h in layout.hands]
            self.upcard = layout.face
            self.stock = list(layout.stock)
        else:
            cards = shuffled(self.seed, n)
            self.hands = [[] for _ in range(seats)]
            for i in range(HAND * seats):
                self.hands[(self.dealer + 1 + i) % seats].append(cards[i])
            self.upcard = base(cards[HAND * seats])
            self.stock = [base(c) for c in cards[HAND * seats + 1 :]]
        self.known = [[None] * len(h) for h in self.hands]
        self.pile = [self.upcard]
        self.rotation = Rotation(seats)
        self.turn = (self.dealer + 1) % seats
        self.phase = DRAW
        self.drawn = self.drawn_from = None
        self.knock_seat = None
        self.last_card = False
        self.turns = 0
        self.log = [{"type": "upcard", "card": self.upcard}]

    # ------------------------------------------------------------------ who is asked what

    def to_act(self) -> frozenset[int]:
        """The seat to play (the one to draw, insert or discard)."""
        return frozenset() if self.phase == OVER else frozenset((self.turn,))

    def prompts(self) -> dict[int, Prompt]:
        """The seat to play; before the first draw every seat's rotation; the knock window."""
        if self.phase == OVER:
            return {}
        out: dict[int, Prompt] = {}
        seat = self.turn
        if not self.rotation.closed:
            for other in self.rotation.undecided():
                if other != seat:
                    rotate, keep = _ROTATES[other]
                    out[other] = Prompt(
                        other,
                        ROTATE,
                        required=False,
                        public=False,
                        choices=(rotate, keep),
                        default=keep,
                        window=ROTATE_WINDOW,
                    )
        if not self.rotation.closed and not self.rotation.decided[seat]:
            rotate, keep = _ROTATES[seat]
            out[seat] = Prompt(seat, ROTATE, choices=(rotate, keep), default=keep)
        elif self.phase == DRAW:
            out[seat] = Prompt(seat, DRAW, choices=self._draw_choices(seat))
        elif self.phase == INSERT:
            out[seat] = Prompt(seat, INSERT, choices=self._insert_choices(seat))
        else:
            choices = (*_DISCARDS[seat][: len(self.hands[seat])], _KNOCKS[seat])
            out[seat] = Prompt(seat, DISCARD, choices=choices)
        knocker = self.knock_seat
        if knocker is not None and self.phase == DRAW and knocker != seat:
            out[knocker] = Prompt(
                knocker, KNOCK, required=False, choices=(_KNOCKS[knocker],), window=KNOCK_WINDOW
            )
        return dict(sorted(out.items()))

    def _draw_choices(self, seat: int) -> tuple[Action, ...]:
        draws = _DRAWS[seat]
        out = []
        if self.stock:
            out.append(draws[STOCK])
        if self.pile:
            out.append(draws[PILE])
        return tuple(out)

    def _insert_choices(self, seat: int) -> tuple[Action, ...]:
        return tuple(a for row in _INSERTS[seat][: len(self.hands[seat]) + 1] for a in row)

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action `seat` may take now."""
        if self.phase == OVER or not 0 <= seat < self.seats:
            return []
        out: list[Action] = []
        if not self.rotation.closed and not self.rotation.decided[seat]:
            out += _ROTATES[seat]
        if seat == self.turn:
            if self.phase == DRAW:
                out += self._draw_choices(seat)
            elif self.phase == INSERT:
                out += self._insert_choices(seat)
            else:
                out += [*_DISCARDS[seat][: len(self.hands[seat])], _KNOCKS[seat]]
        elif seat == self.knock_seat and self.phase == DRAW:
            out.append(_KNOCKS[seat])
        return out

    # ------------------------------------------------------------------ legality

    def check(self, action: Action) -> None:
        """Judge an action without changing anything (IllegalAction when refused)."""
        self._verify(action)

    def _verify(self, action: Action) -> None:
        if self.phase == OVER:
            raise IllegalAction("game_over", "The game is over.")
        seat, kind = action.seat, action.type
        if not 0 <= seat < self.seats:
            raise IllegalAction("bad_seat", f"There is no seat {seat}.", seat=seat)
        if kind in (ROTATE, KEEP):
            self.rotation.check(action)
            return
        if kind == KNOCK:
            only_fields(action)
            if seat == self.turn and self.phase == DISCARD:
                return
            if seat == self.knock_seat and self.phase == DRAW:
                return
            raise IllegalAction(
                "knock_not_now",
                "Knock after inserting your drawn card, or after your discard until the next "
                "player draws.",
            )
        if kind not in (DRAW, INSERT, DISCARD):
            raise IllegalAction(
                "unknown_action", f"Kokutorum has no '{str(kind)[:40]}' action.", type=kind
            )
        if seat != self.turn:
            raise IllegalAction(
                "not_your_turn",
                f"It is not seat {seat}'s turn; waiting for seat {self.turn}.",
                seat=seat,
                to_act=[self.turn],
            )
        if kind == DRAW:
            only_fields(action, "from")
            self._phase(DRAW)
            if action.get("from") not in (STOCK, PILE):
                raise IllegalAction(
                    "malformed_action",
                    "Draw 'from' the stock or the discard pile ('stock' or 'discard').",
                    field="from",
                )
            # the pile always holds a card when a turn starts (the upcard, then a discard)
            # and the stock too (its last card ends the round with that turn)
        elif kind == INSERT:
            only_fields(action, "position", "upright")
            self._phase(INSERT)
            position_of(action, len(self.hands[seat]))
            upright_of_action(action)
        else:
            only_fields(action, "position")
            self._phase(DISCARD)
            position_of(action, len(self.hands[seat]) - 1)

    _NEEDED: ClassVar[dict[str, str]] = {
        DRAW: "Draw a card first: from the stock or the discard pile.",
        INSERT: "Insert the card you drew into your hand first.",
        DISCARD: "You have placed your card: discard one now (or knock).",
    }

    def _phase(self, phase: str) -> None:
        """Refuse a step of the turn out of its order: say what the turn needs now."""
        if self.phase != phase:
            raise IllegalAction("wrong_phase", self._NEEDED[self.phase], phase=self.phase)

    # ------------------------------------------------------------------ applying

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and return what happened (IllegalAction, nothing changed)."""
        self._verify(action)
        seat, kind = action.seat, action.type
        if kind in (ROTATE, KEEP):
            events = self.rotation.apply(action, self.hands)
            if kind == ROTATE:
                self.known[seat] = [
                    None if c is None else turn(c) for c in reversed(self.known[seat])
                ]
                self.log.append({"type": ROTATE, "seat": seat})
            return events
        if kind == DRAW:
            return self._draw(seat, str(action.get("from")))
        if kind == INSERT:
            return self._insert(seat, int(action.get("position")), str(action.get("upright")))
        if kind == DISCARD:
            return self._discard(seat, int(action.get("position")))
        return self._knock(seat)

    def _draw(self, seat: int, source: str) -> list[Event]:
        self.rotation.closed = True
        self.knock_seat = None
        self.turns += 1
        self.phase = INSERT
        if source == STOCK:
            card = self.stock.pop(0)
            self.last_card = not self.stock
            self.drawn, self.drawn_from = card, STOCK
            self.log.append({"type": DRAW, "seat": seat, "from": STOCK})
            return [
                Event(DRAW, seat, {"from": STOCK, "left": len(self.stock)}),
                Event("drew_card", seat, {"card": card}, audience=frozenset((seat,))),
            ]
        card = self.pile.pop()
        self.drawn, self.drawn_from = card, PILE
        self.log.append({"type": DRAW, "seat": seat, "from": PILE, "card": card})
        return [Event(DRAW, seat, {"from": PILE, "card": card})]

    def _insert(self, seat: int, position: int, upright: str) -> list[Event]:
        assert self.drawn is not None
        held = hold(self.drawn, upright)
        public = self.drawn_from == PILE
        self.hands[seat].insert(position, held)
        self.known[seat].insert(position, held if public else None)
        self.drawn = self.drawn_from = None
        self.phase = DISCARD
        entry: dict[str, JSON] = {"type": INSERT, "seat": seat, "position": position}
        entry["upright"] = upright
        if public:
            entry["card"] = held
        self.log.append(entry)
        data: dict[str, JSON] = {"position": position, "upright": upright}
        if public:
            return [Event(INSERT, seat, {**data, "card": held})]
        return [
            Event(INSERT, seat, data),
            Event("inserted_card", seat, {**data, "card": held}, audience=frozenset((seat,))),
        ]

    def _discard(self, seat: int, position: int) -> list[Event]:
        held = self.hands[seat].pop(position)
        self.known[seat].pop(position)
        card = base(held)
        self.pile.append(card)
        self.log.append({"type": DISCARD, "seat": seat, "position": position, "card": card})
        events = [Event(DISCARD, seat, {"position": position, "card": card})]
        if self.last_card:
            return events + self._end_round(None)
        self.turn = (seat + 1) % self.seats
        self.phase = DRAW
        self.knock_seat = seat
        return events

    def _knock(self, seat: int) -> list[Event]:
        self.log.append({"type": KNOCK, "seat": seat})
        return [Event(KNOCK, seat, {"cards": len(self.hands[seat])}), *self._end_round(seat)]

    # ------------------------------------------------------------------ the end of a round

    def _end_round(self, knocker: int | None) -> list[Event]:
        """Score the hands, add to the totals, then end the game or deal the next round."""
        shown = [partition(values(hand)) for hand in self.hands]
        points = [p for p, _ in shown]
        kind, scores, winners = score_round(points, knocker)
        for s in range(self.seats):
            self.totals[s] += scores[s]
        entry: dict[str, JSON] = {
            "dealer": self.dealer,
            "knocker": knocker,
            "kind": kind,
            "points": points,
            "scores": scores,
            "winners": winners,
        }
        turns = [0] * self.seats
        for logged in self.log:
            if logged["type"] == DRAW:
                turns[int(logged["seat"])] += 1
        self.history.append(
            {
                **entry,
                "round": self.round_no,
                "hands": [list(h) for h in self.hands],
                "melds": [[[m.kind, m.start, m.end] for m in melds] for _, melds in shown],
                "totals": list(self.totals),
                "turns": turns,
            }
        )
        events = [Event("round_over", knocker, {**entry, "totals": list(self.totals)})]
        if max(self.totals) >= self.target:
            self.phase = OVER
            events.append(Event("game_over", None, {"result": self.result()}))
            return events
        self._deal()
        events.append(Event("deal", self.dealer, {"round": self.round_no, "upcard": self.upcard}))
        return events

    def is_over(self) -> bool:
        """True once a round ended with a total at the target or above."""
        return self.phase == OVER

    def rounds(self) -> list[dict[str, JSON]]:
        """The finished rounds as docs/records.md writes them."""
        keys = ("dealer", "knocker", "kind", "points", "scores", "winners")
        return [{k: h[k] for k in keys} for h in self.history]

    def part(self) -> int:
        """The round being played (rounds finished so far)."""
        return len(self.history)

    def summary(self) -> dict[str, JSON]:
        """`{"rounds", "totals", "over", "winners"}` (docs/records.md)."""
        over = self.phase == OVER
        return {
            "rounds": self.rounds(),
            "totals": list(self.totals),
            "over": over,
            "winners": winners_of(self.totals) if over else [],
        }

    def result(self) -> dict[str, JSON] | None:
        """The summary once the game is over."""
        return self.summary() if self.phase == OVER else None

    def scores(self) -> list[float] | None:
        """Points per finished round, per seat (for `cardbot simulate`)."""
        if not self.history:
            return None
        return [t / len(self.history) for t in self.totals]

    # ------------------------------------------------------------------ what players see

    def view(self, seat: int | None = None) -> dict[str, JSON]:
        """The public table, and for a seat its own hand (with its melds) and drawn card."""
        own = seat is not None and 0 <= seat < self.seats
        view: dict[str, JSON] = {
            "game": GAME,
            "viewer": seat,
            "seats": self.seats,
            "round": self.round_no,
            "target": self.target,
            "dealer": self.dealer,
            "first": (self.dealer + 1) % self.seats,
            "turn": None if self.phase == OVER else self.turn,
            "phase": self.phase,
            "to_act": sorted(self.to_act()),
            "hand_counts": [len(h) for h in self.hands],
            "known": [list(k) for k in self.known],
            "stock_count": len(self.stock),
            "pile": list(self.pile),
            "upcard": self.upcard,
            "rotation_open": not self.rotation.closed,
            "rotated": list(self.rotation.rotated),
            "knock_seat": self.knock_seat if self.phase == DRAW else None,
            "last_card": self.last_card,
            "turns": self.turns,
            "log": [dict(e) for e in self.log],
            "drawn_from": self.drawn_from,
            "totals": list(self.totals),
            "rounds": self.rounds(),
            "round_turns": [h.get("turns") for h in self.history],
            "last_round": dict(self.history[-1]) if self.history else None,
            "over": self.phase == OVER,
            "result": self.result(),
        }
        if own and seat is not None:
            hand = self.hands[seat]
            points, melds = partition(values(hand))
            view["hand"] = list(hand)
            view["deadwood"] = points
            view["melds"] = [[m.kind, m.start, m.end] for m in melds]
            view["drawn"] = self.drawn if seat == self.turn and self.phase == INSERT else None
            view["may_rotate"] = not self.rotation.closed and not self.rotation.decided[seat]
        return view

    # ------------------------------------------------------------------ CPU players

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, JSON]:
        """The whole state: stock order and every hand included."""
        return {
            "game": GAME,
            "seats": self.seats,
            "options": dict(self.options),
            "seed": self.seed,
            "deals": [g.to_json(FACE) for g in self.given],
            "first": self.first,
            "round": self.round_no,
            "dealer": self.dealer,
            "hands": [list(h) for h in self.hands],
            "known": [list(k) for k in self.known],
            "stock": list(self.stock),
            "pile": list(self.pile),
            "upcard": self.upcard,
            "rotation": self.rotation.to_json(),
            "turn": self.turn,
            "phase": self.phase,
            "drawn": self.drawn,
            "drawn_from": self.drawn_from,
            "knock_seat": self.knock_seat,
            "last_card": self.last_card,
            "turns": self.turns,
            "log": [dict(e) for e in self.log],
            "totals": list(self.totals),
            "history": [dict(h) for h in self.history],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Kokutorum:
        """Rebuild from `to_json` output."""
        game = cls()
        game.seats, game.seed = data["seats"], data["seed"]
        game.options = dict(data["options"])
        game.target = int(game.options["target"])
        game.given = [
            Layout(
                g.get("dealer"),
                tuple(tuple(h) for h in g["hands"]),
                g[FACE],
                tuple(g["stock"]),
            )
            for g in data["deals"]
        ]
        game.first = data["first"]
        game.round_no = data["round"]
        game.dealer = data["dealer"]
        game.hands = [list(h) for h in data["hands"]]
        game.known = [list(k) for k in data["known"]]
        game.stock = list(data["stock"])
        game.pile = list(data["pile"])
        game.upcard = data["upcard"]
        game.rotation = Rotation.from_json(data["rotation"])
        game.turn = data["turn"]
        game.phase = data["phase"]
        game.drawn = data["drawn"]
        game.drawn_from = data["drawn_from"]
        game.knock_seat = data["knock_seat"]
        game.last_card = data["last_card"]
        game.turns = data["turns"]
        game.log = [dict(e) for e in data["log"]]
        game.totals = list(data["totals"])
        game.history = [dict(h) for h in data["history"]]
        return game
