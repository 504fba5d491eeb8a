"""Adjacency and melds on a hand of values (`engines.two_number.cards`), for both games.

Only cards next to each other in the hand combine, and only their upright values count:

- Kokutorum (RULINGS): a *set* is 3+ adjacent cards of one colour and one number; a *run* is
  3+ adjacent cards of one colour whose numbers step by exactly 1, all up or all down. A hand's
  points are its least *deadwood*: the upright numbers left over by the best partition of the
  hand into adjacent melds.
- Shirokuro-jaku (RULINGS): a *koutsu* is 3 adjacent cards, one colour, one number; a *shuntsu*
  3 adjacent cards of one colour stepping by 1 up or down; a *head* (toitsu) 2 adjacent cards,
  one colour, one number. A win is 2 melds (exposed ones count) and a head, or with no exposed
  meld four adjacent pairs (スートイツ).

Values one apart (or equal) are always of one colour, so a meld is simply a segment whose
neighbours all differ by the same step, 0 (a set) or +1 / -1 (a run).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import pairwise
from typing import NamedTuple

KOUTSU, SHUNTSU, HEAD, PAIR = "koutsu", "shuntsu", "head", "pair"
SET, RUN = "set", "run"


class Segment(NamedTuple):
    """Cards `start:end` of a hand forming one meld (or head) of `kind`."""

    kind: str
    start: int
    end: int


# --------------------------------------------------------------------------- Kokutorum


def _reach(vs: tuple[int, ...]) -> list[int]:
    """reach[j]: the end of the longest segment from j whose neighbours share one step
    (0, +1 or -1); `vs[j:e]` is a meld exactly when 3 <= e - j and e <= reach[j]."""
    n = len(vs)
    reach = [0] * n
    for j in range(n):
        e = j + 1
        if j + 1 < n:
            step = vs[j + 1] - vs[j]
            if -1 <= step <= 1:
                e = j + 2
                while e < n and vs[e] - vs[e - 1] == step:
                    e += 1
        reach[j] = e
    return reach


def meld_kind(vs: tuple[int, ...]) -> str | None:
    """`set` or `run` when the whole segment is a Kokutorum meld (3+ cards), else None."""
    if len(vs) < 3:
        return None
    step = vs[1] - vs[0]
    if not -1 <= step <= 1 or any(b - a != step for a, b in pairwise(vs)):
        return None
    return SET if step == 0 else RUN


@lru_cache(maxsize=1 << 17)
def deadwood(vs: tuple[int, ...]) -> int:
    """The least deadwood of a hand: the numbers left over by its best partition into melds."""
    n = len(vs)
    best = [0] * (n + 1)
    for i in range(1, n + 1):
        b = best[i - 1] + (vs[i - 1] & 7)
        if i >= 3:
            step = vs[i - 1] - vs[i - 2]
            if -1 <= step <= 1:
                j = i - 2
                while j > 0 and vs[j] - vs[j - 1] == step:
                    j -= 1
                # vs[j:i] keeps one step: every meld vs[k:i] with j <= k <= i - 3
                for k in range(j, i - 2):
                    if best[k] < b:
                        b = best[k]
        best[i] = b
    return best[n]


@lru_cache(maxsize=1 << 16)
def deadwood_less_one(vs: tuple[int, ...]) -> int:
    """The least deadwood once one card outside the melds is let go (the neighbours of that
    card are not joined up: a quick bound on discarding one card, for the CPU players)."""
    n = len(vs)
    reach = _reach(vs)
    full = [0] * (n + 1)
    less = [0] * (n + 1)
    for i in range(1, n + 1):
        v = vs[i - 1] & 7
        a = full[i - 1] + v
        b = min(less[i - 1] + v, full[i - 1])
        for j in range(i - 2):
            if reach[j] >= i:
                if full[j] < a:
                    a = full[j]
                if less[j] < b:
                    b = less[j]
        full[i], less[i] = a, b
    if less[n] == full[n] and n:  # every card melded: some meld must give one up
        return min(deadwood(vs[:q] + vs[q + 1 :]) for q in range(n))
    return less[n]


@lru_cache(maxsize=1 << 14)
def partition(vs: tuple[int, ...]) -> tuple[int, tuple[Segment, ...]]:
    """The least deadwood and the melds of one best partition (leftmost choices first)."""
    n = len(vs)
    reach = _reach(vs)
    best = [0] * (n + 1)
    came: list[int | None] = [None] * (n + 1)
    for i in range(1, n + 1):
        b, frm = best[i - 1] + (vs[i - 1] & 7), None
        for j in range(i - 2):
            if reach[j] >= i and best[j] < b:
                b, frm = best[j], j
        best[i], came[i] = b, frm
    segments: list[Segment] = []
    i = n
    while i > 0:
        start = came[i]
        if start is None:
            i -= 1
        else:
            segments.append(Segment(meld_kind(vs[start:i]) or SET, start, i))
            i = start
    return best[n], tuple(segments[::-1])


# --------------------------------------------------------------------------- Shirokuro-jaku


def is_koutsu(vs: tuple[int, ...]) -> bool:
    """Three equal values."""
    return len(vs) == 3 and vs[0] == vs[1] == vs[2]


def is_shuntsu(vs: tuple[int, ...]) -> bool:
    """Three values of one colour stepping by 1, up or down."""
    if len(vs) != 3:
        return False
    step = vs[1] - vs[0]
    return step in (1, -1) and vs[2] - vs[1] == step


def is_pair(vs: tuple[int, ...]) -> bool:
    """Two equal values (a head, or one pair of スートイツ)."""
    return len(vs) == 2 and vs[0] == vs[1]


def meld3(vs: tuple[int, ...]) -> str | None:
    """`koutsu` or `shuntsu` for a three-card meld, else None."""
    if is_koutsu(vs):
        return KOUTSU
    if is_shuntsu(vs):
        return SHUNTSU
    return None


@lru_cache(maxsize=1 << 16)
def readings(vs: tuple[int, ...], melds: int) -> tuple[tuple[Segment, ...], ...]:
    """Every way to read a concealed hand as `melds` adjacent melds and one head, in order.

    The hand must have exactly `3 * melds + 2` cards (the exposed melds make up the rest).
    """
    if len(vs) != 3 * melds + 2:
        return ()
    out: list[tuple[Segment, ...]] = []

    def walk(i: int, left: int, head: bool, got: tuple[Segment, ...]) -> None:
        if i == len(vs):
            if left == 0 and head:
                out.append(got)
            return
        if not head and is_pair(vs[i : i + 2]):
            walk(i + 2, left, True, (*got, Segment(HEAD, i, i + 2)))
        if left:
            kind = meld3(vs[i : i + 3])
            if kind is not None:
                walk(i + 3, left - 1, head, (*got, Segment(kind, i, i + 3)))

    walk(0, melds, False, ())
    return tuple(out)


def pairs_reading(vs: tuple[int, ...]) -> tuple[Segment, ...] | None:
    """The four adjacent pairs of 8 cards (スートイツ), or None."""
    if len(vs) != 8 or not all(vs[i] == vs[i + 1] for i in range(0, 8, 2)):
        return None
    return tuple(Segment(PAIR, i, i + 2) for i in range(0, 8, 2))


def is_win(vs: tuple[int, ...], melds: int) -> bool:
    """True when a concealed hand wins with `2 - melds` exposed melds beside it."""
    if readings(vs, melds):
        return True
    return melds == 2 and pairs_reading(vs) is not None


# --------------------------------------------------------------------------- distance to a win


def _groups(vs: tuple[int, ...], i: int) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """(kept, last index) of the groups that start with vs[i] and can stay in one segment:
    (heads and koutsu: the same value; shuntsu: one colour, a run of three with gaps)."""
    n, a = len(vs), vs[i]
    same = [(1, i)]
    for j in range(i + 1, n):
        if vs[j] == a:
            same.append((2, j))
            for k in range(j + 1, n):
                if vs[k] == a:
                    same.append((3, k))
                    break
            break
    run = [(1, i)]
    for j in range(i + 1, n):
        d = vs[j] - a
        if d == 1 or d == -1:
            run.append((2, j))
            for k in range(j + 1, n):
                if vs[k] - vs[j] == d:
                    run.append((3, k))
        elif (d == 2 or d == -2) and 1 <= (a & 7) + d <= 6:
            run.append((2, j))
    return same, run


def _most_kept(
    groups: list[tuple[list[tuple[int, int]], list[tuple[int, int]]]], melds: int, heads: int
) -> int:
    """The most kept cards over `melds` meld segments and `heads` pair segments, by a table
    filled from the hand's end: best[i][m * (heads + 1) + h] for cards i.. with m melds and h
    heads still to place."""
    n = len(groups)
    width = heads + 1
    size = (melds + 1) * width
    best = [[0] * size for _ in range(n + 2)]
    for i in range(n - 1, -1, -1):
        same, run = groups[i]
        row, after = best[i], best[i + 1]
        for m in range(melds + 1):
            for h in range(heads + 1):
                k = m * width + h
                if k == 0:
                    continue
                top = after[k]
                if h:
                    for kept, last in same:
                        if kept <= 2:
                            value = kept + best[last + 1][k - 1]
                            if value > top:
                                top = value
                if m:
                    for kept, last in same:
                        value = kept + best[last + 1][k - width]
                        if value > top:
                            top = value
                    for kept, last in run:
                        if kept > 1:
                            value = kept + best[last + 1][k - width]
                            if value > top:
                                top = value
                row[k] = top
    return best[0][size - 1]


def _most_kept_with(
    groups: list[tuple[list[tuple[int, int]], list[tuple[int, int]]]],
    vs: tuple[int, ...],
    melds: int,
    heads: int,
    v: int,
) -> int:
    """`_most_kept` with one more card showing `v` that may go into any gap.

    `used[i][k]`: the most kept from cards i.. (the new card placed already, or dropped);
    `free[i][k]`: the same with the new card still to place. It may start a segment on its
    own, or join a group as one more koutsu/head card or as a missing card of a run.
    """
    n = len(groups)
    width = heads + 1
    size = (melds + 1) * width
    used = [[0] * size for _ in range(n + 2)]
    free = [[0] * size for _ in range(n + 2)]
    for k in range(1, size):
        free[n][k] = 1
    for i in range(n - 1, -1, -1):
        same, run = groups[i]
        a = vs[i]
        # groups of a run that the new card completes or extends
        joins = []
        for kept, last in run:
            if kept == 3:
                continue
            if kept == 1:
                d = v - a
                ok = d == 1 or d == -1 or ((d == 2 or d == -2) and 1 <= (a & 7) + d <= 6)
            else:
                b = vs[last]
                d = b - a
                if d == 2 or d == -2:
                    ok = v == a + d // 2
                else:
                    ok = (v == a - d and 1 <= (a & 7) - d <= 6) or (
                        v == b + d and 1 <= (b & 7) + d <= 6
                    )
            if ok:
                joins.append((kept + 1, last))
        if v == a:
            joins += [(kept + 1, last) for kept, last in same if kept <= 2]
        heads_join = [(2, last) for kept, last in same if kept == 1] if v == a else []
        u_row, f_row = used[i], free[i]
        u_next, f_next = used[i + 1], free[i + 1]
        for m in range(melds + 1):
            for h in range(heads + 1):
                k = m * width + h
                if k == 0:
                    continue
                tu = u_next[k]
                tf = f_next[k]
                if h:
                    kk = k - 1
                    x = 1 + u_row[kk]
                    if x > tf:
                        tf = x
                    for kept, last in same:
                        if kept <= 2:
                            x = kept + used[last + 1][kk]
                            if x > tu:
                                tu = x
                            x = kept + free[last + 1][kk]
                            if x > tf:
                                tf = x
                    for kept, last in heads_join:
                        x = kept + used[last + 1][kk]
                        if x > tf:
                            tf = x
                if m:
                    kk = k - width
                    x = 1 + u_row[kk]
                    if x > tf:
                        tf = x
                    for kept, last in same:
                        x = kept + used[last + 1][kk]
                        if x > tu:
                            tu = x
                        x = kept + free[last + 1][kk]
                        if x > tf:
                            tf = x
                    for kept, last in run:
                        if kept > 1:
                            x = kept + used[last + 1][kk]
                            if x > tu:
                                tu = x
                            x = kept + free[last + 1][kk]
                            if x > tf:
                                tf = x
                    for kept, last in joins:
                        x = kept + used[last + 1][kk]
                        if x > tf:
                            tf = x
                u_row[k] = tu
                f_row[k] = tf if tf > tu else tu
    return free[0][size - 1]


@lru_cache(maxsize=1 << 18)
def kept_with(vs: tuple[int, ...], melds: int, v: int) -> int:
    """`kept_for_win` of the hand with one more card showing `v`, in its best gap."""
    groups = [_groups(vs, i) for i in range(len(vs))]
    kept = _most_kept_with(groups, vs, melds, 1, v)
    if melds == 2:
        kept = max(kept, _most_kept_with(groups, vs, melds=0, heads=4, v=v))
    return kept


@lru_cache(maxsize=1 << 18)
def kept_for_win(vs: tuple[int, ...], melds: int) -> int:
    """The most cards of a hand that can stay, in their order, in some winning hand.

    Each turn inserts one card anywhere (either end up) and discards one, so a hand of n
    cards is `(3 * melds + 2) - kept` draws from a win. Standard shapes and, for a closed
    hand (`melds == 2`), four pairs are both tried. Kept cards keep their values; the
    inserted ones may have any value (their cards being live does not matter here).
    """
    groups = [_groups(vs, i) for i in range(len(vs))]
    kept = _most_kept(groups, melds, 1)
    if melds == 2:
        kept = max(kept, _most_kept(groups, 0, 4))
    return kept


def win_distance(vs: tuple[int, ...], melds: int) -> int:
    """Draws still needed to win: 0 for a winning hand, 1 for a hand one card away (tenpai)."""
    return 3 * melds + 2 - kept_for_win(vs, melds)
