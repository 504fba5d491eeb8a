"""Zhao Pengyou (找朋友, 友達探し): 6 to 12 seats, trumps declared while drawing, secret friends.

Rules of `../shared/seeds/004_f71aa172e7f32174.txt` with RULINGS.md, top to bottom:

- Cards (`cards.py`): fixed by the seat count; each seat draws (cards − 6) / seats, 6 stay as
  the kitty. Trumps: both jokers, the four cards of the trump rank, the trump suit.
- Ranks 2..A per seat, all 2 at first (option `ranks`). A match is deal after deal until a
  seat reaches A; everyone reaching it in the same deal wins.
- The deal: from the provisional dealer on, each seat in turn takes the top card (`draw`, the
  table's own step, `table_step`). A seat *entitled* to declare (it won the previous deal;
  every seat in the first deal and after a redeal) may declare at any moment with a card of
  its own rank (`declare`): that card's suit and the seat's rank are trump and the seat is
  the declarer; the first declaration stands and the drawing goes on. After the last draw
  without a declaration comes the last window: each seat that can still declare declares or
  passes (`pass`); with no declaration, the same provisional dealer redeals and every seat
  counts as entitled (for declaring and for the rank step after that deal).
- The declarer takes the 6 kitty cards, buries 6 (`bury`, sealed until the deal ends) and
  calls its friends (`call`): the n-th play of a non-trump card, as many calls as the seat
  count says; a friend is known when it makes the called play.
- Play (`rules.py`): the declarer leads, then each trick's winner. Leads of singles, sets,
  sequences of sets and throws of top cards; a throw that does not stand leads its weakest
  unit instead (`failed_throws`), the rest going back to the hand.
- Scoring (`scoring.py`): the points of tricks won by seats off the declarer's final team,
  plus the kitty's points doubled when such a seat won the last trick; 40 × decks wins for
  the defenders; game points by the table; rank steps for the winning side.

Records give `deals` (`[{"draw": [every card, top first], "dealer": s}, {"draw": [...]}]`),
one draw order per deal or redeal; then the seed shuffles (`deal:k` for the k-th layout).

One module of this size, on purpose: it is the `ZhaoPengyou` class, the state a record replays,
and its phases (draw, bury, calls, tricks, the deal's end) read and write that state field by
field; what needs no state of the game (cards, calls, scoring, the throw, the search) lives in
the modules named above, and a split of the class would only scatter one state machine.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

from engines.actions import Action, Event
from engines.cards import CardError, check_permutation
from engines.cpu import CpuChooser
from engines.errors import JSON, GameError, IllegalAction, RecordError
from engines.game import Decide, Game, resolve_prompt
from engines.prompts import CardPick, Prompt
from engines.rng import below, choice, derive_rng, shuffle
from engines.zhao_pengyou.calls import Call, call_json, parse_calls, suggestions
from engines.zhao_pengyou.cards import (
    CODES,
    DISPLAY_SUITS,
    INDEX,
    KITTY,
    NO_TRUMP_DISPLAY,
    POINTS,
    RANK_A,
    RANK_OF,
    RANKS,
    SETUPS,
    SUIT_OF,
    SUITS,
    TRUMP,
    TYPES,
    Trump,
    card_set,
    hand_size,
    keep_values,
    points_of,
    trump_of,
)
from engines.zhao_pengyou.cpu import Player, bury_choice, declaration
from engines.zhao_pengyou.rules import (
    SET,
    SINGLE,
    THROW,
    Key,
    Shape,
    follow_problem,
    lead_shape,
    play_key,
    throw_stands,
    units_of,
    weakest_unit,
)
from engines.zhao_pengyou.scoring import (
    DECLARER,
    game_points,
    next_dealer,
    raised,
    steps,
    threshold,
)
from engines.zhao_pengyou.sim import NOTHING, Sim

DRAW, DECLARE, PASS, BURY, CALL, PLAY = "draw", "declare", "pass", "bury", "call", "play"
WINDOW: Final = "declare"
"""The phase of the last window (`state.deal.phase` in docs/records.md)."""
OVER: Final = "over"
LAST_WINDOW: Final = "last_window"
"""The prompt kind of the last window (declare or pass)."""
DEAL_SECONDS: Final = 60.0
"""How long a live table takes to draw a whole deal (the draws' pace follows from it)."""
GROUP_TRUMP: Final = "trump"

_NO_EVENTS: Final[list[Event]] = []
Groups = tuple[tuple[str, tuple[int, ...]], ...]
"""A hand's groups for a card pick: (group id, positions)."""


def draw_pace(seats: int) -> float:
    """Seconds between two draws at a live table: the whole deal in about a minute."""
    return round(DEAL_SECONDS / (hand_size(seats) * seats), 2)


def rank_index(letter: str) -> int:
    """`2`..`A` as 0..12."""
    return RANKS.index(letter)


class ZhaoPengyou(Game):
    """One match of Zhao Pengyou, deal after deal, in one state."""

    id: ClassVar[str] = "zhao-pengyou"
    names: ClassVar[Mapping[str, str]] = {"en": "Zhao Pengyou", "ja": "找朋友"}
    min_seats: ClassVar[int] = 6
    max_seats: ClassVar[int] = 12
    multi_hand: ClassVar[bool] = True

    def __init__(self) -> None:
        self.seats = 6
        self.options: dict[str, JSON] = {}
        self.seed = 0
        self.layouts: list[list[int]] = []
        """The record's draw orders, consumed deal by deal (redeals included)."""
        self.first_dealer: int | None = None
        self.used = 0
        """Draw orders laid out so far (deals and redeals)."""
        self.ranks: list[int] = []
        self.outcomes: list[dict[str, JSON]] = []
        self.phase = DRAW
        # -- the deal in progress
        self.dealer = 0
        self.redeals = 0
        self.active: list[bool] = []
        self.stock: list[int] = []
        """This layout's draw order: `stock[drawn]` is the next card, the last 6 the kitty."""
        self.drawn = 0
        self.hands: list[list[int]] = []
        self.sizes: list[int] = []
        self.declarer: int | None = None
        self.declared: int | None = None
        self.trump: Trump | None = None
        self.passed: list[int] = []
        self.window: list[int] = []
        self.passes_sealed = False
        """Some seat passed in a last window of this deal (a pass stays sealed until it ends)."""
        self.kitty: list[int] = []
        self.buried: list[int] = []
        self.calls: list[Call] = []
        self.answered: list[int | None] = []
        """For each call, the seat that made the called play (None until it is made)."""
        self.answered_at: list[int | None] = []
        """For each call, the trick (0-based) in which the called play was made."""
        self.joined: list[bool] = []
        """For each call, whether its play brought a new friend (not the declarer, not a seat
        already on the team)."""
        self.seen = [0] * TYPES
        """How many times each card has been played this deal (for the calls)."""
        self.team: list[int] = []
        self.points: list[int] = []
        self.leader = 0
        self.turn = 0
        self.trick: list[tuple[int, tuple[int, ...]]] = []
        self.lead: Shape | None = None
        self.best: tuple[int, Key] | None = None
        self.tricks = 0
        self.failed: list[dict[str, JSON]] = []
        """This deal's failed throws: seat, trick, the unit led and the cards attempted."""
        self.history: list[dict[str, JSON]] = []
        """This deal's finished tricks, as the views show them."""
        self.last_kitty: list[str] = []
        """The cards buried in the last finished deal (shown once it is over)."""
        self.voids: list[int] = []
        """Per seat, bit e set: it showed by a follow that it holds no card of suit e."""
        self.short_sets: list[dict[int, int]] = []
        """Per seat: suit -> a set size it showed it holds none of in that suit."""
        self.shown: list[dict[int, int]] = []
        """Per seat: cards everyone knows it holds (what a failed throw put back)."""
        self.pledge_played = False
        """The declarer has played a copy of the card it declared with (until then everyone
        knows one copy is in its hand or in the kitty)."""
        self._sorted: list[tuple[list[int], list[str], Groups] | None] = []
        self._units: list[tuple[int, dict[int, int]]] = []
        """The trick's plays as units, for `seat_sim` (rebuilt when it lags behind)."""
        self._table: dict[str, JSON] | None = None
        """The public parts of every view that stay the same through a trick."""
        self._learned: dict[str, JSON] | None = None
        """The parts a play may change within a trick: calls, voids, failed throws."""

    # ------------------------------------------------------------------ setup

    def setup(self, options: Mapping[str, JSON] | None, deal: JSON) -> None:
        """Set up the match and lay out its first deal (the record's, or the seed's)."""
        seats, seed = self.seats, self.seed
        self.options = self._check_options(options, seats)
        self.ranks = [rank_index(r) for r in self.options["ranks"]]
        self.layouts, self.first_dealer = self._check_deals(deal, seats)
        dealer = self.first_dealer
        if dealer is None:
            dealer = below(derive_rng(seed, "dealer"), seats)
        self._start_deal(dealer, [True] * seats, redeals=0)

    @staticmethod
    def _check_options(options: Mapping[str, JSON] | None, seats: int) -> dict[str, JSON]:
        given = dict(options or {})
        for key in given:
            if key != "ranks":
                shown = str(key)[:40]
                raise RecordError("unknown_option", f"Unknown option '{shown}'.", option=key)
        ranks = given.get("ranks", ["2"] * seats)
        if (
            not isinstance(ranks, list)
            or len(ranks) != seats
            or not all(isinstance(r, str) and r in RANKS[:-1] for r in ranks)
        ):
            raise RecordError(
                "bad_option",
                f"Option 'ranks' is a list of {seats} starting ranks, each 2-9, T, J, Q or K.",
                option="ranks",
            )
        return {"ranks": list(ranks)}

    @staticmethod
    def _check_deals(deals: JSON, seats: int) -> tuple[list[list[int]], int | None]:
        if deals is None:
            return [], None
        shape = 'zhao-pengyou takes "deals": [{"draw": [every card, top first], "dealer": s}, ...].'
        if not isinstance(deals, list):
            raise RecordError("bad_deal", shape)
        deck = card_set(seats)
        out: list[list[int]] = []
        first: int | None = None
        for n, entry in enumerate(deals, 1):
            allowed = {"draw", "dealer"} if n == 1 else {"draw"}
            if not isinstance(entry, dict) or "draw" not in entry or set(entry) - allowed:
                if isinstance(entry, dict) and n > 1 and "dealer" in entry:
                    raise RecordError(
                        "bad_deal",
                        f"Deal {n}: only the first deal names the dealer; later provisional"
                        " dealers follow from the play.",
                    )
                raise RecordError("bad_deal", f"Deal {n}: {shape}")
            draw = entry["draw"]
            if not isinstance(draw, list):
                raise RecordError("bad_deal", f"Deal {n}: 'draw' lists every card, top first.")
            try:
                check_permutation(draw, deck)
            except CardError as exc:
                raise RecordError("bad_deal", f"Deal {n}: {exc}") from None
            out.append([INDEX[c] for c in draw])
            if n == 1 and "dealer" in entry:
                dealer = entry["dealer"]
                if not isinstance(dealer, int) or isinstance(dealer, bool):
                    raise RecordError("bad_deal", "The first deal's 'dealer' is a seat number.")
                if not 0 <= dealer < seats:
                    raise RecordError("bad_deal", f"There is no seat {dealer} to deal.")
                first = dealer
        return out, first

    @property
    def decks(self) -> int:
        """Decks in play."""
        return SETUPS[self.seats].decks

    @property
    def call_count(self) -> int:
        """Friend calls per deal."""
        return SETUPS[self.seats].calls

    @property
    def hand_size(self) -> int:
        """Cards each seat draws."""
        return hand_size(self.seats)

    def _layout(self) -> list[int]:
        """The next draw order: the record's, else a shuffle of the seed."""
        k = self.used
        self.used += 1
        if k < len(self.layouts):
            return list(self.layouts[k])
        deck = [INDEX[c] for c in card_set(self.seats)]
        shuffle(derive_rng(self.seed, f"deal:{k}"), deck)
        return deck

    def _start_deal(self, dealer: int, active: list[bool], redeals: int) -> None:
        """Lay out a deal (or a redeal) and open its drawing."""
        seats = self.seats
        self.phase = DRAW
        self.dealer = dealer
        self.redeals = redeals
        self.active = list(active)
        self.stock = self._layout()
        self.drawn = 0
        self.hands = [[0] * TYPES for _ in range(seats)]
        self.sizes = [0] * seats
        self.declarer = self.declared = None
        self.trump = None
        self.passed, self.window = [], []
        self.kitty, self.buried = [], []
        self.calls, self.answered, self.answered_at, self.joined = [], [], [], []
        self.seen = [0] * TYPES
        self.team = []
        self.points = [0] * seats
        self.leader = self.turn = dealer
        self.trick, self.lead, self.best = [], None, None
        self._units = []
        self.tricks = 0
        self.failed, self.history = [], []
        self.pledge_played = False
        self.voids = [0] * seats
        self.short_sets = [{} for _ in range(seats)]
        self.shown = [{} for _ in range(seats)]
        self._sorted = [None] * seats
        self._table = self._learned = None

    # ------------------------------------------------------------------ who is asked what

    @property
    def drawer(self) -> int:
        """The seat whose turn it is to draw."""
        return (self.dealer + self.drawn) % self.seats

    def to_act(self) -> frozenset[int]:
        """docs/records.md: the drawer; the last window's seats not passed yet; the declarer (bury,
        call); the seat to play; nobody once the game is over."""
        phase = self.phase
        if phase == PLAY:
            return frozenset((self.turn,))
        if phase == DRAW:
            return frozenset((self.drawer,))
        if phase == WINDOW:
            return frozenset(s for s in self.window if s not in self.passed)
        if phase in (BURY, CALL):
            assert self.declarer is not None
            return frozenset((self.declarer,))
        return frozenset()

    def declarable(self, seat: int) -> list[int]:
        """The cards `seat` could declare with now: of its rank, held, while it is entitled
        and nobody has declared (one per suit, in hand order)."""
        if self.declarer is not None or not self.active[seat]:
            return []
        rank = self.ranks[seat]
        hand = self.hands[seat]
        return [s * 13 + rank for s in DISPLAY_SUITS if hand[s * 13 + rank]]

    def prompts(self) -> dict[int, Prompt]:
        """Each seat's decision (the draw itself is the table's step, `table_step`)."""
        phase = self.phase
        if phase == PLAY:
            return {self.turn: self._play_prompt(self.turn)}
        if phase == DRAW:
            out = {}
            if self.declarer is None:
                for seat in range(self.seats):
                    prompt = self._declare_prompt(seat)
                    if prompt is not None:
                        out[seat] = prompt
            return out
        if phase == WINDOW:
            return {s: self._window_prompt(s) for s in sorted(self.window) if s not in self.passed}
        if phase == BURY:
            assert self.declarer is not None
            return {self.declarer: self._bury_prompt()}
        if phase == CALL:
            assert self.declarer is not None
            return {self.declarer: self._call_prompt()}
        return {}

    def seat_decisions(self) -> dict[int, Prompt]:
        """`prompts()`: the draw is never in it."""
        return self.prompts()

    def table_step(self) -> Prompt | None:
        """During the drawing: the next draw, for the seat whose turn it is, at the deal's pace."""
        if self.phase != DRAW:
            return None
        seat = self.drawer
        return Prompt(
            seat,
            DRAW,
            choices=(_DRAWS[seat],),
            mechanical=True,
            pace=draw_pace(self.seats),
        )

    def _declare_prompt(self, seat: int) -> Prompt | None:
        cards = self.declarable(seat)
        if not cards:
            return None
        return Prompt(
            seat,
            DECLARE,
            required=False,
            public=False,
            choices=tuple(Action(seat, DECLARE, (("card", CODES[t]),)) for t in cards),
        )

    def _window_prompt(self, seat: int) -> Prompt:
        passing = Action(seat, PASS)
        return Prompt(
            seat,
            LAST_WINDOW,
            public=False,
            choices=(
                *(Action(seat, DECLARE, (("card", CODES[t]),)) for t in self.declarable(seat)),
                passing,
            ),
            default=passing,
        )

    def _groups(self, types: Sequence[int]) -> Groups:
        """A sorted hand's groups: the trumps, then each plain suit held (in hand order)."""
        trump = self.trump
        assert trump is not None
        eff = trump.eff
        out: list[tuple[str, tuple[int, ...]]] = []
        start = 0
        count = len(types)
        while start < count:
            suit = eff[types[start]]
            end = start + 1
            while end < count and eff[types[end]] == suit:
                end += 1
            out.append((GROUP_TRUMP if suit == TRUMP else SUITS[suit], tuple(range(start, end))))
            start = end
        return tuple(out)

    def _bury_prompt(self) -> Prompt:
        seat = self.declarer
        assert seat is not None
        _, codes, groups = self._hand(seat)
        pick = CardPick(BURY, tuple(codes), KITTY, KITTY, groups=groups)
        return Prompt(seat, BURY, pick=pick)

    def call_suggestions(self) -> list[list[Call]]:
        """The call sets the call prompt offers (from the declarer's hand after its bury)."""
        assert self.declarer is not None and self.trump is not None
        return suggestions(self.hands[self.declarer], self.trump, self.decks, self.call_count)

    def _call_prompt(self) -> Prompt:
        seat = self.declarer
        assert seat is not None
        choices = tuple(
            Action.make(seat, CALL, calls=[call_json(c) for c in calls])
            for calls in self.call_suggestions()
        )
        return Prompt(seat, CALL, choices=choices, default=choices[0])

    def _play_prompt(self, seat: int) -> Prompt:
        """Cards from the hand (trumps first, in trump order): any number to lead, the lead's
        count to follow; cards that can be part of no legal play dimmed."""
        types, codes, groups = self._hand(seat)
        lead = self.lead
        selectable: tuple[bool, ...] | None = None
        forced: tuple[Action, ...] = ()
        if lead is None:
            low, high = 1, len(codes)
        else:
            low = high = lead.cards
            selectable = self._selectable(seat, types, lead)
            forced = self._short_follow(seat, types, lead)
        pick = CardPick(
            PLAY,
            tuple(codes),
            low,
            high,
            groups=groups,
            selectable=selectable,
        )
        return Prompt(seat, PLAY, choices=forced, pick=pick)

    def _short_follow(self, seat: int, types: Sequence[int], lead: Shape) -> tuple[Action, ...]:
        """When the seat holds some cards of the led suit but fewer than the lead: every one of
        them must go, with the lowest of its other cards; offered as a ready choice (picking
        the rest by hand stays open)."""
        trump = self.trump
        assert trump is not None
        eff = trump.eff
        led = lead.suit
        own = [t for t in types if eff[t] == led]
        if not own or len(own) >= lead.cards:
            return ()
        values = keep_values(trump)
        rest = sorted((t for t in types if eff[t] != led), key=lambda t: (values[t], t))
        play = own + rest[: lead.cards - len(own)]
        place = trump.place
        play.sort(key=place.__getitem__)
        return (Action(seat, PLAY, (("cards", tuple(CODES[t] for t in play)),)),)

    def _selectable(self, seat: int, types: Sequence[int], lead: Shape) -> tuple[bool, ...]:
        """For a follow: the cards some legal follow may hold (a cheap, exact-enough test)."""
        trump = self.trump
        assert trump is not None
        eff = trump.eff
        hand = self.hands[seat]
        led = lead.suit
        need = lead.cards
        members = trump.members[led]
        held = 0
        for t in members:
            held += hand[t]
        if held < need:
            return (True,) * len(types)  # all of the led suit goes, the rest is free
        m = lead.size
        sets_only = False
        if m >= 2:
            sets_held = 0
            for t in members:
                sets_held += hand[t] // m
            owed = min(lead.units, sets_held)
            sets_only = owed * m == need and owed > 0
        if sets_only:
            return tuple(eff[t] == led and hand[t] >= m for t in types)
        return tuple(eff[t] == led for t in types)

    def legal_actions(self, seat: int) -> list[Action]:
        """The listed choices of the seat's prompt (the draw for the drawer); card picks
        (bury, play) are judged by `check`, not listed."""
        if self.phase == DRAW and seat == self.drawer:
            prompt = self.prompts().get(seat)
            return [_DRAWS[seat], *(prompt.choices if prompt else ())]
        prompt = self.prompts().get(seat)
        return list(prompt.choices) if prompt is not None else []

    # ------------------------------------------------------------------ checking an action

    def check(self, action: Action) -> None:
        """Judge an action without changing anything (IllegalAction when refused)."""
        self._judge(action)

    def _judge(self, action: Action) -> Any:
        """The parsed content of a legal action; IllegalAction when it is refused."""
        if self.phase == OVER:
            raise IllegalAction("game_over", "The game is over.")
        seat = action.seat
        if not 0 <= seat < self.seats:
            raise IllegalAction("bad_seat", f"There is no seat {seat}.", seat=seat)
        kind = action.type
        if kind == PLAY:
            return self._judge_play(action)
        if kind == DRAW:
            _no_fields(action)
            if self.phase != DRAW:
                raise IllegalAction("wrong_phase", "Cards are drawn only during the deal.")
            if seat != self.drawer:
                self.check_turn(action)
            return None
        if kind == DECLARE:
            return self._judge_declare(action)
        if kind == PASS:
            _no_fields(action)
            if self.phase != WINDOW:
                raise IllegalAction(
                    "wrong_phase", "A pass is made only in the last window, after the drawing."
                )
            self._window_seat(seat)
            return None
        if kind == BURY:
            cards = _cards(action)
            self._phase_turn(action, BURY, "The kitty is buried by the declarer after the deal.")
            if len(cards) != KITTY:
                raise IllegalAction("bury_count", "Bury exactly 6 cards.", count=len(cards))
            return self._held(seat, cards)
        if kind == CALL:
            if {k for k, _ in action.fields} != {"calls"}:
                raise IllegalAction(
                    "malformed_action",
                    'A call is {"type": "call", "calls": [{"card": "AH", "nth": 1}, ...]}.',
                )
            self._phase_turn(action, CALL, "Friends are called after the bury.")
            assert self.trump is not None
            return parse_calls(action.get("calls"), self.call_count, self.decks, self.trump)
        raise IllegalAction(
            "unknown_action",
            f"Zhao Pengyou has draw, declare, pass, bury, call and play, not '{kind}'.",
            type=kind,
        )

    def _phase_turn(self, action: Action, phase: str, message: str) -> None:
        if self.phase != phase:
            raise IllegalAction("wrong_phase", message, phase=self.phase)
        if action.seat != self.declarer:
            self.check_turn(action)

    def _window_seat(self, seat: int) -> None:
        """The seat is asked in the last window and has not answered (never `check_turn`: its
        message would name the seats asked, and who could declare is nobody's business)."""
        if seat not in self.window:
            raise IllegalAction("not_asked", "You have no declaration to make or pass.")
        if seat in self.passed:
            raise IllegalAction("already_passed", "You have passed already.")

    def _judge_declare(self, action: Action) -> int:
        if {k for k, _ in action.fields} != {"card"} or not isinstance(action.get("card"), str):
            raise IllegalAction(
                "malformed_action",
                'A declaration names its card: {"type": "declare", "card": "5S"}.',
            )
        if self.phase not in (DRAW, WINDOW):
            raise IllegalAction("wrong_phase", "Trump is declared during the deal.")
        if self.declarer is not None:
            raise IllegalAction("already_declared", "Trump has been declared already.")
        seat = action.seat
        if self.phase == WINDOW:
            self._window_seat(seat)
        if not self.active[seat]:
            raise IllegalAction(
                "not_entitled",
                "Only a player who won the last deal may declare trump in this deal.",
            )
        code = str(action.get("card"))
        t = INDEX.get(code)
        if t is None:
            shown = code[:8]
            raise IllegalAction(
                "bad_card", f"'{shown}' is not a card code (like 5S, TC).", card=shown
            )
        rank = RANKS[self.ranks[seat]]
        if RANK_OF[t] != self.ranks[seat]:
            raise IllegalAction(
                "not_your_rank",
                f"Declare with a card of your own rank ({rank}), not a joker.",
                rank=rank,
            )
        if not self.hands[seat][t]:
            raise IllegalAction("card_not_held", f"You do not hold {code}.", card=code)
        return t

    def _held(self, seat: int, codes: Sequence[str]) -> list[int]:
        """The types of `codes`, each held (copies counted); IllegalAction otherwise."""
        hand = self.hands[seat]
        types = []
        need: dict[int, int] = {}
        for code in codes:
            t = INDEX.get(code)
            if t is None:
                shown = code[:8]
                raise IllegalAction(
                    "bad_card", f"'{shown}' is not a card code (like 7H, QS, TC).", card=shown
                )
            need[t] = need.get(t, 0) + 1
            if need[t] > hand[t]:
                raise IllegalAction("card_not_held", f"You do not hold {code}.", card=code)
            types.append(t)
        return types

    def _judge_play(self, action: Action) -> tuple[list[int], dict[int, int]]:
        cards = _cards(action)
        if self.phase != PLAY:
            raise IllegalAction(
                "wrong_phase", "Cards are played after the bury and the calls.", phase=self.phase
            )
        seat = action.seat
        if seat != self.turn:
            self.check_turn(action)
        if not cards:
            raise IllegalAction("play_empty", "Play at least one card.")
        types = self._held(seat, cards)
        units = units_of(types)
        trump = self.trump
        assert trump is not None
        lead = self.lead
        if lead is None:
            lead_shape(units, trump)  # raises for several suits or unequal units
            return types, units
        problem = follow_problem(self.hands[seat], units, len(types), lead, trump)
        if problem is not None:
            raise problem
        return types, units

    # ------------------------------------------------------------------ applying it

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action; an illegal one raises IllegalAction and changes nothing."""
        judged = self._judge(action)
        kind = action.type
        seat = action.seat
        if kind == PLAY:
            types, units = judged
            return self._play(seat, types, units, True)
        if kind == DRAW:
            return self._draw(True)
        if kind == DECLARE:
            return self._declare(seat, judged)
        if kind == PASS:
            return self._pass(seat)
        if kind == BURY:
            return self._bury(seat, judged)
        return self._call(judged)

    def _draw(self, narrate: bool) -> list[Event]:
        seat = self.drawer
        card = self.stock[self.drawn]
        self.drawn += 1
        self.hands[seat][card] += 1
        self.sizes[seat] += 1
        self._sorted[seat] = None
        self._table = self._learned = None
        events: list[Event] = (
            [
                _DREW[seat],
                Event("drew_card", seat, {"card": CODES[card]}, audience=frozenset((seat,))),
            ]
            if narrate
            else _NO_EVENTS
        )
        if self.drawn < len(self.stock) - KITTY:
            return events
        events = list(events)
        self.kitty = self.stock[self.drawn :]
        if self.declarer is not None:
            return events + self._take_kitty()
        self.window = [s for s in range(self.seats) if self.active[s] and self.declarable(s)]
        if not self.window:
            return events + self._redeal("nobody")
        self.phase = WINDOW
        self.passed = []
        return events + [Event("last_window", None, {})]

    def _draw_quietly(self, count: int) -> list[Action]:
        """`count` draws told to nobody, the last card of the deal never among them (it ends
        the drawing): `_draw(False)` `count` times in a row."""
        seats, stock, hands, sizes = self.seats, self.stock, self.hands, self.sizes
        seat = self.drawer
        taken = []
        for card in stock[self.drawn : self.drawn + count]:
            hands[seat][card] += 1
            sizes[seat] += 1
            self._sorted[seat] = None
            taken.append(_DRAWS[seat])
            seat = seat + 1 if seat + 1 < seats else 0
        self.drawn += count
        self._table = self._learned = None
        return taken

    def _declare(self, seat: int, card: int) -> list[Event]:
        self.declarer, self.declared = seat, card
        self.trump = trump_of(SUIT_OF[card], RANK_OF[card])
        self.team = [seat]
        self._sorted = [None] * self.seats
        self._table = self._learned = None
        events = [Event("declared", seat, {"card": CODES[card]})]
        if self.phase == WINDOW:
            events += self._take_kitty()
        return events

    def _take_kitty(self) -> list[Event]:
        seat = self.declarer
        assert seat is not None
        for t in self.kitty:
            self.hands[seat][t] += 1
        self.sizes[seat] += len(self.kitty)
        self._sorted[seat] = None
        self.phase = BURY
        self._table = self._learned = None
        return [
            Event("kitty_taken", seat, {"count": len(self.kitty)}),
            Event(
                "kitty_cards",
                seat,
                {"cards": [CODES[t] for t in self.kitty]},
                audience=frozenset((seat,)),
            ),
        ]

    def _pass(self, seat: int) -> list[Event]:
        self.passed.append(seat)
        self.passes_sealed = True
        events = [Event("passed", seat, {}, audience=frozenset((seat,)))]
        if len(self.passed) < len(self.window):
            return events
        return events + self._redeal("all_passed")

    def _redeal(self, reason: str) -> list[Event]:
        self._start_deal(self.dealer, [True] * self.seats, self.redeals + 1)
        return [Event("redeal", self.dealer, {"reason": reason, "redeals": self.redeals})]

    def _bury(self, seat: int, cards: list[int]) -> list[Event]:
        hand = self.hands[seat]
        for t in cards:
            hand[t] -= 1
        self.sizes[seat] -= len(cards)
        self.buried = list(cards)
        self._sorted[seat] = None
        self.phase = CALL
        self._table = self._learned = None
        return [
            Event("buried", seat, {"count": len(cards)}),
            Event(
                "buried_cards",
                seat,
                {"cards": [CODES[t] for t in cards]},
                audience=frozenset((seat,)),
            ),
        ]

    def _call(self, calls: list[Call]) -> list[Event]:
        self.calls = list(calls)
        self.answered = [None] * len(calls)
        self.answered_at = [None] * len(calls)
        self.joined = [False] * len(calls)
        self.phase = PLAY
        assert self.declarer is not None
        self.leader = self.turn = self.declarer
        self._table = self._learned = None
        return [Event("called", self.declarer, {"calls": [call_json(c) for c in calls]})]

    def _play(
        self, seat: int, types: list[int], units: dict[int, int], narrate: bool
    ) -> list[Event]:
        trump = self.trump
        assert trump is not None
        events: list[Event] = []
        trick = self.trick
        if not trick:
            shape = lead_shape(units, trump)
            if shape.kind == THROW and not self._throw_stands(seat, units, shape, trump):
                t, n = weakest_unit(units, trump)
                attempted = [CODES[x] for x in types]
                shown = self.shown[seat]
                for x, c in units.items():
                    # the hand holds at least these copies: perhaps the very ones an earlier
                    # failed throw showed, so the count is the larger, never the sum
                    if x != t and shown.get(x, 0) < c:
                        shown[x] = c
                types = [t] * n
                units = {t: n}
                shape = Shape(SINGLE if n == 1 else SET, shape.suit, n, 1)
                entry = {"seat": seat, "trick": self.tricks, "cards": [CODES[t]] * n}
                self.failed.append({**entry, "attempted": attempted})
                self._learned = None
                events.append(Event("throw_failed", seat, {**entry, "attempted": attempted}))
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
            self._learn(seat, units, lead, trump)
        shown = self.shown[seat]
        if shown:
            for t, n in units.items():
                if t in shown:
                    self._learned = None
                    left = shown[t] - n
                    if left > 0:
                        shown[t] = left
                    else:
                        del shown[t]
        hand = self.hands[seat]
        for t in types:
            hand[t] -= 1
        self.sizes[seat] -= len(types)
        cached = self._sorted[seat]
        if cached is not None:
            kept = list(cached[0])
            for t in types:
                kept.remove(t)
            self._sorted[seat] = (kept, [CODES[t] for t in kept], self._groups(kept))
        if seat == self.declarer and not self.pledge_played and self.declared in types:
            self.pledge_played = True
        play = tuple(types)
        done = len(trick)
        trick.append((seat, play))
        if len(self._units) == done:
            self._units.append((seat, units))
        if narrate:
            events.append(Event(PLAY, seat, {"cards": [CODES[t] for t in play]}))
        if self.calls:
            events += self._count_calls(seat, play, narrate)
        if done + 1 < self.seats:
            self.turn = seat + 1 if seat + 1 < self.seats else 0
            return events
        return events + self._end_trick(narrate)

    def _learn(self, seat: int, units: dict[int, int], lead: Shape, trump: Trump) -> None:
        """What a follow shows everyone: a void in the led suit, or no set of the lead's size."""
        eff = trump.eff
        led = lead.suit
        in_suit = 0
        sets = 0
        m = lead.size
        for t, n in units.items():
            if eff[t] == led:
                in_suit += n
                sets += n // m
        if in_suit < lead.cards:
            if not self.voids[seat] >> led & 1:
                self.voids[seat] |= 1 << led
                self._learned = None
        elif m >= 2 and sets < lead.units:
            known = self.short_sets[seat]
            if known.get(led, m + 1) > m:
                known[led] = m
                self._learned = None

    def _throw_stands(self, seat: int, units: dict[int, int], shape: Shape, trump: Trump) -> bool:
        members = trump.members[shape.suit]
        strength = trump.strength
        best = []
        for other in range(self.seats):
            if other == seat:
                continue
            hand = self.hands[other]
            top = next((strength[t] for t in members if hand[t]), -1)
            best.append(top)
        return throw_stands(units, trump, best)

    def _count_calls(self, seat: int, play: tuple[int, ...], narrate: bool) -> list[Event]:
        events: list[Event] = []
        calls = self.calls
        seen = self.seen
        targets = {called for called, _ in calls}
        for t in play:
            seen[t] += 1
            if t not in targets:
                continue
            for i, (called, nth) in enumerate(calls):
                if called != t:
                    continue
                self._learned = None  # the calls' count moves on
                if seen[t] != nth:
                    continue
                self.answered[i] = seat
                self.answered_at[i] = self.tricks
                joined = seat not in self.team
                self.joined[i] = joined
                if joined:
                    self.team = sorted([*self.team, seat])
                    self._table = None
                events.append(
                    Event(
                        "friend" if joined else "call_spent",
                        seat,
                        {"card": CODES[t], "nth": nth},
                    )
                )
        return events

    def _end_trick(self, narrate: bool) -> list[Event]:
        assert self.best is not None
        winner = self.best[0]
        points = 0
        for _, play in self.trick:
            for t in play:
                points += POINTS[t]
        self.points[winner] += points
        self.tricks += 1
        self.history.append(
            {
                "leader": self.leader,
                "plays": [[s, [CODES[t] for t in play]] for s, play in self.trick],
                "winner": winner,
                "points": points,
            }
        )
        self.trick, self._units = [], []
        self.lead = self.best = None
        self.leader = self.turn = winner
        self._table = self._learned = None
        events = [Event("trick", winner, {"points": points})] if narrate else []
        if self.sizes[winner]:
            return events
        return events + self._end_deal(winner)

    # ------------------------------------------------------------------ the end of a deal

    def _end_deal(self, last: int) -> list[Event]:
        declarer = self.declarer
        assert declarer is not None and self.trump is not None
        team = sorted(self.team)
        kitty_points = points_of(self.buried)
        defenders = sum(self.points[s] for s in range(self.seats) if s not in team)
        if last not in team:
            defenders += 2 * kitty_points
        winner, gp = game_points(defenders, self.decks, len(team), self.call_count + 1)
        taken = steps(self.seats, winner, gp, team, self.active)
        self.ranks = raised(self.ranks, taken)
        outcome: dict[str, JSON] = {
            "dealer": self.dealer,
            "redeals": self.redeals,
            "declarer": declarer,
            "trump": self.trump.code,
            "calls": [call_json(c) for c in self.calls],
            "team": team,
            "kitty_points": kitty_points,
            "last_trick": last,
            "defender_points": defenders,
            "winner": winner,
            "game_points": gp,
            "steps": taken,
            "ranks": [RANKS[r] for r in self.ranks],
            "failed_throws": [
                {"seat": f["seat"], "trick": f["trick"], "cards": f["cards"]} for f in self.failed
            ],
        }
        self.outcomes.append(outcome)
        self.last_kitty = [CODES[t] for t in self.buried]
        self.passes_sealed = False
        events = [
            Event(
                "deal_over",
                None,
                {
                    **outcome,
                    "kitty": [CODES[t] for t in self.buried],
                    "deal": len(self.outcomes),
                    "threshold": threshold(self.decks),
                },
            )
        ]
        if RANK_A in self.ranks:
            self.phase = OVER
            self._table = self._learned = None
            events.append(Event("game_over", None, {"result": self.result()}))
            return events
        won = [(s in team) == (winner == DECLARER) for s in range(self.seats)]
        dealer = next_dealer(self.seats, declarer, winner, team)
        self._start_deal(dealer, won, redeals=0)
        events.append(Event("deal", dealer, {"deal": len(self.outcomes) + 1}))
        return events

    def is_over(self) -> bool:
        """True once a seat has reached rank A."""
        return self.phase == OVER

    def winners(self) -> list[int]:
        """The seats at rank A (once the game is over)."""
        if self.phase != OVER:
            return []
        return [s for s in range(self.seats) if self.ranks[s] == RANK_A]

    def result(self) -> dict[str, JSON] | None:
        """docs/records.md's result: ranks, every deal's outcome, the seats that reached A."""
        if self.phase != OVER:
            return None
        return {
            "ranks": [RANKS[r] for r in self.ranks],
            "deals": [dict(o) for o in self.outcomes],
            "winners": self.winners(),
        }

    def scores(self) -> list[float] | None:
        """Each seat's rank steps per finished deal (for `cardbot simulate`)."""
        if not self.outcomes:
            return None
        deals = len(self.outcomes)
        return [sum(o["steps"][s] for o in self.outcomes) / deals for s in range(self.seats)]

    # ------------------------------------------------------------------ seals

    def seal_of(self, action: Action) -> str | None:
        """A bury until its deal ends; a pass too (it would tell who could declare)."""
        if action.type == BURY:
            return f"bury:{len(self.outcomes)}"
        if action.type == PASS:
            return f"window:{len(self.outcomes)}"
        return None

    def open_seals(self) -> frozenset[str]:
        """This deal's bury and passes, until the deal ends."""
        if self.phase == OVER:
            return frozenset()
        deal = len(self.outcomes)
        out = set()
        if self.passes_sealed:
            out.add(f"window:{deal}")
        if self.phase in (CALL, PLAY):
            out.add(f"bury:{deal}")
        return frozenset(out)

    # ------------------------------------------------------------------ automatic play

    def autoplay(
        self, decide: Decide, limit: int | None = None, parts: int | None = None
    ) -> list[Action]:
        """`Game.autoplay` without building every seat's prompt at each step: the same prompts
        in the same order (an optional declaration before the draw, the lowest seat first; a
        declined one is not offered again while it asks the same), so the same game as step
        by step (a test holds it to it)."""
        taken: list[Action] = []
        declined: set[tuple[int, tuple[int, ...]]] = set()
        fast, rngs = _fast_players(decide)
        # seats whose declaration may be new: every seat at first, then only the one that drew
        # (another seat's prompt has not changed since it was offered and declined)
        to_check = list(range(self.seats))
        while (
            self.phase != OVER
            and (limit is None or len(taken) < limit)
            and (parts is None or len(self.outcomes) < parts)
        ):
            phase = self.phase
            if phase == DRAW:
                prompt = None
                if self.declarer is None:
                    while to_check:
                        seat = to_check[0]
                        cards = self.declarable(seat)
                        if cards and (seat, tuple(cards)) not in declined:
                            prompt = self._declare_prompt(seat)
                            break
                        del to_check[0]
                elif limit is None or limit - len(taken) > 1:
                    # nobody may declare any more: the draws up to the last one in a row
                    count = len(self.stock) - KITTY - self.drawn - 1
                    if limit is not None:
                        count = min(count, limit - len(taken) - 1)
                    taken += self._draw_quietly(count)
                if prompt is None:
                    seat = self.drawer
                    self._draw(False)
                    taken.append(_DRAWS[seat])
                    to_check = [seat]
                    continue
                player = fast[prompt.seat] if fast is not None else None
                if player is not None:  # as from the view: the sorted hand, the deal's size
                    hand = self.hand_codes(prompt.seat)
                    eager = player.level == "easy"
                    answer = declaration(hand, self.hand_size, prompt, False, eager)
                else:
                    answer = decide(self, prompt)
                if answer is None:
                    declined.add((prompt.seat, tuple(self.declarable(prompt.seat))))
                    continue
                self.apply(answer)
                taken.append(answer)
                to_check = list(range(self.seats))
                continue
            if phase == PLAY:
                seat = self.turn
                if fast is not None and fast[seat] is not None:
                    self._fast_plays(fast, rngs, limit, taken)
                    continue
                prompt = self._play_prompt(seat)
                answer = decide(self, prompt)
                if answer is None:
                    raise GameError("cpu_declined", "No answer to a required 'play' prompt.")
                types, units = self._judge_play(answer)
                self._play(answer.seat, types, units, False)
                taken.append(answer)
                continue
            if fast is not None and phase in (BURY, CALL):
                declarer = self.declarer
                assert declarer is not None
                player = fast[declarer]
                if player is not None and (phase == BURY or player.level != "hard"):
                    taken.append(self._fast_kitty(player, rngs[declarer]))
                    continue
            prompts = self.prompts()
            prompt = prompts[min(prompts)]
            action = resolve_prompt(self, prompt, decide)
            if action is None:
                raise GameError("cpu_declined", f"No answer to a required '{prompt.kind}' prompt.")
            self.apply(action)
            taken.append(action)
        return taken

    # ------------------------------------------------------------------ what players see

    def _hand(self, seat: int) -> tuple[list[int], list[str], Groups]:
        """A seat's hand sorted (trumps first in trump order, then ♠ ♥ ♣ ♦): types, codes, and
        its groups once trump is known."""
        cached = self._sorted[seat]
        if cached is None:
            order = self.trump.display if self.trump is not None else NO_TRUMP_DISPLAY
            hand = self.hands[seat]
            types: list[int] = []
            for t in order:
                n = hand[t]
                if n:
                    types += [t] * n
            groups = self._groups(types) if self.trump is not None else ()
            cached = self._sorted[seat] = (types, [CODES[t] for t in types], groups)
        return cached

    def hand_codes(self, seat: int) -> list[str]:
        """A seat's hand as codes, sorted: trumps first in trump order, then ♠ ♥ ♣ ♦."""
        return self._hand(seat)[1]

    def defender_points(self) -> int:
        """Points taken so far by the seats not known to be on the declarer's team."""
        if self.declarer is None:
            return 0
        team = self.team
        total = 0
        for s, p in enumerate(self.points):
            if p and s not in team:
                total += p
        return total

    def part(self) -> int:
        """The deal being played (deals finished so far)."""
        return len(self.outcomes)

    def summary(self) -> dict[str, JSON]:
        """docs/records.md's `state`: ranks, winners, the finished deals, the deal in progress."""
        deal: dict[str, JSON] | None = None
        if self.phase != OVER:
            deal = {
                "dealer": self.dealer,
                "redeals": self.redeals,
                "phase": self.phase,
                "drawn": self.drawn,
                "active": [s for s in range(self.seats) if self.active[s]],
                "declarer": self.declarer,
                "trump": None if self.trump is None else self.trump.code,
                "calls": [call_json(c) for c in self.calls] if self.phase == PLAY else None,
                "team": sorted(self.team),
                "points": list(self.points),
                "trick": [{"seat": s, "cards": [CODES[t] for t in p]} for s, p in self.trick],
                "tricks": self.tricks,
                "failed_throws": [
                    {"seat": f["seat"], "trick": f["trick"], "cards": list(f["cards"])}
                    for f in self.failed
                ],
            }
        return {
            "ranks": [RANKS[r] for r in self.ranks],
            "winners": self.winners(),
            "deals": [dict(o) for o in self.outcomes],
            "deal": deal,
        }

    def view(self, seat: int | None = None) -> dict[str, JSON]:
        """What `seat` knows (its hand; the kitty and the bury when it declared; whether it may
        declare) and the public table (None: the public view, with no hand at all).

        The parts that change only at a trick's end or a new phase are built once and shared
        by the views until then: a view is read, never changed.
        """
        table = self._table
        if table is None:
            table = self._table = self._table_view()
        learned = self._learned
        if learned is None:
            learned = self._learned = self._learned_view()
        phase = self.phase
        view: dict[str, JSON] = {
            **table,
            **learned,
            "viewer": seat,
            "drawn": self.drawn,
            "stock_count": self.hand_size * self.seats - self.drawn if phase == DRAW else 0,
            "to_draw": self.drawer if phase == DRAW else None,
            "hand_counts": list(self.sizes),
            "pledge": self._pledge(),
            "points": list(self.points),
            "defender_points": self.defender_points(),
            "turn": self.turn if phase == PLAY else None,
            "trick": self._trick_view(),
        }
        if seat is not None and 0 <= seat < self.seats:
            view["hand"] = list(self.hand_codes(seat))
            view["declarable"] = (
                [CODES[t] for t in self.declarable(seat)] if phase in (DRAW, WINDOW) else []
            )
            view["passed"] = phase == WINDOW and seat in self.passed
            if seat == self.declarer and phase in (BURY, CALL, PLAY):
                view["kitty"] = [CODES[t] for t in self.kitty]
                view["buried"] = [CODES[t] for t in self.buried] if phase != BURY else None
        else:
            view["hand"] = None
        return view

    def _trick_view(self) -> dict[str, JSON] | None:
        if self.phase != PLAY:
            return None
        lead = self.lead
        return {
            "leader": self.leader,
            "plays": [{"seat": s, "cards": [CODES[t] for t in p]} for s, p in self.trick],
            "lead": None
            if lead is None
            else {"kind": lead.kind, "suit": lead.suit, "size": lead.size, "units": lead.units},
            "winning": None if self.best is None else self.best[0],
        }

    def _played_before(self) -> dict[str, int]:
        """Copies of each card played this deal before the trick in progress."""
        counts = list(self.seen)
        for _, play in self.trick:
            for t in play:
                counts[t] -= 1
        return {CODES[t]: n for t, n in enumerate(counts) if n}

    def _learned_view(self) -> dict[str, JSON]:
        """What the table has learnt so far this deal (it may change within a trick): the calls
        and their count, voids, missing sets, cards a failed throw put back, failed throws."""
        calls = []
        for i, (t, nth) in enumerate(self.calls):
            calls.append(
                {
                    "card": CODES[t],
                    "nth": nth,
                    "seen": min(self.seen[t], nth),
                    "seat": self.answered[i] if i < len(self.answered) else None,
                    "trick": self.answered_at[i] if i < len(self.answered_at) else None,
                    "joined": self.joined[i] if i < len(self.joined) else False,
                }
            )
        return {
            "calls": calls if self.phase == PLAY else [],
            "voids": [[e for e in range(5) if v >> e & 1] for v in self.voids],
            "short_sets": [{str(e): m for e, m in sorted(d.items())} for d in self.short_sets],
            "shown": [[CODES[t] for t in sorted(d) for _ in range(d[t])] for d in self.shown],
            "failed_throws": [dict(f) for f in self.failed],
        }

    def _table_view(self) -> dict[str, JSON]:
        """The public parts of a view that stay the same through a trick."""
        trump = self.trump
        over = self.phase == OVER
        last = self.outcomes[-1] if self.outcomes else None
        return {
            "game": self.id,
            "seats": self.seats,
            "decks": self.decks,
            "call_count": self.call_count,
            "threshold": threshold(self.decks),
            "total_points": 100 * self.decks,
            "deal_size": self.hand_size,
            "ranks": [RANKS[r] for r in self.ranks],
            "deal_no": len(self.outcomes) + (0 if over else 1),
            "phase": self.phase,
            "dealer": None if over else self.dealer,
            "redeals": self.redeals,
            "active": [s for s in range(self.seats) if self.active[s]],
            "declarer": self.declarer,
            "trump": None if trump is None else trump.code,
            "trump_suit": None if trump is None else SUITS[trump.suit],
            "trump_rank": None if trump is None else RANKS[trump.rank],
            "kitty_count": KITTY if self.phase in (DRAW, WINDOW, BURY) else 0,
            "buried_count": KITTY if self.phase in (CALL, PLAY) else 0,
            "team": sorted(self.team),
            "tricks": self.tricks,
            "history": list(self.history),
            "last_trick": self.history[-1] if self.history else None,
            "played": self._played_before(),
            "deals": [dict(o) for o in self.outcomes],
            "last_deal": None if last is None else {**last, "kitty": list(self.last_kitty)},
            "over": over,
            "result": self.result(),
            "winners": self.winners(),
        }

    def _fast_plays(
        self,
        players: Sequence[Player | None],
        rngs: Sequence[random.Random],
        limit: int | None,
        taken: list[Action],
    ) -> None:
        """Plays of a `CpuChooser`'s Zhao Pengyou players, each from its `seat_sim` (the
        same `Sim` as its view's), in a row until another kind of seat or the deal's end."""
        trump = self.trump
        assert trump is not None
        place = trump.place.__getitem__
        while self.phase == PLAY and (limit is None or len(taken) < limit):
            seat = self.turn
            player = players[seat]
            if player is None:
                return
            play = sorted(player.play_of(self.seat_sim(seat), rngs[seat]), key=place)
            self._play(seat, play, units_of(play), False)
            taken.append(Action(seat, PLAY, (("cards", tuple([CODES[t] for t in play])),)))

    def _fast_kitty(self, player: Player, rng: random.Random) -> Action:
        """The bury or the calls of a `CpuChooser`'s declarer, as its player would choose them
        from the prompt and the view (`bury_choice` of its sorted hand; the first call set, or
        the easy player's pick among them with the same draw of its RNG), applied."""
        seat = self.declarer
        trump = self.trump
        assert seat is not None and trump is not None
        if self.phase == BURY:
            hand = self._hand(seat)[1]
            left = Counter(bury_choice(hand, trump.code, player.level == "easy"))
            codes = []
            for code in hand:  # in hand order, as the card pick makes it
                if left[code]:
                    left[code] -= 1
                    codes.append(code)
            self._bury(seat, [INDEX[c] for c in codes])
            return Action(seat, BURY, (("cards", tuple(codes)),))
        options = self.call_suggestions()
        calls = choice(rng, options) if player.level == "easy" else options[0]
        self._call(list(calls))
        return Action.make(seat, CALL, calls=[call_json(c) for c in calls])

    def _trick_units(self) -> list[tuple[int, dict[int, int]]]:
        """The trick's plays as units (seat, {type: copies}), kept as the plays are made."""
        if len(self._units) != len(self.trick):
            self._units = [(s, units_of(play)) for s, play in self.trick]
        return list(self._units)

    def seat_sim(self, seat: int) -> Sim:
        """During play: what `seat` knows, in the form its CPU player reads (`sim.Sim`): its
        own hand, the public table and what the table has learnt. The same as
        `sim.from_view(self.view(seat))` (a test holds it to it), made without the view's
        words, for the CPU seats of `autoplay`."""
        assert self.phase == PLAY and self.trump is not None and self.declarer is not None
        seats = self.seats
        hands = [NOTHING] * seats
        hands[seat] = list(self.hands[seat])
        known = [NOTHING] * seats
        if any(self.shown):  # rare: cards a failed throw put back
            for other, cards in enumerate(self.shown):
                if cards and other != seat:
                    row = known[other] = [0] * TYPES
                    for t, n in cards.items():
                        row[t] = n
        sim = Sim(
            seats,
            self.decks,
            self.trump,
            seat,
            hands,
            list(self.sizes),
            self.declarer,
            set(self.team),
            self.calls,
            list(self.answered),
            list(self.seen),
            list(self.points),
            self.active,
            self.leader,
            self._trick_units(),
            self.lead,
            self.best,
            voids=list(self.voids),
            no_sets=self.short_sets,
            known=known,
        )
        if seat == self.declarer and self.buried:
            sim.buried = list(self.buried)
            sim.kitty_points = points_of(self.buried)
        elif self.phase == PLAY and not self.pledge_played:
            sim.pledge = self.declared
        return sim

    def _pledge(self) -> str | None:
        """In play, the declared card while the declarer has played no copy of it (one copy is
        in its hand or in the kitty, as everyone knows)."""
        if self.phase != PLAY or self.pledge_played or self.declared is None:
            return None
        return CODES[self.declared]

    # ------------------------------------------------------------------ CPU players

    @classmethod
    def logged_action(cls, data: Mapping[str, JSON]) -> Mapping[str, JSON]:
        """A call as logged before calls kept their shape: each call a list of [key, value]
        pairs (`[["card", "AH"], ["nth", 2]]`), written back as the object it was."""
        calls = data.get("calls")
        if data.get("type") != CALL or not isinstance(calls, list):
            return data
        return {**data, "calls": [_pairs_as_object(call) for call in calls]}

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, JSON]:
        """The whole state, hidden cards included."""
        return {
            "game": self.id,
            "seats": self.seats,
            "options": dict(self.options),
            "seed": self.seed,
            "layouts": [[CODES[t] for t in layout] for layout in self.layouts],
            "first_dealer": self.first_dealer,
            "used": self.used,
            "ranks": list(self.ranks),
            "outcomes": [dict(o) for o in self.outcomes],
            "phase": self.phase,
            "dealer": self.dealer,
            "redeals": self.redeals,
            "active": list(self.active),
            "stock": [CODES[t] for t in self.stock],
            "drawn": self.drawn,
            "hands": [[CODES[t] for t in range(TYPES) for _ in range(h[t])] for h in self.hands],
            "declarer": self.declarer,
            "declared": None if self.declared is None else CODES[self.declared],
            "passed": list(self.passed),
            "window": list(self.window),
            "passes_sealed": self.passes_sealed,
            "kitty": [CODES[t] for t in self.kitty],
            "buried": [CODES[t] for t in self.buried],
            "calls": [[CODES[t], n] for t, n in self.calls],
            "answered": list(self.answered),
            "answered_at": list(self.answered_at),
            "joined": list(self.joined),
            "seen": list(self.seen),
            "team": list(self.team),
            "points": list(self.points),
            "leader": self.leader,
            "turn": self.turn,
            "trick": [[s, [CODES[t] for t in p]] for s, p in self.trick],
            "lead": None if self.lead is None else list(self.lead),
            "best": None if self.best is None else [self.best[0], _key_json(self.best[1])],
            "tricks": self.tricks,
            "failed": [dict(f) for f in self.failed],
            "history": [dict(h) for h in self.history],
            "last_kitty": list(self.last_kitty),
            "voids": list(self.voids),
            "short_sets": [{str(e): m for e, m in d.items()} for d in self.short_sets],
            "shown": [{CODES[t]: n for t, n in d.items()} for d in self.shown],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ZhaoPengyou:
        """Rebuild from `to_json` output."""
        game = cls()
        game.seats = data["seats"]
        game.options = dict(data["options"])
        game.seed = data["seed"]
        game.layouts = [[INDEX[c] for c in layout] for layout in data["layouts"]]
        game.first_dealer = data["first_dealer"]
        game.used = data["used"]
        game.ranks = list(data["ranks"])
        game.outcomes = [dict(o) for o in data["outcomes"]]
        game.phase = data["phase"]
        game.dealer = data["dealer"]
        game.redeals = data["redeals"]
        game.active = list(data["active"])
        game.stock = [INDEX[c] for c in data["stock"]]
        game.drawn = data["drawn"]
        game.hands = []
        for codes in data["hands"]:
            hand = [0] * TYPES
            for c in codes:
                hand[INDEX[c]] += 1
            game.hands.append(hand)
        game.sizes = [sum(h) for h in game.hands]
        game.declarer = data["declarer"]
        game.declared = None if data["declared"] is None else INDEX[data["declared"]]
        game.trump = (
            None
            if game.declared is None
            else trump_of(SUIT_OF[game.declared], RANK_OF[game.declared])
        )
        game.passed = list(data["passed"])
        game.window = list(data["window"])
        game.passes_sealed = bool(data["passes_sealed"])
        game.kitty = [INDEX[c] for c in data["kitty"]]
        game.buried = [INDEX[c] for c in data["buried"]]
        game.calls = [(INDEX[c], n) for c, n in data["calls"]]
        game.answered = list(data["answered"])
        game.answered_at = list(data["answered_at"])
        game.joined = list(data["joined"])
        game.seen = list(data["seen"])
        game.team = list(data["team"])
        game.points = list(data["points"])
        game.leader = data["leader"]
        game.turn = data["turn"]
        game.trick = [(s, tuple(INDEX[c] for c in p)) for s, p in data["trick"]]
        game.lead = None if data["lead"] is None else Shape(*data["lead"])
        best = data["best"]
        game.best = None if best is None else (best[0], _key_from_json(best[1]))
        game.tricks = data["tricks"]
        game.failed = [dict(f) for f in data["failed"]]
        game.history = [dict(h) for h in data["history"]]
        if game.declared is not None:
            code = CODES[game.declared]
            plays = [p for h in game.history for p in h["plays"]]
            plays += [[s, [CODES[t] for t in p]] for s, p in game.trick]
            game.pledge_played = any(s == game.declarer and code in p for s, p in plays)
        game.last_kitty = list(data["last_kitty"])
        game.voids = list(data["voids"])
        game.short_sets = [{int(e): m for e, m in d.items()} for d in data["short_sets"]]
        game.shown = [{INDEX[c]: n for c, n in d.items()} for d in data["shown"]]
        game._sorted = [None] * game.seats
        game._table = game._learned = None
        return game


def _fast_players(decide: Decide) -> tuple[list[Player | None] | None, Sequence[random.Random]]:
    """For a `CpuChooser`: each seat's Zhao Pengyou CPU player (None for another kind of
    player), and the seats' RNGs; (None, ()) for any other chooser."""
    if not isinstance(decide, CpuChooser):
        return None, ()
    players: list[Player | None] = [p if type(p) is Player else None for p in decide.players]
    return players, decide.rngs


def _key_json(key: Key) -> JSON:
    tier, value = key
    return [tier, list(value) if isinstance(value, tuple) else value]


def _pairs_as_object(value: JSON) -> JSON:
    """`[["card", "AH"], ["nth", 2]]` as `{"card": "AH", "nth": 2}`; anything else as it is."""
    if (
        isinstance(value, list)
        and value
        and all(isinstance(p, list) and len(p) == 2 and isinstance(p[0], str) for p in value)
    ):
        return {p[0]: p[1] for p in value}
    return value


def _key_from_json(data: JSON) -> Key:
    tier, value = data
    return (tier, tuple(value) if isinstance(value, list) else value)


def _no_fields(action: Action) -> None:
    if action.fields:
        raise IllegalAction(
            "malformed_action",
            f"A {action.type} takes no '{action.fields[0][0]}'.",
            field=action.fields[0][0],
        )


def _cards(action: Action) -> list[str]:
    """The `cards` of a bury or a play: a list of card codes, and nothing else."""
    value = action.get("cards")
    if (
        len(action.fields) != 1
        or not isinstance(value, tuple)
        or not all(isinstance(c, str) for c in value)
    ):
        raise IllegalAction(
            "malformed_action",
            f'A {action.type} lists its cards: {{"type": "{action.type}", "cards": ["7H", "7H"]}}.',
        )
    return list(value)


_DRAWS: Final = tuple(Action(seat, DRAW) for seat in range(12))
_DREW: Final = tuple(Event("drew", seat) for seat in range(12))
