"""The 18 House cards without text: their strength, swords and fortifications (9.23, 9.26; Appendix C).

For each card: one test where its icons change the outcome (swords kill, fortifications save) and one
where they cannot (swords of a loser, fortifications of a victor).
"""

import pytest

from engine.agot.board import board as the_board
from tests.engine.combat_kit import board, fight, kinds_of, put
from tests.engine.scenario import units

PLAIN = [c["id"] for h in the_board().house_cards.values() for c in h if not c["text"]]


def _card(card: str) -> dict:
    return the_board().card_by_id[card]


def _rival(owner: str) -> tuple[str, str, str]:
    """A house to fight ``owner``: its zero-strength card without effect here, and a strong sword card."""
    return ("lannister", "cersei-lannister", "ser-gregor-clegane") if owner == "stark" else \
        ("stark", "catelyn-stark", "eddard-stark")


def _attack_with(card: str):
    """The card's house attacks three Footmen with three Knights; the defender plays a zero card."""
    owner = _card(card)["house"]
    victim, zero, _ = _rival(owner)
    g = board()
    put(g, "the-reach", owner, "knight", "knight", "knight")
    put(g, "blackwater", victim, "footman", "footman", "footman")
    events = fight(g, owner, "the-reach", {"blackwater": ["knight", "knight", "knight"]},
                   cards={owner: card, victim: zero})
    return g, events, owner, victim


def _defend_with(card: str, attacker_card: str | None = None):
    """The card's house defends three Footmen against three Knights."""
    owner = _card(card)["house"]
    enemy, zero, swords = _rival(owner)
    g = board()
    put(g, "the-reach", enemy, "knight", "knight", "knight")
    put(g, "blackwater", owner, "footman", "footman", "footman")
    events = fight(g, enemy, "the-reach", {"blackwater": ["knight", "knight", "knight"]},
                   cards={owner: card, enemy: attacker_card or swords})
    return g, events, owner, enemy


def test_there_are_eighteen_cards_without_text():
    assert len(PLAIN) == 18


@pytest.mark.parametrize("card", PLAIN)
def test_icon_card_changes_the_outcome(card):
    data = _card(card)
    if data["swords"]:
        g, events, owner, victim = _attack_with(card)
        result = kinds_of(events, "combat_result")[0]
        assert result.data["winner"] == owner and result.data["parts"][owner]["card"] == data["strength"]
        lost = kinds_of(events, "casualties")[0].data["units"]
        assert lost == ["footman"] * min(3, data["swords"])
    else:
        g, events, owner, enemy = _defend_with(card)
        result = kinds_of(events, "combat_result")[0]
        swords = _card(_rival(owner)[2])["swords"]
        assert result.data["winner"] == enemy
        lost = [u for e in kinds_of(events, "casualties") for u in e.data["units"]]
        assert len(lost) == swords - data["fortifications"] < swords


@pytest.mark.parametrize("card", PLAIN)
def test_icon_card_does_not_apply(card):
    data = _card(card)
    if data["swords"]:
        # a defeated defender's swords kill nothing
        g, events, owner, enemy = _defend_with(card)
        result = kinds_of(events, "combat_result")[0]
        assert result.data["winner"] == enemy
        assert all(e.data["house"] == owner for e in kinds_of(events, "casualties"))
        assert units(g, "blackwater") == ["knight", "knight", "knight"]
    else:
        # a victor's fortifications save nobody: the defender's losses come from swords only (none here)
        g, events, owner, victim = _attack_with(card)
        assert kinds_of(events, "combat_result")[0].data["winner"] == owner
        assert not kinds_of(events, "casualties")
        assert units(g, "blackwater") == ["knight", "knight", "knight"]
