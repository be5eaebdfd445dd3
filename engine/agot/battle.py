"""The facts of one combat: who fights, who supports, strength and icons (RB2 pp.17-20; checklist 9B-9F).

``Combat`` is a typed view over the combat frame (plain JSON on the step stack) and the game. Strength is
always computed from the board as it stands, so a card that destroys a unit or removes a Support order
changes the totals at once (9.32). The attacking units leave the area they marched from when the combat
starts and stand in the embattled area (``AreaState.attacking``, A26) until they move in at clean up or
retreat; against a neutral force they stay where they marched from until it falls (A24). ``kinds`` lists
them (they are never routed: routed units cannot march).

Unit strength (9.4): Footman 1, Knight 2, Ship 1, Siege Engine 4 when attacking or supporting an attack
on a castle or stronghold (else 0), routed units 0. Initial strength (9.19): units, the March modifier
(attacker), the Defense order in the embattled area (defender), support (9.6, 9.16) and the garrison
(defender, 16.5). Final strength adds the House card, the Blade and the Tides of Battle card.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.agot import house_cards, world  # house_cards: abilities refer back to this module only at call time
from engine.agot.mod.dragons import dragon_strength
from engine.agot.orders import acts_as
from engine.core import Audience

if TYPE_CHECKING:
    from engine.agot.board import Board
    from engine.agot.frames import CombatFrame as Frame
    from engine.agot.house_cards import Ability
    from engine.agot.state import GameState, Unit
    from engine.agot.table import Table as Game

ATTACKER, DEFENDER, NOBODY = "attacker", "defender", "none"
UNIT_NAMES = {"footman": "Footman", "knight": "Knight", "ship": "Ship", "siege_engine": "Siege Engine",
              "dragon": "Dragon"}


@dataclass
class Question:
    """One question of the combat, kept in the frame until answered (options are always listed)."""

    player: str
    kind: str
    prompt: str
    options: list[Any]
    default: Any
    info: dict[str, Any] = field(default_factory=dict)
    secret: bool = False
    group: str | None = None
    card: str | None = None  # the House card whose ability asks

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "prompt": self.prompt, "options": self.options, "default": self.default,
                "info": self.info, "secret": self.secret, "group": self.group, "card": self.card}


class Combat:
    def __init__(self, game: Game, frame: Frame) -> None:
        self.game = game
        self.f = frame

    # --- who fights -----------------------------------------------------------------------------

    @property
    def b(self) -> Board:
        return self.game.board

    @property
    def s(self) -> GameState:
        return self.game.state

    @property
    def attacker(self) -> str:
        return str(self.f["attacker"])

    @property
    def defender(self) -> str:
        """The defending house ('' against a neutral force)."""
        return str(self.f["defender"] or "")

    @property
    def area(self) -> str:
        return str(self.f["area"])

    @property
    def source(self) -> str:
        return str(self.f["source"])

    @property
    def token(self) -> str:
        return str(self.f["token"])

    @property
    def kinds(self) -> list[str]:
        """The attacking units still fighting (a copy)."""
        if self.f["defender"]:
            return [u.kind for u in self.s.areas[self.area].attacking]
        return list(self.f["kinds"])

    @property
    def neutral(self) -> int:
        return int(self.f.get("neutral", 0))

    @property
    def winner(self) -> str:
        return str(self.f.get("winner") or "")

    @property
    def loser(self) -> str:
        return str(self.f.get("loser") or "")

    def side(self, house: str) -> str:
        return ATTACKER if house == self.attacker else DEFENDER

    def house_of(self, side: str) -> str:
        return self.attacker if side == ATTACKER else self.defender

    def opponent(self, house: str) -> str:
        return self.defender if house == self.attacker else self.attacker

    def in_turn_order(self, houses: list[str]) -> list[str]:
        order = self.game.turn_order()
        return sorted((h for h in houses if h), key=order.index)

    def combatants(self) -> list[str]:
        return self.in_turn_order([self.attacker, self.defender])

    def castle(self) -> bool:
        return world.castle_level(self.b, self.s, self.area) > 0

    def name(self, house: str) -> str:
        return self.game.house_name(house) if house else "the neutral force"

    # --- House cards ----------------------------------------------------------------------------

    def card(self, house: str) -> str | None:
        """The House card ``house`` fights with (revealed and not cancelled), if any."""
        card: str | None = self.f.get("cards", {}).get(house)
        return card

    def plays(self, house: str, card: str) -> bool:
        return self.card(house) == card

    def ability(self, house: str) -> Ability | None:
        card = self.card(house)
        return house_cards.ABILITIES.get(card) if card else None

    def abilities(self) -> list[tuple[str, Ability]]:
        """The abilities of both cards in play, in Iron Throne order (A17)."""
        out = []
        for house in self.combatants():
            ability = self.ability(house)
            if ability is not None:
                out.append((house, ability))
        return out

    def casualties_prevented(self, house: str) -> bool:
        """The Blackfish: no casualties from swords, skulls or card abilities (9.35)."""
        ability = self.ability(house)
        return bool(ability and ability.prevents_casualties)

    # --- units ----------------------------------------------------------------------------------

    def army(self, house: str) -> list[tuple[str, bool]]:
        """(kind, routed) of the house's fighting units: the marching units, or the units in the area."""
        if house == self.attacker:
            return [(k, False) for k in self.kinds]
        st = self.s.areas[self.area]
        if house and st.house == house:
            return [(u.kind, u.routed) for u in st.units]
        return []

    def army_area(self, house: str) -> str:
        """Where the house's fighting units stand: the embattled area (A26), or the source against a neutral
        force."""
        return self.source if house == self.attacker and not self.defender else self.area

    def fighting_units(self, house: str) -> list[Unit]:
        """The house's fighting units themselves (the attacking units, or the defender's units in the area)."""
        st = self.s.areas[self.army_area(house)]
        if house == self.attacker and self.defender:
            return st.attacking
        return st.units if house and st.house == house else []

    def destroy(self, house: str, kind: str, routed: bool = False) -> None:
        """Destroy one fighting unit. The area keeps its order until clean up (9.49)."""
        units = self.fighting_units(house)
        unit = next((u for u in units if u.kind == kind and u.routed == routed), None)
        if unit is None:
            raise ValueError(f"no {'routed ' if routed else ''}{kind} of {house} in {self.army_area(house)}")
        units.remove(unit)
        if house == self.attacker and not self.defender:
            self.f["kinds"].remove(kind)
        st = self.s.areas[self.army_area(house)]
        if not st.units:
            st.house = None

    # --- support ----------------------------------------------------------------------------------

    def support_areas(self) -> dict[str, str]:
        """Areas that were asked to support at the start of the combat, with their owner."""
        areas: dict[str, str] = self.f.get("support_areas", {})
        return areas

    def supporting(self, side: str) -> list[str]:
        """Areas whose support for ``side`` counts now: declared, not refused, order still there (9.6-9.11)."""
        declared = self.f.get("declared", {})
        refused = self.f.get("refused", [])
        out = []
        for area, owner in sorted(self.support_areas().items()):
            if declared.get(owner) != side or owner in refused:
                continue
            st = self.s.areas[area]
            order = st.order
            if order is None or order.house != owner or not acts_as(self.b.order_tokens[order.token], "support"):
                continue
            if st.units and st.house == owner:
                out.append(area)
        return out

    def supported(self, house: str) -> bool:
        """Whether any support for the house counts (Salladhor Saan, Asha Greyjoy)."""
        return bool(house) and bool(self.supporting(self.side(house)))

    # --- strength ---------------------------------------------------------------------------------

    def unit_value(self, owner: str, kind: str, routed: bool, side: str) -> int:
        """A unit's strength on ``side`` (fighting or supporting), card modifiers included."""
        if routed:
            return 0
        if kind == "siege_engine":
            value = 4 if side == ATTACKER and self.castle() else 0
        elif kind == "dragon":
            value = dragon_strength(self.b, self.s)  # M7
        else:
            value = int(self.b.tables["unit_strength"][kind])
        for house, ability in self.abilities():
            value = ability.unit_value(self, house, owner, kind, side, value)
        return value

    def support_value(self, area: str, side: str) -> int:
        st = self.s.areas[area]
        owner = st.house or ""
        units = sum(self.unit_value(owner, u.kind, u.routed, side) for u in st.units)
        order = st.order
        return units + (self.b.order_tokens[order.token].modifier if order else 0)

    def order_bonus(self, house: str) -> int:
        if house == self.attacker:
            return self.b.order_tokens[self.token].modifier
        order = self.s.areas[self.area].order
        if order is None or order.house != house or not acts_as(self.b.order_tokens[order.token], "defense"):
            return 0
        bonus = self.b.order_tokens[order.token].modifier
        ability = self.ability(house)
        return bonus * (2 if ability and ability.doubles_defense else 1)

    def garrison(self, house: str) -> int:
        if house != self.defender:
            return 0
        st = self.s.areas[self.area]
        return st.garrison if self.b.areas[self.area].home == house else 0

    def card_strength(self, house: str) -> int:
        card = self.card(house)
        if card is None:
            return 0
        printed = int(self.b.card_by_id[card]["strength"])
        rival = self.ability(self.opponent(house))
        if rival is not None and rival.zeroes_printed_strength:
            printed = 0
        ability = self.ability(house)
        return max(0, printed + (ability.strength_bonus(self, house) if ability else 0))

    def tides(self, house: str) -> dict[str, Any] | None:
        """The house's Tides of Battle card once revealed."""
        if not self.f.get("tides_shown"):
            return None
        card = self.f.get("tides", {}).get(house)
        return house_cards.tides_card(self.b, card) if card else None

    def strength(self, house: str, final: bool = True) -> dict[str, int]:
        """Each part of the house's combat strength; ``total`` sums them (9.19, 9.32)."""
        side = self.side(house)
        parts = {
            "units": sum(self.unit_value(house, k, r, side) for k, r in self.army(house)),
            "order": self.order_bonus(house),
            "support": sum(self.support_value(a, side) for a in self.supporting(side)),
            "garrison": self.garrison(house),
        }
        if final:
            tides = self.tides(house)
            parts["card"] = self.card_strength(house)
            parts["blade"] = 1 if self.f.get("blade") == house else 0
            parts["tides"] = int(tides["strength"]) if tides else 0
        parts["total"] = sum(parts.values())
        return parts

    def strength_parts(self, house: str, final: bool = True) -> dict[str, Any]:
        """``strength`` and the support of each area counting for the house (``support_areas``: {area: n})."""
        side = self.side(house)
        return {**self.strength(house, final),
                "support_areas": {a: self.support_value(a, side) for a in self.supporting(side)}}

    def total(self, house: str) -> int:
        return self.strength(house)["total"]

    def swords(self, house: str) -> int:
        return self._icons(house, "swords")

    def fortifications(self, house: str) -> int:
        return self._icons(house, "fortifications")

    def _icons(self, house: str, icon: str) -> int:
        card = self.card(house)
        count = int(self.b.card_by_id[card][icon]) if card else 0
        ability = self.ability(house)
        if ability is not None:
            count += ability.swords_bonus(self, house) if icon == "swords" else ability.forts_bonus(self, house)
        tides = self.tides(house)
        return count + (int(tides[icon]) if tides else 0)

    def skulls(self, house: str) -> int:
        tides = self.tides(house)
        return int(tides["skulls"]) if tides else 0

    # --- bookkeeping ------------------------------------------------------------------------------

    def note(self) -> dict[str, Any]:
        """The public facts of this combat, shown in every view (``notes['combat']``)."""
        note: dict[str, Any] = self.s.notes.setdefault("combat", {})
        return note

    def then(self, *tasks: list[Any]) -> None:
        """Run these tasks right after the current one, in this order."""
        self.f["tasks"][1:1] = [list(t) for t in tasks]

    def emit(self, kind: str, text: str, audience: Audience | None = None, **data: Any) -> None:
        self.game.emit(kind, text, audience, **data)

    def card_name(self, card: str | None) -> str:
        return str(self.b.card_by_id[card]["name"]) if card else "no House card"
