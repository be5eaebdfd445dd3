"""The public feed: one post per step a player wants to read, each fact said once (``bot/service/feed.py``)."""

from __future__ import annotations

import asyncio
import json
import random
import re
import sqlite3
from pathlib import Path
from typing import Any

from bot.demo import counted_game, random_plan, seat_table
from bot.games.agot.feed import AgotFeed, post_lines
from bot.service import OutboxKind, RecordingTransport, TableService, feed
from engine.agot import Game, Settings
from engine.agot.battle import UNIT_NAMES
from engine.agot.board import board
from engine.agot.position import Position

FEED = AgotFeed()

HOUSE_IDS = re.compile(r"\b(stark|lannister|baratheon|greyjoy|tyrell|martell)\b")
UNIT_IDS = re.compile(r"\b(footman|knight|ship|siege[ _]engine)\b")


def ev(kind: str, text: str = "", **data: Any) -> dict[str, Any]:
    return {"kind": kind, "audience": {"kind": "public", "who": None}, "text": text or kind, "data": data}


def test_a_raid_without_target_is_one_fact_and_all_of_a_step_share_one_line() -> None:
    events = [ev("forced_choice", "Baratheon's Raid in Dragonstone has no target: it is removed without effect.",
                 forced=True, house="baratheon", decision="raid", choice={"area": "dragonstone", "target": None}),
              ev("raid", "Baratheon removes its Raid in Dragonstone without effect.", house="baratheon",
                 area="dragonstone", target=None),
              ev("raid", "Stark removes its Raid in Winterfell without effect.", house="stark", area="winterfell",
                 target=None),
              ev("raid", "Baratheon removes its Raid in Kingswood without effect.", house="baratheon",
                 area="kingswood", target=None)]
    assert post_lines(events) == ["Raids without a target, removed: Baratheon (Dragonstone, Kingswood); "
                                  "Stark (Winterfell)."]


def test_a_vassal_raid_support_without_target_is_said_once_as_a_kept_support() -> None:  # MP5
    pos = Position(Game.new(5, seed=3, settings=Settings(setup="8", vassals=("martell", "arryn", "targaryen"))))
    pos.clear().put("the-mountains-of-the-moon", "arryn", "footman", order="VRS+1")
    pos.put("winterfell", "stark", "footman", order="Ra")
    events = [e.to_dict() for e in pos.run("raids") if e.audience.kind == "public"]
    assert post_lines(events) == [
        "Arryn's Raid/Support in The Mountains of the Moon has no target: it stays as a Support order.",
        "Raids without a target, removed: Stark (Winterfell)."]


def test_forced_consolidations_are_one_line_and_other_forced_choices_one_summary() -> None:
    events = [ev("forced_choice", "Baratheon had only one choice (consolidate): area Shipbreaker Bay, muster no.",
                 forced=True, house="baratheon", decision="consolidate", choice={}),
              ev("consolidate", "...", house="baratheon", area="shipbreaker-bay", gained=0),
              ev("forced_choice", "Lannister had only one choice (consolidate): area Lannisport, muster no.",
                 forced=True, house="lannister", decision="consolidate", choice={}),
              ev("consolidate", "...", house="lannister", area="lannisport", gained=1),
              ev("forced_choice", "Stark had only one choice (casualties): ship.", forced=True, house="stark",
                 decision="casualties", choice=["ship"]),
              ev("casualties", "Stark loses Ship in Bay of Ice.", house="stark", units=["ship"], area="bay-of-ice",
                 reason="casualty")]
    lines = post_lines(events)
    assert lines == ["Consolidate Power: Baratheon +0 in Shipbreaker Bay; Lannister +1 in Lannisport.",
                     "Stark loses Ship in Bay of Ice.",
                     "Only one possible answer, played by the rules: Stark (casualties)."]
    assert not any("only one choice" in line for line in lines)


def test_a_combat_says_each_card_once_and_its_result_term_by_term() -> None:
    parts = {"greyjoy": {"units": 1, "order": 0, "support": 0, "garrison": 0, "card": 1, "blade": 1, "tides": 0,
                         "total": 3},
             "lannister": {"units": 2, "order": -1, "support": 1, "garrison": 0, "card": 0, "blade": 0, "tides": 0,
                           "total": 2}}
    events = [ev("combat", "Greyjoy attacks Lannister in The Golden Sound from Ironman's Bay with Ship.",
                 area="the-golden-sound", attacker="greyjoy", defender="lannister", source="ironmans-bay"),
              ev("combat_strength", "Initial strength: Lannister 2, Greyjoy 1.", parts=parts, strength={}),
              ev("house_card_chosen", "Greyjoy has chosen a House card.", house="greyjoy"),
              ev("house_card_played", "Lannister plays Cersei Lannister.", house="lannister",
                 card="cersei-lannister"),
              ev("house_card_played", "Greyjoy plays Aeron Damphair.", house="greyjoy", card="aeron-damphair"),
              ev("house_cards_revealed", "House cards revealed: Lannister Cersei Lannister, Greyjoy Aeron Damphair.",
                 cards={"greyjoy": "aeron-damphair", "lannister": "cersei-lannister"}),
              ev("house_card_played", "Greyjoy plays Asha Greyjoy.", house="greyjoy", card="asha-greyjoy"),
              ev("blade_used", "Greyjoy uses the Valyrian Steel Blade: +1.", house="greyjoy"),
              ev("combat_result", "Greyjoy wins the combat in The Golden Sound: Lannister 2 against Greyjoy 3.",
                 winner="greyjoy", loser="lannister", parts=parts, strength={}),
              ev("combat_end", "The combat in The Golden Sound is over.", area="the-golden-sound", winner="greyjoy")]
    [post], waiting = feed.next_posts(FEED, [], events, flush=False)
    assert waiting == []
    assert post.lines == [
        "**Greyjoy attacks Lannister in The Golden Sound from Ironman's Bay with Ship.**",
        "House cards revealed: Lannister Cersei Lannister, Greyjoy Aeron Damphair.",
        "Greyjoy plays Asha Greyjoy.",  # a card that enters later is news
        "**Greyjoy wins the combat in The Golden Sound: Greyjoy 3 = units 1 + card 1 + Valyrian Steel Blade 1, "
        "against Lannister 2 = units 2 - order 1 + support 1.**"]
    assert post.step == "combat" and post.board == {
        "caption": "The combat in The Golden Sound is over.",
        "highlights": {"combat": "the-golden-sound", "attacker": "greyjoy", "defender": "lannister",
                       "combat_source": "ironmans-bay"}}


def test_the_orders_are_revealed_house_by_house_in_the_words_players_write() -> None:
    lines = post_lines([ev("orders_revealed", "Orders are revealed: ...", orders={
        "winterfell": ["stark", "M+1*"], "white-harbor": ["stark", "D+1a"], "lannisport": ["lannister", "CPa"]})])
    assert lines == ["**Orders are revealed:**", "Lannister: Lannisport Consolidate Power",
                     "Stark: White Harbor Defense +1, Winterfell March +1 (special)"]


def test_a_step_waits_for_its_end_and_a_table_wide_question_posts_what_came_before() -> None:
    march = ev("march", "Stark marches ...", house="stark", area="winterfell", moves={}, attack="moat-cailin")
    combat = ev("combat", "Stark attacks ...", area="moat-cailin", attacker="stark", defender="greyjoy")
    # the combat is not over yet
    assert feed.next_posts(FEED, [], [march, combat], flush=False) == ([], [march, combat])
    end = ev("combat_end", "The combat in Moat Cailin is over.", area="moat-cailin")
    cleanup = ev("clean_up", "Round 2 ends.")
    westeros = ev("round", "Round 3 begins.", round=3)
    posts, waiting = feed.next_posts(FEED, [march, combat],
                                     [end, cleanup, westeros, ev("bid_submitted", "Stark has bid.")], flush=True)
    assert waiting == []
    assert [p.step for p in posts] == ["round_end", "step"] and posts[0].board is not None
    assert posts[1].lines == ["**Round 3 begins.**"]  # who has bid is for the status message
    # read back from the store: what waits is after the last closing event, and after the last table-wide answer
    stored = [(4, march), (4, combat), (5, end), (6, cleanup), (6, westeros)]
    assert feed.waiting_tail(FEED, stored, asked=set(), now=7) == [westeros]
    assert feed.waiting_tail(FEED, stored, asked={7}, now=7) == []  # answer 7 is a bid: the feed was posted before it
    assert feed.waiting_tail(FEED, stored[:2], asked={3}, now=5) == [march, combat]


def test_a_six_player_game_posts_at_most_12_public_posts_per_round(tmp_path: Path) -> None:
    count, rounds = asyncio.run(counted_game(tmp_path / "feed.sqlite3", seed=1, players=6))
    per_round = count.per_round("the game's channel", rounds)
    assert rounds >= 5 and max(per_round) <= 12, per_round
    assert sum(per_round) / rounds <= 8
    assert count.posts[(0, "the game's channel")] <= 3  # the start: round 1, the board, the fairness notice
    with sqlite3.connect(tmp_path / "feed.sqlite3") as db:
        posts = [json.loads(p) for (p,) in db.execute("SELECT payload FROM outbox WHERE kind = 'post'")]
        marches = [json.loads(e)["text"] for (e,) in db.execute("SELECT event FROM events WHERE kind = 'march'")]
        moves = [json.loads(e)["data"]["moves"] for (e,) in db.execute("SELECT event FROM events WHERE kind = "
                                                                         "'march'")]
    lines = [line for p in posts for line in p["lines"]]
    assert not [line for line in lines if re.search(r"has placed orders|has bid|has chosen a House card", line)]
    assert not [line for line in lines if HOUSE_IDS.search(line) or UNIT_IDS.search(line)]  # names, capitalised
    assert not [line for line in lines if "had only one choice" in line]
    # marches name the units that move
    areas = board().areas
    for text, moved in zip(marches, moves, strict=True):
        for dest, units in moved.items():
            assert f"{', '.join(UNIT_NAMES[u] for u in units)} to {areas[dest].name}" in text, text


def test_a_game_loaded_afresh_after_every_answer_posts_the_same_feed(tmp_path: Path) -> None:
    """The events waiting for their post are cached with the loaded game; read back from the store instead (the
    game evicted after every answer, as after a restart), the feed is the same, post for post."""

    async def feed(path: Path, evict: bool) -> list[list[str]]:
        svc = await TableService.open(path, randbits=random.Random(4).getrandbits)
        try:
            gid, _ = await seat_table(svc, 4)
            for user, a in await random_plan(svc, gid, 4):  # the same answers in both runs
                assert (await svc.answer(gid, user, a.decision, a.answer)).accepted
                if evict:
                    svc.core.drop(gid)
            transport = RecordingTransport()
            await svc.flush(transport)
            return [list(m.payload["lines"]) for m in transport.sent if m.kind == OutboxKind.POST]
        finally:
            await svc.close()

    cached = asyncio.run(feed(tmp_path / "cached.sqlite3", evict=False))
    read_back = asyncio.run(feed(tmp_path / "read.sqlite3", evict=True))
    assert len(cached) > 30 and read_back == cached
