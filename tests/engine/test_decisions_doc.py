"""Decisions a front end can show as they are (docs/decisions.md; issue 8, item 4): every kind met in random
games has a public label, choices parallel to its options, a documented answer shape and a sane default that
``submit`` accepts. A kind the engine can ask that the document does not describe fails the guard."""

import re
from pathlib import Path
from types import SimpleNamespace

from engine.agot.board import board as printed_board
from engine.agot.combat_cards import weakest
from engine.agot.present import KINDS, is_pass
from engine.agot.wildling_tasks import TASKS, TaskHandler
from tests.engine.combat_kit import asked, march, put, resolve
from tests.engine.combat_kit import board as combat_board
from tests.engine.presented import STRUCTURED, check_presented
from tests.engine.scenario import decision
from tests.engine.walk import walk

ROOT = Path(__file__).resolve().parents[2]


def documented() -> dict[str, str]:
    out = {}
    for line in (ROOT / "docs" / "decisions.md").read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and re.fullmatch(r"`[a-z_]+`", cells[0]):
            out[cells[0].strip("`")] = cells[2]
    return out


def asked_in_source() -> set[str]:
    """Every decision kind the engine can pose, read from its source and its wildling task registry (a task
    with options asks under its own name; one with its own ``decision`` names its kind in the source)."""
    source = "\n".join(p.read_text() for p in (ROOT / "engine" / "agot").glob("*.py"))
    kinds = set(re.findall(r'Question\(\s*[\w.]+,\s*"([a-z_]+)"', source))
    kinds |= set(re.findall(r'self\.ask\(c, house, "([a-z_]+)"', source))
    kinds |= set(re.findall(r'kind="([a-z_]+)"', source))
    kinds |= {kind for kind, handler in TASKS.items() if type(handler).options is not TaskHandler.options}
    return kinds


def test_every_kind_the_engine_asks_is_documented_and_presented():
    asked = asked_in_source()
    assert len(asked) > 35
    assert asked == set(KINDS) == set(documented())
    for kind, answer in documented().items():
        assert answer.startswith("structured" if kind in STRUCTURED else "option"), kind


def test_every_kind_met_has_a_label_choices_and_an_accepted_default():
    w = walk()
    doc = documented()
    assert len(w.decisions) >= 28
    for kind, samples in w.decisions.items():
        assert kind in doc, f"decision kind {kind} is not documented in docs/decisions.md"
        for game, d in samples:
            check_presented(d)
            before = game.to_dict()
            game.submit(d["player"], d["id"], d["default"])  # the deadline's answer is legal
            assert game.to_dict() != before


def test_defaults_follow_the_document():
    w = walk()
    for _, d in w.decisions["bid"]:
        assert d["default"] == 0
    for game, d in w.decisions["house_card"]:  # the weakest card: lowest strength, then fewest icons
        cards = game.board.card_by_id
        key = {c: (cards[c]["strength"], cards[c]["swords"] + cards[c]["fortifications"]) for c in d["options"]}
        assert key[d["default"]] == min(key.values())
    for kind in ("raid", "raven", "refuse", "blade", "tides_redraw", "aeron", "patchface", "renly"):
        for _, d in w.decisions.get(kind, []):
            assert is_pass(kind, d["default"]), kind
    for _, d in w.decisions["march"]:
        assert d["default"]["moves"] == {}
    for game, d in w.decisions["orders"]:
        kinds = {game.board.order_tokens[t].type for t in d["default"].values()}
        if len(d["default"]) <= 4 + min(2, d["info"]["special_limit"]) and not d["info"]["restrictions"]:
            assert kinds <= {"defense", "consolidate_power"}, d["default"]
        lands = [a for a in d["info"]["areas"] if game.board.is_land(a)]
        collect = [a for a, t in d["default"].items() if game.board.order_tokens[t].type == "consolidate_power"]
        assert all(a in lands for a in collect) or set(lands) <= set(collect), d["default"]


def test_bids_and_tie_breaks_name_their_purpose():
    w = walk()
    purposes = {(d["info"]["purpose"], d["info"].get("track")) for _, d in w.decisions["bid"]}
    assert ("clash-of-kings", "iron_throne") in purposes or ("wildlings", None) in purposes
    for _, d in w.decisions["bid"] + w.decisions.get("break_tie", []):
        if d["info"]["purpose"] == "clash-of-kings":
            assert d["info"]["track"] in ("iron_throne", "fiefdoms", "kings_court")
            assert "track" in d["label"]
        else:
            assert d["info"]["purpose"] == "wildlings" and "wildling" in d["label"]


def test_rare_kinds_read_as_they_are_mace_and_losses_before_a_retreat():
    """Kinds random games seldom ask, set up by hand (the conftest checks their shape; here their words)."""
    g = combat_board()
    put(g, "the-reach", "tyrell", "knight", "knight")
    put(g, "blackwater", "lannister", "footman")
    put(g, "blackwater", "lannister", "footman", routed=True)
    march(g, "tyrell", "the-reach", {"blackwater": ["knight", "knight"]})
    resolve(g, {"tyrell": "mace-tyrell", "lannister": "cersei-lannister"},
            until=lambda game: ("tyrell", "mace") in asked(game))
    d = decision(g, "tyrell", "mace")
    assert d.label == "Mace Tyrell in the combat in Blackwater" and d.info["ability"] == "mace-tyrell"
    assert [c["label"] for c in d.choices] == ["A standing Footman", "A routed Footman"]

    g = combat_board()
    put(g, "the-reach", "tyrell", "knight", "knight")
    put(g, "blackwater", "lannister", "footman", "knight")
    g.state.houses["lannister"].supply = 0  # armies {2, 2}
    put(g, "stoney-sept", "lannister", "footman")
    put(g, "searoad-marches", "lannister", "footman", "footman")
    put(g, "crackclaw-point", "baratheon", "footman")
    put(g, "harrenhal", "baratheon", "footman")
    march(g, "tyrell", "the-reach", {"blackwater": ["knight", "knight"]})
    resolve(g, {"tyrell": "alester-florent", "lannister": "cersei-lannister"},
            until=lambda game: ("lannister", "retreat_losses") in asked(game))
    d = decision(g, "lannister", "retreat_losses")
    assert d.label == "losses before the retreat for the combat in Blackwater"
    assert [(c["label"], c["description"]) for c in d.choices] == [("Footman", "Destroy Footman."),
                                                                    ("Knight", "Destroy Knight.")]
    assert d.default == ["footman"]


def test_the_deadlines_house_card_is_the_weakest_and_of_equal_strength_the_one_with_fewest_icons():
    """docs/decisions.md: the lowest strength, then the fewest icons, whatever the order of the hand."""
    combat = SimpleNamespace(b=printed_board())
    davos, brienne = "ser-davos-seaworth", "brienne-of-tarth"  # both strength 2: no icon / a sword and a tower
    salladhor, melisandre = "salladhor-saan", "melisandre"  # both strength 1: no icon / a sword
    assert [combat.b.card_by_id[c]["strength"] for c in (davos, brienne, salladhor, melisandre)] == [2, 2, 1, 1]
    assert weakest(combat, [brienne, davos]) == weakest(combat, [davos, brienne]) == davos
    assert weakest(combat, [melisandre, salladhor]) == weakest(combat, [salladhor, melisandre]) == salladhor
    assert weakest(combat, [brienne, melisandre, davos]) == melisandre  # strength first
