"""Letters from Whitechapel's room (``bot/games/room.Room``): what the table service asks of this game's pieces.

- the settings form: the engine's optional rules (all off by default; Jack's Letters refused, the board data
  cannot play them) and ``detectives_private_thread`` (the bot's own: the engine ignores it);
- the deal: Jack and the detectives' seats; a member who asked for a role (``jack`` or ``detective_N``, at a
  table whose roles are chosen) gets it, the others are dealt the rest at random from the seed;
- the feed's wording (``feed.py``) and the autopilot (``autopilot.py``); no calculator.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.room import Dealt, Room, deal_roles
from bot.games.whitechapel.autopilot import Autopilot
from bot.games.whitechapel.feed import WhitechapelFeed
from engine.core import Decision, IllegalAnswer
from engine.core.contract import GameState
from engine.whitechapel.rules import SETTINGS, WHITECHAPEL
from engine.whitechapel.state import JACK

HOUR = 3600.0


class WhitechapelRoom:
    rules = WHITECHAPEL
    feed = WhitechapelFeed()
    settings_keys = frozenset(SETTINGS)
    calculator = None
    deadlines = {"default": 12 * HOUR}

    def autopilot(self, seed: int) -> Autopilot:
        return Autopilot(seed)

    def check_settings(self, settings: Mapping[str, Any], players: int | None) -> dict[str, Any]:
        if players is not None and (not isinstance(players, int) or isinstance(players, bool)):
            raise IllegalAnswer("The number of players is a whole number, 2 to 6.")
        unknown = sorted(set(settings) - self.settings_keys)
        if unknown:
            raise IllegalAnswer(f"Unknown setting {unknown[0]!r} for Letters from Whitechapel.")
        if players is None:
            return self.rules.check_settings(settings, self.rules.min_players)  # the form alone
        return self.rules.check_settings(settings, players)

    def choosable(self, players: int, settings: Mapping[str, Any]) -> list[str]:
        if not self.rules.min_players <= players <= self.rules.max_players:
            raise IllegalAnswer("Letters from Whitechapel takes 2 to 6 players (Jack and 1 to 5 detectives).")
        return self.rules.roles(players, settings)

    def deal(self, members: Sequence[str], wishes: Mapping[str, str], seed: int,
             settings: Mapping[str, Any]) -> Dealt:
        roles = self.choosable(len(members), settings)
        taken = deal_roles(roles, members, wishes, seed, self.rules.describe)
        return Dealt(roles=taken, settings=dict(settings))

    def label(self, decision: Decision) -> str:
        return decision.label or decision.kind

    def outcome(self, game: GameState) -> str:
        """Which side won and on which night, with the engine's reason ("Jack was arrested at 57.")."""
        standings = game.standings()
        escaped = any(s.player == JACK and s.place == 1 for s in standings)
        side = "Jack the Ripper escaped every night" if escaped else \
            f"The detectives caught Jack on night {game.stage()[0]}"
        reason = next((s.note for s in standings if s.note), "")
        return f"{side}: {reason}" if reason else f"{side}."

    def hindsight(self, view: dict[str, Any], final: Mapping[str, Any]) -> dict[str, Any]:
        """Jack's rows, public at the end, drawn as far as he had gone: the nights before in full, tonight's up to
        his last move (the move track's square)."""
        public, rows = view["public"], final["public"].get("paths")
        if "paths" in public or not rows:
            return view
        night, track = public["night"] or 0, public["track"]
        tonight = track["moves_used"] + 1 if track["square"] is not None else 0
        paths = [list(p) for p in rows[: max(night - 1, 0)]] + [list(p[:tonight]) for p in rows[night - 1: night]]
        return {**view, "public": {**public, "paths": paths}}


ROOM: Room = WhitechapelRoom()
