"""The position builder: a mid-game position set up through a documented API, then played through submit."""

import pytest

from engine.agot.position import Position


def test_a_built_position_plays_through_the_public_api():
    pos = Position.new(players=6, seed=3).clear()
    pos.put("winterfell", "stark", "footman", "knight", order="M0").put("castle-black", "lannister", "footman")
    pos.power_token("harrenhal", "lannister").house("stark", power=2, supply=4, hand=["eddard-stark"],
                                                    discard=["robb-stark"])
    pos.tracks(iron_throne=["stark", "lannister", "baratheon", "greyjoy", "tyrell", "martell"])
    pos.round(4)
    pos.start("marches")
    g = pos.game
    d = next(d for d in g.open_decisions() if d.player == "stark")
    assert d.kind == "march" and set(d.info["orders"]) == {"winterfell"}
    v = g.view("stark")
    assert v["round"] == 4 and v["tracks"]["iron_throne"][0] == "stark"
    assert v["houses"]["stark"]["power"] == 2 and v["houses"]["stark"]["hand"] == ["eddard-stark"]
    assert v["areas"]["harrenhal"]["power_token"] == "lannister"
    events = g.submit("stark", d.id, {"from": "winterfell", "moves": {"castle-black": ["footman", "knight"]}})
    assert any(e.kind == "combat" for e in events)


def test_the_builder_refuses_what_is_not_in_the_game():
    pos = Position.new(players=3)
    with pytest.raises(ValueError, match="not an area"):
        pos.put("narnia", "stark", "footman")
    with pytest.raises(ValueError, match="not a house of this game"):
        pos.put("winterfell", "martell", "footman")
    with pytest.raises(ValueError, match="not a unit"):
        pos.put("karhold", "stark", "dragon")
    with pytest.raises(ValueError, match="not an order token"):
        pos.order("winterfell", "M+5", "stark")
    with pytest.raises(ValueError, match="every house once"):
        pos.tracks(fiefdoms=["stark", "stark", "lannister"])
    with pytest.raises(ValueError, match="not a House card of stark"):
        pos.house("stark", hand=["tywin-lannister"])
    with pytest.raises(ValueError, match="already holds"):
        pos.put("lannisport", "stark", "footman")


def test_westeros_and_wildling_decks_are_set_from_the_top():
    pos = Position.new(players=4).westeros(top=("supply", None, "wildlings-attack")).wildlings(threat=8,
                                                                                           top=["crow-killers"])
    s = pos.game.state
    assert s.westeros_decks[0][0] == "supply" and s.westeros_decks[2][0] == "wildlings-attack"
    assert s.wildling_deck[0] == "crow-killers" and s.wildling_threat == 8
    assert sorted(s.wildling_deck) == sorted(c["id"] for c in pos.game.board.wildling_cards)  # still 9 cards
    events = pos.round(3).start("westeros")
    assert any(e.kind == "westeros_card" and e.data["card"] == "supply" for e in events)


def test_garrisons_neutral_forces_and_removals():
    pos = Position.new(players=6).clear(keep_neutral=False)
    g = pos.game
    assert all(st.garrison == 0 and st.neutral == 0 for st in g.state.areas.values())
    pos.garrison("winterfell", 2).neutral("the-eyrie", 6).put("karhold", "stark", "knight").remove("karhold")
    v = g.view(None)["areas"]
    assert v["winterfell"]["garrison"] == 2 and v["the-eyrie"]["neutral"] == 6 and "units" not in v["karhold"]
