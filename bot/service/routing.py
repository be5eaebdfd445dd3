"""From engine events to outbox rows: each event goes to exactly the audience the engine gave it.

Public events -> one public "events" row; a player's events -> one "events" row to that seat's user; sealed
events -> nowhere (they are stored with the answer; the engine emits the public version at the reveal).
A public "board" row follows the moments worth a picture: orders revealed, the end of a combat, the start of
a round (the board at the end of the last one) and the end of the game.
"""

from __future__ import annotations

import logging
from typing import Any

from bot.service import messages
from bot.service.kinds import Audience, EventKind
from bot.storage import NewMessage

log = logging.getLogger("bot.service.routing")


def route_events(game_id: int, events: list[dict[str, Any]], user_of: dict[str, int]) -> list[NewMessage]:
    rows: list[NewMessage] = []
    public = [e for e in events if e["audience"]["kind"] == Audience.PUBLIC]
    if public:
        rows.append(messages.events(game_id, None, public))
    private: dict[str, list[dict[str, Any]]] = {}
    for e in events:
        if e["audience"]["kind"] == Audience.PLAYER:
            private.setdefault(e["audience"]["who"], []).append(e)
    for house, mine in private.items():
        user = user_of.get(house)
        if user is None:
            log.info("game %s: private events for %s, an open seat; not sent", game_id, house)
            continue
        rows.append(messages.events(game_id, user, mine))
    return rows


def board_moment(events: list[dict[str, Any]]) -> tuple[str, dict[str, Any]] | None:
    """The caption and highlights of a board picture these events call for, or None."""
    captions: list[str] = []
    highlights: dict[str, Any] = {}
    for e in events:
        if e["audience"]["kind"] != Audience.PUBLIC:
            continue
        kind, data = e["kind"], e["data"]
        if kind == EventKind.ORDERS_REVEALED:
            captions.append("The orders are revealed.")
        elif kind == EventKind.COMBAT:
            highlights = {"combat": data.get("area"), "attacker": data.get("attacker"),
                          "defender": data.get("defender"), "combat_source": data.get("source")}
        elif kind == EventKind.COMBAT_END:
            captions.append(e["text"])
        elif kind == EventKind.ROUND and int(data.get("round", 1)) > 1:
            captions.append(f"The board at the end of round {int(data['round']) - 1}.")
        elif kind == EventKind.GAME_OVER:
            captions.append("The final board.")
    if not captions:
        return None
    return " ".join(captions), {k: v for k, v in highlights.items() if v is not None}
