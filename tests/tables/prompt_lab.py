"""Prompt Lab: a test-only game that drives every kind of prompt of protocol v2 end to end.

Not a real game and not user-facing: registered under a test id only while a test runs
(`installed(monkeypatch)`), like Secret Numbers. Two standard decks (104 cards), 2 to 4 seats.

1. Deal. The table draws for every seat in turn, seat 0 first (the table's own step,
   `table_step`: a `draw` the game waits for), until each hand holds 17 cards. Meanwhile every
   seat holding an Ace, while nobody has declared, has an optional private `declare` prompt
   (one choice per Ace it holds) and may act out of turn, between two draws, even when the
   next draw is its own; the first declaration stands, in public with its Ace.
2. Bury. The declarer (seat 0 when nobody declared) takes cards from the stock until its hand
   holds 40, then buries exactly 6, at most 2 of one suit (one card pick, judged as a whole).
   The buried cards are the kitty: sealed until the game ends, seen by the declarer only.
3. Expose. Every seat at once shows 0 to 2 cards of its hand (they stay in the hand, face up).
   Sealed: until the last decision is in, a seat sees only who has decided; then all of them
   are revealed in one public event.
4. Discards. From the declarer on, each seat in turn discards one card, 3 rounds. After each
   discard every other seat holding a card of the same rank may `pair`, and the discarder's
   next seat, holding a card of the same suit and an adjacent rank (A-2 ... Q-K), may `run`:
   private required prompts (its claims and `pass`; `pass` when the 20-second window runs
   out), sealed until every seat asked has answered. A pair beats a run; among pairs the first
   seat after the discarder wins. The winner scores 1 point, in public.
5. End. After the last discard's claims the most points win (all equal: nobody wins).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar

import pytest

from engines.actions import Action, Event
from engines.cards import RANKS, SUITS, CardError, check_permutation, multi_deck
from engines.cpu import RandomChoice, random_pick
from engines.errors import JSON, IllegalAction, RecordError
from engines.game import Game
from engines.options import resolve_options
from engines.players import Decision
from engines.prompts import CardPick, Prompt
from engines.registry import GameSpec, HiddenCards
from engines.rng import derive_rng
from tests.games.packages import game_packages

GAME_ID = "test-prompt-lab"
DECK = tuple(multi_deck(2, jokers=False))
DEALT = 17
"""Cards each hand holds after the deal."""
DECLARER_HAND = 40
BURY = 6
BURY_PER_SUIT = 2
EXPOSE_MAX = 2
ROUNDS = 3
CLAIM_WINDOW = 20.0
"""Seconds to answer a claim prompt."""

DEAL, BURYING, EXPOSING, DISCARDING, CLAIMS, OVER = (
    "deal",
    "bury",
    "expose",
    "discard",
    "claims",
    "over",
)
DRAW, DECLARE, PAIR, RUN, PASS = "draw", "declare", "pair", "run", "pass"
DRAW_PACE = 0.25
"""Seconds between two draws at a live table."""
KITTY_SEAL, EXPOSE_SEAL = "kitty", "expose"
CARD = re.compile(r"^[A2-9TJQK][SHDC]$")


def card_order(card: str) -> tuple[int, int]:
    """Hands are kept by suit (♠ ♥ ♦ ♣), A to K within a suit."""
    return SUITS.index(card[1]), RANKS.index(card[0])


def adjacent(one: str, other: str) -> bool:
    """Same suit, ranks next to each other (A-2 ... Q-K; K and A are not)."""
    return one[1] == other[1] and abs(RANKS.index(one[0]) - RANKS.index(other[0])) == 1


class PromptLab(Game):
    """Every prompt kind: mechanical, optional private, a big exact pick, sealed simultaneous
    picks, private timed claims with a default."""

    id: ClassVar[str] = GAME_ID
    names: ClassVar[Mapping[str, str]] = {"en": "Prompt Lab", "ja": "プロンプト実験"}
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4

    def __init__(self) -> None:
        self.seats = 2
        self.options: dict[str, JSON] = {}
        self.seed = 0
        self.phase = DEAL
        self.stock: list[str] = []
        self.hands: list[list[str]] = []
        self.draws = 0
        self.declarer: int | None = None
        self.declared: str | None = None
        self.kitty: list[str] = []
        self.deciding: dict[int, list[str]] = {}
        """Exposures decided and still sealed, by seat."""
        self.exposed: list[list[str]] = []
        self.discards: list[tuple[int, str]] = []
        self.asked: dict[int, list[str]] = {}
        """Seats asked about the last discard, with the claims each may make."""
        self.answers: dict[int, str] = {}
        self.claims: list[dict[str, JSON]] = []
        """Claims won, in order: {"discard": index, "seat": winner, "claim": pair|run}."""
        self.points: list[int] = []

    # ------------------------------------------------------------------ setup

    def setup(self, options: Mapping[str, JSON] | None, deal: JSON) -> None:
        """Shuffle the two decks into the stock (or take `deal`, the stock top first)."""
        seats, seed = self.seats, self.seed
        self.options = resolve_options(self.option_specs, options)
        if deal is None:
            stock = list(DECK)
            derive_rng(seed, "deal").shuffle(stock)
        else:
            if not isinstance(deal, list):
                raise RecordError("bad_deal", "A prompt-lab deal is the stock: 104 card codes.")
            try:
                check_permutation(deal, DECK)
            except CardError as exc:
                raise RecordError("bad_deal", str(exc)) from None
            stock = list(deal)
        self.stock = stock
        self.hands = [[] for _ in range(seats)]
        self.exposed = [[] for _ in range(seats)]
        self.points = [0] * seats

    # ------------------------------------------------------------------ who is asked what

    def turn(self) -> int | None:
        """The seat to draw, or to discard (None in the other phases)."""
        if self.phase == DEAL:
            return self.draws % self.seats
        if self.phase in (DISCARDING, CLAIMS):
            # while its discard's claims are open, the discarder is still the seat of the turn
            made = len(self.discards) - (1 if self.phase == CLAIMS else 0)
            return ((self.declarer or 0) + made) % self.seats
        return None

    def aces(self, seat: int) -> list[str]:
        """The different Aces a seat holds, in hand order."""
        return list(dict.fromkeys(c for c in self.hands[seat] if c[0] == "A"))

    def prompts(self) -> dict[int, Prompt]:
        """Each seat's decision now (see the module's rules)."""
        out: dict[int, Prompt] = {}
        if self.phase == DEAL:
            # the draws are the table's own step (`table_step`): a seat may declare even while
            # the table draws for it
            if self.declarer is None:
                for seat in range(self.seats):
                    aces = self.aces(seat)
                    if aces:
                        out[seat] = Prompt(
                            seat,
                            DECLARE,
                            required=False,
                            public=False,
                            choices=tuple(Action.make(seat, DECLARE, card=a) for a in aces),
                        )
        elif self.phase == BURYING:
            seat = self.declarer or 0
            pick = CardPick("bury", tuple(self.hands[seat]), BURY, BURY)
            out[seat] = Prompt(seat, "bury", pick=pick)
        elif self.phase == EXPOSING:
            for seat in range(self.seats):
                if seat not in self.deciding:
                    pick = CardPick("expose", tuple(self.hands[seat]), 0, EXPOSE_MAX)
                    out[seat] = Prompt(seat, "expose", pick=pick)
        elif self.phase == DISCARDING:
            seat = self.turn() or 0
            out[seat] = Prompt(
                seat, "discard", pick=CardPick("discard", tuple(self.hands[seat]), 1, 1)
            )
        elif self.phase == CLAIMS:
            for seat, kinds in self.asked.items():
                if seat in self.answers:
                    continue
                passing = Action.make(seat, PASS)
                out[seat] = Prompt(
                    seat,
                    "claim",
                    public=False,
                    choices=(*(Action.make(seat, k) for k in kinds), passing),
                    default=passing,
                    window=CLAIM_WINDOW,
                )
        return dict(sorted(out.items()))

    def table_step(self) -> Prompt | None:
        """During the deal: the next draw, for the seat whose turn it is to draw."""
        if self.phase != DEAL:
            return None
        drawer = self.draws % self.seats
        return Prompt(
            drawer, DRAW, choices=(Action.make(drawer, DRAW),), mechanical=True, pace=DRAW_PACE
        )

    def to_act(self) -> frozenset[int]:
        """The seats the game waits for: the drawer, the burier, exposures, a discard, claims."""
        waiting = {s for s, p in self.prompts().items() if p.required}
        step = self.table_step()
        return frozenset(waiting | ({step.seat} if step is not None else set()))

    def legal_actions(self, seat: int) -> list[Action]:
        """The listed choices of the seat's prompt (a discard lists each card; bigger card
        picks are judged by `check`, not listed)."""
        prompt = self.prompts().get(seat)
        if prompt is None:
            return []
        out = list(prompt.choices)
        if prompt.pick is not None and prompt.pick.max == 1:
            out += [prompt.pick.action(seat, [i]) for i in range(len(prompt.pick.cards))]
        return list(dict.fromkeys(out))

    # ------------------------------------------------------------------ legality

    def check(self, action: Action) -> None:
        """Judge an action without changing anything (IllegalAction when refused)."""
        self._verify(action)

    def _verify(self, action: Action) -> None:
        if self.phase == OVER:
            raise IllegalAction("game_over", "The game is over.")
        if not 0 <= action.seat < self.seats:
            raise IllegalAction("bad_seat", f"There is no seat {action.seat}.", seat=action.seat)
        kind = action.type
        if kind == DECLARE:
            self._verify_declare(action)
        elif kind == DRAW:
            self._phase(DEAL, "Cards are drawn only during the deal.")
            self._fields(action)
            self.check_turn(action)
        elif kind == "bury":
            self._phase(BURYING, "The kitty is buried right after the deal.")
            self.check_turn(action)
            self._verify_bury(action.seat, self._cards(action))
        elif kind == "expose":
            self._phase(EXPOSING, "Cards are exposed after the bury.")
            self.check_turn(action)
            cards = self._cards(action)
            if len(cards) > EXPOSE_MAX:
                raise IllegalAction("expose_count", "Expose at most 2 cards.", count=len(cards))
            self._held(action.seat, cards)
        elif kind == "discard":
            self._phase(DISCARDING, "It is not time to discard.")
            self.check_turn(action)
            cards = self._cards(action)
            if len(cards) != 1:
                raise IllegalAction("discard_count", "Discard exactly one card.", count=len(cards))
            self._held(action.seat, cards)
        elif kind in (PAIR, RUN, PASS):
            self._fields(action)
            # never `check_turn`: its message would name the seats asked, and claims are private
            if self.phase != CLAIMS or action.seat not in self.asked:
                raise IllegalAction("no_claim", "You have no claim to answer now.")
            if action.seat in self.answers:
                raise IllegalAction("claim_answered", "You have answered this discard already.")
            if kind != PASS and kind not in self.asked[action.seat]:
                raise IllegalAction(
                    "claim_not_allowed", f"You cannot claim a {kind} on this discard.", claim=kind
                )
        else:
            raise IllegalAction("unknown_action", f"Prompt Lab has no '{kind}' action.", type=kind)

    def _phase(self, phase: str, message: str) -> None:
        if self.phase != phase:
            raise IllegalAction("wrong_phase", message, phase=self.phase)

    @staticmethod
    def _fields(action: Action, *allowed: str) -> None:
        extra = sorted({key for key, _ in action.fields} - set(allowed))
        if extra:
            raise IllegalAction(
                "malformed_action", f"A {action.type} takes no '{extra[0]}'.", field=extra[0]
            )

    def _cards(self, action: Action, field: str = "cards") -> list[str]:
        self._fields(action, field)
        value = action.get(field)
        if not isinstance(value, tuple) or not all(isinstance(c, str) for c in value):
            raise IllegalAction("malformed_action", "Name the cards as a list of card codes.")
        return list(value)

    def _held(self, seat: int, cards: Iterable[str]) -> None:
        missing = Counter(cards) - Counter(self.hands[seat])
        if missing:
            card = sorted(missing)[0]
            raise IllegalAction("card_not_held", f"You do not hold {card}.", card=card)

    def _verify_declare(self, action: Action) -> None:
        self._fields(action, "card")
        if self.phase != DEAL:
            raise IllegalAction("wrong_phase", "Declarations are made during the deal.")
        if self.declarer is not None:
            raise IllegalAction("already_declared", "Someone has declared already.")
        card = action.get("card")
        if not isinstance(card, str) or not CARD.match(card) or card[0] != "A":
            raise IllegalAction("not_an_ace", "Declare with an Ace.")
        self._held(action.seat, [card])

    def _verify_bury(self, seat: int, cards: list[str]) -> None:
        if len(cards) != BURY:
            raise IllegalAction("bury_count", "Bury exactly 6 cards.", count=len(cards))
        self._held(seat, cards)
        suits = Counter(card[1] for card in cards)
        suit, most = max(suits.items(), key=lambda kv: (kv[1], -SUITS.index(kv[0])))
        if most > BURY_PER_SUIT:
            raise IllegalAction(
                "bury_suit_limit", "Bury at most 2 cards of one suit.", suit=suit, count=most
            )

    # ------------------------------------------------------------------ applying

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action (IllegalAction, and nothing changed, otherwise)."""
        self._verify(action)
        seat = action.seat
        kind = action.type
        if kind == DRAW:
            return self._draw(seat)
        if kind == DECLARE:
            card = str(action.get("card"))
            self.declarer, self.declared = seat, card
            return [Event("declared", seat, {"card": card})]
        if kind == "bury":
            cards = self._cards(action)
            self._take(seat, cards)
            self.kitty = cards
            self.phase = EXPOSING
            return [
                Event("buried", seat, {"count": len(cards)}),
                Event("kitty", seat, {"cards": cards}, audience=frozenset({seat})),
            ]
        if kind == "expose":
            return self._expose(seat, self._cards(action))
        if kind == "discard":
            return self._discard(seat, self._cards(action)[0])
        return self._answer(seat, kind)

    def _take(self, seat: int, cards: Iterable[str]) -> None:
        hand = self.hands[seat]
        for card in cards:
            hand.remove(card)

    def _draw(self, seat: int) -> list[Event]:
        card = self.stock.pop(0)
        self.hands[seat].append(card)
        self.hands[seat].sort(key=card_order)
        self.draws += 1
        events = [
            Event("drew", seat),
            Event("drew_card", seat, {"card": card}, audience=frozenset({seat})),
        ]
        if self.draws == DEALT * self.seats:
            declarer = 0 if self.declarer is None else self.declarer
            self.declarer = declarer
            hand = self.hands[declarer]
            taken = self.stock[: DECLARER_HAND - len(hand)]
            del self.stock[: len(taken)]
            hand.extend(taken)
            hand.sort(key=card_order)
            self.phase = BURYING
            events += [
                Event("took_stock", declarer, {"count": len(taken)}),
                Event("took_cards", declarer, {"cards": taken}, audience=frozenset({declarer})),
            ]
        return events

    def _expose(self, seat: int, cards: list[str]) -> list[Event]:
        self.deciding[seat] = cards
        events = [
            Event("expose_decided", seat),
            Event("my_exposure", seat, {"cards": cards}, audience=frozenset({seat})),
        ]
        if len(self.deciding) == self.seats:
            self.exposed = [list(self.deciding[s]) for s in range(self.seats)]
            self.deciding = {}
            self.phase = DISCARDING
            events.append(Event("exposed", None, {"exposed": [list(x) for x in self.exposed]}))
        return events

    def _discard(self, seat: int, card: str) -> list[Event]:
        self.hands[seat].remove(card)
        self.discards.append((seat, card))
        events = [Event("discarded", seat, {"card": card})]
        asked: dict[int, list[str]] = {}
        for other in range(self.seats):
            if other == seat:
                continue
            hand = self.hands[other]
            kinds = []
            if any(held[0] == card[0] for held in hand):
                kinds.append(PAIR)
            if other == (seat + 1) % self.seats and any(adjacent(held, card) for held in hand):
                kinds.append(RUN)
            if kinds:
                asked[other] = kinds
        if asked:
            self.asked, self.answers, self.phase = asked, {}, CLAIMS
            for other, kinds in asked.items():
                events.append(
                    Event("claim_offered", other, {"claims": kinds}, audience=frozenset({other}))
                )
            return events
        return events + self._next_discard()

    def _answer(self, seat: int, kind: str) -> list[Event]:
        self.answers[seat] = kind
        events = [Event("answered", seat, {"claim": kind}, audience=frozenset({seat}))]
        if len(self.answers) < len(self.asked):
            return events
        discarder, card = self.discards[-1]
        after = [(discarder + step) % self.seats for step in range(1, self.seats)]
        pairs = [s for s in after if self.answers.get(s) == PAIR]
        runs = [s for s in after if self.answers.get(s) == RUN]
        winner, claim = (pairs[0], PAIR) if pairs else (runs[0], RUN) if runs else (None, None)
        if winner is not None:
            self.points[winner] += 1
            self.claims.append({"discard": len(self.discards) - 1, "seat": winner, "claim": claim})
            events.append(Event("claimed", winner, {"claim": claim, "card": card}))
        self.asked, self.answers = {}, {}
        return events + self._next_discard()

    def _next_discard(self) -> list[Event]:
        if len(self.discards) < ROUNDS * self.seats:
            self.phase = DISCARDING
            return []
        self.phase = OVER
        return [Event("game_over", None, {"result": self.result()})]

    # ------------------------------------------------------------------ seals

    def seal_of(self, action: Action) -> str | None:
        """The kitty until the game ends; exposures until all are in; claims until resolved."""
        if action.type == "bury":
            return KITTY_SEAL
        if action.type == "expose":
            return EXPOSE_SEAL
        if action.type in (PAIR, RUN, PASS):
            return f"claims:{len(self.discards) - 1}"
        return None

    def open_seals(self) -> frozenset[str]:
        """Seals not revealed yet."""
        if self.phase == OVER:
            return frozenset()
        out = set()
        if self.kitty:
            out.add(KITTY_SEAL)
        if self.deciding:
            out.add(EXPOSE_SEAL)
        if self.answers:
            out.add(f"claims:{len(self.discards) - 1}")
        return frozenset(out)

    # ------------------------------------------------------------------ the end

    def is_over(self) -> bool:
        """True once the last discard's claims are settled."""
        return self.phase == OVER

    def winners(self) -> list[int]:
        """The seats with the most points (nobody when all are equal)."""
        best = max(self.points)
        top = [s for s, p in enumerate(self.points) if p == best]
        return [] if len(top) == self.seats else top

    def result(self) -> dict[str, JSON] | None:
        """`{"winners", "points", "declarer", "kitty"}` once over (the kitty is shown then)."""
        if self.phase != OVER:
            return None
        return {
            "winners": self.winners(),
            "points": list(self.points),
            "declarer": self.declarer,
            "kitty": list(self.kitty),
        }

    # ------------------------------------------------------------------ what players see

    def summary(self) -> dict[str, JSON]:
        """The public state in short."""
        return {
            "phase": self.phase,
            "declarer": self.declarer,
            "hand_counts": [len(h) for h in self.hands],
            "discards": len(self.discards),
            "points": list(self.points),
        }

    def view(self, seat: int | None = None) -> dict[str, JSON]:
        """The seat's own hand, kitty, exposure and claims, and the public table."""
        own = seat is not None and 0 <= seat < self.seats
        mine = seat if own else None
        return {
            "game": self.id,
            "viewer": seat,
            "seats": self.seats,
            "phase": self.phase,
            "turn": self.turn() if self.phase != CLAIMS else None,
            "hand": list(self.hands[seat]) if own and seat is not None else None,
            "hand_counts": [len(h) for h in self.hands],
            "stock_count": len(self.stock),
            "declarer": self.declarer,
            "declared": self.declared,
            "kitty_count": len(self.kitty),
            "kitty": list(self.kitty)
            if (own and seat == self.declarer) or self.phase == OVER
            else None,
            "decided": sorted(self.deciding),
            "my_exposure": self.deciding.get(mine) if mine is not None else None,
            "exposed": [list(x) for x in self.exposed],
            "discards": [[s, c] for s, c in self.discards],
            "my_claims": list(self.asked.get(mine, [])) if mine is not None else [],
            "my_answer": self.answers.get(mine) if mine is not None else None,
            "claims": [dict(c) for c in self.claims],
            "points": list(self.points),
            "over": self.phase == OVER,
            "result": self.result(),
        }

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, JSON]:
        """The whole state, stock order and sealed decisions included."""
        return {
            "seats": self.seats,
            "options": dict(self.options),
            "seed": self.seed,
            "phase": self.phase,
            "stock": list(self.stock),
            "hands": [list(h) for h in self.hands],
            "draws": self.draws,
            "declarer": self.declarer,
            "declared": self.declared,
            "kitty": list(self.kitty),
            "deciding": {str(s): list(c) for s, c in sorted(self.deciding.items())},
            "exposed": [list(x) for x in self.exposed],
            "discards": [[s, c] for s, c in self.discards],
            "asked": {str(s): list(k) for s, k in sorted(self.asked.items())},
            "answers": {str(s): a for s, a in sorted(self.answers.items())},
            "claims": [dict(c) for c in self.claims],
            "points": list(self.points),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PromptLab:
        """Rebuild from `to_json` output."""
        game = cls()
        game.seats, game.options, game.seed = data["seats"], dict(data["options"]), data["seed"]
        game.phase = data["phase"]
        game.stock = list(data["stock"])
        game.hands = [list(h) for h in data["hands"]]
        game.draws = data["draws"]
        game.declarer, game.declared = data["declarer"], data["declared"]
        game.kitty = list(data["kitty"])
        game.deciding = {int(s): list(c) for s, c in data["deciding"].items()}
        game.exposed = [list(x) for x in data["exposed"]]
        game.discards = [(int(s), str(c)) for s, c in data["discards"]]
        game.asked = {int(s): list(k) for s, k in data["asked"].items()}
        game.answers = {int(s): str(a) for s, a in data["answers"].items()}
        game.claims = [dict(c) for c in data["claims"]]
        game.points = list(data["points"])
        return game


# ---------------------------------------------------------------------- a small CPU


class LabCpu:
    """Declares with enough Aces, buries its lowest cards, exposes nothing, discards a rank it
    holds least of, and claims whatever it may (a pair first)."""

    def __init__(self, declare_with: int = 3) -> None:
        self.declare_with = declare_with

    def decide(self, decision: Decision) -> Action | None:
        """One prompt, from the seat's view only."""
        prompt, view = decision.prompt, decision.view
        hand: list[str] = list(view.get("hand") or [])
        pick = prompt.pick
        if prompt.kind == DECLARE:
            aces = sum(1 for card in hand if card[0] == "A")
            return prompt.choices[0] if aces >= self.declare_with else None
        if prompt.kind == "bury" and pick is not None:
            lowest = sorted(range(len(pick.cards)), key=lambda i: card_order(pick.cards[i])[::-1])
            chosen: list[int] = []
            per_suit: Counter[str] = Counter()
            for i in lowest:
                suit = pick.cards[i][1]
                if per_suit[suit] < BURY_PER_SUIT and len(chosen) < BURY:
                    chosen.append(i)
                    per_suit[suit] += 1
            action = pick.action(prompt.seat, chosen)
            return action if decision.check(action) else random_pick(decision)
        if prompt.kind == "expose" and pick is not None:
            return pick.action(prompt.seat, [])
        if prompt.kind == "discard" and pick is not None:
            ranks = Counter(card[0] for card in pick.cards)
            at = min(range(len(pick.cards)), key=lambda i: (ranks[pick.cards[i][0]], i))
            return pick.action(prompt.seat, [at])
        return prompt.choices[0] if prompt.choices else prompt.default


# ---------------------------------------------------------------------- what nobody may see


def card_codes(value: Any) -> set[str]:
    """Every card code inside a JSON value (keys and strings of any depth)."""
    found: set[str] = set()
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if CARD.match(item):
                found.add(item)
        elif isinstance(item, Mapping):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list | tuple | set | frozenset):
            pending.extend(item)
    return found


def public_cards(game: PromptLab) -> set[str]:
    """Codes the whole table has seen: the declared Ace, exposures, discards (the kitty, once
    the game is over)."""
    out = {card for _, card in game.discards}
    out |= {card for cards in game.exposed for card in cards}
    if game.declared:
        out.add(game.declared)
    if game.is_over():
        out |= set(game.kitty)
    return out


def hidden_from(game: PromptLab, viewer: int | None) -> set[str]:
    """Codes `viewer` (None: the channel) must not learn: other hands, the stock, the kitty
    and sealed decisions of other seats, less what the viewer holds or everyone has seen."""
    secret: set[str] = set(game.stock)
    for seat in range(game.seats):
        if seat != viewer:
            secret |= set(game.hands[seat])
            secret |= {c for s, cards in game.deciding.items() if s == seat for c in cards}
    if viewer != game.declarer:
        secret |= set(game.kitty)
    known = public_cards(game)
    if viewer is not None:
        known |= set(game.hands[viewer])
        known |= {c for s, cards in game.deciding.items() if s == viewer for c in cards}
        if viewer == game.declarer:
            known |= set(game.kitty)
    return secret - known


# ---------------------------------------------------------------------- registration

WORDS: dict[str, dict[str, str]] = {
    "en": {
        f"action.{GAME_ID}.declare": "Declare {card}",
        f"action.{GAME_ID}.pair": "Pair",
        f"action.{GAME_ID}.run": "Run",
        f"action.{GAME_ID}.pass": "Pass",
        f"prompt.{GAME_ID}.declare": "declare with an Ace, if you like.",
        f"prompt.{GAME_ID}.bury": "bury 6 cards, at most 2 of one suit.",
        f"prompt.{GAME_ID}.expose": "expose up to 2 cards.",
        f"prompt.{GAME_ID}.discard": "discard a card.",
        f"prompt.{GAME_ID}.claim": "claim the discard?",
        f"event.{GAME_ID}.drew": "{name} drew a card.",
        f"event.{GAME_ID}.drew_card": "{name} drew {card}.",
        f"event.{GAME_ID}.declared": "{name} declared.",
        f"event.{GAME_ID}.took_stock": "{name} took {count} cards from the stock.",
        f"event.{GAME_ID}.buried": "{name} buried {count} cards.",
        f"event.{GAME_ID}.expose_decided": "{name} decided.",
        f"event.{GAME_ID}.exposed": "Every exposure is shown.",
        f"event.{GAME_ID}.discarded": "{name} discarded {card}.",
        f"event.{GAME_ID}.claimed": "{name} claimed a {claim} on {card}.",
    },
    "ja": {
        f"action.{GAME_ID}.declare": "{card}で宣言",
        f"action.{GAME_ID}.pair": "ペア",
        f"action.{GAME_ID}.run": "ラン",
        f"action.{GAME_ID}.pass": "パス",
        f"prompt.{GAME_ID}.declare": "エースで宣言できます。",
        f"prompt.{GAME_ID}.bury": "6枚を伏せてください（同じスートは2枚まで）。",
        f"prompt.{GAME_ID}.expose": "2枚まで公開できます。",
        f"prompt.{GAME_ID}.discard": "1枚捨ててください。",
        f"prompt.{GAME_ID}.claim": "この捨て札を取りますか？",
        f"event.{GAME_ID}.drew": "{name}が1枚引きました。",
        f"event.{GAME_ID}.drew_card": "{name}が{card}を引きました。",
        f"event.{GAME_ID}.declared": "{name}が宣言しました。",
        f"event.{GAME_ID}.took_stock": "{name}が山札から{count}枚取りました。",
        f"event.{GAME_ID}.buried": "{name}が{count}枚を伏せました。",
        f"event.{GAME_ID}.expose_decided": "{name}が決めました。",
        f"event.{GAME_ID}.exposed": "公開札がそろいました。",
        f"event.{GAME_ID}.discarded": "{name}が{card}を捨てました。",
        f"event.{GAME_ID}.claimed": "{name}が{card}に{claim}を宣言しました。",
    },
}
"""Words of the transports for the lab (their generic fallbacks would do; these read better)."""


GAME = GameSpec(
    engine=PromptLab,
    cpu=lambda level: RandomChoice() if level == "easy" else LabCpu(3 if level == "normal" else 1),
    hidden=HiddenCards(deal=lambda game: None, vary=lambda record, seat, rng: record),
)
"""Its descriptor. Easy: random answers. Normal: declares with three Aces. Hard: with any Ace.
No hidden card is varied: the lab checks its hidden information itself (`hidden_from`)."""


@contextmanager
def installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The game found by every layer's scan, and its words, until the block ends."""
    from bot import i18n

    i18n.has("-")  # load the plug-ins' catalogues first
    for locale, words in WORDS.items():
        for key, text in words.items():
            monkeypatch.setitem(i18n.WORDS.messages[locale], key, text)
    with game_packages(Path(__file__).parent / "found" / "prompt_lab", GAME_ID, ["engines"]):
        yield
