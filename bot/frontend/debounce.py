"""At most one edit per message every few seconds: edits asked for in between are folded into one, made with the
newest content once the time is up (Discord allows about five edits of one channel's messages per five seconds;
the status message changes with every answer)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)

Edit = Callable[[], Awaitable[object]]


class Debounce:
    def __init__(self, every: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.every = every
        self.clock = clock
        self.last: dict[int, float] = {}  # key -> when its last edit was made
        self.newest: dict[int, Edit] = {}  # key -> the edit to make when its time is up
        self.tasks: dict[int, asyncio.Task[None]] = {}

    async def run(self, key: int, edit: Edit) -> bool:
        """Make ``edit`` now (True; its errors are the caller's) or fold it into the one made later (False)."""
        wait = self.last.get(key, float("-inf")) + self.every - self.clock()
        if wait <= 0 and key not in self.tasks:
            self.last[key] = self.clock()
            await edit()
            return True
        self.newest[key] = edit
        if key not in self.tasks:
            self.tasks[key] = asyncio.create_task(self._later(key, wait))
        return False

    async def _later(self, key: int, wait: float) -> None:
        try:
            await asyncio.sleep(max(wait, 0.0))
            edit = self.newest.pop(key)
            self.last[key] = self.clock()
            await edit()
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - a later edit (or the next status row) shows the newest content
            log.warning("a debounced edit (%s) failed", key, exc_info=True)
        finally:
            self.tasks.pop(key, None)

    def close(self) -> None:
        for task in self.tasks.values():
            task.cancel()
