"""Letters from Whitechapel's own prompt components, where a decision has no options to make buttons of (the
hideout, I Know Your Address, a False Clue, the women, the patrols). Every item is a ``DynamicItem`` (it survives
a restart); the steps chosen so far ride in the ``custom_id`` (at most 100 characters), and the engine checks the
answer (a forged ``custom_id`` can only propose an answer to the clicker's own decision):

- a circle (of 195, more than a menu's 25): first a range ("Circles 51-75"), then the circle;
- the women: one menu of the free red circles (choose all the women at once), then one of those to mark;
- the patrols: one menu per token (blue, yellow, brown, red, green, fake, fake), each offering the crossings still
  free (only those that must take a token once the tokens left are just enough), then the answer;
- a policeman's move or rush: the generic menu of its crossings (``ChoiceSelect``), each described by the circles
  a policeman there searches, which buttons could not show.

Each view keeps "Use the default" (``bot/frontend/components``) and, for the steps, "Start again".
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord

from bot.frontend.components import SELECT_MAX, ChoiceSelect, DefaultButton, answer
from engine.whitechapel.board import board
from engine.whitechapel.state import TOKENS

if TYPE_CHECKING:
    from bot.frontend.client import AgotBot

CIRCLE_KINDS = ("hideout", "address", "false_clue")
OWN_KINDS = (*CIRCLE_KINDS, "women", "patrols")
POLICE_KINDS = ("police_move", "rush")
IDS = r"(?P<game>\d{1,18}):(?P<decision>\d{1,18})"


def circles_of(decision: Mapping[str, Any]) -> list[int]:
    """The circles a circle decision may name: the hideout's allowed ones, else any."""
    return list((decision.get("info") or {}).get("circles") or sorted(board().circles))


def ranges(circles: list[int]) -> list[tuple[int, int]]:
    """Runs of at most 25 of ``circles``, by number: (first, last)."""
    ordered = sorted(circles)
    return [(chunk[0], chunk[-1]) for chunk in (ordered[i:i + SELECT_MAX] for i in range(0, len(ordered),
                                                                                         SELECT_MAX))]


def places(decision: Mapping[str, Any], picks: list[str]) -> list[str]:
    """The crossings the next patrol token may take after ``picks``: those left free, only the ones that must be
    taken when the tokens left are just enough for them."""
    info = decision.get("info") or {}
    must = [c for c in info.get("must", []) if c not in picks]
    left = len(TOKENS) - len(picks)
    free = [c for c in info.get("yellow", []) if c not in picks]
    return must if len(must) >= left else must + free


def prompt_view(game_id: int, decision: Mapping[str, Any]) -> discord.ui.View | None:
    """The first step of this decision's own components, or None where the generic ones serve."""
    kind, did = decision["kind"], decision["id"]
    if kind in POLICE_KINDS:
        return crossings_view(game_id, decision)
    if kind not in OWN_KINDS:
        return None
    view = discord.ui.View(timeout=None)
    if kind in CIRCLE_KINDS:
        view.add_item(RangeSelect(game_id, did, ranges(circles_of(decision))))
    elif kind == "women":
        info = decision.get("info") or {}
        free = list(info.get("free", []))
        if len(free) == info.get("women"):  # every free red circle gets a woman: only the marks to choose
            view.add_item(MarkedSelect(game_id, did, free, int(info.get("marked", 1))))
        else:
            view.add_item(WomenSelect(game_id, did, free, int(info.get("women", 1))))
    else:
        view.add_item(PatrolSelect(game_id, did, [], places(decision, [])))
    view.add_item(DefaultButton(game_id, did))
    return view


def crossings_view(game_id: int, decision: Mapping[str, Any]) -> discord.ui.View:
    """A policeman's crossings in menus of 25, each with the circles he would search from it."""
    at = (decision.get("info") or {}).get("at")
    listed = [{"label": c, "description": ("stays here · " if c == at else "") + "searches " +
               ", ".join(map(str, board().circles_at(c)))} for c in decision.get("options") or []]
    view = discord.ui.View(timeout=None)
    for page in range(min(5, (len(listed) + SELECT_MAX - 1) // SELECT_MAX)):
        view.add_item(ChoiceSelect(game_id, decision["id"], page, listed[page * SELECT_MAX:(page + 1) * SELECT_MAX]))
    return view


def step_view(game_id: int, decision_id: str, item: discord.ui.Item[Any]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(item)
    view.add_item(RestartButton(game_id, decision_id))
    view.add_item(DefaultButton(game_id, decision_id))
    return view


async def open_decision(interaction: discord.Interaction, game_id: int, decision_id: str) -> dict[str, Any] | None:
    """The clicker's decision while it is open; else None, and ``answer`` has said it expired (and shown what is
    open now) without answering anything."""
    bot: AgotBot = interaction.client  # type: ignore[assignment]
    pending = await bot.pending_for(game_id, interaction.user.id)
    found = next((d for d in pending if d["id"] == decision_id), None)
    if found is None:
        await answer(interaction, game_id, decision_id, lambda d: d["default"])  # the decision is gone: "expired"
    return found


def _options(values: list[Any], labels: list[str] | None = None) -> list[discord.SelectOption]:
    shown = labels or [str(v) for v in values]
    return [discord.SelectOption(label=label[:100], value=str(v)) for v, label in zip(values, shown)] or \
        [discord.SelectOption(label="…", value="0")]


class RangeSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=rf"wc:r:{IDS}"):
    def __init__(self, game_id: int, decision_id: str, spans: list[tuple[int, int]] | None = None) -> None:
        labels = [f"Circles {a}-{b}" for a, b in spans or []]
        super().__init__(discord.ui.Select(placeholder="First choose the circle's range", custom_id=f"wc:r:"
                                           f"{game_id}:{decision_id}", options=_options([a for a, _ in spans or []],
                                                                                        labels)))
        self.game_id, self.decision_id = game_id, decision_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> RangeSelect:
        return cls(int(match["game"]), match["decision"])

    async def callback(self, interaction: discord.Interaction) -> None:
        decision = await open_decision(interaction, self.game_id, self.decision_id)
        if decision is None:
            return
        start = int((self.item.values or ["0"])[0])
        circles = [c for c in sorted(circles_of(decision)) if c >= start][:SELECT_MAX]
        await interaction.response.edit_message(view=step_view(self.game_id, self.decision_id, CircleSelect(
            self.game_id, self.decision_id, circles)))


class CircleSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=rf"wc:k:{IDS}"):
    def __init__(self, game_id: int, decision_id: str, circles: list[int] | None = None) -> None:
        span = f" ({circles[0]}-{circles[-1]})" if circles else ""
        super().__init__(discord.ui.Select(placeholder=f"Then the circle{span}", custom_id=f"wc:k:{game_id}:"
                                           f"{decision_id}", options=_options(list(circles or []))))
        self.game_id, self.decision_id = game_id, decision_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> CircleSelect:
        return cls(int(match["game"]), match["decision"])

    async def callback(self, interaction: discord.Interaction) -> None:
        chosen = int((self.item.values or ["0"])[0])
        await answer(interaction, self.game_id, self.decision_id, lambda d: chosen)


class WomenSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=rf"wc:w:{IDS}"):
    def __init__(self, game_id: int, decision_id: str, free: list[int] | None = None, count: int = 1) -> None:
        free = free or []
        count = max(1, min(count, len(free) or 1))
        super().__init__(discord.ui.Select(placeholder=f"Choose the {count} women's red circles",
                                           custom_id=f"wc:w:{game_id}:{decision_id}", options=_options(free),
                                           min_values=count, max_values=count))
        self.game_id, self.decision_id = game_id, decision_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> WomenSelect:
        return cls(int(match["game"]), match["decision"])

    async def callback(self, interaction: discord.Interaction) -> None:
        decision = await open_decision(interaction, self.game_id, self.decision_id)
        if decision is None:
            return
        women = sorted(int(v) for v in self.item.values)
        marked = int((decision.get("info") or {}).get("marked", 1))
        await interaction.response.edit_message(view=step_view(self.game_id, self.decision_id, MarkedSelect(
            self.game_id, self.decision_id, women, marked)))


class MarkedSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                   template=rf"wc:m:{IDS}:(?P<women>[0-9.]{{1,60}})"):
    def __init__(self, game_id: int, decision_id: str, women: list[int], count: int = 1) -> None:
        count = max(1, min(count, len(women)))
        super().__init__(discord.ui.Select(
            placeholder=f"Mark {count} of them (your targets)", options=_options(women), min_values=count,
            max_values=count, custom_id=f"wc:m:{game_id}:{decision_id}:{'.'.join(map(str, women))}"))
        self.game_id, self.decision_id, self.women = game_id, decision_id, women

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> MarkedSelect:
        return cls(int(match["game"]), match["decision"], [int(w) for w in match["women"].split(".") if w])

    async def callback(self, interaction: discord.Interaction) -> None:
        marked = sorted(int(v) for v in self.item.values)
        await answer(interaction, self.game_id, self.decision_id,
                     lambda d: {"women": self.women, "marked": marked})


class PatrolSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                   template=rf"wc:p:{IDS}:(?P<picks>[A-Za-z0-9.]{{0,60}})"):
    def __init__(self, game_id: int, decision_id: str, picks: list[str], free: list[str] | None = None) -> None:
        token = TOKENS[min(len(picks), len(TOKENS) - 1)].split("_")[0]
        so_far = ", ".join(f"{t.split('_')[0]} {c}" for t, c in zip(TOKENS, picks))
        placeholder = f"The {token} patrol goes on…" + (f" (so far: {so_far})" if so_far else "")
        super().__init__(discord.ui.Select(placeholder=placeholder[:150], options=_options(list(free or [])),
                                           custom_id=f"wc:p:{game_id}:{decision_id}:{'.'.join(picks)}"))
        self.game_id, self.decision_id, self.picks = game_id, decision_id, picks

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> PatrolSelect:
        return cls(int(match["game"]), match["decision"], [p for p in match["picks"].split(".") if p])

    async def callback(self, interaction: discord.Interaction) -> None:
        picks = [*self.picks, (self.item.values or [""])[0]]
        if len(picks) == len(TOKENS):
            await answer(interaction, self.game_id, self.decision_id, lambda d: dict(zip(TOKENS, picks)))
            return
        decision = await open_decision(interaction, self.game_id, self.decision_id)
        if decision is None:
            return
        await interaction.response.edit_message(view=step_view(self.game_id, self.decision_id, PatrolSelect(
            self.game_id, self.decision_id, picks, places(decision, picks))))


class RestartButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"wc:x:{IDS}"):
    def __init__(self, game_id: int, decision_id: str) -> None:
        super().__init__(discord.ui.Button(label="Start again", style=discord.ButtonStyle.secondary,
                                           custom_id=f"wc:x:{game_id}:{decision_id}"))
        self.game_id, self.decision_id = game_id, decision_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> RestartButton:
        return cls(int(match["game"]), match["decision"])

    async def callback(self, interaction: discord.Interaction) -> None:
        decision = await open_decision(interaction, self.game_id, self.decision_id)
        if decision is not None:
            await interaction.response.edit_message(view=prompt_view(self.game_id, decision))


ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (RangeSelect, CircleSelect, WomenSelect, MarkedSelect,
                                                        PatrolSelect, RestartButton)
