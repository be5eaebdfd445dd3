"""``/monopoly`` (bot/games/monopoly/commands.py): each standing action is the asker's ``manage:<token>`` answer,
read from words and submitted through the service (here a stand-in over a real engine game), its reply said to
the asker alone; bad words are refused in one line before anything is submitted; the deed look-up, the panel and
the suggestions of one's own deeds."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from bot.frontend.common import Refusal
from bot.games.monopoly.commands import MonopolyCommands, offer_answer, standing_answer
from bot.service import GameInfo, Reply, Seat
from engine.core import EngineError
from engine.monopoly.game import Game
from engine.monopoly.rules import MONOPOLY

ANN, BOB, EVE = 11, 12, 13


class Service:
    """The table service's calls the commands make, over one real game: answers are submitted to the engine."""

    def __init__(self, game: Game, name: str = "monopoly", status: str = "running") -> None:
        self.engine = game
        self.info = GameInfo(id=1, guild_id=7, channel_id=5, status=status, players=2, settings={}, creator_id=ANN,
                             seats=[Seat(ANN, "ann", "car"), Seat(BOB, "bob", "dog")], round=1, phase="Car",
                             game=name)
        self.calls: list[tuple[int, int, str, Any]] = []

    async def game(self, game_id: int) -> GameInfo:
        return self.info

    async def games_in_channel(self, channel_id: int) -> list[GameInfo]:
        return [self.info] if channel_id == self.info.channel_id else []

    async def view(self, game_id: int, user_id: int | None = None) -> dict[str, Any]:
        return self.engine.view(None)

    async def answer(self, game_id: int, user_id: int, decision_id: str, answer: Any) -> Reply:
        self.calls.append((game_id, user_id, decision_id, answer))
        seat = self.info.seat_of(user_id)
        assert seat is not None and seat.house is not None
        try:
            self.engine.submit(seat.house, decision_id, answer)
        except EngineError as exc:
            return Reply("refused", str(exc))
        return Reply("accepted", "your answer is recorded.")


class Said:
    """An interaction's response and followups: what the asker was told."""

    def __init__(self) -> None:
        self.lines: list[tuple[str, dict[str, Any]]] = []
        self.done = False

    def is_done(self) -> bool:
        return self.done

    async def defer(self, **kwargs: Any) -> None:
        self.done = True

    async def send_message(self, content: str = "", **kwargs: Any) -> None:
        self.done = True
        self.lines.append((content, kwargs))

    async def send(self, content: str = "", **kwargs: Any) -> None:
        self.lines.append((content, kwargs))


def asked_by(service: Service, user: int = ANN) -> Any:
    said = Said()
    return SimpleNamespace(client=SimpleNamespace(service=service), user=SimpleNamespace(id=user), guild=object(),
                           channel_id=5, channel=None, response=said, followup=said,
                           namespace=SimpleNamespace(game=None))


def with_dark_blues() -> Game:
    """Car holds Park Place and Boardwalk, Dog holds Reading Railroad; Car's turn question is open."""
    game = MONOPOLY.new(2, {}, seed=1)
    s = game.state
    s.owner.update({"37": "car", "39": "car", "5": "dog"})
    s.turn = "car"
    s.asks = {}
    game.ask("turn", "car")
    return game


async def run(command: str, service: Service, user: int = ANN, **options: Any) -> Any:
    group = MonopolyCommands()
    interaction = asked_by(service, user)
    await group.get_command(command).callback(group, interaction, **options)  # type: ignore[union-attr]
    return interaction.response.lines


@pytest.mark.asyncio
async def test_build_sell_mortgage_and_lift_are_the_askers_manage_answers():
    service = Service(with_dark_blues())
    said = await run("build", service, space="boardwalk")
    assert service.calls == [(1, ANN, "manage:car", {"build": 39})]
    assert said[-1][0] == "✅ your answer is recorded." and said[-1][1]["ephemeral"] is True
    assert service.engine.state.buildings(39) == 1
    await run("sell", service, space="Boardwalk")
    await run("mortgage", service, space="park place")
    await run("lift", service, space="Park Place")
    assert [c[3] for c in service.calls[1:]] == [{"sell_building": 39}, {"mortgage": 37}, {"lift": 37}]
    assert service.engine.state.buildings(39) == 0 and 37 not in service.engine.state.mortgaged
    said = await run("build", service, space="Reading")  # the engine's refusal, said back
    assert said[-1][0].startswith("❌ Reading Railroad is no street")


@pytest.mark.asyncio
async def test_a_trade_offered_by_command_waits_for_the_others_reply():
    service = Service(with_dark_blues())
    await run("trade", service, to="dog", give="$150, Park Place", take="Reading")
    assert service.calls[-1][2:] == ("manage:car", {"offer": {
        "to": "dog", "give": {"cash": 150, "spaces": [37], "jail_cards": 0},
        "take": {"cash": 0, "spaces": [5], "jail_cards": 0}}})
    reply = [d for d in service.engine.open_decisions() if d.kind == "trade_reply"]
    assert [d.player for d in reply] == ["dog"]
    await run("withdraw", service, offer=int(service.engine.state.trades[0]["id"]))
    assert service.engine.state.trades == [] and service.calls[-1][3] == {"withdraw": "1"}


@pytest.mark.asyncio
async def test_bad_words_are_refused_in_one_line_and_nothing_is_submitted():
    service = Service(with_dark_blues())
    for command, options, reason in [
            ("build", {"space": "boardwlk"}, "There is no deed 'boardwlk': did you mean Boardwalk?"),
            ("mortgage", {"space": "Chance"}, "Chance"),
            ("trade", {"to": "cat", "give": "$5", "take": "Reading"}, "'cat' is no other player of this game: "
                                                                        "choose Dog."),
            ("trade", {"to": "car", "give": "$5", "take": "Reading"}, "'car' is no other player"),
            ("trade", {"to": "dog", "give": "", "take": ""}, "An offer must give or take something"),
            ("trade", {"to": "dog", "give": "lots", "take": "Reading"}, "There is no deed 'lots'")]:
        with pytest.raises(Refusal) as refused:
            await run(command, service, **options)
        assert reason in str(refused.value) and "\n" not in str(refused.value), str(refused.value)
    with pytest.raises(Refusal, match="You have no seat in game #1"):
        await run("build", service, user=EVE, space="Boardwalk")
    with pytest.raises(Refusal, match="Game #1 is not a game of Monopoly"):
        await run("build", Service(with_dark_blues(), name="whitechapel"), space="Boardwalk")
    with pytest.raises(Refusal, match="Game #1 has not started yet"):
        await run("build", Service(with_dark_blues(), status="lobby"), space="Boardwalk", game=1)
    assert service.calls == []


def test_the_words_of_the_commands():
    assert standing_answer("lift", "B&O") == {"lift": 25}
    assert standing_answer("sell_building", "#39") == {"sell_building": 39}
    assert offer_answer("Top Hat", "2 jail cards", "$10", ["car", "hat"], "car") == {"offer": {
        "to": "hat", "give": {"cash": 0, "spaces": [], "jail_cards": 2},
        "take": {"cash": 10, "spaces": [], "jail_cards": 0}}}
    with pytest.raises(Refusal, match=r"^There is no deed 'parkplce': did you mean Park Place\?$"):
        standing_answer("build", "parkplce")


@pytest.mark.asyncio
async def test_a_deed_and_its_holder_only_to_the_asker():
    service = Service(with_dark_blues())
    said = await run("deed", service, space="Park Place")
    text, sent = said[-1]
    assert text.startswith("**Park Place** (dark blue street, space 37) · price $350") and sent["ephemeral"]
    assert text.endswith("Now: 🚗 Car's.")
    with pytest.raises(Refusal, match="There is no deed 'boardwlk': did you mean Boardwalk?"):
        await run("deed", service, space="boardwlk")


@pytest.mark.asyncio
async def test_the_panel_is_an_image_only_to_the_asker():
    service = Service(with_dark_blues())
    said = await run("panel", service, player="dog")
    text, sent = said[-1]
    assert text == "Game #1 · Dog's panel" and sent["ephemeral"] and sent["file"].filename == "panel-1-dog.png"
    assert sent["file"].fp.read().startswith(b"\x89PNG")
    said = await run("panel", service)
    assert said[-1][0] == "Game #1 · Car's panel"
    with pytest.raises(Refusal, match="'iron' is no player of game #1: choose Car, Dog."):
        await run("panel", service, player="iron")


@pytest.mark.asyncio
async def test_suggestions_are_the_askers_own_deeds_the_action_fits():
    service = Service(with_dark_blues())
    group = MonopolyCommands()
    interaction = asked_by(service)
    assert [c.value for c in await group.build_choices(interaction, "")] == ["Park Place", "Boardwalk"]
    assert [c.value for c in await group.build_choices(interaction, "board")] == ["Boardwalk"]
    assert [c.value for c in await group.mortgage_choices(asked_by(service, BOB), "")] == ["Reading Railroad"]
    assert await group.lift_choices(asked_by(service, BOB), "") == []  # nothing of Bob's is mortgaged: no list
    assert len(await group.any_deed(interaction, "")) == 25 and [c.value for c in await group.any_deed(
        interaction, "b&o")] == ["B. & O. Railroad", "Boardwalk"]


# --- through the real discord.py client and table service (SimCord) ----------------------------------------------

def dm_prompts(member: Any, kind_words: str) -> list[Any]:
    return [m for m in member.user.dm_channel.history() if m.author.bot and m.components
            and kind_words in (m.content or "").split("\n")[0]]


@pytest.mark.asyncio
async def test_a_table_of_monopoly_plays_through_words_buttons_a_bid_form_and_commands(world):
    env, _ = world
    guild = env.create_guild()
    channel = guild.create_text_channel("monopoly")
    users = [guild.add_member(env.create_user(f"p{i}")) for i in range(2)]
    r = await users[0].slash(channel, "game create", game="monopoly", players=2,
                             settings="speed die off, auction open, rounds 30")
    assert "Monopoly, 2 players, no Speed Die, open auctions, 30 rounds, then the richest wins" in \
        r.response.content, r.response.content
    await users[1].slash(channel, "game join")
    await users[0].slash(channel, "game start")
    await env.settle()
    thread = channel.threads[-1]
    service = env.bot.service
    seats = {u: (await service.seat_of(1, u.user.id)).house for u in users}

    r = await users[0].slash(thread, "monopoly deed", space="boardwlk")
    assert r.response.content == "❌ There is no deed 'boardwlk': did you mean Boardwalk?" and r.response.ephemeral
    r = await users[0].slash(thread, "monopoly mortgage", space="Boardwalk")
    assert r.response.content == "❌ Boardwalk is not yours." and r.response.ephemeral
    r = await users[1].slash(thread, "monopoly panel")
    assert r.response.attachments and r.response.content == f"Game #1 · {MONOPOLY.describe(seats[users[1]])}'s panel"

    auctioned = False
    for _ in range(60):
        for u in users:
            for d in await service.pending(1, u.user.id):
                if d["kind"] == "turn":
                    await u.user.send_dm("roll")
                    told = [m.content for m in u.user.dm_channel.history() if m.author.bot]
                    assert any(line.startswith("✅ Game #1") for line in told[-4:]), told[-4:]
                elif d["kind"] == "buy":
                    await u.user.send_dm("auction")
                elif d["kind"] == "open_bid" and not auctioned:
                    await open_auction(env, u, next(x for x in users if x is not u))
                    auctioned = True
                else:
                    await service.answer(1, u.user.id, d["id"], d["default"])
            await env.settle()
        if auctioned:
            break
    assert auctioned


def bid_button(prompt: Any) -> str:
    return next(c.custom_id for row in prompt.components for c in getattr(row, "children", [row])
                if (c.custom_id or "").startswith("mono:b:"))


async def open_auction(env: Any, first: Any, other: Any) -> None:
    """``other`` bids $5 by DM; ``first``'s prompt of before that bid has expired (its Bid… form says so), the new
    one takes $7 by the form: the high bid is ``first``'s $7."""
    old = dm_prompts(first, "bid for")[-1]
    await other.user.send_dm("$5")
    await env.settle()
    stale = await first.user.submit_modal(await first.user.click(old, custom_id=bid_button(old)), {"amount": "9"})
    assert stale.response.content.startswith("⌛ This prompt has expired"), stale.response.content
    new = dm_prompts(first, "bid for")[-1]
    assert new.id != old.id and "Bid $15" in [c.label for row in new.components for c in getattr(row, "children",
                                                                                                  [row])]
    shown = await first.user.click(new, custom_id=bid_button(new))
    assert shown.modal is not None and shown.modal["title"] == "Your bid"
    done = await first.user.submit_modal(shown, {"amount": "$7"})
    assert done.response.content.startswith("✅"), done.response.content
    high = (await env.bot.service.view(1, None))["public"]["auction"]["high"]
    assert high == {"player": (await env.bot.service.seat_of(1, first.user.id)).house, "amount": 7}


@pytest.mark.asyncio
async def test_tokens_are_chosen_by_name_at_a_table_that_lets_players_choose(world):
    env, _ = world
    guild = env.create_guild()
    channel = guild.create_text_channel("monopoly")
    users = [guild.add_member(env.create_user(f"p{i}")) for i in range(3)]
    r = await users[0].slash(channel, "game create", game="monopoly", players=3, settings="seats:chosen",
                             join=False)
    assert "tokens chosen when joining" in r.response.content, r.response.content
    for user, words in zip(users, ("top hat", "DOG", "the Car")):
        await user.slash(channel, "game join", seat=words)
    r = await users[0].slash(channel, "game join", seat="Battleship")  # 3 players: the first three tokens
    assert r.response.content.startswith("❌ 'Battleship' is not a seat of this game: choose Car, Dog, Top Hat"), \
        r.response.content
    await users[0].slash(channel, "game start")
    await env.settle()
    assert [(await env.bot.service.seat_of(1, u.user.id)).house for u in users] == ["hat", "dog", "car"]
