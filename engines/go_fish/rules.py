"""Go Fish (ゴーフィッシュ): ask a seat for a rank you hold, collect books of four.

Rules of `../shared/seeds/002_f7e54cf8086c297f.txt` (and RULINGS.md, Go Fish), top to bottom:

- setup: 52 cards, no jokers. "standard / 13 books": 7 each for 2-3 seats, 5 for 4;
  "early end": 7 for 2 seats, 5 for 3-4. The rest is the stock. The first seat is drawn at
  random, then play goes in seat order. Books in an opening hand are laid down at once.
- a turn: ask one other seat for a rank you hold. It hands over every card of that rank and
  you ask again (anyone, any rank you hold). Otherwise "Go Fish": draw the stock's top card;
  the asked rank is shown and you go on, anything else ends the turn (a book it completes
  still counts). With no stock a miss draws nothing and the turn passes. A completed book
  leaves the hand at once.
- empty hands (standard): no win, no loss. At the start of your turn you refill 1 card (the
  `refill` option: 5; what is left when the stock is short) and ask; when your own success
  empties your hand by a book, you refill and go on; with no stock your turn is skipped. While
  the stock lasts an empty hand may be asked ("Go Fish"); once it is gone, it may not. Play
  goes on after the stock runs out until all 13 books are made.
- early end: the game ends as soon as a hand or the stock is empty (no refill).
- the end: most books wins; ties share the win.

Public: every ask, its answer and how many cards changed hands, every book, the stock count
and each hand's size, a drawn card that matched the ask. Private: hands, the card a miss draws
(its drawer's), the cards handed over (the two seats'). `view(seat)` carries the public log
that the CPU levels reason from.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engines.base import (
    JSON,
    Action,
    CpuPlayer,
    Decide,
    Event,
    Game,
    GameError,
    IllegalAction,
    OptionSpec,
    Prompt,
    RecordError,
    derive_rng,
    register,
    resolve_options,
)
from engines.cards import RANKS, SUITS, CardError, check_permutation, standard_deck

ASK = "ask"
STANDARD = "standard"
EARLY_END = "early_end"
BOOKS = len(RANKS)
"""All 13 ranks make a book by the end of a standard game."""
RANK_ORDER = {rank: i for i, rank in enumerate(RANKS)}
SUIT_ORDER = {suit: i for i, suit in enumerate(SUITS)}

_HAND_SIZE = {STANDARD: {2: 7, 3: 7, 4: 5}, EARLY_END: {2: 7, 3: 5, 4: 5}}
"""Cards dealt to each seat, by rule set and seat count."""

ASKS: dict[tuple[int, int, str], Action] = {
    (seat, target, rank): Action(seat, ASK, (("rank", rank), ("target", target)))
    for seat in range(4)
    for target in range(4)
    for rank in RANKS
}
"""Every ask there can be, built once: prompts are made thousands of times a second."""
_ASK_KEYS: dict[int, tuple[int, int, str]] = {id(action): key for key, action in ASKS.items()}
"""(seat, target, rank) of each prebuilt ask, by identity: the CPUs answer with these."""
_OTHERS = [[sum(1 << t for t in range(n) if t != s) for s in range(n)] for n in range(5)]
"""`_OTHERS[seats][seat]`: every other seat, as a bit mask."""
_AUDIENCES = [[frozenset((a, b)) for b in range(4)] for a in range(4)]
"""`_AUDIENCES[a][b]`: seats a and b (a alone when a == b), for private events."""
_PROMPTS: dict[int, Prompt] = {}
"""Prompts by seat | ranks held (a mask) << 2 | seats that may be asked (a mask) << 15."""
_PROMPT_CACHE_MOST = 100_000


def _by_suit(card: str) -> int:
    return SUIT_ORDER[card[1]]


def _in_rank_order(hand: dict[str, list[str]]) -> dict[str, list[str]]:
    """The same hand with its ranks in the order A 2 ... K (a hand is listed in that order)."""
    return {rank: hand[rank] for rank in RANKS if rank in hand}


@register
class GoFish(Game):
    """One game of Go Fish for 2-4 seats."""

    id: ClassVar[str] = "go-fish"
    names: ClassVar[Mapping[str, str]] = {"en": "Go Fish", "ja": "ゴーフィッシュ"}
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    hint_level: ClassVar[str] = "hard"
    """A Hint shows what the hard level would ask, and why (it reasons from public news only)."""
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "rules",
            (STANDARD, EARLY_END),
            STANDARD,
            names={"en": "Rules", "ja": "ルール"},
            choice_names={
                STANDARD: {"en": "Standard (13 books)", "ja": "標準・13本"},
                EARLY_END: {"en": "Early end", "ja": "早期終了"},
            },
        ),
        OptionSpec(
            "refill",
            (1, 5),
            1,
            names={"en": "Refill of an empty hand", "ja": "空手札補充"},
            choice_names={"1": {"en": "1 card", "ja": "1枚"}, "5": {"en": "5 cards", "ja": "5枚"}},
        ),
    )

    def __init__(self) -> None:
        self.seats = 2
        self.options: dict[str, JSON] = {}
        self.seed = 0
        self.early_end = False
        self.refill = 1
        # hands[s]: rank -> the cards of that rank held, ranks A..K, each rank in suit order
        self.hands: list[dict[str, list[str]]] = []
        self.masks: list[int] = []
        """Per seat: the ranks it holds, bit i for `RANKS[i]`."""
        self.sizes: list[int] = []
        self.stock: list[str] = []
        """The stock as dealt, top card first; `drawn` cards of it are gone."""
        self.drawn = 0
        self.stock_size = 0
        self.books: list[list[str]] = []
        self.book_total = 0
        self.first = 0
        self.turn = 0
        self.over = False
        self.asks = 0
        self.log: list[dict[str, JSON]] = []
        """The public history; entries are never changed once written (views share them)."""
        self.private: list[list[dict[str, JSON]]] = []
        """Per seat: `{"at": log index, "cards": [...]}` for cards it alone (or with the other
        seat of a hand-over) saw: its draws and the cards handed to or by it."""

    # ------------------------------------------------------------------ setup

    @classmethod
    def new(
        cls,
        seats: int,
        options: Mapping[str, JSON] | None = None,
        seed: int = 0,
        deal: JSON = None,
    ) -> GoFish:
        """Shuffle and deal (or lay out `deal`), lay down dealt books, start the first turn."""
        cls.check_seats(seats)
        game = cls()
        game.seats = seats
        game.options = resolve_options(cls.option_specs, options)
        game.seed = seed
        game.early_end = game.options["rules"] == EARLY_END
        game.refill = int(game.options["refill"])
        if deal is None:
            rng = derive_rng(seed, "deal")
            deck = standard_deck()
            rng.shuffle(deck)
            size = _HAND_SIZE[str(game.options["rules"])][seats]
            hands = [deck[s * size : (s + 1) * size] for s in range(seats)]
            stock = deck[seats * size :]
            first = rng.randrange(seats)
        else:
            hands, stock, first = cls._check_deal(deal, seats)
        game.hands = [{} for _ in range(seats)]
        game.masks = [0] * seats
        game.sizes = [0] * seats
        for seat, cards in enumerate(hands):
            game._take(seat, cards)
        game.stock = list(stock)
        game.stock_size = len(stock)
        game.books = [[] for _ in range(seats)]
        game.private = [[] for _ in range(seats)]
        game.first = first
        for seat in range(seats):
            for rank in RANKS:
                if len(game.hands[seat].get(rank, ())) == 4:
                    game._book(seat, rank, None)
        if not game._ended():
            game._start_turn(first, None)
        return game

    @staticmethod
    def _check_deal(deal: JSON, seats: int) -> tuple[list[list[str]], list[str], int]:
        shape = 'A go-fish deal is {"hands": [[...], ...], "stock": [...], "first": 0}.'
        if not isinstance(deal, dict) or set(deal) - {"hands", "stock", "first"}:
            raise RecordError("bad_deal", shape)
        hands = deal.get("hands")
        stock = deal.get("stock", [])
        first = deal.get("first", 0)
        if (
            not isinstance(hands, list)
            or len(hands) != seats
            or not all(isinstance(hand, list) for hand in hands)
        ):
            raise RecordError("bad_deal", f"The deal needs 'hands': {seats} lists of card codes.")
        if not isinstance(stock, list):
            raise RecordError("bad_deal", "The deal's 'stock' must be a list of card codes.")
        if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < seats:
            raise RecordError("bad_deal", f"The deal's 'first' must be a seat, 0 to {seats - 1}.")
        try:
            check_permutation([card for hand in hands for card in hand] + stock, standard_deck())
        except CardError as exc:
            raise RecordError("bad_deal", str(exc)) from None
        return [list(hand) for hand in hands], list(stock), first

    # ------------------------------------------------------------------ a turn

    def to_act(self) -> frozenset[int]:
        """The seat whose turn it is to ask."""
        return frozenset() if self.over else frozenset((self.turn,))

    def prompts(self) -> dict[int, Prompt]:
        """One required public prompt: the seat to act, with every ask it may make."""
        return {} if self.over else {self.turn: self._prompt(self.turn)}

    def _prompt(self, seat: int) -> Prompt:
        if self.drawn < self.stock_size:
            targets = _OTHERS[self.seats][seat]
        else:
            targets = 0
            for target, size in enumerate(self.sizes):
                if size and target != seat:
                    targets |= 1 << target
        ranks = self.masks[seat]
        key = seat | ranks << 2 | targets << 15
        prompt = _PROMPTS.get(key)
        if prompt is None:
            # seats from the next one on in play order: later seats first, then earlier ones
            order = [t for t in range(seat + 1, 4)] + [t for t in range(seat)]
            choices = tuple(
                ASKS[seat, target, rank]
                for target in order
                if targets >> target & 1
                for i, rank in enumerate(RANKS)
                if ranks >> i & 1
            )
            prompt = Prompt(seat, ASK, choices=choices)
            if len(_PROMPTS) >= _PROMPT_CACHE_MOST:
                _PROMPTS.clear()
            _PROMPTS[key] = prompt
        return prompt

    def legal_actions(self, seat: int) -> list[Action]:
        """Every ask `seat` may make now: each other seat that may be asked × each rank held."""
        if self.over or seat != self.turn:
            return []
        return list(self._prompt(seat).choices)

    def check(self, action: Action) -> None:
        """Judge an ask without making it."""
        self._judge(action)

    def _judge(self, action: Action) -> tuple[int, int, str]:
        """(seat, target, rank) of a legal ask; IllegalAction, with a reason, otherwise."""
        key = _ASK_KEYS.get(id(action))
        if key is None or ASKS[key] is not action:
            key = self._parse(action)
        seat, target, rank = key
        if self.over or seat != self.turn:
            self.check_turn(action)
        if not 0 <= target < self.seats:
            raise IllegalAction("bad_target", f"There is no seat {target}.", target=target)
        if target == seat:
            raise IllegalAction("ask_yourself", "Ask another player, not yourself.")
        if not self.masks[seat] >> RANK_ORDER[rank] & 1:
            raise IllegalAction("rank_not_held", "Ask for a rank you hold.", rank=rank)
        if not self.sizes[target] and self.drawn >= self.stock_size:
            raise IllegalAction(
                "target_empty",
                "That seat has no cards to give, and the stock is empty: ask a seat with cards.",
                target=target,
            )
        return key

    @staticmethod
    def _parse(action: Action) -> tuple[int, int, str]:
        """(seat, target, rank) of an action shaped as an ask (its legality not judged yet)."""
        if action.type != ASK:
            raise IllegalAction(
                "unknown_action", f"Go Fish has only 'ask', not '{action.type}'.", type=action.type
            )
        fields = action.fields
        if len(fields) != 2 or fields[0][0] != "rank" or fields[1][0] != "target":
            raise IllegalAction(
                "malformed_action", "An ask names a 'target' seat and a 'rank', nothing else."
            )
        rank, target = fields[0][1], fields[1][1]
        if not isinstance(target, int) or isinstance(target, bool):
            raise IllegalAction("malformed_action", "An ask's 'target' is a seat number.")
        if not isinstance(rank, str) or rank not in RANK_ORDER:
            raise IllegalAction(
                "bad_rank", "Ask for a rank: A 2 3 4 5 6 7 8 9 T J Q K.", rank=str(rank)
            )
        return action.seat, target, rank

    def apply(self, action: Action) -> list[Event]:
        """Make an ask and resolve it: the hand-over, or Go Fish and the draw; books; the turn."""
        seat, target, rank = self._judge(action)
        events: list[Event] = []
        self._ask(seat, target, rank, events)
        if self.over:
            events.append(Event("game_over", None, {"result": self.result()}))
        return events

    def autoplay(self, decide: Decide, limit: int | None = None) -> list[Action]:
        """Let `decide` make every ask to the end (or `limit` asks): the base loop, without
        building the events nobody reads. Every seat's only decision is its required ask, so
        the order of decisions is the base class's; a property test holds the two together.
        """
        taken: list[Action] = []
        while not self.over and (limit is None or len(taken) < limit):
            prompt = self._prompt(self.turn)
            action = decide(self, prompt)
            if action is None:
                raise GameError("cpu_declined", f"No answer to a required '{ASK}' prompt.")
            seat, target, rank = self._judge(action)
            self._ask(seat, target, rank, None)
            taken.append(action)
        return taken

    def _ask(self, seat: int, target: int, rank: str, events: list[Event] | None) -> None:
        """Resolve a legal ask; `events` (None: nobody listens) receives what happened."""
        self.asks += 1
        hands, log, sizes = self.hands, self.log, self.sizes
        mine = hands[seat]
        given = hands[target].pop(rank, None)
        if given:
            count = len(given)
            self.masks[target] &= ~(1 << RANK_ORDER[rank])
            held = mine[rank] = sorted(mine[rank] + given, key=_by_suit)
            sizes[target] -= count
            sizes[seat] += count
            sighting = {"at": len(log), "cards": given}
            log.append({"type": ASK, "seat": seat, "target": target, "rank": rank, "count": count})
            self.private[seat].append(sighting)
            self.private[target].append(sighting)
            if events is not None:
                events.append(Event(ASK, seat, {"target": target, "rank": rank, "count": count}))
                events.append(
                    Event(
                        "handed",
                        target,
                        {"to": seat, "rank": rank, "cards": list(given)},
                        audience=_AUDIENCES[seat][target],
                    )
                )
            if len(held) == 4:
                self._book(seat, rank, events)
            if self._ended():
                return
            if not sizes[seat]:
                # the ask made a book of the last cards: refill and go on (or pass)
                self._start_turn(seat, events)
            return
        log.append({"type": ASK, "seat": seat, "target": target, "rank": rank, "count": 0})
        drawing = self.drawn < self.stock_size
        if events is not None:
            # the public side of the miss: Go Fish, and whether a card was drawn
            events.append(Event("go_fish", seat, {"target": target, "rank": rank, "drew": drawing}))
        if not drawing:
            self._start_turn((seat + 1) % self.seats, events)
            return
        card = self.stock[self.drawn]
        self.drawn += 1
        drawn_rank = card[0]
        lucky = drawn_rank == rank
        had = mine.get(drawn_rank)
        if had is None:
            mine[drawn_rank] = pile = [card]
            self.masks[seat] |= 1 << RANK_ORDER[drawn_rank]
            hands[seat] = _in_rank_order(mine)
        else:
            pile = had
            pile.append(card)
            pile.sort(key=_by_suit)
        sizes[seat] += 1
        at = len(log)
        if lucky:
            log.append({"type": "draw", "seat": seat, "lucky": True, "card": card})
        else:
            log.append({"type": "draw", "seat": seat, "lucky": False})
        self.private[seat].append({"at": at, "cards": [card]})
        if events is not None:
            if lucky:
                events.append(Event("lucky", seat, {"card": card, "rank": rank}))
            else:
                events.append(Event("drew", seat, {"card": card}, audience=_AUDIENCES[seat][seat]))
        if len(pile) == 4:
            self._book(seat, drawn_rank, events)
        if self._ended():
            return
        if not lucky:
            self._start_turn((seat + 1) % self.seats, events)
        elif not sizes[seat]:
            self._start_turn(seat, events)

    def _book(self, seat: int, rank: str, events: list[Event] | None) -> None:
        """Lay down the four cards of `rank` from `seat`'s hand."""
        del self.hands[seat][rank]
        self.masks[seat] &= ~(1 << RANK_ORDER[rank])
        self.sizes[seat] -= 4
        self.books[seat].append(rank)
        self.book_total += 1
        self.log.append({"type": "book", "seat": seat, "rank": rank})
        if events is not None:
            events.append(Event("book", seat, {"rank": rank}))

    def _ended(self) -> bool:
        """End the game if it is over now: 13 books, or (early end) an empty hand or stock."""
        if self.book_total == BOOKS or (
            self.early_end and (self.drawn >= self.stock_size or not all(self.sizes))
        ):
            self.over = True
        return self.over

    def _start_turn(self, seat: int, events: list[Event] | None) -> None:
        """Give the turn to `seat`: an empty hand refills from the stock first, or, with no
        stock, is skipped (the next seat's turn starts)."""
        while True:
            if self.sizes[seat]:
                self.turn = seat
                return
            if self.drawn < self.stock_size:
                self._refill(seat, events)
                if self._ended():
                    return
                continue
            self.log.append({"type": "skip", "seat": seat})
            if events is not None:
                events.append(Event("skip", seat, {}))
            seat = (seat + 1) % self.seats

    def _refill(self, seat: int, events: list[Event] | None) -> None:
        """Draw `refill` cards (what is left, when fewer) into an empty hand; books count."""
        cards = self.stock[self.drawn : self.drawn + self.refill]
        self.drawn += len(cards)
        self._take(seat, cards)
        at = len(self.log)
        self.log.append({"type": "refill", "seat": seat, "count": len(cards)})
        self.private[seat].append({"at": at, "cards": list(cards)})
        if events is not None:
            events.append(Event("refill", seat, {"count": len(cards)}))
            events.append(
                Event(
                    "refill",
                    seat,
                    {"count": len(cards), "cards": list(cards)},
                    audience=_AUDIENCES[seat][seat],
                )
            )
        for rank in RANKS:
            if len(self.hands[seat].get(rank, ())) == 4:
                self._book(seat, rank, events)

    def _take(self, seat: int, cards: Sequence[str]) -> None:
        """Put cards into a hand (kept by rank, each rank in suit order)."""
        hand = self.hands[seat]
        for card in cards:
            hand.setdefault(card[0], []).append(card)
            self.masks[seat] |= 1 << RANK_ORDER[card[0]]
        for held in hand.values():
            held.sort(key=_by_suit)
        self.hands[seat] = _in_rank_order(hand)
        self.sizes[seat] += len(cards)

    @classmethod
    def cpu_player(cls, level: str) -> CpuPlayer:
        """The document's three levels: easy fixes on a rank, normal uses the latest public
        news, hard tracks every seat's ranks from all public information."""
        from engines.go_fish.cpu import player

        return player(level)

    # ------------------------------------------------------------------ the end

    def is_over(self) -> bool:
        """True once all 13 books are made (early end: once a hand or the stock is empty)."""
        return self.over

    def result(self) -> dict[str, JSON] | None:
        """`{"books", "book_counts", "winners"}` once over: the most books win, ties share."""
        if not self.over:
            return None
        counts = [len(books) for books in self.books]
        best = max(counts)
        return {
            "books": [list(books) for books in self.books],
            "book_counts": counts,
            "winners": [seat for seat, count in enumerate(counts) if count == best],
        }

    def scores(self) -> list[float] | None:
        """Books per seat, once over."""
        return [float(len(books)) for books in self.books] if self.over else None

    # ------------------------------------------------------------------ what players see

    def summary(self) -> dict[str, JSON]:
        """Hand sizes, books, the stock count, whose turn, the options and the asks so far."""
        return {
            "hand_counts": list(self.sizes),
            "books": [list(books) for books in self.books],
            "book_counts": [len(books) for books in self.books],
            "stock": self.stock_size - self.drawn,
            "turn": None if self.over else self.turn,
            "first": self.first,
            "asks": self.asks,
            "rules": self.options["rules"],
            "refill": self.refill,
        }

    def view(self, seat: int | None = None) -> dict[str, JSON]:
        """The public table and history, and for a seat its own hand and private sightings.

        `log` is shared, not copied entry by entry: its entries are never changed once written.
        """
        view: dict[str, JSON] = {
            "game": self.id,
            "viewer": seat,
            "seats": self.seats,
            "rules": self.options["rules"],
            "refill": self.refill,
            "first": self.first,
            "hand_counts": list(self.sizes),
            "books": [list(books) for books in self.books],
            "stock": self.stock_size - self.drawn,
            "turn": None if self.over else self.turn,
            "to_act": [] if self.over else [self.turn],
            "log": list(self.log),
            "over": self.over,
            "result": self.result() if self.over else None,
        }
        if seat is not None and 0 <= seat < self.seats:
            view["hand"] = [card for held in self.hands[seat].values() for card in held]
            view["private"] = list(self.private[seat])
        return view

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, JSON]:
        """The whole state, hands and stock order included."""
        return {
            "game": self.id,
            "seats": self.seats,
            "options": dict(self.options),
            "seed": self.seed,
            "hands": [[card for held in hand.values() for card in held] for hand in self.hands],
            "stock": self.stock[self.drawn :],
            "books": [list(books) for books in self.books],
            "first": self.first,
            "turn": self.turn,
            "over": self.over,
            "asks": self.asks,
            "log": [_copy(entry) for entry in self.log],
            "private": [[_copy(seen) for seen in mine] for mine in self.private],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GoFish:
        """Rebuild from `to_json` output."""
        game = cls()
        game.seats = data["seats"]
        game.options = dict(data["options"])
        game.seed = data["seed"]
        game.early_end = game.options["rules"] == EARLY_END
        game.refill = int(game.options["refill"])
        game.hands = [{} for _ in data["hands"]]
        game.masks = [0] * game.seats
        game.sizes = [0] * game.seats
        for seat, cards in enumerate(data["hands"]):
            game._take(seat, cards)
        game.stock = list(data["stock"])
        game.stock_size = len(game.stock)
        game.drawn = 0
        game.books = [list(books) for books in data["books"]]
        game.book_total = sum(len(books) for books in game.books)
        game.first = data["first"]
        game.turn = data["turn"]
        game.over = data["over"]
        game.asks = data["asks"]
        game.log = [_copy(entry) for entry in data["log"]]
        game.private = [[_copy(seen) for seen in mine] for mine in data["private"]]
        return game


def _copy(entry: Mapping[str, JSON]) -> dict[str, JSON]:
    return {k: list(v) if isinstance(v, list) else v for k, v in entry.items()}
