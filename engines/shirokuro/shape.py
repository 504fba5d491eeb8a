"""How far a Shirokuro-jaku hand is from a win, fast enough for the CPU players.

`engines.two_number.melds.kept_for_win` says how many cards of a hand can stay, in their order,
in some winning hand (two melds and a head, or four pairs); a hand of n cards is then
`3 * melds + 2 - kept` draws from a win. The CPUs ask this of a hundred hands a decision, so
here is the same number by a shorter road. A winning hand is a row of segments (each meld, the
head, or each pair of スートイツ), so the cards that stay fall into consecutive stretches of
the hand, one stretch a segment, the cards between them let go. A stretch keeps

- for a meld: 3 when it holds a koutsu or shuntsu as a subsequence, 2 when it holds two cards
  of one meld (equal, or one colour one or two apart), 1 when it holds a card;
- for a head or a pair: 2 when it holds two equal cards, 1 when it holds a card;

and `kept` is the best sum over the ways to cut the hand into stretches, segments in any order.
Tests hold it to `kept_for_win` on random hands.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from engines.two_number.cards import VALUES

_NEVER: Final = 99


def _firsts(vs: tuple[int, ...]) -> tuple[list[int], list[int], list[int]]:
    """For each start a: the least end b such that vs[a:b] holds a three-card meld, two cards
    of one meld, two equal cards (`_NEVER` when none does)."""
    n = len(vs)
    three = [_NEVER] * (n + 1)
    two = [_NEVER] * (n + 1)
    equal = [_NEVER] * (n + 1)
    for a in range(n - 1, -1, -1):
        t3, t2, e2 = three[a + 1], two[a + 1], equal[a + 1]
        x = vs[a]
        for j in range(a + 1, min(n, t3)):
            step = vs[j] - x
            if -2 <= step <= 2:
                if j + 1 < t2:
                    t2 = j + 1
                if step == 0 and j + 1 < e2:
                    e2 = j + 1
                if -1 <= step <= 1:
                    want = vs[j] + step
                    for k in range(j + 1, min(n, t3 - 1)):
                        if vs[k] == want:
                            t3 = k + 1
                            break
        three[a], two[a], equal[a] = t3, t2, e2
    return three, two, equal


def _then(earliest: list[int], reach: list[tuple[int, ...]]) -> list[int]:
    """One more stretch after the segments so far.

    `earliest[g]`: the least end of the hand's start that keeps g cards in the segments so
    far (`_NEVER` when none). A stretch starting at c keeps k cards once it reaches
    `reach[c][k]`; starting it as early as possible never keeps fewer, so the next stretch
    starts where the last one could end.
    """
    out = [_NEVER] * (len(earliest) + 3)
    for g, c in enumerate(earliest):
        if c >= _NEVER:
            continue
        for k, end in enumerate(reach[c]):
            if end < out[g + k]:
                out[g + k] = end
    return out


def _most(earliest: list[int], n: int) -> int:
    """The most cards kept within the whole hand."""
    return max(g for g, end in enumerate(earliest) if end <= n)


@lru_cache(maxsize=1 << 18)
def kept(vs: tuple[int, ...], melds: int) -> int:
    """`kept_for_win(vs, melds)`: the most cards of the hand that stay in some winning hand."""
    n = len(vs)
    three, two, equal = _firsts(vs)
    # reach[c][k]: where a stretch from c has kept k cards (a meld keeps up to 3, a head 2)
    meld: list[tuple[int, ...]] = [(c, c + 1, two[c], three[c]) for c in range(n)] + [(n,)]
    head: list[tuple[int, ...]] = [(c, c + 1, equal[c]) for c in range(n)] + [(n,)]
    start = [0]
    if melds == 0:
        return _most(_then(start, head), n)
    m1, h1 = _then(start, meld), _then(start, head)
    if melds == 1:
        return max(_most(_then(m1, head), n), _most(_then(h1, meld), n))
    # two melds and a head: the head first, between or last
    best = max(
        _most(_then(_then(m1, meld), head), n),
        _most(_then(_then(m1, head), meld), n),
        _most(_then(_then(h1, meld), meld), n),
    )
    if best < n:  # four pairs, a closed hand
        best = max(best, _most(_then(_then(_then(h1, head), head), head), n))
    return best


def distance(vs: tuple[int, ...], melds: int) -> int:
    """Draws still needed: 0 for a winning hand, 1 for a hand one card away (tenpai)."""
    return 3 * melds + 2 - kept(vs, melds)


_VALID: Final = frozenset(VALUES)
_ALL: Final = frozenset(VALUES)


def _near(x: int) -> frozenset[int]:
    """Values that may share a meld with x: x itself, one colour one or two apart."""
    return frozenset(v for v in (x - 2, x - 1, x, x + 1, x + 2) if v in _VALID)


def _completing(x: int, y: int) -> frozenset[int]:
    """Values that make a meld with x then y (in this order), wherever they go."""
    step = y - x
    if step == 0:
        return frozenset((x,))
    if step in (1, -1):
        return frozenset(v for v in (x - step, y + step) if v in _VALID)
    if step in (2, -2):
        return frozenset((x + step // 2,))
    return frozenset()


@lru_cache(maxsize=1 << 16)
def helpful(vs: tuple[int, ...], melds: int) -> frozenset[int]:
    """The values that, inserted in their best gap, let one more card of the hand stay in a
    win (for a hand one card away: the values that win).

    One card more raises one stretch by one: a stretch of some best cut that keeps fewer than
    it could (an empty stretch takes any card; a meld stretch keeping one card takes a card
    near it, keeping two takes the card that completes them; a head keeping one card takes
    its twin).
    """
    n = len(vs)
    three, two, equal = _firsts(vs)
    ends = range(n + 1)
    meld = [
        [3 if b >= three[a] else 2 if b >= two[a] else 1 if b > a else 0 for b in ends]
        for a in ends
    ]
    head = [[2 if b >= equal[a] else 1 if b > a else 0 for b in ends] for a in ends]
    total = kept(vs, melds)
    found: set[int] = set()
    seen: dict[tuple[str, int, int], frozenset[int]] = {}

    def takes(kind: str, a: int, b: int) -> frozenset[int]:
        key = (kind, a, b)
        if key not in seen:
            got: frozenset[int]
            if kind == "M":
                f = meld[a][b]
                if f == 0:
                    got = _ALL
                elif f == 1:
                    got = frozenset().union(*(_near(x) for x in vs[a:b]))
                elif f == 2:
                    got = frozenset().union(
                        *(
                            _completing(vs[i], vs[j])
                            for i in range(a, b)
                            for j in range(i + 1, b)
                            if -2 <= vs[j] - vs[i] <= 2
                        )
                    )
                else:
                    got = frozenset()
            else:
                f = head[a][b]
                got = _ALL if f == 0 else frozenset(vs[a:b]) if f == 1 else frozenset()
            seen[key] = got
        return seen[key]

    def gain(kind: str, a: int, b: int) -> int:
        return meld[a][b] if kind == "M" else head[a][b]

    orders: list[str] = {0: ["H"], 1: ["MH", "HM"], 2: ["MMH", "MHM", "HMM", "HHHH"]}[melds]

    def walk(order: str, start: int, got: int, stretches: list[tuple[str, int, int]]) -> None:
        kind = order[len(stretches)]
        if len(stretches) == len(order) - 1:
            if got + gain(kind, start, n) == total:
                for k, a, b in [*stretches, (kind, start, n)]:
                    found.update(takes(k, a, b))
            return
        for cut in range(start, n + 1):
            walk(order, cut, got + gain(kind, start, cut), [*stretches, (kind, start, cut)])

    for order in orders:
        walk(order, 0, 0, [])
    return frozenset(found)
