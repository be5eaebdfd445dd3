"""Combat (RB2 pp.17-21, checklist section 9) and marches against neutral forces (section 10, ruling A8).

``resolve_march`` calls ``start_combat`` once the other moves of the March are done: the attacking units
have left the area they marched from and stand in the embattled area (A26; against a neutral force they
stay where they are until it falls, A24). ``start_combat`` pushes one
combat frame; its step runs the whole sequence as a list of tasks, each of which either acts or asks:

1. call for support: each House with an adjacent Support order declares, in Iron Throne order (A11);
   then each combatant may refuse the support another House declared for him;
2. initial strength, announced;
3. both House cards chosen at the same time and in secret, then revealed together; "cancel" texts
   (Tyrion), then "immediately" texts, in Iron Throne order (A17);
4. Tides of Battle cards if the table plays with them (9.51-9.53, the Blade's redraw C9); the Valyrian
   Steel Blade's +1;
5. final strength and the victor (ties: the higher Fiefdoms position, 9.33); "if you win/lose" texts;
6. casualties (swords minus fortifications, the loser chooses; a defeated garrison is removed for good),
   Tides of Battle skulls, retreats and routing (``retreat``), clean up (orders, Power token, the move-in,
   port capture 14.7, discarded cards and the hand refresh C10), then "after combat" texts.

Against a neutral force only step 1 happens: the attacker's strength with support reaches the token or
the units stay where they were and no Power token is left behind (A8, A24). Secret choices live in the
frame only; ``notes['combat']`` holds the public facts of the combat while it lasts.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from engine.agot import combat_cards, retreat, world
from engine.agot.battle import ATTACKER, DEFENDER, NOBODY, UNIT_NAMES, Combat, Question
from engine.agot.frames import CombatFrame as Frame
from engine.agot.house_cards import ABILITIES, discard, loras_moves_order, refill_if_empty
from engine.agot.orders import acts_as
from engine.agot.steps import WaitingStep, step
from engine.core import Decision, IllegalAnswer, answers

if TYPE_CHECKING:
    from collections.abc import Callable

    from engine.agot.table import Table as Game

SEQUENCE = ["support", "refuse", "initial", "choose", "reveal", "immediately", "tides_draw", "tides_redraw",
            "tides_reveal", "blade", "victor", "casualties", "skulls", "retreat", "cleanup", "after_combat"]
SORTED_ANSWERS = ("casualties", "refuse", "skull", "retreat_losses", "stay_losses")


def start_combat(game: Game, attacker: str, source: str, area: str, kinds: list[str], token: str,
                 leave_token: bool = False) -> None:
    """Open the combat (or the attack on a neutral force) started by a March order (9.1, 10.2).

    ``leave_token``: against a neutral force, the Power token the attacker leaves behind if it falls (A24).
    """
    b, s = game.board, game.state
    st = s.areas[area]
    if st.units and st.house != attacker:
        defender: str | None = st.house
    elif st.neutral:
        defender = None
    else:
        defender = world.controller(b, s, area)  # an enemy home area defended by its garrison (16.5)
    neutral = st.neutral if defender is None else 0
    tasks = ["support", "neutral"] if defender is None else list(SEQUENCE)
    frame: Frame = {"step": "combat", "attacker": attacker, "defender": defender, "area": area, "source": source,
                    "kinds": list(kinds), "token": token, "neutral": neutral, "tasks": [[t] for t in tasks],
                    "cards": {}, "chosen": {}, "resolved": [], "q": {}, "leave_token": leave_token}
    s.notes["combat"] = {"attacker": attacker, "defender": defender, "neutral": neutral, "area": area,
                         "source": source, "units": list(kinds), "order": token, "support": {}, "refused": [],
                         "chosen": [], "cards": {}, "tides": {}, "blade": None, "initial": {}, "final": {},
                         "winner": None}
    game.push(frame)
    foe = f"the neutral force ({neutral})" if defender is None else game.house_name(defender)
    units = ", ".join(UNIT_NAMES[k] for k in kinds)
    game.emit("combat", f"{game.house_name(attacker)} attacks {foe} in {game.area_name(area)} from "
              f"{game.area_name(source)} with {units}.", attacker=attacker, defender=defender, area=area,
              source=source, units=list(kinds), neutral=neutral)


@step("combat")
class CombatStep(WaitingStep):
    """Runs the combat's tasks one at a time; a task that asks waits for its answers, then runs again."""

    def run(self, game: Game, frame: Frame) -> bool:
        if frame.get("asked"):
            return False
        c = Combat(game, frame)
        if not frame["tasks"]:
            finish(c)
            return True
        name, *args = frame["tasks"][0]
        questions = TASKS[name](c, *args)
        if questions:
            frame["q"] = {q.player: q.to_dict() for q in questions}
            game.pose(frame, [q.player for q in questions])
            return False
        frame["tasks"].pop(0)
        return True

    def decision(self, game: Game, frame: Frame, player: str, did: str) -> Decision:
        q = frame["q"][player]
        return Decision(id=did, player=player, kind=q["kind"], prompt=q["prompt"], options=q["options"],
                        info=q["info"], default=q["default"], secret=q["secret"], reveal_group=q["group"])

    def answer(self, game: Game, frame: Frame, decision: Decision, answer: Any) -> None:
        q = frame["q"][decision.player]  # kept: a secret answer may still change until its group is in
        value = _match(decision, answer)
        c = Combat(game, frame)
        if q["card"]:
            ABILITIES[q["card"]].answer(c, decision.player, value)
            frame["resolved"].append(q["card"])
        else:
            ANSWERS[q["kind"]](c, decision.player, value)


def _match(decision: Decision, answer: Any) -> Any:
    """The listed option the answer names (lists of units in any order), or IllegalAnswer."""
    if decision.kind in SORTED_ANSWERS and isinstance(answer, (list, tuple)):
        if not all(isinstance(x, str) for x in answer):
            raise IllegalAnswer("List the names of the units or houses.")
        answer = sorted(answer)
    for option in decision.options or []:
        if type(option) is type(answer) and option == answer:
            return option
    raise IllegalAnswer(f"That is not one of the choices: {answers.choices(decision.options)}.")


def finish(c: Combat) -> None:
    st = c.s.areas[c.area]
    if st.attacking:
        raise RuntimeError(f"attacking units left in {c.area} after the combat")
    st.attacker = None
    c.s.notes.pop("combat", None)
    c.emit("combat_end", f"The combat in {c.game.area_name(c.area)} is over.", area=c.area, winner=c.f.get("winner"))
    c.game.pop(c.f)


# --- 1. support -----------------------------------------------------------------------------------------


def support_areas(c: Combat) -> dict[str, str]:
    """Areas next to the embattled area whose Support order may help (9.6, 9.12-9.14, 9.17)."""
    b, s = c.b, c.s
    out = {}
    for area in sorted(b.adjacent[c.area]):
        st = s.areas[area]
        order = st.order
        if order is None or not acts_as(b.order_tokens[order.token], "support") or not st.units or \
                st.house != order.house:
            continue
        if b.is_port(area) and b.areas[area].port_sea != c.area:
            continue  # a port supports only its own sea
        if b.is_land(area) and not b.is_land(c.area):
            continue  # land units never support a sea combat
        out[area] = order.house
    return out


def support_sides(c: Combat, house: str) -> list[str]:
    if not c.defender:
        return [ATTACKER, NOBODY]  # a neutral force never receives support (10.2)
    if house == c.attacker:
        return [ATTACKER, NOBODY]  # never support the opponent of your own units (9.9)
    if house == c.defender:
        return [DEFENDER, NOBODY]
    return [ATTACKER, DEFENDER, NOBODY]


def t_support(c: Combat) -> list[Question]:
    if "support_areas" not in c.f:
        c.f["support_areas"] = support_areas(c)
        c.f["declared"] = {}
    owners = sorted(set(c.support_areas().values()))
    pending = [h for h in c.in_turn_order(owners) if h not in c.f["declared"]]
    if not pending:
        return []
    house = pending[0]
    sides = support_sides(c, house)
    areas = sorted(a for a, h in c.support_areas().items() if h == house)
    names = ", ".join(c.game.area_name(a) for a in areas)
    default = sides[0] if house in (c.attacker, c.defender) else NOBODY
    return [Question(house, "support", f"Support from {names}: the attacker ({c.name(c.attacker)}), the defender "
                     f"({c.name(c.defender)}) or nobody?", sides, default, info=_public_info(c, areas=areas))]


def a_support(c: Combat, house: str, side: str) -> None:
    c.f["declared"][house] = side
    areas = sorted(a for a, h in c.support_areas().items() if h == house)
    for area in areas:
        c.note()["support"][area] = {"house": house, "side": side}
    whom = "nobody" if side == NOBODY else c.name(c.house_of(side))
    c.emit("support_declared", f"{c.name(house)} supports {whom} from "
           f"{', '.join(c.game.area_name(a) for a in areas)}.", house=house, side=side, areas=areas)


def t_refuse(c: Combat) -> list[Question]:
    """A combatant may refuse support another House declared for him (9.10, A11)."""
    done = c.f.setdefault("refuse_asked", [])
    questions = []
    for house in c.combatants():
        side = c.side(house)
        foreign = sorted({c.support_areas()[a] for a in c.supporting(side)} - {house})
        if house in done or not foreign:
            continue
        done.append(house)
        options = [sorted(p) for n in range(len(foreign) + 1) for p in combinations(foreign, n)]
        questions.append(Question(house, "refuse", "Refuse any of the support declared for you? List the Houses "
                                  "you refuse (none: accept all).", options, [], info=_public_info(c)))
    return questions


def a_refuse(c: Combat, house: str, refused: list[str]) -> None:
    if not refused:
        return
    c.f.setdefault("refused", []).extend(refused)
    c.note()["refused"] = sorted(c.f["refused"])
    c.emit("support_refused", f"{c.name(house)} refuses the support of "
           f"{', '.join(c.name(h) for h in refused)}.", house=house, refused=refused)


def t_initial(c: Combat) -> list[Question]:
    """Initial combat strength, announced by both sides (9.19)."""
    parts = {h: c.strength_parts(h, final=False) for h in c.combatants()}
    initial = {h: p["total"] for h, p in parts.items()}
    c.note()["initial"] = initial
    c.note()["initial_parts"] = parts
    c.emit("combat_strength", "Initial strength: " + ", ".join(f"{c.name(h)} {n}" for h, n in initial.items())
           + ".", strength=initial, parts=parts)
    return []


def _public_info(c: Combat, **extra: Any) -> dict[str, Any]:
    return {"attacker": c.attacker, "defender": c.defender or None, "area": c.area, "source": c.source,
            "units": list(c.kinds), "neutral": c.neutral, **extra}


# --- 5. victor ------------------------------------------------------------------------------------------


def t_victor(c: Combat) -> list[Question]:
    """Final strength; the higher wins, a tie goes to the higher Fiefdoms position (9.32, 9.33)."""
    parts = {h: c.strength_parts(h) for h in c.combatants()}
    fiefdoms = c.s.fiefdoms
    a, d = c.attacker, c.defender
    if parts[a]["total"] != parts[d]["total"]:
        winner = a if parts[a]["total"] > parts[d]["total"] else d
    else:
        winner = a if fiefdoms.index(a) < fiefdoms.index(d) else d
    loser = c.opponent(winner)
    c.f["winner"], c.f["loser"] = winner, loser
    note = c.note()
    note["final"] = {h: p["total"] for h, p in parts.items()}
    note["final_parts"] = parts
    note["winner"] = winner
    note["icons"] = {h: {"swords": c.swords(h), "fortifications": c.fortifications(h)} for h in c.combatants()}
    c.emit("combat_result", f"{c.name(winner)} wins the combat in {c.game.area_name(c.area)}: "
           + " against ".join(f"{c.name(h)} {p['total']}" for h, p in parts.items()) + ".",
           winner=winner, loser=loser, strength=note["final"], parts=parts)
    c.then(*[["ability", ab.card, h] for h, ab in c.abilities() if ab.window == "after_winner"])
    return []


# --- 6. casualties, skulls, retreat ---------------------------------------------------------------------


def t_casualties(c: Combat) -> list[Question]:
    """The loser loses one unit per sword of the victor beyond his fortifications (9.26, 9.34-9.36)."""
    if "casualties" in c.f:
        return []
    loser, winner = c.loser, c.winner
    st = c.s.areas[c.area]
    if loser == c.defender and c.garrison(loser) and not c.f.get("garrison_removed"):
        c.f["garrison_removed"] = True
        st.garrison = 0
        c.emit("garrison_removed", f"The garrison of {c.game.area_name(c.area)} is defeated and removed from the "
               "game.", area=c.area, house=loser)
    wanted = max(0, c.swords(winner) - c.fortifications(loser))
    standing = [k for k, routed in c.army(loser) if not routed]
    if not wanted or not standing or c.casualties_prevented(loser):
        c.f["casualties"] = []
        if wanted and standing:
            c.emit("casualties", f"The Blackfish: {c.name(loser)} takes no casualties.", house=loser, units=[],
                   area=c.army_area(loser), reason="casualty")
        return []
    options = retreat.unit_choices(standing, wanted)
    return [Question(loser, "casualties", f"You lost: choose {len(options[0])} unit(s) to destroy.", options,
                     retreat.weakest_first(options), info=_public_info(c, casualties=len(options[0])))]


def a_casualties(c: Combat, house: str, kinds: list[str]) -> None:
    for kind in kinds:
        c.destroy(house, kind)
    c.f["casualties"] = kinds
    c.emit("casualties", f"{c.name(house)} loses {', '.join(UNIT_NAMES[k] for k in kinds)} in "
           f"{c.game.area_name(c.army_area(house))}.", house=house, units=kinds, area=c.army_area(house),
           reason="casualty")


def t_skulls(c: Combat) -> list[Question]:
    """Each skull on a Tides of Battle card costs the opponent one casualty, whoever won (9.54)."""
    done = c.f.setdefault("skulls_done", [])
    for house in c.combatants():
        owed = c.skulls(house) - done.count(house)
        if owed <= 0:
            continue
        victim = c.opponent(house)
        standing = [k for k, routed in c.army(victim) if not routed]
        if not standing or c.casualties_prevented(victim):
            done.extend([house] * owed)
            continue
        c.f["skull_from"] = house
        options = retreat.unit_choices(standing, 1)
        return [Question(victim, "skull", "A skull on the Tides of Battle card: choose one unit to destroy.",
                         options, retreat.weakest_first(options), info=_public_info(c))]
    return []


def a_skull(c: Combat, house: str, kinds: list[str]) -> None:
    c.f["skulls_done"].append(c.f.pop("skull_from"))
    for kind in kinds:
        c.destroy(house, kind)
    c.emit("casualties", f"Skull: {c.name(house)} loses a {UNIT_NAMES[kinds[0]]}.", house=house, units=kinds,
           area=c.army_area(house), skull=True, reason="skull")


def t_retreat(c: Combat) -> list[Question]:
    r: dict[str, Any] = c.f.setdefault("retreat", {})
    loser = c.loser
    if "options" not in r:
        r["options"] = {}
        doomed = retreat.doomed_units(c, loser)
        for kind, routed in doomed:
            c.destroy(loser, kind, routed)
        for reason, why in (("routed", "routed units cannot retreat"), ("siege_engine", "Siege Engines cannot "
                                                                                 "retreat")):
            lost = [k for k, routed in doomed if (routed if reason == "routed" else not routed)]
            if lost:
                c.emit("units_destroyed", f"{c.name(loser)}'s {why}: {', '.join(UNIT_NAMES[k] for k in lost)} "
                       f"destroyed in {c.game.area_name(c.army_area(loser))}.", house=loser, units=lost,
                       area=c.army_area(loser), reason=reason)
        if not c.army(loser):
            return []
        if loser == c.attacker:
            c.then(["stay"], ["back", True])
            return []
        r["options"] = retreat.retreat_options(c, loser)
        if not r["options"]:
            lost = [k for k, _ in c.army(loser)]
            for kind in lost:
                c.destroy(loser, kind)
            c.emit("units_destroyed", f"{c.name(loser)} has nowhere to retreat: "
                   f"{', '.join(UNIT_NAMES[k] for k in lost)} destroyed.", house=loser, units=lost,
                   area=c.army_area(loser), reason="no_retreat")
            return []
    options: dict[str, int] = r["options"]
    if not options or r.get("moved"):
        return []
    if "dest" not in r:
        robb = c.ability(c.winner)
        closest = retreat.fewest(options)
        if robb and robb.chooses_retreat and not r.get("robb_asked") and len(options) > 1:
            r["robb_asked"] = True
            return [Question(c.winner, "robb", f"Robb Stark: choose where {c.name(loser)} retreats (or let them "
                             "choose).", [*closest, None], None, info=_public_info(c, options=options))]
        areas = sorted(options)
        return [Question(loser, "retreat", "Choose where your units retreat.", areas, retreat.fewest(options)[0],
                         info=_public_info(c, options=options))]
    cost = options[r["dest"]]
    if cost and "lost" not in r:
        choices = retreat.unit_choices([k for k, _ in c.army(loser)], cost)
        return [Question(loser, "retreat_losses", f"Your supply forces you to destroy {cost} retreating unit(s) "
                         "first: which?", choices, retreat.weakest_first(choices), info=_public_info(c))]
    r["moved"] = True
    kinds = retreat.move_retreat(c, loser, r["dest"])
    c.emit("retreat", f"{c.name(loser)} retreats to {c.game.area_name(r['dest'])}: "
           f"{', '.join(UNIT_NAMES[k] for k in kinds)} routed.", house=loser, area=r["dest"], units=kinds)
    return []


def t_stay(c: Combat) -> list[Question]:
    """Attacking units going back where they marched from: only if that is still legal (A26), and first
    shedding what breaks supply (A6)."""
    stay = c.f.setdefault("stay", {})
    if "cost" not in stay:
        if c.defender and not retreat.can_return(c):
            lost = c.kinds
            for kind in lost:
                c.destroy(c.attacker, kind)
            stay["cost"] = 0
            if lost:
                c.emit("units_destroyed", f"{c.name(c.attacker)} cannot go back to {c.game.area_name(c.source)}: "
                       f"{', '.join(UNIT_NAMES[k] for k in lost)} destroyed.", house=c.attacker, units=lost,
                       area=c.area, reason="no_retreat")
            return []
        stay["cost"] = retreat.stay_cost(c)
    if not stay["cost"] or "lost" in stay:
        return []
    choices = retreat.unit_choices(list(c.kinds), stay["cost"])
    return [Question(c.attacker, "stay_losses", f"Your units go back to {c.game.area_name(c.source)}: your supply "
                     f"forces you to destroy {stay['cost']} of them first. Which?", choices,
                     retreat.weakest_first(choices), info=_public_info(c))]


def a_stay_losses(c: Combat, house: str, kinds: list[str]) -> None:
    c.f["stay"]["lost"] = kinds
    for kind in kinds:
        c.destroy(house, kind)
    c.emit("units_destroyed", f"{c.name(house)} destroys {', '.join(UNIT_NAMES[k] for k in kinds)} to stay "
           f"in {c.game.area_name(c.source)} within its supply limit.", house=house, units=kinds, area=c.source,
           reason="supply")


def t_back(c: Combat, routed: bool) -> list[Question]:
    """The surviving attacking units go back to the area they marched from: routed after a defeat (9.38,
    9.40), standing when Arianne Martell stops the move-in."""
    kinds = world.land_attackers(c.s, c.area, c.source, routed) if c.s.areas[c.area].attacking else []
    if kinds:
        verb = "retreats" if routed else "goes back"
        c.emit("retreat", f"{c.name(c.attacker)} {verb} to {c.game.area_name(c.source)}: "
               f"{', '.join(UNIT_NAMES[k] for k in kinds)}{' routed' if routed else ''}.", house=c.attacker,
               area=c.source, units=kinds, routed=routed)
    return []


def a_robb(c: Combat, house: str, area: str | None) -> None:
    if area is None:
        c.emit("house_card_ability", f"Robb Stark ({c.name(house)}): {c.name(c.loser)} chooses its retreat.",
               card="robb-stark", house=house, area=None)
        return
    c.f["retreat"]["dest"] = area
    c.emit("house_card_ability", f"Robb Stark ({c.name(house)}): {c.name(c.loser)} must retreat to "
           f"{c.game.area_name(area)}.", card="robb-stark", house=house, area=area)


def a_retreat(c: Combat, house: str, area: str) -> None:
    c.f["retreat"]["dest"] = area


def a_retreat_losses(c: Combat, house: str, kinds: list[str]) -> None:
    c.f["retreat"]["lost"] = kinds
    for kind in kinds:
        c.destroy(house, kind)
    c.emit("units_destroyed", f"{c.name(house)} destroys {', '.join(UNIT_NAMES[k] for k in kinds)} to retreat "
           "within its supply limit.", house=house, units=kinds, area=c.army_area(house), reason="supply")


# --- clean up ---------------------------------------------------------------------------------------------


def t_cleanup(c: Combat) -> list[Question]:
    """Orders, Power token, the move-in, discarded cards and the hand refresh (9.45-9.49, C10)."""
    s = c.s
    here, there = s.areas[c.area], s.areas[c.source]
    moved = False
    if c.winner == c.attacker:
        if here.order and here.order.house == c.defender:
            here.order = None
        if here.power_token and here.power_token != c.attacker:
            c.emit("power_token_removed", f"{c.name(here.power_token)}'s Power token in {c.game.area_name(c.area)} "
                   "returns to the pool.", house=here.power_token, area=c.area)
            here.power_token = None
        blocker = c.ability(c.defender)
        if blocker is not None and blocker.blocks_move_in(c, c.defender):
            blocker.said(c, c.defender, f"{c.name(c.attacker)}'s units go back to {c.game.area_name(c.source)}.")
            c.then(["stay"], ["back", False])
        elif c.kinds:
            world.land_attackers(c.s, c.area, c.area)
            moved = True
            c.emit("move_in", f"{c.name(c.attacker)} takes {c.game.area_name(c.area)}.", house=c.attacker,
                   area=c.area, units=list(c.kinds))
    if there.order and there.order.house == c.attacker and there.order.token == c.token:
        there.order = None
    if moved:
        loras_moves_order(c)
    for area in (c.area, c.source):
        if not s.areas[area].units:
            s.areas[area].order = None
    for house in c.combatants():
        card = c.card(house)
        if card and card in ABILITIES:
            ABILITIES[card].at_clean_up(c, house)
    kept = c.f.get("kept", [])
    for house in c.combatants():
        card = c.card(house)
        if card and card not in kept:
            discard(c.game, house, card)
            refill_if_empty(c.game, house, card)
    if moved and retreat.capture_options(c):
        c.then(["port_capture"])
    else:
        world.settle_ports(c.game)
    return []


def t_port_capture(c: Combat) -> list[Question]:
    if c.f.get("captured") is not None:
        world.settle_ports(c.game)
        return []
    options = retreat.capture_options(c)
    if not options:
        world.settle_ports(c.game)
        return []
    port = c.b.areas[c.area].port or ""
    return [Question(c.attacker, "port_capture", f"How many enemy ships in {c.game.area_name(port)} do you replace "
                     "with your own? The others are destroyed.", options, options[-1], info=_public_info(c))]


def a_port_capture(c: Combat, house: str, replaced: int) -> None:
    c.f["captured"] = replaced
    owner, lost = retreat.capture_port(c, replaced)
    port = c.b.areas[c.area].port or ""
    c.emit("port_captured", f"{c.name(house)} replaces {replaced} of {c.name(owner)}'s {lost} ship(s) in "
           f"{c.game.area_name(port)}.", house=house, owner=owner, area=port, replaced=replaced, lost=lost)


def t_ability(c: Combat, card: str, house: str) -> list[Question]:
    """One House card ability at its moment; it resolves at most once per combat."""
    if card in c.f["resolved"] or c.card(house) != card:
        return []
    ability = ABILITIES[card]
    if not ability.applies(c, house):
        c.f["resolved"].append(card)
        return []
    questions = ability.questions(c, house)
    if questions:
        return questions
    ability.resolve(c, house)
    c.f["resolved"].append(card)
    return []


def t_schedule(window: str) -> Callable[[Combat], list[Question]]:
    def schedule(c: Combat) -> list[Question]:
        c.then(*[["ability", ab.card, h] for h, ab in c.abilities() if ab.window == window])
        return []

    return schedule


# --- neutral forces ---------------------------------------------------------------------------------------


def t_neutral(c: Combat) -> list[Question]:
    """The march succeeds if its strength with support reaches the token (10.2, 10.3, A8)."""
    parts = {c.attacker: c.strength_parts(c.attacker, final=False)}
    total = parts[c.attacker]["total"]
    st = c.s.areas[c.area]
    c.note()["final"] = {c.attacker: total}
    c.note()["final_parts"] = parts
    if total >= c.neutral:
        st.neutral = 0
        world.move_units(c.game, c.attacker, c.source, c.area, list(c.kinds))
        c.note()["winner"] = c.attacker
        c.f["winner"] = c.attacker
        c.emit("neutral_destroyed", f"{c.name(c.attacker)} ({total}) destroys the neutral force ({c.neutral}) in "
               f"{c.game.area_name(c.area)} and moves in.", house=c.attacker, area=c.area, strength=total,
               parts=parts)
        if c.f.get("leave_token") and not c.s.areas[c.source].units:
            world.place_power_token(c.game, c.attacker, c.source)
    else:
        c.emit("neutral_holds", f"{c.name(c.attacker)} ({total}) cannot overcome the neutral force ({c.neutral}) "
               f"in {c.game.area_name(c.area)}: the units stay in {c.game.area_name(c.source)}.",
               house=c.attacker, area=c.area, strength=total, parts=parts)
        c.then(["stay"])
    there = c.s.areas[c.source]
    if there.order and there.order.house == c.attacker and there.order.token == c.token:
        there.order = None
    world.settle_ports(c.game)
    return []


TASKS: dict[str, Callable[..., list[Question]]] = {
    "support": t_support, "refuse": t_refuse, "initial": t_initial, "victor": t_victor,
    "casualties": t_casualties, "skulls": t_skulls, "retreat": t_retreat, "cleanup": t_cleanup,
    "port_capture": t_port_capture, "ability": t_ability, "neutral": t_neutral, "stay": t_stay, "back": t_back,
    "immediately": t_schedule("immediately"), "after_combat": t_schedule("after_combat"),
    **combat_cards.TASKS,
}

ANSWERS: dict[str, Callable[[Combat, str, Any], None]] = {
    "support": a_support, "refuse": a_refuse, "casualties": a_casualties, "skull": a_skull, "robb": a_robb,
    "retreat": a_retreat, "retreat_losses": a_retreat_losses, "port_capture": a_port_capture,
    "stay_losses": a_stay_losses,
    **combat_cards.ANSWERS,
}
