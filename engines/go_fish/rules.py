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

The game writes its history as small rows (`Row`) and turns them into the JSON entries of a
view only when a view is built: `replay --finish` and random playouts build none.

One module of this size, on purpose: it is the `GoFish` class, the state a record replays, with
the rows its history is kept in and the events they become beside the moves that write them
(so that both change together); the CPU levels that read that history are `cpu.py`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final, Protocol

from engines.actions import Action, Event
from engines.cards import RANKS, SUITS, CardError, check_permutation, standard_deck
from engines.cpu import CpuChooser
from engines.errors import JSON, GameError, IllegalAction, RecordError
from engines.game import Decide, Game
from engines.options import OptionSpec, resolve_options
from engines.prompts import Prompt
from engines.rng import below, derive_rng, shuffle

ASK: Final = "ask"
DRAW: Final = "draw"
BOOK: Final = "book"
REFILL: Final = "refill"
SKIP: Final = "skip"
STANDARD: Final = "standard"
EARLY_END: Final = "early_end"
BOOKS: Final = len(RANKS)
"""All 13 ranks make a book by the end of a standard game."""
RANK_ORDER: Final = {rank: i for i, rank in enumerate(RANKS)}
FULL: Final = (1 << len(SUITS)) - 1
"""The suit mask of a whole rank: a book."""

_HAND_SIZE: Final = {STANDARD: {2: 7, 3: 7, 4: 5}, EARLY_END: {2: 7, 3: 5, 4: 5}}
"""Cards dealt to each seat, by rule set and seat count."""
_DECK: Final = standard_deck()
_CARD_KEYS: Final[dict[str, tuple[int, int]]] = {
    rank + suit: (i, 1 << j) for i, rank in enumerate(RANKS) for j, suit in enumerate(SUITS)
}
"""(rank index, suit bit) of each card: a hand holds, per rank, a mask of its suits."""
CARDS: Final[list[list[tuple[str, ...]]]] = [
    [tuple(rank + suit for j, suit in enumerate(SUITS) if suits >> j & 1) for suits in range(16)]
    for rank in RANKS
]
"""`CARDS[rank index][suit mask]`: those cards, in suit order (♠ ♥ ♦ ♣)."""
COUNT: Final = [suits.bit_count() for suits in range(16)]
"""`COUNT[suit mask]`: how many cards the mask holds."""


class _Ranks(dict[int, tuple[int, ...]]):
    """Rank masks to their rank indices, filled as masks are met (a hand's ranks repeat)."""

    def __missing__(self, ranks: int) -> tuple[int, ...]:
        found = self[ranks] = tuple(i for i in range(BOOKS) if ranks >> i & 1)
        return found


HELD: Final = _Ranks()
"""`HELD[rank mask]`: its rank indices, A to K."""


ASKS: Final[dict[tuple[int, int, str], Action]] = {
    (seat, target, rank): Action(seat, ASK, (("rank", rank), ("target", target)))
    for seat in range(4)
    for target in range(4)
    for rank in RANKS
}
"""Every ask there can be, built once: prompts are made thousands of times a second."""
ASK_TABLE: Final[list[list[list[Action]]]] = [
    [[ASKS[seat, target, rank] for rank in RANKS] for target in range(4)] for seat in range(4)
]
"""`ASK_TABLE[seat][target][rank index]`: the same asks, by index."""
_ASK_KEYS: Final[dict[int, tuple[int, int, int]]] = {
    id(action): (seat, target, RANK_ORDER[rank]) for (seat, target, rank), action in ASKS.items()
}
"""(seat, target, rank index) of each prebuilt ask, by identity: the CPUs answer with these."""
_OTHERS: Final = [[sum(1 << t for t in range(n) if t != s) for s in range(n)] for n in range(5)]
"""`_OTHERS[seats][seat]`: every other seat, as a bit mask."""
_AUDIENCES: Final = [[frozenset((a, b)) for b in range(4)] for a in range(4)]
"""`_AUDIENCES[a][b]`: seats a and b (a alone when a == b), for private events."""
_TURNS: Final = [frozenset((seat,)) for seat in range(4)]
"""`to_act()` of each seat's turn, made once."""
ORDER: Final = [[tuple((s + k) % n for k in range(1, n)) for s in range(n)] for n in range(5)]
"""`ORDER[seats][seat]`: the other seats in play order from the next one."""
_PROMPTS: Final[dict[int, Prompt]] = {}
"""Prompts by seat | ranks held (a mask) << 2 | seats that may be asked (a mask) << 15."""
_PROMPT_CACHE_MOST: Final = 100_000


Row = tuple[Any, ...]
"""One entry of the public log, as the game writes it (`_entry` makes the view's JSON of it):
`("ask", seat, target, rank index, count)`, `("draw", seat, the card shown or None)`,
`("book", seat, rank index)`, `("refill", seat, count)`, `("skip", seat)`."""
Seen = tuple[int, tuple[str, ...]]
"""A private sighting: (the index of its log entry, the cards seen)."""


def _entry(row: Row) -> dict[str, JSON]:
    """The log entry a view shows for a row (the table in docs/go-fish.md)."""
    kind, seat = row[0], row[1]
    if kind == ASK:
        return {"type": ASK, "seat": seat, "target": row[2], "rank": RANKS[row[3]], "count": row[4]}
    if kind == DRAW:
        if row[2] is None:
            return {"type": DRAW, "seat": seat, "lucky": False}
        return {"type": DRAW, "seat": seat, "lucky": True, "card": row[2]}
    if kind == BOOK:
        return {"type": BOOK, "seat": seat, "rank": RANKS[row[2]]}
    if kind == REFILL:
        return {"type": REFILL, "seat": seat, "count": row[2]}
    return {"type": SKIP, "seat": seat}


def _row(entry: Mapping[str, JSON]) -> Row:
    """The row of a log entry (`to_json` output read back)."""
    kind, seat = entry["type"], entry["seat"]
    if kind == ASK:
        return (ASK, seat, entry["target"], RANK_ORDER[entry["rank"]], entry["count"])
    if kind == DRAW:
        return (DRAW, seat, entry.get("card"))
    if kind == BOOK:
        return (BOOK, seat, RANK_ORDER[entry["rank"]])
    if kind == REFILL:
        return (REFILL, seat, entry["count"])
    return (SKIP, seat)


def _sighting(seen: Seen) -> dict[str, JSON]:
    return {"at": seen[0], "cards": list(seen[1])}


# What `apply` tells: each event is built the first time it is told, then shared (an Event is
# frozen and nobody changes its data; building one costs more than the rest of an ask). The
# tables are lists indexed by seat, seat, rank and the rest: cheaper to read than a cache keyed
# by the arguments.

_ASKED: Final[list[Event | None]] = [None] * (4 * 4 * BOOKS * 5)
_HANDED: Final[list[Event | None]] = [None] * (4 * 4 * BOOKS * 16)
_GO_FISH: Final[list[Event | None]] = [None] * (4 * 4 * BOOKS * 2)
_LUCKY: Final[list[dict[str, Event]]] = [{} for _ in range(4)]
_DREW: Final[list[dict[str, Event]]] = [{} for _ in range(4)]
_BOOKED: Final[list[Event | None]] = [None] * (4 * BOOKS)
_REFILLED: Final[list[dict[int, Event]]] = [{} for _ in range(4)]
_SKIPPED: Final[list[Event]] = [Event("skip", seat, {}) for seat in range(4)]


def _asked(seat: int, target: int, rank: int, count: int) -> Event:
    i = ((seat * 4 + target) * BOOKS + rank) * 5 + count
    event = _ASKED[i]
    if event is None:
        event = Event(ASK, seat, {"target": target, "rank": RANKS[rank], "count": count})
        _ASKED[i] = event
    return event


def _handed(seat: int, target: int, rank: int, suits: int) -> Event:
    """`target` handed the cards of `suits` (a mask) of a rank to `seat`: the two seats see it."""
    i = ((seat * 4 + target) * BOOKS + rank) * 16 + suits
    event = _HANDED[i]
    if event is None:
        data = {"to": seat, "rank": RANKS[rank], "cards": list(CARDS[rank][suits])}
        event = Event("handed", target, data, audience=_AUDIENCES[seat][target])
        _HANDED[i] = event
    return event


def _go_fish(seat: int, target: int, rank: int, drew: bool) -> Event:
    i = ((seat * 4 + target) * BOOKS + rank) * 2 + (1 if drew else 0)
    event = _GO_FISH[i]
    if event is None:
        event = Event("go_fish", seat, {"target": target, "rank": RANKS[rank], "drew": drew})
        _GO_FISH[i] = event
    return event


def _lucky(seat: int, card: str) -> Event:
    event = _LUCKY[seat].get(card)
    if event is None:
        event = _LUCKY[seat][card] = Event("lucky", seat, {"card": card, "rank": card[0]})
    return event


def _drew(seat: int, card: str) -> Event:
    """The card a miss drew: its drawer alone sees it."""
    event = _DREW[seat].get(card)
    if event is None:
        event = Event("drew", seat, {"card": card}, audience=_AUDIENCES[seat][seat])
        _DREW[seat][card] = event
    return event


def _booked(seat: int, rank: int) -> Event:
    i = seat * BOOKS + rank
    event = _BOOKED[i]
    if event is None:
        event = _BOOKED[i] = Event("book", seat, {"rank": RANKS[rank]})
    return event


def _refilled(seat: int, count: int) -> Event:
    event = _REFILLED[seat].get(count)
    if event is None:
        event = _REFILLED[seat][count] = Event("refill", seat, {"count": count})
    return event


def _skipped(seat: int) -> Event:
    return _SKIPPED[seat]


class NewsReader(Protocol):
    """A CPU's reading of the public log kept up to date row by row, from which `autoplay`
    answers its seats without building their views (a player offers one as its `NEWS`)."""

    def learn(self, log: Sequence[Row]) -> None:
        """Read the rows of the game's log not read yet."""
        ...

    def ask(
        self,
        seat: int,
        mine: Sequence[int],
        ranks: int,
        sizes: Sequence[int],
        stocked: bool,
        rng: random.Random,
    ) -> tuple[int, int]:
        """(target, rank index) of the player's ask for `seat`."""
        ...


def _news_readers(
    decide: Decide, seats: int
) -> tuple[list[random.Random | None], NewsReader | None]:
    """For a `CpuChooser` whose players (of one kind) offer a `NEWS` reader: per seat the RNG
    of a seat that reader answers (None for another player), and the reader."""
    none: list[random.Random | None] = [None] * seats
    if not isinstance(decide, CpuChooser) or len(decide.players) != seats:
        return none, None
    kinds = {vars(type(player)).get("NEWS") for player in decide.players} - {None}
    if len(kinds) != 1:
        return none, None
    kind: Any = kinds.pop()
    rngs = [
        rng if vars(type(player)).get("NEWS") is kind else None
        for player, rng in zip(decide.players, decide.rngs, strict=True)
    ]
    reader: NewsReader = kind(seats)
    return rngs, reader


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
        self.suits: list[list[int]] = []
        """Per seat, per rank (A..K): the suits held, bit j for `SUITS[j]` (a hand is listed
        by rank, then suit, so this is its order too)."""
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
        self.log: list[Row] = []
        """The public history, oldest first."""
        self.seen: list[list[Seen]] = []
        """Per seat: the cards it alone (or with the other seat of a hand-over) saw: its draws
        and the cards handed to or by it."""
        self._entries: list[dict[str, JSON]] = []
        """The log's view entries made so far: never changed once made (views share them)."""
        self._sightings: list[list[dict[str, JSON]]] = []
        """The same for each seat's `seen`."""
        self._asked_key = -1
        self._asked: Prompt | None = None
        """The prompt `_prompt` gave last and its key: a turn's asks often share one."""

    # ------------------------------------------------------------------ setup

    def setup(self, options: Mapping[str, JSON] | None, deal: JSON) -> None:
        """Shuffle and deal (or lay out `deal`), lay down dealt books, start the first turn."""
        seats, seed = self.seats, self.seed
        self.options = resolve_options(self.option_specs, options)
        self.early_end = self.options["rules"] == EARLY_END
        self.refill = int(self.options["refill"])
        if deal is None:
            rng = derive_rng(seed, "deal")
            deck = list(_DECK)
            shuffle(rng, deck)
            size = _HAND_SIZE[str(self.options["rules"])][seats]
            hands = [deck[s * size : (s + 1) * size] for s in range(seats)]
            stock = deck[seats * size :]
            first = below(rng, seats)
        else:
            hands, stock, first = self._check_deal(deal, seats)
        self.suits = [[0] * BOOKS for _ in range(seats)]
        self.masks = [0] * seats
        self.sizes = [0] * seats
        for seat, cards in enumerate(hands):
            self._take(seat, cards)
        self.stock = stock
        self.stock_size = len(stock)
        self.books = [[] for _ in range(seats)]
        self.seen = [[] for _ in range(seats)]
        self._sightings = [[] for _ in range(seats)]
        self.first = first
        for seat in range(seats):
            self._lay_down(seat, None)
        if not self._ended():
            self._start_turn(first, None)

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
        return frozenset() if self.over else _TURNS[self.turn]

    def prompts(self) -> dict[int, Prompt]:
        """One required public prompt: the seat to act, with every ask it may make."""
        return {} if self.over else {self.turn: self._prompt(self.turn)}

    def seat_decisions(self) -> dict[int, Prompt]:
        """`prompts()`: every decision is a seat's own (the draw is part of an ask)."""
        return {} if self.over else {self.turn: self._prompt(self.turn)}

    def table_step(self) -> Prompt | None:
        """None: the table takes no step of its own."""
        return None

    def prompt(self, seat: int) -> Prompt | None:
        """The ask `seat` may make now, if it is its turn."""
        return None if self.over or seat != self.turn else self._prompt(seat)

    def _prompt(self, seat: int) -> Prompt:
        """`seat`'s ask prompt, cached by the ranks it holds and the seats it may ask."""
        if self.drawn < self.stock_size:
            targets = _OTHERS[self.seats][seat]
        else:
            targets = 0
            for target, size in enumerate(self.sizes):
                if size and target != seat:
                    targets |= 1 << target
        ranks = self.masks[seat]
        key = seat | ranks << 2 | targets << 15
        if key == self._asked_key and self._asked is not None:
            return self._asked
        prompt = _PROMPTS.get(key)
        if prompt is None:
            # the seats in play order from the next one, each rank held from A to K
            asks, held = ASK_TABLE[seat], HELD[ranks]
            choices = tuple(
                asks[target][rank]
                for target in ORDER[self.seats][seat]
                if targets >> target & 1
                for rank in held
            )
            prompt = Prompt(seat, ASK, choices=choices)
            if len(_PROMPTS) >= _PROMPT_CACHE_MOST:
                _PROMPTS.clear()
            _PROMPTS[key] = prompt
        self._asked_key, self._asked = key, prompt
        return prompt

    def legal_actions(self, seat: int) -> list[Action]:
        """Every ask `seat` may make now: each other seat that may be asked × each rank held."""
        if self.over or seat != self.turn:
            return []
        return list(self._prompt(seat).choices)

    def check(self, action: Action) -> None:
        """Judge an ask without making it."""
        self._judge(action)

    def _judge(self, action: Action) -> tuple[int, int, int]:
        """(seat, target, rank index) of a legal ask; IllegalAction, with a reason, otherwise."""
        key = _ASK_KEYS.get(id(action))
        if key is None or ASK_TABLE[key[0]][key[1]][key[2]] is not action:
            key = self._parse(action)
        seat, target, rank = key
        if self.over or seat != self.turn:
            self.check_turn(action)
        if not 0 <= target < self.seats:
            raise IllegalAction("bad_target", f"There is no seat {target}.", target=target)
        if target == seat:
            raise IllegalAction("ask_yourself", "Ask another player, not yourself.")
        if not self.masks[seat] >> rank & 1:
            raise IllegalAction("rank_not_held", "Ask for a rank you hold.", rank=RANKS[rank])
        if not self.sizes[target] and self.drawn >= self.stock_size:
            raise IllegalAction(
                "target_empty",
                "That seat has no cards to give, and the stock is empty: ask a seat with cards.",
                target=target,
            )
        return key

    @staticmethod
    def _parse(action: Action) -> tuple[int, int, int]:
        """(seat, target, rank index) of an action shaped as an ask (not judged yet)."""
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
        return action.seat, target, RANK_ORDER[rank]

    def apply(self, action: Action) -> list[Event]:
        """Make an ask and resolve it: the hand-over, or Go Fish and the draw; books; the turn."""
        seat, target, rank = self._judge(action)
        events: list[Event] = []
        self._ask(seat, target, rank, events)
        if self.over:
            events.append(Event("game_over", None, {"result": self.result()}))
        return events

    def autoplay(
        self, decide: Decide, limit: int | None = None, parts: int | None = None
    ) -> list[Action]:
        """Let `decide` make every ask to the end (or `limit` asks; a game of one part, so
        `parts` changes nothing): the base loop, without
        building the events nobody reads. Every seat's only decision is its required ask, so
        the order of decisions is the base class's; a property test holds the two together.

        When `decide` is a `CpuChooser`, its normal-level seats are answered by their
        `NewsReader` (`LatestNews`, engines/go_fish/cpu.py) from the seat's own hand and the
        public log, with the seat's RNG, without building a view: the asks `NormalPlayer`
        makes, as a test holds.
        """
        normal, news = _news_readers(decide, self.seats)
        taken: list[Action] = []
        while not self.over and (limit is None or len(taken) < limit):
            seat = self.turn
            rng = normal[seat]
            if rng is None:
                action = decide(self, self._prompt(seat))
                if action is None:
                    raise GameError("cpu_declined", f"No answer to a required '{ASK}' prompt.")
                seat, target, rank = self._judge(action)
            else:
                assert news is not None
                news.learn(self.log)
                target, rank = news.ask(
                    seat,
                    self.suits[seat],
                    self.masks[seat],
                    self.sizes,
                    self.drawn < self.stock_size,
                    rng,
                )
                action = ASK_TABLE[seat][target][rank]
            self._ask(seat, target, rank, None)
            taken.append(action)
        return taken

    def _ask(self, seat: int, target: int, rank: int, events: list[Event] | None) -> None:
        """Resolve a legal ask for `RANKS[rank]`; `events` (None: nobody listens) receives
        what happened."""
        self.asks += 1
        log, sizes = self.log, self.sizes
        mine, theirs = self.suits[seat], self.suits[target]
        at = len(log)
        got = theirs[rank]
        if got:
            count = COUNT[got]
            theirs[rank] = 0
            self.masks[target] ^= 1 << rank
            held = mine[rank] = mine[rank] | got
            sizes[target] -= count
            sizes[seat] += count
            log.append((ASK, seat, target, rank, count))
            seen = (at, CARDS[rank][got])
            self.seen[seat].append(seen)
            self.seen[target].append(seen)
            if events is not None:
                events.append(_asked(seat, target, rank, count))
                events.append(_handed(seat, target, rank, got))
            if held == FULL:
                self._book(seat, rank, events)
            # only a book (or, with early end, an emptied hand) may end the game here
            if (held == FULL or self.early_end) and self._ended():
                return
            if not sizes[seat]:
                # the ask made a book of the last cards: refill and go on (or pass)
                self._start_turn(seat, events)
            return
        log.append((ASK, seat, target, rank, 0))
        drawn = self.drawn
        if drawn >= self.stock_size:
            # no stock: nothing is drawn and the turn passes
            if events is not None:
                events.append(_go_fish(seat, target, rank, False))
            self._pass_turn(seat, events)
            return
        card = self.stock[drawn]
        self.drawn = drawn + 1
        drew, suit = _CARD_KEYS[card]
        lucky = drew == rank
        held = mine[drew] = mine[drew] | suit
        self.masks[seat] |= 1 << drew
        sizes[seat] += 1
        log.append((DRAW, seat, card if lucky else None))
        self.seen[seat].append((at + 1, (card,)))
        if events is not None:
            # the public side of the miss (Go Fish, a card drawn), then the card
            events.append(_go_fish(seat, target, rank, True))
            events.append(_lucky(seat, card) if lucky else _drew(seat, card))
        if held == FULL:
            self._book(seat, drew, events)
        # only a book (or, with early end, the last card of the stock) may end the game here
        if (held == FULL or self.early_end) and self._ended():
            return
        if not lucky:
            self._pass_turn(seat, events)
        elif not sizes[seat]:
            # the shown card made a book of the last cards: refill and go on (or pass)
            self._start_turn(seat, events)

    def _pass_turn(self, seat: int, events: list[Event] | None) -> None:
        """The turn passes from `seat` to the next seat."""
        following = seat + 1 if seat + 1 < self.seats else 0
        if self.sizes[following]:
            self.turn = following
        else:
            self._start_turn(following, events)

    def _book(self, seat: int, rank: int, events: list[Event] | None) -> None:
        """Lay down the four cards of `RANKS[rank]` from `seat`'s hand."""
        self.suits[seat][rank] = 0
        self.masks[seat] ^= 1 << rank
        self.sizes[seat] -= 4
        self.books[seat].append(RANKS[rank])
        self.book_total += 1
        self.log.append((BOOK, seat, rank))
        if events is not None:
            events.append(_booked(seat, rank))

    def _lay_down(self, seat: int, events: list[Event] | None) -> None:
        """Lay down every book in `seat`'s hand (after a deal or a refill), A to K."""
        mine = self.suits[seat]
        for rank in HELD[self.masks[seat]]:
            if mine[rank] == FULL:
                self._book(seat, rank, events)

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
            self.log.append((SKIP, seat))
            if events is not None:
                events.append(_skipped(seat))
            seat = (seat + 1) % self.seats

    def _refill(self, seat: int, events: list[Event] | None) -> None:
        """Draw `refill` cards (what is left, when fewer) into an empty hand; books count."""
        cards = self.stock[self.drawn : self.drawn + self.refill]
        self.drawn += len(cards)
        self._take(seat, cards)
        self.seen[seat].append((len(self.log), tuple(cards)))
        self.log.append((REFILL, seat, len(cards)))
        if events is not None:
            events.append(_refilled(seat, len(cards)))
            events.append(
                Event(
                    "refill",
                    seat,
                    {"count": len(cards), "cards": list(cards)},
                    audience=_AUDIENCES[seat][seat],
                )
            )
        self._lay_down(seat, events)

    def _take(self, seat: int, cards: Sequence[str]) -> None:
        """Put cards into a hand."""
        mine = self.suits[seat]
        ranks = 0
        for card in cards:
            rank, suit = _CARD_KEYS[card]
            mine[rank] |= suit
            ranks |= 1 << rank
        self.masks[seat] |= ranks
        self.sizes[seat] += len(cards)

    def hand(self, seat: int) -> list[str]:
        """The cards `seat` holds, by rank (A..K), then suit (♠ ♥ ♦ ♣)."""
        mine = self.suits[seat]
        return [card for rank in HELD[self.masks[seat]] for card in CARDS[rank][mine[rank]]]

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
            "log": list(self._log_entries()),
            "over": self.over,
            "result": self.result() if self.over else None,
        }
        if seat is not None and 0 <= seat < self.seats:
            view["hand"] = self.hand(seat)
            view["private"] = list(self._seen_entries(seat))
        return view

    def _log_entries(self) -> list[dict[str, JSON]]:
        """The log as a view shows it: entries made once, from the rows not made yet."""
        entries = self._entries
        if len(entries) < len(self.log):
            entries += map(_entry, self.log[len(entries) :])
        return entries

    def _seen_entries(self, seat: int) -> list[dict[str, JSON]]:
        """`private` of `seat`'s view: `{"at": log index, "cards": [...]}`, made once."""
        entries, seen = self._sightings[seat], self.seen[seat]
        if len(entries) < len(seen):
            entries += map(_sighting, seen[len(entries) :])
        return entries

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, JSON]:
        """The whole state, hands and stock order included."""
        return {
            "game": self.id,
            "seats": self.seats,
            "options": dict(self.options),
            "seed": self.seed,
            "hands": [self.hand(seat) for seat in range(self.seats)],
            "stock": self.stock[self.drawn :],
            "books": [list(books) for books in self.books],
            "first": self.first,
            "turn": self.turn,
            "over": self.over,
            "asks": self.asks,
            "log": [_entry(row) for row in self.log],
            "private": [[_sighting(seen) for seen in mine] for mine in self.seen],
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
        game.suits = [[0] * BOOKS for _ in data["hands"]]
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
        game.log = [_row(entry) for entry in data["log"]]
        game.seen = [
            [(seen["at"], tuple(seen["cards"])) for seen in mine] for mine in data["private"]
        ]
        game._sightings = [[] for _ in game.seen]
        return game
