"""Mother of Dragons in Discord, whole games played by scripted users doing only what a user can do (slash commands,
clicks, selects): a 7-player game on the 7-house map, and 5 players on the 8-house map whose vassals are commanded
through their commanders' prompts; every delivery audited for leaks against the live state (issue 18, item 5)."""

from __future__ import annotations

import re

import pytest

from engine.core import Rng
from tests.bot.players import HEADER, Player, game_over
from tests.bot.test_whole_game import audit_every_delivery

ROUNDS = 11  # played through Discord to the end (the game ends in round 10 at the latest)


def current_round(thread) -> int:
    """The round the game's pinned status message (edited in place) shows."""
    found = [re.search(r"· round (\d+) ·", m.content or "") for m in thread.history()
             if (m.content or "").startswith("📜")]
    return max((int(f.group(1)) for f in found if f), default=0)


@pytest.mark.asyncio
@pytest.mark.timeout(600)
@pytest.mark.parametrize("count,setup,vassals", [(7, None, 0), (5, "8", 3)])
async def test_a_mother_of_dragons_game_in_discord(world, count, setup, vassals):
    env, _ = world
    guild = env.create_guild()
    channel = guild.create_text_channel("essos")
    members = [guild.add_member(env.create_user(f"player{i}")) for i in range(count)]
    options = {"players": count, **({"settings": f"setup:{setup}"} if setup else {})}
    created = await members[0].slash(channel, "game create", **options)
    words = created.response.content
    assert "Game #1" in words and f"Mother of Dragons {setup or count}-house set-up" in words, words
    thread = channel.threads[-1]
    for m in members[1:]:
        await m.slash(channel, "game join")
    leaks: list[str] = []
    audit = audit_every_delivery(env.bot, 1, leaks)
    await members[0].slash(channel, "game start")
    status = await members[0].slash(channel, "game status")
    said = " ".join(m.content or "" for m in [status.response, *status.followups] if m is not None)
    assert ("vassals: " in said) == bool(vassals), said
    players = [Player(m, Rng(i + 1)) for i, m in enumerate(members)]
    for _ in range(3000):
        acted = sum([await p.act() for p in players])
        assert not leaks, leaks[:3]
        if game_over(thread) or current_round(thread) >= ROUNDS:
            break
        if not acted:
            await env.advance_time(13 * 3600)  # nothing to click: the deadline plays the default
    assert game_over(thread), "the game did not finish"
    standings = next(m.content for m in thread.history() if (m.content or "").startswith("🏆"))
    assert all(f"{place}. " in standings for place in range(1, count + 1))
    assert sum(1 for m in thread.history() if m.attachments) >= 3  # the 7- or 8-house map drawn
    prompts = [m.content or "" for p in players for m in p.dms() if HEADER.search(m.content or "")]
    assert (any("For your vassal" in c for c in prompts)) == bool(vassals)
    # the prompt's title says for which vassal, as the prompt's first line does
    assert all(re.search(r"for vassal (\w+)\*\*\n.*For your vassal \1", c) for c in prompts
               if "For your vassal" in c)
    assert all(not r.startswith("❌") for p in players for r in p.replies), [r for p in players for r in p.replies
                                                                          if r.startswith("❌")][:5]
    auditor = audit()
    assert auditor is not None and auditor.checked > 50 and auditor.hidden_seen["orders"] > 0
    print(f"\n{count} players{' on the ' + setup + '-house set-up' if setup else ''}: {auditor.checked} deliveries "
          f"audited, round {current_round(thread)}, {len(thread.history())} thread messages")


@pytest.mark.asyncio
async def test_card_and_help_know_mother_of_dragons(table):
    """``/agot card`` finds each new kind of card and area however it is typed, suggests for a misspelt one, and its
    autocomplete offers them; ``/game help topic:mod`` explains the expansion (only to the user)."""
    env = table
    guild = env.create_guild()
    channel = guild.create_text_channel("braavos")
    member = guild.add_member(env.create_user("reader"))
    for typed, expected in (("lysa", "Arryn House card"), ("KHAL DROGO", "Targaryen House card"),
                            ("gray worm", "alternative deck B"), ("jaqen", "vassals share"),
                            ("Domestic Disputes", "Westeros deck IV"), ("master at arms", "Iron Bank loan"),
                            ("the bite", "**The Bite**"), ("Volantis", "8 houses only"), ("iron bank", "loans")):
        shown = await member.slash(channel, "agot card", name=typed)
        assert shown.ephemeral and expected in shown.response.content, (typed, shown.response.content)
    missed = await member.slash(channel, "agot card", name="Daenerys Targaryan")
    assert missed.response.content.startswith("❌") and "Did you mean Daenerys Targaryen" in missed.response.content
    choices = await member.autocomplete(channel, "agot card", "name", "pyro")
    assert [c["name"] for c in choices] == ["Pyromancer"]
    shown = await member.slash(channel, "game help", topic="mod")
    assert shown.ephemeral and "Vassals" in shown.response.content and "Iron Bank" in shown.response.content
