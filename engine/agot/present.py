"""Decisions a front end can show as they are (docs/decisions.md).

``present`` gives each open decision a public ``label`` (never a secret: it is what the public waiting list
shows), ``choices`` parallel to ``options`` (``{"value", "label", "description"}``, plus ``"pass": True`` on the
choice that does nothing) and ``info["purpose"]`` naming the context. Names come from ``data/`` (areas, houses,
House cards with their strength, icons and our own summary of the ability).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.agot.mod import bank, vassals, westeros_iv
from engine.agot.orders import describe
from engine.agot.tracks import TRACK_NAMES
from engine.agot.westeros import OPTION_NAMES
from engine.core import Decision

if TYPE_CHECKING:
    from engine.agot.table import Frame
    from engine.agot.table import Table as Game

UNIT_NAMES = {"footman": "Footman", "knight": "Knight", "ship": "Ship", "siege_engine": "Siege Engine",
              "dragon": "Dragon"}

Choice = tuple[str, str]  # label, description


@dataclass
class Context:
    game: Game
    decision: Decision
    frame: Frame

    def area(self, area: str | None) -> str:
        return self.game.area_name(area) if area else "nowhere"

    def house(self, house: str | None) -> str:
        return self.game.house_name(house) if house else "the neutral force"

    def card(self, card: str) -> str:
        return str(self.game.board.card_by_id[card]["name"])

    def card_choice(self, card: str) -> Choice:
        c = self.game.board.card_by_id[card]
        icons = [f"{c[k]} {k[:-1] if c[k] == 1 else k}" for k in ("swords", "fortifications") if c[k]]
        text = f"Strength {c['strength']}" + (f", {', '.join(icons)}" if icons else "") + "."
        return f"{c['name']} ({c['strength']})", text + (f" {c['text']}" if c["text"] else "")

    def order(self, area: str) -> str:
        order = self.game.state.areas[area].order
        return describe(self.game.board.order_tokens[order.token]) if order else "no order"

    def combat_area(self) -> str:
        return self.area(self.frame.get("area"))


def units(kinds: list[str]) -> str:
    return ", ".join(UNIT_NAMES[k] for k in kinds) or "no unit"


# --- per kind: the label, the purpose and one choice ------------------------------------------------------


def _orders(x: Context) -> tuple[str, str]:
    return "orders", "planning"


def _raven(x: Context) -> tuple[str, str]:
    return "Messenger Raven", "messenger-raven"


def _raven_choice(x: Context, v: Any) -> Choice:
    if v["action"] == "pass":
        return "Pass", "Do not use the Messenger Raven this round."
    if v["action"] == "peek":
        return "Look at the top wildling card", "You may then leave it on top or put it at the bottom of the deck."
    token = describe(x.game.board.order_tokens[v["token"]])
    return (f"{x.area(v['area'])}: {x.order(v['area'])} → {token}",
            f"Replace your order in {x.area(v['area'])} with an unused {token} order.")


def _raven_peek(x: Context) -> tuple[str, str]:
    return "Messenger Raven: the top wildling card", "messenger-raven"


def _peek_choice(x: Context, v: Any) -> Choice:
    if v["action"] == "top":
        return "Keep it on top", "The wildling card stays on top of the deck."
    return "Bottom of the deck", "The wildling card goes to the bottom of the deck."


def _raid(x: Context) -> tuple[str, str]:
    return "raid order", "raid"


def _raid_choice(x: Context, v: Any) -> Choice:
    if v["target"] is None:
        order = x.game.state.areas[v["area"]].order
        if order and x.game.board.order_tokens[order.token].type == "raid_support":
            return f"Raid/Support in {x.area(v['area'])}: no raid", "Keep this order as a Support +1 order."
        return f"Raid in {x.area(v['area'])}: no effect", "Remove this Raid order without effect."
    victim = x.game.state.areas[v["target"]].order
    owner = x.house(victim.house if victim else None)
    what = x.order(v["target"])
    pillage = " and pillage 1 Power" if victim and x.game.board.order_tokens[victim.token].type == \
        "consolidate_power" else ""
    return (f"Raid in {x.area(v['area'])} → {owner}'s {what} in {x.area(v['target'])}",
            f"Remove {owner}'s {what} order in {x.area(v['target'])}{pillage}.")


def _march(x: Context) -> tuple[str, str]:
    return "march order", "march"


def _march_choice(x: Context, v: Any) -> Choice:
    return f"March in {x.area(v['from'])}: no move", "Remove this March order without moving (no unit can move)."


def _consolidate(x: Context) -> tuple[str, str]:
    return "consolidate power order", "consolidate-power"


def _consolidate_choice(x: Context, v: Any) -> Choice:
    from engine.agot.action import consolidate_yield

    if "loan" in v:
        if v["loan"] is None:
            return f"No loan ({x.area(v['area'])})", "Remove the Iron Bank order; take no loan."
        row = x.game.state.mod["bank"]["row"]
        cost = bank.costs(x.game, x.decision.player)[v["loan"]]
        return (f"Loan: {bank.loan_name(x.game, row[v['loan']])} ({cost} Power)",
                next(c["text"] for c in x.game.board.mod["loans"]["cards"] if c["id"] == row[v["loan"]]))
    order = x.game.state.areas[v["area"]].order
    if order and x.game.board.order_tokens[order.token].type == "defense_muster":
        if v["muster"]:
            return f"Muster in {x.area(v['area'])}", "Use this Defense/Muster order to muster here."
        return f"Defend in {x.area(v['area'])}", "Keep this order as a Defense +1 order."
    if v["muster"]:
        return f"Muster in {x.area(v['area'])}", "Special Consolidate Power: muster in this castle instead."
    gain = consolidate_yield(x.game, x.decision.player, v["area"])
    return f"Consolidate Power in {x.area(v['area'])}", f"Gain {gain} Power."


def _bid(x: Context) -> tuple[str, str]:
    info = x.decision.info
    if info.get("purpose") == "wildlings":
        return "wildling bid", "wildlings"
    return f"bid on the {TRACK_NAMES[info['track']]} track", "clash-of-kings"


def _bid_choice(x: Context, v: Any) -> Choice:
    return str(v), f"Bid {v} Power."


def _parent(x: Context) -> Frame:
    stack = x.game.state.stack
    return stack[-2] if len(stack) > 1 else {}


def _break_tie(x: Context) -> tuple[str, str]:
    parent = _parent(x)
    if parent.get("step") == "clash":
        from engine.agot.tracks import TRACKS

        track = TRACKS[parent["track"]]
        x.decision.info["track"] = track
        return f"tie-break on the {TRACK_NAMES[track]} track", "clash-of-kings"
    return "tie-break for the wildling attack", "wildlings"


def _house_choice(x: Context, v: Any) -> Choice:
    return x.house(v), f"{x.house(v)} takes {x.decision.info.get('what', 'the place')}."


def _muster(x: Context) -> tuple[str, str]:
    x.decision.info["source"] = x.frame.get("source", "westeros")
    return "mustering", "mustering"


def _reconcile(x: Context) -> tuple[str, str]:
    return "supply reconciliation", "supply"


def _westeros(x: Context) -> tuple[str, str]:
    from engine.agot.westeros import card_name

    return f"choice for {card_name(x.game, x.frame['resolving'], x.decision.info['card'])}", "westeros-card"


def _westeros_choice(x: Context, v: Any) -> Choice:
    descriptions = {"supply": "Every house adjusts its supply now.", "mustering": "Every house musters now.",
                    "clash-of-kings": "Bid for the three Influence tracks now.",
                    "game-of-thrones": "Every house gains Power for its crowns and ports now.",
                    "no-march-plus-one": "No March +1 orders in the coming Planning phase.",
                    "no-defense": "No Defense orders in the coming Planning phase.", "none": "Nothing happens."}
    return OPTION_NAMES[v][0].upper() + OPTION_NAMES[v][1:], descriptions[v]


# --- combat -------------------------------------------------------------------------------------------


COMBAT_WHAT = {
    "support": "support", "refuse": "refusing support", "house_card": "house card", "tides_redraw":
    "Tides of Battle redraw", "blade": "Valyrian Steel Blade", "casualties": "casualties", "skull":
    "Tides of Battle skull", "retreat": "retreat", "retreat_losses": "losses before the retreat",
    "stay_losses": "losses of the attackers", "port_capture": "port capture", "robb": "Robb Stark's retreat choice",
}


def _combat(x: Context) -> tuple[str, str]:
    card = x.frame.get("q", {}).get(x.decision.player, {}).get("card")
    info = x.decision.info
    for key in ("attacker", "defender", "area"):
        info.setdefault(key, x.frame.get(key))
    if card:
        info["ability"] = card
        return f"{x.card(card)} in the combat in {x.combat_area()}", "combat"
    return f"{COMBAT_WHAT[x.decision.kind]} for the combat in {x.combat_area()}", "combat"


def _support_choice(x: Context, v: Any) -> Choice:
    from engine.agot.battle import ATTACKER

    if v == "none":
        return "Nobody", "Your Support orders next to the combat add nothing."
    house = x.frame["attacker"] if v == ATTACKER else x.frame["defender"]
    return f"{x.house(house)} ({v})", f"Your supporting units add their strength to {x.house(house)}."


def _refuse_choice(x: Context, v: Any) -> Choice:
    if not v:
        return "Accept all support", "Every house that declared support for you helps."
    names = ", ".join(x.house(h) for h in v)
    return f"Refuse {names}", f"The support of {names} does not count for you."


def _units_choice(x: Context, v: Any) -> Choice:
    return units(v), f"Destroy {units(v)}."


def _yes_no(yes: str, no: str) -> Callable[[Context, Any], Choice]:
    def choice(x: Context, v: Any) -> Choice:
        return ("Yes", yes) if v else ("No", no)

    return choice


def _retreat_choice(x: Context, v: Any) -> Choice:
    if v is None:
        return "Let them choose", "The loser chooses where to retreat."
    cost = x.decision.info.get("options", {}).get(v, 0)
    extra = f" ({cost} unit(s) destroyed first for supply)" if cost else ""
    return x.area(v), f"Retreat to {x.area(v)}{extra}."


def _port_choice(x: Context, v: Any) -> Choice:
    return f"Replace {v} ship(s)", f"{v} enemy ship(s) in the port become yours; the others are destroyed."


def _track_choice(x: Context, v: Any) -> Choice:
    return f"{TRACK_NAMES[v]} track", f"The {TRACK_NAMES[v]} Influence track."


def _card_or_none(none: str, verb: str) -> Callable[[Context, Any], Choice]:
    def choice(x: Context, v: Any) -> Choice:
        if v is None or v == "keep":
            return none, f"{none}."
        label, text = x.card_choice(v)
        return label, f"{verb} {x.card(v)}. {text}"

    return choice


def _area_or_none(none: str, verb: str) -> Callable[[Context, Any], Choice]:
    def choice(x: Context, v: Any) -> Choice:
        if v is None:
            return none, f"{none}."
        what = x.order(v) if x.decision.kind in ("queen_of_thorns", "cersei") else "a Footman"
        return x.area(v), f"{verb} {what} in {x.area(v)}."

    return choice


def _mace_choice(x: Context, v: Any) -> Choice:
    state = "routed" if v["routed"] else "standing"
    return f"A {state} Footman", f"Destroy one of the enemy's {state} Footmen."


# --- wildlings ----------------------------------------------------------------------------------------


WILDLING_WHAT = {
    "wildling_destroy": "units to destroy", "crow_downgrade": "Knights to lose", "crow_upgrade":
    "Footmen to upgrade", "horde_muster": "where to muster", "raid_choice": "penalty", "raid_track":
    "track to fall on", "discard_one": "House card to discard", "retake_one": "House card to take back",
    "top_of_track": "track to top", "bottom_of_one": "track to fall to the bottom of",
}


def _wildling(x: Context) -> tuple[str, str]:
    from engine.agot.wildling_tasks import card_name

    return f"{card_name(x.game, x.decision.info['card'])}: {WILDLING_WHAT[x.decision.kind]}", "wildling-card"


def _crow_down_choice(x: Context, v: Any) -> Choice:
    parts = []
    for what, areas in (("Knights become Footmen in ", v["downgrade"]), ("Knights destroyed in ", v["destroy"])):
        if areas:
            parts.append(what + ", ".join(f"{x.area(a)} ({n})" for a, n in Counter(areas).items()))
    text = "; ".join(parts) or "No Knight"
    return text, text + "."


def _crow_up_choice(x: Context, v: Any) -> Choice:
    if not v:
        return "No upgrade", "Keep your Footmen."
    counts = Counter(v)
    where = ", ".join(x.area(a) + (f" ({n})" if n > 1 else "") for a, n in counts.items())
    plural = "Footmen become Knights" if len(v) > 1 else "Footman becomes a Knight"
    return f"Upgrade in {where}", f"{len(v)} {plural}: " + ", ".join(
        f"{n} in {x.area(a)}" for a, n in counts.items()) + "."


def _area_choice(x: Context, v: Any) -> Choice:
    return x.area(v), f"Muster in {x.area(v)}."


def _raid_penalty_choice(x: Context, v: Any) -> Choice:
    if v == "destroy":
        return "Destroy 2 units", "Destroy 2 of your units."
    return "Fall 2 places", "Fall 2 places on the Influence track where you stand highest."


def _card_choice(x: Context, v: Any) -> Choice:
    return x.card_choice(v)


Labeller = Callable[[Context], tuple[str, str]]
Chooser = Callable[[Context, Any], Choice]

KINDS: dict[str, tuple[Labeller, Chooser | None, Any]] = {
    # kind: (label and purpose, one choice, the value that does nothing - see PASS below)
    "orders": (_orders, None, None),
    "claim_vassal": (lambda x: vassals.claim_label(x.game), lambda x, v: vassals.claim_choice(x.game, v),
                     vassals.PASS),  # Mother of Dragons (engine.agot.mod)
    **{kind: (lambda x: westeros_iv.label(x.game, x.decision),
              lambda x, v: westeros_iv.choice(x.game, x.decision, v),
              {"iv_veto": False, "fire_made_flesh": {"action": "none"}}.get(kind)) for kind in westeros_iv.KINDS},
    **{kind: (lambda x: bank.label(x.game, x.decision), lambda x, v: bank.choice(x.game, x.decision, v), None)
       for kind in bank.KINDS},
    "raven": (_raven, _raven_choice, {"action": "pass"}),
    "raven_peek": (_raven_peek, _peek_choice, None),
    "raid": (_raid, _raid_choice, None),
    "march": (_march, _march_choice, None),
    "consolidate": (_consolidate, _consolidate_choice, None),
    "bid": (_bid, _bid_choice, 0),
    "break_tie": (_break_tie, _house_choice, None),
    "muster": (_muster, None, None),
    "reconcile": (_reconcile, None, None),
    "westeros_choice": (_westeros, _westeros_choice, "none"),
    "support": (_combat, _support_choice, "none"),
    "refuse": (_combat, _refuse_choice, []),
    "house_card": (_combat, _card_choice, None),
    "tides_redraw": (_combat, _yes_no("Discard your Tides of Battle card and draw another (the Blade is used).",
                                      "Keep your Tides of Battle card."), False),
    "blade": (_combat, _yes_no("Use the Valyrian Steel Blade for +1 strength.", "Keep the Blade unused."), False),
    "casualties": (_combat, _units_choice, None),
    "skull": (_combat, _units_choice, None),
    "retreat": (_combat, _retreat_choice, None),
    "retreat_losses": (_combat, _units_choice, None),
    "stay_losses": (_combat, _units_choice, None),
    "port_capture": (_combat, _port_choice, None),
    "robb": (_combat, _retreat_choice, None),
    "tyrion": (_combat, _yes_no("Cancel the opponent's House card: he chooses another.", "No cancel."), False),
    "doran": (_combat, _track_choice, None),
    "mace": (_combat, _mace_choice, None),
    "queen_of_thorns": (_combat, _area_or_none("No removal", "Remove"), None),
    "aeron": (_combat, _card_or_none("Keep Aeron Damphair", "Pay 2 Power and fight with"), "keep"),
    "renly": (_combat, _area_or_none("No upgrade", "Upgrade"), None),
    "cersei": (_combat, _area_or_none("No removal", "Remove"), None),
    "patchface": (_combat, _card_or_none("No discard", "Discard"), None),
    "robert_arryn": (_combat, _card_or_none("Do not use", "Remove from the game with Robert Arryn"), None),
    "viserys": (_combat, _card_or_none("No card", "Discard and add"), None),
    "missandei": (_combat, _card_or_none("No card", "Take back"), None),
    "bronn": (_combat, _yes_no("Pay 2 Power: Bronn's strength becomes 0.", "Pay nothing."), False),
    "beric": (_combat, lambda x, v: (UNIT_NAMES[v], f"Lose a {UNIT_NAMES[v]}."), None),
    "jon_connington": (_combat, lambda x, v: ("No Knight", "Place no Knight.") if v is None else
                       (x.area(v), f"Place a Knight in {x.area(v)}."), None),
    "wildling_destroy": (_wildling, None, None),
    "crow_downgrade": (_wildling, _crow_down_choice, None),
    "crow_upgrade": (_wildling, _crow_up_choice, []),
    "horde_muster": (_wildling, _area_choice, None),
    "raid_choice": (_wildling, _raid_penalty_choice, None),
    "raid_track": (_wildling, _track_choice, None),
    "discard_one": (_wildling, _card_choice, None),
    "retake_one": (_wildling, _card_or_none("No card", "Take back"), None),
    "top_of_track": (_wildling, _track_choice, None),
    "bottom_of_one": (_wildling, _track_choice, None),
}

# Kinds whose pass value is a "no effect" per option rather than one value.
_NO_EFFECT = {
    "raid": lambda v: v["target"] is None,
    "march": lambda v: not v["moves"],
    "robb": lambda v: v is None, "queen_of_thorns": lambda v: v is None, "renly": lambda v: v is None,
    "cersei": lambda v: v is None, "patchface": lambda v: v is None, "retake_one": lambda v: v is None,
    "iv_area": lambda v: v is None, "iv_house": lambda v: v is None, "iv_move": lambda v: v is None,
    "loan_destroy": lambda v: v is None, "robert_arryn": lambda v: v is None, "viserys": lambda v: v is None,
    "missandei": lambda v: v is None, "jon_connington": lambda v: v is None,
    "consolidate": lambda v: v.get("loan", 0) is None,
}


def is_pass(kind: str, value: Any) -> bool:
    """Whether ``value`` is the do-nothing answer of a decision of ``kind`` (docs/decisions.md)."""
    if kind in _NO_EFFECT:
        return bool(_NO_EFFECT[kind](value))
    nothing = KINDS[kind][2] if kind in KINDS else None
    return nothing is not None and type(value) is type(nothing) and value == nothing


def present(game: Game, decision: Decision, choices: bool = True) -> Decision:
    """Fill ``label``, ``choices`` (unless not wanted) and ``info['purpose']`` (the info dict is copied, never
    the frame's own)."""
    frame = game.state.stack[-1] if game.state.stack else {}
    decision.info = dict(decision.info)
    x = Context(game, decision, frame)
    labeller, chooser, _ = KINDS[decision.kind]
    decision.label, decision.info["purpose"] = labeller(x)
    if decision.options is not None and choices:
        listed = []
        for value in decision.options:
            label, description = chooser(x, value) if chooser else (str(value), "")
            choice: dict[str, Any] = {"value": value, "label": label, "description": description}
            if is_pass(decision.kind, value):
                choice["pass"] = True
            listed.append(choice)
        decision.choices = listed
    return decision
