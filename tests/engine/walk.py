"""Random games walked once per test session: every decision met (as its player sees it), the public
waiting lists and every event, for the presentation tests (decision kinds, event schemas)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from engine.agot import Game, Settings
from engine.agot.agent import RandomAgent
from engine.core import Event, IllegalAnswer, Rng

GAMES = [(3, 1, False), (4, 2, True), (5, 3, False), (6, 4, True), (6, 5, False), (4, 6, False), (3, 7, True),
         (5, 8, True), (6, 9, False), (6, 10, True)] + [(3 + i % 4, seed, seed % 2 == 0) for i, seed in
                                                         enumerate(range(11, 25))]  # (players, seed, tides)


@dataclass
class Walk:
    decisions: dict[str, list[tuple[Game, dict[str, Any]]]] = field(default_factory=dict)  # kind: (copy, dict)
    waiting: list[tuple[dict[str, Any], list[dict[str, Any]]]] = field(default_factory=list)  # (entry, infos)
    events: list[Event] = field(default_factory=list)
    samples: int = 3  # game copies kept per kind (to submit the default)


@cache
def walk() -> Walk:
    w = Walk()
    for players, seed, tides in GAMES:
        game = Game.new(players, seed, Settings(tides_of_battle=tides))
        w.events += game.events
        agents = {h: RandomAgent(seed * 101 + i) for i, h in enumerate(sorted(game.state.houses))}
        picker = Rng(seed)
        while not game.over:
            open_now = game.open_decisions()
            public = game.view(None)
            infos = {d.player: [] for d in open_now}
            for d in open_now:
                infos[d.player].append(d.info)
            for entry in public["waiting"]:
                w.waiting.append((entry, infos[entry["house"]]))
            for d in open_now:
                mine = game.view(d.player)["private"]["decisions"]
                seen = next(x for x in mine if x["id"] == d.id)
                kept = w.decisions.setdefault(d.kind, [])
                if len(kept) < w.samples:
                    kept.append((Game.from_dict(game.to_dict()), seen))
                elif picker.below(20) == 0:
                    kept[picker.below(len(kept))] = (Game.from_dict(game.to_dict()), seen)
            d = open_now[picker.below(len(open_now))]
            view = game.view(d.player)
            seen = next(x for x in view["private"]["decisions"] if x["id"] == d.id)
            for attempt in range(7):
                answer = agents[d.player].answer(view, seen) if attempt < 6 else d.default
                try:
                    w.events += game.submit(d.player, d.id, answer)
                    break
                except IllegalAnswer:
                    continue
    return w
