"""Letters from Whitechapel through the real discord.py client (SimCord): ``/game create game:whitechapel
players:3``, Jack's hideout and women answered through the front's own menus, the Head's patrols one token at a
time, and what the DMs never say."""

from __future__ import annotations

import random
import re
from typing import Any

import discord
import pytest

from bot.games.whitechapel.streets import moves
from tests.bot.players import custom_ids, said


def prompts_of(member: Any, title: str) -> list[discord.Message]:
    return [m for m in member.user.dm_channel.history() if m.author.bot and title in (m.content or "").split("\n")[0]]


def latest(member: Any, message: discord.Message) -> discord.Message:
    """The message as it stands now (edited by a step of its menus)."""
    return next(m for m in member.user.dm_channel.history() if m.id == message.id)


def recent(member: Any, count: int = 3) -> str:
    """The bot's last few DMs to ``member`` (an answer's reply, then the next prompt)."""
    return "\n".join(m.content or "" for m in member.user.dm_channel.history()[-count:] if m.author.bot)


def select_of(message: discord.Message, prefix: str) -> Any:
    found = [c for row in message.components for c in getattr(row, "children", [row])
             if (c.custom_id or "").startswith(prefix)]
    assert found, (prefix, custom_ids(message))
    return found[0]


async def start(env: Any) -> tuple[Any, list[Any]]:
    guild = env.create_guild()
    channel = guild.create_text_channel("whitechapel")
    users = [guild.add_member(env.create_user(f"p{i}")) for i in range(3)]
    r = await users[0].slash(channel, "game create", game="whitechapel", players=3)
    assert "Letters from Whitechapel" in (r.response.content or ""), r.response.content
    for u in users[1:]:
        await u.slash(channel, "game join")
    await users[0].slash(channel, "game start")
    await env.settle()
    return channel, users


@pytest.mark.asyncio
async def test_jack_and_the_head_answer_their_first_prompts_through_the_menus(world):
    env, _ = world
    channel, users = await start(env)
    jack = next(u for u in users if prompts_of(u, "🔪 Jack: your hideout"))
    prompt = prompts_of(jack, "🔪 Jack: your hideout")[-1]
    assert "Reply with the circle of your hideout" in prompt.content
    ranges = select_of(prompt, "wc:r:")
    assert len(ranges.options) == 8 and ranges.options[2].label == "Circles 54-79"  # 25 of the 187 not red
    await jack.user.select(prompt, [ranges.options[2].value], custom_id=ranges.custom_id)
    prompt = latest(jack, prompt)
    circles = select_of(prompt, "wc:k:")
    labels = [int(o.label) for o in circles.options]
    assert len(labels) == 25 and labels[0] == 54 and labels[-1] == 79 and 57 in labels
    result = await jack.user.select(prompt, ["57"], custom_id=circles.custom_id)
    assert any("hideout is circle 57" in line for line in said(result)), said(result)

    women = prompts_of(jack, "🔪 Jack: place the women")[-1]
    marked = select_of(women, "wc:m:")  # night 1: every red circle gets a woman, only the marks are chosen
    assert len(marked.options) == 8 and marked.min_values == marked.max_values == 5
    chosen = [o.value for o in marked.options[:5]]
    result = await jack.user.select(women, chosen, custom_id=marked.custom_id)
    assert any("Your targets tonight" in line for line in said(result)), said(result)

    head = next(u for u in users if prompts_of(u, "place the patrols"))
    assert head is not jack
    prompt = prompts_of(head, "place the patrols")[-1]
    assert prompt.content.split("\n")[0].startswith("**Game #1 · 🚨 Detective ")
    for _ in range(2):
        menu = select_of(prompt, "wc:p:")
        await head.user.select(prompt, [menu.options[0].value], custom_id=menu.custom_id)
        prompt = latest(head, prompt)
    assert select_of(prompt, "wc:p:").placeholder.startswith("The brown patrol goes on… (so far: blue ")
    await head.user.click(prompt, custom_id=select_of(prompt, "wc:x:").custom_id)
    prompt = latest(head, prompt)
    picked: list[str] = []
    for step in range(7):
        menu = select_of(prompt, "wc:p:")
        assert menu.placeholder.startswith(f"The {['blue', 'yellow', 'brown', 'red', 'green', 'fake', 'fake'][step]}")
        picked.append(menu.options[0].value)
        result = await head.user.select(prompt, [menu.options[0].value], custom_id=menu.custom_id)
        prompt = latest(head, prompt)
    assert any("Your patrols: blue on " + picked[0] in line for line in said(result)), said(result)
    view = await env.bot.service.view(1, head.user.id)
    assert view["private"]["patrols"] == dict(zip(picked, ["blue", "yellow", "brown", "red", "green", "fake_1",
                                                          "fake_2"]))
    public = "\n".join(m.content or "" for m in channel.history() + channel.threads[-1].history())
    assert "Jack placed 8 women face down" in public and "The Head placed seven patrol tokens" in public
    assert "57" not in public.replace("#", " ").split()  # the hideout is nobody's but Jack's


def items(message: discord.Message) -> list[Any]:
    return [c for row in message.components for c in getattr(row, "children", [row]) if c.custom_id]


def sensible(message: discord.Message, buttons: list[Any], memory: dict[str, int]) -> Any | None:
    """A player who plays for a while: Jack walks home (escaping when he can), the police look for clues rather
    than guess an arrest; None: any choice."""
    labels = {b.label: b for b in buttons if getattr(b, "label", None)}
    escape = next((b for label, b in labels.items() if label.startswith("Escape home")), None)
    if "🔪 Jack: your move**" in message.content and "hideout" in memory:
        circles = [b for label, b in labels.items() if label.isdigit()]
        return escape or min(circles, key=lambda b: moves(int(b.label), memory["hideout"]), default=None)
    return labels.get("Look for clues")


async def act(member: Any, rng: random.Random, done: set[tuple[int, str]], memory: dict[str, int]) -> int:
    """Answer each open prompt in the DMs once, through its buttons and menus (every step of the front's own)."""
    acted = 0
    for message in member.user.dm_channel.history():
        if not message.author.bot or not message.components:
            continue
        parts = items(message)
        key = (message.id, ",".join(sorted(p.custom_id for p in parts)))
        if key in done:
            continue
        done.add(key)
        own = [p for p in parts if p.custom_id.startswith("wc:") and not p.custom_id.startswith("wc:x:")]
        buttons = [p for p in parts if p.custom_id.startswith(("agot:c:", "agot:s:"))]
        pick = sensible(message, buttons, memory) or rng.choice(own or buttons or parts)
        if getattr(pick, "options", None):
            count = pick.min_values or 1
            values = [o.value for o in rng.sample(list(pick.options), count)]
            result = await member.user.select(message, values, custom_id=pick.custom_id)
        else:
            result = await member.user.click(message, custom_id=pick.custom_id)
        home = re.search(r"hideout is circle (\d+)", " ".join(said(result)))
        if home:
            memory["hideout"] = int(home.group(1))
        acted += 1
    return acted


SECRETS_OF_JACK = ("hideout is circle", "Your targets tonight", "You moved", "your row starts", "You killed at",
                   "🔒 Yours only:")


@pytest.mark.asyncio
async def test_a_whole_game_through_the_menus_tells_no_secret_to_the_wrong_player(world):
    env, _ = world
    channel, users = await start(env)
    rng, done, memory = random.Random(4), set(), {}
    thread = channel.threads[-1]
    for _ in range(3000):
        if any((m.content or "").startswith("🏆") for m in thread.history()):
            break
        if not sum([await act(u, rng, done, memory) for u in users]):
            await env.settle()
            if not sum([await act(u, rng, done, memory) for u in users]):
                break
    history = thread.history()
    assert any((m.content or "").startswith("🏆") for m in history), [m.content for m in history[-5:]]
    jack = next(u for u in users if prompts_of(u, "🔪 Jack: your hideout"))
    seats = {u.user.id: (await env.bot.service.seat_of(1, u.user.id)).house for u in users}
    over = next(i for i, m in enumerate(history) if (m.content or "").startswith("🏆"))
    before_end = history[:over]
    assert any("Night 4 begins" in (m.content or "") for m in before_end)  # Jack walks home: every night is played
    shown = [m.content or "" for m in before_end] + [f.name + f.value for m in before_end for e in m.embeds
                                                     for f in e.fields]
    for secret in (*SECRETS_OF_JACK, "Your patrols"):
        assert not any(secret in line for line in shown), secret  # the table's thread: nothing private
    for u in users:
        mine = [m for m in u.user.dm_channel.history() if m.author.bot]
        lines = [m.content or "" for m in mine] + [f.name + f.value for m in mine for e in m.embeds for f in e.fields]
        if u is not jack:
            assert seats[u.user.id].startswith("detective_")
            assert not [line for line in lines for secret in SECRETS_OF_JACK if secret in line]
        else:  # Jack is told his row by DM: the secret words are really in the messages the audit reads
            assert seats[u.user.id] == "jack" and not [line for line in lines if "Your patrols" in line]
            assert any("your row starts" in line for line in lines)
    assert len(done) > 20
    for phase in ("women", "patrols", "kill", "wretched", "police_round", "jack"):
        found = []  # /game log finds each of the front's phases in some night of the game
        for night in range(1, 5):
            r = await users[0].slash(thread, "game log", round=night, phase=phase)
            found += [night] if f"as night {night}'s {phase} phase began" in (r.response.content or "") else []
        assert found, phase


@pytest.mark.asyncio
async def test_prompts_answered_by_dm_text_and_the_games_own_commands(world):
    env, _ = world
    channel, users = await start(env)
    thread = channel.threads[-1]
    jack = next(u for u in users if prompts_of(u, "🔪 Jack: your hideout"))
    await jack.user.send_dm("fifty")
    assert jack.user.dm_channel.history()[-1].content == (
        "❌ Game #1, Jack's hideout: 'fifty' is not a circle: write its number, like 57.")
    await jack.user.send_dm("57")
    assert "hideout is circle 57" in recent(jack)
    await jack.user.send_dm("help")
    assert "a star after each marked one" in recent(jack)
    women = prompts_of(jack, "🔪 Jack: place the women")[-1]
    free = [int(o.value) for o in select_of(women, "wc:m:").options]
    await jack.user.send_dm(" ".join(f"{c}*" for c in free[:5]))
    assert f"Your targets tonight: {', '.join(map(str, free[:4]))} and {free[4]}." in \
        recent(jack)

    head = next(u for u in users if prompts_of(u, "place the patrols"))
    must = [o.value for o in select_of(prompts_of(head, "place the patrols")[-1], "wc:p:").options]
    words = [f"{c.lower()}:{t}" for c, t in zip(must, ("blue", "yellow", "brown", "red", "green", "fake", "fake"))]
    await head.user.send_dm(" ".join(["F7x:blue", *words[1:]]))
    refused = head.user.dm_channel.history()[-1].content
    assert refused.startswith("❌ Game #1, The Head places the patrols: There is no crossing F7x: did you mean")
    assert "\n" not in refused
    await head.user.send_dm(" ".join(words))
    assert f"Your patrols: blue on {must[0]}" in recent(head)

    r = await users[0].slash(thread, "whitechapel circle", number=57)
    assert r.response.content.startswith("**Circle 57** is in grid square ") and "One move to: " in r.response.content
    r = await users[0].slash(thread, "whitechapel circle", number=500)
    assert r.response.content == "❌ There is no circle 500 on the board (1 to 195)."
    r = await users[0].slash(thread, "whitechapel crossing", name="f7")
    assert r.response.content.startswith("**Crossing F7**") and r.response.ephemeral
    r = await users[0].slash(thread, "whitechapel clues")
    assert r.response.content.startswith("**Night 1**: crime scene") and "Clues found: none." in r.response.content
    r = await users[0].slash(thread, "game help", topic="grid")
    assert "F7b" in r.response.content
    for phase in ("women", "patrols"):
        r = await users[0].slash(thread, "game log", round=1, phase=phase)
        assert f"as night 1's {phase} phase began" in r.response.content, phase
        assert r.response.attachments  # the board as that phase began


@pytest.mark.asyncio
async def test_a_table_whose_seats_are_chosen_seats_jack_where_asked(world):
    env, _ = world
    guild = env.create_guild()
    channel = guild.create_text_channel("whitechapel")
    users = [guild.add_member(env.create_user(f"p{i}")) for i in range(3)]
    r = await users[0].slash(channel, "game create", game="whitechapel", players=3, settings="seats:chosen",
                             join=False)
    assert "seats chosen when joining" in r.response.content
    await users[1].slash(channel, "game join", seat="Jack")
    r = await users[2].slash(channel, "game join", seat="jack")
    assert "already taken" in r.response.content
    await users[2].slash(channel, "game join", seat="detective 2")
    await users[0].slash(channel, "game join", seat="Detective 1")
    await users[0].slash(channel, "game start")
    await env.settle()
    assert prompts_of(users[1], "🔪 Jack: your hideout")
    assert (await env.bot.service.seat_of(1, users[2].user.id)).house == "detective_2"
