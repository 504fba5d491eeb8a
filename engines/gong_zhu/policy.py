"""The rule players' choices, on card masks: what the easy and normal CPUs play, and what the
hard CPU's simulations assume every seat plays.

A policy sees what its seat would see at the table: its own hand, the trick in progress, the
cards played so far, the scoring cards each seat has taken and the exposed cards (a
`Situation`). It never sees another hand, so the same function plays real seats (from a view)
and simulated ones (from a sampled deal) alike. Everything is bit arithmetic: the hard CPU runs
these functions hundreds of thousands of times per second of thinking.

The normal player follows the rule document's own advice:
- guard the pig with low spades, and drop it under the A♠ or K♠, or when void;
- take the sheep with a high diamond; keep it unless it wins;
- route the transformer by what its likely taker already holds;
- shed the high hearts early, and duck under the winning card when a trick carries points;
- stop a heart sweep in progress by taking a heart trick when it can;
- expose only with an obviously safe hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from engines.gong_zhu.deck import (
    ALL,
    BIT,
    CLUBS,
    DIAMONDS,
    EXPOSABLE,
    HEART_MASK,
    HEARTS,
    INDEX,
    JD,
    QS,
    RANK_OF,
    SCORING,
    SPADES,
    SUIT_MASK,
    SUIT_OF,
    TC,
)
from engines.gong_zhu.scoring import score

AS, KS = QS + 2, QS + 1
HIGH_SPADES: Final = BIT[AS] | BIT[KS]
LOW_SPADES: Final = SUIT_MASK[SPADES] & (BIT[QS] - 1)
HIGH_HEARTS: Final = HEART_MASK & ~(BIT[INDEX["JH"]] - 1)
"""J♥ Q♥ K♥ A♥: the hearts worth 20 to 50 points."""
ABOVE_JD: Final = SUIT_MASK[DIAMONDS] & ~((BIT[JD] << 1) - 1)
ABOVE_TC: Final = SUIT_MASK[CLUBS] & ~((BIT[TC] << 1) - 1)
SWEEP_GUARD: Final = 5
"""A seat holding every heart taken, at least this many, is stopped when that is cheap."""
_QS, _JD, _TC = BIT[QS], BIT[JD], BIT[TC]
_KEEP: Final = _JD | _TC
_SPADE_SUIT, _CLUB_SUIT, _DIAMOND_SUIT = SUIT_MASK[SPADES], SUIT_MASK[CLUBS], SUIT_MASK[DIAMONDS]
_SHED_ORDER: Final = tuple(
    (SUIT_MASK[suit], 13 * suit) for suit in (SPADES, HEARTS, CLUBS, DIAMONDS)
)
"""The suits a discard is looked for in, ♠ first, with the index of each suit's 2."""


class Situation:
    """What every seat knows in the middle of a hand (hands are not part of it).

    `trick` holds the cards of the trick in progress from its `leader`; `played` every card
    played this hand (the trick in progress included); `taken` the cards each seat has taken;
    `exposed` the exposed cards; `led_before` the suits led in finished tricks (bit per suit).
    """

    __slots__ = ("exposed", "leader", "led_before", "played", "taken", "trick")

    def __init__(
        self,
        trick: list[int],
        leader: int,
        played: int,
        taken: list[int],
        exposed: int,
        led_before: int,
    ) -> None:
        self.trick = trick
        self.leader = leader
        self.played = played
        self.taken = taken
        self.exposed = exposed
        self.led_before = led_before

    def copy(self) -> Situation:
        """An independent copy (for a simulation)."""
        return Situation(
            list(self.trick),
            self.leader,
            self.played,
            list(self.taken),
            self.exposed,
            self.led_before,
        )


Policy = Callable[[int, int, int, Situation], int]
"""A rule player's choice: (seat, hand, legal cards, the public table) -> a legal card."""


def highest(mask: int) -> int:
    """The top card of a non-empty mask."""
    return mask.bit_length() - 1


def lowest(mask: int) -> int:
    """The bottom card of a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def gain(taken: int, cards: int, exposed: int) -> int:
    """What taking `cards` is worth to a seat that has taken `taken` (sweeps and the
    transformer included)."""
    if not cards & SCORING:
        return 0
    return score(taken | cards, exposed) - score(taken, exposed)


def sweeper(taken: list[int], least: int) -> int | None:
    """The seat holding every heart taken so far, when it holds at least `least` of them."""
    holder = None
    for seat in range(4):
        if taken[seat] & HEART_MASK:
            if holder is not None:
                return None
            holder = seat
    if holder is None or (taken[holder] & HEART_MASK).bit_count() < least:
        return None
    return holder


# --------------------------------------------------------------------------- normal


def normal_play(seat: int, hand: int, legal: int, st: Situation) -> int:
    """The normal CPU's card: one of `legal` (never 0)."""
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    trick = st.trick
    if not trick:
        return _lead(seat, hand, legal, st)
    # the cards of the trick and the one winning it (the highest of the led suit)
    led = SUIT_OF[trick[0]]
    cards = 0
    for c in trick:
        cards |= BIT[c]
    w = (cards & SUIT_MASK[led]).bit_length() - 1
    if legal & SUIT_MASK[led]:
        return _follow(seat, hand, legal, st, led, cards, w)
    return _discard(hand, legal, st, cards, (st.leader + trick.index(w)) & 3)


def _follow(seat: int, hand: int, legal: int, st: Situation, led: int, cards: int, w: int) -> int:
    last = len(st.trick) == 3
    below = legal & (BIT[w] - 1)
    above = legal & ~below
    if led == SPADES:
        return _follow_spades(hand, legal, below, above, cards, last, st.played, w)
    if led == HEARTS:
        if above:
            danger = sweeper(st.taken, SWEEP_GUARD)
            if danger is not None and danger != seat:
                # a heart trick of ours costs far less than the sweeper's +200
                return (above & -above).bit_length() - 1 if last else above.bit_length() - 1
        if below:
            return below.bit_length() - 1
        return above.bit_length() - 1 if last else (above & -above).bit_length() - 1
    if led == DIAMONDS:
        if cards & _JD:  # the sheep is in the trick: take it if we can
            if above:
                return (above & -above).bit_length() - 1 if last else above.bit_length() - 1
            return below.bit_length() - 1
        if legal & _JD:
            if w < JD and (last or not ABOVE_JD & ~st.played & ~hand):
                return JD  # the sheep wins its own trick
            rest = legal & ~_JD
            if not rest:
                return JD
            below &= rest
            above &= rest
    elif led == CLUBS and legal & _TC:
        choice = _route_transformer(seat, hand, legal, st, w, cards, last)
        if choice is not None:
            return choice
        rest = legal & ~_TC
        if rest:
            below &= rest
            above &= rest
    if below:
        if last and above and not cards & SCORING:
            top = above.bit_length() - 1  # last to a clean trick: winning sheds a high card
            if not BIT[top] & SCORING or gain(st.taken[seat], BIT[top], st.exposed) >= 0:
                return top
        return below.bit_length() - 1
    if last or not cards & SCORING:
        return above.bit_length() - 1
    return (above & -above).bit_length() - 1


def _follow_spades(
    hand: int, legal: int, below: int, above: int, cards: int, last: bool, played: int, w: int
) -> int:
    if legal & _QS:
        if w > QS:
            return QS  # the pig under the A♠ or K♠ already played
        rest_below = below & ~_QS
        if rest_below:
            return rest_below.bit_length() - 1
        rest = above & ~_QS
        return rest.bit_length() - 1 if rest else QS
    if below:
        return below.bit_length() - 1
    if last:
        return above.bit_length() - 1
    if not cards & _QS:
        if not (played | hand) & _QS:  # the pig is still out
            safe = above & LOW_SPADES
            return safe.bit_length() - 1 if safe else (above & -above).bit_length() - 1
        return above.bit_length() - 1
    return (above & -above).bit_length() - 1


def _route_transformer(
    seat: int, hand: int, legal: int, st: Situation, w: int, cards: int, last: bool
) -> int | None:
    """Play the 10♣ now when it pays: won by us when our taken cards make it worth having,
    or given to a winner whose taken cards it makes worse."""
    taken, exposed = st.taken, st.exposed
    unseen = ALL & ~st.played & ~hand
    if w < TC:
        if last or not unseen & ABOVE_TC:
            mine = gain(taken[seat], cards | _TC, exposed)
            other = legal & SUIT_MASK[CLUBS] & ~_TC
            if mine > 0 or not other:
                return TC
        return None
    if last or not unseen & SUIT_MASK[CLUBS] & ~(BIT[w] - 1):
        wseat = (st.leader + st.trick.index(w)) & 3
        theirs = gain(taken[wseat], cards | _TC, exposed) - gain(taken[wseat], cards, exposed)
        if theirs < -20:
            return TC
    return None


def _discard(hand: int, legal: int, st: Situation, cards: int, wseat: int) -> int:
    """Void in the led suit: the pig first, then the transformer to a winner it hurts, the high
    hearts, the A♠/K♠ while the pig is out, then the highest card of the shortest suit."""
    if legal & _QS:
        return QS
    if legal & _TC:
        exposed = st.exposed
        won = st.taken[wseat]
        theirs = gain(won, cards | _TC, exposed) - gain(won, cards, exposed)
        if theirs < -20:
            return TC
    hearts = legal & HEART_MASK
    if hearts:
        taken = st.taken
        won = taken[wseat] & HEART_MASK
        if (
            won.bit_count() >= SWEEP_GUARD
            and not (taken[0] | taken[1] | taken[2] | taken[3]) & HEART_MASK & ~won
        ):
            hearts = 0  # no hearts for the seat holding every heart taken (`sweeper`)
    if hearts and BIT[hearts.bit_length() - 1] & HIGH_HEARTS:
        return hearts.bit_length() - 1
    if legal & HIGH_SPADES and not (st.played | hand) & _QS:  # the pig is still out
        return (legal & HIGH_SPADES).bit_length() - 1
    if hearts and RANK_OF[hearts.bit_length() - 1] >= 3:
        return hearts.bit_length() - 1
    pool = legal & ~_KEEP & ~HEART_MASK or legal & ~_KEEP or legal
    best, best_rank, best_len = -1, -1, 0
    for suit_mask, base in _SHED_ORDER:
        m = pool & suit_mask
        if not m:
            continue
        top = m.bit_length() - 1
        rank = top - base
        if rank > best_rank or (rank == best_rank and (hand & suit_mask).bit_count() < best_len):
            best, best_rank, best_len = top, rank, (hand & suit_mask).bit_count()
    return best


def _lead(seat: int, hand: int, legal: int, st: Situation) -> int:
    """Lead: the sheep or transformer when it wins its own trick and pays, low spades to smoke
    out the pig, else the low card least likely to win, from a suit the others still hold.

    Each suit's lowest card (not the pig, the sheep or the transformer while there are others)
    is scored: ten points per unseen card above it, less for a suit the others hold few of or
    none; spades gain while the pig is out and lose while it is ours; hearts lose (most when
    nothing unseen is above). The suits are written out one by one (no loop), in the order
    ♠ ♥ ♣ ♦, the first best kept: this runs in every simulated hand of the hard CPU.
    """
    unseen = ALL & ~st.played & ~hand
    if legal & _JD and not unseen & ABOVE_JD:
        return JD
    if legal & _TC and not unseen & ABOVE_TC and gain(st.taken[seat], _TC, st.exposed) > 0:
        return TC
    best, best_key = -1, -1_000_000
    m = legal & _SPADE_SUIT
    if hand & _QS:
        m &= ~_QS
    if m:
        card = (m & -m).bit_length() - 1
        out = unseen & _SPADE_SUIT
        key = (out >> card).bit_count() * 10 - card + 39
        if not out:
            key -= 60  # everyone discards on it: points come our way
        elif out.bit_count() < 4:
            key -= 15
        if unseen & _QS:
            key += 40 if BIT[card] & LOW_SPADES else -80  # smoke out the pig
        if hand & _QS:
            key -= 40
        best, best_key = card, key
    m = legal & HEART_MASK
    if m:
        card = (m & -m).bit_length() - 1
        out = unseen & HEART_MASK
        key = (out >> card).bit_count() * 10 - card + 26
        if not out:
            key -= 60
        elif out.bit_count() < 4:
            key -= 15
        key -= 8 if out >> card else 40
        if key > best_key:
            best, best_key = card, key
    m = legal & _CLUB_SUIT
    if m:
        if hand & _TC and m & ~_TC:
            m &= ~_TC
        card = (m & -m).bit_length() - 1
        out = unseen & _CLUB_SUIT
        key = (out >> card).bit_count() * 10 - card + 13
        if not out:
            key -= 60
        elif out.bit_count() < 4:
            key -= 15
        if key > best_key:
            best, best_key = card, key
    m = legal & _DIAMOND_SUIT
    if m:
        if hand & _JD and m & ~_JD:
            m &= ~_JD
        card = (m & -m).bit_length() - 1
        out = unseen & _DIAMOND_SUIT
        key = (out >> card).bit_count() * 10 - card
        if not out:
            key -= 60
        elif out.bit_count() < 4:
            key -= 15
        if hand & _JD:
            key -= 10
        if key > best_key:
            best, best_key = card, key
    if best < 0:  # only the pig is left to lead
        return lowest_rank(legal & ~_QS) if legal & ~_QS else QS
    return best


def normal_exposures(hand: int) -> int:
    """The cards the normal CPU exposes: only when the hand makes it obviously safe.

    The sheep, when the three diamonds above it are ours too (it can't be lost); the pig, with
    five or more lower spades and neither A♠ nor K♠ (it can always be kept under the others).
    """
    chosen = 0
    if hand & BIT[JD] and hand & ABOVE_JD == ABOVE_JD:
        chosen |= BIT[JD]
    if hand & BIT[QS] and not hand & HIGH_SPADES and (hand & LOW_SPADES).bit_count() >= 5:
        chosen |= BIT[QS]
    return chosen & EXPOSABLE


# --------------------------------------------------------------------------- easy


def easy_play(seat: int, hand: int, legal: int, st: Situation) -> int:
    """Simple safety: duck under a trick that carries points, drop the pig and the high
    hearts when void, otherwise play low."""
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    trick = st.trick
    if not trick:
        safe = legal & ~BIT[QS] & ~HEART_MASK or legal & ~BIT[QS] or legal
        return lowest_rank(safe)
    led = SUIT_OF[trick[0]]
    follow = legal & SUIT_MASK[led]
    if follow:
        top = SUIT_MASK[led]
        w = max(c for c in trick if BIT[c] & top)
        below = follow & (BIT[w] - 1)
        if below:
            return highest(below)
        return lowest(follow)
    if legal & BIT[QS]:
        return QS
    hearts = legal & HEART_MASK
    if hearts:
        return highest(hearts)
    return highest_rank(legal)


def lowest_rank(mask: int) -> int:
    """The card of lowest rank in a mask (of any suits), the first suit on ties."""
    best, rank = -1, 99
    while mask:
        c = mask.bit_length() - 1
        mask ^= 1 << c
        if RANK_OF[c] < rank:
            best, rank = c, RANK_OF[c]
    return best


def highest_rank(mask: int) -> int:
    """The card of highest rank in a mask (of any suits), the first suit on ties."""
    best, rank = -1, -1
    while mask:
        c = mask.bit_length() - 1
        mask ^= 1 << c
        if RANK_OF[c] > rank:
            best, rank = c, RANK_OF[c]
    return best
