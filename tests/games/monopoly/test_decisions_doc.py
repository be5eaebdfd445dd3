"""docs/decisions.md, "Monopoly": every kind the engine can ask is documented, only the sealed bid is secret, and in
real games every open decision's default is accepted as it is (what the deadline plays)."""

from __future__ import annotations

import re
from pathlib import Path

from engine.core import EngineError
from engine.monopoly.agent import RandomAgent
from engine.monopoly.game import Game
from engine.monopoly.kinds import KINDS
from engine.monopoly.rules import MONOPOLY

ROOT = Path(__file__).resolve().parents[3]


def documented() -> set[str]:
    text = (ROOT / "docs" / "decisions.md").read_text(encoding="utf-8")
    section = text.split("\n## Monopoly", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `(\w+)` \|", section, re.M))


def test_every_kind_is_documented() -> None:
    assert documented() == set(KINDS)


def test_every_default_is_accepted_and_only_bids_are_secret() -> None:
    kinds: set[str] = set()
    for seed, (players, auction) in enumerate([(2, "sealed"), (4, "open"), (6, "sealed"), (3, "open")]):
        game = MONOPOLY.new(players, {"rounds": 12, "auction": auction}, seed=seed)
        agents = {p: RandomAgent(seed * 10 + i, wide=True) for i, p in enumerate(game.players())}
        for step in range(3000):
            if game.over:
                break
            decisions = game.open_decisions()
            for d in decisions:
                kinds.add(d.kind)
                assert d.secret == (d.kind == "bid"), d.kind
            d = decisions[step % len(decisions)]
            if step % 3 == 0:  # the default, as the deadline plays it
                game.submit(d.player, d.id, d.default)
                continue
            try:
                game.submit(d.player, d.id, agents[d.player].answer(game.view(d.player), d.to_dict()))
            except EngineError:
                game.submit(d.player, d.id, d.default)
        assert game.over
        assert isinstance(Game.from_dict(game.to_dict()), Game)
    assert {"turn", "buy", "bid", "open_bid", "raise_funds", "trade_reply"} <= kinds, kinds
