"""The Monopoly board and cards in data/monopoly (written by tools/convert_monopoly.py) hold what the rules rely on,
and the converter refuses facts that break it."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from engine.monopoly.board import board

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import convert_monopoly  # noqa: E402


def test_forty_spaces_and_the_deeds() -> None:
    b = board()
    kinds = Counter(s.kind for s in b.spaces)
    assert len(b.spaces) == 40 and [s.index for s in b.spaces] == list(range(40))
    assert (kinds["street"], kinds["railroad"], kinds["utility"], kinds["chance"], kinds["community_chest"]) == \
        (22, 4, 2, 3, 3)
    assert [b[i].kind for i in (0, 10, 20, 30)] == ["go", "jail", "free_parking", "go_to_jail"]
    assert len(b.deeds) == 28 and sum(b[d].price for d in b.deeds) == 5690
    assert all(b[d].mortgage * 2 == b[d].price for d in b.deeds)


def test_eight_colour_groups_and_their_house_costs() -> None:
    b = board()
    assert sorted(len(g) for g in b.groups.values()) == [2, 2, 3, 3, 3, 3, 3, 3]
    assert {g: b[s[0]].house_cost for g, s in b.groups.items()} == {
        "dark_purple": 50, "light_blue": 50, "pink": 100, "orange": 100, "red": 150, "yellow": 150,
        "green": 200, "dark_blue": 200}
    assert b[39].rent == (50, 200, 600, 1400, 1700, 2000) and b[1].rent == (2, 10, 30, 90, 160, 250)
    assert b[5].rent == (25, 50, 100, 200) and b[12].rent == (4, 10)
    assert (b[4].tax, b[4].percent, b[38].tax) == (200, 10, 75)
    assert b.constants["houses_in_bank"] == 32 and b.constants["hotels_in_bank"] == 12


def test_sixteen_cards_a_deck() -> None:
    b = board()
    assert {deck: len(ids) for deck, ids in b.decks.items()} == {"chance": 16, "community_chest": 16}
    known = {"advance_to", "advance_to_nearest", "move_back", "go_to_jail", "get_out_of_jail_free",
             "collect_from_bank", "pay_bank", "pay_each_player", "collect_from_each_player", "repairs"}
    assert {c.effect["kind"] for c in b.cards.values()} <= known
    assert Counter(c.effect["kind"] for c in b.cards.values())["get_out_of_jail_free"] == 2


def test_the_converter_refuses_a_broken_board() -> None:
    raw = json.loads((ROOT / "data" / "monopoly" / "board.json").read_text(encoding="utf-8"))
    spaces = copy.deepcopy(raw["spaces"])
    spaces[39]["mortgage"] = 150
    with pytest.raises(convert_monopoly.Mismatch, match="Boardwalk: mortgage is half the price"):
        convert_monopoly.check_board(spaces)
    spaces = copy.deepcopy(raw["spaces"])
    spaces[6]["house_cost"] = 100
    with pytest.raises(convert_monopoly.Mismatch, match="house cost by side"):
        convert_monopoly.check_board(spaces)


def test_the_converter_answers_a_bad_path_in_one_line(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, str(ROOT / "tools" / "convert_monopoly.py"), str(tmp_path / "nowhere")],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and run.stdout == ""
    assert len(run.stderr.strip().splitlines()) == 1 and "No such file" in run.stderr
