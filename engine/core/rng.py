"""A deterministic generator whose outputs do not reveal its state: keyed BLAKE2b in counter mode.

The state is a 256-bit secret and a counter, both kept in the game state (``to_dict``), so a saved game
continues exactly as the original would. Output ``n`` is ``BLAKE2b(key=secret, message=n)``: seeing any
number of outputs (every public card reveal) tells nothing about the secret, hence nothing about later
shuffles. A game created without a seed draws its secret from ``secrets``; an integer seed (tests, the
simulator) derives the secret from the seed, so seeded games stay reproducible.

The secret is never part of any view; it is exposed in the state so that a later "provably fair" feature
can publish a commitment to it before the game and the secret itself after.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from typing import Any, TypeVar

T = TypeVar("T")
SECRET_BYTES = 32
_SEED_PREFIX = b"agot-bot rng seed:"


def secret_from_seed(seed: int) -> bytes:
    """The 256-bit secret of an integer seed (any int, negative included)."""
    return hashlib.blake2b(_SEED_PREFIX + str(seed).encode("ascii"), digest_size=SECRET_BYTES).digest()


class Rng:
    """``Rng(seed)`` for an int seed, ``Rng(secret_bytes, counter)`` to continue, ``Rng.fresh()`` for a new
    unpredictable one. Same secret and counter, same sequence, on every platform and Python version."""

    def __init__(self, seed: int | bytes, counter: int = 0) -> None:
        if isinstance(seed, bytes):
            if len(seed) != SECRET_BYTES:
                raise ValueError(f"an RNG secret is {SECRET_BYTES} bytes")
            self.secret = seed
        else:
            self.secret = secret_from_seed(seed)
        if counter < 0:
            raise ValueError("the RNG counter cannot be negative")
        self.counter = counter

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and (self.secret, self.counter) == (other.secret, other.counter)

    def __hash__(self) -> int:
        return hash((self.secret, self.counter))

    @classmethod
    def fresh(cls) -> Rng:
        """A generator with a secret drawn from the operating system's randomness."""
        return cls(secrets.token_bytes(SECRET_BYTES))

    def to_dict(self) -> dict[str, Any]:
        return {"secret": self.secret.hex(), "counter": self.counter}

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Rng:
        return cls(bytes.fromhex(raw["secret"]), int(raw["counter"]))

    def next64(self) -> int:
        block = hashlib.blake2b(self.counter.to_bytes(16, "little"), key=self.secret, digest_size=8).digest()
        self.counter += 1
        return int.from_bytes(block, "little")

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
