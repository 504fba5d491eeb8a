"""Gong Zhu (拱猪): a match of hands of 13 tricks, played until someone falls to −1000.

Rules of `../shared/seeds/003_23a362ff51276dab.txt`, top to bottom:

- Setup: 52 cards, 13 each, no passing. Seats are numbered in play order (counterclockwise at
  the table). Hand 1 is led by the holder of 2♠ (with any card); later hands by the seat that
  took the pig in the hand before. Records give `deals` (`[{"hands": [[13] x 4]}, ...]`),
  consumed hand by hand; then the seed shuffles (`deal` for hand 1, `deal:n` for hand n).
- The exposure phase, between the deal and the first lead: each seat privately decides which of
  A♥ Q♠ J♦ 10♣ it holds to expose, `{"type": "expose", "cards": [...]}` (maybe none). The
  decisions are sealed until all four are in, then revealed together. A seat holding none of
  the four is asked too (its one answer: expose nothing): were the table to answer for it at
  once, everyone would see which seat holds none (docs/DESIGN.md, "Hidden information").
- A trick (`rules.py`): follow suit, else any card; an exposed card waits for the first trick
  of its suit unless it is its holder's only card of that suit; the highest card of the led
  suit takes the trick and its taker leads the next.
- Scoring after the 13th trick (`scoring.py`), added to the totals. After a hand, when someone
  is at or below −1000 and exactly one seat has the top total, the match ends; a tie at the
  top plays another hand. Ranking by total; seats at or below −1000 are out (脱落).

One module of this size, on purpose: it is the `GongZhu` class, the state a record replays,
with its fast paths for random and CPU playouts beside the moves they shortcut (so that both
change together); the trick's rules and the scoring, which need none of the state, are
`rules.py` and `scoring.py`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import combinations
from typing import Any, ClassVar, Final, Protocol, cast

from engines.actions import Action, Event
from engines.cards import CardError, check_permutation, standard_deck
from engines.cpu import CpuChooser
from engines.errors import JSON, GameError, IllegalAction, RecordError
from engines.game import Decide, Game, resolve_prompt
from engines.gong_zhu.deck import (
    ALL,
    BIT,
    CODES,
    EXPOSABLE,
    HEART_MASK,
    INDEX,
    JD,
    QS,
    SCORING,
    SUIT_OF,
    SUITS,
    TC,
    TWO_OF_SPADES,
    cards_of,
    codes_of,
    mask_of,
    mask_of_codes,
)
from engines.gong_zhu.policy import Situation
from engines.gong_zhu.rules import legal_mask, refusal, trick_winner
from engines.gong_zhu.scoring import breakdown, score
from engines.options import resolve_options
from engines.prompts import CardPick, Prompt
from engines.rng import derive_rng, shuffle

SEATS: Final = 4
OUT_AT: Final = -1000
"""A total at or below this ends the match (when one seat alone has the top total)."""
SWEEP_WARNING: Final = 3
"""'Heart sweep danger' is shown once this many hearts are taken, all by one seat."""
EXPOSE, PLAY, OVER = "expose", "play", "over"
DISPLAY_SUITS: Final = (3, 2, 1, 0)
"""Suit groups of a hand in the order a player sorts it: ♠ ♥ ♣ ♦."""

_PLAY_ACTIONS: Final = tuple(
    tuple(Action(seat, PLAY, (("card", code),)) for code in CODES) for seat in range(SEATS)
)
"""Every play action, made once: the CPUs and `legal_actions` hand these out."""
_PLAY_EVENTS: Final = tuple(
    tuple(Event(PLAY, seat, {"card": code}) for code in CODES) for seat in range(SEATS)
)
_TRICK_EVENTS: Final = tuple(Event("trick", seat) for seat in range(SEATS))
"""Events are frozen: the commonest ones are made once too (random playouts apply millions)."""
_EXPOSE_NONE: Final = tuple(Action(seat, EXPOSE, (("cards", ()),)) for seat in range(SEATS))
"""Each seat's exposure of nothing."""


_SUIT_CODES: Final[list[tuple[str, ...] | None]] = [None] * (4 << 13)
"""`_suit_codes` by suit << 13 | held, filled as hands are met."""
_TURNS: Final = tuple(frozenset((seat,)) for seat in range(SEATS))
"""`to_act()` in play, by the seat to play, made once."""
_ALL: Final = tuple((True,) * n for n in range(14))
_NONE: Final = tuple((False,) * n for n in range(14))


def _suit_codes(suit: int, held: int) -> tuple[str, ...]:
    """The codes of the cards of one suit a hand holds (`held`: 13 bits), high to low."""
    at = suit << 13 | held
    codes = _SUIT_CODES[at]
    if codes is None:
        codes = tuple(CODES[13 * suit + rank] for rank in range(12, -1, -1) if held >> rank & 1)
        _SUIT_CODES[at] = codes
    return codes


def _selectable(held: int, allowed: int) -> tuple[bool, ...]:
    """Which cards of one suit held (13 bits) may be played, high to low."""
    allowed &= held
    if allowed == held:
        return _ALL[held.bit_count()]
    if not allowed:
        return _NONE[held.bit_count()]
    return tuple(bool(allowed >> rank & 1) for rank in range(12, -1, -1) if held >> rank & 1)


_DISPLAY: Final = tuple((suit, 13 * suit, SUITS[suit]) for suit in DISPLAY_SUITS)
_POSITIONS: Final = tuple(
    tuple(tuple(range(first, first + n)) for n in range(14)) for first in range(14)
)
"""`_POSITIONS[first][n]`: the hand positions of a suit group of n cards from `first` on."""


class RulePlay(Protocol):
    """A player whose choices follow from its seat's hand and the public table alone, which
    `autoplay` asks directly, without a view or a prompt (a player says so by `BY_RULE`)."""

    play: Callable[[int, int, int, Situation], int]
    """`play(seat, hand, legal, situation)`: the card (an index) among the `legal` mask."""
    exposures: Callable[[int], int]
    """`exposures(hand)`: the cards to expose (a mask)."""


def _rule_players(decide: Decide) -> tuple[RulePlay | None, ...]:
    """Each seat's player when `decide` is a `CpuChooser` whose player there plays by rule
    (easy, normal: `RulePlayer`); None for the seats left to `decide`."""
    if not isinstance(decide, CpuChooser):
        return (None,) * SEATS
    return tuple(
        cast(RulePlay, player) if vars(type(player)).get("BY_RULE") else None
        for player in decide.players
    )


def play_action(seat: int, card: int) -> Action:
    """The action that plays card index `card` from `seat`."""
    return _PLAY_ACTIONS[seat][card]


def expose_action(seat: int, mask: int) -> Action:
    """The action that exposes the cards of `mask` (none for 0)."""
    if not mask:
        return _EXPOSE_NONE[seat]
    return Action(seat, EXPOSE, (("cards", tuple(codes_of(mask))),))


class GongZhu(Game):
    """One match of Gong Zhu, hand after hand, in one state."""

    id: ClassVar[str] = "gong-zhu"
    names: ClassVar[Mapping[str, str]] = {"en": "Gong Zhu", "ja": "拱猪"}
    min_seats: ClassVar[int] = SEATS
    max_seats: ClassVar[int] = SEATS
    multi_hand: ClassVar[bool] = True
    hint_level: ClassVar[str] = "hard"
    """The Hint shows the hard CPU's exposure or card, with its reason."""

    def __init__(self) -> None:
        self.seats = SEATS
        self.options: dict[str, JSON] = {}
        self.seed = 0
        self.given: list[list[int]] = []
        """The record's `deals`, as hands (masks), consumed hand by hand."""
        self.hand_no = 0
        self.phase = EXPOSE
        self.hands = [0] * SEATS
        self.decisions: list[int | None] = [None] * SEATS
        self.exposed_by = [0] * SEATS
        """Each seat's exposed cards, once revealed (all 0 during the exposure phase)."""
        self.exposed = 0
        self.first_leader = 0
        self.turn = 0
        self.trick_leader = 0
        self.trick: list[int] = []
        self.plays: list[int] = []
        """Every card played this hand, in order: trick k is plays[4k:4k+4] from leaders[k]."""
        self.leaders: list[int] = []
        self.led_before = 0
        """Bit s set when suit s led a finished trick of this hand."""
        self.taken = [0] * SEATS
        self.pig_taker: int | None = None
        self.totals = [0] * SEATS
        self.history: list[dict[str, JSON]] = []
        """One entry per finished hand: its exposures, breakdown and scores."""
        self._table: dict[str, JSON] | None = None
        """The slow parts of every view, until a trick ends (see `view`)."""
        self._steps = 0
        """Actions applied to this object: what the memos below are keyed by."""
        self._step_view: tuple[int, dict[str, JSON]] | None = None
        """The parts of every view that change with each action, for the current step."""
        self._prompt: tuple[int, Prompt] | None = None
        """The play prompt of the current step."""
        self._expose_prompts: dict[int, Prompt] = {}
        """Each seat's exposure prompt in this hand (it does not change until it decides)."""

    # ------------------------------------------------------------------ setup

    def setup(self, options: Mapping[str, JSON] | None, deal: JSON) -> None:
        """Set up the match and deal its first hand (the record's first deal, or the seed's)."""
        self.options = resolve_options(self.option_specs, options)
        self.given = self._check_deals(deal)
        self._deal()

    @staticmethod
    def _check_deals(deals: JSON) -> list[list[int]]:
        if deals is None:
            return []
        shape = 'gong-zhu takes "deals": [{"hands": [[13 cards] x 4]}, ...].'
        if not isinstance(deals, list):
            raise RecordError("bad_deal", shape)
        out = []
        for n, entry in enumerate(deals, 1):
            if not isinstance(entry, dict) or set(entry) != {"hands"}:
                raise RecordError("bad_deal", f"Deal {n}: {shape}")
            hands = entry["hands"]
            if (
                not isinstance(hands, list)
                or len(hands) != SEATS
                or not all(isinstance(h, list) and len(h) == 13 for h in hands)
            ):
                raise RecordError("bad_deal", f"Deal {n} needs 4 hands of 13 cards each.")
            try:
                check_permutation([card for hand in hands for card in hand], standard_deck())
            except CardError as exc:
                raise RecordError("bad_deal", f"Deal {n}: {exc}") from None
            out.append([mask_of_codes(hand) for hand in hands])
        return out

    def _deal(self) -> None:
        """Deal the next hand and open its exposure phase."""
        self.hand_no += 1
        n = self.hand_no
        if n <= len(self.given):
            self.hands = list(self.given[n - 1])
        else:
            deck = standard_deck()
            shuffle(derive_rng(self.seed, "deal" if n == 1 else f"deal:{n}"), deck)
            self.hands = [mask_of_codes(deck[s::SEATS]) for s in range(SEATS)]
        if n == 1 or self.pig_taker is None:
            leader = next(s for s in range(SEATS) if self.hands[s] & BIT[TWO_OF_SPADES])
        else:
            leader = self.pig_taker
        self.phase = EXPOSE
        self.decisions = [None] * SEATS
        self.exposed_by = [0] * SEATS
        self.exposed = 0
        self.first_leader = self.turn = self.trick_leader = leader
        self.trick, self.plays, self.leaders = [], [], [leader]
        self.led_before = 0
        self.taken = [0] * SEATS
        self.pig_taker = None
        self._table = None
        self._expose_prompts = {}

    # ------------------------------------------------------------------ who is asked what

    def to_act(self) -> frozenset[int]:
        """The seats still to decide their exposures, or the seat to play."""
        if self.phase == PLAY:
            return _TURNS[self.turn]
        if self.phase == EXPOSE:
            return frozenset(s for s in range(SEATS) if self.decisions[s] is None)
        return frozenset()

    def legal(self, seat: int) -> int:
        """The cards `seat` may play now (0 when it is not its turn to play)."""
        if self.phase != PLAY or seat != self.turn:
            return 0
        led = SUIT_OF[self.trick[0]] if self.trick else None
        return legal_mask(self.hands[seat], led, self.led_before, self.exposed)

    def legal_actions(self, seat: int) -> list[Action]:
        """Every exposure the seat may declare (all subsets), or every card it may play."""
        if self.phase == EXPOSE and 0 <= seat < SEATS and self.decisions[seat] is None:
            held = cards_of(self.hands[seat] & EXPOSABLE)
            return [
                expose_action(seat, mask_of(chosen))
                for size in range(len(held) + 1)
                for chosen in combinations(held, size)
            ]
        legal = self.legal(seat)
        actions = _PLAY_ACTIONS[seat]
        out = []
        while legal:
            card = legal.bit_length() - 1
            out.append(actions[card])
            legal ^= 1 << card
        return out

    def prompts(self) -> dict[int, Prompt]:
        """Exposure: every undecided seat; play: the seat to play."""
        if self.phase == PLAY:
            return {self.turn: self._play_prompt(self.turn)}
        if self.phase == EXPOSE:
            return {s: self._expose_prompt(s) for s in range(SEATS) if self.decisions[s] is None}
        return {}

    def seat_decisions(self) -> dict[int, Prompt]:
        """`prompts()`: every decision is a seat's own (this game has no mechanical step)."""
        return self.prompts()

    def table_step(self) -> Prompt | None:
        """None: the table takes no step of its own, not even a seat's empty exposure."""
        return None

    def _expose_prompt(self, seat: int) -> Prompt:
        """Pick the cards to expose among those held (the hand shown, the others dimmed), or
        expose nothing; a seat holding none of the four has that one answer, and gives it
        itself, like the others (their prompts look alike to everyone else)."""
        prompt = self._expose_prompts.get(seat)
        if prompt is None:
            prompt = self._expose_prompts[seat] = self._new_expose_prompt(seat)
        return prompt

    def _new_expose_prompt(self, seat: int) -> Prompt:
        hand = self.hands[seat]
        nothing = _EXPOSE_NONE[seat]
        exposable = hand & EXPOSABLE
        if not exposable:
            return Prompt(seat, EXPOSE, choices=(nothing,), default=nothing)
        cards = cards_of(hand)
        selectable = tuple(bool(BIT[c] & exposable) for c in cards)
        pick = CardPick(
            type=EXPOSE,
            cards=tuple(CODES[c] for c in cards),
            min=1,
            max=exposable.bit_count(),
            selectable=selectable,
            groups=((EXPOSE, tuple(i for i, ok in enumerate(selectable) if ok)),),
        )
        return Prompt(seat, EXPOSE, choices=(nothing,), pick=pick, default=nothing)

    def _play_prompt(self, seat: int) -> Prompt:
        """One card of the hand (cards that can't be played now dimmed), grouped by suit."""
        memo = self._prompt
        if memo is not None and memo[0] == self._steps and memo[1].seat == seat:
            return memo[1]
        prompt = self._new_play_prompt(seat)
        self._prompt = (self._steps, prompt)
        return prompt

    def _new_play_prompt(self, seat: int) -> Prompt:
        hand = self.hands[seat]
        legal = self.legal(seat)
        codes: tuple[str, ...] = ()
        selectable: tuple[bool, ...] = ()
        groups = []
        for suit, shift, letter in _DISPLAY:
            held = hand >> shift & 0x1FFF
            if not held:
                continue
            suit_codes = _suit_codes(suit, held)
            first = len(codes)
            codes += suit_codes
            selectable += _selectable(held, legal >> shift & 0x1FFF)
            groups.append((letter, _POSITIONS[first][len(suit_codes)]))
        pick = CardPick(PLAY, codes, 1, 1, "card", (), True, tuple(groups), selectable)
        return Prompt(seat, PLAY, pick=pick)

    def next_prompt(self) -> Prompt | None:
        """The prompt `autoplay` resolves next when every seat is automated (the order of
        `engines.prompts.automated_prompt`: the lowest seat asked)."""
        if self.phase == PLAY:
            return self._play_prompt(self.turn)
        if self.phase == OVER:
            return None
        return self._expose_prompt(self.decisions.index(None))

    def autoplay(
        self, decide: Decide, limit: int | None = None, parts: int | None = None
    ) -> list[Action]:
        """`Game.autoplay` without building every seat's prompt at each step: the same
        prompts in the same order, so the same game as step by step (a test holds it to it).

        With a `CpuChooser`, its easy and normal players' exposures and cards are chosen here
        from what their seat's view holds (its hand and the public table, `situation`), without
        building the view or the prompt: the same answers as theirs (a test holds the two
        together; these players draw nothing from their RNG).
        """
        taken: list[Action] = []
        rule = _rule_players(decide)
        while (
            self.phase != OVER
            and (limit is None or len(taken) < limit)
            and (parts is None or len(self.history) < parts)
        ):
            if self.phase == PLAY:
                seat = self.turn
                player = rule[seat]
                if player is not None:
                    hand = self.hands[seat]
                    legal = legal_mask(
                        hand,
                        SUIT_OF[self.trick[0]] if self.trick else None,
                        self.led_before,
                        self.exposed,
                    )
                    if legal & (legal - 1):
                        card = player.play(seat, hand, legal, self.situation())
                        if not legal >> card & 1:
                            raise GameError("cpu_illegal", f"A CPU chose {CODES[card]}, not legal.")
                    else:
                        card = legal.bit_length() - 1
                    taken.append(_PLAY_ACTIONS[seat][card])
                    self._steps += 1
                    self._play(seat, card)
                    continue
            else:
                seat = self.decisions.index(None)
                player = rule[seat]
                hand = self.hands[seat]
                if player is not None:
                    mask = player.exposures(hand) & hand
                    action = expose_action(seat, mask)
                    taken.append(action)
                    self._steps += 1
                    self._expose(seat, mask)
                    continue
            prompt = self.next_prompt()
            assert prompt is not None
            found = resolve_prompt(self, prompt, decide)
            if found is None:
                raise GameError("cpu_declined", f"No answer to a required '{prompt.kind}' prompt.")
            self.apply(found)
            taken.append(found)
        return taken

    def situation(self) -> Situation:
        """The public table as the CPU policies read it: what `cpu.situation_of` reads from any
        seat's view during the play (the trick, the cards played, the scoring cards taken, the
        exposures, the suits led)."""
        hands = self.hands
        return Situation(
            list(self.trick),
            self.trick_leader,
            ALL ^ (hands[0] | hands[1] | hands[2] | hands[3]),
            [m & SCORING for m in self.taken],
            self.exposed,
            self.led_before,
        )

    # ------------------------------------------------------------------ checking an action

    def check(self, action: Action) -> None:
        """Judge an action without changing anything (IllegalAction when refused)."""
        if self._legal_play(action) is None:
            self._judge(action)

    def _legal_play(self, action: Action) -> int | None:
        """The card of a legal play by the seat to play, found in a few steps; None for
        anything else (which `_judge` then judges in full: the same verdicts, only slower)."""
        fields = action.fields
        if (
            action.type == PLAY
            and self.phase == PLAY
            and action.seat == self.turn
            and len(fields) == 1
            and fields[0][0] == "card"
            and type(fields[0][1]) is str
        ):
            card = INDEX.get(fields[0][1])
            if card is not None and self.legal(self.turn) >> card & 1:
                return card
        return None

    def _judge(self, action: Action) -> int:
        """The card (play) or cards (expose, a mask) of a legal action; IllegalAction if not."""
        if self.phase == OVER:
            raise IllegalAction("game_over", "The game is over.")
        kind = action.type
        if kind not in (PLAY, EXPOSE):
            raise IllegalAction(
                "unknown_action", f"Gong Zhu has 'expose' and 'play', not '{kind}'.", type=kind
            )
        seat = action.seat
        if not 0 <= seat < SEATS:
            raise IllegalAction("bad_seat", f"There is no seat {seat}.", seat=seat)
        if kind == PLAY:
            return self._judge_play(action)
        return self._judge_expose(action)

    def _judge_play(self, action: Action) -> int:
        fields = action.fields
        if len(fields) != 1 or fields[0][0] != "card" or not isinstance(fields[0][1], str):
            raise IllegalAction(
                "malformed_action", 'A play names one card: {"type": "play", "card": "7H"}.'
            )
        if self.phase == EXPOSE:
            raise IllegalAction(
                "exposure_phase",
                "Every seat decides its exposures before the first lead; wait for them.",
                to_act=sorted(self.to_act()),
            )
        seat = action.seat
        if seat != self.turn:
            self.check_turn(action)
        code = fields[0][1]
        card = INDEX.get(code)
        if card is None:
            raise IllegalAction(
                "bad_card", f"'{code[:8]}' is not a card code (like 7H, QS, TC).", card=code[:8]
            )
        hand = self.hands[seat]
        if not hand & BIT[card]:
            raise IllegalAction("card_not_held", f"You do not hold {code}.", card=code)
        led = SUIT_OF[self.trick[0]] if self.trick else None
        if not legal_mask(hand, led, self.led_before, self.exposed) & BIT[card]:
            raise refusal(hand, card, led, self.led_before, self.exposed)
        return card

    def _judge_expose(self, action: Action) -> int:
        fields = action.fields
        if (
            len(fields) != 1
            or fields[0][0] != "cards"
            or not isinstance(fields[0][1], tuple)
            or not all(isinstance(c, str) for c in fields[0][1])
        ):
            raise IllegalAction(
                "malformed_action",
                'An exposure lists cards, maybe none: {"type": "expose", "cards": ["QS"]}.',
            )
        if self.phase != EXPOSE:
            raise IllegalAction(
                "exposure_over", "Exposures are decided before the first lead; play a card now."
            )
        seat = action.seat
        if self.decisions[seat] is not None:
            raise IllegalAction(
                "already_decided",
                f"Seat {seat} has already decided its exposures for this hand.",
                seat=seat,
            )
        mask = 0
        for code in fields[0][1]:
            card = INDEX.get(code)
            if card is None:
                raise IllegalAction(
                    "bad_card",
                    f"'{code[:8]}' is not a card code (like AH, QS, JD, TC).",
                    card=code[:8],
                )
            if mask & BIT[card]:
                raise IllegalAction("duplicate_card", f"{code} is listed twice.", card=code)
            if not EXPOSABLE & BIT[card]:
                raise IllegalAction(
                    "not_exposable",
                    f"Only A♥, Q♠, J♦ and 10♣ can be exposed, not {code}.",
                    card=code,
                )
            if not self.hands[seat] & BIT[card]:
                raise IllegalAction("card_not_held", f"You do not hold {code}.", card=code)
            mask |= BIT[card]
        return mask

    # ------------------------------------------------------------------ applying it

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal exposure or play; an illegal one raises IllegalAction, changing nothing."""
        card = self._legal_play(action)
        if card is not None:
            self._steps += 1
            return self._play(action.seat, card)
        value = self._judge(action)
        self._steps += 1
        if action.type == PLAY:
            return self._play(action.seat, value)
        return self._expose(action.seat, value)

    def _expose(self, seat: int, mask: int) -> list[Event]:
        """Seal the seat's decision; the last one reveals all four and opens the play."""
        self.decisions[seat] = mask
        self._table = None
        events = [
            Event("decided", seat),
            Event(
                "chose" if mask else "chose_none" if self.hands[seat] & EXPOSABLE else "none_held",
                seat,
                {"cards": codes_of(mask)},
                audience=frozenset((seat,)),
            ),
        ]
        if any(d is None for d in self.decisions):
            return events
        self.exposed_by = [d or 0 for d in self.decisions]
        self.exposed = 0
        for s in range(SEATS):
            self.exposed |= self.exposed_by[s]
            if self.exposed_by[s]:
                events.append(Event("exposed", s, {"cards": codes_of(self.exposed_by[s])}))
        if not self.exposed:
            events.append(Event("no_exposures"))
        self.phase = PLAY
        events.append(Event("lead", self.first_leader, {"hand": self.hand_no}))
        return events

    def _play(self, seat: int, card: int) -> list[Event]:
        """Play the card; a fourth card settles the trick, a 52nd the hand."""
        self.hands[seat] ^= BIT[card]
        trick = self.trick
        trick.append(card)
        self.plays.append(card)
        if BIT[card] & self.exposed:
            self._table = None
        if len(trick) < SEATS:
            self.turn = (seat + 1) % SEATS
            return [_PLAY_EVENTS[seat][card]]
        self._table = None
        winner = (self.trick_leader + trick_winner(trick)) % SEATS
        cards = BIT[trick[0]] | BIT[trick[1]] | BIT[trick[2]] | BIT[card]
        self.taken[winner] |= cards
        self.led_before |= 1 << SUIT_OF[trick[0]]
        scoring = cards & SCORING
        if not scoring and len(self.plays) < 52:
            self.trick = []
            self.trick_leader = self.turn = winner
            self.leaders.append(winner)
            return [_PLAY_EVENTS[seat][card], _TRICK_EVENTS[winner]]
        events = [
            _PLAY_EVENTS[seat][card],
            Event("take", winner, {"cards": codes_of(scoring)})
            if scoring
            else _TRICK_EVENTS[winner],
        ]
        if cards & BIT[QS]:
            self.pig_taker = winner
            events.append(Event("pig", winner))
        if cards & BIT[JD]:
            events.append(Event("sheep", winner))
        if cards & BIT[TC]:
            events.append(Event("transformer", winner))
        if cards & HEART_MASK:
            danger = self.sweep_danger()
            if danger is not None:
                hearts = (self.taken[danger] & HEART_MASK).bit_count()
                events.append(Event("sweep_danger", danger, {"count": hearts}))
        self.trick = []
        self.trick_leader = self.turn = winner
        if len(self.plays) < 52:
            self.leaders.append(winner)
            return events
        return events + self._end_hand()

    def sweep_danger(self) -> int | None:
        """The seat that holds every heart taken so far, once there are enough to matter."""
        holders = [s for s in range(SEATS) if self.taken[s] & HEART_MASK]
        if len(holders) != 1:
            return None
        seat = holders[0]
        hearts = (self.taken[seat] & HEART_MASK).bit_count()
        return seat if SWEEP_WARNING <= hearts < 13 else None

    # ------------------------------------------------------------------ the end of a hand

    def _end_hand(self) -> list[Event]:
        """Score the hand, add it to the totals, then end the match or deal the next hand."""
        parts = [breakdown(self.taken[s], self.exposed) for s in range(SEATS)]
        scores = [int(p["score"]) for p in parts]
        for s in range(SEATS):
            self.totals[s] += scores[s]
        self.history.append(
            {
                "hand": self.hand_no,
                "first": self.first_leader,
                "pig_taker": self.pig_taker,
                "exposed": [codes_of(m) for m in self.exposed_by],
                "scores": scores,
                "totals": list(self.totals),
                "breakdown": parts,
            }
        )
        events = [
            Event(
                "hand_over",
                None,
                {"hand": self.hand_no, "scores": scores, "totals": list(self.totals)},
            )
        ]
        if self._match_over():
            self.phase = OVER
            events.append(Event("game_over", self.ranking()[0], {"result": self.result()}))
            return events
        self._deal()
        events.append(Event("deal", self.first_leader, {"hand": self.hand_no}))
        return events

    def _match_over(self) -> bool:
        top = max(self.totals)
        return min(self.totals) <= OUT_AT and self.totals.count(top) == 1

    def ranking(self) -> list[int]:
        """Seats by total, best first (equal totals by seat number)."""
        return sorted(range(SEATS), key=lambda s: (-self.totals[s], s))

    def is_over(self) -> bool:
        """True once a hand ended with someone at −1000 or below and one seat alone on top."""
        return self.phase == OVER

    def result(self) -> dict[str, JSON] | None:
        """docs/records.md's result, with the seats out (脱落) and every hand's breakdown."""
        if self.phase != OVER:
            return None
        return self._standing()

    def _standing(self) -> dict[str, JSON]:
        over = self.phase == OVER
        return {
            "hand_scores": [list(h["scores"]) for h in self.history],
            "totals": list(self.totals),
            "over": over,
            "winner": self.ranking()[0] if over else None,
            "ranking": self.ranking(),
            "out": [s for s in range(SEATS) if self.totals[s] <= OUT_AT],
            "hands": [dict(h) for h in self.history],
        }

    def scores(self) -> list[float] | None:
        """Each seat's average score per finished hand (for `cardbot simulate`)."""
        if not self.history:
            return None
        hands = len(self.history)
        return [sum(h["scores"][s] for h in self.history) / hands for s in range(SEATS)]

    # ------------------------------------------------------------------ what players see

    def part(self) -> int:
        """The hand being played (hands finished so far)."""
        return len(self.history)

    def summary(self) -> dict[str, JSON]:
        """The public state: the standing after the hands so far, and the hand in progress."""
        return {
            **self._standing(),
            "hand": self.hand_no,
            "phase": self.phase,
            "decided": [d is not None for d in self.decisions],
            "exposed": [codes_of(m) for m in self.exposed_by],
            "leader": self.known_leader(),
            "turn": self.turn if self.phase == PLAY else None,
            "trick": [CODES[c] for c in self.trick],
            "tricks": len(self.plays) // SEATS,
            "taken": [codes_of(m & SCORING) for m in self.taken],
            "points": [score(m, self.exposed) for m in self.taken],
        }

    def view(self, seat: int | None = None) -> dict[str, JSON]:
        """What `seat` knows (its hand, its own sealed exposure) and the public table.

        Parts that change only when a trick ends or a hand is dealt are built once and shared
        by the views until then, and the parts every action changes once per action: a view is
        read, never changed.
        """
        table = self._table
        if table is None:
            table = self._table = self._table_view()
        memo = self._step_view
        if memo is None or memo[0] != self._steps:
            memo = self._step_view = (self._steps, self._step_part())
        view: dict[str, JSON] = {**table, "viewer": seat, **memo[1]}
        if seat is not None and 0 <= seat < SEATS:
            view["hand_cards"] = codes_of(self.hands[seat])
            decision = self.decisions[seat]
            view["my_exposure"] = (
                codes_of(decision) if decision is not None and self.phase == EXPOSE else None
            )
            if self.phase == PLAY and seat == self.turn:
                view["legal"] = codes_of(self.legal(seat))
        return view

    def _step_part(self) -> dict[str, JSON]:
        """The public parts of a view that change with every action."""
        return {
            "to_act": [self.turn] if self.phase == PLAY else sorted(self.to_act()),
            "turn": self.turn if self.phase == PLAY else None,
            "trick": {
                "leader": self.trick_leader if self.phase != EXPOSE else self.known_leader(),
                "cards": [CODES[c] for c in self.trick],
            },
            "plays": [CODES[c] for c in self.plays],
            "hand_counts": [m.bit_count() for m in self.hands],
        }

    def _table_view(self) -> dict[str, JSON]:
        """The public parts of a view that stay the same through a trick."""
        plays = self.plays
        done = len(plays) - len(self.trick)
        last_trick: dict[str, JSON] | None = None
        if done:
            start = done - SEATS
            last_trick = {
                "leader": self.leaders[start // SEATS],
                "cards": [CODES[c] for c in plays[start:done]],
                "winner": self.leaders[done // SEATS] if done < 52 else self._last_winner(),
            }
        return {
            "game": self.id,
            "seats": SEATS,
            "hand": self.hand_no,
            "phase": self.phase,
            "first_leader": self.known_leader(),
            "decided": [d is not None for d in self.decisions],
            "exposed": [codes_of(m) for m in self.exposed_by],
            "exposed_live": [codes_of(m & self.hands[s]) for s, m in enumerate(self.exposed_by)],
            "last_trick": last_trick,
            "leaders": list(self.leaders) if self.phase != EXPOSE else [],
            "tricks": done // SEATS,
            "led_suits": "".join(SUITS[s] for s in range(4) if self.led_before >> s & 1),
            "taken": [codes_of(m & SCORING) for m in self.taken],
            "trick_counts": [m.bit_count() // SEATS for m in self.taken],
            "points": [score(m, self.exposed) for m in self.taken],
            "totals": list(self.totals),
            "hand_scores": [list(h["scores"]) for h in self.history],
            "sweep_danger": self.sweep_danger() if self.phase == PLAY else None,
            "last_hand": self.history[-1] if self.history else None,
            "over": self.phase == OVER,
            "result": self.result(),
        }

    def known_leader(self) -> int | None:
        """The seat that leads the hand, once everyone may know it: in the first hand the
        holder of 2♠ shows itself only by leading; later hands the pig's taker leads."""
        if self.hand_no == 1 and self.phase == EXPOSE:
            return None
        return self.first_leader

    def _last_winner(self) -> int:
        """Who took the last trick of a finished hand (the match is over)."""
        trick = self.plays[48:52]
        return (self.leaders[12] + trick_winner(trick)) % SEATS

    # ------------------------------------------------------------------ seals

    def seal_of(self, action: Action) -> str | None:
        """Exposures are sealed until all four seats have decided."""
        return f"expose:{self.hand_no}" if action.type == EXPOSE else None

    def open_seals(self) -> frozenset[str]:
        """This hand's exposures, while some are in and others are not."""
        if self.phase == EXPOSE and any(d is not None for d in self.decisions):
            return frozenset((f"expose:{self.hand_no}",))
        return frozenset()

    # ------------------------------------------------------------------ CPU players

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, JSON]:
        """The whole state, every hand included."""
        return {
            "game": self.id,
            "options": dict(self.options),
            "seed": self.seed,
            "deals": [{"hands": [codes_of(m) for m in hands]} for hands in self.given],
            "hand": self.hand_no,
            "phase": self.phase,
            "hands": [codes_of(m) for m in self.hands],
            "decisions": [None if d is None else codes_of(d) for d in self.decisions],
            "exposed_by": [codes_of(m) for m in self.exposed_by],
            "first_leader": self.first_leader,
            "turn": self.turn,
            "trick_leader": self.trick_leader,
            "plays": [CODES[c] for c in self.plays],
            "leaders": list(self.leaders),
            "led_before": self.led_before,
            "taken": [codes_of(m) for m in self.taken],
            "pig_taker": self.pig_taker,
            "totals": list(self.totals),
            "history": [dict(h) for h in self.history],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GongZhu:
        """Rebuild from `to_json` output."""
        game = cls()
        game.options = dict(data["options"])
        game.seed = data["seed"]
        game.given = [[mask_of_codes(h) for h in deal["hands"]] for deal in data["deals"]]
        game.hand_no = data["hand"]
        game.phase = data["phase"]
        game.hands = [mask_of_codes(h) for h in data["hands"]]
        game.decisions = [None if d is None else mask_of_codes(d) for d in data["decisions"]]
        game.exposed_by = [mask_of_codes(m) for m in data["exposed_by"]]
        game.exposed = 0
        for m in game.exposed_by:
            game.exposed |= m
        game.first_leader = data["first_leader"]
        game.turn = data["turn"]
        game.trick_leader = data["trick_leader"]
        game.plays = [INDEX[c] for c in data["plays"]]
        game.trick = game.plays[len(game.plays) - len(game.plays) % SEATS :]
        game.leaders = list(data["leaders"])
        game.led_before = data["led_before"]
        game.taken = [mask_of_codes(m) for m in data["taken"]]
        game.pig_taker = data["pig_taker"]
        game.totals = list(data["totals"])
        game.history = [dict(h) for h in data["history"]]
        return game
