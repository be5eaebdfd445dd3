"""A Game of Thrones (2nd edition) on Discord: its front (``bot/games/front.Front``).

Its board is ``bot.render``'s; its text answers, help pages, orders editor and settings form sit beside this
module (``answers.py``, ``help.py``, ``orders.py``, ``form.py``); its own commands (``/agot card``, ``hand``,
``calc``) are ``commands.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord
from discord import app_commands

from bot.games.agot import answers, form, help, orders, words
from bot.games.agot.commands import AgotCommands
from bot.games.front import BoardImage, Team
from bot.render import Highlights, panel_fields, render
from engine.agot.rules import AGOT


class AgotFront:
    name = "agot"
    title = AGOT.title
    stage = "round"
    topics = help.TOPICS
    headlines = frozenset({"round", "orders_revealed", "westeros_revealed", "bids_revealed", "combat", "combat_end",
                           "game_over"})
    phases = ("planning", "action", "westeros")  # round 1 has no Westeros phase: Planning is the default
    items: tuple[type[discord.ui.DynamicItem[Any]], ...] = orders.ITEMS

    def group(self) -> app_commands.Group | None:
        return AgotCommands()

    def board(self, view: Mapping[str, Any], highlights: Mapping[str, Any] | None = None) -> BoardImage:
        marks = Highlights.from_payload(dict(highlights)) if highlights is not None else None
        caption = f"round {view.get('round', '?')} · {view.get('phase', '?')}"
        return BoardImage(render(view, marks), caption, tuple(panel_fields(view)))

    def private_caption(self, view: Mapping[str, Any]) -> str:
        return "🔒 Only you see this board (your own face-down orders are shown)."

    def outcome(self, over: Mapping[str, Any]) -> str:
        when = f" in round {over['round']}" if over.get("round") else ""
        return f"{self.seat_name(over.get('winner'))} wins{when}."

    def text_answer(self, decision: Mapping[str, Any], words: str) -> Any:
        return answers.text_answer(decision, words)

    def answer_help(self, decision: Mapping[str, Any]) -> str:
        return help.structured_help(decision)

    def prompt_view(self, game_id: int, decision: Mapping[str, Any]) -> discord.ui.View | None:
        return orders.orders_view(game_id, decision, None, {}) if decision["kind"] == "orders" else None

    def title_of(self, decision: Mapping[str, Any]) -> str:
        return words.title(decision)

    def topic_of(self, decision: Mapping[str, Any]) -> str:
        return help.help_topic(decision)

    def seat_name(self, seat: str | None) -> str:
        return words.house_name(seat)

    def seat_id(self, text: str) -> str | None:
        return words.house_id(text)

    def private_team(self, settings: Mapping[str, Any], seats: Sequence[str]) -> Team | None:
        return None  # every house talks for itself (whispers)

    def settings(self, words: str, players: int) -> dict[str, Any]:
        return form.settings(words, players)

    def settings_choices(self, words: str) -> list[str]:
        return form.choices(words)

    def settings_words(self, settings: Mapping[str, Any]) -> str:
        return form.words(settings)


FRONT = AgotFront()
