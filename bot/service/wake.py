"""One wake-up for the background tasks: every commit that adds outbox rows or timers calls ``Signal.set()``,
and each task that serves (the outbox dispatcher, the timer task) sleeps on its own ``Sleeper`` of that signal
until it is woken or its next due time comes.

A sleeper remembers a wake-up that came while its task was busy, so a commit during a pass is never missed:
the next ``sleep`` returns at once. The sleep itself is an ordinary ``asyncio.sleep`` in a child task that a
wake-up cancels: a test clock that drives asyncio's timers (SimCord's virtual time) sees a plain sleep.
"""

from __future__ import annotations

import asyncio


class Sleeper:
    def __init__(self) -> None:
        self._woken = False
        self._nap: asyncio.Task[None] | None = None

    def wake(self) -> None:
        self._woken = True
        if self._nap is not None:
            self._nap.cancel()

    async def sleep(self, seconds: float) -> None:
        """Until woken or ``seconds`` have passed; at once if woken since the last sleep."""
        if not self._woken:
            self._nap = asyncio.create_task(asyncio.sleep(max(0.0, seconds)), name="sleeper")
            try:
                await asyncio.wait({self._nap})  # a cancelled nap returns here; our own cancel propagates
            finally:
                self._nap.cancel()
                self._nap = None
        self._woken = False


class Signal:
    """Fans one wake-up out to every sleeper."""

    def __init__(self) -> None:
        self._sleepers: list[Sleeper] = []

    def sleeper(self) -> Sleeper:
        sleeper = Sleeper()
        self._sleepers.append(sleeper)
        return sleeper

    def forget(self, sleeper: Sleeper) -> None:
        if sleeper in self._sleepers:
            self._sleepers.remove(sleeper)

    def set(self) -> None:
        for sleeper in self._sleepers:
            sleeper.wake()
