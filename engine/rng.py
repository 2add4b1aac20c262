"""Randomness derived only from the seed, so that a game is its seed and its log.

Each shuffle n of a game draws its numbers from HMAC-SHA256(seed, "shuffle:n:block"), so the whole
game's shuffles are fixed by the seed, and publishing sha256(seed) at creation proves it later.
"""

import hashlib
import hmac
import secrets


def new_seed():
    return secrets.token_hex(32)


def seed_commitment(seed):
    return hashlib.sha256(seed.encode()).hexdigest()


class _Stream:
    """Uniform integers from an HMAC-SHA256 keystream (rejection sampling, so unbiased)."""

    def __init__(self, key, label):
        self._key = key
        self._label = label
        self._block = 0
        self._buffer = b""

    def _next_u32(self):
        if len(self._buffer) < 4:
            message = f"{self._label}:{self._block}".encode()
            self._buffer += hmac.new(self._key, message, hashlib.sha256).digest()
            self._block += 1
        value = int.from_bytes(self._buffer[:4], "big")
        self._buffer = self._buffer[4:]
        return value

    def below(self, n):
        limit = (1 << 32) - ((1 << 32) % n)
        while True:
            value = self._next_u32()
            if value < limit:
                return value % n


def shuffle(cards, seed, counter):
    """Fisher–Yates shuffle of ``cards`` in place, the ``counter``-th shuffle of the game."""
    stream = _Stream(seed.encode(), f"shuffle:{counter}")
    for i in range(len(cards) - 1, 0, -1):
        j = stream.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
