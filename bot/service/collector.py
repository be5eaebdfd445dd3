"""Python's cyclic garbage collector, set for a long-running server.

By default a collection of the youngest generation runs after every 700 net allocations of container objects, and
every tenth one also collects the middle generation. Answering one move allocates thousands (engine decisions,
event and payload dicts, decoded outbox rows), most of them freed at once by reference counting, so at the default
the process spends 7-10% of its time in the collector, traversing objects that are alive anyway (measured with
``tools/bench_service.py``: 50 interleaved games spent about 300 ms of 3.2 s in it). Collecting the young
generation every YOUNG allocations instead cuts that to about 50 ms. Cyclic garbage then waits a little longer
(at most YOUNG objects) before it is freed; everything else is freed when its last reference goes, as before.
"""

from __future__ import annotations

import gc

YOUNG = 20_000  # net allocations between two collections of the youngest generation (Python's default: 700)


def tune_collector() -> None:
    """Collect the youngest generation every ``YOUNG`` allocations, unless the process already waits longer (a
    threshold set by the operator, or collection disabled, is kept)."""
    young, middle, old = gc.get_threshold()
    if gc.isenabled() and young < YOUNG:
        gc.set_threshold(YOUNG, middle, old)
