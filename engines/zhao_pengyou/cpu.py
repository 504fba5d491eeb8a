"""Zhao Pengyou's computer players (easy, normal, hard) and the hint, all deciding from a view.

- Declaring: a declaration is worth it when the suit it makes trump, with the jokers and the
  cards of the seat's rank, is a good share of the hand (a higher bar early in the drawing,
  when the hand is small; a lower one in the last window, where passing may mean a redeal).
  The easy player declares with the first card it may.
- Burying: void the shortest plain suits that hold no Ace and few points, then the lowest
  plain cards; points and trumps go only when nothing else is left (the kitty's points are
  doubled for the defenders if they win the last trick). The easy player buries its 6 lowest.
- Calling: the call sets of `calls.suggestions` (Aces of the suits the declarer is short in,
  the next copy of an Ace it holds); normal takes the first, easy any, hard compares the
  first three by playouts.
- Playing (`policy.py`): follow duties by construction; win a trick with points from an
  opponent cheaply, feed points to a partner who holds the trick, lead sure winners, shorten a
  suit, fight for the last tricks when the kitty counts. Hard (`search.py`) samples the unseen
  cards consistently with everything public and compares its candidate plays by playouts.

Nothing here reads a game state: a player gets the seat's view, its prompt and its RNG.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Final

from engines.actions import Action
from engines.cpu import RandomChoice
from engines.errors import JSON, GameError
from engines.players import CpuPlayer, Decision, Hint
from engines.prompts import Prompt
from engines.rng import choice
from engines.zhao_pengyou.cards import (
    CODES,
    INDEX,
    KITTY,
    POINTS,
    RANK_A,
    RANK_OF,
    SUIT_OF,
    TRUMP,
    TYPES,
    Trump,
    keep_values,
    trump_of,
)
from engines.zhao_pengyou.policy import (
    Play,
    easy_play,
    follow_options,
    lead_options,
    normal_play,
)
from engines.zhao_pengyou.search import evaluate, preferred, sampled
from engines.zhao_pengyou.sim import Sim, from_view

DECLARE, LAST_WINDOW, BURY, CALL, PLAY = "declare", "last_window", "bury", "call", "play"
CALL_CANDIDATES: Final = 3
CALL_BUDGET: Final = 9_000
"""Simulated plays spent comparing call sets (the whole deal is still to play)."""


# --------------------------------------------------------------------------- declaring


def trump_share(hand: Sequence[str], card: str) -> float:
    """The share of the hand that would be trump if `card` were declared: the jokers, every
    card of its rank and its suit; a trump pair counts a little extra."""
    if not hand:
        return 0.0
    t = INDEX[card]
    trump = trump_of(SUIT_OF[t], RANK_OF[t])
    counts = [0] * TYPES
    for code in hand:
        counts[INDEX[code]] += 1
    trumps = sum(counts[u] for u in trump.members[TRUMP])
    pairs = sum(1 for u in trump.members[TRUMP] if counts[u] >= 2)
    return (trumps + 0.5 * pairs) / len(hand)


def declare_choice(
    view: Mapping[str, JSON], prompt: Prompt, last_window: bool, eager: bool
) -> Action | None:
    """A declaration worth making now, the pass in the last window, or None (wait)."""
    hand = list(view.get("hand") or [])
    size = int(view.get("deal_size") or len(hand) or 1)
    return declaration(hand, size, prompt, last_window, eager)


def declaration(
    hand: Sequence[str], size: int, prompt: Prompt, last_window: bool, eager: bool
) -> Action | None:
    """`declare_choice` from the seat's hand (sorted as its view shows it) and the number of
    cards each seat draws (`ZhaoPengyou.autoplay` asks this for a `CpuChooser`'s seats)."""
    declares = [a for a in prompt.choices if a.type == DECLARE]
    passing = next((a for a in prompt.choices if a.type == "pass"), None)
    if eager and declares:
        return declares[0]
    if not declares:
        return passing
    best = max(declares, key=lambda a: (trump_share(hand, str(a.get("card"))), -declares.index(a)))
    share = trump_share(hand, str(best.get("card")))
    progress = min(1.0, len(hand) / size)
    need = 0.24 if last_window else 0.5 - 0.14 * progress
    if (last_window or len(hand) >= 5) and share >= need:
        return best
    return passing if last_window else None


# --------------------------------------------------------------------------- burying


def bury_choice(cards: Sequence[str], trump_code: str, easy: bool) -> list[str]:
    """Six cards to bury from the declarer's hand (the kitty included)."""
    t0 = INDEX[trump_code]
    trump = trump_of(SUIT_OF[t0], RANK_OF[t0])
    values = keep_values(trump)
    types = [INDEX[c] for c in cards]
    if easy:
        chosen = sorted(types, key=lambda t: (values[t], t))[:KITTY]
        return [CODES[t] for t in chosen]
    counts = [0] * TYPES
    for t in types:
        counts[t] += 1
    chosen_counts = [0] * TYPES
    slots = KITTY
    lengths = {s: sum(counts[t] for t in trump.members[s]) for s in range(4)}
    for suit in sorted((s for s in range(4) if lengths[s]), key=lambda s: (lengths[s], s)):
        members = [t for t in trump.members[suit] if counts[t]]
        ace = suit * 13 + RANK_A
        points = sum(POINTS[t] * counts[t] for t in members)
        if lengths[suit] <= slots and not counts[ace] and points <= 10:
            for t in members:
                chosen_counts[t] += counts[t]
            slots -= lengths[suit]
    if slots:
        lengths_left = {s: lengths[s] for s in range(4)}

        def cost(t: int) -> tuple[int, float, int]:
            trumpy = trump.eff[t] == TRUMP
            pair = counts[t] >= 2
            return (
                2 if trumpy else 1 if POINTS[t] else 0,
                values[t] + (8 if pair else 0) + 0.5 * lengths_left.get(trump.eff[t], 0),
                t,
            )

        rest = sorted(
            (t for t in range(TYPES) for _ in range(counts[t] - chosen_counts[t])), key=cost
        )
        for t in rest[:slots]:
            chosen_counts[t] += 1
    out = []
    for code in cards:
        t = INDEX[code]
        if chosen_counts[t]:
            chosen_counts[t] -= 1
            out.append(code)
    return out


# --------------------------------------------------------------------------- the players


def play_action(seat: int, play: Play, trump: Trump) -> Action:
    """The play as an action, its cards in hand order."""
    place = trump.place
    ordered = sorted(play, key=place.__getitem__)
    return Action(seat, PLAY, (("cards", tuple([CODES[t] for t in ordered])),))


class Player:
    """One level's player: `easy`, `normal` or `hard`."""

    def __init__(self, level: str) -> None:
        self.level = level

    def decide(self, decision: Decision) -> Action | None:
        """An answer to the prompt, from the seat's view only."""
        return self._answer(decision, False).action

    def explain(self, decision: Decision) -> Hint:
        """The answer and why (the reason codes the presenter puts into words)."""
        return self._answer(decision, True)

    def _answer(self, decision: Decision, why: bool) -> Hint:
        prompt, view, rng = decision.prompt, decision.view, decision.rng
        kind = prompt.kind
        eager = self.level == "easy"
        if kind == DECLARE:
            action = declare_choice(view, prompt, False, eager)
            return Hint(action, "declare" if action else "wait")
        if kind == LAST_WINDOW:
            action = declare_choice(view, prompt, True, eager)
            return Hint(action, "declare" if action and action.type == DECLARE else "pass")
        if kind == BURY and prompt.pick is not None:
            pick = prompt.pick
            chosen = bury_choice(pick.cards, str(view["trump"]), eager)
            action = pick.action(prompt.seat, pick.positions(chosen))
            return Hint(action, "bury")
        if kind == CALL:
            return Hint(self._call(view, prompt, rng), "call")
        if kind == PLAY:
            return self._play(view, prompt, rng, why)
        fallback = prompt.choices[0] if prompt.choices else prompt.default
        return Hint(fallback)

    def _call(self, view: Mapping[str, JSON], prompt: Prompt, rng: random.Random) -> Action:
        choices = list(prompt.choices)
        if not choices:
            raise GameError("cpu_declined", "No call set to choose from.")
        if self.level == "easy":
            return choice(rng, choices)
        if self.level == "normal" or len(choices) == 1:
            return choices[0]
        candidates = choices[:CALL_CANDIDATES]
        scores = []
        base = _start_of_play(view)
        for action in candidates:
            calls = [(INDEX[c["card"]], int(c["nth"])) for c in action.get("calls")]
            scores.append(_score_calls(base, calls, rng))
        best = max(range(len(candidates)), key=lambda i: (scores[i], -i))
        return candidates[best]

    def _play(
        self, view: Mapping[str, JSON], prompt: Prompt, rng: random.Random, why: bool
    ) -> Hint:
        st = from_view(view)
        seat = prompt.seat
        play = self.play_of(st, rng)
        action = play_action(seat, play, st.trump)
        if self.level == "easy":
            return Hint(action, "play")
        if self.level == "normal" and not why:
            return Hint(action)
        return Hint(action, _reason(st, seat, play))

    def play_of(self, st: Sim, rng: random.Random) -> Play:
        """The cards to play for the seat `st` is seen from (`st.me`), in any order.

        `ZhaoPengyou.autoplay` asks this directly with `seat_sim`, the same `Sim` as the
        view's, for the seats of a `CpuChooser` (no view, no prompt)."""
        seat = st.me
        if self.level == "easy":
            return easy_play(st, seat)
        choice = normal_play(st, seat)
        if self.level == "normal":
            return choice
        options = follow_options(st, seat) if st.trick else lead_options(st, seat)
        candidates: list[Play] = [choice]
        keys = {tuple(sorted(choice))}
        for play in options.values():
            key = tuple(sorted(play))
            if key not in keys:
                keys.add(key)
                candidates.append(play)
        if len(candidates) == 1:
            return choice
        return candidates[preferred(evaluate(st, candidates, rng))]


def _reason(st: Sim, seat: int, play: Play) -> str:
    """Why a play: the name of the option it is (win, feed, low, top, sequence...)."""
    options = follow_options(st, seat) if st.trick else lead_options(st, seat)
    key = sorted(play)
    for name, option in options.items():
        if sorted(option) == key:
            return name
    return "play"


def _start_of_play(view: Mapping[str, JSON]) -> Sim:
    """The deal as the declarer knows it right after its calls (before the first lead)."""
    seats = int(view["seats"])
    me = int(view["viewer"])
    code = str(view["trump"])
    trump = trump_of(SUIT_OF[INDEX[code]], RANK_OF[INDEX[code]])
    hands = [[0] * TYPES for _ in range(seats)]
    for c in view["hand"]:
        hands[me][INDEX[c]] += 1
    known = [[0] * TYPES for _ in range(seats)]
    buried = [INDEX[c] for c in view.get("buried") or []]
    active = set(int(s) for s in view["active"])
    st = Sim(
        seats,
        int(view["decks"]),
        trump,
        me,
        hands,
        [int(n) for n in view["hand_counts"]],
        me,
        {me},
        [],
        [],
        [0] * TYPES,
        [0] * seats,
        [s in active for s in range(seats)],
        me,
        voids=[0] * seats,
        no_sets=[{} for _ in range(seats)],
        known=known,
        buried=buried,
        kitty_points=sum(POINTS[t] for t in buried),
    )
    return st


def _score_calls(base: Sim, calls: list[tuple[int, int]], rng: random.Random) -> float:
    """The declarer's average utility with these calls, over sampled deals played out."""
    st = base.copy()
    st.calls = calls
    st.answered = [None] * len(calls)
    samples = max(2, CALL_BUDGET // max(1, sum(st.sizes)) // CALL_CANDIDATES)
    total = 0.0
    for _ in range(samples):
        deal = sampled(st, rng)
        while not deal.over():
            seat = deal.turn
            deal.play(seat, normal_play(deal, seat))
        total += deal.utility(st.me)
    return total / samples


def player(level: str) -> CpuPlayer:
    """The player at `level`: easy, normal or hard (`random` is the generic baseline)."""
    if level not in ("easy", "normal", "hard"):
        raise GameError("bad_level", "CPU level is easy, normal or hard.", level=level)
    return Player(level)


__all__ = ["Player", "RandomChoice", "bury_choice", "declare_choice", "player", "trump_share"]
