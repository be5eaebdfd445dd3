"""Set up a position by hand: a mid-game board, tracks, Power, hands and decks, and the step to start at.

For rule tests and for an admin's repair of a game, without editing the state or calling private methods::

    from engine.agot.position import Position

    pos = Position.new(players=6, seed=1).clear()          # the 6-player set-up, emptied (garrisons, neutral stay)
    pos.put("winterfell", "stark", "footman", "knight", order="M0")
    pos.put("castle-black", "lannister", "footman")
    pos.power_token("harrenhal", "lannister").house("stark", power=3, supply=2)
    events = pos.start("marches")                         # the Action phase, from its March step
    game = pos.game                                       # then play on with open_decisions / submit

Every setter checks its arguments (an unknown area, house, unit or token is a ``ValueError``) and returns the
position, so calls chain. ``start(step)`` places the game in a round at that step with the rest of the round
after it; ``run(step)`` runs that step alone (the game stops when it is done); ``run_effect(f)`` applies an
engine effect that may push steps and runs them alone. Each returns the events it caused.

Steps ``start`` knows: ``"planning"``, ``"raids"``, ``"marches"``, ``"consolidate"`` (the Action phase from there
on), ``"westeros"`` (the Westeros phase of the next round), and any other step name run inside an Action phase
(e.g. ``"mustering"``, ``"reconcile"``, with its frame given as keywords).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from engine.agot.game import Game, Settings
from engine.agot.state import Order, Unit
from engine.core import Event

# The frame that follows each action step, so a position can start anywhere in the Action phase.
ACTION_NEXT = {"raids": "marches", "marches": "consolidate", "consolidate": "cleanup"}
TRACKS = ("iron_throne", "fiefdoms", "kings_court")


class Position:
    def __init__(self, game: Game) -> None:
        self.game = game
        game.events = []  # the set-up's own events (round 1 begins) do not belong to the position built

    @classmethod
    def new(cls, players: int = 6, seed: int | None = 1, settings: Settings | None = None) -> Position:
        """A new game of ``players`` at its set-up (``seed`` as for ``Game.new``)."""
        return cls(Game.new(players, seed, settings))

    # --- checks -----------------------------------------------------------------------------------------

    def _area(self, area: str) -> str:
        if area not in self.game.state.areas:
            raise ValueError(f"{area!r} is not an area of the board")
        return area

    def _house(self, house: str) -> str:
        if house not in self.game.state.houses:
            raise ValueError(f"{house!r} is not a house of this game ({', '.join(sorted(self.game.state.houses))})")
        return house

    def _kinds(self, kinds: Iterable[str]) -> list[str]:
        known = self.game.board.tables["unit_limits"]
        kinds = list(kinds)
        for kind in kinds:
            if kind not in known:
                raise ValueError(f"{kind!r} is not a unit ({', '.join(known)})")
        return kinds

    def _token(self, token: str) -> str:
        if token not in self.game.board.order_tokens:
            raise ValueError(f"{token!r} is not an order token id ({', '.join(self.game.board.order_tokens)})")
        return token

    # --- the board ----------------------------------------------------------------------------------------

    def clear(self, keep_neutral: bool = True) -> Position:
        """Empty the board of units, orders and Power tokens (garrisons, neutral forces and blocked areas stay
        unless ``keep_neutral`` is false, which removes garrisons and neutral forces too)."""
        for st in self.game.state.areas.values():
            st.house, st.units, st.order, st.power_token = None, [], None, None
            st.attacker, st.attacking = None, []
            if not keep_neutral:
                st.neutral, st.garrison = 0, 0
        return self

    def put(self, area: str, house: str, *kinds: str, routed: bool = False, order: str | None = None) -> Position:
        """Add units of ``house`` to an area (it may hold no other house's units), optionally with its order."""
        st = self.game.state.areas[self._area(area)]
        self._house(house)
        if st.units and st.house != house:
            raise ValueError(f"{area} already holds {st.house} units")
        st.house = house
        st.units.extend(Unit(k, routed) for k in self._kinds(kinds))
        if order is not None:
            self.order(area, order, house)
        return self

    def remove(self, area: str) -> Position:
        """Take every unit and the order out of an area."""
        st = self.game.state.areas[self._area(area)]
        st.house, st.units, st.order = None, [], None
        return self

    def order(self, area: str, token: str, house: str | None = None) -> Position:
        """Place an order token, face up (``house``: the area's units' house by default)."""
        st = self.game.state.areas[self._area(area)]
        owner = house or st.house
        if owner is None:
            raise ValueError(f"say whose order it is: {area} holds no units")
        st.order = Order(self._house(owner), self._token(token))
        return self

    def power_token(self, area: str, house: str | None) -> Position:
        """Place (or with ``None`` remove) a Power token; it does not come out of the house's available Power."""
        self.game.state.areas[self._area(area)].power_token = self._house(house) if house else None
        return self

    def garrison(self, area: str, strength: int) -> Position:
        self.game.state.areas[self._area(area)].garrison = int(strength)
        return self

    def neutral(self, area: str, strength: int) -> Position:
        self.game.state.areas[self._area(area)].neutral = int(strength)
        return self

    # --- houses, tracks, decks -----------------------------------------------------------------------------

    def house(self, house: str, power: int | None = None, supply: int | None = None,
              hand: Sequence[str] | None = None, discard: Sequence[str] | None = None) -> Position:
        """Set a house's available Power, Supply position, hand and discard pile (card ids)."""
        hs = self.game.state.houses[self._house(house)]
        if power is not None:
            hs.power = int(power)
        if supply is not None:
            if not 0 <= supply <= 6:
                raise ValueError("the Supply track runs from 0 to 6")
            hs.supply = int(supply)
        for cards in (hand, discard):
            for card in cards or []:
                if self.game.board.card_by_id.get(card, {}).get("house") != house:
                    raise ValueError(f"{card!r} is not a House card of {house}")
        if hand is not None:
            hs.hand = list(hand)
        if discard is not None:
            hs.discard = list(discard)
        return self

    def tracks(self, **tracks: Sequence[str]) -> Position:
        """Set Influence tracks, first place first: ``tracks(iron_throne=[...], fiefdoms=[...], kings_court=[...])``."""
        for name, order in tracks.items():
            if name not in TRACKS:
                raise ValueError(f"{name!r} is not a track ({', '.join(TRACKS)})")
            if sorted(order) != sorted(self.game.state.houses):
                raise ValueError(f"the {name} track must list every house once")
            setattr(self.game.state, name, list(order))
        return self

    def wildlings(self, threat: int | None = None, top: Sequence[str] = ()) -> Position:
        """Set the wildling threat and put the named wildling cards on top of the deck, in this order."""
        s = self.game.state
        if threat is not None:
            if threat not in range(0, 13, 2):
                raise ValueError("the wildling threat is 0, 2, ..., 12")
            s.wildling_threat = threat
        _on_top(s.wildling_deck, list(top), "wildling")
        return self

    def westeros(self, top: Sequence[str | None] = (None, None, None), restrictions: Sequence[str] | None = None
                 ) -> Position:
        """Put a named card on top of Westeros decks I, II and III, and IV when Targaryen plays (``None``: leave
        that deck), and set this round's order restrictions."""
        s = self.game.state
        decks = [*s.westeros_decks, *([s.mod["deck_iv"]] if "deck_iv" in s.mod else [])]
        if len(top) > len(decks):
            raise ValueError(f"this game has {len(decks)} Westeros decks")
        for deck, card in zip(decks, top):
            if card:
                _on_top(deck, [card], "Westeros")
        if restrictions is not None:
            self.game.state.restrictions = list(restrictions)
        return self

    def round(self, number: int) -> Position:
        if not 1 <= number <= self.game.board.tables["max_rounds"]:
            raise ValueError("a round is 1 to 10")
        self.game.state.round = number
        return self

    # --- where play starts ----------------------------------------------------------------------------------

    def start(self, step: str, **frame: Any) -> list[Event]:
        """Start play at ``step`` in the current round, the rest of the round following it; returns the events."""
        s = self.game.state
        if step == "planning":
            s.phase = "planning"
            s.stack = [{"step": "round", "next": "action"}, {"step": "planning", **frame}]
        elif step == "westeros":
            s.round -= 1  # the round step begins the next round with its Westeros phase
            s.phase = "action"
            s.stack = [{"step": "round", "next": "westeros"}]
        elif step in ACTION_NEXT:
            s.phase = "action"
            s.stack = [{"step": "round", "next": "end"}, {"step": "action", "next": ACTION_NEXT[step]},
                       {"step": step, "turn": 0, **frame}]
        else:
            s.phase = "action"
            s.stack = [{"step": "round", "next": "end"}, {"step": "action", "next": "cleanup"}, {"step": step, **frame}]
        return self.game.resume()

    def run(self, step: str, **frame: Any) -> list[Event]:
        """Run one step on its own: when it is done the game stops (nothing of the round follows). An action step
        starts with the first house on the Iron Throne track unless ``turn`` says otherwise."""
        s = self.game.state
        if step in ACTION_NEXT:
            s.phase = "action"
            frame = {"turn": 0, **frame}
        s.stack = [{"step": step, **frame}]
        return self.game.resume()

    def run_effect(self, effect: Callable[[Game], None], after: str | None = None, phase: str | None = None
                   ) -> list[Event]:
        """Apply an engine effect that may push steps (e.g. ``supply.update_supply``) and run them; with ``after``
        (e.g. "planning") that phase of the round follows, else nothing; ``phase`` names the phase meanwhile."""
        s = self.game.state
        s.stack = [{"step": "round", "next": after}] if after else []
        if phase:
            s.phase = phase
        effect(self.game)
        return self.game.resume()


def _on_top(deck: list[str], cards: list[str], what: str) -> None:
    for card in reversed(cards):
        if card not in deck:
            raise ValueError(f"{card!r} is not in the {what} deck")
        deck.remove(card)
        deck.insert(0, card)
