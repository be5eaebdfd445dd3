"""The Iron Bank (M5, M11; checklist 3, 17-20): the loan row, loans bought with an Iron Bank order in the
Consolidate Power step, interest and debts.

``state.mod["bank"]``: ``row`` (3 slots, slot 0 the newest and dearest, ``None`` when empty), ``loans``
({house: [loan ids]}), ``improvements`` ({"power"|"supply": {area: n}}). ``state.mod["loan_deck"]`` is the
hidden deck (index 0 on top). A loan's effect asks its buyer through ``frame["queue"]`` of the ``loan`` step:
``loan_place`` (where each new unit goes), ``loan_area`` (an area for an improvement), ``loan_destroy`` (The
Faceless Men), ``spymaster`` (a Westeros deck, then the cards kept on top).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from engine.agot import world
from engine.agot.frames import WesterosIVFrame as Frame
from engine.agot.state import Unit
from engine.agot.steps import WaitingStep, step
from engine.core import Decision, IllegalAnswer, answers

if TYPE_CHECKING:
    from engine.agot.table import Table as Game

KINDS = ("loan_place", "loan_area", "loan_destroy", "spymaster", "debt")
BRAAVOS = "braavos"
PLACED = {
    "full-host": ["footman", "knight", "siege_engine", "ship"], "sea-raiders": ["footman", "ship", "ship", "ship"],
    "siege-engineers": ["footman", "siege_engine", "siege_engine"], "vanguard-cavalry": ["knight", "knight", "knight"],
}


def in_play(game: Game) -> bool:
    return "bank" in game.state.mod


def deal(game: Game) -> None:
    """Set-up (M10, M11): the Iron Bank plays in the 8-house set-up, its row empty."""
    b = game.board
    if b.setup != "8":
        return
    deck = [c["id"] for c in b.mod["loans"]["cards"] for _ in range(c["copies"])]
    game.shuffle(deck)
    game.state.mod["loan_deck"] = deck
    game.state.mod["bank"] = {"row": [None, None, None], "loans": {}, "improvements": {"power": {}, "supply": {}}}


def loan_name(game: Game, loan: str) -> str:
    return str(next(c["name"] for c in game.board.mod["loans"]["cards"] if c["id"] == loan))


def costs(game: Game, house: str) -> list[int]:
    """The price of each slot for ``house``: 7, 4, 1, one less for the controller of Braavos (M5)."""
    b, s = game.board, game.state
    discount = b.mod["loans"]["braavos_discount"] if world.controller(b, s, BRAAVOS) == house else 0
    return [max(0, c - discount) for c in b.mod["loans"]["slot_costs"]]


def improvement(s: Any, kind: str, area: str) -> int:
    """Power or supply improvements on an area (0 outside the expansion)."""
    return int(s.mod.get("bank", {}).get("improvements", {}).get(kind, {}).get(area, 0)) if s.mod else 0


def new_round(game: Game) -> None:
    """Start of every round (M11): a new loan enters slot 0, the others shift, the last goes under the deck; from
    round 2 each player pays 1 Power per loan held, or sees units destroyed for what it cannot pay."""
    s = game.state
    bank = s.mod["bank"]
    row, deck = bank["row"], s.mod["loan_deck"]
    if row[-1] is not None:
        deck.append(row[-1])
    row[:] = [deck.pop(0) if deck else None, *row[:-1]]
    if row[0]:
        game.emit("loan_offered", f"The Iron Bank offers {loan_name(game, row[0])} (slot costs "
                  f"{', '.join(map(str, game.board.mod['loans']['slot_costs']))}).", row=list(row))
    if s.round < 2:
        return
    for house in [h for h in s.iron_throne if h not in game.vassals()]:
        owed = len(bank["loans"].get(house, []))
        if not owed:
            continue
        paid = min(owed, s.houses[house].power)
        s.houses[house].power -= paid
        game.emit("interest", f"{game.house_name(house)} pays {paid} Power of interest to the Iron Bank.",
                  house=house, paid=paid, owed=owed)
        if owed > paid:
            game.push({"step": "loan", "queue": [{"kind": "debt", "house": chooser(game, house), "debtor": house,
                                                  "left": owed - paid}]})


def chooser(game: Game, debtor: str) -> str:
    """M11: the first other player on the Fiefdoms track picks the units a debtor loses."""
    return next(h for h in game.state.fiefdoms if h != debtor and h not in game.vassals())


def buy_options(game: Game, house: str, area: str) -> list[dict[str, Any]]:
    """The Consolidate Power step's answers for an Iron Bank order: each loan the house can pay, or none."""
    row = game.state.mod["bank"]["row"]
    price = costs(game, house)
    power = game.state.houses[house].power
    options: list[dict[str, Any]] = [{"area": area, "loan": i} for i, loan in enumerate(row)
                                     if loan and price[i] <= power and house not in game.vassals()]
    return [{"area": area, "loan": None}, *options]  # no loan first: the default spends nothing


def loan_refusal(game: Game, house: str, slot: Any) -> str:
    """Why resolving an Iron Bank order with the loan of ``slot`` (0-2, 0 the newest) is refused."""
    row = game.state.mod["bank"]["row"]
    slots = f"a slot of the Iron Bank's row (0 to {len(row) - 1}) or null for no loan"
    if isinstance(slot, bool) or not isinstance(slot, int):
        return f"The loan must be {slots}, not {answers.quote(slot)}."
    if not 0 <= slot < len(row):
        return f"There is no slot {slot}: the loan must be {slots}."
    if row[slot] is None:
        return f"Slot {slot} of the Iron Bank's row holds no loan."
    price, power = costs(game, house)[slot], game.state.houses[house].power
    return f"{loan_name(game, row[slot])} costs {price} Power and you have {power}: you cannot afford it."


def buy(game: Game, house: str, slot: int) -> None:
    """M5: pay the slot's cost, take the loan, resolve its effect at once."""
    s = game.state
    bank = s.mod["bank"]
    loan = bank["row"][slot]
    price = costs(game, house)[slot]
    if loan is None or s.houses[house].power < price:
        raise IllegalAnswer("You cannot pay for that loan.")
    s.houses[house].power -= price
    bank["row"][slot] = None
    bank["loans"].setdefault(house, []).append(loan)
    game.emit("loan_taken", f"{game.house_name(house)} takes {loan_name(game, loan)} from the Iron Bank for {price} "
              "Power.", house=house, loan=loan, cost=price)
    effect(game, house, loan)


def effect(game: Game, house: str, loan: str) -> None:
    b, s = game.board, game.state
    name = loan_name(game, loan)
    if loan == "customs-officer":
        got = world.gain_power(b, s, house, 10)
        game.emit("loan_effect", f"{name}: {game.house_name(house)} takes {got} Power.", house=house, loan=loan)
        return
    queue: list[dict[str, Any]] = []
    if loan in PLACED:
        queue = [{"kind": "loan_place", "house": house, "unit": k, "loan": loan} for k in PLACED[loan]]
    elif loan == "expert-artificer":
        queue = [{"kind": "loan_area", "house": house, "loan": loan, "improve": "power"}]
        got = world.gain_power(b, s, house, 8)
        game.emit("loan_effect", f"{name}: {game.house_name(house)} takes {got} Power.", house=house, loan=loan)
    elif loan == "loyal-maester":
        queue = [{"kind": "loan_area", "house": house, "loan": loan, "improve": "supply"} for _ in range(2)]
    elif loan == "savvy-steward":
        queue = [{"kind": "loan_area", "house": house, "loan": loan, "improve": "supply"}]
        s.houses[house].supply = min(6, s.houses[house].supply + 1)
        game.emit("loan_effect", f"{name}: {game.house_name(house)} moves up one on the Supply track.",
                  house=house, loan=loan)
    elif loan == "pyromancer":
        queue = [{"kind": "loan_area", "house": house, "loan": loan, "improve": "either"}]
    elif loan == "the-faceless-men":
        queue = [{"kind": "loan_destroy", "house": house, "loan": loan, "unit": k} for k in ("knight", "footman")]
    elif loan == "spymaster":
        queue = [{"kind": "spymaster", "house": house, "loan": loan}]
    elif loan == "master-at-arms":
        queue = [{"kind": "loan_area", "house": house, "loan": loan, "improve": "castle"} for _ in range(2)]
    if queue:
        game.push({"step": "loan", "queue": queue})


def place_options(game: Game, task: dict[str, Any], placed: Counter[str] | None = None) -> list[Any]:
    """Areas a loan's new unit may go: controlled or holding the house's units, within supply and capacity
    (``placed``: units of the same kind already placed in each area, for a look ahead)."""
    b, s = game.board, game.state
    house, kind = task["house"], task["unit"]
    placed = placed or Counter()
    if world.pool(b, s, house, kind) - placed.total() < 1:
        return []
    out = []
    for area, info in b.areas.items():
        st = s.areas[area]
        if st.units and st.house != house:
            continue
        mine = (st.units and st.house == house) or world.controller(b, s, area) == house or area in placed
        fits = info.kind == "land" if kind != "ship" else info.kind in ("sea", "port")
        if kind == "ship" and info.kind == "port" and len(st.units) + placed[area] >= b.tables["port_capacity"]:
            continue
        if mine and fits and world.within_supply(b, s, house, {**placed, area: placed[area] + 1}):
            out.append(area)
    return sorted(out)


def endings(game: Game, task: dict[str, Any], left: int, placed: tuple[str, ...] = ()) -> set[tuple[str, ...]]:
    """Where ``left`` more units like ``task``'s can end up (sorted areas), placed one by one after ``placed``:
    each one placed may take the supply or port room a later one needed. Stops once two endings are found."""
    options = place_options(game, task, Counter(placed))
    if not left or not options:
        return {placed}
    found: set[tuple[str, ...]] = set()
    for area in options:
        found |= endings(game, task, left - 1, tuple(sorted((*placed, area))))
        if len(found) > 1:
            break
    return found


def placed_without_asking(game: Game, queue: list[dict[str, Any]]) -> bool:
    """MP10: the run of identical units at the head of ``queue`` is placed at once when whatever order and areas
    the buyer chose, they would end in the same areas (or nowhere); the feed says where (``forced_choice``)."""
    task = queue[0]
    run = next((i for i, t in enumerate(queue) if t != task), len(queue))
    ends = endings(game, task, run)
    if len(ends) > 1:
        return False
    areas = list(ends.pop())
    del queue[:run]
    house = game.house_name(task["house"])
    unit = task["unit"].replace("_", " ")
    units = f"its {unit}" if run == 1 else f"its {run} {'footmen' if unit == 'footman' else unit + 's'}"
    counts = Counter(areas)
    where = [game.area_name(a) + (f" ({n})" if n > 1 else "") for a, n in counts.items()]
    where_text = " and ".join([", ".join(where[:-1]), where[-1]] if len(where) > 1 else where)
    name = loan_name(game, task["loan"])
    if not areas:
        why = f"{name}: {house} has nowhere to place {units}: {'it is not' if run == 1 else 'none is'} placed."
    elif len(areas) < run:
        rest = "the last one has" if run - len(areas) == 1 else f"the last {run - len(areas)} have"
        why = (f"{name}: {house} can place only {len(areas)} of {units}, in {where_text}, whatever the order: "
               f"placed there; {rest} nowhere to go.")
    else:
        order = "" if run == 1 else ", whatever the order"
        why = f"{name}: {house} can place {units} only in {where_text}{order}: placed there."
    game.announce_forced(task["house"], "loan_place", areas or None, why=why)
    for area in areas:
        place(game, task, area)
    return True


def place(game: Game, task: dict[str, Any], area: str) -> None:
    world.add_units(game.state, area, task["house"], [Unit(task["unit"])])
    game.emit("loan_effect", f"{loan_name(game, task['loan'])}: {game.house_name(task['house'])} places a "
              f"{task['unit'].replace('_', ' ')} in {game.area_name(area)}.", house=task["house"], loan=task["loan"])


def area_options(game: Game, task: dict[str, Any]) -> list[Any]:
    b, s = game.board, game.state
    if task["improve"] == "either":  # Pyromancer: a castle or stronghold area, lowered, then improved
        castles = [a for a in b.castle_areas if world.castle_level(b, s, a)]
        return [{"area": a, "improve": k} for a in sorted(castles) for k in ("power", "supply")]
    if task["improve"] == "castle":  # Master-at-Arms: a castle becomes a stronghold
        picked = s.mod["bank"].get("castles", {})
        return sorted(a for a in b.castle_areas if world.castle_level(b, s, a) == 1 and picked.get(a, 0) <= 0)
    return sorted(a for a, i in b.areas.items() if i.kind == "land")


def destroy_options(game: Game, task: dict[str, Any]) -> list[Any]:
    s = game.state
    used = task.get("not_in")
    return [{"area": a, "house": st.house} for a, st in sorted(s.areas.items())
            if a != used and st.units and any(u.kind == task["unit"] for u in st.units)]


def options_of(game: Game, task: dict[str, Any]) -> list[Any]:
    kind = task["kind"]
    if kind == "loan_place":
        return place_options(game, task)
    if kind == "loan_area":
        return area_options(game, task)
    if kind == "loan_destroy":
        return [*destroy_options(game, task), None]
    if kind == "spymaster":
        if "deck" not in task:
            return [0, 1, 2]
        top = game.state.westeros_decks[task["deck"]][:2]
        if len(top) < 2 or top[0] == top[1]:
            return [top[:i] for i in range(len(top) + 1)]
        return [[], top[:1], top[1:], top[::-1], top]
    units = {(a, u.kind) for a, st in game.state.areas.items() if st.units and st.house == task["debtor"]
             for u in st.units}
    return [{"area": a, "unit": k} for a, k in sorted(units)]


@step("loan")
class LoanStep(WaitingStep):
    """The questions of a loan's effect, or of a debt (a ``queue`` of tasks, the first asked)."""

    def run(self, game: Game, frame: Frame) -> bool:
        if frame.get("asked"):
            return False
        queue = frame["queue"]
        while queue:
            if queue[0]["kind"] == "loan_place" and placed_without_asking(game, queue):
                continue
            if options_of(game, queue[0]):
                break
            queue.pop(0)
        if queue:
            game.pose(frame, [queue[0]["house"]])
            return False
        game.pop(frame)
        return True

    def decision(self, game: Game, frame: Frame, player: str, did: str) -> Decision:
        task = frame["queue"][0]
        options = options_of(game, task)
        default = options[-1] if task["kind"] in ("loan_destroy",) else options[0]
        if task["kind"] == "spymaster" and "deck" in task:
            default = options[-1]  # keep both on top: changes nothing
        prompts = {
            "loan_place": f"place a {task.get('unit', '').replace('_', ' ')}",
            "loan_area": "choose a land area for the improvement",
            "loan_destroy": f"destroy a {task.get('unit', '')} (or none)",
            "spymaster": "choose a Westeros deck" if "deck" not in task else "the cards kept on top, in order",
            "debt": f"choose a unit of {game.house_name(task.get('debtor', player))} to destroy for unpaid interest",
        }
        info: dict[str, Any] = {"loan": task.get("loan"), "debtor": task.get("debtor")}
        if task["kind"] == "spymaster" and "deck" in task:
            info["top"] = game.state.westeros_decks[task["deck"]][:2]  # private: the buyer's alone (a decision)
            info["deck"] = task["deck"]
        name = loan_name(game, task["loan"]) if task.get("loan") else "Iron Bank"
        return Decision(id=did, player=player, kind=task["kind"], options=options, default=default,
                        prompt=f"{name}: {prompts[task['kind']]}.", info=info)

    def answer(self, game: Game, frame: Frame, decision: Decision, answer: Any) -> None:
        if answer not in (decision.options or []):
            raise IllegalAnswer("Pick one of the listed choices.")
        s = game.state
        queue = frame["queue"]
        task = queue[0]
        kind, house = task["kind"], decision.player
        if kind == "loan_place":
            queue.pop(0)
            place(game, task, answer)
        elif kind == "loan_area":
            queue.pop(0)
            area, which = (answer["area"], answer["improve"]) if isinstance(answer, dict) else (answer, task["improve"])
            castles = s.mod["bank"].setdefault("castles", {})
            if which == "castle" or task["improve"] == "either":  # MP9: up (Master-at-Arms) or down (Pyromancer)
                castles[area] = castles.get(area, 0) + (1 if which == "castle" else -1)
                level = ("no castle", "a castle", "a stronghold")[world.castle_level(game.board, s, area)]
                game.emit("loan_effect", f"{loan_name(game, task['loan'])}: {game.area_name(area)} now has {level}.",
                          house=house, loan=task["loan"])
            if which != "castle":
                table = s.mod["bank"]["improvements"][which]
                table[area] = table.get(area, 0) + 1
                game.emit("loan_effect", f"{loan_name(game, task['loan'])}: a {which} improvement goes to "
                          f"{game.area_name(area)}.", house=house, loan=task["loan"])
        elif kind == "loan_destroy":
            queue.pop(0)
            if answer is not None:
                world.remove_units(s, answer["area"], [task["unit"]])
                world.settle_ports(game)
                game.emit("loan_effect", f"{loan_name(game, task['loan'])}: a {task['unit']} of "
                          f"{game.house_name(answer['house'])} in {game.area_name(answer['area'])} is destroyed.",
                          house=house, loan=task["loan"])
                if queue and queue[0]["kind"] == "loan_destroy":
                    queue[0]["not_in"] = answer["area"]
        elif kind == "spymaster":
            if "deck" not in task:
                task["deck"] = answer
                return
            queue.pop(0)
            deck = s.westeros_decks[task["deck"]]
            top = deck[:2]
            del deck[:2]
            deck[:0] = answer
            deck.extend(c for c in top if c not in answer)
            game.emit("loan_effect", f"Spymaster: {game.house_name(house)} looks at the top of Westeros deck "
                      f"{('I', 'II', 'III')[task['deck']]}.", house=house, loan=task["loan"])
        else:
            world.remove_units(s, answer["area"], [answer["unit"]])
            world.settle_ports(game)
            task["left"] -= 1
            if task["left"] <= 0 or not options_of(game, task):
                queue.pop(0)
            game.emit("debt", f"{game.house_name(task['debtor'])} cannot pay its interest: a {answer['unit']} in "
                      f"{game.area_name(answer['area'])} is destroyed.", house=task["debtor"], area=answer["area"],
                      unit=answer["unit"])


# --- presentation (engine.agot.present) ----------------------------------------------------------------


def label(game: Game, decision: Decision) -> tuple[str, str]:
    loan = decision.info.get("loan")
    return (f"{loan_name(game, loan)}: {decision.kind.replace('_', ' ')}" if loan else "Iron Bank debt"), "iron-bank"


def choice(game: Game, decision: Decision, value: Any) -> tuple[str, str]:
    kind = decision.kind
    if kind == "loan_place":
        return game.area_name(value), "Place the unit here."
    if kind == "loan_area":
        if isinstance(value, dict):
            return f"{game.area_name(value['area'])}: {value['improve']}", f"A {value['improve']} improvement here."
        return game.area_name(value), "The improvement goes here."
    if kind == "loan_destroy":
        if value is None:
            return "None", "Destroy nothing."
        return f"{game.house_name(value['house'])} in {game.area_name(value['area'])}", "Destroy this unit."
    if kind == "spymaster":
        if isinstance(value, int):
            return f"Deck {('I', 'II', 'III')[value]}", "Look at its top 2 cards."
        deck = ("I", "II", "III")[decision.info.get("deck", 0)]
        names = [str(next(c["name"] for c in game.board.westeros_cards[deck] if c["type"] == v)) for v in value]
        return (f"On top: {', '.join(names) or 'none'}", "In this order; the others go to the bottom.")
    return f"{value['unit'].replace('_', ' ').title()} in {game.area_name(value['area'])}", "Destroy this unit."
