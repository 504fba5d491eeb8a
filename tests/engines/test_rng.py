"""engines.rng draws exactly what random.Random's own methods draw from the same state."""

from __future__ import annotations

import hashlib
import random

import pytest

from engines.rng import below, choice, derive_rng, shuffle

LENGTHS = [1, 2, 3, 4, 5, 7, 8, 13, 16, 17, 31, 32, 33, 52, 104, 1000, 2**40 + 3]


@pytest.mark.parametrize("seed", range(20))
def test_the_draws_are_randoms_own(seed: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    for n in LENGTHS:
        assert below(ours, n) == theirs.randrange(n)
        items = list(range(min(n, 200)))
        assert choice(ours, items) == theirs.choice(items)
        assert choice(ours, range(n)) == theirs.choice(range(n))
        mine, yours = list(items), list(items)
        shuffle(ours, mine)
        theirs.shuffle(yours)
        assert mine == yours
        # the two generators are in the same state after every draw
        assert ours.getstate() == theirs.getstate()


def test_another_generator_draws_its_own_way() -> None:
    class Fixed(random.Random):
        def random(self) -> float:
            return 0.0

    assert below(Fixed(1), 10) == 0
    items = [1, 2, 3]
    shuffle(Fixed(1), items)
    assert items == [2, 3, 1]  # Random.shuffle with random() == 0: every swap with position 0


def test_an_empty_sequence_or_range_has_no_draw() -> None:
    with pytest.raises(IndexError):
        choice(random.Random(0), [])
    for n in (0, -3):
        with pytest.raises(ValueError):
            below(random.Random(0), n)


@pytest.mark.parametrize("purpose", ["deal", "deal:7", "cpu:3"])
def test_a_derived_generator_is_random_random_of_the_digest(purpose: str) -> None:
    """`derive_rng` makes its generator without `Random.__init__`; the state is the same."""
    for seed in range(30):
        digest = hashlib.sha256(f"{seed}:{purpose}".encode()).digest()
        theirs, ours = random.Random(int.from_bytes(digest[:16], "big")), derive_rng(seed, purpose)
        assert type(ours) is random.Random and ours.getstate() == theirs.getstate()
        assert [ours.gauss(0, 1), ours.random()] == [theirs.gauss(0, 1), theirs.random()]
