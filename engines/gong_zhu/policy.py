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
from engines.gong_zhu.rules import trick_winner
from engines.gong_zhu.scoring import score

AS, KS = QS + 2, QS + 1
HIGH_SPADES = BIT[AS] | BIT[KS]
LOW_SPADES = SUIT_MASK[SPADES] & (BIT[QS] - 1)
HIGH_HEARTS = HEART_MASK & ~(BIT[INDEX["JH"]] - 1)
"""J♥ Q♥ K♥ A♥: the hearts worth 20 to 50 points."""
ABOVE_JD = SUIT_MASK[DIAMONDS] & ~((BIT[JD] << 1) - 1)
ABOVE_TC = SUIT_MASK[CLUBS] & ~((BIT[TC] << 1) - 1)
SWEEP_GUARD = 5
"""A seat holding every heart taken, at least this many, is stopped when that is cheap."""


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
    led = SUIT_OF[trick[0]]
    if legal & SUIT_MASK[led]:
        return _follow(seat, hand, legal, st, led)
    return _discard(seat, hand, legal, st)


def _winning(st: Situation) -> tuple[int, int]:
    """(the card winning the trick so far, its seat)."""
    trick = st.trick
    k = trick_winner(trick)
    return trick[k], (st.leader + k) % 4


def _follow(seat: int, hand: int, legal: int, st: Situation, led: int) -> int:
    w, wseat = _winning(st)
    last = len(st.trick) == 3
    cards = 0
    for c in st.trick:
        cards |= BIT[c]
    below = legal & (BIT[w] - 1)
    above = legal & ~below
    unseen = ALL & ~st.played & ~hand
    if led == SPADES:
        return _follow_spades(hand, legal, below, above, cards, last, unseen, w)
    if led == HEARTS:
        danger = sweeper(st.taken, SWEEP_GUARD)
        if danger is not None and danger != seat and above:
            # a heart trick of ours costs far less than the sweeper's +200
            return lowest(above) if last else highest(above)
        if below:
            return highest(below)
        return highest(above) if last else lowest(above)
    if led == DIAMONDS:
        if cards & BIT[JD]:  # the sheep is in the trick: take it if we can
            if above:
                return lowest(above) if last else highest(above)
            return highest(below)
        if legal & BIT[JD]:
            if w < JD and (last or not unseen & ABOVE_JD):
                return JD  # the sheep wins its own trick
            rest = legal & ~BIT[JD]
            below &= rest
            above &= rest
            if not rest:
                return JD
    elif led == CLUBS and legal & BIT[TC]:
        choice = _route_transformer(seat, legal, st, w, wseat, cards, last, unseen)
        if choice is not None:
            return choice
        rest = legal & ~BIT[TC]
        if rest:
            below &= rest
            above &= rest
    if below:
        if last and above and not cards & SCORING:
            top = highest(above)  # last to a clean trick: winning sheds a high card for free
            if gain(st.taken[seat], BIT[top], st.exposed) >= 0:
                return top
        return highest(below)
    if last:
        return highest(above)
    return lowest(above) if cards & SCORING else highest(above)


def _follow_spades(
    hand: int, legal: int, below: int, above: int, cards: int, last: bool, unseen: int, w: int
) -> int:
    if legal & BIT[QS]:
        if w > QS:
            return QS  # the pig under the A♠ or K♠ already played
        rest_below = below & ~BIT[QS]
        if rest_below:
            return highest(rest_below)
        rest = above & ~BIT[QS]
        return highest(rest) if rest else QS
    if below:
        return highest(below)
    if last:
        return highest(above)
    if unseen & BIT[QS] and not cards & BIT[QS]:
        safe = above & LOW_SPADES
        return highest(safe) if safe else lowest(above)
    return lowest(above) if cards & BIT[QS] else highest(above)


def _route_transformer(
    seat: int,
    legal: int,
    st: Situation,
    w: int,
    wseat: int,
    cards: int,
    last: bool,
    unseen: int,
) -> int | None:
    """Play the 10♣ now when it pays: won by us when our taken cards make it worth having,
    or given to a winner whose taken cards it makes worse."""
    taken, exposed = st.taken, st.exposed
    if w < TC:
        if last or not unseen & ABOVE_TC:
            mine = gain(taken[seat], cards | BIT[TC], exposed)
            other = legal & SUIT_MASK[CLUBS] & ~BIT[TC]
            if mine > 0 or not other:
                return TC
        return None
    if last or not unseen & SUIT_MASK[CLUBS] & ~(BIT[w] - 1):
        theirs = gain(taken[wseat], cards | BIT[TC], exposed) - gain(taken[wseat], cards, exposed)
        if theirs < -20:
            return TC
    return None


def _discard(seat: int, hand: int, legal: int, st: Situation) -> int:
    """Void in the led suit: the pig first, then the transformer to a winner it hurts, the high
    hearts, the A♠/K♠ while the pig is out, then the highest card of the shortest suit."""
    if legal & BIT[QS]:
        return QS
    _, wseat = _winning(st)
    cards = 0
    for c in st.trick:
        cards |= BIT[c]
    exposed = st.exposed
    if legal & BIT[TC]:
        theirs = gain(st.taken[wseat], cards | BIT[TC], exposed) - gain(
            st.taken[wseat], cards, exposed
        )
        if theirs < -20:
            return TC
    danger = sweeper(st.taken, SWEEP_GUARD)
    hearts = legal & HEART_MASK
    if hearts and danger != wseat:
        top = highest(hearts)
        if BIT[top] & HIGH_HEARTS:
            return top
    pig_out = not st.played & BIT[QS] and not hand & BIT[QS]
    if pig_out and legal & HIGH_SPADES:
        return highest(legal & HIGH_SPADES)
    if hearts and danger != wseat and RANK_OF[highest(hearts)] >= 3:
        return highest(hearts)
    keep = BIT[JD] | BIT[TC]
    pool = legal & ~keep & ~HEART_MASK or legal & ~keep or legal
    best, best_key = -1, (-1, 0)
    for suit in (SPADES, HEARTS, CLUBS, DIAMONDS):
        m = pool & SUIT_MASK[suit]
        if not m:
            continue
        top = highest(m)
        key = (RANK_OF[top], -(hand & SUIT_MASK[suit]).bit_count())
        if key > best_key:
            best, best_key = top, key
    return best


def _lead(seat: int, hand: int, legal: int, st: Situation) -> int:
    """Lead: the sheep or transformer when it wins its own trick and pays, low spades to smoke
    out the pig, else the low card least likely to win, from a suit the others still hold."""
    unseen = ALL & ~st.played & ~hand
    exposed = st.exposed
    if legal & BIT[JD] and not unseen & ABOVE_JD:
        return JD
    if legal & BIT[TC] and not unseen & ABOVE_TC and gain(st.taken[seat], BIT[TC], exposed) > 0:
        return TC
    pig_out = bool(unseen & BIT[QS])
    best, best_key = -1, -1_000_000
    for suit in (SPADES, HEARTS, CLUBS, DIAMONDS):
        m = legal & SUIT_MASK[suit]
        if not m:
            continue
        if suit == SPADES and hand & BIT[QS]:
            m &= ~BIT[QS]
            if not m:
                continue
        if suit == DIAMONDS and hand & BIT[JD] and m & ~BIT[JD]:
            m &= ~BIT[JD]
        if suit == CLUBS and hand & BIT[TC] and m & ~BIT[TC]:
            m &= ~BIT[TC]
        card = lowest(m)
        out = unseen & SUIT_MASK[suit]
        higher = (out & ~((BIT[card] << 1) - 1)).bit_count()
        key = higher * 10 - RANK_OF[card]
        if not out:
            key -= 60  # everyone discards on it: points come our way
        elif out.bit_count() < 4:
            key -= 15
        if suit == SPADES:
            if pig_out and BIT[card] & LOW_SPADES:
                key += 40  # smoke out the pig
            elif pig_out:
                key -= 80
            if hand & BIT[QS]:
                key -= 40
        elif suit == HEARTS:
            key -= 8 if higher else 40
        elif suit == DIAMONDS and hand & BIT[JD]:
            key -= 10
        if key > best_key:
            best, best_key = card, key
    if best < 0:  # only the pig is left to lead
        return lowest_rank(legal & ~BIT[QS]) if legal & ~BIT[QS] else QS
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
        w, _ = _winning(st)
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
