"""Monopoly on Discord: its front (``bot/games/front.Front``).

Its board is ``render(picture_of(view))`` with each player's cash beside it; its words (tokens, titles,
captions) are ``words.py``, its text answers ``answers.py``, its help pages ``help.py``, its settings form
``form.py``, its own prompt components (a bid's form, the 40 spaces of three of a kind) ``prompts.py`` and its
commands (``/monopoly build``, ``trade``, ``deed``, ``panel`` ...) ``commands.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord
from discord import app_commands

from bot.games.front import BoardImage, Team
from bot.games.monopoly import answers, form, help, prompts, words
from bot.games.monopoly.commands import MonopolyCommands
from bot.games.monopoly.feed import KEY_KINDS
from bot.games.monopoly.picture import picture_of
from bot.games.monopoly.render import render
from engine.monopoly.rules import MONOPOLY
from engine.monopoly.state import NAMES


class MonopolyFront:
    name: str = "monopoly"
    title: str = MONOPOLY.title
    stage: str = "round"
    topics: Mapping[str, tuple[str, str]] = help.TOPICS
    # a round's phases are its turns, each named by its player's token (``Game.stage``)
    phases: tuple[str, ...] = tuple(NAMES.values())
    headlines: frozenset[str] = KEY_KINDS  # the feed's key kinds: a deed bought or won, a trade, Jail, a bankruptcy
    items: tuple[type[discord.ui.DynamicItem[Any]], ...] = prompts.ITEMS

    def group(self) -> app_commands.Group | None:
        return MonopolyCommands()

    def board(self, view: Mapping[str, Any], highlights: Mapping[str, Any] | None = None) -> BoardImage:
        return BoardImage(render(picture_of(view)), words.caption(view), words.facts(view))

    def private_caption(self, view: Mapping[str, Any]) -> str:
        return words.private_caption(view)

    def outcome(self, over: Mapping[str, Any]) -> str:
        return str(over.get("text") or "The game is over.")  # the room's words: who won, and how

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
        return None  # an open game: no team talks apart

    def settings(self, text: str, players: int) -> dict[str, Any]:
        return form.settings(text, players)

    def settings_choices(self, text: str) -> list[str]:
        return form.choices(text)

    def settings_words(self, settings: Mapping[str, Any]) -> str:
        return form.said(settings)


FRONT = MonopolyFront()
