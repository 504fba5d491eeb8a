"""Go Fish computer players, as the rule document describes its three levels.

- easy: fixes on one rank: while the stock lasts it tends to repeat its last ask, as long as it
  is legal; it barely uses what others said (now and then it asks back the latest ask it
  heard); once the stock is gone it changes its question.
- normal: uses the most recent public information, the log from its own previous turn on: who
  asked for what (they hold it), who just said "Go Fish" (they lack it, until they draw).
- hard: uses all public information so far and its own counts: for every opponent the ranks
  it must hold (it asked for them and has not given them away since, with how many cards) and
  the ranks it can't hold (it said Go Fish or gave them away, and has drawn nothing since, or
  only so many cards), then asks where success is likeliest, preferring asks that complete books.

Each decides from its seat's view (its own hand, the hand sizes, the stock count and the
public log) and its RNG, never from the game state: no hidden hand, no stock order.
`LatestNews` gives the normal level's answers from the same things (the log as the game's
rows, the seat's own hand as masks) when `GoFish.autoplay` plays a `CpuChooser`'s seats.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engines.actions import Action
from engines.cpu import CpuChooser
from engines.errors import GameError
from engines.game import Decide
from engines.go_fish.rules import ASK, ASKS, BOOK, BOOKS, COUNT, HELD, ORDER, Row
from engines.players import CpuPlayer, Decision, Hint
from engines.rng import below, choice

Log = Sequence[Mapping[str, Any]]


def player(level: str) -> CpuPlayer:
    """The player of a level."""
    if level == "easy":
        return EasyPlayer()
    if level == "normal":
        return NormalPlayer()
    if level == "hard":
        return HardPlayer()
    raise GameError("bad_level", "CPU level is one of easy, normal, hard.", level=level)


def held_ranks(view: Mapping[str, Any]) -> dict[str, int]:
    """The viewer's own count of each rank it holds, in rank order."""
    counts: dict[str, int] = {}
    for card in view["hand"]:
        rank = card[0]
        counts[rank] = counts.get(rank, 0) + 1
    return counts


def askable(view: Mapping[str, Any], seat: int) -> list[int]:
    """The seats `seat` may ask, in play order from the next one: any other seat while the
    stock lasts, then only seats holding cards."""
    seats = view["seats"]
    sizes = view["hand_counts"]
    stock = view["stock"]
    order = [(seat + k) % seats for k in range(1, seats)]
    return [t for t in order if stock or sizes[t]]


def _last_ask(log: Log, seat: int) -> Mapping[str, Any] | None:
    for entry in reversed(log):
        if entry["type"] == ASK and entry["seat"] == seat:
            return entry
    return None


# --------------------------------------------------------------------------- easy


class EasyPlayer:
    """Tends to repeat its last ask while it stays legal and the stock lasts."""

    FIXATION = 0.5
    """How often it repeats its last ask (when it may) while the stock lasts."""
    HEARSAY = 0.25
    """How often it asks back the latest ask it heard (for a rank it holds)."""

    def decide(self, decision: Decision) -> Action | None:
        """The same ask as last time, now and then hearsay, else any rank of its hand."""
        view, rng = decision.view, decision.rng
        seat = decision.prompt.seat
        counts = held_ranks(view)
        targets = askable(view, seat)
        log: Log = view["log"]
        last = _last_ask(log, seat)
        stock = view["stock"]
        if (
            stock
            and last is not None
            and last["rank"] in counts
            and last["target"] in targets
            and rng.random() < self.FIXATION
        ):
            return ASKS[seat, last["target"], last["rank"]]
        if rng.random() < self.HEARSAY:
            for entry in reversed(log):
                if entry["type"] == ASK and entry["seat"] != seat:
                    if entry["rank"] in counts and entry["seat"] in targets:
                        return ASKS[seat, entry["seat"], entry["rank"]]
                    break
        asks = [(t, r) for t in targets for r in counts]
        if not stock and last is not None and len(asks) > 1:
            # the stock is gone: change the question
            asks = [ask for ask in asks if ask != (last["target"], last["rank"])]
        target, rank = choice(rng, asks)
        return ASKS[seat, target, rank]


# --------------------------------------------------------------------------- normal


class LatestNews:
    """`NormalPlayer`'s reading of the log, kept up to date row by row: `GoFish.autoplay`
    answers a normal seat with it, without building the seat's view.

    `NormalPlayer.decide` walks the log back from its newest entry to the start of the
    seat's previous turn (its window); this keeps what that walk finds, for every seat at
    once, so an answer costs no walk. The log's entries are grouped in runs of one seat's
    entries, and a seat's window starts where its run before the newest run of other seats'
    entries starts. Then, for every seat:

    - `claimed`: the ranks it asked for and has not been asked for since (it holds them, as
      the walk's "asked for a rank and not `gone`"), with `claimed_at` the index of its latest
      ask for each;
    - `denied`: (index, rank bit) of the asks made of it since it last drew (a draw, a refill
      or a skipped turn): the ranks of those in the window are the ranks it `lacks`.

    It reads the public log only, like the player whose answers it gives.
    """

    __slots__ = ("claimed", "claimed_at", "denied", "last", "latest", "previous", "read")

    def __init__(self, seats: int) -> None:
        self.read = 0
        """How many log entries it has read."""
        self.last = -1
        """The seat of the newest entry read."""
        self.latest = [0] * seats
        """Per seat: the index of the first entry of its newest run of entries."""
        self.previous = [0] * seats
        """Per seat: the same for its run before that (0 when there is none)."""
        self.claimed = [0] * seats
        self.claimed_at = [[0] * BOOKS for _ in range(seats)]
        self.denied: list[list[tuple[int, int]]] = [[] for _ in range(seats)]

    def learn(self, log: Sequence[Row]) -> None:
        """Read the rows of the game's log (`GoFish.log`) not read yet."""
        last = self.last
        for at in range(self.read, len(log)):
            row = log[at]
            kind, who = row[0], row[1]
            if who != last:
                self.previous[who] = self.latest[who]
                self.latest[who] = at
                last = who
            if kind == ASK:
                target, rank = row[2], row[3]
                bit = 1 << rank
                self.claimed[who] |= bit
                self.claimed_at[who][rank] = at
                self.claimed[target] &= ~bit
                self.denied[target].append((at, bit))
            elif kind != BOOK:
                self.denied[who] = []
        self.last = last
        self.read = len(log)

    def ask(
        self,
        seat: int,
        mine: Sequence[int],
        ranks: int,
        sizes: Sequence[int],
        stocked: bool,
        rng: random.Random,
    ) -> tuple[int, int]:
        """(target, rank index) of `NormalPlayer`'s ask for `seat`, from the log read so far.

        `mine[r]` holds the suits of rank r in the seat's own hand (a mask), `ranks` the ranks
        it holds (a mask): its own cards; `sizes` and `stocked` (the stock is not empty) are
        public. It draws from `rng` what `NormalPlayer.decide` draws.
        """
        # the window starts with the seat's previous turn (its last one, if others played since)
        start = self.previous[seat] if self.last == seat else self.latest[seat]
        # a seat that asked, within the window, for a rank it holds (the rank held most of,
        # then the newest ask); and for each seat that may be asked, the ranks it was not
        # just asked in vain for
        best = best_at = target = rank = 0
        every = HELD[ranks]
        fresh: list[tuple[int, tuple[int, ...]]] = []
        total = 0
        for other in ORDER[len(sizes)][seat]:
            if not (stocked or sizes[other]):
                continue
            sure = self.claimed[other] & ranks
            if sure:
                asked_at = self.claimed_at[other]
                for r in HELD[sure]:
                    at = asked_at[r]
                    if at >= start:
                        count = COUNT[mine[r]]
                        if count > best or (count == best and at > best_at):
                            best, best_at, target, rank = count, at, other, r
            lacks = 0
            for at, bit in reversed(self.denied[other]):
                if at < start:
                    break
                lacks |= bit
            asked = HELD[ranks & ~lacks] if lacks & ranks else every
            fresh.append((other, asked))
            total += len(asked)
        if best:
            return target, rank
        if not total:
            # every ask was just answered "Go Fish": any ask
            fresh = [(other, every) for other, _ in fresh]
            total = len(fresh) * len(every)
        # `rng.choice` of `total` asks draws `randrange(total)`; a single ask draws nothing
        pick = below(rng, total) if total > 1 else 0
        at = 0
        while pick >= len(fresh[at][1]):
            pick -= len(fresh[at][1])
            at += 1
        return fresh[at][0], fresh[at][1][pick]


class NormalPlayer:
    """Asks a seat that just asked for a rank it holds (the one it holds most of); else any
    ask but one that a seat just answered "Go Fish".

    "Just" is the log from its own previous turn on: that turn's answers, the other seats'
    turns since, and its own turn so far. A seat that asked for a rank holds it unless it was
    asked for it since; a seat that was asked in vain lacks it until it draws.
    """

    NEWS: ClassVar = LatestNews
    """Its reading of the log, from which `GoFish.autoplay` answers it without a view."""

    def decide(self, decision: Decision) -> Action | None:
        """The freshest sure thing, else any ask that no seat just answered "Go Fish"."""
        view = decision.view
        seat = decision.prompt.seat
        counts: dict[str, int] = {}
        for card in view["hand"]:
            counts[card[0]] = counts.get(card[0], 0) + 1
        stock = view["stock"]
        sizes = view["hand_counts"]
        seats = view["seats"]
        # per seat, from the newest entry back: ranks it gave away or denied since (`gone`),
        # ranks it lacks (denied, and nothing drawn since), whether it has drawn since
        gone: list[set[str]] = [set() for _ in range(seats)]
        lacks: list[set[str]] = [set() for _ in range(seats)]
        drew = [False] * seats
        sure_target, sure_rank, sure_count = -1, "", 0
        turns = 0
        """Turns met going back: its own turn so far, the others' since, its previous turn."""
        mine = True
        for entry in reversed(view["log"]):
            who = entry["seat"]
            if (who == seat) != mine:
                mine = not mine
                turns += 1
                if turns == 3:
                    break  # older news is forgotten
            kind = entry["type"]
            if kind == ASK:
                rank, target = entry["rank"], entry["target"]
                if (
                    who != seat
                    and counts.get(rank, 0) > sure_count
                    and rank not in gone[who]
                    and (stock or sizes[who])
                ):
                    sure_target, sure_rank, sure_count = who, rank, counts[rank]
                gone[target].add(rank)
                if not drew[target]:
                    lacks[target].add(rank)
            elif kind != "book":
                drew[who] = True
        if sure_count:
            return ASKS[seat, sure_target, sure_rank]
        fresh = [
            (target, rank)
            for target in askable(view, seat)
            for rank in counts
            if rank not in lacks[target]
        ]
        if not fresh:
            fresh = [(target, rank) for target in askable(view, seat) for rank in counts]
        target, rank = fresh[0] if len(fresh) == 1 else choice(decision.rng, fresh)
        return ASKS[seat, target, rank]


def normal_rngs(decide: Decide, seats: int) -> list[random.Random | None] | None:
    """For a `CpuChooser`: per seat, the RNG of a seat the normal level plays (None for another
    player); None for any other `decide`, or one with no normal seat.

    `GoFish.autoplay` answers those seats from `LatestNews` with their RNGs, without views.
    """
    if not isinstance(decide, CpuChooser) or len(decide.players) != seats:
        return None
    found = [
        rng if type(player) is NormalPlayer else None
        for player, rng in zip(decide.players, decide.rngs, strict=True)
    ]
    return found if any(rng is not None for rng in found) else None


# --------------------------------------------------------------------------- hard


class Knowledge:
    """What all public information so far says about the other seats' hands.

    - `known[s][r]`: the least number of cards of rank r that seat s surely holds (it asked
      for r; cards handed to it; a drawn card it showed), cleared when s gives r away or r is
      booked.
    - `lacks[s][r]`: s was shown to hold no r (it said Go Fish, or handed all its r over);
      the value is the number of unknown cards s has drawn since (0: it surely holds none).
    """

    def __init__(self, seats: int, seat: int) -> None:
        self.seat = seat
        self.known: list[dict[str, int]] = [{} for _ in range(seats)]
        self.lacks: list[dict[str, int]] = [{} for _ in range(seats)]
        self.booked: set[str] = set()
        self.read = 0
        """How many log entries it has learnt from."""
        self.first: Mapping[str, Any] | None = None
        self.last: Mapping[str, Any] | None = None

    def follows(self, log: Log) -> bool:
        """True when `log` continues the very log read so far (the same entries, maybe more).

        The engine never changes a written entry and views share them, so the first and last
        entries read, compared by identity, tell a game's later log from any other.
        """
        return (
            self.read > 0
            and len(log) >= self.read
            and log[0] is self.first
            and log[self.read - 1] is self.last
        )

    def learn(self, log: Log) -> None:
        """Read the entries of `log` not read yet."""
        for entry in log[self.read :]:
            self._learn(entry)
        if log:
            self.read = len(log)
            self.first, self.last = log[0], log[-1]

    def _learn(self, entry: Mapping[str, Any]) -> None:
        kind, who = entry["type"], entry["seat"]
        known, lacks = self.known, self.lacks
        if kind == ASK:
            rank, target, count = entry["rank"], entry["target"], entry["count"]
            known[who][rank] = max(known[who].get(rank, 0), 1) + count
            lacks[who].pop(rank, None)
            known[target].pop(rank, None)
            lacks[target][rank] = 0
        elif kind == "draw":
            if entry["lucky"]:
                rank = entry["card"][0]
                known[who][rank] = known[who].get(rank, 0) + 1
            else:
                mine = lacks[who]
                for rank in mine:
                    mine[rank] += 1
        elif kind == "refill":
            mine = lacks[who]
            for rank in mine:
                mine[rank] += entry["count"]
        elif kind == "book":
            rank = entry["rank"]
            self.booked.add(rank)
            for held in known:
                held.pop(rank, None)
            for lacking in lacks:
                lacking.pop(rank, None)

    def chance(
        self, view: Mapping[str, Any], counts: Mapping[str, int], target: int, rank: str
    ) -> float:
        """The chance that `target` holds at least one card of `rank` now."""
        if self.known[target].get(rank, 0):
            return 1.0
        unaccounted = 4 - counts.get(rank, 0)
        for s, held in enumerate(self.known):
            if s != self.seat:
                unaccounted -= held.get(rank, 0)
        if unaccounted <= 0:
            return 0.0
        sizes = view["hand_counts"]
        slots_total = view["stock"]
        slots_target = 0
        for s in range(view["seats"]):
            if s == self.seat:
                continue
            free = max(0, sizes[s] - sum(self.known[s].values()))
            since = self.lacks[s].get(rank)
            if since is not None:
                free = min(free, since)
            slots_total += free
            if s == target:
                slots_target = free
        if slots_target <= 0 or slots_total <= 0:
            return 0.0
        miss = 1.0
        for i in range(min(unaccounted, slots_total)):
            if slots_total - i <= 0:
                break
            miss *= max(0.0, (slots_total - slots_target - i) / (slots_total - i))
        return 1.0 - miss


class HardPlayer:
    """Asks where all the public information says success is likeliest, books first."""

    BOOK_BONUS = 1.0
    """Extra value of a success that completes a book."""

    def __init__(self) -> None:
        self._memo: dict[int, Knowledge] = {}
        """Per seat, what it learnt from the log of the game it last decided in (a cache: the
        decision is the same as reading the whole log again)."""

    def knowledge(self, view: Mapping[str, Any], seat: int) -> Knowledge:
        """What the view's whole log says, read only from where it was read last time."""
        log: Log = view["log"]
        known = self._memo.get(seat)
        if known is None or not known.follows(log):
            known = self._memo[seat] = Knowledge(view["seats"], seat)
        known.learn(log)
        return known

    def decide(self, decision: Decision) -> Action | None:
        """The ask of the highest expected value; ties broken at random."""
        return self.explain(decision).action

    def explain(self, decision: Decision) -> Hint:
        """The ask it would make, and why: a seat known to hold the rank (it asked for it and
        has not given it away since), a book a hit would complete, or the best chance."""
        view, rng = decision.view, decision.rng
        seat = decision.prompt.seat
        counts = held_ranks(view)
        targets = askable(view, seat)
        knowledge = self.knowledge(view, seat)
        best_value = -1.0
        best: list[tuple[int, str, float, bool]] = []
        for target in targets:
            known = knowledge.known[target]
            for rank, mine in counts.items():
                chance = knowledge.chance(view, counts, target, rank)
                books = mine + max(known.get(rank, 0), 1) >= 4
                value = chance * (1.0 + (self.BOOK_BONUS if books else 0.0)) + 0.01 * mine
                if value > best_value + 1e-9:
                    best_value, best = value, [(target, rank, chance, books)]
                elif value > best_value - 1e-9:
                    best.append((target, rank, chance, books))
        target, rank, chance, books = best[0] if len(best) == 1 else choice(rng, best)
        action = ASKS[seat, target, rank]
        percent = round(100 * chance)
        params = {"target": target, "rank": rank, "percent": percent}
        if knowledge.known[target].get(rank):
            return Hint(action, "books_known" if books else "known", params)
        return Hint(action, "books" if books else "likely", params)
