"""Gong Zhu's computer players (easy, normal, hard) and the hint, all deciding from a view.

- easy: a legal card by simple safety rules; never exposes.
- normal: the rule player of `policy.py`; exposes only with an obviously safe hand.
- hard: determinised Monte Carlo. It deals the cards it cannot see at random, consistently
  with everything public (cards played, exposed cards still held, voids shown by failures to
  follow, and an exposed card played in the first trick of its suit, which proves it was its
  holder's last of that suit), plays each candidate card and then the rest of the hand with the
  normal policy for every seat, and picks the card with the best average. The score it
  maximises is its own hand score minus the others' average: a match is won on the totals.
  Exposures are decided the same way, simulating the hand with and without each. The work per
  decision is a fixed budget of simulated plays (never the clock), so the same view and the
  same RNG always give the same card.

Nothing here reads a game state: a player gets the seat's view, its prompt and its RNG.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Final

from engines.actions import Action
from engines.errors import JSON, GameError
from engines.gong_zhu.deck import (
    ALL,
    BIT,
    CODES,
    EXPOSABLE,
    HEART_MASK,
    HEART_POINTS,
    HEARTS,
    INDEX,
    JD,
    QS,
    SCORING,
    SPADES,
    SUIT_MASK,
    SUIT_OF,
    SUITS,
    TC,
    TWO_OF_SPADES,
    cards_of,
    mask_of_codes,
)
from engines.gong_zhu.game import expose_action, play_action
from engines.gong_zhu.policy import (
    HIGH_HEARTS,
    HIGH_SPADES,
    LOW_SPADES,
    SWEEP_GUARD,
    Policy,
    Situation,
    easy_play,
    lowest,
    normal_exposures,
    normal_play,
    sweeper,
)
from engines.gong_zhu.rules import legal_mask, trick_winner
from engines.gong_zhu.scoring import score
from engines.players import CpuPlayer, Decision, Hint
from engines.prompts import Prompt
from engines.rng import below, shuffle

SAMPLES: Final = 24
"""Deals sampled per decision at most (fewer when the candidates are many and the hand young)."""
MIN_SAMPLES: Final = 8
PLAY_BUDGET: Final = 36_000
"""Simulated card plays per decision: about 150 ms here in the worst case, a few ms usually."""
EXPOSE_SAMPLES: Final = 24


# --------------------------------------------------------------------------- what a seat knows


@dataclass
class Knowledge:
    """Everything a seat knows, as masks: its hand, the public table, and what the history
    proves about the others' hands (their card counts, voids, and cards known to be theirs)."""

    seat: int
    hand: int
    situation: Situation
    counts: list[int]
    voids: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    """Bit s set: that seat holds no card of suit s."""
    known: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    """Cards known to be in that seat's hand (its exposed cards not yet played)."""
    first_leader: int | None = None


def situation_of(view: Mapping[str, JSON]) -> Situation:
    """The public table of a view, as a policy reads it."""
    trick = [INDEX[c] for c in view["trick"]["cards"]]
    exposed = 0
    for cards in view["exposed"]:
        exposed |= mask_of_codes(cards)
    led_before = 0
    for letter in view["led_suits"]:
        led_before |= 1 << SUITS.index(letter)
    return Situation(
        trick,
        view["trick"]["leader"],
        mask_of_codes(view["plays"]),
        [mask_of_codes(t) for t in view["taken"]],
        exposed,
        led_before,
    )


def knowledge(view: Mapping[str, JSON]) -> Knowledge:
    """What the viewing seat knows, read from its view (never from a game state)."""
    seat = view["viewer"]
    hand = mask_of_codes(view["hand_cards"])
    leader = view["first_leader"]
    found = Knowledge(
        seat,
        hand,
        situation_of(view),
        list(view["hand_counts"]),
        first_leader=leader,
    )
    exposed_by = [mask_of_codes(cards) for cards in view["exposed"]]
    for s in range(4):
        found.known[s] = mask_of_codes(view["exposed_live"][s]) if s != seat else 0
    if view["hand"] == 1 and leader is not None and leader != seat:
        # the first hand is led by the holder of 2♠: where it is, everyone knows
        found.known[leader] |= BIT[TWO_OF_SPADES] & ~found.situation.played
    plays = [INDEX[c] for c in view["plays"]]
    led_so_far = 0
    for k, leader in enumerate(view["leaders"]):
        trick = plays[4 * k : 4 * k + 4]
        if not trick:
            break
        led = SUIT_OF[trick[0]]
        for i, card in enumerate(trick):
            who = (leader + i) % 4
            suit = SUIT_OF[card]
            if suit != led:
                found.voids[who] |= 1 << led
            elif BIT[card] & exposed_by[who] and not led_so_far >> led & 1:
                # an exposed card in the first trick of its suit was its holder's last one
                found.voids[who] |= 1 << led
        led_so_far |= 1 << led
    return found


# --------------------------------------------------------------------------- simulations


def finish_hand(hands: list[int], st: Situation, policy: Policy) -> list[int]:
    """Play the hand to its end from `st` with `policy` for every seat; the cards each took.

    The rules of `rules.py` written out inline (this loop is most of the hard CPU's time).
    """
    trick = st.trick
    played, led_before, exposed = st.played, st.led_before, st.exposed
    taken = st.taken
    leader = st.leader
    n = len(trick)
    led = win = at = 0
    if n:
        led = SUIT_OF[trick[0]]
        at = trick_winner(trick)
        win = trick[at]
    while True:
        seat = (leader + n) & 3
        hand = hands[seat]
        if not hand:
            break
        if n:
            legal = hand & SUIT_MASK[led]
            if not legal:
                legal = hand
            elif exposed & legal and not led_before >> led & 1:
                held = legal & exposed
                if held != legal:
                    legal ^= held
        elif hand & exposed:
            legal = legal_mask(hand, None, led_before, exposed)
        else:
            legal = hand
        if legal & (legal - 1):
            st.played = played
            card = policy(seat, hand, legal, st)
        else:
            card = legal.bit_length() - 1
        hands[seat] = hand ^ BIT[card]
        played |= BIT[card]
        if not n:
            trick.append(card)
            led, win, at, n = SUIT_OF[card], card, 0, 1
            continue
        trick.append(card)
        if card > win and SUIT_OF[card] == led:
            win, at = card, n
        if n < 3:
            n += 1
            continue
        leader = (leader + at) & 3
        taken[leader] |= BIT[trick[0]] | BIT[trick[1]] | BIT[trick[2]] | BIT[card]
        led_before |= 1 << led
        st.led_before = led_before
        trick.clear()
        st.leader = leader
        n = 0
    st.played = played
    return taken


def utility(taken: Sequence[int], seat: int, exposed: int) -> float:
    """The seat's hand score minus the average of the others' (a match is won on totals)."""
    scores = [score(t, exposed) for t in taken]
    return scores[seat] - (sum(scores) - scores[seat]) / 3


def deal_hidden(k: Knowledge, rng: random.Random, tries: int = 3) -> list[int]:
    """The others' hands drawn at random, consistent with everything the seat knows.

    A few quick draws (each card to a seat that may hold its suit, weighted by the room left);
    when they keep running into a dead end, a draw that checks at each card that the rest can
    still be placed (Hall's condition over the suits), which always succeeds.
    """
    me = k.seat
    others = [s for s in range(4) if s != me]
    unknown = ALL & ~k.hand & ~k.situation.played
    for s in others:
        unknown &= ~k.known[s]
    need = [k.counts[s] - k.known[s].bit_count() for s in range(4)]
    need[me] = 0
    eligible = [[s for s in others if not k.voids[s] >> suit & 1] for suit in range(4)]
    cards = cards_of(unknown)
    for _ in range(tries):
        shuffle(rng, cards)
        cards.sort(key=lambda c: len(eligible[SUIT_OF[c]]))
        left = list(need)
        hands = list(k.known)
        hands[me] = k.hand
        for card in cards:
            # a seat with room for it, chosen with odds by the room left (`_weighted` inline)
            seats = eligible[SUIT_OF[card]]
            room = 0
            for s in seats:
                room += left[s]
            if not room:
                break
            r = below(rng, room)
            for s in seats:
                r -= left[s]
                if r < 0:
                    break
            hands[s] |= BIT[card]
            left[s] -= 1
        else:
            return hands
    return _deal_checked(k, cards, need, eligible, rng)


def _weighted(seats: list[int], left: list[int], rng: random.Random) -> int:
    r = below(rng, sum(left[s] for s in seats))
    for s in seats:
        r -= left[s]
        if r < 0:
            return s
    return seats[-1]


def _deal_checked(
    k: Knowledge, cards: list[int], need: list[int], eligible: list[list[int]], rng: random.Random
) -> list[int]:
    """A random deal that places each card only where the remaining cards still fit."""
    rest = [0, 0, 0, 0]
    for card in cards:
        rest[SUIT_OF[card]] += 1
    subsets = []
    for bits in range(1, 16):
        suits = [su for su in range(4) if bits >> su & 1]
        seats = sorted({s for su in suits for s in eligible[su]})
        subsets.append((suits, seats))

    def fits(left: list[int]) -> bool:
        for suits, seats in subsets:
            if sum(rest[su] for su in suits) > sum(left[s] for s in seats):
                return False
        return True

    left = list(need)
    if not fits(left):
        raise GameError("bad_view", "No deal fits what this seat has seen.")
    hands = list(k.known)
    hands[k.seat] = k.hand
    shuffle(rng, cards)
    for card in cards:
        suit = SUIT_OF[card]
        rest[suit] -= 1
        seats = []
        for s in eligible[suit]:
            if left[s]:
                left[s] -= 1
                if fits(left):
                    seats.append(s)
                left[s] += 1
        s = _weighted(seats, left, rng)
        hands[s] |= BIT[card]
        left[s] -= 1
    return hands


def candidates(hand: int, legal: int, played: int) -> list[int]:
    """The legal cards worth comparing: of cards that can't differ in any outcome (same suit,
    nothing but our own or played cards between them, the same points), only the lowest."""
    out: list[int] = []
    cards = sorted(cards_of(legal))
    for card in cards:
        if out:
            prev = out[-1]
            if (
                SUIT_OF[prev] == SUIT_OF[card]
                and not BIT[card] & EXPOSABLE
                and not BIT[prev] & EXPOSABLE
                and HEART_POINTS.get(prev) == HEART_POINTS.get(card)
                and not (BIT[card] - (BIT[prev] << 1)) & ~(hand | played)
            ):
                continue
        out.append(card)
    return out


def evaluate_plays(
    k: Knowledge, legal: int, rng: random.Random, budget: int = PLAY_BUDGET
) -> tuple[dict[int, float], int]:
    """The average utility of each candidate card over sampled deals, and how many deals."""
    st = k.situation
    cands = candidates(k.hand, legal, st.played)
    remaining = sum(k.counts)
    samples = max(MIN_SAMPLES, min(SAMPLES, budget // max(1, len(cands) * remaining)))
    totals = dict.fromkeys(cands, 0.0)
    me = k.seat
    for _ in range(samples):
        hands = deal_hidden(k, rng)
        for card in cands:
            sim = st.copy()
            dealt = list(hands)
            dealt[me] ^= BIT[card]
            sim.trick.append(card)
            sim.played |= BIT[card]
            if len(sim.trick) == 4:
                _settle(sim)
            taken = finish_hand(dealt, sim, normal_play)
            totals[card] += utility(taken, me, st.exposed)
    return {card: total / samples for card, total in totals.items()}, samples


def _settle(st: Situation) -> None:
    trick = st.trick
    winner = (st.leader + trick_winner(trick)) % 4
    for c in trick:
        st.taken[winner] |= BIT[c]
    st.led_before |= 1 << SUIT_OF[trick[0]]
    trick.clear()
    st.leader = winner


def evaluate_exposures(
    seat: int,
    hand: int,
    first_leader: int | None,
    rng: random.Random,
    samples: int = EXPOSE_SAMPLES,
) -> dict[int, float]:
    """The average utility of each exposure the seat could declare, over sampled deals in
    which the others expose as the normal CPU would with their sampled hands (the first
    hand's leader, unknown yet, is the sampled holder of 2♠)."""
    held = cards_of(hand & EXPOSABLE)
    options = [
        sum(BIT[c] for c in chosen)
        for n in range(len(held) + 1)
        for chosen in combinations(held, n)
    ]
    totals = dict.fromkeys(options, 0.0)
    others = [s for s in range(4) if s != seat]
    rest = cards_of(ALL & ~hand)
    for _ in range(samples):
        shuffle(rng, rest)
        hands = [0, 0, 0, 0]
        hands[seat] = hand
        for i, s in enumerate(others):
            for c in rest[13 * i : 13 * i + 13]:
                hands[s] |= BIT[c]
        theirs = 0
        for s in others:
            theirs |= normal_exposures(hands[s])
        leader = first_leader
        if leader is None:
            leader = next(s for s in range(4) if hands[s] & BIT[TWO_OF_SPADES])
        for option in options:
            exposed = theirs | option
            st = Situation([], leader, 0, [0, 0, 0, 0], exposed, 0)
            taken = finish_hand(list(hands), st, normal_play)
            totals[option] += utility(taken, seat, exposed)
    return {option: total / samples for option, total in totals.items()}


def best(values: Mapping[int, float]) -> int:
    """The key with the highest value (the first listed on ties)."""
    top = max(values.values())
    return next(key for key, value in values.items() if value == top)


# --------------------------------------------------------------------------- players


def _legal_of(prompt: Prompt) -> int:
    pick = prompt.pick
    assert pick is not None and pick.selectable is not None
    legal = 0
    for code, ok in zip(pick.cards, pick.selectable, strict=True):
        if ok:
            legal |= BIT[INDEX[code]]
    return legal


def _only_choice(prompt: Prompt) -> Action | None:
    """The action of a prompt without a real choice (a seat holding nothing to expose)."""
    if prompt.pick is None:
        return prompt.choices[0] if prompt.choices else prompt.default
    return None


class RulePlayer:
    """A CPU that plays a policy of `policy.py` and exposes by a rule."""

    BY_RULE: Final = True
    """`GongZhu.autoplay` asks its `play` and `exposures` directly (a `RulePlay`)."""

    def __init__(self, play: Policy, exposures: Callable[[int], int]) -> None:
        self.play = play
        self.exposures = exposures

    def decide(self, decision: Decision) -> Action | None:
        """The exposure or the card, from the seat's view and prompt only."""
        prompt, view = decision.prompt, decision.view
        only = _only_choice(prompt)
        if only is not None:
            return only
        seat = prompt.seat
        hand = mask_of_codes(view["hand_cards"])
        if prompt.kind == "expose":
            return expose_action(seat, self.exposures(hand) & hand)
        legal = _legal_of(prompt)
        if not legal & (legal - 1):
            return play_action(seat, legal.bit_length() - 1)
        return play_action(seat, self.play(seat, hand, legal, situation_of(view)))


class HardPlayer:
    """Determinised Monte Carlo over the normal policy (see the module's docstring)."""

    def __init__(self, budget: int = PLAY_BUDGET, expose_samples: int = EXPOSE_SAMPLES) -> None:
        self.budget = budget
        self.expose_samples = expose_samples

    def decide(self, decision: Decision) -> Action | None:
        """The exposure or the card with the best simulated average."""
        return self.explain(decision).action

    def explain(self, decision: Decision) -> Hint:
        """The decision with its reason (what the Hint shows): `reason` keys a sentence
        (`hint.gong-zhu.<reason>`), `params` fill it."""
        prompt, view, rng = decision.prompt, decision.view, decision.rng
        only = _only_choice(prompt)
        if only is not None:
            return Hint(only, "expose_none_held" if prompt.kind == "expose" else "only_card")
        seat = prompt.seat
        hand = mask_of_codes(view["hand_cards"])
        if prompt.kind == "expose":
            values = evaluate_exposures(seat, hand, view["first_leader"], rng, self.expose_samples)
            chosen = best(values)
            margin = values[chosen] - values.get(0, values[chosen])
            action = expose_action(seat, chosen)
            if not chosen:
                return Hint(action, "expose_none")
            return Hint(
                action,
                "expose_gain",
                {"cards": [CODES[c] for c in cards_of(chosen)], "points": round(margin)},
            )
        legal = _legal_of(prompt)
        if not legal & (legal - 1):
            card = legal.bit_length() - 1
            return Hint(play_action(seat, card), "only_card", {"card": CODES[card]})
        k = knowledge(view)
        values, samples = evaluate_plays(k, legal, rng, self.budget)
        card = best(values)
        ranked = sorted(values.values(), reverse=True)
        margin = ranked[0] - ranked[1] if len(ranked) > 1 else 0.0
        reason, params = explain(k, card)
        params = {**params, "card": CODES[card], "margin": round(margin), "samples": samples}
        return Hint(play_action(seat, card), reason, params)


def explain(k: Knowledge, card: int) -> tuple[str, dict[str, JSON]]:
    """The plain reason for playing `card` in the seat's situation (one line of the hint)."""
    st = k.situation
    trick = st.trick
    unseen = ALL & ~st.played & ~k.hand
    if not trick:
        if card == JD:
            return "lead_sheep", {}
        if card == TC:
            return "lead_transformer", {}
        if SUIT_OF[card] == SPADES and BIT[card] & LOW_SPADES and unseen & BIT[QS]:
            return "smoke_pig", {}
        return ("lead_low" if card == lowest(k.hand & SUIT_MASK[SUIT_OF[card]]) else "lead"), {}
    led = SUIT_OF[trick[0]]
    w = trick[trick_winner(trick)]
    cards = sum(BIT[c] for c in trick)
    if SUIT_OF[card] != led:
        if card == QS:
            return "dump_pig", {}
        if card == TC:
            return "route_transformer", {}
        if BIT[card] & HEART_MASK:
            return "shed_hearts", {}
        if BIT[card] & HIGH_SPADES and unseen & BIT[QS]:
            return "shed_spades", {}
        return "discard", {}
    if card == QS:
        return ("drop_pig", {}) if w > QS else ("pig_over", {})
    if card < w:
        return ("duck", {}) if cards & SCORING else ("stay_low", {})
    if card == JD:
        return "sheep_wins", {}
    if cards & BIT[JD]:
        return "take_sheep", {}
    danger = sweeper(st.taken, SWEEP_GUARD)
    if led == HEARTS and danger is not None and danger != k.seat:
        return "stop_sweep", {}
    if BIT[card] & HIGH_HEARTS:
        return "shed_hearts", {}
    return ("win_clean", {}) if not cards & SCORING else ("win_needed", {})


def player(level: str) -> CpuPlayer:
    """The computer player at a level."""
    if level == "easy":
        return RulePlayer(easy_play, lambda hand: 0)
    if level == "normal":
        return RulePlayer(normal_play, normal_exposures)
    if level == "hard":
        return HardPlayer()
    raise GameError("bad_level", f"CPU level is easy, normal or hard, not {level}.", level=level)


def hint(decision: Decision) -> Hint:
    """What the hard CPU recommends in the seat's place, with a one-line reason."""
    return HardPlayer().explain(decision)
