"""Kokutorum's computer players: easy, normal and hard, each deciding from its seat's view.

All levels place a drawn card by trying every gap and both ends, and every discard after it,
and measure the 8 cards that stay by their least deadwood (`engines.two_number.melds`).

- easy: the lowest deadwood, but often a careless choice among the nearly best; takes the
  pile only for a meld; knocks late (at 3 points or fewer) and never rotates.
- normal: the lowest deadwood, ties broken by the meld chances the hand keeps open (cards
  next to a card of one colour one or two apart); takes the pile when it makes a meld that
  saves 3 points or more; rotates when the turned hand has less deadwood; knocks at 14 points
  or fewer.
- hard: reads the others (`reading`): for each, how likely each way of knocking is (at once,
  by thresholds falling with its draws, only when low...) from what it did this round and in
  the earlier rounds, and how low its deadwood likely is now. Every choice (the rotation, stock
  or pile, where the card goes and what leaves, knocking now or waiting) is judged by what it
  is worth in points against that: knocking now, or letting the others play their turns (each
  may knock and end the round) and drawing again, the next draw counted over the cards it has
  not seen. It does not feed the next player a card that fits the cards it was seen to take.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from engines.actions import Action
from engines.errors import JSON
from engines.kokutorum.reading import Outlook, outlook, read
from engines.players import Decision, Hint
from engines.rng import choice
from engines.two_number.cards import DECK, base, ends, rotated, value, value_of, values
from engines.two_number.melds import deadwood, deadwood_less_one, partition

DRAW, INSERT, DISCARD, KNOCK, ROTATE = "draw", "insert", "discard", "knock", "rotate"
STOCK, PILE = "stock", "discard"


@dataclass(frozen=True)
class Level:
    """How one level plays."""

    name: str
    careless: float
    """How often the easy player takes a near-best choice at random."""
    lookahead: bool
    """Read the others and judge every choice by what it is worth in points (hard)."""
    rotate: bool
    knock_at: tuple[int, ...]
    """Knock at this deadwood or less, by the seat's own draws this round (the first entry
    after its first draw, the last for every later one): easy, normal and the styles; the
    hard level weighs its chances instead."""
    guard: bool
    """Keep the next player from cards that fit what it was seen to take."""


LEVELS: Final = {
    "easy": Level("easy", careless=0.35, lookahead=False, rotate=False, knock_at=(3,), guard=False),
    "normal": Level(
        "normal", careless=0.0, lookahead=False, rotate=True, knock_at=(14,), guard=False
    ),
    "hard": Level("hard", careless=0.0, lookahead=True, rotate=True, knock_at=(10,), guard=True),
}


def player(level: str) -> KokutorumCpu:
    """The computer player at `level`."""
    return KokutorumCpu(LEVELS[level])


# --------------------------------------------------------------------------- what is known


def unseen(view: Mapping[str, Any]) -> list[str]:
    """The cards this seat has not seen: in the stock or in another hand, face down."""
    seen = {base(c) for c in view.get("hand") or []}
    seen |= set(view.get("pile") or [])
    for known in view.get("known") or []:
        seen |= {base(c) for c in known if c}
    if view.get("drawn"):
        seen.add(str(view["drawn"]))
    return [c for c in DECK if c not in seen]


def own_draws(view: Mapping[str, Any]) -> int:
    """The seat's draws this round (the one of the turn it is playing included)."""
    me = view.get("viewer")
    return sum(1 for e in view.get("log") or [] if e.get("type") == DRAW and e.get("seat") == me)


def weights(cards: Sequence[str]) -> tuple[tuple[int, int], ...]:
    """Each unseen card as its two values."""
    return tuple(ends(c) for c in cards)


@lru_cache(maxsize=1 << 17)
def best_after(hand: tuple[int, ...], v: int) -> int:
    """About the least deadwood of `hand` after a card showing `v` is inserted and one card
    discarded (`deadwood_less_one`: a card outside the melds goes).

    Only gaps next to a card it can meld with (one colour, numbers at most one apart) can
    gain, and discarding the new card keeps the hand as it was.
    """
    best = deadwood(hand)
    n = len(hand)
    for p in range(n + 1):
        left = hand[p - 1] if p else None
        right = hand[p] if p < n else None
        if (left is not None and -1 <= left - v <= 1) or (
            right is not None and -1 <= right - v <= 1
        ):
            d = deadwood_less_one((*hand[:p], v, *hand[p:]))
            if d < best:
                best = d
    return best


@lru_cache(maxsize=1 << 16)
def next_spread(
    hand: tuple[int, ...], pool: tuple[tuple[int, int], ...]
) -> tuple[tuple[int, float], ...]:
    """The deadwood after drawing one unseen card and playing it at best, as (points, chance)
    pairs (each unseen card as likely, with its better end up)."""
    if not pool:
        return ((deadwood(hand), 1.0),)
    counts: dict[int, int] = {}
    for white, black in pool:
        p = min(best_after(hand, white), best_after(hand, black))
        counts[p] = counts.get(p, 0) + 1
    return tuple((p, n / len(pool)) for p, n in sorted(counts.items()))


def chances(hand: tuple[int, ...]) -> int:
    """Meld chances a hand keeps open: neighbours of one colour one or two apart, outside its
    melds."""
    _, melds = partition(hand)
    in_meld = [False] * len(hand)
    for m in melds:
        for i in range(m.start, m.end):
            in_meld[i] = True
    out = 0
    for i in range(len(hand) - 1):
        if in_meld[i] and in_meld[i + 1]:
            continue
        if abs(hand[i + 1] - hand[i]) <= 2:
            out += 1
    return out


@dataclass(frozen=True)
class Play:
    """An insert and the discard after it, and the 8 cards that then stay."""

    position: int
    upright: str
    discard: int
    hand: tuple[int, ...]
    points: int


def gaps(hand: tuple[int, ...], v: int) -> list[int]:
    """The gaps worth trying for a card showing `v`: both ends, and every gap next to a card
    it can meld with. Anywhere else it can only be deadwood, which an end costs nothing to
    hold (and a card between it and its partner can be the discard instead)."""
    n = len(hand)
    out = [0]
    for p in range(1, n):
        if -1 <= hand[p - 1] - v <= 1 or -1 <= hand[p] - v <= 1:
            out.append(p)
    out.append(n)
    return out


def plays(hand: tuple[int, ...], card: str, margin: int = 0) -> list[Play]:
    """The inserts of `card` and discards after it that keep the least deadwood (within
    `margin` of it), lowest first; discarding the card itself is one of them."""
    found: list[tuple[int, int, str, int, tuple[int, ...]]] = [
        (deadwood(hand), len(hand), "W", len(hand), hand)
    ]
    seen = {hand}
    for upright in ("W", "B"):
        v = value_of(card, upright)
        for p in gaps(hand, v):
            nine = (*hand[:p], v, *hand[p:])
            for q in range(len(nine)):
                if q == p:
                    continue
                eight = nine[:q] + nine[q + 1 :]
                if eight in seen:
                    continue
                seen.add(eight)
                found.append((deadwood(eight), p, upright, q, eight))
    low = min(f[0] for f in found)
    out = [Play(p, up, q, eight, d) for d, p, up, q, eight in found if d <= low + margin]
    out.sort(key=lambda play: play.points)
    return out


def makes_meld(hand: tuple[int, ...], card: str) -> bool:
    """True when `card` (either end up) can sit between or beside cards it melds with, three
    in a row: the quick test before weighing a card from the pile."""
    n = len(hand)
    for v in ends(card):
        for p in range(n + 1):
            window = [*hand[max(0, p - 2) : p], v, *hand[p : p + 2]]
            at = min(p, 2)
            for start in range(max(0, at - 2), at + 1):
                three = window[start : start + 3]
                if len(three) == 3:
                    step = three[1] - three[0]
                    if -1 <= step <= 1 and three[2] - three[1] == step:
                        return True
    return False


def fits(v: int, others: Sequence[int]) -> bool:
    """True when a card showing `v` melds with one of `others` (one colour, 0 or 1 apart)."""
    return any(-1 <= v - o <= 1 for o in others)


# --------------------------------------------------------------------------- the player


class KokutorumCpu:
    """A computer player for Kokutorum at one level."""

    def __init__(self, level: Level) -> None:
        self.level = level

    def decide(self, decision: Decision) -> Action | None:
        """The action for the prompt (None lets an optional knock pass)."""
        return self.explain(decision).action

    def explain(self, decision: Decision) -> Hint:
        """The action with a reason the bot can put into words."""
        kind = decision.prompt.kind
        hard = self.level.lookahead
        if kind == ROTATE:
            return self._rotate_hard(decision) if hard else self._rotate(decision)
        if kind == DRAW:
            return self._draw_hard(decision) if hard else self._draw(decision)
        if kind == INSERT:
            return self._insert(decision)
        if kind == DISCARD:
            return self._discard(decision)
        if kind == KNOCK:
            return self._knock_window(decision)
        prompt = decision.prompt
        return Hint(prompt.choices[0] if prompt.choices else prompt.default)

    # -- helpers -------------------------------------------------------------------------

    @staticmethod
    def _choice(decision: Decision, kind: str, **fields: JSON) -> Action:
        """The prompt's choice of this type and fields (as the engine builds it)."""
        return Action(decision.prompt.seat, kind, tuple(sorted(fields.items())))

    @staticmethod
    def _outlook(view: Mapping[str, Any], drawn: bool) -> Outlook:
        """The hard level's reading of the others and what deadwood is worth from here."""
        return outlook(view, read(view), drawn)

    def _danger(self, view: Mapping[str, Any], card: str) -> float:
        """How much a discard helps the next player, from the cards it was seen to take (in
        points of the score: about what 1.5 points of deadwood are worth)."""
        if not self.level.guard:
            return 0.0
        seats = int(view["seats"])
        seat = int(view["viewer"])
        nxt = (seat + 1) % seats
        taken = [value(c) for c in (view.get("known") or [[]] * seats)[nxt] if c]
        if not taken:
            return 0.0
        white, black = ends(card)
        return 1.0 if fits(white, taken) or fits(black, taken) else 0.0

    def knock_worth(self, view: Mapping[str, Any], points: int) -> bool:
        """Whether to knock with `points` of deadwood now (the levels with a threshold)."""
        at = self.level.knock_at
        return points == 0 or points <= at[min(len(at), max(1, own_draws(view))) - 1]

    # -- the decisions: easy, normal and the styles ---------------------------------------

    def _rotate(self, decision: Decision) -> Hint:
        view = decision.view
        hand = values(view.get("hand") or [])
        keep = self._choice(decision, "keep")
        if not self.level.rotate:
            return Hint(keep, "keep")
        turned = values(rotated(view.get("hand") or []))
        if _plain(turned) < _plain(hand) - 1e-9:
            return Hint(
                self._choice(decision, "rotate"),
                "rotate",
                {"points": deadwood(turned), "before": deadwood(hand)},
            )
        return Hint(keep, "keep", {"points": deadwood(hand)})

    def _only_draw(self, decision: Decision) -> tuple[Hint | None, Action]:
        """The draw when there is no choice (no stock, or no pile) else None; and the stock's."""
        view = decision.view
        if not view.get("stock_count"):
            pile = self._choice(decision, DRAW, **{"from": PILE})
            return Hint(pile, "only_draw"), pile
        stock = self._choice(decision, DRAW, **{"from": STOCK})
        return (None if view.get("pile") else Hint(stock, "only_draw")), stock

    def _draw(self, decision: Decision) -> Hint:
        view = decision.view
        hand = values(view.get("hand") or [])
        only, stock = self._only_draw(decision)
        if only is not None:
            return only
        top = list(view.get("pile") or [])[-1]
        if not makes_meld(hand, top):
            return Hint(stock, "stock")
        best = plays(hand, top)[0]
        if best.points <= deadwood(hand) - 3:
            take = self._choice(decision, DRAW, **{"from": PILE})
            return Hint(take, "pile_meld", {"card": top, "points": best.points})
        return Hint(stock, "stock")

    # -- the decisions: every level ------------------------------------------------------

    def _ranked(
        self, decision: Decision, options: list[Play], outlook: Outlook | None
    ) -> list[tuple[float, Play]]:
        """Plays by score, best first: the deadwood (less the meld chances kept open), or for
        the hard level minus what the 8 cards are worth, knocking or waiting, and the guard."""
        view = decision.view
        low = options[0].points
        margin = 4 if self.level.lookahead else 3 if self.level.careless else 0
        near = [p for p in options if p.points <= low + margin]
        seen: dict[tuple[int, ...], float] = {}
        ranked = []
        hand9 = list(view.get("hand") or [])
        pool = weights(unseen(view)) if outlook is not None else ()
        for play in near:
            score = seen.get(play.hand)
            if score is None:
                if outlook is None:
                    score = _plain(play.hand)
                else:
                    score = -outlook.best(play.points, next_spread(play.hand, pool))
                seen[play.hand] = score
            if self.level.guard:
                card = _discarded(hand9, play, view)
                if card is not None:
                    score += self._danger(view, card)
            ranked.append((score, play))
        ranked.sort(
            key=lambda sp: (sp[0], sp[1].points, sp[1].position, sp[1].upright, sp[1].discard)
        )
        return ranked

    def _pick(self, decision: Decision, ranked: list[tuple[float, Play]]) -> Play:
        if self.level.careless and decision.rng.random() < self.level.careless:
            low = ranked[0][1].points
            near = [p for _, p in ranked if p.points <= low + 3] or [ranked[0][1]]
            return choice(decision.rng, near)
        return ranked[0][1]

    def _insert(self, decision: Decision) -> Hint:
        view = decision.view
        hand = values(view.get("hand") or [])
        card = str(view.get("drawn"))
        options = plays(hand, card, 4 if self.level.lookahead else 3 if self.level.careless else 0)
        if view.get("drawn_from") == PILE:
            # a card taken from the pile must lower the deadwood: so a pile taken back and forth
            # always runs down, and CPU-only rounds end (the stock's draws are few)
            lower = [p for p in options if p.points < deadwood(hand)]
            options = lower or options
        if self.level.careless:
            options = sorted(
                {(p.position, p.upright, p.discard): p for p in options}.values(),
                key=lambda p: p.points,
            )
        ahead = self._outlook(view, True) if self.level.lookahead else None
        ranked = self._ranked(decision, options, ahead)
        chosen = self._pick(decision, ranked)
        action = self._choice(decision, INSERT, position=chosen.position, upright=chosen.upright)
        v = value_of(card, chosen.upright)
        nine = (*hand[: chosen.position], v, *hand[chosen.position :])
        _, melds = partition(nine)
        joined = any(m.start <= chosen.position < m.end for m in melds)
        reason = "insert_meld" if joined else "insert_low"
        return Hint(action, reason, {"points": chosen.points})

    def _discard(self, decision: Decision) -> Hint:
        view = decision.view
        nine = values(view.get("hand") or [])
        options = []
        for q in range(len(nine)):
            eight = nine[:q] + nine[q + 1 :]
            options.append(Play(-1, "W", q, eight, deadwood(eight)))
        options.sort(key=lambda p: p.points)
        points9 = deadwood(nine)
        before = _before_pile_draw(view, nine)
        if before is not None:  # as in `_insert`: a card from the pile must lower the deadwood
            options = [p for p in options if p.points < before] or options
        ahead = self._outlook(view, True) if self.level.lookahead else None
        ranked = self._ranked(decision, options, ahead)
        if ahead is None:
            knock = points9 == 0 or (
                points9 <= options[0].points and self.knock_worth(view, points9)
            )
        else:  # knocking with the 9 cards, against the best 8 to keep
            knock = points9 == 0 or ahead.knock[points9] > -ranked[0][0]
        if knock:
            reason = "knock" if ahead is None else _knock_reason(ahead, points9)
            return Hint(self._choice(decision, KNOCK), reason, {"points": points9})
        chosen = self._pick(decision, ranked)
        card = str(view["hand"][chosen.discard])
        return Hint(
            self._choice(decision, DISCARD, position=chosen.discard),
            "discard",
            {"card": base(card), "points": chosen.points},
        )

    def _knock_window(self, decision: Decision) -> Hint:
        view = decision.view
        hand = values(view.get("hand") or [])
        points = deadwood(hand)
        ahead = self._outlook(view, True) if self.level.lookahead else None
        if ahead is not None:
            then = next_spread(hand, weights(unseen(view)))
            knock = points == 0 or ahead.knock[points] >= ahead.ahead(points, then)
        else:
            knock = self.knock_worth(view, points)
        if ahead is None:
            reason = "knock" if knock else "wait"
        elif knock:
            reason = _knock_reason(ahead, points)
        else:  # an undercut too likely, or a knock that would score but less than waiting
            reason = "wait" if ahead.knock[points] <= 0 else "wait_better"
        if knock:
            return Hint(self._choice(decision, KNOCK), reason, {"points": points})
        return Hint(None, reason, {"points": points})

    # -- the decisions: hard -------------------------------------------------------------

    def _rotate_hard(self, decision: Decision) -> Hint:
        """Keep or turn the hand, whichever is worth more from here: the others before this
        seat may knock while it holds the hand as it is, then it draws."""
        view = decision.view
        cards = list(view.get("hand") or [])
        ahead = self._outlook(view, False)
        first = view.get("turn") == view.get("viewer")
        pool = weights(unseen(view))

        def worth(hand: tuple[int, ...]) -> float:
            return self._drawing(view, hand, ahead, pool, first)

        hand, turned = values(cards), values(rotated(cards))
        if worth(turned) > worth(hand) + 1e-9:
            points, before = deadwood(turned), deadwood(hand)
            return Hint(
                self._choice(decision, "rotate"),
                "rotate" if points < before else "rotate_chances",
                {"points": points, "before": before},
            )
        return Hint(self._choice(decision, "keep"), "keep", {"points": deadwood(hand)})

    def _drawing(
        self,
        view: Mapping[str, Any],
        hand: tuple[int, ...],
        ahead: Outlook,
        pool: tuple[tuple[int, int], ...],
        pile: bool,
    ) -> float:
        """What `hand` is worth before this seat's next draw: the others' turns first, then
        the stock (or, `pile`, the pile's top when that is worth more)."""
        then = next_spread(hand, pool)
        worth = ahead.ahead(deadwood(hand), then)
        top = (view.get("pile") or [None])[-1]
        if pile and top and ahead.reach > 0:
            best = plays(hand, str(top))[0].points
            worth = max(worth, ahead.before[deadwood(hand)] + ahead.reach * ahead.later[best])
        return worth

    def _draw_hard(self, decision: Decision) -> Hint:
        view = decision.view
        hand = values(view.get("hand") or [])
        only, stock = self._only_draw(decision)
        if only is not None:
            return only
        top = list(view.get("pile") or [])[-1]
        ahead = self._outlook(view, False)
        then = next_spread(hand, weights(unseen(view)))
        from_stock = sum(w * ahead.later[p] for p, w in then)
        best = plays(hand, top)[0]
        if ahead.later[best.points] > from_stock:
            take = self._choice(decision, DRAW, **{"from": PILE})
            return Hint(take, "pile_better", {"card": top, "points": best.points})
        return Hint(stock, "stock_better")


def _knock_reason(ahead: Outlook, points: int) -> str:
    """Why the hard level knocks: it expects to score, or else the others would likely knock
    first and lower."""
    return "knock" if points == 0 or ahead.knock[points] > 0 else "knock_first"


def _plain(hand: tuple[int, ...]) -> float:
    """How good 8 cards are to keep for the levels below hard (lower is better): the
    deadwood, ties broken by the meld chances kept open."""
    return deadwood(hand) - 0.1 * chances(hand)


def _before_pile_draw(view: Mapping[str, Any], nine: tuple[int, ...]) -> int | None:
    """The deadwood the seat had before this turn's draw when it drew from the pile (the
    round's log ends with that draw and its insert), else None."""
    log = view.get("log") or []
    if len(log) < 2:
        return None
    drew, placed = log[-2], log[-1]
    seat = view.get("viewer")
    if drew.get("type") != DRAW or drew.get("from") != PILE or drew.get("seat") != seat:
        return None
    if placed.get("type") != INSERT or placed.get("seat") != seat:
        return None
    p = int(placed["position"])
    return deadwood(nine[:p] + nine[p + 1 :])


def _discarded(hand: Sequence[str], play: Play, view: Mapping[str, Any]) -> str | None:
    """The card a play discards: the drawn card or one of the hand's."""
    if play.position < 0:
        return base(hand[play.discard]) if 0 <= play.discard < len(hand) else None
    if play.discard == play.position:
        drawn = view.get("drawn")
        return str(drawn) if drawn else None
    index = play.discard if play.discard < play.position else play.discard - 1
    return base(hand[index])
