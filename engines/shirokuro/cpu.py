"""Shirokuro-jaku's computer players: easy, normal and hard, each deciding from its seat's view.

Every level measures a hand by how many draws it is from a win (`shape.distance`: the cards that
can stay in some winning hand, over every gap and both ends of the cards to come), and a turn
by the hands it can end with: the drawn card goes in at the gap and end that leave the best hand
once the worst card is let go.

- easy: the fewest draws to go, then cards side by side that could grow into melds; a third of
  the time it takes any hand about as close; claims every ron and pon, never chi; never rotates.
- normal: the fewest draws to go, then the most cards side by side that could grow into melds;
  rons and tsumos whenever it can, pons and chis when they bring it a draw closer; rotates
  when the turned hand is closer.
- hard: the fewest draws to go, then the unseen cards that bring the hand closer (each card
  once, either end up); once one card away, every unseen winning card counted with what its win
  would score (yaku, dora, the dealer, tsumo), so it waits where a win is worth most; then
  what the hand is worth (dora showing, one colour, no 1 or 6). It weighs every gap of a drawn
  card, and claims like normal, judging the meld it would lay down. With 2 seats, when the
  other looks ready (two melds laid down: one card left, always ready; one meld late in the
  round) it counts the danger of each discard (the unseen card ends that show one of its
  numbers) as draws lost, the more the farther its own hand is from a win; with 3 it does not
  (`DEFENCE_SEATS`).

Every level takes a ron even when it scores nothing: the round ends before another seat scores
(measured: letting such rons go while the stock lasts did no better).

A player's randomness comes from its own view (`view_rng`), never from the record: whether
another seat could claim, and so how many sealed passes a record holds, is hidden from it.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, Final

from engines.actions import Action
from engines.players import Decision, Hint
from engines.rng import choice
from engines.shirokuro.claims import CHI, PASS, PON, RON, chi_value
from engines.shirokuro.shape import helpful, kept
from engines.shirokuro.yaku import WinContext, score_win
from engines.two_number.cards import DECK, VALUES, base, ends, rotated, value_of, values
from engines.two_number.melds import KOUTSU, SHUNTSU, is_win

DRAW, INSERT, DISCARD, TSUMO, ROTATE, CLAIM = (
    "draw",
    "insert",
    "discard",
    "tsumo",
    "rotate",
    "claim",
)
WHITE_BLACK: Final = ("W", "B")
DEFENCE_SEATS: Final = 2
"""Hard keeps out of a ready seat's way only at tables this small. A ron costs the discarder
nothing (points are not taken), so holding a card back only denies one other seat a win; with
3 seats that is half the others, the stock is 7 cards and every draw held back cost more than it
saved: hard against the efficient style +0.10 without it, -0.03 with it (600 deals)."""


@dataclass(frozen=True)
class Level:
    """How one level plays."""

    name: str
    careless: float
    """The chance to take any hand about as close to a win instead of the best."""
    rotate: bool
    chi: bool
    judged_claims: bool
    """Pon and chi only when they bring the hand closer (else every pon, and every chi when
    `chi`)."""
    exact: bool
    """Count the unseen cards that bring a hand closer, and what its waits would score."""
    defend: bool
    look: int = 6
    """How many of the most promising gaps for a drawn card are weighed discard by discard."""
    pon: bool = True
    """Pon at all (a player who keeps the hand closed never does)."""
    worth: bool = True
    """With `exact`: weigh what a win would score (without it: only the cards that help)."""


LEVELS: Final = {
    "easy": Level("easy", 0.35, False, False, False, False, False, look=4),
    "normal": Level("normal", 0.0, True, True, True, False, False, look=2),
    "hard": Level("hard", 0.0, True, True, True, True, True, look=18),
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
    """Cards this seat has not seen: in another hand or in the stock."""
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


def own_melds(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The seat's exposed melds."""
    me = int(view["viewer"])
    exposed = view.get("exposed") or []
    return list(exposed[me]) if me < len(exposed) else []


def exposed_values(view: Mapping[str, Any]) -> list[tuple[str, tuple[int, ...]]]:
    """The seat's exposed melds as (kind, values)."""
    return [(str(m["kind"]), values(m["cards"])) for m in own_melds(view)]


def melds_needed(view: Mapping[str, Any]) -> int:
    """The melds the seat's concealed hand still needs."""
    return 2 - len(own_melds(view))


def distance(hand: tuple[int, ...], melds: int) -> int:
    """Draws still needed: 0 for a winning hand, 1 for a hand one card away (tenpai)."""
    return 3 * melds + 2 - kept(hand, melds)


def shape(hand: tuple[int, ...]) -> int:
    """Cards side by side that could grow into a meld or head (one colour, at most two apart)."""
    return sum(1 for a, b in pairwise(hand) if -2 <= a - b <= 2)


# --------------------------------------------------------------------------- a win's worth


def win_context(view: Mapping[str, Any], tsumo: bool) -> WinContext:
    """The yaku a win now would take from the round's moment."""
    me = int(view["viewer"])
    dealer = int(view["dealer"]) == me
    first_move = bool(view.get("rotation_open"))
    white, black = view.get("dora") or (0, 0)
    return WinContext(
        dealer=dealer,
        tsumo=tsumo,
        dora=(int(white), int(black)),
        haitei=tsumo and bool(view.get("last_draw")),
        houtei=not tsumo and bool(view.get("last_draw")),
        tenhou=tsumo and dealer and first_move,
        chiihou=tsumo
        and not dealer
        and int(view.get("draws") or 0) == 1
        and not view.get("claims_made"),
        renhou=not tsumo and not view.get("had_turn"),
    )


def points(view: Mapping[str, Any], concealed: tuple[int, ...], tsumo: bool) -> int:
    """What a win with this concealed hand (the winning card in it) scores now."""
    exposed = [(str(m["kind"]), values(m["cards"])) for m in own_melds(view)]
    found = score_win(concealed, exposed, win_context(view, tsumo))
    return found.points if found is not None else 0


def future_context(view: Mapping[str, Any]) -> WinContext:
    """The yaku a later tsumo would have for sure: the dealer, tsumo, the dora."""
    me = int(view["viewer"])
    white, black = view.get("dora") or (0, 0)
    return WinContext(dealer=int(view["dealer"]) == me, tsumo=True, dora=(int(white), int(black)))


def rough_worth(
    view: Mapping[str, Any], hand: Sequence[int], exposed: Sequence[tuple[str, Sequence[int]]]
) -> float:
    """What a hand not yet ready may score: dora showing, the dealer, tsumo now and then, one
    colour and no 1 or 6 when they are near."""
    me = int(view["viewer"])
    dora = tuple(view.get("dora") or ())
    shown = list(hand) + [v for _, vs in exposed for v in vs]
    worth = 0.6 + (1.0 if int(view["dealer"]) == me else 0.0)
    worth += 0.8 * sum(1 for v in shown if v in dora)
    whites = sum(1 for v in shown if v < 8)
    off = min(whites, len(shown) - whites)
    worth += (0.8, 0.35, 0.1)[off] if off < 3 else 0.0
    ends_ = sum(1 for v in shown if (v & 7) in (1, 6))
    worth += (0.8, 0.3)[ends_] if ends_ < 2 else 0.0
    return worth


# --------------------------------------------------------------------------- danger


def threats(view: Mapping[str, Any]) -> dict[int, float]:
    """How likely each other seat is ready (0..1): two melds laid down leave one concealed card,
    always one card from a win; one meld, the more likely the later in the round."""
    me = int(view["viewer"])
    stock = int(view.get("stock_count") or 0)
    seats = int(view.get("seats") or 2)
    out = {}
    for seat, melds in enumerate(view.get("exposed") or []):
        if seat == me:
            continue
        if len(melds) >= 2:
            out[seat] = 1.0
        elif len(melds) == 1:
            out[seat] = 0.7 if stock <= 2 * seats else 0.4
        else:
            out[seat] = 0.3 if stock <= seats else 0.1 if stock <= 2 * seats else 0.0
    return out


def danger(card: str, pool: Sequence[tuple[int, int]]) -> float:
    """The chance that one unseen card a ready seat waits on shows a number of `card`: the
    ends of the unseen cards that match either end of it."""
    if not pool:
        return 0.0
    white, black = ends(card)
    hits = sum((w in (white, black)) + (b in (white, black)) for w, b in pool)
    return min(1.0, 2.5 * hits / (2 * len(pool)))


# --------------------------------------------------------------------------- the player


@dataclass(frozen=True)
class Keep:
    """A hand the seat may end its turn with, and how: the insert, the discard."""

    position: int
    upright: str
    discard: int
    card: str
    """The card let go."""
    hand: tuple[int, ...]


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

    # -- judging hands -------------------------------------------------------------------

    @staticmethod
    def _choice(decision: Decision, kind: str, **fields: Any) -> Action:
        for action in decision.prompt.choices:
            if action.type == kind and all(action.get(k) == v for k, v in fields.items()):
                return action
        raise LookupError(f"no {kind} {fields} among the choices")

    def _judge(
        self,
        view: Mapping[str, Any],
        hand: tuple[int, ...],
        melds: int,
        exposed: Sequence[tuple[str, Sequence[int]]] | None = None,
    ) -> tuple[float, float, float]:
        """How good a hand is to end the turn with, larger first: (minus) the draws to go, then
        its ways forward, then its worth. `exposed`: the melds laid down beside it (by default
        the seat's own; a claim weighs the meld it would lay down too)."""
        d = distance(hand, melds)
        if not self.level.exact:
            return (-float(d), float(shape(hand)), 0.0)
        laid = exposed_values(view) if exposed is None else list(exposed)
        pool = _pool(view)
        if d <= 1 and self.level.worth:
            wins, worth = self._waits(view, hand, melds, pool, laid)
            spread = wins + worth
        else:
            good = helpful(hand, melds)
            spread = float(sum(1 for w, b in pool if w in good or b in good))
        worth = rough_worth(view, hand, laid) if self.level.worth else float(shape(hand))
        return (-float(d), spread, worth)

    def _waits(
        self,
        view: Mapping[str, Any],
        hand: tuple[int, ...],
        melds: int,
        pool: Sequence[tuple[int, int]],
        exposed: Sequence[tuple[str, Sequence[int]]],
    ) -> tuple[int, float]:
        """A ready hand's unseen winning cards and the points they would score in all."""
        context = future_context(view)
        winning = helpful(hand, melds)
        by_value: dict[int, int] = {}
        for v in VALUES:
            best = -1
            if v in winning:
                for p in range(len(hand) + 1):
                    eight = (*hand[:p], v, *hand[p:])
                    if is_win(eight, melds):
                        found = score_win(eight, exposed, context)
                        if found is not None and found.points > best:
                            best = found.points
            by_value[v] = best
        wins, worth = 0, 0.0
        for white, black in pool:
            best = max(by_value[white], by_value[black])
            if best >= 0:
                wins += 1
                worth += best
        return wins, worth

    def _risk(self, view: Mapping[str, Any], card: str, d: float) -> float:
        """Draws a discard is worth giving up to keep out of the way of a seat that looks
        ready: the chance it waits on a number of the card, weighed more the farther this
        hand is from a win itself."""
        threat = max(threats(view).values(), default=0.0)
        if not threat:
            return 0.0
        weight = (0.0, 0.0, 2.0, 4.0)[min(3, int(d))]
        return weight * threat * danger(card, _pool(view))

    def _ranked(
        self, decision: Decision, options: list[Keep], melds: int
    ) -> list[tuple[tuple[float, ...], Keep]]:
        """Options by worth, best first (ties: the leftmost insert, white up, leftmost discard).

        The draws to go (and the danger of the discard) come first, so the ways forward and
        the worth are weighed only for the options nearest a win.
        """
        view = decision.view
        defend = self.level.defend and int(view.get("seats") or 2) <= DEFENCE_SEATS
        first = []
        for option in options:
            d = float(distance(option.hand, melds))
            if defend:
                d += self._risk(view, option.card, d)
            first.append(-d)
        best = max(first)
        slack = 1.0 if self.level.careless else 1e-9
        judged: dict[tuple[int, ...], tuple[float, float, float]] = {}
        out: list[tuple[tuple[float, ...], Keep]] = []
        for primary, option in zip(first, options, strict=True):
            if primary < best - slack:
                out.append(((primary, -1e9, -1e9), option))
                continue
            key = judged.get(option.hand)
            if key is None:
                key = judged[option.hand] = self._judge(view, option.hand, melds)
            out.append(((primary, key[1], key[2]), option))
        out.sort(
            key=lambda ko: (tuple(-k for k in ko[0]), ko[1].position, ko[1].upright, ko[1].discard)
        )
        return out

    def _pick(
        self, decision: Decision, ranked: list[tuple[tuple[float, ...], Keep]], melds: int
    ) -> Keep:
        if self.level.careless:
            rng = view_rng(decision.view)
            if rng.random() < self.level.careless:
                low = distance(ranked[0][1].hand, melds)
                near = [o for _, o in ranked if distance(o.hand, melds) <= low + 1]
                return choice(rng, near)
        return ranked[0][1]

    # -- the decisions -------------------------------------------------------------------

    def _rotate(self, decision: Decision) -> Hint:
        view = decision.view
        keep = self._choice(decision, "keep")
        if not self.level.rotate:
            return Hint(keep, "keep")
        cards = list(view.get("hand") or [])
        melds = melds_needed(view)

        def judged(hand: tuple[int, ...]) -> tuple[float, float, float]:
            if len(hand) == 3 * melds + 2:  # the dealer's 8 cards: the best 7 it keeps
                return max(
                    self._judge(view, hand[:q] + hand[q + 1 :], melds) for q in range(len(hand))
                )
            return self._judge(view, hand, melds)

        now, then = judged(values(cards)), judged(values(rotated(cards)))
        if then > now:
            return Hint(self._choice(decision, "rotate"), "rotate", {"distance": int(-then[0])})
        return Hint(keep, "keep", {"distance": int(-now[0])})

    def _insert(self, decision: Decision) -> Hint:
        view = decision.view
        cards = list(view.get("hand") or [])
        hand = values(cards)
        card = str(view.get("drawn"))
        melds = melds_needed(view)
        full = 3 * melds + 2
        gaps: dict[tuple[int, ...], tuple[int, str]] = {}
        for upright in WHITE_BLACK:
            v = value_of(card, upright)
            for p in range(len(hand) + 1):
                gaps.setdefault((*hand[:p], v, *hand[p:]), (p, upright))
        wins = [
            (points(view, eight, tsumo=True), where)
            for eight, where in gaps.items()
            if kept(eight, melds) == full
        ]
        if wins:
            best_points, (p, upright) = max(wins, key=lambda w: (w[0], -w[1][0], w[1][1] == "W"))
            action = self._choice(decision, INSERT, position=p, upright=upright)
            return Hint(action, "insert_win", {"points": best_points})
        most = max(kept(eight, melds) for eight in gaps)
        slack = 1 if self.level.careless else 0
        near = [e for e in gaps if kept(e, melds) >= most - slack]
        near.sort(key=lambda e: (-kept(e, melds), -shape(e), gaps[e]))
        options = []
        for eight in near[: self.level.look]:
            p, upright = gaps[eight]
            held = [*cards[:p], card, *cards[p:]]
            for q in range(len(eight)):
                options.append(Keep(p, upright, q, base(held[q]), eight[:q] + eight[q + 1 :]))
        chosen = self._pick(decision, self._ranked(decision, options, melds), melds)
        action = self._choice(decision, INSERT, position=chosen.position, upright=chosen.upright)
        return Hint(action, "insert", {"distance": distance(chosen.hand, melds)})

    def _discard(self, decision: Decision) -> Hint:
        view = decision.view
        tsumo = [a for a in decision.prompt.choices if a.type == TSUMO]
        if tsumo:
            hand = values(view.get("hand") or [])
            return Hint(tsumo[0], "tsumo", {"points": points(view, hand, tsumo=True)})
        cards = list(view.get("hand") or [])
        hand = values(cards)
        melds = melds_needed(view)
        options = [
            Keep(-1, "W", q, base(cards[q]), hand[:q] + hand[q + 1 :]) for q in range(len(hand))
        ]
        chosen = self._pick(decision, self._ranked(decision, options, melds), melds)
        return Hint(
            self._choice(decision, DISCARD, position=chosen.discard),
            "discard",
            {"card": chosen.card, "distance": distance(chosen.hand, melds)},
        )

    def _claim(self, decision: Decision) -> Hint:
        view = decision.view
        claim = view.get("claim") or {}
        card = str(claim.get("card"))
        hand = values(view.get("hand") or [])
        melds = melds_needed(view)
        passing = self._choice(decision, PASS)
        rons = []
        for action in decision.prompt.choices:
            if action.type == RON:
                p, up = int(action.get("position")), str(action.get("upright"))
                eight = (*hand[:p], value_of(card, up), *hand[p:])
                rons.append((points(view, eight, tsumo=False), action))
        if rons:  # even for nothing: the round ends before another seat scores
            best_points, best = max(rons, key=lambda pa: pa[0])
            return Hint(best, "ron", {"points": best_points})
        melded = [a for a in decision.prompt.choices if a.type in (PON, CHI)]
        if not self.level.chi:
            melded = [a for a in melded if a.type == PON]
        if not self.level.pon:
            melded = [a for a in melded if a.type != PON]
        if not melded:
            return Hint(passing, "pass")
        if not self.level.judged_claims:
            return Hint(melded[0], str(melded[0].type))
        now = distance(hand, melds)
        best_key, best_action = None, None
        for action in melded:
            p = int(action.get("position"))
            rest = hand[:p] + hand[p + 2 :]
            laid = [*exposed_values(view), claimed_meld(action.type, hand[p], hand[p + 1], card)]
            for q in range(len(rest)):
                key = self._judge(view, rest[:q] + rest[q + 1 :], melds - 1, laid)
                if best_key is None or key > best_key:
                    best_key, best_action = key, action
        assert best_action is not None and best_key is not None
        if -best_key[0] < now:
            return Hint(best_action, str(best_action.type), {"distance": int(-best_key[0])})
        return Hint(passing, "pass")


def claimed_meld(kind: str, a: int, b: int, card: str) -> tuple[str, tuple[int, ...]]:
    """The meld a pon or chi of `card` with hand values a, b lays down."""
    if kind == PON:
        return (KOUTSU, (a, a, a))
    shown = chi_value(a, b, card)
    assert shown is not None
    return (SHUNTSU, tuple(sorted((a, b, shown))))


def _pool(view: Mapping[str, Any]) -> tuple[tuple[int, int], ...]:
    """The unseen cards as their two values (white end, black end)."""
    return tuple(ends(c) for c in unseen(view))
