"""A whole game of Monopoly through the real discord.py client (SimCord), played by scripted users doing only what
a Discord user can do: ``/game create game:monopoly players:3 settings:rounds 10``, join, start, every prompt
answered in the DMs by its buttons, its bid form or DM text, one ``/monopoly mortgage`` (the deed picked from the
command's own suggestions) and one ``/monopoly trade`` accepted in its receiver's prompt; the game ends after
round 10. Every message the bot delivers is audited as it goes out: no sealed bid reaches the table or another
player before the bids are revealed. Nothing in the play calls the service or the engine."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.service import OutboxMessage
from bot.service.outbox import PermanentError
from engine.core import Rng
from tests.bot.players import custom_ids, game_over, said

pytestmark = pytest.mark.timeout(120)

# Sealed bids the scripted users make: odd amounts no price, rent, card or fee of the board has, so that one
# seen in a message is that bid (cash is told in thousands: "$2,113" does not contain "$113").
BIDS = (113, 127, 131, 137, 139, 149, 151, 157, 163, 167, 173, 179, 181, 191, 193, 197)
ROUNDS = 10
SUGGESTED = 25  # Discord's most suggestions: every deed (28) fills them


@dataclass
class Audit:
    """Every delivery checked against the live game: while a sealed auction is open, no message to the table or to
    another player names a bid already made (its amount, or the bidder's own "Your sealed bid" line)."""

    tokens: dict[int, str] = field(default_factory=dict)  # user id -> token
    leaks: list[str] = field(default_factory=list)
    while_sealed: int = 0  # messages checked while some sealed bid was hidden

    def check(self, game: Any, msg: OutboxMessage) -> list[str]:
        text = json.dumps(msg.payload, ensure_ascii=False)
        viewer = None if msg.audience == "public" else self.tokens.get(msg.user_id or 0)
        auction = game.state.auction if game is not None else None
        hidden = {p: n for p, n in (auction or {}).get("bids", {}).items() if n} \
            if auction and auction["kind"] == "sealed" else {}
        problems = [f"{p}'s sealed bid ${n}" for p, n in hidden.items() if p != viewer and f"${n:,}" in text]
        if hidden:
            self.while_sealed += 1
        if "Your sealed bid" in text and (viewer is None or viewer not in (auction or {}).get("bids", {})):
            problems.append("a 'Your sealed bid' line")
        if viewer is None and '"my_bid"' in text:
            problems.append("a private view's my_bid")
        return problems


def audit_every_delivery(bot: Any, gid: int, audit: Audit) -> None:
    """Wrap the bot's transport: each message is checked before it reaches Discord; a leak is kept and the
    message held back (the dispatcher would only retry a failing send)."""
    svc, send = bot.service, bot.transport.send

    async def audited(msg: OutboxMessage) -> str:
        table = svc._tables.get(gid)  # the live game: the raw state the message is checked against
        if table is not None and not audit.tokens:
            audit.tokens.update({s.user_id: s.house for s in table.seats})
        problems = audit.check(table.game if table is not None else None, msg)
        if problems:
            audit.leaks.append(f"{msg.kind} to {msg.user_id or 'the public'}: {problems}")
            raise PermanentError("leak")
        return await send(msg)

    bot.transport.send = audited


def parts(message: discord.Message) -> list[Any]:
    return [c for row in message.components for c in getattr(row, "children", [row]) if c.custom_id]


@dataclass
class Seat:
    """A scripted user: answers each new prompt in their DMs once, like a person."""

    member: Any
    rng: Rng
    done: set[int] = field(default_factory=set)
    bids: list[int] = field(default_factory=list)  # the sealed bids made
    replies: list[str] = field(default_factory=list)  # what the bot answered each click, form or text
    ways: dict[str, int] = field(default_factory=dict)  # how prompts were answered: button, form, text

    def prompts(self) -> list[discord.Message]:
        return [m for m in self.member.user.dm_channel.history()
                if m.author.bot and m.components and m.id not in self.done]

    def open_turn(self) -> bool:
        """Whether this user's "your turn" prompt is the newest one waiting (their throw comes next)."""
        waiting = self.prompts()
        return bool(waiting) and "your turn**" in waiting[-1].content.split("\n")[0]

    async def act(self) -> int:
        acted = 0
        for message in self.prompts():
            self.done.add(message.id)
            await self.answer(message)
            acted += 1
        return acted

    async def answer(self, message: discord.Message) -> None:
        user, title = self.member.user, message.content.split("\n")[0]
        ids = custom_ids(message)
        if any(i.startswith("mono:b:") for i in ids):  # a sealed bid: the form one time, DM text the next
            amount = self.rng.choice(BIDS) if self.rng.below(4) else 0
            self.bids.append(amount)
            if len(self.bids) % 2:
                form = await user.click(message, custom_id=next(i for i in ids if i.startswith("mono:b:")))
                self.tally("form", await user.submit_modal(form, {"amount": str(amount)}))
            else:
                await self.text(str(amount))
            return
        if "offer #" in title:  # a trade offered: accepted with the prompt's own button
            self.tally("button", await user.click(message, label="Accept"))
            return
        menus = [p for p in parts(message) if getattr(p, "options", None)]
        if menus:  # three of a kind: any space from the two menus
            menu = menus[self.rng.below(len(menus))]
            value = menu.options[self.rng.below(len(menu.options))].value
            self.tally("button", await user.select(message, [value], custom_id=menu.custom_id))
            return
        options = [i for i in ids if i.startswith("agot:c:")]
        if options and self.rng.below(5) == 0:  # an option's number, written in the DM
            await self.text(str(1 + self.rng.below(len(options))))
        elif options:
            self.tally("button", await user.click(message, custom_id=options[self.rng.below(len(options))]))
        else:
            self.tally("button", await user.click(message, custom_id=next(i for i in ids if i.startswith("agot:d:"))))

    async def text(self, words: str) -> None:
        sent = await self.member.user.send_dm(words)
        self.ways["text"] = self.ways.get("text", 0) + 1
        self.replies += [m.content for m in self.member.user.dm_channel.history()  # the reply, maybe new prompts
                         if m.author.bot and m.id > sent.id and m.content and not m.components]

    def tally(self, way: str, result: Any) -> None:
        self.ways[way] = self.ways.get(way, 0) + 1
        self.replies += said(result)


async def start(env: Any) -> tuple[Any, Any, list[Seat]]:
    guild = env.create_guild()
    channel = guild.create_text_channel("monopoly")
    members = [guild.add_member(env.create_user(f"p{i}")) for i in range(3)]
    r = await members[0].slash(channel, "game create", game="monopoly", players=3, settings=f"rounds {ROUNDS}")
    assert "Monopoly, 3 players" in r.response.content and f"{ROUNDS} rounds" in r.response.content, r.response.content
    for m in members[1:]:
        await m.slash(channel, "game join")
    return channel, members, [Seat(m, Rng(i + 3)) for i, m in enumerate(members)]


def tokens_of(thread: Any) -> dict[int, str]:
    """Each user's token, as the start post tells the table ("<@id> Dog, <@id> Top Hat ...")."""
    begins = next(m.content for m in thread.history() if "begins.**" in (m.content or ""))
    return {int(i): name for i, name in re.findall(r"<@(\d+)> ([A-Z][a-z]+(?: [A-Z][a-z]+)?)", begins)}


@pytest.mark.asyncio
async def test_a_whole_short_game_through_discord_with_a_mortgage_a_trade_and_no_sealed_bid_leaked(world):
    env, _ = world
    channel, members, seats = await start(env)
    audit = Audit()
    audit_every_delivery(env.bot, 1, audit)
    await members[0].slash(channel, "game start")
    await env.settle()
    thread = channel.threads[-1]
    names = tokens_of(thread)
    mortgaged: str | None = None
    owner = ""
    trade: list[str] = []
    for _ in range(2000):
        if game_over(thread):
            break
        turn = next((s for s in seats if s.open_turn()), None)
        if turn is not None and mortgaged is None:  # a deed of one's own, from the command's suggestions
            offered = await turn.member.autocomplete(thread, "monopoly mortgage", "space", "")
            assert len(offered) < SUGGESTED  # only the user's own deeds (none: nothing suggested)
            if offered:
                mortgaged, owner = offered[0]["name"], names[turn.member.user.id]
                r = await turn.member.slash(thread, "monopoly mortgage", space=offered[0]["value"])
                assert r.ephemeral and said(r) and not [line for line in said(r) if line.startswith("❌")], said(r)
        if turn is not None and not trade and mortgaged is not None and names[turn.member.user.id] == owner:
            other = seats[(seats.index(turn) + 1) % len(seats)]  # the mortgaged deed offered for $50
            r = await turn.member.slash(thread, "monopoly trade", to=names[other.member.user.id], give=mortgaged,
                                        take="$50")
            assert said(r) and not [line for line in said(r) if line.startswith("❌")], said(r)
            trade = [names[turn.member.user.id], names[other.member.user.id]]
            assert await other.act() == 1  # the offer's prompt, answered at once (its window is open)
        acted = sum([await s.act() for s in seats])
        assert not audit.leaks, audit.leaks[:3]
        if not acted:
            await env.settle()
            if not sum([await s.act() for s in seats]):
                await env.advance_time(13 * 3600)  # nothing to answer: a deadline plays the default
    assert game_over(thread), [m.content for m in thread.history()[-5:]]
    history = thread.history()
    feed = "\n".join(m.content or "" for m in history)
    standings = next(m.content for m in history if (m.content or "").startswith("🏆"))
    assert re.search(rf"(won|shared the win) in round {ROUNDS}: round {ROUNDS} was the last; the richest player wins",
                     standings), standings
    assert all(f"{place}. " in standings for place in (1, 2, 3))
    assert mortgaged and trade, "no deed was mortgaged and offered"
    assert f"{owner} mortgages {mortgaged} (+$" in feed, mortgaged
    assert f"{trade[1]} accepts offer #1: {trade[0]} gives {mortgaged} for $50." in feed, trade
    assert not [r for s in seats for r in s.replies if r.startswith("❌")]
    ways = {w: sum(s.ways.get(w, 0) for s in seats) for w in ("button", "form", "text")}
    assert all(ways.values()), ways  # buttons, the bid form and DM text all played their part
    # the audit saw sealed bids hidden and could have caught one: each bidder was told their own bid in the answer's
    # reply (never by the outbox), and the reveal then shows the amounts the users bid to everyone
    told = [int(n.replace(",", "")) for s in seats for r in s.replies
            for n in re.findall(r"Your sealed bid for [^:]+: \$([\d,]+)\.", r)]
    assert sorted(told) == sorted(n for s in seats for n in s.bids) and len(told) >= 6, told
    bid = {n for s in seats for n in s.bids if n}
    assert audit.while_sealed and any(f"${n}" in feed for n in bid), bid
    print(f"\n{sum(len(s.done) for s in seats)} prompts answered {ways}; {len(bid)} sealed bids; "
          f"{audit.while_sealed} messages checked while a bid was sealed")


def test_the_audit_catches_a_sealed_bid_told_before_the_reveal() -> None:
    """The audit above can fail: a bid already made, named to the table or to another player while the auction is
    sealed, is a leak; told to its bidder, or once the auction is over, it is not."""
    audit = Audit(tokens={1: "car", 2: "dog"})
    sealed = SimpleNamespace(state=SimpleNamespace(auction={"kind": "sealed", "bids": {"car": 149, "dog": 0}}))
    over = SimpleNamespace(state=SimpleNamespace(auction=None))

    def msg(user: int | None, line: str) -> OutboxMessage:
        return OutboxMessage(id=1, game_id=1, audience="public" if user is None else "player", user_id=user,
                             kind="post", payload={"lines": [line]}, key="k")

    assert audit.check(sealed, msg(None, "Car bids $149 for Baltic Avenue.")) == ["car's sealed bid $149"]
    assert audit.check(sealed, msg(2, "Car bids $149.")) == ["car's sealed bid $149"]
    assert audit.check(sealed, msg(None, "Your sealed bid for Baltic Avenue: $0.")) == ["a 'Your sealed bid' line"]
    assert audit.check(sealed, msg(1, "Your sealed bid for Baltic Avenue: $149.")) == []
    assert audit.check(over, msg(None, "Auction of Baltic Avenue: Car $149, Dog no bid.")) == []
    assert audit.check(sealed, msg(None, "Car has $2,149 in cash.")) == [] and audit.while_sealed == 5
