"""DM words reach the right Monopoly question (bot/frontend/client.dm_reply): with nothing asked, words for a
question answered at any time (``standing_decisions``: build, sell, mortgage, trade) are taken; with two prompts
open in one game (a turn and a trade offer), the words that fit only one of them answer it."""

from __future__ import annotations

import pytest

from engine.monopoly.board import board
from tests.bot.test_monopoly_simcord import Seat, start

pytestmark = pytest.mark.timeout(120)


def newest_reply(seat: Seat) -> str:
    return next(m.content for m in reversed(seat.member.user.dm_channel.history()) if m.author.bot and m.content)


@pytest.mark.asyncio
async def test_mortgage_by_dm_with_nothing_asked_and_the_right_prompt_of_two(world):
    env, _ = world
    channel, members, seats = await start(env)
    await members[0].slash(channel, "game start")
    await env.settle()
    thread = channel.threads[-1]
    game = lambda: env.bot.service._tables[1].game  # noqa: E731 - the live game, read to check what happened
    tokens = {s.house: m for s in env.bot.service._tables[1].seats for m in seats if m.member.user.id == s.user_id}
    idle = deed = None
    for _ in range(400):  # play on until a player with no prompt open owns an unmortgaged deed
        state = game().state
        asked = {a["player"] for a in state.asks.values()}
        idle, deed = next(((p, d) for p in state.in_game() if p not in asked
                           for d in state.deeds_of(p) if d not in state.mortgaged and not state.buildings(d)),
                          (None, None))
        if idle is not None:
            break
        if not sum([await s.act() for s in seats]):
            await env.settle()
    assert idle is not None and deed is not None
    seat = tokens[idle]
    assert not seat.prompts()
    cash = game().state.cash[idle]
    await seat.member.user.send_dm(f"mortgage {board()[deed].name}")
    assert "recorded" in newest_reply(seat), newest_reply(seat)
    assert deed in game().state.mortgaged and game().state.cash[idle] == cash + board()[deed].mortgage
    await seat.member.user.send_dm("hello")  # words for no question: what may be written meanwhile
    assert "Nothing is waiting for you" in newest_reply(seat) and "build Boardwalk" in newest_reply(seat)

    # the idle player offers the mortgaged deed for $1 to the player whose turn question is open
    turn = next(s for s in seats if s.open_turn())
    other = game().state.turn
    before = len(turn.member.user.dm_channel.history())
    r = await seat.member.slash(thread, "monopoly trade", to=other, give=board()[deed].name, take="$1")
    assert r.ephemeral
    await env.settle()
    assert len([a for a in game().state.asks.values() if a["player"] == other]) == 2  # the turn and the offer
    assert len(turn.member.user.dm_channel.history()) > before
    await turn.member.user.send_dm("decline")  # fits the offer only: the turn question stays open
    assert "recorded" in newest_reply(turn), newest_reply(turn)
    kinds = sorted(a["kind"] for a in game().state.asks.values() if a["player"] == other)
    assert kinds in (["turn"], ["jail"]) and game().state.trades == []
    # a round's phases are its turns, named by the tokens: suggested and taken in any case
    offered = await members[0].autocomplete(thread, "game log", "phase", "top")
    assert [c["value"] for c in offered] == ["Top Hat"]
