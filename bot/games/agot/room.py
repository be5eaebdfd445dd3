"""A Game of Thrones' room (``bot/games/room.Room``): what the table service asks of this game's own pieces.

- the settings form: the tides of battle, the tie-break rule and the set-up (the base game by player count, or
  Mother of Dragons' 7- or 8-house map); the vassals are the deal's;
- the deal: the houses of the set-up, wished ones first, the rest at random (``engine.agot.game.assign_houses``);
  on a Mother of Dragons set-up the houses nobody holds become vassals;
- a vassal's decision, sent to its commander, is named for the vassal ("orders for vassal Martell");
- the autopilot (``bot.autopilot``) and the combat calculator (``calc.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.autopilot import Autopilot
from bot.games.agot.calc import calc_text, combat_calc
from bot.games.agot.feed import AgotFeed, house
from bot.games.room import Dealt, Room
from engine.agot.game import assign_houses
from engine.agot.mod import setup as mod_setup
from engine.agot.rules import AGOT
from engine.core import Decision, IllegalAnswer
from engine.core.contract import GameState

SETUPS = ("", "7", "8")  # the base game's set-up by player count, or Mother of Dragons' 7- or 8-house set-up
FORM = frozenset({"tides_of_battle", "tiebreak", "setup"})  # what a table creator may set


def calculator(view: dict[str, Any], target: str, sources: list[str] | None = None) -> str:
    """The combat calculator's words for an attack on ``target`` (from ``sources``), from the player's own view."""
    return calc_text(combat_calc(view, target, sources))


HOUR = 3600.0


class AgotRoom:
    rules = AGOT
    feed = AgotFeed()
    settings_keys = FORM | {"vassals"}
    calculator = staticmethod(calculator)
    deadlines = {"orders": 24 * HOUR, "house_card": 12 * HOUR, "default": 12 * HOUR}

    def autopilot(self, seed: int) -> Autopilot:
        return Autopilot(seed)

    def check_settings(self, settings: Mapping[str, Any], players: int | None) -> dict[str, Any]:
        if players is not None and (not isinstance(players, int) or isinstance(players, bool)
                                    or not 3 <= players <= 8):
            raise IllegalAnswer("A game takes 3 to 6 players, or 4 to 8 on a Mother of Dragons set-up.")
        unknown = sorted(set(settings) - FORM)
        if unknown:
            raise IllegalAnswer(f"Unknown setting {unknown[0]!r} for A Game of Thrones.")
        setup = settings.get("setup", "")
        if setup not in SETUPS:
            raise IllegalAnswer("setup must be '' (the base game), '7' or '8' (Mother of Dragons' 7- or 8-house "
                                "map).")
        if players is not None and players > 6 and not setup:
            setup = str(players)  # 7 and 8 players play the Mother of Dragons set-up of their count
        tides = settings.get("tides_of_battle", False)
        if not isinstance(tides, bool):
            raise IllegalAnswer("tides_of_battle must be true or false.")
        tiebreak = settings.get("tiebreak", "rb2")
        if tiebreak not in ("rb2", "faq"):
            raise IllegalAnswer("tiebreak must be 'rb2' or 'faq'.")
        out = {"tides_of_battle": tides, "tiebreak": tiebreak, **({"setup": setup} if setup else {})}
        if players is not None:
            self.choosable(players, out)  # refuses a count the set-up cannot seat
            self.rules.check_settings(out, players)
        return out

    def choosable(self, players: int, settings: Mapping[str, Any]) -> list[str]:
        """The houses of the set-up (``setup``, else the base game's for the player count): with fewer players
        than houses, those nobody holds become vassals at the start."""
        try:
            return mod_setup.houses_for(players, settings.get("setup", ""))
        except ValueError as exc:
            raise IllegalAnswer(f"{exc}.") from None

    def deal(self, members: Sequence[str], wishes: Mapping[str, str], seed: int,
             settings: Mapping[str, Any]) -> Dealt:
        setup = settings.get("setup", "")
        try:
            dealt = assign_houses(list(members), seed, dict(wishes), setup)
        except ValueError as exc:
            raise IllegalAnswer(f"{exc}.") from None
        out = dict(settings)
        if setup:  # Mother of Dragons: the set-up's houses nobody holds are vassals (M8)
            out["vassals"] = [h for h in self.choosable(len(members), settings) if h not in dealt.values()]
        return Dealt(roles=dealt, settings=out)

    def label(self, decision: Decision) -> str:
        label = decision.label or decision.kind  # as ``Decision.to_dict`` labels it
        vassal = decision.info.get("vassal")
        return f"{label} for vassal {house(vassal)}" if vassal else label

    def outcome(self, game: GameState) -> str:
        first = [s.player for s in game.standings() if s.place == 1]
        return f"{' and '.join(map(game.name_of, first)) or '?'} won the game in round {game.stage()[0]}."

    def hindsight(self, view: dict[str, Any], final: Mapping[str, Any]) -> dict[str, Any]:
        return view  # the end reveals nothing of the past


ROOM: Room = AgotRoom()
