"""The private combat calculator (issue 15): the strength of a possible combat, worked out from one player's own
view (``Game.view(house)``, as ``TableService.view`` gives it) and the board's static figures, never from the
engine's state (a bad request raises ``IllegalAnswer``). So it knows only what that player may see: the units on
the board, the orders revealed and the player's own face-down ones, garrisons, neutral forces, the House cards in
each hand (public: a hand is what is not yet discarded) and who holds the Valyrian Steel Blade.

``combat_calc(view, area, sources)`` returns the figures (a dict), ``calc_text`` the words. What cannot be known
(a face-down order of another house, the House card each side will choose, support that is declared only in the
combat) is given as a range: the strength before House cards with certain support, and what each possible
supporter and each possible card would add. Special cases of House card abilities and ship transport are not
modelled; the calculator says so.
"""

from __future__ import annotations

from typing import Any

from bot.games.agot.feed import names
from engine.agot.battle import UNIT_NAMES
from engine.agot.board import Board, board
from engine.agot.notation import area_id
from engine.core import IllegalAnswer

ATTACK, DEFENCE = "attacker", "defender"


def _board(view: dict[str, Any]) -> Board:
    """The game's own board, as the view tells it (a Mother of Dragons set-up's, else the base game's)."""
    return board((view.get("mod") or {}).get("setup", ""))


def _area(b: Board, words: str) -> str:
    return area_id(b, words.strip())


def _order(view: dict[str, Any], area: str) -> tuple[str | None, str | None]:
    """(token, house) of the order in ``area`` as the viewer sees it: token None when face down (not theirs)."""
    order = view["areas"].get(area, {}).get("order")
    if not order:
        return None, None
    return order.get("token"), order.get("house")


def _unit_value(view: dict[str, Any], kind: str, side: str, castle: bool) -> int:
    if kind == "siege_engine":
        return 4 if side == ATTACK and castle else 0
    if kind == "dragon":  # Mother of Dragons: a dragon's strength grows by round (the view's ``mod`` part)
        return int((view.get("mod") or {}).get("dragon_strength", 0))
    return int(_board(view).tables["unit_strength"][kind])


def _can_enter(b: Board, kind: str, target: str) -> bool:
    return (kind == "ship") == (not b.is_land(target))


def _marchers(view: dict[str, Any], target: str, attacker: str) -> list[str]:
    """The attacker's areas next to ``target`` whose units may march in (ship transport aside)."""
    b = _board(view)
    out = []
    for area in sorted(b.adjacent[target]):
        st = view["areas"].get(area, {})
        if st.get("house") == attacker and any(_can_enter(b, u["kind"], target) and not u.get("routed")
                                               for u in st.get("units", [])):
            out.append(area)
    return out


def combat_calc(view: dict[str, Any], area: str, sources: list[str] | None = None) -> dict[str, Any]:
    """The figures of an attack on ``area`` from ``sources`` (area names; default: the viewer's areas next to it),
    from the viewer's own view."""
    b = _board(view)
    viewer = view.get("viewer")
    if not viewer:
        raise IllegalAnswer("The calculator works from a player's own view: you need a seat in this game.")
    target = _area(b, area)
    info = b.areas[target]
    if info.kind == "port":
        land = b.areas[info.port_land or ""].name
        raise IllegalAnswer(f"{info.name} is a port: it is not attacked, it follows {land}.")
    froms = [_area(b, s) for s in sources] if sources else []
    attacker = view["areas"].get(froms[0], {}).get("house") if froms else viewer
    if not attacker:
        raise IllegalAnswer(f"No units stand in {b.areas[froms[0]].name}.")
    castle = bool(info.castle)
    others: list[str] = []
    if not froms:  # one March order moves one area's units: the strongest that may march, the others named
        candidates = _marchers(view, target, attacker)

        def weight(a: str) -> tuple[bool, int, str]:
            token, _ = _order(view, a)
            marching = token in b.order_tokens and b.order_tokens[token].type == "march"
            return (not marching, -sum(_unit_value(view, u["kind"], ATTACK, castle) for u in
                                       view["areas"][a].get("units", []) if _can_enter(b, u["kind"], target)), a)

        candidates.sort(key=weight)
        froms, others = candidates[:1], candidates[1:]
    if any(view["areas"].get(a, {}).get("house") != attacker for a in froms):
        raise IllegalAnswer("The marching areas must all hold units of one house.")
    st = view["areas"].get(target, {})
    if st.get("units") and st.get("house") != attacker:
        defender: str | None = st["house"]
    elif st.get("neutral"):
        defender = None
    elif st.get("controller") not in (None, attacker) and st.get("garrison"):
        defender = st["controller"]  # an enemy home area defended by its garrison alone
    else:
        raise IllegalAnswer(f"Nobody would defend {info.name}: a march there takes it without a combat.")
    if defender == attacker:
        raise IllegalAnswer(f"{info.name} is {b.houses[attacker]['name']}'s own: there is no combat to weigh.")
    units = [{"area": a, "kind": u["kind"], "value": _unit_value(view, u["kind"], ATTACK, castle)}
             for a in froms for u in view["areas"][a].get("units", [])
             if _can_enter(b, u["kind"], target) and not u.get("routed")]
    if not units:
        raise IllegalAnswer(f"No unit of {b.houses[attacker]['name']} can march into {info.name} from there.")
    march_token, _ = _order(view, froms[0])
    march = b.order_tokens[march_token] if march_token in b.order_tokens else None
    attack = {"house": attacker, "units": units, "order": march_token if march and march.type == "march" else None,
              "order_bonus": march.modifier if march and march.type == "march" else 0,
              "order_hidden": march_token is None and _order(view, froms[0])[1] is not None}
    attack["base"] = sum(u["value"] for u in units) + attack["order_bonus"]
    defence: dict[str, Any] = {"house": defender, "neutral": int(st.get("neutral") or 0)}
    if defender is not None:
        token, _ = _order(view, target)
        order = b.order_tokens[token] if token in b.order_tokens else None
        defends = order is not None and order.type == "defense"
        defence.update(units=[{"area": target, "kind": u["kind"],
                               "value": 0 if u.get("routed") else _unit_value(view, u["kind"], DEFENCE, castle)}
                              for u in st.get("units", [])],
                       order=token if defends else None, order_bonus=order.modifier if order and defends else 0,
                       order_hidden=token is None and bool(st.get("order")),
                       garrison=int(st.get("garrison") or 0) if info.home == defender else 0)
        defence["base"] = (sum(u["value"] for u in defence["units"]) + defence["order_bonus"]
                           + defence["garrison"])
    else:
        defence["base"] = defence["neutral"]
    return {"area": target, "attacker": attack, "defender": defence,
            "support": [x for x in _support(view, target, attacker, defender, castle) if x["area"] not in froms],
            "other_marchers": others,
            # against a neutral force no House card is played, so no Blade either (10.2)
            "cards": {h: _cards(view, h) for h in (attacker, defender) if h and defender},
            "blade": None if view.get("blade_used") or not defender else
            view.get("dominance", {}).get("valyrian_steel_blade"),
            "tides": bool(view.get("settings", {}).get("tides_of_battle"))}


def _support(view: dict[str, Any], target: str, attacker: str, defender: str | None,
             castle: bool) -> list[dict[str, Any]]:
    """Each area next to ``target`` that may support: a revealed (or the viewer's own) Support order, or a face-down
    order that may be one; the sides it may back and what it adds to each (9.6, 9.9, 9.12-9.17)."""
    b = _board(view)
    out = []
    for area in sorted(b.adjacent[target]):
        st = view["areas"].get(area, {})
        house = st.get("house")
        token, order_house = _order(view, area)
        if not st.get("units") or order_house != house or area == target:
            continue
        order = b.order_tokens[token] if token in b.order_tokens else None
        if order is not None and order.type != "support":
            continue
        if b.is_port(area) and b.areas[area].port_sea != target:
            continue  # a port supports only its own sea
        if b.is_land(area) and not b.is_land(target):
            continue  # land units never support a sea combat
        sides = [ATTACK] if defender is None or house == attacker else [DEFENCE] if house == defender else \
            [ATTACK, DEFENCE]
        bonus = order.modifier if order else 0
        adds = {side: sum(0 if u.get("routed") else _unit_value(view, u["kind"], side, castle)
                          for u in st["units"]) + bonus
                for side in sides}
        out.append({"area": area, "house": house, "order": token, "adds": adds})
    return out


def _cards(view: dict[str, Any], house: str) -> list[dict[str, Any]]:
    figures = _board(view).card_by_id
    hand = view["houses"].get(house, {}).get("hand") or []
    return sorted(({"id": c, "name": figures[c]["name"], "strength": int(figures[c]["strength"])}
                   for c in hand if c in figures), key=lambda c: (-c["strength"], c["name"]))


# --- words -------------------------------------------------------------------------------------------------------

def _units_words(units: list[dict[str, Any]]) -> str:
    b = names()
    return ", ".join(f"{UNIT_NAMES[u['kind']]} {u['value']} ({b.areas[u['area']].name})" for u in units) or "none"


def _order_words(side: dict[str, Any], kind: str) -> str:
    if side.get("order"):
        return f"{side['order']} ({side['order_bonus']:+d})"
    if side.get("order_hidden"):
        return f"face down: unknown (a {kind} order would add its bonus)"
    return "none (+0)"


def calc_text(calc: dict[str, Any]) -> str:
    b = names()
    name = lambda h: b.houses[h]["name"] if h else "the neutral force"  # noqa: E731
    att, dfn = calc["attacker"], calc["defender"]
    lines = [f"🧮 **{name(att['house'])} attacks {name(dfn['house'])} in {b.areas[calc['area']].name}** "
             "(from your view only)",
             f"**Attacker** {name(att['house'])}: units {_units_words(att['units'])}; March "
             f"{_order_words(att, 'March')}; **{att['base']}** before support and House cards."]
    if calc.get("other_marchers"):
        lines.append("Could march instead (name one with `from:`): "
                     + ", ".join(b.areas[a].name for a in calc["other_marchers"]) + ".")
    if dfn["house"] is None:
        lines.append(f"**Defender**: the neutral force, strength **{dfn['neutral']}** (it gets no support, and no "
                     "House card is played on either side).")
    else:
        lines.append(f"**Defender** {name(dfn['house'])}: units {_units_words(dfn['units'])}; Defense "
                     f"{_order_words(dfn, 'Defense')}; garrison {dfn['garrison']}; **{dfn['base']}** before support "
                     "and House cards.")
    sure = {ATTACK: 0, DEFENCE: 0}
    maybe = {ATTACK: 0, DEFENCE: 0}
    if calc["support"]:
        lines.append("**Possible support** (declared by each supporter during the combat):")
        for s in calc["support"]:
            order = s["order"] or "face down: counts only if it is a Support order"
            adds = ", ".join(f"{'attacker' if side == ATTACK else 'defender'} +{n}" for side, n in s["adds"].items())
            lines.append(f"• {b.areas[s['area']].name} ({name(s['house'])}, {order}): {adds}")
            for side, n in s["adds"].items():
                maybe[side] += n
                if s["order"] and s["house"] in (att["house"], dfn["house"]) and len(s["adds"]) == 1:
                    sure[side] += n
    else:
        lines.append("No area next to it can support.")
    for house in (att["house"], dfn["house"]):
        if house and dfn["house"]:
            cards = calc["cards"].get(house) or []
            listed = ", ".join(f"{c['name']} {c['strength']}" for c in cards) or "none"
            lines.append(f"**{name(house)}'s possible House cards**: {listed}.")
    a_low, d_low = att["base"] + sure[ATTACK], dfn["base"] + sure[DEFENCE]
    a_high = att["base"] + maybe[ATTACK] + max((c["strength"] for c in calc["cards"].get(att["house"], [])), default=0)
    d_high = dfn["base"] + maybe[DEFENCE] + max((c["strength"] for c in calc["cards"].get(dfn["house"] or "", [])),
                                                default=0)
    lines.append(f"**Range**: attacker {a_low}-{a_high}, defender {d_low}-{d_high} (low: no House card and only "
                 "the side's own revealed Support; high: every possible supporter and the strongest card).")
    extras = []
    if calc["blade"] in (att["house"], dfn["house"]):
        extras.append(f"{name(calc['blade'])} holds the unused Valyrian Steel Blade (+1)")
    if calc["tides"]:
        extras.append("Tides of Battle cards add a random figure")
    extras.append("House card abilities and ship transport are not counted")
    lines.append("; ".join(extras) + ".")
    return "\n".join(lines)
