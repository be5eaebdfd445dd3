"""What one player (or the public) may see, built field by field from this whitelist.

PUBLIC (everyone):
  round, phase, current step name; the three Influence tracks, the Dominance
  token holders and whether the Blade and the Raven are used; the wildling threat;
  this round's Westeros cards and restrictions; per house: available Power (except
  while a bid is open), Power tokens on the board, supply position and army limits,
  victory points, house cards in hand and discard pile (C8), units left in reserve,
  order tokens on the board after the reveal; per area: units (kind, routed), their
  house, controller, Power token, garrison, neutral force, blocked, revealed order, and during a combat
  the attacking units standing in the embattled area (``attacking``: house and units, A26);
  during Planning, which areas hold a face-down order and who has submitted; the
  size of the wildling deck; who must decide now; the public notes of the current
  step; the winner and ranking. A combat's notes (``notes['combat']``): attacker,
  defender (or the neutral force's strength), embattled area, area marched from,
  marching units, March order, support declared per area and support refused,
  which combatants have chosen a House card (never which card), the revealed House
  cards and Tides of Battle cards, who used the Blade, initial and final strengths (``initial_parts``,
  ``final_parts``: each part per house, with the strength of each supporting area),
  sword and fortification counts, and the victor.
PRIVATE (the player only):
  the player's own placed orders before the reveal; the player's unused order
  tokens; the player's open decisions with their options (and those answered that may still change,
  flagged ``submitted``); the wildling card seen
  with the Raven while it stays on top.
MOTHER OF DRAGONS: ``view["mod"]``, public, in the expansion's games only (its fields: engine.agot.mod.view);
  a vassal's decisions and private facts are its commander's (see PRIVATE).
HIDDEN (nobody):
  other players' orders before the reveal and their unused tokens, bids before the
  reveal, a house card being chosen (also one chosen again after Tyrion), a Tides of
  Battle card before its reveal (its drawer learns it by a private event), deck order
  (Westeros, wildling, Tides of Battle), the RNG state, the raw step stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.agot import world
from engine.agot.mod import view as mod_view

if TYPE_CHECKING:
    from engine.agot.table import Table as Game
    from engine.core import Decision


def build_view(game: Game, player: str | None, waiting: list[dict[str, str]],
               decisions: list[Decision]) -> dict[str, Any]:
    """The view of ``player`` (``None``: the public), given who must decide what (``{"house", "kind", "label"}``
    per open decision: public) and the player's own decisions."""
    b, s = game.board, game.state
    frame = s.stack[-1] if s.stack else {}
    planning = next((f for f in s.stack if f["step"] == "planning"), None)
    placed: dict[str, dict[str, str]] = planning.get("placed", {}) if planning else {}
    bidding = any(f.get("bidding") for f in s.stack)
    view: dict[str, Any] = {
        "viewer": player,
        "round": s.round,
        "phase": s.phase,
        "step": frame.get("step"),
        "tracks": {"iron_throne": list(s.iron_throne), "fiefdoms": list(s.fiefdoms),
                   "kings_court": list(s.kings_court)},
        "dominance": {"iron_throne": game.holder(s.iron_throne), "valyrian_steel_blade": game.holder(s.fiefdoms),
                      "messenger_raven": game.holder(s.kings_court)},
        "blade_used": s.blade_used,
        "raven_used": s.raven_used,
        "wildling_threat": s.wildling_threat,
        "wildling_deck_size": len(s.wildling_deck),
        "westeros_revealed": list(s.westeros_revealed),
        "restrictions": list(s.restrictions),
        "settings": dict(s.settings),
        "winner": s.winner,
        "ranking": list(s.ranking),
        "notes": _public_notes(s.notes),
    }
    limits = b.tables["unit_limits"]
    counts: dict[str, dict[str, int]] = {h: dict.fromkeys(limits, 0) for h in s.houses}
    tokens: dict[str, int] = dict.fromkeys(s.houses, 0)
    points: dict[str, int] = dict.fromkeys(s.houses, 0)
    orders_of_viewer: list[str] = []
    areas: dict[str, Any] = {}
    ports: list[tuple[dict[str, Any], str]] = []
    houses, infos = s.houses, b.areas
    changed = world.castle_changes(s)  # Mother of Dragons: castles changed by loans
    for area, st in s.areas.items():
        info = infos[area]
        entry = st.to_dict(view=True)
        # world.controller, inlined for speed: units, else (on land) a Power token, else the home shield
        ctrl = None
        if info.kind == "port":
            ports.append((entry, info.port_land or ""))
        elif st.units:
            ctrl = st.house
        elif info.kind == "land":
            ctrl = st.power_token or (info.home if info.home in houses else None)
        entry["controller"] = ctrl
        if ctrl and (info.castle if changed is None else world.castle_level(b, s, area)):
            points[ctrl] = points.get(ctrl, 0) + 1
        if st.units and st.house in counts:
            owned = counts[st.house]
            for u in st.units:
                owned[u.kind] += 1
        if st.attacker:
            for u in st.attacking:
                counts[st.attacker][u.kind] += 1
        if st.order and st.order.house == player:
            orders_of_viewer.append(st.order.token)
        if st.power_token:
            tokens[st.power_token] = tokens.get(st.power_token, 0) + 1
        areas[area] = entry
    for entry, land in ports:
        entry["controller"] = areas[land]["controller"]
    track = b.tables["supply_track"]
    view["houses"] = {
        h: {
            "name": b.houses[h]["name"],
            "power": None if bidding and h != player else hs.power,
            "power_on_board": tokens[h],
            "supply": hs.supply,
            "army_limits": list(track[max(0, min(6, hs.supply))]),  # Board.supply_limits
            "victory_points": points[h],
            "hand": hs.hand[:],
            "discard": hs.discard[:],
            "reserve": {k: b.unit_limit(h, k) - c for k, c in counts[h].items()},
            "orders_submitted": h in placed,
        }
        for h, hs in s.houses.items()
    }
    for house, orders in placed.items():
        for area in orders:
            face_down: dict[str, Any] = {"house": house, "face_down": True}
            if game.answerer(house) == player:  # a vassal's commander sees what its owner would (M8)
                face_down["token"] = orders[area]
            areas[area]["order"] = face_down
    view["areas"] = areas
    if b.setup:
        view["mod"] = mod_view.public(game)  # Mother of Dragons: engine.agot.mod.view lists its fields
    view["waiting_for"] = sorted({w["house"] for w in waiting})  # a vassal's entry names its commander
    view["waiting"] = [dict(w) for w in waiting]
    if player is not None:
        from engine.agot.planning import unused_tokens

        view["private"] = {
            "unused_orders": unused_tokens(game, player, list(placed.get(player, {}).values()) + orders_of_viewer),
            "decisions": [d.to_dict() for d in decisions],
            "raven_peek": s.raven_peek["card"] if s.raven_peek and s.raven_peek["house"] == player else None,
        }
    return view


def _public_notes(notes: dict[str, Any]) -> dict[str, Any]:
    """Step notes are public by construction: steps put only public facts in ``state.notes``."""
    return {k: v for k, v in notes.items() if not k.startswith("_")}
