"""Monopoly's public feed from real games' events, grouped as the table service groups them (a post closes at an
event the feed says closes one, and before a question the whole table answers at once): one post per turn, a
throw and what followed in one line, auctions and sums in one line, the board at each round's end and where
buildings or trades change it, and never a sealed bid before the reveal."""

from __future__ import annotations

import re
import statistics
from dataclasses import dataclass
from typing import Any

from bot.games.monopoly.autopilot import Autopilot
from bot.games.monopoly.feed import MonopolyFeed
from bot.service.feed import next_posts, table_wide
from engine.monopoly.agent import RandomAgent
from engine.monopoly.rules import MONOPOLY

FEED = MonopolyFeed()


@dataclass
class Post:
    round: int
    step: str
    events: list[dict[str, Any]]
    lines: list[str]
    board: str | None
    sealed: dict[str, int]  # the sealed bids made and not yet revealed when the post was made


def played(players: int, seed: int, settings: dict[str, Any] | None = None, random: bool = False,
           rounds: int = 12) -> list[Post]:
    """A whole short game's posts, made by the service's own grouping (``bot.service.feed.next_posts``)."""
    game = MONOPOLY.new(players, {"rounds": rounds, **(settings or {})}, seed)
    agents = {p: (RandomAgent if random else Autopilot)(seed * 31 + i) for i, p in enumerate(game.players())}
    posts: list[Post] = []
    waiting: list[dict[str, Any]] = []
    new = [e.to_dict() for e in game.events]
    while True:
        wide = table_wide(FEED, game.open_decisions())
        made, waiting = next_posts(FEED, waiting, new, flush=game.over or wide)
        auction = game.state.auction or {}
        sealed = dict(auction.get("bids") or {}) if auction.get("kind") == "sealed" else {}
        for p in made:
            posts.append(Post(game.state.round, p.step, p.events, p.lines, p.board["caption"] if p.board else None,
                              sealed))
        if game.over:
            break
        d = game.open_decisions()[0]
        view = game.view(d.player)
        mine = next(x for x in view["private"]["decisions"] if x["id"] == d.id)
        try:
            new = [e.to_dict() for e in game.submit(d.player, d.id, agents[d.player].answer(view, mine))]
        except Exception as refused:  # the random agent's refused answers: the default, as the service does
            assert type(refused).__name__ == "IllegalAnswer", refused
            new = [e.to_dict() for e in game.submit(d.player, d.id, mine["default"])]
    assert waiting == []
    return posts


def test_each_turn_is_one_post_closed_by_the_next_turn_and_the_end_is_a_post_of_its_own() -> None:
    posts = played(3, 4)
    assert posts[-1].step == "game_over" and posts[-1].board == "The final board."
    assert posts[-1].lines[-1].startswith("Net worth: ")
    for post in posts[1:-1]:
        kinds = [e["kind"] for e in post.events]
        starts = kinds.count("turn_start")
        assert starts <= 1 and (starts == 0 or kinds[-1] == "turn_start"), kinds
        if post.step == "turn":
            # the turn's own events: the throws of one player (order throws aside)
            throwers = {e["data"]["player"] for e in post.events if e["kind"] == "roll"}
            assert len(throwers) <= 1, post.lines
        else:  # cut before an auction's bids (asked of the whole table at once)
            assert post.step == "step" and "auction_open" in kinds, kinds
    turns = sum(1 for p in posts for e in p.events if e["kind"] == "turn_start")
    assert sum(p.step == "turn" for p in posts) == turns


def test_a_throw_and_what_followed_read_as_one_line() -> None:
    lines = [line for seed in range(3) for p in played(2, 20 + seed) for line in p.lines]
    throws = [x for x in lines if re.match(r"^(Car|Dog) threw \d\+\d", x)]
    assert throws and all(x.endswith(".") for x in throws)
    moved = [x for x in throws if re.search(r": \d+ to [A-Z]", x)]
    assert len(moved) > len(throws) // 2
    assert any("rent to" in x for x in throws) and any("**bought " in x for x in throws)
    speed = [x for x in throws if re.search(r"and the Speed Die \d(?: \(doubles\))?: \d", x)]
    assert speed
    for x in speed:
        a, b, n, steps = map(int, re.findall(r"threw (\d)\+(\d) and the Speed Die (\d)(?: \(doubles\))?: (\d+) to",
                                             x)[0])
        assert steps == a + b + n, x
    assert not any("forced" in x.lower() or "Only one choice" in x for x in lines)


def test_the_throw_line_says_the_dice_the_move_and_the_rent_paid() -> None:
    events = [{"kind": "roll", "text": "", "data": {"player": "car", "white": [4, 3], "speed": "2"}},
              {"kind": "move", "text": "", "data": {"player": "car", "start": 15, "to": 24, "steps": 9}},
              {"kind": "rent", "text": "", "data": {"player": "car", "owner": "dog", "space": 24, "amount": 20}},
              {"kind": "turn_start", "text": "Dog's turn.", "data": {"player": "dog", "round": 3}}]
    assert FEED.lines(events) == ["Car threw 4+3 and the Speed Die 2: 9 to Illinois Avenue; paid $20 rent to Dog."]
    short = events[:3] + [{"kind": "debt", "text": "", "data": {"player": "car", "payee": "dog", "amount": 20,
                                                                "why": "rent for Illinois Avenue"}}]
    raised = FEED.lines(short)
    assert raised[0].endswith("; paid $20 rent to Dog.") and raised[1] == (
        "Car owes $20 (rent for Illinois Avenue) and raises funds.")
    broke = FEED.lines([*short, {"kind": "bankrupt", "text": "Car is bankrupt to Dog.", "data": {"player": "car"}}])
    assert broke[0].endswith("; owes $20 rent to Dog.") and broke[-1] == "**Car is bankrupt to Dog.**"
    assert FEED.board(events) is None and FEED.closes("turn_start") == "turn" and FEED.closes("rent") is None
    assert FEED.stage_of(events[-1]) == (3, "Dog")


def test_no_sealed_bid_shows_before_the_reveal_and_the_auction_is_one_line() -> None:
    auctions = 0
    for seed in range(4):
        for post in played(3, 60 + seed, random=True):
            for amount in {n for n in post.sealed.values() if n}:
                assert not any(f"${amount:,}" in line for line in post.lines), (amount, post.lines)
            for line in (x for x in post.lines if x.startswith("Auction of ")):
                revealed = [e for e in post.events if e["kind"] == "bids"]
                if revealed:
                    auctions += 1
                    for e in revealed:
                        for p, n in e["data"]["bids"].items():
                            assert f"{MONOPOLY.describe(p)} {f'${n:,}' if n else 'no bid'}" in line, line
                    assert "wins it for" in line or "the bank keeps it" in line
    assert auctions


def test_open_auction_bids_are_told_as_they_come() -> None:
    """Each open bid is public and asked of the whole table: its post comes at once and says it."""
    bids = [p for seed in range(3) for p in played(3, 80 + seed, {"auction": "open"}, random=True)
            if any(e["kind"] == "bid" for e in p.events)]
    assert bids
    for post in bids:
        for e in (e for e in post.events if e["kind"] == "bid"):
            amount, name = e["data"]["amount"], MONOPOLY.describe(e["data"]["player"])
            said = f"{name} ${amount:,}" if amount else f"{name} passes"
            assert any(said in line or e["text"] == line for line in post.lines), (said, post.lines)
        assert sum(e["kind"] == "bid" for e in post.events) == 1 or any(e["kind"] == "auction_open"
                                                                           for e in post.events)


def test_the_board_shows_on_ownership_and_building_changes_and_round_ends() -> None:
    posts = played(2, 31)
    for post in posts:
        kinds = {e["kind"] for e in post.events}
        changes = kinds & {"build", "trade_done", "bankrupt", "sell_building"}
        won = False  # a deed bought, won or mortgaged shows on the round's board
        changes |= {"round"} if any(e["kind"] == "round" and e["data"]["round"] > 1 for e in post.events) else set()
        assert bool(post.board) == bool(changes or won or "game_over" in kinds), (kinds, post.board)
    ends = [p for p in posts if any(e["kind"] == "round" for e in p.events) and p.round > 1 and p.step == "turn"]
    assert ends and all(p.board and "end of round" in p.board for p in ends)
    # the first round begins on the board the table is shown as the game begins: no second one
    first = [p for p in posts if any(e["kind"] == "round" and e["data"]["round"] == 1 for e in p.events)]
    assert first and not any(p.board for p in first)


def test_posts_per_round() -> None:
    """The figure the table reads: with 4 players about one post per turn (more with auctions)."""
    counts = []
    for seed in range(4):
        posts = played(4, 100 + seed, random=True, rounds=10)
        rounds: dict[int, int] = {}
        for p in posts[1:-1]:
            rounds[p.round] = rounds.get(p.round, 0) + 1
        counts += list(rounds.values())
    assert 4 <= statistics.median(counts) <= 7, counts


def test_a_trade_is_told_in_the_engine_s_words_and_shows_the_board_with_its_deeds() -> None:
    game = MONOPOLY.new(2, {}, 5)
    s = game.state
    s.owner = {"1": "car", "39": "dog"}
    mover = game.open_decisions()[0].player
    other = "dog" if mover == "car" else "car"
    mine = 1 if other == "car" else 39
    offered = game.submit(other, f"manage:{other}", {"offer": {"to": mover, "give": {"spaces": [mine]},
                                                               "take": {"cash": 10}}})
    reply = next(d for d in game.open_decisions() if d.kind == "trade_reply")
    done = game.submit(mover, reply.id, "accept")
    events = [e.to_dict() for e in offered + done if e.audience.kind == "public"]
    lines = FEED.lines(events)
    assert lines == [e["text"] for e in events]
    assert "accepts offer #1" in lines[-1]
    shown = FEED.board(events)
    assert shown is not None and shown["highlights"] == {"spaces": [mine]}
