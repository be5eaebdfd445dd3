"""Letters from Whitechapel through the generic front end and table service (SimCord): DM text read in the game's
own terms, the game's words in status, game over and captions, and the detectives' private thread."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.rooms import room
from tests.bot.test_whitechapel_simcord import recent, start


async def autoplay_until(env: Any, users: list[Any], kind: str, seed: int = 3) -> tuple[Any, dict[str, Any]]:
    """Every seat answers as the autopilot (through the service) until one of them has a ``kind`` decision."""
    pilot = room("whitechapel").autopilot(seed)
    service = env.bot.service
    for _ in range(400):
        for u in users:
            for decision in await service.pending(1, u.user.id):
                if decision["kind"] == kind:
                    return u, decision
                if not decision.get("submitted"):
                    view = await service.view(1, u.user.id)
                    await service.answer(1, u.user.id, decision["id"], pilot.answer(view, decision))
        await env.settle()
    raise AssertionError(f"no {kind} decision")


@pytest.mark.asyncio
async def test_jack_answers_his_move_by_writing_the_circle_in_dm(world):
    env, _ = world
    _, users = await start(env)
    jack, move = await autoplay_until(env, users, "jack_move")
    circles = [o for o in move["options"] if isinstance(o, int)]
    far = next(o for o in circles if o > len(move["options"]))  # a circle that is no position in the list
    await jack.user.send_dm(str(far))
    assert "You moved" in recent(jack), recent(jack)
    view = await env.bot.service.view(1, jack.user.id)
    assert view["private"]["paths"][-1][-1] == far, view["private"]["paths"]
