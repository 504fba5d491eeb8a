"""Randomness: one `random.Random` per purpose derived from a game's seed (`derive_rng`), and
draws from it without going through its pure-Python methods.

`choice`, `shuffle` and `randrange` of `random.Random` are written in Python on top of its C
method `getrandbits`; under `cardbot build` every call from a compiled engine into them runs
two interpreted frames (half the time of a compiled game went there). These functions
make the very draws those methods make (`Random._randbelow_with_getrandbits`), from the same
state, so that every record, replay and CPU move stays what it was; a test holds the two
together over many seeds and lengths.

Only for `random.Random` itself: a subclass may draw otherwise, and is sent to its own methods.
"""

from __future__ import annotations

import _random
import hashlib
import struct
from collections.abc import Callable, Sequence
from random import Random
from typing import Any, Final, TypeVar

T = TypeVar("T")

_GETRANDBITS: Final[Callable[[Random, int], int]] = Random.getrandbits
"""The C method itself, called with the generator: no lookup through the instance's dict."""
_BULK_MOST: Final = 1 << 31
"""Lists up to this long are shuffled from 32-bit words drawn together (each draw is one)."""


class _Words(dict[int, struct.Struct]):
    """The unpacker of n 32-bit words, little end first, by n; made when first asked."""

    def __missing__(self, n: int) -> struct.Struct:
        made = self[n] = struct.Struct(f"<{n}I")
        return made


_WORDS: Final = _Words()


def below(rng: Random, n: int) -> int:
    """`rng.randrange(n)`: k random bits, drawn again while they reach n; n < 1 is refused."""
    if type(rng) is not Random or n < 1:
        return rng.randrange(n)
    k = n.bit_length()
    r = _GETRANDBITS(rng, k)
    while r >= n:
        r = _GETRANDBITS(rng, k)
    return r


def choice(rng: Random, seq: Sequence[T]) -> T:
    """`rng.choice(seq)`."""
    n = len(seq)
    if not n:
        raise IndexError("Cannot choose from an empty sequence")
    return seq[below(rng, n)]


def shuffle(rng: Random, items: list[Any]) -> None:
    """`rng.shuffle(items)`: from the last position down, swap with one at or before it.

    Each of those draws takes one 32-bit word of the generator (`getrandbits(k)` for k <= 32
    is the word's top k bits) and a list of n needs at least n - 1 of them, so those n - 1
    words are drawn in one call; draws refused by a rejection are made one by one after.
    """
    i = len(items) - 1
    if type(rng) is Random and 1 <= i < _BULK_MOST:
        words: tuple[int, ...] = _WORDS[i].unpack(
            _GETRANDBITS(rng, 32 * i).to_bytes(4 * i, "little")
        )
        k = (i + 1).bit_length()
        for word in words:
            if i + 1 < 1 << (k - 1):
                k -= 1
            j = word >> (32 - k)
            if j <= i:
                items[i], items[j] = items[j], items[i]
                i -= 1
    while i >= 1:
        j = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]
        i -= 1


_SEED: Final = _random.Random.seed
"""The generator's C seeding, called directly: `Random(n)` is this after two
interpreted frames (`__init__`, `seed`), a quarter of a derivation's time."""


def derive_rng(seed: int, purpose: str) -> Random:
    """A `Random` for one purpose, derived from the game seed only (never the clock).

    Made as `Random(n)` makes it (the same state: a test holds them together).
    """
    digest = hashlib.sha256(f"{seed}:{purpose}".encode()).digest()
    rng = Random.__new__(Random)
    _SEED(rng, int.from_bytes(digest[:16], "big"))
    rng.gauss_next = None  # type: ignore[attr-defined]  # what Random.__init__ sets
    return rng
