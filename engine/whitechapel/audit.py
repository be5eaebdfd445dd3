"""The leak audit: checks every event and view against the raw state's secrets (used by the tests and by
``python -m engine.simulate --game whitechapel``).

Secrets: Jack's hideout, the circles of his rows not yet shown as a clue or a crime scene, the marked women before
they are turned up, the patrol tokens' identities before their reveal. An event reaching anyone but Jack must not
name them; a view of anyone who may not know them must not change when they are changed (``scrambled``).
"""

from __future__ import annotations

import json
import re
from typing import Any

from engine.core import Event
from engine.whitechapel.game import Game
from engine.whitechapel.state import JACK

CIRCLE_KEYS = {"circle", "circles", "start", "to", "wretched", "unmarked", "choice", "path", "paths", "hideout",
               "first", "last"}
JACKS_KINDS = {"hideout_chosen", "jack_moved", "coach_taken", "alley_taken", "escape", "jack_pawn"}
SECRET_KEYS = ('"hideout"', '"marked"', '"paths"', '"patrols"')


class Auditor:
    """Follows one game: call ``check`` with the game before its first answer and after each answer."""

    def __init__(self) -> None:
        self.shown: set[int] = set()  # circles of Jack's rows shown as clues or crime scenes

    def check(self, game: Game, events: list[Event]) -> list[str]:
        s = game.state
        self.shown |= set(s.clues) | {c for night in s.crimes for c in night}
        problems = [p for e in events if reaches_others(game, e) for p in self.event_problems(game, e)]
        return problems + view_problems(game)

    def secrets(self, game: Game) -> set[int]:
        s = game.state
        if game.over:
            return set()
        rows = {c for row in s.paths for c in row} - self.shown
        return rows | {s.hideout or 0} | set(s.marked)

    def event_problems(self, game: Game, event: Event) -> list[str]:
        if event.kind == "game_over":
            return []
        text = json.dumps(event.to_dict())
        problems = [f"{event.kind} shows {word}" for word in SECRET_KEYS if word in text]
        if event.kind != "alarm_whistles" and "fake_" in text:  # the alarm turns every token up
            problems.append(f"{event.kind} names a fake patrol")
        if event.kind == "women_placed" and event.data != {"circles": game.state.women}:
            problems.append("women_placed tells more than the women's places")
        if event.kind in JACKS_KINDS:
            if re.search(r"\d", re.sub(r"square \d+( of \d+)?|[Nn]ight \d+", "", event.text)):
                problems.append(f"{event.kind} text names a number: {event.text}")
            if circles_in(event.data) & self.secrets(game):
                problems.append(f"{event.kind} names one of Jack's secret circles")
        return problems


def reaches_others(game: Game, event: Event) -> bool:
    """Public, or told to a detective (the Head's own patrols excepted: he placed them)."""
    if event.audience.kind == "public":
        return True
    return event.audience.who != JACK and event.kind != "patrols_identities"


def circles_in(value: Any, key: str = "") -> set[int]:
    if isinstance(value, dict):
        return {c for k, v in value.items() for c in circles_in(v, k)}
    if isinstance(value, list):
        return {c for v in value for c in circles_in(v, key)}
    return {value} if key in CIRCLE_KEYS and isinstance(value, int) and not isinstance(value, bool) else set()


def scrambled(game: Game, jack: bool) -> Game:
    """The same game with Jack's secrets (``jack``) or the face-down patrols' identities changed."""
    other = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    s = other.state
    if jack:
        s.hideout = (s.hideout or 1) % len(game.board.circles) + 1
        s.paths = [[c % len(game.board.circles) + 1 for c in row] for row in s.paths]
        unmarked = [c for c in s.women if c not in s.marked]
        s.marked = sorted((unmarked + s.marked)[: len(s.marked)])
    else:
        hidden = sorted(c for c in s.patrols if c not in s.revealed)
        s.patrols.update(zip(hidden, reversed([s.patrols[c] for c in hidden])))
    return other


def view_problems(game: Game) -> list[str]:
    if game.over:
        return []
    head = game.state.head() if game.state.night else None
    detectives = game.players()[1:]
    problems = []
    hiding_jack = scrambled(game, jack=True)
    for viewer in [None, *detectives]:
        if json.dumps(hiding_jack.view(viewer)) != json.dumps(game.view(viewer)):
            problems.append(f"the view of {viewer or 'the public'} depends on Jack's secrets")
    hiding_patrols = scrambled(game, jack=False)
    for viewer in [None, JACK, *(d for d in detectives if d != head)]:
        if json.dumps(hiding_patrols.view(viewer)) != json.dumps(game.view(viewer)):
            problems.append(f"the view of {viewer or 'the public'} depends on the patrols' identities")
    secret = game.state.rng.secret.hex()
    problems += [f"the view of {v or 'the public'} shows the RNG" for v in [None, *game.players()]
                 if secret in json.dumps(game.view(v))]
    return problems
