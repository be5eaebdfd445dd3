"""Combat in random games: it is reached, it never leaks a secret choice, and a game saved in the middle of a
combat continues identically (design: the decision protocol; checklist H.6, H.8)."""

import json

import pytest

from engine.agot import Game, Settings
from tests.engine.drive import step
from tests.engine.test_secrets import _check_no_leak


def _in_combat(game: Game) -> bool:
    return any(f["step"] == "combat" for f in game.state.stack)


def _check_combat_secrets(game: Game, decision, events) -> None:
    _check_no_leak(game, decision, events)
    for d in game.open_decisions():
        assert d.options is None or d.default in d.options, d  # every question has an always-legal default
    frame = next((f for f in game.state.stack if f["step"] == "combat"), None)
    if frame is None:
        return
    # a chosen card, or a Tides of Battle card not yet revealed, is in no view and no event for others
    hidden = {h: c for h, c in frame.get("chosen", {}).items() if c}
    if not frame.get("tides_shown"):
        hidden |= {f"tides:{h}": c for h, c in frame.get("tides", {}).items()}
    for owner, card in hidden.items():
        house = owner.removeprefix("tides:")
        for viewer in [None, *(h for h in game.state.houses if h != house)]:
            assert f'"card": "{card}"' not in json.dumps(game.view(viewer)["notes"]), (viewer, card)
            for e in events:
                if e.audience.reaches(viewer) and e.kind != "house_cards_revealed":
                    assert e.data.get("card") != card or e.kind == "house_card_played", (viewer, e)
                    # (the viewer's own draw may be a card of the same kind: the deck holds duplicates)
                    assert e.data.get("tides") != card or e.audience.who == e.data.get("house") == viewer, (viewer, e)


@pytest.mark.parametrize("players,seed,tides", [(3, 11, False), (4, 12, True), (5, 13, False), (6, 14, True)])
def test_random_games_reach_combat_and_never_leak_a_choice(players, seed, tides):
    combats = 0
    for n in range(12):
        game = Game.new(players, seed=seed + 100 * n, settings=Settings(tides_of_battle=tides))
        while not game.over:
            before = _in_combat(game)
            decision, events = step(game, seed)
            if before or _in_combat(game):
                _check_combat_secrets(game, decision, events)
            combats += sum(1 for e in events if e.kind == "combat")
            assert before or not _in_combat(game) or any(e.kind == "combat" for e in events)
        if combats >= 3:
            break
    assert combats >= 3


def test_a_game_saved_in_the_middle_of_a_combat_continues_identically():
    game = Game.new(6, seed=21, settings=Settings(tides_of_battle=True))
    for _ in range(5000):
        frame = next((f for f in game.state.stack if f["step"] == "combat"), None)
        if frame and any(d.kind == "house_card" for d in game.open_decisions()):
            break
        step(game, 3)
    else:
        raise AssertionError("no combat reached")
    restored = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert [d.to_dict() for d in restored.open_decisions()] == [d.to_dict() for d in game.open_decisions()]
    for _ in range(300):
        if game.over:
            break
        step(game, 5)
        step(restored, 5)
        assert json.dumps(game.to_dict(), sort_keys=True) == json.dumps(restored.to_dict(), sort_keys=True)
