"""Monopoly's room (``bot/games/room.Room``): what the table service asks of this game's pieces.

- the settings form: the engine's settings (the Speed Die, sealed or open auctions, a short game of N rounds);
- the deal: the tokens (Car, Dog, Top Hat ...); a member who asked for one gets it, the others are dealt the
  rest at random from the seed;
- deadlines for play over days: half a day for a move or a sealed bid, six hours for each open bid (asked again
  on each higher bid, so a late bid extends the auction's close), a day to answer a trade;
- the feed's wording (``feed.py``) and the autopilot (``autopilot.py``); no calculator.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.monopoly.autopilot import Autopilot
from bot.games.monopoly.feed import MonopolyFeed
from bot.games.room import Dealt, Room, deal_roles
from engine.core import Decision, IllegalAnswer
from engine.core.contract import GameState
from engine.monopoly.rules import MONOPOLY, SETTINGS

HOUR = 3600.0
DEADLINES = {"default": 12 * HOUR, "turn": 12 * HOUR, "jail": 12 * HOUR, "buy": 12 * HOUR, "bus": 12 * HOUR,
             "triples": 12 * HOUR, "income_tax": 12 * HOUR, "raise_funds": 12 * HOUR, "bid": 12 * HOUR,
             "open_bid": 6 * HOUR, "trade_reply": 24 * HOUR}


class MonopolyRoom:
    rules = MONOPOLY
    feed = MonopolyFeed()
    settings_keys = frozenset(SETTINGS)
    calculator = None
    deadlines = DEADLINES

    def autopilot(self, seed: int) -> Autopilot:
        return Autopilot(seed)

    def check_settings(self, settings: Mapping[str, Any], players: int | None) -> dict[str, Any]:
        if players is not None and (not isinstance(players, int) or isinstance(players, bool)):
            raise IllegalAnswer("The number of players is a whole number, 2 to 8.")
        return self.rules.check_settings(settings, self.rules.min_players if players is None else players)

    def choosable(self, players: int, settings: Mapping[str, Any]) -> list[str]:
        if not self.rules.min_players <= players <= self.rules.max_players:
            raise IllegalAnswer("Monopoly takes 2 to 8 players.")
        return self.rules.roles(players, settings)

    def deal(self, members: Sequence[str], wishes: Mapping[str, str], seed: int,
             settings: Mapping[str, Any]) -> Dealt:
        roles = self.choosable(len(members), settings)
        return Dealt(roles=deal_roles(roles, members, wishes, seed, self.rules.describe), settings=dict(settings))

    def label(self, decision: Decision) -> str:
        return decision.label or decision.kind

    def outcome(self, game: GameState) -> str:
        """Who won (or shared the win) and in which round, with the engine's reason: "Dog won in round 31: the
        last player standing."."""
        standings = game.standings()
        first = [s.player for s in standings if s.place == 1]
        names = " and ".join(self.rules.describe(p) for p in first)
        won = "won" if len(first) == 1 else "shared the win"
        reason = next((s.note for s in standings if s.note), "")
        head = f"{names} {won} in round {game.stage()[0]}"
        return f"{head}: {reason}." if reason else f"{head}."

    def hindsight(self, view: dict[str, Any], final: Mapping[str, Any]) -> dict[str, Any]:
        return view  # the end reveals nothing of the past


ROOM: Room = MonopolyRoom()
