"""Letters from Whitechapel on the shelf: the ``GameRules`` the registry names (engine/core/contract)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import IllegalAnswer
from engine.whitechapel.game import Game, describe
from engine.whitechapel.state import JACK, detective

RULES_VERSION = 1
SETTINGS: dict[str, bool] = {  # every optional rule is off by default (checklist O1-O6)
    "false_clues": False,
    "rushing": False,
    "area_arrests": False,
    "catch_me_if_you_can": False,
    "i_know_your_address": False,
    "letters": False,
    "detectives_private_thread": False,  # for the bot only: the engine ignores it
}
LETTERS_REFUSED = ("Jack's Letters cannot be played here: the board data has no sections A/B/C, a/b nor Goulston "
                   "Street, so their effects cannot be applied.")


class WhitechapelRules:
    name = "whitechapel"
    title = "Letters from Whitechapel"
    rules_version = RULES_VERSION
    min_players = 2
    max_players = 6

    def default_settings(self) -> dict[str, Any]:
        return dict(SETTINGS)

    def check_settings(self, settings: Mapping[str, Any], player_count: int) -> dict[str, Any]:
        unknown = sorted(set(settings) - set(SETTINGS))
        if unknown:
            raise IllegalAnswer(f"Unknown setting for Letters from Whitechapel: {', '.join(unknown)}.")
        for key, value in settings.items():
            if not isinstance(value, bool):
                raise IllegalAnswer(f"The setting {key} is on or off (true or false).")
        if settings.get("letters"):
            raise IllegalAnswer(LETTERS_REFUSED)
        if not self.min_players <= player_count <= self.max_players:
            raise IllegalAnswer("Letters from Whitechapel takes 2 to 6 players (Jack and 1 to 5 detectives).")
        return {**SETTINGS, **settings}

    def roles(self, player_count: int, settings: Mapping[str, Any]) -> list[str]:
        return [JACK] + [detective(i) for i in range(1, player_count)]

    def new(self, player_count: int, settings: Mapping[str, Any], seed: int | bytes | None = None) -> Game:
        return Game.new(player_count, self.check_settings(settings, player_count), seed)

    def load(self, raw: dict[str, Any]) -> Game:
        return Game.from_dict(raw)

    def describe(self, player: str) -> str:
        return describe(player)


WHITECHAPEL = WhitechapelRules()
