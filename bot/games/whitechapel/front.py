"""Letters from Whitechapel on Discord: its front (``bot/games/front.Front``).

Its board is ``render(picture_of(view))``; its words (seats, titles, captions) are ``words.py``, its text answers
``answers.py``, its help pages ``help.py``, its settings form ``form.py``, its own prompt components (a circle
of 195, the women, the patrols) ``prompts.py`` and its commands (``/whitechapel circle``, ``crossing``,
``clues``) ``commands.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord
from discord import app_commands

from bot.games.front import BoardImage, Team
from bot.games.whitechapel import answers, form, help, prompts, words
from bot.games.whitechapel.commands import WhitechapelCommands
from bot.games.whitechapel.feed import BOLD
from bot.games.whitechapel.picture import picture_of
from bot.games.whitechapel.render import render
from engine.whitechapel.rules import WHITECHAPEL
from engine.whitechapel.state import JACK


class WhitechapelFront:
    name: str = "whitechapel"
    title: str = WHITECHAPEL.title
    stage: str = "night"
    topics: Mapping[str, tuple[str, str]] = help.TOPICS
    # the phases a night's questions are asked in (``/game log round:N phase:``): the women first
    phases: tuple[str, ...] = ("women", "patrols", "kill", "wretched", "police_round", "jack")
    headlines: frozenset[str] = BOLD | {"game_over"}  # the feed's bold kinds: a night, a murder, a clue ...
    items: tuple[type[discord.ui.DynamicItem[Any]], ...] = prompts.ITEMS

    def group(self) -> app_commands.Group | None:
        return WhitechapelCommands()

    def board(self, view: Mapping[str, Any], highlights: Mapping[str, Any] | None = None) -> BoardImage:
        return BoardImage(render(picture_of(view)), words.caption(view), words.facts(view))

    def private_caption(self, view: Mapping[str, Any]) -> str:
        return words.private_caption(view)

    def outcome(self, over: Mapping[str, Any]) -> str:
        return str(over.get("text") or "The game is over.")  # the room's words: which side won, on which night

    def text_answer(self, decision: Mapping[str, Any], text: str) -> Any:
        return answers.text_answer(decision, text)

    def answer_help(self, decision: Mapping[str, Any]) -> str:
        return help.answer_help(decision)

    def prompt_view(self, game_id: int, decision: Mapping[str, Any]) -> discord.ui.View | None:
        return prompts.prompt_view(game_id, decision)

    def title_of(self, decision: Mapping[str, Any]) -> str:
        return words.title(decision)

    def topic_of(self, decision: Mapping[str, Any]) -> str:
        return help.topic_of(decision)

    def seat_name(self, seat: str | None) -> str:
        return words.seat_name(seat)

    def seat_id(self, text: str) -> str | None:
        return words.seat_id(text)

    def private_team(self, settings: Mapping[str, Any], seats: Sequence[str]) -> Team | None:
        if not settings.get("detectives_private_thread"):
            return None
        return Team("detectives", tuple(s for s in seats if s != JACK))

    def settings(self, text: str, players: int) -> dict[str, Any]:
        return form.settings(text, players)

    def settings_choices(self, text: str) -> list[str]:
        return form.choices(text)

    def settings_words(self, settings: Mapping[str, Any]) -> str:
        return form.said(settings)


FRONT = WhitechapelFront()
