"""Random legal games for 2-6 players: no error, no stall; no secret reaches anyone it should not (the leak audit
against the raw state); the same seed and answers give the same bytes; a game reloaded from sorted-key JSON after
every answer goes on exactly as the one kept in memory."""

import json
import re
from typing import Any

import pytest

from engine.core import Event
from engine.whitechapel.agent import RandomAgent
from engine.whitechapel.game import Game
from engine.whitechapel.rules import WHITECHAPEL
from tests.engine.whitechapel.kit import decision, playout

GAMES_PER_COUNT = 40
CIRCLE_KEYS = {"circle", "circles", "start", "to", "wretched", "unmarked", "choice", "path", "paths", "hideout",
               "first", "last"}
JACKS_KINDS = {"hideout_chosen", "jack_moved", "coach_taken", "alley_taken", "escape", "jack_pawn"}
SETTINGS = {"false_clues": True, "rushing": True, "i_know_your_address": True}


@pytest.mark.parametrize("players", range(2, 7))
def test_random_games_end_without_error_or_stall(players: int) -> None:
    winners = set()
    for seed in range(GAMES_PER_COUNT):
        game, _ = playout(players, 1000 * players + seed, SETTINGS if seed % 2 else {})
        assert game.over and len(game.standings()) == players
        winners.add(game.state.winner)
    assert winners == {"jack", "detectives"}


def circles_in(value: Any, key: str = "") -> set[int]:
    if isinstance(value, dict):
        return set().union(*(circles_in(v, k) for k, v in value.items())) if value else set()
    if isinstance(value, list):
        return set().union(*(circles_in(v, key) for v in value)) if value else set()
    return {value} if key in CIRCLE_KEYS and isinstance(value, int) and not isinstance(value, bool) else set()


def secrets_of(game: Game, shown: set[int]) -> set[int]:
    """Jack's circles nobody else may know yet: the hideout, his rows' circles not shown as clue or crime scene,
    the marked women before they are turned up."""
    s = game.state
    if game.over:
        return set()
    rows = {c for row in s.paths for c in row} - shown
    return rows | {s.hideout or 0} | set(s.marked)


def audit_event(game: Game, event: Event, shown: set[int]) -> None:
    text = json.dumps(event.to_dict())
    if event.kind == "game_over":
        return
    for word in ('"hideout"', '"marked"', '"paths"', '"patrols"'):
        assert word not in text, f"{event.kind} shows {word}"
    assert event.kind == "alarm_whistles" or "fake_" not in text, event.kind  # the alarm turns every token up
    if event.kind == "women_placed":  # every woman face down, marked or not
        assert event.data == {"circles": game.state.women}
    if event.kind in JACKS_KINDS:
        words = re.sub(r"square \d+( of \d+)?|[Nn]ight \d+", "", event.text)
        assert not re.search(r"\d", words), event.text
        assert not circles_in(event.data) & secrets_of(game, shown), event.kind


def scrambled(game: Game, jack: bool) -> Game:
    """The same game with Jack's secrets (or the patrols' identities) changed: what others see must not change."""
    other = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    s = other.state
    if jack:
        s.hideout = (s.hideout or 1) % 195 + 1
        s.paths = [[c % 195 + 1 for c in row] for row in s.paths]
        s.marked = [c for c in s.women if c not in s.marked][: len(s.marked)] if s.marked else []
    else:
        hidden = sorted(c for c in s.patrols if c not in s.revealed)
        tokens = [s.patrols[c] for c in hidden]
        s.patrols.update(zip(hidden, reversed(tokens)))
    return other


def audit_views(game: Game) -> None:
    if game.over:
        return
    head = game.state.head() if game.state.night else None
    detectives = game.players()[1:]
    hiding_jack = scrambled(game, jack=True)
    for viewer in [None, *detectives]:
        assert json.dumps(hiding_jack.view(viewer)) == json.dumps(game.view(viewer)), viewer
    hiding_patrols = scrambled(game, jack=False)
    for viewer in [None, "jack", *(d for d in detectives if d != head)]:
        assert json.dumps(hiding_patrols.view(viewer)) == json.dumps(game.view(viewer)), viewer
    for viewer in [None, *game.players()]:
        assert game.state.rng.secret.hex() not in json.dumps(game.view(viewer))


@pytest.mark.parametrize("players", range(2, 7))
def test_leak_audit_against_the_raw_state(players: int) -> None:
    for seed in range(4):
        game = WHITECHAPEL.new(players, SETTINGS, 77 * players + seed)
        agents = {p: RandomAgent(seed + i) for i, p in enumerate(game.players())}
        shown: set[int] = set()
        while not game.over:
            audit_views(game)
            d = decision(game)
            view = game.view(d.player)
            events = game.submit(d.player, d.id, agents[d.player].answer(view, view["private"]["decisions"][0]))
            s = game.state
            shown |= set(s.clues) | {c for night in s.crimes for c in night}
            for event in events:
                if event.audience.kind == "public" or event.audience.who != "jack" and (
                        event.kind != "patrols_identities"):
                    audit_event(game, event, shown)


def replay(players: int, seed: int, reload: bool) -> tuple[list[str], str]:
    game = WHITECHAPEL.new(players, SETTINGS, seed)
    agents = {p: RandomAgent(seed + i) for i, p in enumerate(game.players())}
    log: list[str] = []
    while not game.over:
        d = decision(game)
        view = game.view(d.player)
        log.append(json.dumps([d.to_dict()] + [game.view(p) for p in [None, *game.players()]]))
        events = game.submit(d.player, d.id, agents[d.player].answer(view, view["private"]["decisions"][0]))
        log.append(json.dumps([e.to_dict() for e in events]))
        if reload:
            game = WHITECHAPEL.load(json.loads(json.dumps(game.to_dict(), sort_keys=True)))
    return log, json.dumps(game.to_dict())


@pytest.mark.parametrize("players", [2, 4, 6])
def test_same_seed_and_answers_give_the_same_bytes(players: int) -> None:
    assert replay(players, 5, reload=False) == replay(players, 5, reload=False)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_game_reloaded_after_every_answer_goes_on_identically(players: int) -> None:
    assert replay(players, 11, reload=True) == replay(players, 11, reload=False)


def test_the_state_reloads_to_the_same_bytes_with_sorted_keys() -> None:
    game, _ = playout(3, 8)
    raw = game.to_dict()
    assert json.dumps(WHITECHAPEL.load(json.loads(json.dumps(raw, sort_keys=True))).to_dict()) == json.dumps(raw)
    assert list(raw) == sorted(raw) and raw["schema"] == 1
