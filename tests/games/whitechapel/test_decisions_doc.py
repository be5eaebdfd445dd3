"""docs/decisions.md, "Letters from Whitechapel": every kind the engine can ask is documented, and in real games
each kind's default is the documented one, is accepted at the deadline, and the secret kinds are the documented
ones."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

from bot.games.whitechapel.autopilot import Autopilot
from engine.whitechapel.agent import RandomAgent
from engine.whitechapel.game import Game
from engine.whitechapel.hunting import homeward
from engine.whitechapel.kinds import KINDS
from engine.whitechapel.rules import WHITECHAPEL

ROOT = Path(__file__).resolve().parents[3]
SECRET = {"hideout", "women", "patrols", "double_order", "jack_move", "coach_first", "coach_second", "alley_to"}
SETTINGS = {"false_clues": True, "rushing": True, "i_know_your_address": True}


def documented() -> dict[str, list[str]]:
    """The Whitechapel section's rows: kind -> [asked of: label, answer, default]."""
    text = (ROOT / "docs" / "decisions.md").read_text()
    section = text.split("## Letters from Whitechapel", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and re.fullmatch(r"`[a-z_]+`", cells[0]):
            rows[cells[0].strip("`")] = cells[1:]
    return rows


def met() -> dict[str, list[tuple[Game, dict[str, Any]]]]:
    """Decisions met in whole games (autopilots and random agents, the optional rules on and off), each with a
    copy of the game it was asked in."""
    found: dict[str, list[tuple[Game, dict[str, Any]]]] = {}
    for seed in range(6):
        game = WHITECHAPEL.new(2 + seed % 4, SETTINGS if seed % 2 else {}, 300 + seed)
        agents = {p: (Autopilot if seed % 3 else RandomAgent)(seed + i) for i, p in enumerate(game.players())}
        while not game.over:
            raw = game.decision()
            assert raw is not None
            view = game.view(raw.player)
            d = view["private"]["decisions"][0]
            if len(found.setdefault(d["kind"], [])) < 3:
                found[d["kind"]].append((copy.deepcopy(game), d))
            game.submit(raw.player, raw.id, agents[raw.player].answer(view, d))
    return found


def test_every_kind_the_engine_asks_is_documented_with_its_answer_shape() -> None:
    doc = documented()
    assert set(doc) == set(KINDS) and len(doc) == 20
    for kind, (_, answer, default) in doc.items():
        assert answer.startswith(("option:", "structured:")) and default, kind


def test_defaults_are_the_documented_ones_and_accepted_at_the_deadline() -> None:
    doc, seen = documented(), met()
    assert len(seen) >= 14
    for kind, samples in seen.items():
        shape = doc[kind][1]
        for game, d in samples:
            assert (d["options"] is None) == shape.startswith("structured:"), kind
            assert d["secret"] == (kind in SECRET), kind
            before = game.to_dict()
            game.submit(d["player"], d["id"], d["default"])
            assert game.to_dict() != before, kind
            if kind == "police_move":
                assert d["default"] == d["info"]["at"]
            elif kind in ("address", "false_clue"):
                assert d["default"] == "none"
            elif kind == "kill":
                assert d["default"] == ("wait" if "wait" in d["options"] else d["options"][-1])
            elif kind == "jack_move":
                assert d["default"] == homeward(game, d["options"])
            elif kind == "hideout":
                assert d["default"] == d["info"]["circles"][0]
            elif d["options"] is not None:
                assert d["default"] == d["options"][0], kind
