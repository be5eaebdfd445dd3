"""Whitechapel's public feed from real games' events: one post per step, the police round in one post, boards
where the table wants one, and no line that tells a secret (checked against the raw state, as the engine's leak
audit does)."""

from __future__ import annotations

import json
import re
import statistics
from dataclasses import dataclass
from typing import Any

from bot.games.whitechapel.autopilot import Autopilot
from bot.games.whitechapel.feed import WhitechapelFeed
from engine.whitechapel.agent import RandomAgent
from engine.whitechapel.audit import Auditor
from engine.whitechapel.game import Game
from engine.whitechapel.rules import WHITECHAPEL
from engine.whitechapel.state import FAKES

FEED = WhitechapelFeed()
SETTINGS = {"false_clues": True, "rushing": True, "i_know_your_address": True}


@dataclass
class Post:
    night: int
    step: str
    events: list[dict[str, Any]]
    lines: list[str]
    board: str | None


def played(players: int, seed: int, settings: dict[str, bool] | None = None, random: bool = False,
           check: bool = True) -> list[Post]:
    """A whole game's posts (public events grouped as the service groups them: a post closes after each event
    the feed says closes one); with ``check``, each post's lines are checked for secrets as it is made."""
    game = WHITECHAPEL.new(players, settings or {}, seed)
    agents = {p: (RandomAgent if random else Autopilot)(seed * 31 + i) for i, p in enumerate(game.players())}
    auditor = Auditor()
    auditor.check(game, [])
    posts: list[Post] = []
    waiting: list[dict[str, Any]] = [e.to_dict() for e in game.events if e.audience.kind == "public"]
    while not game.over:
        d = game.decision()
        assert d is not None
        view = game.view(d.player)
        events = game.submit(d.player, d.id, agents[d.player].answer(view, view["private"]["decisions"][0]))
        auditor.check(game, events)  # follows the circles shown as clues and crime scenes
        for e in (e.to_dict() for e in events if e.audience.kind == "public"):
            waiting.append(e)
            step = FEED.closes(e["kind"])
            if step:
                shown = FEED.board(waiting)
                post = Post(game.state.night, step, waiting, FEED.lines(waiting), shown["caption"] if shown else None)
                if check:
                    assert secrets_in(game, auditor, post) == [], post.lines
                posts.append(post)
                waiting = []
    assert waiting == []
    return posts


def secrets_in(game: Game, auditor: Auditor, post: Post) -> list[str]:
    """The secrets a post's lines tell: a secret circle (the hideout, Jack's row not yet found, the marked women)
    as a number no public event of the post says (the engine's audit checks those events), or a face-down patrol
    named with its token."""
    s = game.state
    secret = auditor.secrets(game)
    said = {int(n) for n in re.findall(r"\d+", json.dumps(post.events))}
    found = []
    for line in post.lines:
        for number in map(int, re.findall(r"\d+", line)):
            if number in secret and number not in said:
                found.append(f"{number} in {line!r}")
        for where, token in s.patrols.items():
            words = ("fake",) if token in FAKES else (token,)
            if where not in s.revealed and where in line and any(w in line.lower() for w in words):
                found.append(f"the patrol on {where} in {line!r}")
    return found


def test_a_whole_game_posts_one_post_per_step() -> None:
    posts = played(4, 7)
    steps = [p.step for p in posts]
    assert {"patrols", "victims", "alarm", "police_round", "night_end", "game_over"} <= set(steps)
    assert steps[-1] == "game_over" and all(p.lines for p in posts)
    assert {p.step for p in posts if p.board} <= {"patrols", "alarm", "night_end", "game_over"}
    assert all(p.board for p in posts if p.step in ("patrols", "alarm", "game_over"))
    end = posts[-1]
    rows = [line for line in end.lines if line.startswith("Night ")]
    assert len(rows) == 4 and any("hideout was" in line for line in end.lines)


def test_each_police_round_is_one_post_with_the_moves_searches_and_results() -> None:
    posts = played(3, 11)
    rounds = [p for p in posts if p.step == "police_round" and any(e["kind"] == "police_moved" for e in p.events)]
    assert rounds
    for post in rounds:
        assert sum(line.startswith("Policemen: ") for line in post.lines) == 1
        assert post.lines[-1].startswith("Jack moved")  # the round ends when Jack moves again
        searched = [e for e in post.events if e["kind"] in ("clue_found", "no_clue")]
        for e in searched:
            colour, circle = e["data"]["colour"], e["data"]["circle"]
            line = next(x for x in post.lines if x.startswith(f"The {colour} policeman searches"))
            assert str(circle) in line
        failed = sum(e["kind"] == "arrest_failed" for e in post.events)
        assert failed == sum("tries an arrest" in x and x.endswith(": nobody there.") for x in post.lines)


def test_posts_per_night() -> None:
    counts = []
    for seed in range(6):
        posts = played(3, 100 + seed, check=False)
        nights: dict[int, int] = {}
        for p in posts:
            nights[p.night] = nights.get(p.night, 0) + 1
        counts += list(nights.values())
    median = statistics.median(counts)
    assert 4 <= median <= 20, counts


def test_no_line_tells_a_secret_in_random_and_autopilot_games() -> None:
    for seed in range(3):
        for players in (2, 4, 6):
            played(players, 40 * players + seed, SETTINGS if seed % 2 else {}, random=bool(seed % 2))


def test_the_secret_check_finds_a_planted_leak() -> None:
    game = WHITECHAPEL.new(3, {}, 5)
    game.submit("jack", game.decision().id, 90)  # type: ignore[union-attr]
    auditor = Auditor()
    auditor.check(game, [])
    leak = Post(0, "step", [], ["Jack hides at 90."], None)
    assert secrets_in(game, auditor, leak) == ["90 in 'Jack hides at 90.'"]
    said = Post(0, "step", [{"kind": "no_clue", "data": {"circle": 90}}], ["Nothing at 90."], None)
    assert secrets_in(game, auditor, said) == []  # a public event named it: no secret told


def test_a_wait_is_one_post_with_the_time_the_wretched_and_the_patrol_turned_over() -> None:
    waits = [p for seed in range(12) for p in played(4, seed, random=True, check=False) if p.step == "wait"]
    assert waits
    for post in waits:
        assert post.lines[0].startswith("Jack waits at time ") and "Time of the Crime moves to" in post.lines[1]
        assert post.lines[-1].startswith("The patrol on ")
        moved = [e for e in post.events if e["kind"] == "wretched_moved"]
        if moved:
            line = next(x for x in post.lines if x.startswith("The Head moves the wretched: "))
            assert all(f"{e['data']['start']} to {e['data']['to']}" in line for e in moved)
