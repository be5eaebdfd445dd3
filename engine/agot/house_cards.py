"""House card abilities, registered by card id and timing window (RB2 p.19; checklist 9D, Appendix C; A17).

Windows, in the order a combat meets them:

* ``cancel``: right after the reveal (Tyrion Lannister), before every other text;
* ``immediately``: then, in Iron Throne order (Doran Martell, Mace Tyrell, Queen of Thorns, Aeron Damphair);
* passive texts apply to the strength and icon counts whenever they are computed (Stannis, Davos,
  Salladhor Saan, Kevan, Victarion, Balon, Theon, Asha, Nymeria, Catelyn) or at their moment (the
  Blackfish for casualties, Robb Stark for the retreat, Arianne at the move-in, Ser Loras at clean up);
* ``after_winner``: once the victor is known, in Iron Throne order (Tywin, Renly, Cersei, Roose Bolton);
* ``after_combat``: after clean up (Patchface).

An ability that asks a question returns it from ``questions``; one that asks nothing acts in ``resolve``.
The ability texts players read are in ``data/house_cards.json``. Hands and discard piles are public (C8);
a card being chosen lives only in the combat frame until both are revealed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.agot import battle, tracks, world
from engine.agot.state import Order

if TYPE_CHECKING:
    from engine.agot.battle import Combat, Question
    from engine.agot.board import Board
    from engine.agot.table import Table as Game

ABILITIES: dict[str, Ability] = {}


class Ability:
    card = ""
    window = ""  # cancel | immediately | after_winner | after_combat | "" (passive only)
    prevents_casualties = False  # The Blackfish
    doubles_defense = False  # Catelyn Stark
    zeroes_printed_strength = False  # Balon Greyjoy
    chooses_retreat = False  # Robb Stark
    march_follows = False  # Ser Loras Tyrell

    def strength_bonus(self, c: Combat, house: str) -> int:
        return 0

    def swords_bonus(self, c: Combat, house: str) -> int:
        return 0

    def forts_bonus(self, c: Combat, house: str) -> int:
        return 0

    def unit_value(self, c: Combat, house: str, owner: str, kind: str, side: str, value: int) -> int:
        return value

    def blocks_move_in(self, c: Combat, house: str) -> bool:
        return False

    def at_clean_up(self, c: Combat, house: str) -> None:
        """Just before the played cards are discarded (Viserys Targaryen may leave the game instead)."""

    def applies(self, c: Combat, house: str) -> bool:
        """Whether a windowed ability acts now (e.g. only for the victor)."""
        return True

    def questions(self, c: Combat, house: str) -> list[Question]:
        return []

    def resolve(self, c: Combat, house: str) -> None:
        """The ability's effect when it asks nothing."""

    def answer(self, c: Combat, house: str, value: Any) -> None:
        """Apply the owner's answer (already checked against the options)."""

    def ask(self, c: Combat, house: str, kind: str, prompt: str, options: list[Any], default: Any,
            **info: Any) -> list[Question]:
        return [battle.Question(house, kind, prompt, options, default, info=info, card=self.card)]

    def said(self, c: Combat, house: str, text: str, **data: Any) -> None:
        c.emit("house_card_ability", f"{c.card_name(self.card)} ({c.name(house)}): {text}", card=self.card,
               house=house, **data)


def register(card: str, window: str = "") -> Callable[[type[Ability]], type[Ability]]:
    def add(cls: type[Ability]) -> type[Ability]:
        ability = cls()
        ability.card, ability.window = card, window
        ABILITIES[card] = ability
        return cls

    return add


# --- hands and discard piles (9.27, 9.28, C10, A9) -------------------------------------------------------


def sort_cards(b: Board, house: str, cards: list[str]) -> list[str]:
    """Cards in their deck's printed order (a vassal's are the shared vassal deck's, M8)."""
    order = list(b.card_by_id)
    return sorted(cards, key=order.index)


def take_into_play(game: Game, house: str, card: str) -> None:
    game.state.houses[house].hand.remove(card)


def return_to_hand(game: Game, house: str, card: str) -> None:
    hs = game.state.houses[house]
    hs.hand = sort_cards(game.board, house, hs.hand + [card])


def discard(game: Game, house: str, card: str) -> None:
    hs = game.state.houses[house]
    hs.discard = sort_cards(game.board, house, hs.discard + [card])


def refill_if_empty(game: Game, house: str, last: str | None) -> None:
    """An empty hand takes back the discard pile, except the card just played or discarded (C10, A9)."""
    hs = game.state.houses[house]
    if hs.hand or not hs.discard:
        return
    hs.hand = [c for c in hs.discard if c != last]
    hs.discard = [c for c in hs.discard if c == last]
    if hs.hand:
        game.emit("hand_refreshed", f"{game.house_name(house)} takes back {len(hs.hand)} House card(s) from the "
                  "discard pile.", house=house, hand=list(hs.hand))


def tides_card(b: Board, card: str) -> dict[str, Any]:
    return next(t for t in b.tides_of_battle if t["id"] == card)


# --- cancel ---------------------------------------------------------------------------------------------


@register("tyrion-lannister", "cancel")
class Tyrion(Ability):
    def applies(self, c: Combat, house: str) -> bool:
        return c.card(c.opponent(house)) is not None

    def questions(self, c: Combat, house: str) -> list[Question]:
        rival = c.opponent(house)
        return self.ask(c, house, "tyrion", f"Tyrion Lannister: cancel {c.card_name(c.card(rival))}? "
                        f"{c.name(rival)} then chooses another card.", [True, False], False)

    def answer(self, c: Combat, house: str, value: Any) -> None:
        rival = c.opponent(house)
        card = c.card(rival)
        if not value or card is None:
            self.said(c, house, "no card is cancelled.", cancelled=None)
            return
        return_to_hand(c.game, rival, card)
        c.f["cards"][rival] = None
        c.f["cancelled"] = card
        c.note()["cards"][rival] = None
        self.said(c, house, f"{c.card_name(card)} is cancelled and returns to {c.name(rival)}'s hand.",
                  cancelled=card)
        c.then(["rechoose", rival])


# --- immediately ----------------------------------------------------------------------------------------


@register("doran-martell", "immediately")
class Doran(Ability):
    def questions(self, c: Combat, house: str) -> list[Question]:
        rival = c.opponent(house)
        prompt = f"Doran Martell: move {c.name(rival)} to the bottom of which Influence track?"
        if all(tracks.track(c.game, t)[-1] == rival for t in tracks.TRACKS):
            return self.ask(c, house, "doran", prompt, ["iron_throne"], "iron_throne", skipped=(
                f"Doran Martell ({c.name(house)}): {c.name(rival)} is already last on every Influence track, "
                "so no track can change."))
        return self.ask(c, house, "doran", prompt, list(tracks.TRACKS), "iron_throne")

    def answer(self, c: Combat, house: str, value: Any) -> None:
        rival = c.opponent(house)
        self.said(c, house, f"{c.name(rival)} moves to the bottom of the {tracks.TRACK_NAMES[value]} track.",
                  track=value)
        tracks.move_to(c.game, value, rival, -1)


@register("mace-tyrell", "immediately")
class Mace(Ability):
    def _footmen(self, c: Combat, house: str) -> list[bool]:
        return sorted({routed for kind, routed in c.army(c.opponent(house)) if kind == "footman"})

    def questions(self, c: Combat, house: str) -> list[Question]:
        statuses = self._footmen(c, house)
        if len(statuses) < 2 or c.casualties_prevented(c.opponent(house)):
            return []
        return self.ask(c, house, "mace", "Mace Tyrell: destroy a standing or a routed enemy Footman?",
                        [{"routed": False}, {"routed": True}], {"routed": False})

    def resolve(self, c: Combat, house: str) -> None:
        statuses = self._footmen(c, house)
        rival = c.opponent(house)
        if not statuses:
            self.said(c, house, f"{c.name(rival)} has no fighting Footman: no effect.", destroyed=None)
        elif c.casualties_prevented(rival):
            self.said(c, house, "The Blackfish prevents the loss.", destroyed=None)
        else:
            self.answer(c, house, {"routed": statuses[0]})

    def answer(self, c: Combat, house: str, value: Any) -> None:
        rival = c.opponent(house)
        c.destroy(rival, "footman", bool(value["routed"]))
        self.said(c, house, f"a Footman of {c.name(rival)} is destroyed.", destroyed="footman",
                  area=c.army_area(rival))


@register("queen-of-thorns", "immediately")
class QueenOfThorns(Ability):
    def _targets(self, c: Combat, house: str) -> list[str]:
        rival = c.opponent(house)
        out = []
        for area in sorted(c.b.adjacent[c.area]):
            order = c.s.areas[area].order
            if order and order.house == rival and area != c.source:
                out.append(area)
        return out

    def questions(self, c: Combat, house: str) -> list[Question]:
        targets = self._targets(c, house)
        if not targets:
            return []
        return self.ask(c, house, "queen_of_thorns", "Queen of Thorns: remove which enemy order next to the "
                        "embattled area?", targets, targets[0])

    def resolve(self, c: Combat, house: str) -> None:
        self.said(c, house, "no enemy order to remove: no effect.", removed=None)

    def answer(self, c: Combat, house: str, value: Any) -> None:
        st = c.s.areas[value]
        token = st.order.token if st.order else None
        st.order = None
        self.said(c, house, f"the order in {c.game.area_name(value)} is removed.", area=value, removed=token)


@register("aeron-damphair", "immediately")
class Aeron(Ability):
    def applies(self, c: Combat, house: str) -> bool:
        hs = c.s.houses[house]
        return hs.power >= 2 and bool(hs.hand)

    def questions(self, c: Combat, house: str) -> list[Question]:
        hand = c.s.houses[house].hand
        return self.ask(c, house, "aeron", "Aeron Damphair: pay 2 Power to fight with another card instead?",
                        ["keep", *hand], "keep")

    def answer(self, c: Combat, house: str, value: Any) -> None:
        if value == "keep":
            self.said(c, house, "Aeron Damphair stays in play.", replaced_by=None)
            return
        game = c.game
        game.state.houses[house].power -= 2
        discard(game, house, self.card)
        take_into_play(game, house, value)
        c.f["cards"][house] = value
        c.note()["cards"][house] = value
        self.said(c, house, f"pays 2 Power; {c.card_name(value)} fights instead.", replaced_by=value)
        c.emit("house_card_played", f"{c.name(house)} plays {c.card_name(value)}.", house=house, card=value)
        new = ABILITIES.get(value)
        if new is not None and new.window == "immediately":
            c.then(["ability", value, house])


# --- passive strength and icons ---------------------------------------------------------------------------


@register("stannis-baratheon")
class Stannis(Ability):
    def strength_bonus(self, c: Combat, house: str) -> int:
        order = c.s.iron_throne
        return 1 if order.index(c.opponent(house)) < order.index(house) else 0


@register("ser-davos-seaworth")
class Davos(Ability):
    def _active(self, c: Combat, house: str) -> bool:
        return "stannis-baratheon" in c.s.houses[house].discard

    def strength_bonus(self, c: Combat, house: str) -> int:
        return int(self._active(c, house))

    def swords_bonus(self, c: Combat, house: str) -> int:
        return int(self._active(c, house))


@register("salladhor-saan")
class Salladhor(Ability):
    def unit_value(self, c: Combat, house: str, owner: str, kind: str, side: str, value: int) -> int:
        if kind == "ship" and owner != house and c.supported(house):
            return 0
        return value


@register("ser-kevan-lannister")
class Kevan(Ability):
    def unit_value(self, c: Combat, house: str, owner: str, kind: str, side: str, value: int) -> int:
        mine = house == c.attacker and owner == house and side == battle.ATTACKER
        return 2 if mine and kind == "footman" and value == 1 else value


@register("victarion-greyjoy")
class Victarion(Ability):
    def unit_value(self, c: Combat, house: str, owner: str, kind: str, side: str, value: int) -> int:
        mine = house == c.attacker and owner == house and side == battle.ATTACKER
        return 2 if mine and kind == "ship" and value == 1 else value


@register("balon-greyjoy")
class Balon(Ability):
    zeroes_printed_strength = True


@register("theon-greyjoy")
class Theon(Ability):
    def _active(self, c: Combat, house: str) -> bool:
        return house == c.defender and c.castle()

    def strength_bonus(self, c: Combat, house: str) -> int:
        return int(self._active(c, house))

    def swords_bonus(self, c: Combat, house: str) -> int:
        return int(self._active(c, house))


@register("asha-greyjoy")
class Asha(Ability):
    def swords_bonus(self, c: Combat, house: str) -> int:
        return 0 if c.supported(house) else 2

    def forts_bonus(self, c: Combat, house: str) -> int:
        return 0 if c.supported(house) else 1


@register("nymeria-sand")
class Nymeria(Ability):
    def swords_bonus(self, c: Combat, house: str) -> int:
        return int(house == c.attacker)

    def forts_bonus(self, c: Combat, house: str) -> int:
        return int(house == c.defender)


@register("catelyn-stark")
class Catelyn(Ability):
    doubles_defense = True


@register("the-blackfish")
class Blackfish(Ability):
    prevents_casualties = True


@register("robb-stark")
class Robb(Ability):
    chooses_retreat = True


@register("arianne-martell")
class Arianne(Ability):
    def blocks_move_in(self, c: Combat, house: str) -> bool:
        return house == c.defender and c.loser == house


@register("ser-loras-tyrell")
class Loras(Ability):
    march_follows = True


# --- after the victor is known ----------------------------------------------------------------------------


@register("tywin-lannister", "after_winner")
class Tywin(Ability):
    def applies(self, c: Combat, house: str) -> bool:
        return c.winner == house

    def resolve(self, c: Combat, house: str) -> None:
        gained = world.gain_power(c.b, c.s, house, 2)
        self.said(c, house, f"{c.name(house)} gains {gained} Power.", gained=gained)


@register("renly-baratheon", "after_winner")
class Renly(Ability):
    def applies(self, c: Combat, house: str) -> bool:
        return c.winner == house and world.pool(c.b, c.s, house, "knight") > 0

    def _areas(self, c: Combat, house: str) -> list[str]:
        out = []
        if any(k == "footman" for k, _ in c.army(house)):
            out.append(c.army_area(house))
        for area in c.supporting(c.side(house)):
            st = c.s.areas[area]
            if st.house == house and any(u.kind == "footman" for u in st.units):
                out.append(area)
        return out

    def _skull_kills_the_upgrade(self, c: Combat, house: str) -> bool:
        """Whether the skulls of the opponent's revealed Tides of Battle card will destroy every standing unit of
        the army, so a Footman upgraded there dies as a Knight all the same (9.54)."""
        standing = [k for k, routed in c.army(house) if not routed]
        return "footman" in standing and c.skulls(c.opponent(house)) >= len(standing) and \
            not c.casualties_prevented(house)

    def questions(self, c: Combat, house: str) -> list[Question]:
        areas = self._areas(c, house)
        army = c.army_area(house)
        doomed = army in areas and self._skull_kills_the_upgrade(c, house)
        if doomed:
            areas.remove(army)
        prompt = "Renly Baratheon: upgrade a Footman to a Knight? Pick its area, or none."
        if doomed and not areas:
            return self.ask(c, house, "renly", prompt, [None], None, skipped=(
                f"Renly Baratheon ({c.name(house)}): a Footman upgraded in {c.game.area_name(army)} would die to the "
                f"skull on {c.name(c.opponent(house))}'s Tides of Battle card: no upgrade."))
        if not areas:
            return []
        return self.ask(c, house, "renly", prompt, [*areas, None], None)

    def resolve(self, c: Combat, house: str) -> None:
        self.said(c, house, "no Footman to upgrade.", area=None)

    def answer(self, c: Combat, house: str, value: Any) -> None:
        if value is None:
            self.said(c, house, "no upgrade.", area=None)
            return
        units = c.fighting_units(house) if value == c.army_area(house) else c.s.areas[value].units
        unit = sorted((u for u in units if u.kind == "footman"), key=lambda u: u.routed)[0]
        unit.kind = "knight"
        self.said(c, house, f"a Footman in {c.game.area_name(value)} becomes a Knight.", area=value)


@register("cersei-lannister", "after_winner")
class Cersei(Ability):
    def applies(self, c: Combat, house: str) -> bool:
        return c.winner == house

    def _targets(self, c: Combat) -> list[str]:
        return sorted(a for a, st in c.s.areas.items()
                      if st.order and st.order.house == c.loser and a not in (c.source, c.area))

    def questions(self, c: Combat, house: str) -> list[Question]:
        targets = self._targets(c)
        if not targets:
            return []
        return self.ask(c, house, "cersei", f"Cersei Lannister: remove one of {c.name(c.loser)}'s orders? Pick "
                        "its area, or none.", [*targets, None], None)

    def resolve(self, c: Combat, house: str) -> None:
        self.said(c, house, "no order to remove.", area=None)

    def answer(self, c: Combat, house: str, value: Any) -> None:
        if value is None:
            self.said(c, house, "no order is removed.", area=None)
            return
        st = c.s.areas[value]
        token = st.order.token if st.order else None
        st.order = None
        self.said(c, house, f"the order in {c.game.area_name(value)} is removed.", area=value, removed=token)


@register("roose-bolton", "after_winner")
class Roose(Ability):
    def applies(self, c: Combat, house: str) -> bool:
        return c.loser == house

    def resolve(self, c: Combat, house: str) -> None:
        hs = c.s.houses[house]
        back = hs.discard + [self.card]
        hs.hand = sort_cards(c.b, house, hs.hand + back)
        hs.discard = []
        c.f.setdefault("kept", []).append(self.card)
        self.said(c, house, f"{c.name(house)} takes back {len(back)} card(s), Roose Bolton included.",
                  returned=back)


# --- after the combat -------------------------------------------------------------------------------------


@register("patchface", "after_combat")
class Patchface(Ability):
    def applies(self, c: Combat, house: str) -> bool:
        return bool(c.s.houses[c.opponent(house)].hand)

    def questions(self, c: Combat, house: str) -> list[Question]:
        hand = c.s.houses[c.opponent(house)].hand
        return self.ask(c, house, "patchface", f"Patchface: discard a card from {c.name(c.opponent(house))}'s "
                        "hand, or none.", [*hand, None], None)

    def answer(self, c: Combat, house: str, value: Any) -> None:
        rival = c.opponent(house)
        if value is None:
            self.said(c, house, "no card is discarded.", discarded=None)
            return
        take_into_play(c.game, rival, value)
        discard(c.game, rival, value)
        self.said(c, house, f"{c.card_name(value)} is discarded from {c.name(rival)}'s hand.", discarded=value)
        refill_if_empty(c.game, rival, value)


def loras_moves_order(c: Combat) -> bool:
    """Ser Loras Tyrell: the March order follows the army into the conquered area (after combat)."""
    ability = c.ability(c.attacker)
    if not (ability and ability.march_follows and c.winner == c.attacker):
        return False
    st = c.s.areas[c.area]
    if st.house != c.attacker or not st.units:
        return False
    st.order = Order(c.attacker, c.token)
    ability.said(c, c.attacker, f"the March order moves into {c.game.area_name(c.area)} and may resolve again "
                 "this round.", area=c.area)
    return True
