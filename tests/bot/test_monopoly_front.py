"""Monopoly's front (bot/games/monopoly/front.py): words read as the engine's answers for every kind of question
(checked by submitting them to a real game), spaces by name with did-you-mean, one-line refusals, titles and
seats, the settings form, help pages within one message, the board's facts, and its own prompt components within
Discord's limits."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from bot.frontend import text
from bot.frontend.components import DYNAMIC_ITEMS
from bot.frontend.components import prompt_view as any_prompt_view
from bot.games.front import Front, Refused
from bot.games.fronts import FRONTS, front
from bot.games.monopoly import help, lookup, prompts
from bot.games.monopoly.front import FRONT
from engine.monopoly.agent import RandomAgent
from engine.monopoly.board import board
from engine.monopoly.game import Game
from engine.monopoly.rules import MONOPOLY

MF: Front = FRONT
VERB = {"build": "build", "sell_building": "sell house", "mortgage": "mortgage", "lift": "lift"}


def test_the_front_is_registered_under_monopoly():
    assert FRONTS["monopoly"] == "bot.games.monopoly.front"
    assert front("monopoly") is FRONT and FRONT.name == "monopoly" and FRONT.title == "Monopoly"
    assert FRONT.stage == "round" and FRONT.private_team({}, ["car", "dog"]) is None


def space_words(space: int) -> str:
    """A space as a player writes it: its name, or its number where several spaces share the name."""
    name = board().name(space)
    return name if sum(s.name == name for s in board().spaces) == 1 else str(space)


def words_for(decision: dict[str, Any], value: Any) -> str:
    """An answer as a player writes it in a DM."""
    kind = decision["kind"]
    if isinstance(value, dict):
        (key, arg), = value.items()
        return f"{VERB[key]} {board().name(arg)}"
    if kind in ("bid", "open_bid"):
        return f"${value:,}" if value else "pass"
    if kind == "triples":
        return space_words(value)
    if kind == "income_tax":
        return {"flat": "200", "percent": "10%"}[value]
    return str(value).upper() if isinstance(value, str) else str(value)


def play_from_words(game: Game, seed: int, wanted: set[str], limit: int = 3000) -> set[str]:
    """The random agent plays, every answer written as words and read back by the front; the engine takes each."""
    agent, seen = RandomAgent(seed), set()
    for _ in range(limit):
        if game.over or wanted <= seen:
            break
        d = game.open_decisions()[0].to_dict()
        value = agent.answer(game.view(d["player"]), d)
        words = words_for(d, value)
        read = MF.text_answer(d, words)
        assert read == value, (d["kind"], words, read, value)
        try:
            game.submit(d["player"], d["id"], read)
        except Exception:  # noqa: BLE001 - the agent's own answer is refused too (a bid out of reach): the default
            game.submit(d["player"], d["id"], d["default"])
        seen.add(d["kind"])
    return seen


def test_every_kind_of_question_is_answered_by_words_the_engine_takes():
    kinds = {"turn", "buy", "bid", "jail", "income_tax", "bus", "triples", "raise_funds", "lift_now"}
    assert play_from_words(MONOPOLY.new(3, {}, seed=2), 2, kinds) >= kinds
    assert "open_bid" in play_from_words(MONOPOLY.new(3, {"auction": "open"}, seed=1), 1, {"open_bid"})


def test_options_by_their_words():
    buy = {"kind": "buy", "options": ["buy", "auction"]}
    assert [MF.text_answer(buy, w) for w in ("buy", "Yes", "BUY IT", "auction", "no")] == ["buy", "buy", "buy",
                                                                                        "auction", "auction"]
    jail = {"kind": "jail", "options": ["roll", "pay", "card"]}
    assert [MF.text_answer(jail, w) for w in ("roll", "pay the fine", "jail card")] == ["roll", "pay", "card"]
    tax = {"kind": "income_tax", "options": ["flat", "percent"]}
    assert [MF.text_answer(tax, w) for w in ("flat", "$200", "10%", "percent")] == ["flat", "flat", "percent",
                                                                                   "percent"]
    bus = {"kind": "bus", "options": [2, 5, 7]}
    assert [MF.text_answer(bus, w) for w in ("5", "both", "2")] == [5, 7, 2]
    reply = {"kind": "trade_reply", "options": ["accept", "decline"]}
    assert [MF.text_answer(reply, w) for w in ("accept", "yes", "no", "decline")] == ["accept", "accept", "decline",
                                                                                     "decline"]
    assert MF.text_answer(reply, "Accept and lift Baltic, Reading") == {"accept": {"lift": [3, 5]}}
    lift_now = {"kind": "lift_now", "options": ["keep", "lift"]}
    assert [MF.text_answer(lift_now, w) for w in ("lift", "keep", "yes")] == ["lift", "keep", "lift"]
    place = {"kind": "place_building", "options": [37, 39]}
    assert [MF.text_answer(place, w) for w in ("Boardwalk", "37")] == [39, 37]
    with pytest.raises(Refused, match="Reading Railroad cannot take it now: write Park Place or Boardwalk"):
        MF.text_answer(place, "Reading")
    for kind in ("bid", "open_bid"):
        assert [MF.text_answer({"kind": kind, "options": None}, w) for w in ("120", "$1,200", "pass", "0")] == [
            120, 1200, 0, 0]


def test_spaces_by_name_short_forms_and_did_you_mean():
    triples = {"kind": "triples", "options": list(range(40))}
    for words, space in [("Boardwalk", 39), ("boardwalk", 39), ("B&O", 25), ("b. & o. rr", 25), ("Reading", 5),
                         ("st charles", 11), ("Saint James Place", 16), ("Illinois Ave", 24), ("marvin", 29),
                         ("jail", 10), ("GO", 0), ("Free Parking", 20), ("36", 36), ("#12", 12)]:
        assert MF.text_answer(triples, words) == space, words
    for words, reason in [("boardwlk", "there is no space 'boardwlk': did you mean Boardwalk?"),
                          ("Ventnr Avenue", "did you mean Ventnor Avenue?"),
                          ("pennsylvania", "write Pennsylvania Railroad (15) or Pennsylvania Avenue (34)"),
                          ("chance", "there are 3 Chance spaces: write the number of one, 7 or 22 or 36"),
                          ("40", "there is no space 40"), ("xyzzy", "write a space's name, like Boardwalk")]:
        with pytest.raises(Refused, match=re.escape(reason)):
            MF.text_answer(triples, words)


def test_the_standing_actions_by_their_words():
    turn = {"kind": "turn", "options": ["roll"]}
    assert [MF.text_answer(turn, w) for w in ("build Boardwalk", "sell house Park Place", "sell hotel on boardwalk",
                                              "mortgage Reading Railroad", "lift Baltic", "unmortgage B&O",
                                              "withdraw #3")] == [
        {"build": 39}, {"sell_building": 37}, {"sell_building": 39}, {"mortgage": 5}, {"lift": 3}, {"lift": 25},
        {"withdraw": "3"}]
    assert MF.text_answer(turn, "offer top hat give $200, Boardwalk take Park Place, 2 jail cards") == {"offer": {
        "to": "hat", "give": {"cash": 200, "spaces": [39], "jail_cards": 0},
        "take": {"cash": 0, "spaces": [37], "jail_cards": 2}}}
    assert MF.text_answer({"kind": "lift_now", "options": ["keep", "lift"]}, "lift Baltic") == {"lift": 3}
    with pytest.raises(Refused, match="build what\\? write `build` and a deed"):
        MF.text_answer(turn, "build")
    with pytest.raises(Refused, match="Chance is no deed|there is no deed"):
        MF.text_answer(turn, "mortgage Chance")
    with pytest.raises(Refused, match="did you mean Boardwalk"):
        MF.text_answer(turn, "build boardwlk")


def test_a_trade_offered_countered_and_accepted_in_words():
    game = MONOPOLY.new(2, {}, seed=1)
    game.state.owner["39"] = "car"
    game.state.owner["5"] = "dog"
    turn = game.open_decisions()[0].to_dict()
    offer = MF.text_answer(turn, "offer Dog give Boardwalk take $300")
    game.submit("car", "manage:car", offer)
    reply = next(d.to_dict() for d in game.open_decisions() if d.kind == "trade_reply")
    assert reply["player"] == "dog" and MF.title_of(reply) == "🐕 Dog: offer #1 from Car"
    counter = MF.text_answer(reply, "counter give $250, Reading take Boardwalk")
    assert counter == {"counter": {"give": {"cash": 250, "spaces": [5], "jail_cards": 0},
                                   "take": {"cash": 0, "spaces": [39], "jail_cards": 0}}}
    game.submit("dog", reply["id"], counter)
    back = next(d.to_dict() for d in game.open_decisions() if d.kind == "trade_reply")
    assert back["player"] == "car"
    game.state.mortgaged.append(5)  # Reading mortgaged meanwhile: lifted at once for the mortgage alone
    cash = game.state.cash["car"]
    game.submit("car", back["id"], MF.text_answer(back, "Accept and lift Reading"))
    assert game.state.owner_of(39) == "dog" and game.state.owner_of(5) == "car" and 5 not in game.state.mortgaged
    assert game.state.cash["car"] == cash + 250 - 10 - 100  # the cash, less the interest and the mortgage


def test_bad_words_are_refused_in_one_line_saying_what_to_write():
    cases = [({"kind": "buy", "options": ["buy", "auction"]}, "roll", "'roll' is not a choice here: write buy or "
              "auction, or `build`"),
             ({"kind": "bid", "options": None}, "lots", "'lots' is no amount: write whole dollars, like 120"),
             ({"kind": "turn", "options": ["roll"]}, "offer cat give $5 take Reading", "'cat' is no player"),
             ({"kind": "turn", "options": ["roll"]}, "offer dog", "say what changes hands: write `offer"),
             ({"kind": "turn", "options": ["roll"]}, "offer dog give nothing", "an offer must give or take"),
             ({"kind": "turn", "options": ["roll"]}, "offer dog give boardwlk", "did you mean Boardwalk?; in a "
              "trade, write dollars"),
             ({"kind": "manage", "options": None}, "dance", "write `build`, `sell`, `mortgage` or `lift`"),
             ({"kind": "trade_reply", "options": ["accept", "decline"]}, "counter dog give $5", "goes back to")]
    for decision, words, reason in cases:
        with pytest.raises(Refused) as refused:
            MF.text_answer(decision, words)
        assert reason in str(refused.value) and "\n" not in str(refused.value), (words, str(refused.value))


def test_titles_name_the_token_and_what_it_answers():
    assert MF.title_of({"kind": "turn", "player": "hat"}) == "🎩 Top Hat: your turn"
    assert MF.title_of({"kind": "buy", "player": "ship", "info": {"space": 39}}) == "🚢 Battleship: buy Boardwalk?"
    assert MF.title_of({"kind": "bid", "player": "car", "info": {"lot": {"space": 37}}}) == \
        "🚗 Car: sealed bid for Park Place"
    assert MF.title_of({"kind": "open_bid", "player": "boot", "info": {"lot": {"building": "hotel"}}}) == \
        "👢 Boot: bid for the bank's last hotel"
    assert MF.title_of({"kind": "triples", "player": "dog"}) == "🐕 Dog: three of a kind: any space"
    assert MF.title_of({"kind": "raise_funds", "player": "iron", "info": {"owed": 250, "to": "car"}}) == \
        "♨️ Iron: raise the $250 owed to Car"
    assert MF.title_of({"kind": "raise_funds", "player": "iron", "info": {"owed": 1200, "to": None}}) == \
        "♨️ Iron: raise the $1,200 owed to the bank"
    assert MF.topic_of({"kind": "bus"}) == "speed" and MF.topic_of({"kind": "open_bid"}) == "auctions"
    assert all(MF.topic_of({"kind": k}) in MF.topics for k in help.TOPIC_OF)


def test_seats_by_token_in_any_case():
    assert [MF.seat_id(w) for w in ("top hat", "hat", "TOP HAT", "Battleship", "ship", "the Car", "Wheelbarrow",
                                    "barrow", "cat", "")] == ["hat", "hat", "hat", "ship", "ship", "car",
                                                              "wheelbarrow", "wheelbarrow", None, None]
    assert [MF.seat_name(s) for s in ("hat", "ship", "iron")] == ["Top Hat", "Battleship", "Iron"]


def test_the_settings_form_reads_completes_and_says_back():
    assert MF.settings("", 3) == MONOPOLY.default_settings()
    table = MF.settings("speed die off, auction open, rounds 30", 4)
    assert table == {"speed_die": False, "auction": "open", "rounds": 30}
    assert MF.settings("Speed_Die:OFF auction=open rounds:30", 4) == table
    assert MF.settings("no speed die, open", 2) == {"speed_die": False, "auction": "open", "rounds": 0}
    assert MF.settings("rounds off seats:chosen", 2) == {**MONOPOLY.default_settings(), "houses": "choose"}
    assert MF.settings_words(table) == ", no Speed Die, open auctions, 30 rounds, then the richest wins"
    assert MF.settings_words(MONOPOLY.default_settings()) == ", Speed Die on, sealed auctions, to the last bankruptcy"
    for words, reason, players in [("tides", "'tides' is not a Monopoly setting: write speed die on|off", 3),
                                   ("rounds 5", "a whole number from 10 to 200", 3),
                                   ("auction maybe", "auctions are sealed (bids by DM", 3),
                                   ("speed die maybe", "the Speed Die is on or off", 3),
                                   ("rounds 30 rounds 40", "'rounds' is given twice", 3),
                                   ("", "Monopoly takes 2 to 8 players", 9)]:
        with pytest.raises(Refused, match=re.escape(reason)):
            MF.settings(words, players)
    suggested = MF.settings_choices("speed die off, au")
    assert suggested == ["speed die off, auction open", "speed die off, auction sealed"]
    for words in MF.settings_choices("") + suggested:  # every suggestion reads
        MF.settings(words, 3)
    assert MF.settings_choices("nonsense, ") == []


def test_help_pages_fit_one_message_and_say_how_to_answer_a_bid():
    assert list(MF.topics)[0] == "overview"
    assert {"turn", "auctions", "building", "trades", "jail", "speed", "settings"} <= set(MF.topics)
    for title, body in MF.topics.values():
        assert len(f"📖 **{title}**\n{body}") <= 2000
    how = MF.answer_help({"kind": "bid", "options": None, "default": 0, "info": {"most": 740}})
    assert "`120`" in how and "at most $740" in how and "Default (played if you do not answer): `0`" in how
    how = MF.answer_help({"kind": "open_bid", "options": None, "default": 0, "info": {"high": {"amount": 60}}})
    assert "above the high bid of $60" in how


def test_the_board_has_its_caption_and_each_players_cash_beside_it():
    game = MONOPOLY.new(3, {}, seed=2)
    play_from_words(game, 2, {"buy"})
    image = MF.board(game.view(None))
    assert image.png.startswith(b"\x89PNG")
    assert re.fullmatch(r"round \d+ · (Car|Dog|Top Hat)'s turn", image.caption), image.caption
    players = dict(image.fields)["Players"].splitlines()
    assert len(players) == 3 and all(f"${game.state.cash[p]:,}" in line for p, line in zip(game.state.players,
                                                                                          players))
    assert MF.board(MONOPOLY.new(2, {}, seed=1).view(None)).caption.startswith("round 1")
    assert "Only you" not in MF.private_caption(game.view(None)) and "🔒" in MF.private_caption(game.view("car"))


def test_a_deed_is_looked_up_with_its_holder():
    game = MONOPOLY.new(2, {}, seed=1)
    game.state.owner["39"] = "dog"
    game.state.mortgaged.append(39)
    text = lookup.deed_text("boardwalk", game.view(None))
    assert text.startswith("**Boardwalk** (dark blue street, space 39) · price $400 · mortgage $200 (lifted for "
                           "$220) · $200 a house or hotel")
    assert "1 house $200" in text and "a hotel $2,000" in text and text.endswith("Now: 🐕 Dog's (mortgaged).")
    assert lookup.deed_text("Reading").endswith("1 $25 · 2 $50 · 3 $100 · 4 $200")
    with pytest.raises(Refused, match="Chance is no deed|there is no deed"):
        lookup.deed_text("chance")
    game.state.owner["37"] = "dog"
    view = game.view(None)
    assert lookup.own_deeds(view, "dog", "lift") == [39] and lookup.own_deeds(view, "dog", "mortgage") == [37]
    assert lookup.own_deeds(view, "dog", "build") == [37, 39] and lookup.own_deeds(view, "car", "build") == []


# --- the components ------------------------------------------------------------------------------------------------

def parts(view: discord.ui.View) -> list[Any]:
    return [getattr(child, "item", child) for child in view.children]


def limits(view: discord.ui.View) -> None:
    rows = view.to_components()
    assert 1 <= len(rows) <= 5 and all(len(row["components"]) <= 5 for row in rows)
    for item in parts(view):
        assert len(item.custom_id or "") <= 100
        if isinstance(item, discord.ui.Select):
            assert 1 <= len(item.options) <= 25 and len(item.placeholder or "") <= 150
            assert all(len(o.label) <= 100 and len(o.description or "") <= 100 for o in item.options)
        else:
            assert len(item.label or "") <= 80


@pytest.mark.asyncio
async def test_three_of_a_kind_is_two_menus_of_the_forty_spaces():
    decision = {"id": "7", "kind": "triples", "player": "car", "options": list(range(40)), "default": 12,
                "info": {"position": 8}}
    view = MF.prompt_view(1, decision)
    assert view is not None
    limits(view)
    menus = [p for p in parts(view) if isinstance(p, discord.ui.Select)]
    assert [m.custom_id for m in menus] == ["mono:t:1:7:0", "mono:t:1:7:1"]
    values = [int(o.value) for m in menus for o in m.options]
    assert values == list(range(40))
    walk = next(o for o in menus[1].options if o.value == "39")
    assert walk.label == "39 Boardwalk" and walk.description == "street, dark blue, $400 · 31 ahead"
    assert "the default" in next(o for o in menus[0].options if o.value == "12").description
    assert [p.custom_id for p in parts(view)][-1] == "agot:d:1:7"


@pytest.mark.asyncio
async def test_a_bid_is_written_in_a_form_or_raised_by_a_button():
    sealed = MF.prompt_view(3, {"id": "9", "kind": "bid", "player": "car", "options": None, "default": 0,
                                "info": {"most": 900}})
    assert sealed is not None
    limits(sealed)
    assert [p.custom_id for p in parts(sealed)] == ["mono:b:3:9", "agot:d:3:9"]
    high = {"id": "9", "kind": "open_bid", "player": "car", "options": None, "default": 0,
            "info": {"most": 120, "high": {"player": "dog", "amount": 60}}}
    view = MF.prompt_view(3, high)
    assert view is not None
    limits(view)
    assert [p.label for p in parts(view)] == ["Bid…", "Bid $70", "Bid $110", "Use the default"]  # +$100: too much
    modal = prompts.BidModal(3, "9")
    assert modal.custom_id == "mono:m:3:9" and len(modal.title) <= 45 and len(modal.children) == 1
    assert prompts.high_bid(high) == 60 and prompts.high_bid({"info": {"high": None}}) == 0


@pytest.mark.asyncio
async def test_every_prompt_of_whole_games_keeps_to_discords_limits():
    """Each question's prompt: the generic buttons or menus for the option questions, Monopoly's own for a bid and
    three of a kind; within a message's components and characters."""
    seen: set[str] = set()
    for settings, seed in (({}, 2), ({"auction": "open"}, 1)):
        game, agent = MONOPOLY.new(4, settings, seed=seed), RandomAgent(seed)
        for _ in range(2500):
            if game.over:
                break
            d = game.open_decisions()[0].to_dict()
            own = MF.prompt_view(1, d)
            assert (own is not None) == (d["kind"] in ("bid", "open_bid", "triples")), d["kind"]
            view = any_prompt_view(MF, 1, d)
            assert view is not None
            limits(view)
            assert len(text.prompt_text(MF, 1, d, None)) <= 2000
            seen.add(d["kind"])
            try:
                game.submit(d["player"], d["id"], agent.answer(game.view(d["player"]), d))
            except Exception:  # noqa: BLE001 - the agent's answer refused (a bid out of reach): the default
                game.submit(d["player"], d["id"], d["default"])
    assert {"turn", "buy", "bid", "open_bid", "triples", "bus", "jail", "raise_funds"} <= seen, seen


@pytest.mark.asyncio
async def test_each_component_is_found_again_by_its_own_template_alone():
    made = [prompts.SpaceSelect(12, "34", 1, 5), prompts.BidButton(12, "34"), prompts.RaiseButton(12, "34", 50, 110)]
    assert {type(m) for m in made} == set(MF.items)
    for item in made:
        cid = item.item.custom_id
        assert cid and len(cid) <= 100
        owners = [kind for kind in (*MF.items, *DYNAMIC_ITEMS) if kind.__discord_ui_compiled_template__.fullmatch(cid)]
        assert owners == [type(item)], cid
