"""Idempotency keys of outbox rows: unique, 24 hex characters (Discord's nonce holds 25), a fresh prefix in a
forked child and after the counter runs out."""

from __future__ import annotations

import itertools
import os
import re

from bot.storage import keys
from bot.storage.keys import COUNTER_HEX, message_keys


def test_keys_are_unique_and_fit_a_nonce() -> None:
    taken = message_keys(5000) + message_keys(1) + message_keys(0)
    assert len(taken) == 5001 == len(set(taken))
    assert all(re.fullmatch(r"[0-9a-f]{24}", k) for k in taken)


def test_a_forked_child_draws_a_prefix_of_its_own() -> None:
    mine = message_keys(1)[0]
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: its first key, then out at once
        os.write(write, message_keys(1)[0].encode())
        os._exit(0)
    os.close(write)
    child = os.read(read, 64).decode()
    os.close(read)
    os.waitpid(pid, 0)
    assert re.fullmatch(r"[0-9a-f]{24}", child)
    assert child[:12] != mine[:12]  # 48 random bits each: equal only by a one-in-2**48 chance


def test_a_counter_that_runs_out_draws_a_new_prefix() -> None:
    maker = keys._Keys()
    first = maker.prefix
    maker.counter = itertools.count(16 ** COUNTER_HEX - 1)
    last, after = maker.take(2)
    assert last == first + "f" * COUNTER_HEX
    assert after[:12] != first and after.endswith("0" * COUNTER_HEX)
