"""The secret steps of a combat: House cards, Tides of Battle and the Valyrian Steel Blade (9.22-9.31, 9.50-9.55).

Both combatants choose a House card at the same time (one reveal group). A choice is kept in the combat
frame only: the chooser gets a private event, a sealed event records it for the reveal, and everyone else
only learns that a card was chosen. Both cards are revealed together once the second arrives; a card chosen
again after Tyrion's cancel is secret in the same way until it is revealed (H.6). With Tides of Battle each
combatant then draws a card in private from a freshly shuffled 24-card deck (H.9); the Blade's holder may
spend it to draw again (C9), and if he has not, may still spend it for +1 after the reveal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.agot.battle import Combat, Question
from engine.agot.house_cards import refill_if_empty, take_into_play
from engine.core import Audience


def _group(c: Combat, suffix: str = "") -> str:
    if "group" not in c.f:
        c.f["group"] = f"combat-{c.s.decision_seq + 1}"
    return str(c.f["group"]) + suffix


def _card_question(c: Combat, house: str, options: list[str], group: str, again: bool = False) -> Question:
    prompt = ("Your card was cancelled: choose another House card (secret until revealed)." if again else
              f"Choose your House card for the combat in {c.game.area_name(c.area)} (secret until both are "
              "revealed).")
    info = {"attacker": c.attacker, "defender": c.defender, "area": c.area,
            "initial": dict(c.note().get("initial", {}))}
    return Question(house, "house_card", prompt, options, weakest(c, options), info=info, secret=True, group=group)


def weakest(c: Combat, cards: list[str]) -> str:
    """The deadline's card: the lowest printed strength, then the fewest icons (docs/decisions.md)."""
    def key(card: str) -> tuple[int, int, int]:
        data = c.b.card_by_id[card]
        return int(data["strength"]), int(data["swords"]) + int(data["fortifications"]), cards.index(card)

    return min(cards, key=key)


def t_choose(c: Combat) -> list[Question]:
    """Both combatants choose a card, simultaneously and in secret (9.22)."""
    group = _group(c)
    questions = []
    for house in c.combatants():
        if house in c.f["chosen"]:
            continue
        refill_if_empty(c.game, house, None)  # A9: a hand is never empty when a combat begins
        hand = list(c.s.houses[house].hand)
        if not hand:
            c.f["chosen"][house] = None
            continue
        questions.append(_card_question(c, house, hand, group))
    return questions


def a_house_card(c: Combat, house: str, card: str) -> None:
    c.f["chosen"][house] = card
    group = _group(c, "-again" if "cancelled" in c.f else "")
    name = c.name(house)
    c.emit("house_card_sealed", f"{name} plays {c.card_name(card)}.", Audience.sealed(group), house=house, card=card)
    c.emit("house_card_private", f"You play {c.card_name(card)}.", Audience.player(house), house=house, card=card)
    c.emit("house_card_chosen", f"{name} has chosen a House card.", house=house)
    chosen = c.note().setdefault("chosen", [])
    if house not in chosen:
        chosen.append(house)


def _reveal(c: Combat, house: str, card: str | None) -> None:
    if card is not None:
        take_into_play(c.game, house, card)
    c.f["cards"][house] = card
    c.note().setdefault("cards", {})[house] = card
    if card is not None:
        c.emit("house_card_played", f"{c.name(house)} plays {c.card_name(card)}.", house=house, card=card)


def t_reveal(c: Combat) -> list[Question]:
    """Both cards are revealed at once; "cancel" texts act first (9.25, A17)."""
    chosen = c.f.pop("chosen")
    c.f["chosen"] = {}
    c.game.release(_group(c))
    for house in c.combatants():
        _reveal(c, house, chosen.get(house))
    c.emit("house_cards_revealed", "House cards revealed: " + ", ".join(
        f"{c.name(h)} {c.card_name(c.card(h))}" for h in c.combatants()) + ".",
        cards={h: c.card(h) for h in c.combatants()})
    c.then(*[["ability", ab.card, h] for h, ab in c.abilities() if ab.window == "cancel"])
    return []


def t_rechoose(c: Combat, house: str) -> list[Question]:
    """After Tyrion's cancel: another card, secret until revealed; none left means no card (A9)."""
    if house in c.f["chosen"]:
        card = c.f["chosen"].pop(house)
        c.game.release(_group(c, "-again"))
        _reveal(c, house, card)
        c.emit("house_cards_revealed", f"{c.name(house)} reveals {c.card_name(card)} instead.",
               cards={house: card})
        return []
    options = [card for card in c.s.houses[house].hand if card != c.f.get("cancelled")]
    if not options:
        _reveal(c, house, None)
        c.emit("house_cards_revealed", f"{c.name(house)} has no other card and fights without one.",
               cards={house: None})
        return []
    return [_card_question(c, house, options, _group(c, "-again"), again=True)]


# --- Tides of Battle ---------------------------------------------------------------------------------------


def _tides_on(c: Combat) -> bool:
    return bool(c.s.settings.get("tides_of_battle"))


def _blade_holder(c: Combat) -> str | None:
    """The Blade's holder, if he fights in this combat and the Blade is unused this round (9.31, A20)."""
    holder = c.game.holder(c.s.fiefdoms)
    return holder if holder in c.combatants() and not c.s.blade_used else None


def _draw(c: Combat, house: str) -> str:
    card: str = c.f["tides_deck"].pop(0)
    c.f.setdefault("tides", {})[house] = card
    c.emit("tides_drawn", f"You draw a Tides of Battle card: {_tides_text(c, card)}.", Audience.player(house),
           house=house, tides=card)
    return card


def _tides_text(c: Combat, card: str) -> str:
    t = next(x for x in c.b.tides_of_battle if x["id"] == card)
    icons = [f"{t[k]} {k[:-1] if t[k] == 1 else k}" for k in ("swords", "fortifications", "skulls") if t[k]]
    return f"+{t['strength']}" + (f" and {', '.join(icons)}" if icons else "")


def t_tides_draw(c: Combat) -> list[Question]:
    if not _tides_on(c):
        return []
    deck = [t["id"] for t in c.b.tides_of_battle for _ in range(int(t["count"]))]
    c.game.shuffle(deck)
    c.f["tides_deck"] = deck
    for house in (c.attacker, c.defender):
        _draw(c, house)
    c.emit("tides_both_drawn", "Both sides draw a Tides of Battle card.")
    return []


def t_tides_redraw(c: Combat) -> list[Question]:
    holder = _blade_holder(c)
    if not _tides_on(c) or holder is None or c.f.get("redraw_asked"):
        return []
    c.f["redraw_asked"] = True
    card = c.f["tides"][holder]
    return [Question(holder, "tides_redraw", f"Valyrian Steel Blade: discard your Tides of Battle card "
                     f"({_tides_text(c, card)}) and draw another, which you must keep?", [True, False], False,
                     info={"tides": card})]


def a_tides_redraw(c: Combat, house: str, redraw: bool) -> None:
    if not redraw:
        return
    c.s.blade_used = True
    c.emit("blade_redraw", f"{c.name(house)} uses the Valyrian Steel Blade to draw a new Tides of Battle card.",
           house=house)
    _draw(c, house)


def t_tides_reveal(c: Combat) -> list[Question]:
    if not _tides_on(c):
        return []
    c.f["tides_shown"] = True
    c.f.pop("tides_deck", None)
    shown = {h: c.f["tides"][h] for h in c.combatants()}
    c.note()["tides"] = shown
    c.emit("tides_revealed", "Tides of Battle: " + ", ".join(f"{c.name(h)} {_tides_text(c, t)}"
                                                             for h, t in shown.items()) + ".", tides=shown)
    return []


def t_blade(c: Combat) -> list[Question]:
    holder = _blade_holder(c)
    if holder is None or c.f.get("blade_asked"):
        return []
    c.f["blade_asked"] = True
    totals = {h: c.total(h) for h in c.combatants()}
    info: dict[str, Any] = {"strength": totals}
    options = [True, False]
    victor = c.victor(totals)
    if victor == c.victor({**totals, holder: totals[holder] + 1}) and not _marches_left(c, victor):
        options = [False]  # +1 changes no winner, and no combat can follow this round: not asked
        info["skipped"] = (f"{c.name(holder)} keeps the Valyrian Steel Blade: +1 cannot change the combat in "
                           f"{c.game.area_name(c.area)} and no March order is left this round.")
    return [Question(holder, "blade", "Use the Valyrian Steel Blade for +1 combat strength this round?",
                     options, False, info=info)]


def _marches_left(c: Combat, victor: str) -> bool:
    """Whether a March order will be left once this combat ends (another combat may follow): not the one being
    resolved (unless Ser Loras moves it on), nor the defender's in the contested area when the attacker wins (it
    is removed with the defeat)."""
    ability = c.ability(c.attacker)
    if victor == c.attacker and ability is not None and ability.march_follows:
        return True
    for area, st in c.s.areas.items():
        order = st.order
        if order and c.b.order_tokens[order.token].type == "march" and not (
                area == c.source and order.house == c.attacker) and not (area == c.area and victor == c.attacker):
            return True
    return False


def a_blade(c: Combat, house: str, use: bool) -> None:
    if not use:
        return
    c.s.blade_used = True
    c.f["blade"] = house
    c.note()["blade"] = house
    c.emit("blade_used", f"{c.name(house)} uses the Valyrian Steel Blade: +1.", house=house)


TASKS: dict[str, Callable[..., list[Question]]] = {
    "choose": t_choose, "reveal": t_reveal, "rechoose": t_rechoose, "tides_draw": t_tides_draw,
    "tides_redraw": t_tides_redraw, "tides_reveal": t_tides_reveal, "blade": t_blade,
}

ANSWERS: dict[str, Callable[[Combat, str, Any], None]] = {
    "house_card": a_house_card, "tides_redraw": a_tides_redraw, "blade": a_blade,
}
