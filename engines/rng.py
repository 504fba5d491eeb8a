"""Draws from a `random.Random` without going through its pure-Python methods.

`choice`, `shuffle` and `randrange` of `random.Random` are written in Python on top of its C
method `getrandbits`; under `cardbot build` every call from a compiled engine into them runs
two interpreted frames (half the time of a compiled Go Fish game went there). These functions
make the very draws those methods make (`Random._randbelow_with_getrandbits`), from the same
state, so that every record, replay and CPU move stays what it was; a test holds the two
together over many seeds and lengths.

Only for `random.Random` itself: a subclass may draw otherwise, and is sent to its own methods.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any, TypeVar

T = TypeVar("T")


def below(rng: Random, n: int) -> int:
    """`rng.randrange(n)`: k random bits, drawn again while they reach n; n < 1 is refused."""
    if type(rng) is not Random or n < 1:
        return rng.randrange(n)
    k = n.bit_length()
    r: int = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def choice(rng: Random, seq: Sequence[T]) -> T:
    """`rng.choice(seq)`."""
    n = len(seq)
    if not n:
        raise IndexError("Cannot choose from an empty sequence")
    return seq[below(rng, n)]


def shuffle(rng: Random, items: list[Any]) -> None:
    """`rng.shuffle(items)`: from the last position down, swap with one at or before it."""
    for i in range(len(items) - 1, 0, -1):
        j = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]
