"""A game's front: what one game's own pieces give the Discord front end (design.md, "Many games at one table").

The front end (``bot/frontend``) is the same for every game: the ``/game`` commands, the prompts' buttons and
selects built from a decision's ``choices``, the outbox delivery. It knows a game through its ``Front``, found by
the game's stored name in ``bot.games.fronts``, for what it cannot say without knowing the game:

- ``board``: a view (``GameState.view``) drawn as a PNG, with its caption and the facts shown beside it, and
  ``private_caption``: the line under a seat's own board (what only that seat sees on it);
- ``stage``: its word for the first part of ``GameState.stage`` (AGoT: "round", Whitechapel: "night"), and
  ``outcome``: the headline of the game-over post;
- ``text_answer``: a DM's words read as the answer to a decision in the game's own terms (AGoT: orders and
  marches written as text; Whitechapel: circles and crossings, also for a decision with options); the front end
  reads words the game refuses as an option's number in the prompt's list (``listed_hint``), and
  ``answer_help``: how to write an answer to a decision without options;
- ``prompt_view``: the components of a decision where buttons and selects of its choices do not fit (AGoT's
  orders editor), with ``items``: the persistent components to register at start;
- ``title_of``: a prompt's title (who answers, and what);
- ``phases``: the phases of its rounds, whose boards ``/game log`` shows again, and ``headlines``: the events
  that stand out in a list of events;
- ``topics`` and ``topic_of``: its help pages, and the page a decision's prompt points to;
- ``group``: its own slash command group (``/agot card``, ``/agot hand``, ``/agot calc``), or None;
- ``seat_name`` and ``seat_id``: a seat's name (AGoT: its house), and the seat words name in any case;
- ``private_team``: the seats that talk in a private thread of their own beside the game's thread, when the
  table's settings ask for one (Whitechapel's detectives with ``detectives_private_thread``; AGoT: none);
- the settings form: ``settings`` reads the creator's ``settings:`` words into the game's settings,
  ``settings_choices`` completes them as they are typed, ``settings_words`` says them back.

The game's room (``bot/games/room.py``) is its table-service side. A front refuses bad words by raising
``Refused`` with a one-line reason that says what to write instead.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import discord
from discord import app_commands


class Refused(ValueError):
    """Words that stand for no answer or setting; the message says what to write instead."""


@dataclass(frozen=True)
class BoardImage:
    """A board drawn for Discord: the PNG, its caption ("round 3 · planning") and the facts shown beside it (an
    embed's fields: name, value)."""

    png: bytes
    caption: str
    fields: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Team:
    """Seats that share a private thread: its members' name ("detectives") and their seats."""

    name: str
    seats: tuple[str, ...]


class Front(Protocol):
    """One game's pieces, as the Discord front end uses them."""

    name: str  # the game's stored name (engine.registry)
    title: str  # its full name, as players know it (its ``GameRules.title``)
    stage: str  # its word for a stage's number (``GameState.stage``): "round", "night"
    topics: Mapping[str, tuple[str, str]]  # help pages: key -> (title, words within one message); "overview" first
    phases: tuple[str, ...]  # the phases of a round (``/game log round: phase:``), the default first
    headlines: frozenset[str]  # the kinds of public event whose line stands out (bold) in a list of events
    items: tuple[type[discord.ui.DynamicItem[Any]], ...]  # persistent components of its own prompts

    def group(self) -> app_commands.Group | None:
        """A new copy of its own command group (``/agot``), for one bot's command tree; None if it has none."""
        ...

    def board(self, view: Mapping[str, Any], highlights: Mapping[str, Any] | None = None) -> BoardImage:
        """The board of ``view`` (a seat's or the public one), with what a feed post highlights."""
        ...

    def private_caption(self, view: Mapping[str, Any]) -> str:
        """The line under a seat's own board (``view`` is that seat's): only they see it, and what it shows."""
        ...

    def outcome(self, over: Mapping[str, Any]) -> str:
        """How the game ended, from a ``game_over`` row's payload (``bot/service/messages.GameOverPayload``: its
        ``text`` is the room's ``outcome``): who won, and when."""
        ...

    def text_answer(self, decision: Mapping[str, Any], words: str) -> Any:
        """The answer ``words`` stand for in the game's own terms; raise ``Refused`` (for a decision with options,
        the front end then tries the option's number in the list, and says this refusal if that fails too)."""
        ...

    def answer_help(self, decision: Mapping[str, Any]) -> str:
        """How to answer a decision without options: what to write, and its default."""
        ...

    def prompt_view(self, game_id: int, decision: Mapping[str, Any]) -> discord.ui.View | None:
        """The components of a decision whose choices are not the game's buttons (None: the generic ones)."""
        ...

    def title_of(self, decision: Mapping[str, Any]) -> str:
        """A prompt's title: who answers it and what ("🐺 Stark: orders")."""
        ...

    def topic_of(self, decision: Mapping[str, Any]) -> str:
        """The help page that explains this kind of decision."""
        ...

    def seat_name(self, seat: str | None) -> str:
        ...

    def seat_id(self, words: str) -> str | None:
        """The seat ``words`` name in any case, or None."""
        ...

    def private_team(self, settings: Mapping[str, Any], seats: Sequence[str]) -> Team | None:
        """The team among a started table's ``seats`` that gets a private thread, as its (stored) ``settings`` ask;
        None: no private thread."""
        ...

    def settings(self, words: str, players: int) -> dict[str, Any]:
        """The game's settings the creator's ``settings:`` words ask for (the rest: the game's defaults); raise
        ``Refused``."""
        ...

    def settings_choices(self, words: str) -> list[str]:
        """``words`` completed: what the settings option suggests as they are typed (at most 25)."""
        ...

    def settings_words(self, settings: Mapping[str, Any]) -> str:
        """A table's game settings said back in words (", Tides of Battle on, ...")."""
        ...


def numeric(decision: Mapping[str, Any]) -> bool:
    """Whether the options are plain amounts (bids): then a number written is the amount."""
    options = decision.get("options") or []
    return bool(options) and all(isinstance(o, int) and not isinstance(o, bool) for o in options)


def listed_hint(decision: Mapping[str, Any]) -> str:
    """How to answer a decision with options by number: its amount (a bid) or its place in the prompt's list."""
    options = decision.get("options") or []
    if numeric(decision):
        return f"answer with a number from {min(options)} to {max(options)}, or use the buttons"
    return f"answer with a number from 1 to {len(options)}, or use the buttons"


def json_answer(words: str) -> Any:
    """An answer written as JSON (docs/decisions.md); ``Refused`` if it is not JSON."""
    try:
        return json.loads(words)
    except ValueError:
        raise Refused("that is not valid JSON") from None
