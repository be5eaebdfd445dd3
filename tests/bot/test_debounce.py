"""The status message's edits are debounced: at most one every ``every`` seconds, the ones in between folded into
one made with the newest content (``bot/frontend/debounce.py``)."""

from __future__ import annotations

import asyncio

from bot.frontend.debounce import Debounce


def test_edits_in_a_burst_fold_into_one_with_the_newest_content() -> None:
    async def scenario() -> None:
        now = [100.0]
        made: list[str] = []
        debounce = Debounce(0.2, clock=lambda: now[0])

        def edit(content: str):
            async def run() -> None:
                made.append(content)
            return run

        assert await debounce.run(1, edit("a")) is True  # the first edit is made at once
        assert await debounce.run(1, edit("b")) is False  # within the interval: folded
        assert await debounce.run(1, edit("c")) is False
        assert await debounce.run(2, edit("other game")) is True  # another message is not held back
        assert made == ["a", "other game"]
        now[0] += 0.2
        await asyncio.wait_for(asyncio.gather(*debounce.tasks.values()), 5)
        assert made == ["a", "other game", "c"]  # one edit for the burst, with the newest content
        assert not debounce.tasks
        now[0] += 1
        assert await debounce.run(1, edit("d")) is True and made[-1] == "d"  # a quiet message is edited at once

    asyncio.run(scenario())


def test_a_failed_later_edit_is_logged_and_the_next_one_still_goes() -> None:
    async def scenario() -> None:
        now = [0.0]
        made: list[str] = []
        debounce = Debounce(0.05, clock=lambda: now[0])

        async def ok() -> None:
            made.append("ok")

        async def broken() -> None:
            raise RuntimeError("deleted")

        await debounce.run(1, ok)
        await debounce.run(1, broken)
        await asyncio.wait_for(asyncio.gather(*debounce.tasks.values()), 5)
        now[0] += 1
        assert await debounce.run(1, ok) is True and made == ["ok", "ok"]
        debounce.close()

    asyncio.run(scenario())
