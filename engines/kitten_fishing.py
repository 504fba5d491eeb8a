"""Kitten Fishing (子猫の魚釣り, 小猫钓鱼): two stocks, one table row, no decisions.

Rules of `../shared/seeds/000_d478d0f43de15dcd.txt`, top to bottom:
setup (52 cards dealt alternately, 26 each, face-down stocks, empty table), a turn (flip the
top card, then the first of: J sweep when the table is not empty; fishing the same rank with
everything after it; else the card stays), captured cards under the taker's stock in table order
with the flipped card last, the turn always passes, a flipper left with an empty stock loses at
once, and the 5000-move safety cap decided by stock counts (table cards not counted).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Mapping
from typing import Any, ClassVar, Final

from engines.actions import Action, Event
from engines.cards import CardError, check_permutation, standard_deck
from engines.cpu import FirstChoice
from engines.errors import JSON, IllegalAction, RecordError
from engines.game import Decide, Game
from engines.options import OptionSpec, resolve_options
from engines.players import CpuPlayer
from engines.registry import GameSpec, HiddenCards
from engines.rng import derive_rng, shuffle

MOVE_CAP: Final = 5000
JACK: Final = "J"
FLIP: Final = "flip"

_NO_CARDS: Final[list[str]] = []
_FLIPS: Final = (Action(0, FLIP), Action(1, FLIP))


class KittenFishing(Game):
    """One game of Kitten Fishing; the series (first player alternating) lives in the table."""

    id: ClassVar[str] = "kitten-fishing"
    names: ClassVar[Mapping[str, str]] = {"en": "Kitten Fishing", "ja": "子猫の魚釣り"}
    cpu_names: ClassVar[Mapping[str, str]] = {"en": "Kitten", "ja": "子猫"}
    instant_finish: ClassVar[bool] = True
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 2
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "first",
            (0, 1),
            0,
            names={"en": "First to flip", "ja": "先手"},
            choice_names={"0": {"en": "Seat 1", "ja": "席 1"}, "1": {"en": "Seat 2", "ja": "席 2"}},
        ),
    )

    def __init__(self) -> None:
        self.seats = 2
        self.options: dict[str, JSON] = {}
        self.seed = 0
        self.stocks: list[deque[str]] = [deque(), deque()]
        self.table: list[str] = []
        # rank -> index in `table`; at most one card of a rank lies on the table
        self.table_ranks: dict[str, int] = {}
        self.first = 0
        self.turn = 0
        self.moves = 0
        self.winner: int | None = None
        self.reason: str | None = None
        # the last flip: (seat, card, kind, captured, matched card)
        self.last: tuple[int, str, str, list[str], str | None] | None = None

    # ------------------------------------------------------------------ setup

    def setup(self, options: Mapping[str, JSON] | None, deal: JSON) -> None:
        """Shuffle and deal alternately 26 each, or lay out the given deal."""
        seed = self.seed
        self.options = resolve_options(self.option_specs, options)
        if deal is None:
            deck = standard_deck()
            shuffle(derive_rng(seed, "deal"), deck)
            stocks = [deck[0::2], deck[1::2]]
            first = self.options["first"]
        else:
            stocks, first = self._check_deal(deal)
        self.stocks = [deque(stocks[0]), deque(stocks[1])]
        self.first = self.turn = first

    @staticmethod
    def _check_deal(deal: JSON) -> tuple[list[list[str]], int]:
        if not isinstance(deal, dict) or set(deal) - {"stocks", "first"}:
            raise RecordError(
                "bad_deal", 'A kitten-fishing deal is {"stocks": [[...], [...]], "first": 0}.'
            )
        stocks = deal.get("stocks")
        first = deal.get("first", 0)
        if (
            not isinstance(stocks, list)
            or len(stocks) != 2
            or not all(isinstance(s, list) for s in stocks)
        ):
            raise RecordError("bad_deal", "The deal needs two stocks, each a list of card codes.")
        if first not in (0, 1) or isinstance(first, bool):
            raise RecordError("bad_deal", "The deal's 'first' must be 0 or 1.")
        try:
            check_permutation(stocks[0] + stocks[1], standard_deck())
        except CardError as exc:
            raise RecordError("bad_deal", str(exc)) from None
        if not stocks[0] or not stocks[1]:
            raise RecordError("bad_deal", "Each stock needs at least one card.")
        return [list(stocks[0]), list(stocks[1])], first

    # ------------------------------------------------------------------ a turn

    def to_act(self) -> frozenset[int]:
        """The seat whose turn it is to flip."""
        return frozenset() if self.winner is not None or self.reason else frozenset((self.turn,))

    def legal_actions(self, seat: int) -> list[Action]:
        """Flip, for the seat to act; nothing for the other."""
        return [Action.make(seat, FLIP)] if seat in self.to_act() else []

    def apply(self, action: Action) -> list[Event]:
        """Flip the top card of the seat's stock and resolve it."""
        if action.type != FLIP:
            raise IllegalAction(
                "unknown_action", f"Kitten Fishing has only 'flip', not '{action.type}'."
            )
        if action.fields:
            raise IllegalAction("malformed_action", "A flip takes no other fields.")
        self.check_turn(action)
        seat = action.seat
        card, kind, captured, matched = self._flip()
        events = [Event("flip", seat, {"card": card})]
        if kind != "stay":
            events.append(
                Event(kind, seat, {"cards": captured, "count": len(captured), "matched": matched})
            )
        if self.reason:
            events.append(Event("game_over", self.winner, {"result": self.result()}))
        return events

    def _flip(self) -> tuple[str, str, list[str], str | None]:
        """One flip of the seat to act: (card, 'stay'|'fish'|'sweep', captured, matched card)."""
        seat = self.turn
        stock = self.stocks[seat]
        table = self.table
        card = stock.popleft()
        self.moves += 1
        rank = card[0]
        matched: str | None = None
        if rank == JACK and table:
            kind, captured = "sweep", table + [card]
            table.clear()
            self.table_ranks.clear()
        elif rank in self.table_ranks:
            at = self.table_ranks[rank]
            matched = table[at]
            kind, captured = "fish", table[at:] + [card]
            for taken in table[at:]:
                del self.table_ranks[taken[0]]
            del table[at:]
        else:
            kind, captured = "stay", _NO_CARDS
            self.table_ranks[rank] = len(table)
            table.append(card)
        stock.extend(captured)
        self.last = (seat, card, kind, captured, matched)
        self.turn = 1 - seat
        self._check_end(seat)
        return card, kind, captured, matched

    def _check_end(self, flipper: int) -> None:
        if not self.stocks[flipper]:
            self.winner, self.reason = 1 - flipper, "empty"
        elif self.moves >= MOVE_CAP:
            a, b = len(self.stocks[0]), len(self.stocks[1])
            self.winner = 0 if a > b else 1 if b > a else None
            self.reason = "move_cap"

    @classmethod
    def next_match_options(cls, options: Mapping[str, JSON], seats: int) -> dict[str, JSON]:
        """The first player alternates from game to game."""
        return {**options, "first": (int(options.get("first", 0)) + 1) % seats}

    def autoplay(
        self, decide: Decide | None, limit: int | None = None, parts: int | None = None
    ) -> list[Action]:
        """Flip to the end ("see the result"): every seat's only choice is to flip (a game of
        one part: `parts` changes nothing).

        The same three checks as `_flip`, inlined on local variables: "see the result" and
        `cardbot replay --finish` run thousands of games a second through this loop, and a
        property test holds it to flip-by-flip play, card for card.
        """
        start = seat = self.turn
        moves = begun = self.moves
        stop = MOVE_CAP if limit is None else min(MOVE_CAP, moves + limit)
        stocks, table, table_ranks = self.stocks, self.table, self.table_ranks
        last = self.last
        while moves < stop and self.reason is None:
            stock = stocks[seat]
            card = stock.popleft()
            moves += 1
            rank = card[0]
            if rank == JACK and table:
                captured = table + [card]
                last = (seat, card, "sweep", captured, None)
                stock.extend(captured)
                table.clear()
                table_ranks.clear()
            elif rank in table_ranks:
                at = table_ranks[rank]
                captured = table[at:] + [card]
                last = (seat, card, "fish", captured, table[at])
                stock.extend(captured)
                for taken in table[at:]:
                    del table_ranks[taken[0]]
                del table[at:]
            else:
                last = (seat, card, "stay", _NO_CARDS, None)
                table_ranks[rank] = len(table)
                table.append(card)
                if not stock:
                    self.moves = moves
                    self._check_end(seat)
            seat = 1 - seat
        self.moves, self.turn, self.last = moves, seat, last
        if self.reason is None:
            self._check_end(1 - seat)
        # the flips taken, seats alternating from `start`: repeated by the list itself, as a
        # replay of thousands of games makes hundreds of thousands of them only to count them
        pair = _FLIPS if start == 0 else _FLIPS[::-1]
        flips = moves - begun
        return [*pair] * (flips // 2) + [*pair[: flips % 2]]

    # ------------------------------------------------------------------ the end

    def is_over(self) -> bool:
        """True once a stock ran out or the move cap was reached."""
        return self.reason is not None

    def result(self) -> dict[str, JSON] | None:
        """`{"winner", "reason", "moves", "stock_counts"}` once over."""
        if self.reason is None:
            return None
        return {
            "winner": self.winner,
            "reason": self.reason,
            "moves": self.moves,
            "stock_counts": [len(self.stocks[0]), len(self.stocks[1])],
        }

    # ------------------------------------------------------------------ what players see

    def summary(self) -> dict[str, JSON]:
        """Stock counts, the table row, the seat to flip and the move count."""
        return {
            "stock_counts": [len(self.stocks[0]), len(self.stocks[1])],
            "table": list(self.table),
            "turn": None if self.reason else self.turn,
            "moves": self.moves,
            "first": self.first,
        }

    def view(self, seat: int | None = None) -> dict[str, JSON]:
        """Everything on the table; stocks are face down for everyone, so all views agree."""
        return {
            "game": self.id,
            "viewer": seat,
            "seats": 2,
            **self.summary(),
            "move_cap": MOVE_CAP,
            "to_act": sorted(self.to_act()),
            "last": self._last_json(),
            "over": self.is_over(),
            "result": self.result(),
        }

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, JSON]:
        """The whole state, stock order included."""
        return {
            "game": self.id,
            "options": dict(self.options),
            "seed": self.seed,
            "stocks": [list(self.stocks[0]), list(self.stocks[1])],
            "table": list(self.table),
            "first": self.first,
            "turn": self.turn,
            "moves": self.moves,
            "winner": self.winner,
            "reason": self.reason,
            "last": self._last_json(),
        }

    def _last_json(self) -> dict[str, JSON] | None:
        if self.last is None:
            return None
        seat, card, kind, captured, matched = self.last
        return {
            "seat": seat,
            "card": card,
            "kind": kind,
            "captured": list(captured),
            "matched": matched,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> KittenFishing:
        """Rebuild from `to_json` output."""
        game = cls()
        game.options = dict(data["options"])
        game.seed = data["seed"]
        game.stocks = [deque(data["stocks"][0]), deque(data["stocks"][1])]
        game.table = list(data["table"])
        game.table_ranks = {card[0]: i for i, card in enumerate(game.table)}
        game.first = data["first"]
        game.turn = data["turn"]
        game.moves = data["moves"]
        game.winner = data["winner"]
        game.reason = data["reason"]
        last = data["last"]
        game.last = (
            None
            if last is None
            else (last["seat"], last["card"], last["kind"], list(last["captured"]), last["matched"])
        )
        return game


def _kitten(level: str) -> CpuPlayer:
    """The kitten (and Auto) at every level: flipping is the only thing to do."""
    return FirstChoice()


def _deal(game: Game) -> JSON:
    """A fresh game's layout as a record's `deal`."""
    state = game.to_json()
    return {"stocks": state["stocks"], "first": state["first"]}


def _vary(record: dict[str, JSON], seat: int, rng: random.Random) -> dict[str, JSON]:
    """Both stocks are face down for both seats: shuffle the cards never flipped yet.

    A seat flips from the top of its own stock, so after k flips it has shown the first k
    cards of its initial stock, as long as k is within that stock (beyond it, captured cards
    have come around and every initial card has been seen).
    """
    stocks = [list(stock) for stock in record["deal"]["stocks"]]
    flipped = [0, 0]
    for action in record["actions"]:
        flipped[action["seat"]] += 1
    unseen = [(s, i) for s in (0, 1) for i in range(flipped[s], len(stocks[s]))]
    cards = [stocks[s][i] for s, i in unseen]
    rng.shuffle(cards)
    for (s, i), card in zip(unseen, cards, strict=True):
        stocks[s][i] = card
    return {**record, "deal": {**record["deal"], "stocks": stocks}}


GAME: Final = GameSpec(engine=KittenFishing, cpu=_kitten, hidden=HiddenCards(_deal, _vary))
"""The game's descriptor, found by `engines.registry.game_spec`."""
