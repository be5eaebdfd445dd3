"""Every event kind has documented data (docs/events.md; issue 8, item 9): a feed posts events without
parsing their text. The table is checked against random games and against the engine's source."""

import re
from pathlib import Path

from engine.agot import Game
from engine.agot.board import board
from tests.engine.walk import walk

ROOT = Path(__file__).resolve().parents[2]


def documented() -> dict[str, tuple[str, set[str], set[str]]]:
    """kind: (audience, keys always present, keys sometimes present)."""
    out = {}
    for line in (ROOT / "docs" / "events.md").read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and re.fullmatch(r"`[a-z_]+`", cells[0]):
            keys = [set(re.findall(r"`([a-z_]+)`", c)) for c in cells[2:4]]
            out[cells[0].strip("`")] = (cells[1], keys[0], keys[1])
    return out


def test_every_kind_emitted_by_the_engine_is_documented():
    source = "\n".join(p.read_text() for p in (ROOT / "engine" / "agot").rglob("*.py"))  # mod/ included
    emitted = set(re.findall(r'emit\(\s*"([a-z_]+)"', source))
    assert len(emitted) > 60
    assert emitted == set(documented())


def test_events_of_random_games_carry_their_documented_data():
    doc = documented()
    met = set()
    for event in walk().events:
        assert event.kind in doc, f"undocumented event kind {event.kind}"
        audience, always, sometimes = doc[event.kind]
        assert event.audience.kind in audience.split(" or "), event
        assert always <= set(event.data) <= always | sometimes | {"forced"}, (event.kind, sorted(event.data))
        met.add(event.kind)
    assert len(met) > 55


def test_every_event_has_a_growing_seq_and_the_count_survives_a_restore():
    seqs = [e.seq for e in walk().events if e.audience.kind == "public"]
    assert all(b == a + 1 for a, b in zip(seqs, seqs[1:]) if b > 1)  # each game counts its public events from 1
    game = Game.new(4, seed=5)
    assert [e.seq for e in game.events] == [1] and game.events[0].kind == "round"
    assert game.events[0].to_dict()["seq"] == 1
    d = game.open_decisions()[0]
    restored = Game.from_dict(game.to_dict())
    first = game.submit(d.player, d.id, d.default)
    again = restored.submit(d.player, d.id, d.default)
    assert [e.to_dict() for e in first] == [e.to_dict() for e in again]
    public = [e.seq for e in first if e.audience.kind == "public"]
    assert public == list(range(2, 2 + len(public)))
    assert all(e.seq == 1 for e in first if e.audience.kind != "public")  # after the last public event


def test_event_texts_use_names_not_ids():
    b = board()
    ids = {a for a in b.areas if "-" in a or "_" in a} | set(b.card_by_id) | {"iron_throne", "kings_court"}
    houses = set(b.houses)
    for event in walk().events:
        words = set(re.findall(r"[a-z][a-z_'-]*", event.text))
        assert not words & ids, event.text
        assert not words & houses, event.text


def test_destroyed_units_name_a_reason():
    reasons = {"casualties": {"casualty", "skull"}, "units_destroyed": {"routed", "siege_engine", "no_retreat",
                                                                          "supply"},
               "reconcile": {"supply"}, "wildling_losses": {"wildlings"}, "port_lost": {"port"}}
    seen = set()
    for event in walk().events:
        if event.kind in reasons:
            assert event.data["reason"] in reasons[event.kind], event
            seen.add(event.data["reason"])
        if event.kind == "port_lost":
            assert event.data["ships"] > 0 and event.data["land"] in board().areas
    assert {"casualty", "supply", "wildlings"} <= seen


def test_combat_notes_and_events_carry_each_part_of_the_strength():
    results = [e for e in walk().events if e.kind == "combat_result"]
    assert results
    supported = 0
    for event in results:
        for house, parts in event.data["parts"].items():
            assert set(parts) == {"units", "order", "support", "garrison", "card", "blade", "tides", "total",
                                  "support_areas"}
            assert parts["support"] == sum(parts["support_areas"].values())
            assert parts["total"] == sum(v for k, v in parts.items() if k not in ("total", "support_areas"))
            assert event.data["strength"][house] == parts["total"]
            supported += bool(parts["support_areas"])
    assert supported
