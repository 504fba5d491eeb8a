"""Shirokuro-jaku's computer players: easy, normal and hard, each deciding from its seat's view.

Every level measures a hand by how many draws it is from a win (`win_distance`: the cards
that can stay in some winning hand, over every gap and both ends of the cards to come).

- easy: keeps the hand with the fewest draws to go but often picks carelessly among the
  nearly best; claims every ron and pon, never chi; never rotates.
- normal: the fewest draws to go, then the most ways to improve (cards next to a card of one
  colour one or two apart); rons whenever it can, pons and chis when they bring it closer;
  rotates when the turned hand is closer to a win.
- hard: the fewest draws to go, then the most unseen cards that would bring it closer (each
  card with its better end, over every gap), then what the hand is worth (dora showing, one
  colour, no 1 or 6, the dealer); takes a ron only when it scores; weighs each claim the same
  way; and when another seat looks ready (melds laid down, the stock running low) it prefers
  discards whose numbers that seat is least likely to wait on, the more so the farther it is
  from a win itself.

A player's randomness comes from its own view (`view_rng`), never from the record: whether
another seat could claim, and so how many sealed passes a record holds, is hidden from it.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import Any

from engines.base import Action, Decision, Hint
from engines.shirokuro.claims import CHI, PASS, PON, RON
from engines.shirokuro.yaku import WinContext, score_win
from engines.two_number.cards import DECK, VALUES, base, ends, rotated, value, value_of, values
from engines.two_number.melds import is_win, kept_for_win, kept_with, win_distance

DRAW, INSERT, DISCARD, TSUMO, ROTATE, CLAIM = (
    "draw",
    "insert",
    "discard",
    "tsumo",
    "rotate",
    "claim",
)


CLOSE_LOOK = 8
"""At most this many of the hands nearest a win are weighed card by card (hard)."""


@dataclass(frozen=True)
class Level:
    """How one level plays."""

    name: str
    careless: float
    rotate: bool
    chi: bool
    exact: bool
    """Count the unseen cards that improve a hand (hard), not just its near neighbours."""
    worth: bool
    defend: bool
    scoring_ron: bool
    """Take a ron only when it scores."""
    claims: bool = True
    """Pon (and chi, with `chi`) when it brings the hand closer to a win."""


LEVELS = {
    "easy": Level("easy", 0.4, False, False, False, False, False, False),
    "normal": Level("normal", 0.0, True, True, False, False, False, False),
    "hard": Level("hard", 0.0, True, True, True, True, True, True),
}


def player(level: str) -> ShirokuroCpu:
    """The computer player at `level`."""
    return ShirokuroCpu(LEVELS[level])


def view_rng(view: Mapping[str, Any]) -> random.Random:
    """A random generator seeded from what the seat sees (the same view, the same choices)."""
    text = json.dumps(
        [view.get("hand"), view.get("drawn"), view.get("discards"), view.get("round")],
        sort_keys=True,
    )
    return random.Random(int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big"))


# --------------------------------------------------------------------------- what is known


def unseen(view: Mapping[str, Any]) -> list[str]:
    """Cards this seat has not seen: in another hand, face down, or in the stock."""
    seen = {base(c) for c in view.get("hand") or []}
    if view.get("drawn"):
        seen.add(str(view["drawn"]))
    if view.get("indicator"):
        seen.add(str(view["indicator"]))
    for pile in view.get("discards") or []:
        seen |= {str(d["card"]) for d in pile}
    for melds in view.get("exposed") or []:
        for meld in melds:
            seen |= {base(c) for c in meld["cards"]}
    return [c for c in DECK if c not in seen]


def melds_needed(view: Mapping[str, Any]) -> int:
    """The melds the seat's concealed hand still needs."""
    me = int(view["viewer"])
    return 2 - len((view.get("exposed") or [[]] * (me + 1))[me])


@lru_cache(maxsize=1 << 16)
def helpful(hand: tuple[int, ...], melds: int) -> frozenset[int]:
    """The values that, inserted in their best gap, let more of the hand stay in a win."""
    kept = kept_for_win(hand, melds)
    return frozenset(v for v in VALUES if kept_with(hand, melds, v) > kept)


def outs(hand: tuple[int, ...], melds: int, pool: Sequence[tuple[int, int]]) -> int:
    """The unseen cards (either end up) that bring the hand a draw closer to a win."""
    good = helpful(hand, melds)
    return sum(1 for white, black in pool if white in good or black in good)


def shape(hand: tuple[int, ...]) -> int:
    """Near neighbours: cards next to a card of one colour at most two apart."""
    return sum(1 for a, b in pairwise(hand) if -2 <= a - b <= 2)


def worth(hand: Sequence[int], view: Mapping[str, Any]) -> float:
    """A rough value of keeping these cards: dora showing, one colour, no 1 or 6."""
    dora = tuple(view.get("dora") or ())
    me = int(view["viewer"])
    shown = list(hand) + [
        value(c) for m in (view.get("exposed") or [[]] * (me + 1))[me] for c in m["cards"]
    ]
    if not shown:
        return 0.0
    score = float(sum(1 for v in shown if v in dora))
    whites = sum(1 for v in shown if v < 8)
    score += 0.6 * max(whites, len(shown) - whites) / len(shown) - 0.3
    score += 0.3 if all(1 < (v & 7) < 6 for v in shown) else 0.0
    return score


# --------------------------------------------------------------------------- danger


def threats(view: Mapping[str, Any]) -> dict[int, float]:
    """How ready each other seat looks (0..1): two melds laid down leave one concealed card,
    always one card from winning; one meld with the stock nearly gone, likely so."""
    me = int(view["viewer"])
    stock = int(view.get("stock_count") or 0)
    out = {}
    for seat, melds in enumerate(view.get("exposed") or []):
        if seat == me:
            continue
        if len(melds) >= 2:
            out[seat] = 1.0
        elif len(melds) == 1 and stock <= 3:
            out[seat] = 0.5
        else:
            out[seat] = 0.0
    return out


def danger(card: str, pool: Sequence[tuple[int, int]]) -> float:
    """The chance that a seat waiting on one unseen card's number would ron `card`."""
    if not pool:
        return 0.0
    white, black = ends(card)
    hits = sum((w in (white, black)) + (b in (white, black)) for w, b in pool)
    return hits / (2 * len(pool))


# --------------------------------------------------------------------------- the player


@dataclass(frozen=True)
class Option:
    """A hand the seat may keep: how it is reached (the insert and the discard)."""

    position: int
    upright: str
    discard: int
    card: str
    """The card this option lets go."""
    hand: tuple[int, ...]
    distance: int


class ShirokuroCpu:
    """A computer player for Shirokuro-jaku at one level."""

    def __init__(self, level: Level) -> None:
        self.level = level

    def decide(self, decision: Decision) -> Action | None:
        """The action for the prompt."""
        return self.explain(decision).action

    def explain(self, decision: Decision) -> Hint:
        """The action with a reason the bot can put into words."""
        kind = decision.prompt.kind
        if kind == ROTATE:
            return self._rotate(decision)
        if kind == INSERT:
            return self._insert(decision)
        if kind == DISCARD:
            return self._discard(decision)
        if kind == CLAIM:
            return self._claim(decision)
        prompt = decision.prompt
        return Hint(prompt.choices[0] if prompt.choices else prompt.default)

    # -- helpers -------------------------------------------------------------------------

    @staticmethod
    def _choice(decision: Decision, kind: str, **fields: Any) -> Action:
        for action in decision.prompt.choices:
            if action.type == kind and all(action.get(k) == v for k, v in fields.items()):
                return action
        raise LookupError(f"no {kind} {fields} among the choices")

    def _key(
        self,
        view: Mapping[str, Any],
        hand: tuple[int, ...],
        melds: int,
        pool: Sequence[tuple[int, int]],
        discarded: str | None,
    ) -> tuple[float, ...]:
        """How good a hand is to keep, smaller first: draws to go (and danger), then the
        cards that improve it, then what it is worth."""
        distance = float(win_distance(hand, melds))
        if self.level.defend and discarded is not None:
            risk = self._risk(view, discarded, pool, distance)
            distance += risk
        if self.level.exact and distance < 1.5:
            spread = -self._wait_value(view, hand, melds, pool)
        elif self.level.exact:
            spread = -outs(hand, melds, pool)
        else:
            spread = -shape(hand)
        value = -worth(hand, view) if self.level.worth else 0.0
        return (distance, float(spread), value)

    def _wait_value(
        self,
        view: Mapping[str, Any],
        hand: tuple[int, ...],
        melds: int,
        pool: Sequence[tuple[int, int]],
    ) -> float:
        """A ready hand's unseen winning cards, each counted by what its win would score."""
        by_value: dict[int, int] = {}
        target = len(hand) + 1
        for v in VALUES:
            best = -1
            if kept_with(hand, melds, v) == target:
                for p in range(len(hand) + 1):
                    eight = (*hand[:p], v, *hand[p:])
                    if is_win(eight, melds):
                        best = max(best, self._points(view, eight, tsumo=True))
            by_value[v] = best
        total = 0.0
        for white, black in pool:
            best = max(by_value[white], by_value[black])
            if best >= 0:
                total += 1 + best
        return total

    def _risk(
        self, view: Mapping[str, Any], card: str, pool: Sequence[tuple[int, int]], distance: float
    ) -> float:
        threat = max(threats(view).values(), default=0.0)
        if not threat:
            return 0.0
        weight = (0.0, 0.0, 2.0, 4.0)[min(3, int(distance))]
        return weight * threat * danger(card, pool)

    def _pick(self, decision: Decision, ranked: list[tuple[tuple[float, ...], Option]]) -> Option:
        if self.level.careless:
            rng = view_rng(decision.view)
            if rng.random() < self.level.careless:
                low = ranked[0][1].distance
                near = [o for _, o in ranked if o.distance <= low + 1]
                return rng.choice(near)
        return ranked[0][1]

    def _rank(
        self, view: Mapping[str, Any], options: list[Option]
    ) -> list[tuple[tuple[float, ...], Option]]:
        """Options by key, best first; only those nearest a win are looked at closely."""
        melds = melds_needed(view)
        pool = tuple(ends(c) for c in unseen(view))
        low = min(o.distance for o in options)
        near = [o for o in options if o.distance <= low + (1 if self.level.careless else 0)]
        if self.level.exact and len(near) > CLOSE_LOOK:
            cheap = sorted(
                near, key=lambda o: (-shape(o.hand), -worth(o.hand, view), o.position, o.discard)
            )
            near = cheap[:CLOSE_LOOK]
        keys: dict[tuple[tuple[int, ...], str | None], tuple[float, ...]] = {}
        ranked = []
        for option in near:
            marker = (option.hand, option.card if self.level.defend else None)
            key = keys.get(marker)
            if key is None:
                key = keys[marker] = self._key(view, option.hand, melds, pool, option.card)
            ranked.append((key, option))
        ranked.sort(key=lambda ko: (ko[0], ko[1].position, ko[1].upright, ko[1].discard))
        return ranked

    # -- the decisions -------------------------------------------------------------------

    def _rotate(self, decision: Decision) -> Hint:
        view = decision.view
        keep = self._choice(decision, "keep")
        if not self.level.rotate:
            return Hint(keep, "keep")
        cards = list(view.get("hand") or [])
        melds = melds_needed(view)
        pool = tuple(ends(c) for c in unseen(view))

        def judged(hand: tuple[int, ...]) -> tuple[float, ...]:
            if len(hand) == 3 * melds + 2:  # the dealer's 8 cards: the best 7 it keeps
                return min(
                    self._key(view, hand[:q] + hand[q + 1 :], melds, pool, None)
                    for q in range(len(hand))
                )
            return self._key(view, hand, melds, pool, None)

        now, then = judged(values(cards)), judged(values(rotated(cards)))
        if then < now:
            return Hint(self._choice(decision, "rotate"), "rotate", {"distance": int(then[0])})
        return Hint(keep, "keep", {"distance": int(now[0])})

    def _insert(self, decision: Decision) -> Hint:
        view = decision.view
        cards = list(view.get("hand") or [])
        hand = values(cards)
        card = str(view.get("drawn"))
        melds = melds_needed(view)
        wins = []
        for upright in ("W", "B"):
            v = value_of(card, upright)
            for p in range(len(hand) + 1):
                eight = (*hand[:p], v, *hand[p:])
                if kept_for_win(eight, melds) == len(eight):
                    points = self._points(view, eight, tsumo=True)
                    wins.append((points, p, upright))
        if wins:
            if self.level.worth:
                points, p, upright = max(wins, key=lambda w: (w[0], -w[1], w[2] == "W"))
            else:
                points, p, upright = wins[0]
            action = self._choice(decision, INSERT, position=p, upright=upright)
            return Hint(action, "insert_win", {"points": points})
        options = []
        for upright in ("W", "B"):
            v = value_of(card, upright)
            for p in range(len(hand) + 1):
                eight = (*hand[:p], v, *hand[p:])
                held = [*cards[:p], card, *cards[p:]]
                for q in range(len(eight)):
                    seven = eight[:q] + eight[q + 1 :]
                    options.append(
                        Option(p, upright, q, base(held[q]), seven, win_distance(seven, melds))
                    )
        chosen = self._pick(decision, self._rank(view, options))
        action = self._choice(decision, INSERT, position=chosen.position, upright=chosen.upright)
        return Hint(action, "insert", {"distance": chosen.distance})

    def _discard(self, decision: Decision) -> Hint:
        view = decision.view
        tsumo = [a for a in decision.prompt.choices if a.type == TSUMO]
        if tsumo:
            hand = values(view.get("hand") or [])
            return Hint(tsumo[0], "tsumo", {"points": self._points(view, hand, tsumo=True)})
        cards = list(view.get("hand") or [])
        hand = values(cards)
        melds = melds_needed(view)
        options = []
        for q in range(len(hand)):
            rest = hand[:q] + hand[q + 1 :]
            options.append(Option(-1, "W", q, base(cards[q]), rest, win_distance(rest, melds)))
        chosen = self._pick(decision, self._rank(view, options))
        return Hint(
            self._choice(decision, DISCARD, position=chosen.discard),
            "discard",
            {"card": base(cards[chosen.discard]), "distance": chosen.distance},
        )

    def _points(self, view: Mapping[str, Any], concealed: tuple[int, ...], tsumo: bool) -> int:
        """What a win with this concealed hand would score now."""
        me = int(view["viewer"])
        exposed = [
            (str(m["kind"]), values(m["cards"]))
            for m in (view.get("exposed") or [[]] * (me + 1))[me]
        ]
        dealer = int(view["dealer"]) == me
        first_move = bool(view.get("rotation_open"))
        context = WinContext(
            dealer=dealer,
            tsumo=tsumo,
            dora=_dora(view),
            haitei=tsumo and bool(view.get("last_draw")),
            houtei=not tsumo and bool(view.get("last_draw")),
            tenhou=tsumo and dealer and first_move,
            chiihou=tsumo
            and not dealer
            and int(view.get("draws") or 0) == 1
            and not view.get("claims_made"),
            renhou=not tsumo and not view.get("had_turn"),
        )
        found = score_win(concealed, exposed, context)
        return found.points if found is not None else 0

    def _claim(self, decision: Decision) -> Hint:
        view = decision.view
        claim = view.get("claim") or {}
        card = str(claim.get("card"))
        cards = list(view.get("hand") or [])
        hand = values(cards)
        melds = melds_needed(view)
        passing = self._choice(decision, PASS)
        rons = [a for a in decision.prompt.choices if a.type == RON]
        if rons:
            scored = []
            for action in rons:
                p, up = int(action.get("position")), str(action.get("upright"))
                eight = (*hand[:p], value_of(card, up), *hand[p:])
                scored.append((self._points(view, eight, tsumo=False), action))
            points, best = max(scored, key=lambda sa: sa[0]) if self.level.worth else scored[0]
            if points > 0 or not self.level.scoring_ron:
                return Hint(best, "ron", {"points": points})
        now = win_distance(hand, melds)
        choices = []
        for action in decision.prompt.choices:
            if action.type not in (PON, CHI):
                continue
            if action.type == CHI and not self.level.chi:
                continue
            if not self.level.claims:
                continue
            p = int(action.get("position"))
            rest = hand[:p] + hand[p + 2 :]
            after = min(
                (win_distance(rest[:q] + rest[q + 1 :], melds - 1) for q in range(len(rest))),
                default=99,
            )
            choices.append((after, action))
        if choices:
            after, action = min(choices, key=lambda ca: (ca[0], ca[1].type != PON))
            if self.level.careless:
                if action.type == PON:
                    return Hint(action, "pon")
            elif after < now:
                return Hint(action, str(action.type), {"distance": after})
        return Hint(passing, "pass")


def _dora(view: Mapping[str, Any]) -> tuple[int, int]:
    white, black = view.get("dora") or (0, 0)
    return int(white), int(black)
