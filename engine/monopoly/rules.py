"""Monopoly on the shelf: the ``GameRules`` the registry names (engine/core/contract).

Table settings (docs/decisions.md, rulings MN1-MN4): the Speed Die on or off, sealed or open auctions, and a
short game that ends after a number of rounds with the richest player winning (0: play to the last bankruptcy).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import IllegalAnswer
from engine.monopoly.game import Game, describe
from engine.monopoly.state import TOKENS

RULES_VERSION = 1
SETTINGS: dict[str, Any] = {"speed_die": True, "auction": "sealed", "rounds": 0}
AUCTIONS = ("sealed", "open")
ROUNDS = (10, 200)  # a short game's bounds (0: no limit)


class MonopolyRules:
    name = "monopoly"
    title = "Monopoly"
    rules_version = RULES_VERSION
    min_players = 2
    max_players = 8

    def default_settings(self) -> dict[str, Any]:
        return dict(SETTINGS)

    def check_settings(self, settings: Mapping[str, Any], player_count: int) -> dict[str, Any]:
        unknown = sorted(set(settings) - set(SETTINGS))
        if unknown:
            raise IllegalAnswer(f"Unknown setting for Monopoly: {', '.join(unknown)} (known: "
                                f"{', '.join(SETTINGS)}).")
        if "speed_die" in settings and not isinstance(settings["speed_die"], bool):
            raise IllegalAnswer("The setting speed_die is on or off (true or false).")
        if "auction" in settings and settings["auction"] not in AUCTIONS:
            raise IllegalAnswer("The setting auction is sealed (bids by DM, revealed together) or open.")
        rounds = settings.get("rounds", 0)
        if isinstance(rounds, bool) or not isinstance(rounds, int) or (rounds and not ROUNDS[0] <= rounds <= ROUNDS[1]):
            raise IllegalAnswer(f"The setting rounds is 0 (play to the last bankruptcy) or a whole number from "
                                f"{ROUNDS[0]} to {ROUNDS[1]}.")
        if not self.min_players <= player_count <= self.max_players:
            raise IllegalAnswer("Monopoly takes 2 to 8 players.")
        return {**SETTINGS, **settings}

    def roles(self, player_count: int, settings: Mapping[str, Any]) -> list[str]:
        return list(TOKENS[:player_count])

    def new(self, player_count: int, settings: Mapping[str, Any], seed: int | bytes | None = None) -> Game:
        return Game.new(player_count, self.check_settings(settings, player_count), seed)

    def load(self, raw: dict[str, Any]) -> Game:
        return Game.from_dict(raw)

    def describe(self, player: str) -> str:
        return describe(player)


MONOPOLY = MonopolyRules()
