"""Seeded randomness that lives in the game state.

We do not use ``random.Random`` because its internal state is large and its algorithms may
change between Python versions; a replay must give the same state byte for byte forever.
SplitMix64 is tiny (one integer), fast, and well-distributed enough for shuffling cards.

The rng state is hidden information: whoever knows it knows every future shuffle, so game
views must never include it.
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


class Rng:
    __slots__ = ("state",)

    def __init__(self, state: int):
        self.state = state & _MASK

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        # Mix the seed once so that nearby seeds (1, 2, 3...) start far apart.
        rng = cls(seed)
        rng.state = rng.next_u64()
        return rng

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def randint(self, a: int, b: int) -> int:
        """A uniform integer in [a, b], both included (like a die: ``randint(1, 6)``)."""
        return a + self.randbelow(b - a + 1)

    def choice(self, items: list[T]) -> T:
        return items[self.randbelow(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: list[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out
