"""What the board shows of orders before the reveal (rules H: hidden information).

A public image never shows the type of an unrevealed order; a player's image shows that player's own placed
orders and no one else's. Checked on the layout (the only place an order's text appears) and on the PNG bytes.
"""

from __future__ import annotations

import copy
from typing import Any

from bot.render import build_layout, render
from bot.render import items as it
from engine.agot import Game
from tests.render.scenarios import at_planning, submit_orders


def orders(layout: list[it.Item]) -> dict[str, it.OrderMark]:
    return {i.area: i for i in layout if isinstance(i, it.OrderMark)}


def hidden_game() -> tuple[Game, list[str], list[str]]:
    """Round 2 planning of a 4-player game: half the houses have placed (hidden) orders."""
    game, agent = at_planning(4, 3, 2)
    houses = sorted(game.state.houses)
    placed, waiting = houses[:2], houses[2:]
    submit_orders(game, agent, placed)
    return game, placed, waiting


def test_public_view_never_draws_an_unrevealed_order_type() -> None:
    game, placed, _ = hidden_game()
    marks = orders(build_layout(game.view(None)))
    assert marks, "the placed orders are on the board face down"
    assert {m.house for m in marks.values()} == set(placed)
    for mark in marks.values():
        assert mark.face_down and mark.text is None and not mark.special and not mark.own_secret


def test_private_view_draws_own_orders_only() -> None:
    game, placed, waiting = hidden_game()
    for house in placed + waiting:
        marks = orders(build_layout(game.view(house)))
        for mark in marks.values():
            assert mark.face_down
            if mark.house == house:
                assert mark.text and mark.own_secret, "a player sees the orders he placed"
            else:
                assert mark.text is None and not mark.special, f"{house} must not see {mark.house}'s order"
        own = {a for a, m in marks.items() if m.house == house}
        assert bool(own) == (house in placed)


def test_hidden_choices_change_nothing_the_others_see() -> None:
    """Two games that differ only in one house's hidden orders give the same public and rival images."""
    boards = []
    for seed in (101, 202):
        game, _ = at_planning(4, 3, 2)
        from engine.agot.agent import RandomAgent

        houses = sorted(game.state.houses)
        submit_orders(game, RandomAgent(seed), houses[:1])
        boards.append((game, houses))
    (g1, houses), (g2, _) = boards
    own1 = {a: s.get("order") for a, s in g1.view(houses[0])["areas"].items() if s.get("order")}
    own2 = {a: s.get("order") for a, s in g2.view(houses[0])["areas"].items() if s.get("order")}
    assert own1 != own2, "the two seeds should place different orders"
    assert build_layout(g1.view(None)) == build_layout(g2.view(None))
    assert render(g1.view(None)) == render(g2.view(None))
    for rival in houses[1:]:
        assert build_layout(g1.view(rival)) == build_layout(g2.view(rival))


def test_a_leaky_view_still_draws_rival_orders_face_down() -> None:
    """Defence in depth: even if a view carried another house's hidden token, the layout would not draw it."""
    game, placed, waiting = hidden_game()
    view: dict[str, Any] = copy.deepcopy(game.view(waiting[0]))
    leaked = 0
    for area in view["areas"].values():
        order = area.get("order")
        if order and order.get("face_down"):
            order["token"] = "M+1*"
            leaked += 1
    assert leaked
    for mark in orders(build_layout(view)).values():
        assert mark.text is None
    public = copy.deepcopy(view)
    public["viewer"] = None
    for mark in orders(build_layout(public)).values():
        assert mark.text is None


def test_revealed_orders_show_type_modifier_and_star() -> None:
    game, placed, waiting = hidden_game()
    from engine.agot.agent import RandomAgent

    submit_orders(game, RandomAgent(9), waiting)
    view = game.view(None)
    marks = orders(build_layout(view))
    tokens = {a: s["order"]["token"] for a, s in view["areas"].items() if s.get("order")}
    assert marks and set(marks) == set(tokens)
    for area, mark in marks.items():
        assert not mark.face_down and mark.text
        assert mark.special == tokens[area].endswith("*")
        assert mark.text[0] == tokens[area][0]


def combat_with_cards_open() -> Game:
    """A random game at the moment both sides of a combat must choose their House card."""
    from engine.agot.agent import RandomAgent
    from tests.render.scenarios import drive

    for seed in range(1, 40):
        game = Game.new(4, seed)
        try:
            drive(game, RandomAgent(seed), lambda ds: sum(d.kind == "house_card" for d in ds) == 2, limit=3000)
        except RuntimeError:
            continue
        if sum(d.kind == "house_card" for d in game.open_decisions()) == 2:
            return game
    raise AssertionError("no random game reached a combat's card choice")


def test_combat_image_never_shows_a_chosen_card_before_the_reveal() -> None:
    """One side has chosen its House card: two games differing only in that choice give the same combat image to
    the public and to the other side, which says the card is chosen but not which."""
    from bot.render import render_combat
    from bot.render.combat import combat_note, side_lines

    game = combat_with_cards_open()
    first, other = [d for d in game.open_decisions() if d.kind == "house_card"]
    assert first.options and len(first.options) > 1
    forks = []
    for card in (first.options[0], first.options[-1]):
        fork = Game.from_dict(copy.deepcopy(game.to_dict()))
        fork.submit(first.player, first.id, card)
        forks.append(fork)
    for viewer in (None, other.player):
        views = [f.view(viewer) for f in forks]
        assert render_combat(views[0]) == render_combat(views[1])
        note = combat_note(views[0])
        assert note is not None
        side = "attacker" if note["attacker"] == first.player else "defender"
        assert ("House card: chosen, not yet revealed", False) in side_lines(views[0], note, side)


def test_change_image_shows_no_hidden_order() -> None:
    """The round-change image from views with hidden orders is the same whatever those orders are."""
    from bot.render import render_changes
    from engine.agot.agent import RandomAgent

    before = None
    images = []
    for seed in (101, 202):
        game, _ = at_planning(4, 3, 2)
        before = before or game.view(None)
        submit_orders(game, RandomAgent(seed), sorted(game.state.houses)[:2])
        images.append(render_changes(before, game.view(None)))
    assert images[0] == images[1]
