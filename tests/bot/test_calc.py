"""Issue 15, item 9 through SimCord: ``/game board calc: from:`` answers only to the asker, from their own view:
after the other houses placed their orders face down, no reply names one of them (leak audit against the raw
engine state), and no public post appears."""

from __future__ import annotations

import pytest

from engine.agot.board import board
from tests.bot.players import custom_ids
from tests.bot.test_extras import seat

AREAS = sorted(a.name for a in board().areas.values() if a.kind != "port")


@pytest.mark.asyncio
async def test_calc_answers_privately_without_leaking(table):
    env = table
    guild, channel, members, _ = await seat(env, 3)
    await members[0].slash(channel, "game start")
    for m in members[1:]:  # the others place their default orders, face down
        prompt = next(x for x in m.user.dm_channel.history() if any(c.startswith("agot:d:") for c in custom_ids(x)))
        await m.user.click(prompt, custom_id=next(c for c in custom_ids(prompt) if c.startswith("agot:d:")))
    game = env.bot.service._tables[1].game
    frame = next(f for f in game.state.stack if f["step"] == "planning")
    me = next(s.house for s in env.bot.service._tables[1].seats if s.user_id == members[0].id)
    hidden = {(area, token) for house, orders in frame["placed"].items() if house != me
              for area, token in orders.items()}
    assert len(hidden) >= 4
    public_before = len(channel.history())
    theirs = sorted({board().areas[a].name for a, _ in hidden})
    answered = 0
    for area in AREAS:
        for source in (None, *theirs):
            options = {"area": area} if source is None else {"area": area, "from": source}
            result = await members[0].slash(channel, "agot calc", **options)
            assert result.ephemeral
            words = result.response.content
            if words.startswith("❌"):
                continue
            answered += 1
            for hid, token in hidden:
                name = board().areas[hid].name + " ("
                for line in words.split("\n"):
                    if name in line:
                        assert token not in line.split(name, 1)[1], (hid, token, line)
    assert answered > 10
    assert len(channel.history()) == public_before  # nothing public
    stranger = guild.add_member(env.create_user("onlooker"))
    nosy = await stranger.slash(channel, "agot calc", area="Winterfell")
    assert nosy.ephemeral and nosy.response.content.startswith("❌") and "seat" in nosy.response.content
    typo = await members[0].slash(channel, "agot calc", area="Winterfel")
    assert typo.response.content.startswith("❌") and "did you mean Winterfell" in typo.response.content
    offered = await members[0].autocomplete(channel, "agot calc", "area", "moat")
    assert [c["value"] for c in offered] == ["Moat Cailin"]
    listed = await members[0].autocomplete(channel, "agot calc", "from", "Winterfell, white")
    assert [c["value"] for c in listed] == ["Winterfell, White Harbor"]
    told = await members[0].autocomplete(channel, "game whisper", "seat", "")
    assert len(told) == 3  # the houses of this game
    calc = next(c for c in await env.bot.tree.fetch_commands() if c.name == "agot").options
    assert [o.required for o in next(o for o in calc if o.name == "calc").options if o.name == "area"] == [True]
