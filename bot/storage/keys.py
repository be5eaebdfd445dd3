"""Idempotency keys for outbox rows.

A key is fixed before its row exists (it is not the row id) and must stay unique across processes and databases:
24 hex characters (they fit Discord's 25-character nonce), a random prefix drawn once per process, then a
counter. Reading the system's random source for every transaction cost a few per cent of an answer on the
event loop; the keys need to be unique, not unpredictable (they name a delivery, never a secret). A forked child
draws a prefix of its own.
"""

from __future__ import annotations

import itertools
import os
import secrets

PREFIX_HEX = 12  # 48 random bits per process
COUNTER_HEX = 12  # 2**48 keys per prefix; a new prefix is drawn after that


class _Keys:
    def __init__(self) -> None:
        self._renew()

    def _renew(self) -> None:
        self.prefix = secrets.token_hex(PREFIX_HEX // 2)
        self.counter = itertools.count()

    def take(self, count: int) -> list[str]:
        keys = []
        for _ in range(count):
            n = next(self.counter)
            if n >= 16 ** COUNTER_HEX:
                self._renew()
                n = next(self.counter)
            keys.append(f"{self.prefix}{n:0{COUNTER_HEX}x}")
        return keys


_KEYS = _Keys()
os.register_at_fork(after_in_child=_KEYS._renew)


def message_keys(count: int) -> list[str]:
    """``count`` new idempotency keys, each unique."""
    return _KEYS.take(count)
