"""A Game of Thrones (2nd edition) on the shelf: the ``GameRules`` the registry names (engine/core/contract)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from engine.agot.board import board
from engine.agot.game import Game, Settings
from engine.agot.mod import setup as mod_setup
from engine.core import IllegalAnswer

RULES_VERSION = 1
_FIELDS = {f.name: f for f in fields(Settings)}


def settings_of(settings: Mapping[str, Any]) -> Settings:
    """Stored settings (plain JSON) as ``Settings``; an unknown key or a bad value is refused in one line."""
    unknown = sorted(set(settings) - set(_FIELDS))
    if unknown:
        raise IllegalAnswer(f"Unknown setting for A Game of Thrones: {', '.join(unknown)}.")
    values = dict(settings)
    if "vassals" in values:
        values["vassals"] = tuple(values["vassals"])
    try:
        made = Settings(**values)
        made.validate()
    except (TypeError, ValueError) as exc:
        raise IllegalAnswer(str(exc)) from exc
    return made


class AgotRules:
    name = "agot"
    title = "A Game of Thrones: The Board Game"
    rules_version = RULES_VERSION
    min_players = 3
    max_players = 8

    def default_settings(self) -> dict[str, Any]:
        return Settings().stored()

    def check_settings(self, settings: Mapping[str, Any], player_count: int) -> dict[str, Any]:
        made = settings_of(settings)
        if not made.setup and not 3 <= player_count <= 6:
            raise IllegalAnswer("A Game of Thrones takes 3 to 6 players (4 to 8 with Mother of Dragons).")
        return made.stored()

    def roles(self, player_count: int, settings: Mapping[str, Any]) -> list[str]:
        """The houses players hold, as ``Game.new`` resolves the set-up and its vassals."""
        made = settings_of(settings)
        try:
            setup, vassals = mod_setup.resolve(made.setup, made.vassals, player_count)
        except ValueError as exc:
            raise IllegalAnswer(str(exc)) from exc
        houses = board(setup).setups[setup or str(player_count)]["houses"]
        return [h for h in houses if h not in vassals]

    def new(self, player_count: int, settings: Mapping[str, Any], seed: int | bytes | None = None) -> Game:
        return Game.new(player_count, seed, settings_of(settings))

    def load(self, raw: dict[str, Any]) -> Game:
        return Game.from_dict(raw)

    def describe(self, player: str) -> str:
        for b in (board(""), board("8")):
            if player in b.houses:
                return str(b.houses[player]["name"])
        return player


AGOT = AgotRules()
