"""The expansion's House card abilities (checklist 24; MP11-MP13), registered like the base game's
(``engine.agot.house_cards``): Arryn's deck, Targaryen's two decks and the vassals' shared deck.

A card "removed from the game" is kept out of the discard pile at clean up (``c.f["kept"]``) or taken out of it
afterwards, and listed in ``state.mod["removed_cards"]``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.agot import battle, tracks, world
from engine.agot.house_cards import Ability, register, return_to_hand
from engine.agot.orders import acts_as
from engine.agot.state import Unit

if TYPE_CHECKING:
    from engine.agot.battle import Combat, Question

KINDS = ("robert_arryn", "viserys", "missandei", "bronn", "beric", "jon_connington")


def printed(c: Combat, card: str | None) -> int:
    return int(c.b.card_by_id[card]["strength"]) if card else 0


def remove_from_game(c: Combat, house: str, card: str) -> None:
    hs = c.s.houses[house]
    for pile in (hs.hand, hs.discard):
        if card in pile:
            pile.remove(card)
    if card == c.card(house):
        c.f.setdefault("kept", []).append(card)  # not discarded at clean up
    c.s.mod.setdefault("removed_cards", []).append(card)


def gap(c: Combat) -> int:
    final = c.note().get("final", {})
    return abs(final.get(c.attacker, 0) - final.get(c.defender, 0)) if len(final) == 2 else 0


# --- Arryn ----------------------------------------------------------------------------------------------


@register("lysa-arryn-mod", "after_winner")
class Lysa(Ability):
    def applies(self, c: Combat, house: str) -> bool:
        order = c.s.areas[c.area].order
        return c.winner == house == c.defender and order is not None and order.house == house and \
            acts_as(c.b.order_tokens[order.token], "defense")

    def resolve(self, c: Combat, house: str) -> None:  # MP11: always taken back (it only helps)
        c.f.setdefault("kept", []).append(self.card)
        return_to_hand(c.game, house, self.card)
        self.said(c, house, "Lysa Arryn returns to the hand.")


@register("ser-vardis-egen")
class Vardis(Ability):
    def _active(self, c: Combat, house: str) -> bool:
        rival = c.card(c.opponent(house))
        return rival is not None and printed(c, rival) <= 2

    def strength_bonus(self, c: Combat, house: str) -> int:
        return int(self._active(c, house))

    def forts_bonus(self, c: Combat, house: str) -> int:
        return 2 * int(self._active(c, house))


@register("godric-borrell")
class Godric(Ability):
    def strength_bonus(self, c: Combat, house: str) -> int:
        if house != c.defender or not c.b.is_sea(c.area):
            return 0
        return sum(1 for n in c.b.adjacent[c.area] if c.b.is_land(n) and world.controller(c.b, c.s, n) == house)


@register("anya-waynwood", "after_winner")
class Anya(Ability):
    def applies(self, c: Combat, house: str) -> bool:
        return c.winner == house

    def resolve(self, c: Combat, house: str) -> None:
        helpers = {c.s.areas[a].house for a in c.supporting(c.side(house))} - {house, None}
        gains = {h: world.gain_power(c.b, c.s, h, 3) for h in [house, *sorted(h for h in helpers if h)]}
        self.said(c, house, ", ".join(f"{c.name(h)} gains {n} Power" for h, n in gains.items()) + ".",
                  gained=gains)


@register("robert-arryn", "after_combat")
class RobertArryn(Ability):
    def _targets(self, c: Combat, house: str) -> list[str]:
        pile = c.s.houses[c.opponent(house)].discard
        low = min((printed(c, k) for k in pile), default=None)
        return [k for k in pile if printed(c, k) == low]

    def applies(self, c: Combat, house: str) -> bool:
        return house == c.defender and bool(self._targets(c, house))

    def questions(self, c: Combat, house: str) -> list[Question]:
        return self.ask(c, house, "robert_arryn", "Robert Arryn: remove him and one of the opponent's weakest "
                        "discarded cards from the game, or not.", [*self._targets(c, house), None], None)

    def answer(self, c: Combat, house: str, value: Any) -> None:
        if value is None:
            self.said(c, house, "not used.", removed=None)
            return
        remove_from_game(c, house, self.card)
        remove_from_game(c, c.opponent(house), value)
        self.said(c, house, f"Robert Arryn and {c.card_name(value)} leave the game.", removed=value)


# --- Targaryen ------------------------------------------------------------------------------------------


def _knights(c: Combat, house: str) -> int:
    return sum(1 for k, routed in c.army(house) if k == "knight" and not routed)


@register("khal-drogo", "after_combat")
class KhalDrogo(Ability):
    def strength_bonus(self, c: Combat, house: str) -> int:  # +1 per fighting Knight, counted on the card
        return _knights(c, house)

    def swords_bonus(self, c: Combat, house: str) -> int:
        return _knights(c, house)

    def resolve(self, c: Combat, house: str) -> None:
        remove_from_game(c, house, self.card)
        self.said(c, house, "Khal Drogo leaves the game.")


@register("xaro-xhoan-daxos")
class Xaro(Ability):
    def strength_bonus(self, c: Combat, house: str) -> int:
        ships = sum(1 for k, routed in c.army(house) if k == "ship" and not routed)
        theirs = sum(1 for k, _ in c.army(c.opponent(house)) if k == "ship")
        return ships if ships > theirs else 0


@register("daenerys-targaryen-a")
class DaenerysA(Ability):
    def strength_bonus(self, c: Combat, house: str) -> int:
        return 2 if any(k == "dragon" for h in c.combatants() for k, _ in c.army(h)) else 0


@register("viserys-targaryen", "immediately")
class Viserys(Ability):
    def applies(self, c: Combat, house: str) -> bool:
        return bool(c.s.houses[house].hand)

    def strength_bonus(self, c: Combat, house: str) -> int:
        return int(c.note().get("viserys", {}).get(house, 0))

    def questions(self, c: Combat, house: str) -> list[Question]:
        hand = c.s.houses[house].hand
        return self.ask(c, house, "viserys", "Viserys Targaryen: discard another card from your hand to add its "
                        "printed strength, or not.", [*hand, None], None)

    def answer(self, c: Combat, house: str, value: Any) -> None:
        if value is None:
            self.said(c, house, "no card is added.", added=None)
            return
        hs = c.s.houses[house]
        hs.hand.remove(value)
        hs.discard.append(value)
        c.note().setdefault("viserys", {})[house] = printed(c, value)  # public: the discard is public (C8)
        self.said(c, house, f"{c.card_name(value)} is discarded: +{printed(c, value)}.", added=value)

    def at_clean_up(self, c: Combat, house: str) -> None:
        if c.loser == house:
            remove_from_game(c, house, self.card)
            self.said(c, house, "Viserys Targaryen leaves the game.")


@register("illyrio-mopatis", "after_combat")
class Illyrio(Ability):
    def resolve(self, c: Combat, house: str) -> None:
        got = world.gain_power(c.b, c.s, house, gap(c))
        text = f"{c.name(house)} gains {got} Power."
        if c.s.houses[house].power >= 5:
            remove_from_game(c, house, self.card)
            text += " Illyrio Mopatis leaves the game."
        self.said(c, house, text, gained=got)


@register("daenerys-targaryen-b", "after_combat")
class DaenerysB(Ability):
    def resolve(self, c: Combat, house: str) -> None:
        rival = c.opponent(house)
        lost = min(gap(c), c.s.houses[rival].power)
        c.s.houses[rival].power -= lost
        self.said(c, house, f"{c.name(rival)} discards {lost} Power.", lost=lost)


@register("captain-groleo")
class Groleo(Ability):
    def strength_bonus(self, c: Combat, house: str) -> int:
        if house != c.attacker or not c.b.is_land(c.area):
            return 0
        return sum(1 for n in c.b.adjacent[c.area] for u in c.s.areas[n].units
                   if c.s.areas[n].house == house and u.kind == "ship")


@register("rakharo")
class Rakharo(Ability):
    def strength_bonus(self, c: Combat, house: str) -> int:  # +2 per fighting Knight, counted on the card
        land = c.b.is_land(c.area) and not c.b.areas[c.area].castle
        return 2 * _knights(c, house) if land else 0


@register("missandei", "after_winner")
class Missandei(Ability):
    def applies(self, c: Combat, house: str) -> bool:
        return c.loser == house and gap(c) <= 2 and bool(self._cards(c, house))

    def _cards(self, c: Combat, house: str) -> list[str]:
        return [k for k in c.s.houses[house].discard if k != self.card]

    def questions(self, c: Combat, house: str) -> list[Question]:
        return self.ask(c, house, "missandei", "Missandei: take one card of your discard pile back, or none.",
                        [*self._cards(c, house), None], None)

    def answer(self, c: Combat, house: str, value: Any) -> None:
        if value is None:
            self.said(c, house, "no card is taken back.", returned=None)
            return
        c.s.houses[house].discard.remove(value)
        return_to_hand(c.game, house, value)
        self.said(c, house, f"{c.card_name(value)} returns to the hand.", returned=value)


# --- the vassals' deck ----------------------------------------------------------------------------------


@register("varys", "after_combat")
class Varys(Ability):
    def resolve(self, c: Combat, house: str) -> None:
        tracks.move_to(c.game, "fiefdoms", house, 0)
        self.said(c, house, f"{c.name(house)} goes to the top of the Fiefdoms track.")


@register("syrio-forel")
class Syrio(Ability):
    def unit_value(self, c: Combat, house: str, owner: str, kind: str, side: str, value: int) -> int:
        attacking = side == battle.ATTACKER and house == c.defender
        return 0 if attacking and kind == "footman" and owner not in c.game.vassals() else value


@register("jaqen-h-ghar", "cancel")
class Jaqen(Ability):
    def applies(self, c: Combat, house: str) -> bool:
        rival = c.opponent(house)
        return c.card(rival) is not None and bool(c.s.houses[rival].hand)

    def resolve(self, c: Combat, house: str) -> None:  # MP12: the replacement is drawn at random
        rival = c.opponent(house)
        old = c.card(rival)
        hand = c.s.houses[rival].hand
        new = hand[c.s.rng.below(len(hand))]
        hand.remove(new)
        return_to_hand(c.game, rival, old)  # type: ignore[arg-type]
        c.f["cards"][rival] = new
        c.note()["cards"][rival] = new
        self.said(c, house, f"{c.card_name(old)} is cancelled; {c.card_name(new)} is drawn from "
                  f"{c.name(rival)}'s hand in its place.", cancelled=old, drawn=new)



@register("bronn", "immediately")
class Bronn(Ability):  # MP13: the opponent may pay 2 Power to bring Bronn to 0 (never a vassal opponent)
    def applies(self, c: Combat, house: str) -> bool:
        rival = c.opponent(house)
        return bool(rival) and rival not in c.game.vassals() and c.s.houses[rival].power >= 2

    def strength_bonus(self, c: Combat, house: str) -> int:
        return -printed(c, self.card) if c.note().get("bronn") == house else 0

    def questions(self, c: Combat, house: str) -> list[Question]:
        return self.ask(c, c.opponent(house), "bronn", "Bronn: pay 2 Power to bring his strength to 0?",
                        [True, False], False)

    def answer(self, c: Combat, house: str, value: Any) -> None:  # ``house``: the opponent, who was asked
        owner = c.opponent(house)
        if not value:
            self.said(c, owner, "Bronn keeps his strength.", paid=0)
            return
        c.s.houses[house].power -= 2
        c.note()["bronn"] = owner
        self.said(c, owner, f"{c.name(house)} pays 2 Power: Bronn's strength is 0.", paid=2)


@register("beric-dondarrion", "after_winner")
class Beric(Ability):  # MP13: if the vassal wins, it loses one of its fighting units (its commander picks)
    def _kinds(self, c: Combat, house: str) -> list[str]:
        return sorted({u.kind for u in c.fighting_units(house) if not u.routed})

    def applies(self, c: Combat, house: str) -> bool:
        return c.winner == house and bool(self._kinds(c, house))

    def questions(self, c: Combat, house: str) -> list[Question]:
        kinds = self._kinds(c, house)
        weakest = min(kinds, key=lambda k: {"siege_engine": 0, "footman": 1, "ship": 1, "knight": 2}.get(k, 3))
        return self.ask(c, house, "beric", "Beric Dondarrion: the unit your winning army loses.", kinds, weakest)

    def answer(self, c: Combat, house: str, value: Any) -> None:
        c.destroy(house, value)
        self.said(c, house, f"{c.name(house)} loses a {value.replace('_', ' ')}.", unit=value)


@register("jon-connington", "after_combat")
class JonConnington(Ability):  # MP13: a losing vassal may place a Knight where its army went or at home
    def _areas(self, c: Combat, house: str) -> list[str]:
        b, s = c.b, c.s
        if world.pool(b, s, house, "knight") < 1:
            return []
        places = [c.source] if house == c.attacker else [c.f.get("retreat", {}).get("dest") or ""]
        places.append(b.home_of.get(house, ""))
        return sorted({a for a in places if a and b.is_land(a) and world.controller(b, s, a) == house
                       and world.within_supply(b, s, house, {a: 1})})

    def applies(self, c: Combat, house: str) -> bool:
        return c.loser == house and bool(self._areas(c, house))

    def questions(self, c: Combat, house: str) -> list[Question]:
        return self.ask(c, house, "jon_connington", "Jon Connington: place a Knight, or not.",
                        [*self._areas(c, house), None], None)

    def answer(self, c: Combat, house: str, value: Any) -> None:
        if value is None:
            self.said(c, house, "no Knight is placed.", area=None)
            return
        world.add_units(c.s, value, house, [Unit("knight")])
        self.said(c, house, f"a Knight joins {c.name(house)} in {c.game.area_name(value)}.", area=value)
