"""Nothing covers a name: no two placed things on the map overlap (names with their icons, home shields, units,
orders, Power tokens, garrisons, neutral forces), on a fully loaded board (random games: test_random_games.py).
Layout only."""

from __future__ import annotations

import copy
from typing import Any

from bot.render import build_layout
from bot.render.placement import capacity
from bot.render.static import static
from engine.agot import Game
from tests.render.overlap import collisions

ARMY = {"land": ["knight", "footman", "siege_engine", "footman"], "sea": ["ship"] * 4, "port": ["ship"] * 3}


def loaded_board() -> dict[str, Any]:
    """Every area holding the most it can show at once: a full army, an order, a Power token on land, a garrison
    in every home area (a neutral force instead of an army where the board has one)."""
    view: dict[str, Any] = copy.deepcopy(Game.new(6, 1).view(None))
    for area, geo in static().areas.items():
        st = view["areas"][area]
        kinds = ARMY[geo.kind][: capacity(geo)]
        st.pop("neutral", None)  # a neutral force and an army never share an area
        st.update(house="stark", controller="stark", units=[{"kind": k, "routed": k == "footman"} for k in kinds],
                  order={"house": "stark", "token": "M+1*"})
        if geo.kind == "land":
            st["power_token"] = "lannister"
            if geo.home:
                st["garrison"] = 2
    return view


def test_a_fully_loaded_board_has_no_overlap() -> None:
    view = loaded_board()
    assert collisions(build_layout(view)) == []
    # neutral forces stand where an army would
    for st in view["areas"].values():
        if st.get("units") and st["units"][0]["kind"] != "ship":
            st.pop("units"), st.pop("house")
            st["neutral"] = 5
    assert collisions(build_layout(view)) == []


def test_attackers_standing_in_any_embattled_area_overlap_nothing() -> None:
    """Ruling A26: during a combat the attackers stand in the embattled area beside its defenders (one combat at a
    time, so each area is checked on its own)."""
    for area, geo in static().areas.items():
        if geo.kind == "port":
            continue
        view = loaded_board()
        st = view["areas"][area]
        kind = "ship" if geo.kind == "sea" else "knight"
        st["units"] = st["units"] + [{"kind": kind, "routed": False, "house": "greyjoy"}] * 4
        view["notes"] = {"combat": {"area": area, "attacker": "greyjoy", "defender": "stark"}}
        found = collisions(build_layout(view))
        assert found == [], f"combat in {area}: {found}"
