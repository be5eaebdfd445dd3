"""Westeros deck IV (M6, M13; checklist 7-9, 15): one card revealed each Westeros phase after decks I-III.

Its printed loyalty tokens go on the board first (never beyond 20); then, unless Targaryen is a vassal, its effect
runs as a queue of small questions (``frame["queue"]``), each a dict with the asking ``house`` and its ``kind``:

* ``iv_area``: put a loyalty token on one of ``areas`` (``left`` more picks; ``cost`` Power paid on the first
  pick; ``optional`` until paid: ``None`` stops);
* ``iv_house``: pick another player (The Long Plan, Playing With Fire);
* ``iv_unit``: the picked player's unit for Playing With Fire;
* ``iv_move``: move one loyalty token to an adjacent land area, or ``None`` (Scattering Dissent, Word Spreads
  Quickly); ``iv_veto``: Targaryen may pay ``cost`` to stop that move;
* ``fire_made_flesh``: sacrifice a Dragon for strength, bring a destroyed one home, or nothing.

The deck's order is hidden (``state.mod["deck_iv"]``); the revealed card is public (``iv_revealed``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.agot import world
from engine.agot.frames import WesterosIVFrame as Frame
from engine.agot.mod import dragons
from engine.agot.mod.loyalty import TARGARYEN, on_board, place
from engine.agot.state import Unit
from engine.agot.steps import WaitingStep, step
from engine.core import Decision, IllegalAnswer

if TYPE_CHECKING:
    from engine.agot.table import Table as Game

KINDS = ("iv_area", "iv_house", "iv_unit", "iv_move", "iv_veto", "fire_made_flesh")


def card_data(game: Game, card: str) -> dict[str, Any]:
    return next(c for c in game.board.mod["westeros_iv"] if c["id"] == card)


def deal(game: Game) -> None:
    """Set-up: the shuffled deck IV (8-house set-up only)."""
    cards = [c["id"] for c in game.board.mod["westeros_iv"]]
    if cards:
        game.shuffle(cards)
        game.state.mod["deck_iv"] = cards


def players(game: Game) -> list[str]:
    return [h for h in game.state.iron_throne if h not in game.vassals()]


def land_areas(game: Game) -> list[str]:
    b, s = game.board, game.state
    return sorted(a for a in b.areas if b.is_land(a) and world.can_enter(b, s, a))


def setup_effect(game: Game, card: str) -> list[dict[str, Any]]:
    """The questions of a card's effect, in order."""
    b, s = game.board, game.state
    data = card_data(game, card)
    t = TARGARYEN
    if data["choices"]:
        return [{"kind": "iv_area", "house": t, "areas": data["choices"], "left": 1, "cost": 1, "optional": True}]
    if card == "domestic-disputes":
        homes = sorted(v["home"] for h, v in b.houses.items() if h != t)
        return [{"kind": "iv_area", "house": t, "areas": homes, "left": 4, "cost": 1, "optional": True}]
    if card == "watering-the-seed":
        rivers = [a for a in b.mod["river_areas"] if world.controller(b, s, a) != t]
        cost = int(s.mod.get("loyalty_gained", 0))
        return [{"kind": "iv_area", "house": t, "areas": rivers, "left": 2, "cost": cost, "optional": True}]
    if card == "the-long-plan":
        return [{"kind": "iv_house", "house": t, "cost": 1, "then": "long_plan"}]
    if card == "playing-with-fire":
        empty = [a for a in land_areas(game) if world.controller(b, s, a) is None and not s.areas[a].neutral]
        return [{"kind": "iv_area", "house": t, "areas": empty, "left": 1, "cost": 1, "optional": True,
                 "then": "fire"}]
    if card in ("scattering-dissent", "word-spreads-quickly"):
        order = players(game)
        if card == "scattering-dissent":
            order.reverse()
        cost = 1 if card == "scattering-dissent" else 2
        return [{"kind": "iv_move", "house": h, "cost": cost} for h in order]
    if card == "fire-made-flesh":
        return [{"kind": "fire_made_flesh", "house": t}]
    return []


def move_options(game: Game) -> list[Any]:
    b, s = game.board, game.state
    tokens = s.mod.get("loyalty", {})
    moves: list[Any] = [{"from": a, "to": n} for a in sorted(tokens) if tokens[a]
                        for n in sorted(b.adjacent[a]) if b.is_land(n) and world.can_enter(b, s, n)]
    return [*moves, None]


def fire_options(game: Game) -> list[Any]:
    b, s = game.board, game.state
    options: list[Any] = []
    if dragons.tokens_to_come(b, s):
        options += [{"action": "sacrifice", "area": a} for a, st in sorted(s.areas.items())
                    if st.house == TARGARYEN and any(u.kind == "dragon" for u in st.units)]
    home = b.home_of[TARGARYEN]
    if world.pool(b, s, TARGARYEN, "dragon") > 0 and world.controller(b, s, home) == TARGARYEN and \
            world.within_supply(b, s, TARGARYEN, {home: 1}):
        options.append({"action": "revive"})
    return [*options, {"action": "none"}]


def unit_options(game: Game, house: str, area: str) -> list[Any]:
    b, s = game.board, game.state
    return [k for k in ("footman", "knight", "siege_engine") if world.pool(b, s, house, k) > 0
            and world.within_supply(b, s, house, {area: 1})]


def options_of(game: Game, task: dict[str, Any]) -> list[Any]:
    kind = task["kind"]
    if kind == "iv_area":
        areas = [a for a in task["areas"] if a not in task.get("picked", [])]
        return [*areas, *([None] if task.get("optional") and not task.get("paid") else [])]
    if kind == "iv_house":
        others = [h for h in players(game) if h != TARGARYEN]
        return [*others, *([None] if task.get("cost") else [])]
    if kind == "iv_unit":
        return unit_options(game, task["house"], task["area"])
    if kind == "iv_move":
        return move_options(game)
    if kind == "iv_veto":
        return [False, True]
    return fire_options(game)


def askable(game: Game, task: dict[str, Any]) -> bool:
    """A question is asked only if it can be answered: Power for its cost, and something to choose."""
    power = game.state.houses[task["house"]].power
    if task.get("cost") and not task.get("paid") and power < task["cost"]:
        return False
    options = options_of(game, task)
    return bool([o for o in options if o not in (None, {"action": "none"})])


def places_nothing(game: Game, task: dict[str, Any]) -> bool:
    """Whether the question only leads to loyalty tokens while the board holds all it may (M6): its answer could
    change nothing (Playing with Fire's token also brings a unit: still asked)."""
    tokens = (task["kind"] == "iv_area" and task.get("then") != "fire") or task.get("then") == "long_plan"
    return tokens and on_board(game) >= game.board.mod["loyalty_max_on_board"]


@step("westeros_iv")
class WesterosIVStep(WaitingStep):
    def run(self, game: Game, frame: Frame) -> bool:
        if frame.get("asked"):
            return False
        s = game.state
        stage = frame.setdefault("stage", "reveal")
        if stage == "reveal":
            card = s.mod["deck_iv"].pop(0)
            frame["card"], s.mod["iv_revealed"] = card, card
            data = card_data(game, card)
            game.emit("westeros_card", f"Deck IV: {data['name']}.", card=card, deck="IV")
            place(game, list(data["loyalty"]), data["name"])
            acts = TARGARYEN in s.houses and TARGARYEN not in game.vassals()  # M6: a vassal skips the effect
            frame["queue"] = setup_effect(game, card) if acts else []
            frame["stage"] = "effect"
            return True
        queue = frame["queue"]
        while queue and (places_nothing(game, queue[0]) or not askable(game, queue[0])):
            task = queue.pop(0)
            if places_nothing(game, task) and askable(game, task):
                game.announce_forced(task["house"], task["kind"], None, why=(
                    f"{card_data(game, frame['card'])['name']}: the board already holds "
                    f"{game.board.mod['loyalty_max_on_board']} loyalty tokens, so no more can be placed"
                    + (": nothing is paid." if task.get("cost") and not task.get("paid") else ".")))
        if queue:
            game.pose(frame, [queue[0]["house"]])
            return False
        s.mod["deck_iv"].append(frame["card"])  # to the bottom once resolved (as A3)
        game.pop(frame)
        return True

    def decision(self, game: Game, frame: Frame, player: str, did: str) -> Decision:
        task = frame["queue"][0]
        options = options_of(game, task)
        name = card_data(game, frame["card"])["name"]
        default = options[-1] if task["kind"] != "iv_veto" else False
        if task["kind"] in ("iv_unit",) or (task["kind"] == "iv_area" and None not in options) or \
                (task["kind"] == "iv_house" and None not in options):
            default = options[0]
        info = {"card": frame["card"], "cost": task.get("cost", 0), "paid": bool(task.get("paid"))}
        if "move" in task:
            info["move"] = task["move"]
        prompts = {
            "iv_area": "choose an area for a loyalty token",
            "iv_house": "choose another player",
            "iv_unit": "choose the unit you place",
            "iv_move": "you may move one loyalty token to an adjacent land area",
            "iv_veto": f"pay {task.get('cost', 0)} Power to stop this move?",
            "fire_made_flesh": "sacrifice a Dragon, bring one home, or nothing",
        }
        cost = f" (costs {task['cost']} Power)" if task.get("cost") and not task.get("paid") and \
            task["kind"] in ("iv_area", "iv_house") else ""
        return Decision(id=did, player=player, kind=task["kind"], options=options, default=default,
                        prompt=f"{name}: {prompts[task['kind']]}{cost}.", info=info)

    def answer(self, game: Game, frame: Frame, decision: Decision, answer: Any) -> None:
        if answer not in (decision.options or []):
            raise IllegalAnswer("Pick one of the listed choices.")
        queue = frame["queue"]
        task = queue[0]
        s = game.state
        house = decision.player
        name = card_data(game, frame["card"])["name"]
        kind = task["kind"]
        if kind == "iv_area":
            if answer is None:
                queue.pop(0)
                return
            if task.get("cost") and not task.get("paid"):
                s.houses[house].power -= task["cost"]
                task["paid"] = True
            place(game, [answer], name)
            task.setdefault("picked", []).append(answer)
            task["left"] -= 1
            if task.get("then") == "fire":
                queue.insert(1, {"kind": "iv_house", "house": house, "area": answer, "then": "fire"})
                task["left"] = 0
            if task["left"] <= 0:
                queue.pop(0)
            return
        if kind == "iv_house":
            queue.pop(0)
            if answer is None:
                return
            if task.get("cost"):
                s.houses[house].power -= task["cost"]
            game.emit("westeros_iv_choice", f"{name}: Targaryen picks {game.house_name(answer)}.", card=frame["card"],
                      house=answer)
            if task.get("then") == "long_plan":
                queue.insert(0, {"kind": "iv_area", "house": answer, "areas": land_areas(game), "left": 2,
                                 "cost": 0, "optional": False})
            else:
                queue.insert(0, {"kind": "iv_unit", "house": answer, "area": task["area"]})
            return
        if kind == "iv_unit":
            queue.pop(0)
            world.add_units(s, task["area"], house, [Unit(answer)])
            game.emit("westeros_iv_unit", f"{name}: {game.house_name(house)} places a {answer.replace('_', ' ')} "
                      f"in {game.area_name(task['area'])}.", house=house, area=task["area"], unit=answer)
            return
        if kind == "iv_move":
            queue.pop(0)
            if answer is None:
                return
            veto = {"kind": "iv_veto", "house": TARGARYEN, "cost": task["cost"], "move": answer, "mover": house}
            if house != TARGARYEN and TARGARYEN not in game.vassals() and askable(game, veto):
                queue.insert(0, veto)
            else:
                move_token(game, answer, house, name)
            return
        if kind == "iv_veto":
            queue.pop(0)
            if answer:
                s.houses[house].power -= task["cost"]
                game.emit("loyalty_veto", f"{name}: Targaryen pays {task['cost']} Power and stops "
                          f"{game.house_name(task['mover'])}'s move.", house=task["mover"], move=task["move"])
            else:
                move_token(game, task["move"], task["mover"], name)
            return
        queue.pop(0)
        fire_made_flesh(game, answer)


def move_token(game: Game, move: dict[str, str], house: str, why: str) -> None:
    tokens = game.state.mod["loyalty"]
    tokens[move["from"]] -= 1
    if not tokens[move["from"]]:
        del tokens[move["from"]]
    tokens[move["to"]] = tokens.get(move["to"], 0) + 1
    game.emit("loyalty_moved", f"{why}: {game.house_name(house)} moves a loyalty token from "
              f"{game.area_name(move['from'])} to {game.area_name(move['to'])}.", house=house, source=move["from"],
              dest=move["to"])


def fire_made_flesh(game: Game, answer: dict[str, Any]) -> None:
    """M13: a sacrificed Dragon moves the earliest strength token still to come into the dragon box."""
    s, b = game.state, game.board
    if answer["action"] == "sacrifice":
        world.remove_units(s, answer["area"], ["dragon"])
        dragons.box_next_token(b, s)
        game.emit("fire_made_flesh", f"Fire Made Flesh: Targaryen sacrifices a Dragon in "
                  f"{game.area_name(answer['area'])}; Dragons grow stronger.", house=TARGARYEN, area=answer["area"])
    elif answer["action"] == "revive":
        home = b.home_of[TARGARYEN]
        world.add_units(s, home, TARGARYEN, [Unit("dragon")])
        game.emit("fire_made_flesh", f"Fire Made Flesh: a Dragon returns to {game.area_name(home)}.",
                  house=TARGARYEN, area=home)


# --- presentation (engine.agot.present) ----------------------------------------------------------------


def label(game: Game, decision: Decision) -> tuple[str, str]:
    name = card_data(game, decision.info["card"])["name"]
    what = {"iv_area": "loyalty token", "iv_house": "player", "iv_unit": "unit", "iv_move": "loyalty move",
            "iv_veto": "veto", "fire_made_flesh": "choice"}[decision.kind]
    return f"{name}: {what}", "westeros-card"


def choice(game: Game, decision: Decision, value: Any) -> tuple[str, str]:
    kind = decision.kind
    cost = decision.info.get("cost", 0) if not decision.info.get("paid") else 0
    pay = f" (pay {cost} Power)" if cost else ""
    if kind == "iv_area":
        if value is None:
            return "Stop", "Place no (more) loyalty token."
        return game.area_name(value), f"A loyalty token goes to {game.area_name(value)}{pay}."
    if kind == "iv_house":
        if value is None:
            return "Nobody", "Do not use the card."
        return game.house_name(value), f"Pick {game.house_name(value)}{pay}."
    if kind == "iv_unit":
        return value.replace("_", " ").title(), "Place this unit."
    if kind == "iv_move":
        if value is None:
            return "No move", "Leave the loyalty tokens where they are."
        return (f"{game.area_name(value['from'])} → {game.area_name(value['to'])}",
                "Move one loyalty token to the adjacent area.")
    if kind == "iv_veto":
        return ("Stop the move", f"Pay {decision.info.get('cost', 0)} Power.") if value else \
            ("Let it happen", "Pay nothing.")
    if value["action"] == "sacrifice":
        return f"Sacrifice the Dragon in {game.area_name(value['area'])}", "Every Dragon gains 1 strength now."
    if value["action"] == "revive":
        return "Bring a Dragon home", "A destroyed Dragon returns to Pentos."
    return "Nothing", "Do not use the card."
