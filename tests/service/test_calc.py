"""Issue 15, item 9: the private combat calculator works from the asking player's own view. Its figures are
checked by hand in one position, and a leak audit compares every answer with the raw engine state: no other
house's face-down order (area -> token) appears in any reply before the reveal."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bot.games.agot.calc import combat_calc
from bot.service import ServiceError, TableService
from engine.agot.agent import RandomAgent
from engine.agot.board import board
from engine.core import IllegalAnswer
from tests.service.kit import aio, answer_randomly, seated

AREAS = sorted(a.id for a in board().areas.values() if a.kind != "port")


def placed(svc: TableService, gid: int) -> dict[str, dict[str, str]]:
    game = svc._tables[gid].game
    assert game is not None
    frame = next(f for f in game.state.stack if f["step"] == "planning")
    return {h: dict(orders) for h, orders in frame.get("placed", {}).items()}


async def every_calc(svc: TableService, gid: int, user: int, view: dict[str, Any]) -> list[tuple[dict[str, Any], str]]:
    """Every attack the user may weigh: by each house's areas (``from:``) on every area; refusals left out."""
    out = []
    held = sorted(a for a, st in view["areas"].items() if st.get("units"))
    for sources in [None, *([a] for a in held)]:
        for area in AREAS:
            try:
                figures = combat_calc(view, area, sources)
                words = await svc.calc(gid, user, area, sources)
            except (IllegalAnswer, ServiceError):
                continue
            out.append((figures, words))
    return out


@aio
async def test_calc_never_shows_another_house_s_face_down_order(tmp_path: Path) -> None:
    svc = await TableService.open(tmp_path / "db.sqlite3")
    try:
        gid, users = await seated(svc, 6)
        for user in users[1:]:  # everyone but the first places their default orders, face down
            decision = (await svc.pending(gid, user))[0]
            assert (await svc.answer(gid, user, decision["id"], decision["default"])).accepted
        secret = placed(svc, gid)
        house_of = {s.user_id: s.house for s in svc._tables[gid].seats}
        for user in (users[0], users[1]):
            me = house_of[user]
            view = await svc.view(gid, user)
            answers = await every_calc(svc, gid, user, view)
            assert len(answers) > 20
            names = board().areas
            for figures, words in answers:
                assert words.startswith("🧮")
                for house, orders in secret.items():
                    if house == me:
                        continue
                    for area, token in orders.items():
                        for line in words.split("\n"):
                            if names[area].name + " (" in line:
                                assert token not in line.split(names[area].name + " (", 1)[1], (area, token, line)
                        for part in (figures["attacker"], figures["defender"], *figures["support"]):
                            if part.get("area") == area or any(u["area"] == area for u in part.get("units", [])):
                                assert part.get("order") is None, (area, token, part)
            mine = secret.get(me, {})
            shown = [s for f, _ in answers for s in f["support"] if s["house"] == me and s["area"] in mine]
            assert all(s["order"] == mine[s["area"]] for s in shown)  # the player's own orders are known
    finally:
        await svc.close()


def view_of(**areas: dict[str, Any]) -> dict[str, Any]:
    houses = {h: {"hand": ["eddard-stark", "robb-stark"] if h == "stark" else ["tywin-lannister"], "discard": []}
              for h in ("stark", "lannister", "greyjoy")}
    return {"viewer": "stark", "areas": areas, "houses": houses, "blade_used": False,
            "dominance": {"valyrian_steel_blade": "lannister"}, "settings": {}}


def units(*kinds: str) -> list[dict[str, Any]]:
    return [{"kind": k, "routed": False} for k in kinds]


def test_calc_figures_in_one_position() -> None:
    view = view_of(**{
        "winterfell": {"house": "stark", "units": units("knight", "footman", "siege_engine"),
                       "order": {"house": "stark", "token": "M+1*"}},
        "moat-cailin": {"house": "lannister", "units": units("footman", "footman"),
                        "order": {"house": "lannister", "token": "D+1a"}, "controller": "lannister"},
        "the-twins": {"house": "greyjoy", "units": units("knight"), "order": {"house": "greyjoy", "face_down": True}},
        "greywater-watch": {"house": "lannister", "units": units("knight"),
                            "order": {"house": "lannister", "token": "S0a"}},
        "white-harbor": {"house": "stark", "units": units("footman"), "order": {"house": "stark", "token": "S+1*"}},
    })
    calc = combat_calc(view, "Moat Cailin")
    assert calc["attacker"]["base"] == 2 + 1 + 4 + 1  # siege engine: 4 on a castle (Moat Cailin has one)
    assert calc["attacker"]["order"] == "M+1*" and calc["other_marchers"] == ["white-harbor"]
    assert calc["defender"]["base"] == 2 + 1 and calc["defender"]["garrison"] == 0
    support = {s["area"]: s for s in calc["support"]}
    assert support["greywater-watch"]["adds"] == {"defender": 2}
    assert support["white-harbor"]["adds"] == {"attacker": 2}
    assert support["the-twins"]["order"] is None and support["the-twins"]["adds"] == {"attacker": 2, "defender": 2}
    assert [c["strength"] for c in calc["cards"]["stark"]] == [4, 3] and calc["blade"] == "lannister"
    neutral = combat_calc(view_of(**{"winterfell": view["areas"]["winterfell"], "moat-cailin": {"neutral": 3}}),
                          "moat-cailin")
    assert neutral["defender"]["base"] == 3 and neutral["cards"] == {} and neutral["blade"] is None
    with pytest.raises(IllegalAnswer, match="did you mean"):
        combat_calc(view, "Moat Cailn")
    with pytest.raises(IllegalAnswer, match="without a combat"):
        combat_calc(view, "Castle Black")


async def all_calcs(svc: TableService, gid: int, user: int) -> list[str]:
    out = []
    for area in AREAS:
        try:
            out.append(await svc.calc(gid, user, area))
        except ServiceError as exc:
            out.append(f"refused: {exc}")
    return out


@aio
async def test_calc_does_not_change_when_another_house_bids_or_chooses_a_house_card(tmp_path: Path) -> None:
    """A bid or a House card chosen by another house is hidden: every calc reply stays word for word the same."""
    svc = await TableService.open(tmp_path / "db.sqlite3", randbits=random.Random(7).getrandbits)
    try:
        gid, users = await seated(svc, 4)
        agents = {u: RandomAgent(u) for u in users}
        seen = {"bid": 0, "house_card": 0}
        for _ in range(1500):
            status = await svc.status(gid)
            if status["status"] != "running" or min(seen.values()) >= 2:
                break
            waiting = status["waiting"]
            kinds = [w["kind"] for w in waiting]
            hidden = next((k for k in seen if kinds.count(k) >= 2), None)
            if hidden is None:
                assert (await answer_randomly(svc, gid, waiting[0]["user_id"],
                                              agents[waiting[0]["user_id"]])).accepted
                continue
            viewer, other = [w["user_id"] for w in waiting if w["kind"] == hidden][:2]
            before = await all_calcs(svc, gid, viewer)
            assert (await answer_randomly(svc, gid, other, agents[other])).accepted
            still = [w for w in (await svc.status(gid))["waiting"] if w["kind"] == hidden]
            if not any(w["user_id"] == viewer for w in still):
                continue  # that answer completed the reveal: the calc may change now, and rightly
            assert await all_calcs(svc, gid, viewer) == before, hidden
            seen[hidden] += 1
        assert seen["bid"] >= 1 and seen["house_card"] >= 1, seen
    finally:
        await svc.close()
