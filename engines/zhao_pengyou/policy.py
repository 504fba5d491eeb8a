"""Rule players for the play phase, and the plays the hard player compares.

Every function reads a `Sim` and the acting seat's own hand only (never another hand), so the
same code decides for a CPU seat from its view and for every seat of a playout.

- `follow_options`: legal follows worth considering: the cheapest that wins the trick, the
  lowest (keeping points and strong cards), and the one that feeds points to a partner.
- `lead_options`: leads worth considering: known top cards (singles, throws, sets), sequences
  of sets, a low card of a short suit, a trump set, the called card of a friend to be.
- `normal_play` picks among them by rules a player would name (win a trick with points from an
  opponent cheaply, feed a partner who holds the trick, lead what is sure to win, shorten a suit
  to trump it later, fight for the last trick when the kitty counts); `easy_play` plays its
  highest single when leading and its lowest cards when following, winning only points.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from engines.zhao_pengyou.cards import (
    POINTS,
    SETUPS,
    TRUMP,
    TYPES,
    Trump,
    keep_values,
)
from engines.zhao_pengyou.rules import SEQUENCE, SET, SINGLE, THROW, Shape, play_key
from engines.zhao_pengyou.sim import Sim

Play = list[int]


@lru_cache(maxsize=64)
def orders(trump: Trump) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Per effective suit, its cards from the least worth keeping (`low`), and from the most
    points (`feed`): the orders a dump and a feed take cards in."""
    values = keep_values(trump)
    low = tuple(tuple(sorted(trump.members[e], key=lambda t: (values[t], t))) for e in range(5))
    feed = tuple(
        tuple(sorted(trump.members[e], key=lambda t: (-POINTS[t], values[t], t))) for e in range(5)
    )
    return low, feed


@lru_cache(maxsize=16)
def copies(seats: int) -> tuple[int, ...]:
    """Copies of each card type in the game for `seats`."""
    setup = SETUPS[seats]
    return tuple([setup.decks] * 52 + [setup.small_jokers, setup.big_jokers])


# --------------------------------------------------------------------------- following


def follow_options(st: Sim, seat: int) -> dict[str, Play]:
    """Named legal follows for `seat` (`low` always; `win` when some play wins the trick;
    `feed` when it differs from `low`)."""
    lead = st.lead
    assert lead is not None
    hand = st.hands[seat]
    trump = st.trump
    values = keep_values(trump)
    out: dict[str, Play] = {"low": _build(st, hand, lead, values, feed=False)}
    feed = _build(st, hand, lead, values, feed=True)
    if sorted(feed) != sorted(out["low"]):
        out["feed"] = feed
    win = winning_follow(st, seat)
    if win is not None:
        out["win"] = win
    return out


def _suit_length(hand: list[int], trump: Trump) -> list[int]:
    """Cards held in each effective suit."""
    out = [0, 0, 0, 0, 0]
    eff = trump.eff
    for t, n in enumerate(hand):
        if n:
            out[eff[t]] += n
    return out


def _build(st: Sim, hand: list[int], lead: Shape, values: tuple[int, ...], feed: bool) -> Play:
    """A legal follow made of the least valuable cards (or, feeding, the most points)."""
    trump = st.trump
    led = lead.suit
    need = lead.cards
    low_order, feed_order = orders(trump)
    order = feed_order if feed else low_order
    suit_order = order[led]
    if need == 1:
        # a single led: the first card of the suit in this order, else the first best other
        for t in suit_order:
            if hand[t]:
                return [t]
        # void: each suit's first card in this order is its best; the first best suit wins
        if feed:
            best_t, best_key = -1, (0, 0)
            for e in range(5):
                for t in order[e]:
                    if hand[t]:
                        key = (-POINTS[t], values[t])
                        if best_t < 0 or key < best_key:
                            best_t, best_key = t, key
                        break
            return [best_t]
        lengths = _suit_length(hand, trump)
        best_t, best_cost = -1, 0
        for e in range(5):
            if lengths[e]:
                for t in order[e]:
                    if hand[t]:
                        cost = values[t] + 2 * lengths[e]
                        if best_t < 0 or cost < best_cost:
                            best_t, best_cost = t, cost
                        break
        return [best_t]
    held = 0
    for t in suit_order:
        held += hand[t]
    if held <= need:
        play = [t for t in suit_order for _ in range(hand[t])]
        rest = need - held
        if rest:
            lengths = _suit_length(hand, trump)
            others = [t for e in range(5) if e != led and lengths[e] for t in order[e] if hand[t]]
            if feed:
                others.sort(key=lambda t: (-POINTS[t], values[t]))
            else:
                eff = trump.eff
                others.sort(key=lambda t: values[t] + 2 * lengths[eff[t]])
            for t in others:
                take = hand[t] if hand[t] < rest else rest
                play += [t] * take
                rest -= take
                if not rest:
                    break
        return play
    chosen: dict[int, int] = {}
    m = lead.size
    if m >= 2:
        slots = [t for t in suit_order for _ in range(hand[t] // m)]
        owed = min(lead.units, len(slots))
        for t in slots[:owed]:
            chosen[t] = chosen.get(t, 0) + m
        need -= owed * m
    if need:
        # the rest of the led suit: cards that break no other set first
        for whole in (True, False):
            for t in suit_order:
                free = hand[t] - chosen.get(t, 0)
                if free <= 0 or (whole and m >= 2 and free >= m):
                    continue
                take = free if free < need else need
                chosen[t] = chosen.get(t, 0) + take
                need -= take
                if not need:
                    break
            if not need:
                break
    return [t for t, n in chosen.items() for _ in range(n)]


def winning_follow(st: Sim, seat: int) -> Play | None:
    """The cheapest legal follow that beats the play holding the trick, if there is one."""
    lead = st.lead
    best = st.best
    assert lead is not None and best is not None
    trump = st.trump
    hand = st.hands[seat]
    led = lead.suit
    members = trump.members[led]
    held = 0
    for t in members:
        held += hand[t]
    need = lead.cards
    if held >= need:
        suit = led
    elif held == 0 and led != TRUMP:
        suit = TRUMP
    else:
        return None
    key = best[1]
    kind = lead.kind
    pool = [t for t in reversed(trump.members[suit]) if hand[t]]  # weakest first
    if not pool:
        return None
    if kind in (SINGLE, SET):
        # a single or a set of one card beats the holder by its tier (trump or not), then
        # its strength (`play_key`)
        m = lead.size
        tier = 1 if suit == TRUMP else 0
        strength = trump.strength
        for t in pool:
            if hand[t] >= m and (tier, strength[t]) > key:
                return [t] * m
        return None
    m = lead.size
    if kind == SEQUENCE:
        k = lead.units
        seq = trump.seq
        by_place = {seq[t]: t for t in pool if hand[t] >= m and seq[t] >= 0}
        for low in sorted(by_place):
            run = [by_place.get(low + i) for i in range(k)]
            if all(t is not None for t in run):
                units = {t: m for t in run if t is not None}
                found = play_key(units, lead, trump)
                if found is not None and found > key:
                    return [t for t in units for _ in range(m)]
        return None
    # a throw stands only when every card is top: only trumps (when void) can beat it
    if suit != TRUMP:
        return None
    k = lead.units
    slots = [t for t in pool for _ in range(hand[t] // m)]
    if len(slots) < k:
        return None
    for chosen in (slots[:k], slots[-k:]):
        sets: dict[int, int] = {}
        for t in chosen:
            sets[t] = sets.get(t, 0) + m
        found = play_key(sets, lead, trump)
        if found is not None and found > key:
            return [t for t, n in sets.items() for _ in range(n)]
    return None


# --------------------------------------------------------------------------- leading


def top_types(st: Sim, seat: int, suit: int) -> list[int]:
    """The seat's cards of `suit` that no other hand can beat (strongest first): every copy of
    each stronger card is in its hand, played, or in a kitty it buried itself."""
    trump = st.trump
    hand = st.hands[seat]
    total = copies(st.seats)
    played = st.played
    buried = st.buried if seat == st.declarer and st.buried is not None else None
    out = []
    # cards of equal strength (the trump-rank cards of other suits) stand together
    for group in strength_groups(trump)[suit]:
        for t in group:
            if hand[t]:
                out.append(t)
        for t in group:
            away = total[t] - hand[t] - played[t] - (buried.count(t) if buried else 0)
            if away > 0:
                return out
    return out


@lru_cache(maxsize=64)
def strength_groups(trump: Trump) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per effective suit, its cards in groups of equal strength, strongest first."""
    strength = trump.strength
    out = []
    for members in trump.members:
        groups: list[tuple[int, ...]] = []
        for t in members:
            if groups and strength[groups[-1][0]] == strength[t]:
                groups[-1] += (t,)
            else:
                groups.append((t,))
        out.append(tuple(groups))
    return tuple(out)


def lead_options(st: Sim, seat: int) -> dict[str, Play]:
    """Named leads worth considering (always `low`)."""
    return _lead_options(st, seat, _suit_length(st.hands[seat], st.trump))


def _lead_options(st: Sim, seat: int, lengths: list[int]) -> dict[str, Play]:
    """`lead_options`, given the seat's suit lengths."""
    trump = st.trump
    hand = st.hands[seat]
    values = keep_values(trump)
    out: dict[str, Play] = {}
    for suit in (0, 1, 2, 3, TRUMP):
        if not lengths[suit]:
            continue
        tops = top_types(st, seat, suit)
        if tops:
            singles = [t for t in tops if hand[t] == 1]
            sets = [t for t in tops if hand[t] >= 2]
            if sets and "top_set" not in out:
                t = sets[0]
                out["top_set"] = [t] * hand[t]
            if len(singles) >= 2 and suit != TRUMP and "top_throw" not in out:
                out["top_throw"] = singles
            elif tops and "top_single" not in out and suit != TRUMP:
                out["top_single"] = [tops[0]]
        if lengths[suit] >= 4 and "sequence" not in out:  # two sets of two at least
            seq = _best_sequence(hand, trump, suit)
            if seq is not None:
                out["sequence"] = seq
    # a low card of the shortest plain suit (to trump that suit later): its first held card
    # of least value (of the whole hand when it holds trumps only)
    plain = [e for e in range(4) if lengths[e]]
    low = -1
    if plain:
        short = min(plain, key=lambda e: (lengths[e], e))
        pool: Sequence[int] = trump.members[short]
    else:
        pool = range(TYPES)
    for t in pool:
        if hand[t] and (low < 0 or values[t] < values[low]):
            low = t
    out["low"] = [low]
    if lengths[TRUMP]:
        trumps = trump.members[TRUMP]
        places = trump.seq
        pair = next((t for t in reversed(trumps) if hand[t] >= 2 and places[t] >= 0), None)
        if pair is not None:
            out["trump_set"] = [pair] * 2
        else:
            out["trump"] = [next(t for t in reversed(trumps) if hand[t])]
    for i, (t, nth) in enumerate(st.calls):
        if st.answered[i] is None and hand[t] and st.played[t] < nth <= st.played[t] + hand[t]:
            out["friend"] = [t] * (nth - st.played[t])
            break
    return out


def _best_sequence(hand: list[int], trump: Trump, suit: int) -> Play | None:
    """The highest sequence of pairs (or bigger sets) the hand holds in a suit."""
    seq = trump.seq
    places = {seq[t]: t for t in trump.members[suit] if hand[t] >= 2 and seq[t] >= 0}
    if len(places) < 2:
        return None
    best: list[int] = []
    run: list[int] = []
    for place in sorted(places, reverse=True):
        if run and seq[run[-1]] - 1 != place:
            run = []
        run.append(places[place])
        if len(run) > len(best):
            best = list(run)
    if len(best) < 2:
        return None
    return [t for t in best for _ in range(2)]


# --------------------------------------------------------------------------- choosing


def trick_points(st: Sim) -> int:
    """Points on the table in the trick in progress."""
    total = 0
    for _, units in st.trick:
        for t, n in units.items():
            total += POINTS[t] * n
    return total


def _safe_hold(st: Sim, seat: int) -> bool:
    """The trick's holder is unlikely to be beaten by the seats still to play."""
    lead, best = st.lead, st.best
    assert lead is not None and best is not None
    after = st.seats - len(st.trick) - 1
    if after == 0:
        return True
    tier, value = best[1]
    if lead.kind in (SINGLE, SET) and isinstance(value, int):
        if tier == 1 or lead.suit == TRUMP:
            return value >= 14
        # a high plain card holds when nobody after is known to be void in its suit
        for k in range(1, after + 1):
            if st.voids[(seat + k) % st.seats] >> lead.suit & 1:
                return False
        return value >= 11
    return tier == 1 or lead.kind == THROW


def normal_play(st: Sim, seat: int) -> Play:
    """The normal player's play (see the module)."""
    if not st.trick:
        return normal_lead(st, seat)
    lead, best = st.lead, st.best
    assert lead is not None and best is not None
    hand = st.hands[seat]
    values = keep_values(st.trump)
    if st.partner_odds(seat, best[0]) >= 0.6:
        return _build(st, hand, lead, values, feed=_safe_hold(st, seat))
    win = winning_follow(st, seat)
    if win is not None:
        points = trick_points(st)
        after = st.seats - len(st.trick) - 1
        cost = sum(values[t] for t in win) / len(win)
        stake = points + sum(POINTS[t] for t in win)
        if (
            st.tricks_left() <= 2
            or stake >= 15
            or (after == 0 and stake > 0)
            or (stake >= 10 and cost < 60)
        ):
            return win
    return _build(st, hand, lead, values, feed=False)


def normal_lead(st: Sim, seat: int) -> Play:
    """The normal player's lead."""
    hand = st.hands[seat]
    trump = st.trump
    lengths = _suit_length(hand, trump)
    options = _lead_options(st, seat, lengths)
    mine = st.on_declarer_side(seat)
    if "friend" in options:
        t = options["friend"][0]
        if t in top_types(st, seat, trump.eff[t]):
            return options["friend"]
    for name in ("sequence", "top_set", "top_throw", "top_single"):
        play = options.get(name)
        if play is None:
            continue
        suit = trump.eff[play[0]]
        if suit != TRUMP and _foe_void(st, seat, suit):
            continue
        if name == "sequence" and suit != TRUMP and trump.strength[play[0]] < 8:
            continue
        return play
    size = max(1, sum(lengths))
    if mine and lengths[TRUMP] * 2 >= size and "trump_set" in options:
        return options["trump_set"]
    return options["low"]


def _foe_void(st: Sim, seat: int, suit: int) -> bool:
    """Some seat likely against `seat` is known to be void in `suit` and still holds cards."""
    for other in range(st.seats):
        if (
            other != seat
            and st.voids[other] >> suit & 1
            and st.sizes[other]
            and st.partner_odds(seat, other) < 0.5
        ):
            return True
    return False


def easy_play(st: Sim, seat: int) -> Play:
    """The easy player: leads its highest plain single, follows low, takes points it can."""
    hand = st.hands[seat]
    trump = st.trump
    if not st.trick:
        values = keep_values(trump)
        plain = [t for t in range(52) if hand[t] and trump.eff[t] != TRUMP]
        if plain:
            return [max(plain, key=lambda t: (trump.strength[t], -t))]
        return [max((t for t in range(TYPES) if hand[t]), key=lambda t: values[t])]
    options = follow_options(st, seat)
    if "win" in options and trick_points(st) >= 10:
        return options["win"]
    return options["low"]


def playout(st: Sim) -> Sim:
    """Play the deal to its end with the normal player in every seat (hands all known)."""
    while not st.over():
        seat = st.turn
        st.play(seat, normal_play(st, seat))
    return st


__all__ = [
    "SET",
    "Play",
    "easy_play",
    "follow_options",
    "lead_options",
    "normal_play",
    "playout",
    "winning_follow",
]
