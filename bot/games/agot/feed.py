"""The wording of A Game of Thrones' public feed (the room's ``feed``; ``bot/service/feed.py`` groups the posts).

A post closes after the orders are revealed, after each combat, after a Clash of Kings, at the end of a round and
at the end of the game (those with the board), and whenever the whole table is asked at once (orders, bids): what
happened so far is posted first, so everyone reads it before answering. The other public events wait for the step
to close: a combat is one post from the march that starts it to the last retreat, a Westeros phase one post.

Who has answered ("X has placed orders", "X has bid", "X has chosen a House card") is not posted: the status
message, edited in place, says who is still awaited. Those events stay in the post's ``events`` (each public event
is delivered once) but get no line.

Lines are composed from the events' texts and data: the raids without a target, the Consolidate Power orders and
the Supply track each in one line, the choices the rules made for a house (only one possible answer) summed up in
one line, a House card reveal in one line, a combat's result with the strength of each side term by term, the
orders revealed house by house. Only public events are ever read here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.games.agot.kinds import DecisionKind, EventKind
from bot.games.room import BoardShown
from engine.agot.board import Board, board
from engine.agot.orders import describe

Event = dict[str, Any]
K = EventKind

TABLE_WIDE = frozenset({DecisionKind.ORDERS, DecisionKind.BID})  # every house answers at once: posted first
CLOSES = {K.ORDERS_REVEALED: "orders", K.COMBAT_END: "combat", K.CLASH_OVER: "bidding", K.CLEAN_UP: "round_end",
          K.GAME_OVER: "game_over"}
WITH_BOARD = frozenset({K.ORDERS_REVEALED, K.COMBAT_END, K.CLEAN_UP, K.GAME_OVER})
ANSWERED = frozenset({K.ORDERS_SUBMITTED, K.BID_SUBMITTED, K.HOUSE_CARD_CHOSEN})  # the status message says it
NO_LINE = ANSWERED | {K.COMBAT_END, K.GAME_OVER}  # the board's caption and the standings say these
BOLD = frozenset({K.ROUND, K.COMBAT, K.COMBAT_RESULT, K.BIDS_REVEALED, K.WESTEROS_REVEALED, K.WILDLING_ATTACK,
                  K.NEUTRAL_DESTROYED, K.NEUTRAL_HOLDS})
RESULTS = frozenset({K.COMBAT_RESULT, K.NEUTRAL_DESTROYED, K.NEUTRAL_HOLDS})  # with the full strength breakdown
SUMMED = frozenset({DecisionKind.RAID, DecisionKind.CONSOLIDATE})  # forced choices their own summary line says
TERMS = (("units", "units"), ("order", "order"), ("support", "support"), ("garrison", "garrison"),
         ("card", "card"), ("blade", "Valyrian Steel Blade"), ("tides", "Tides of Battle"))
# a house's own answer said back to its player (bot/service/routing.py: in the answer's reply, not a DM)
ECHOES = frozenset({K.ORDERS_PLACED, K.BID_RECORDED, K.HOUSE_CARD_PRIVATE, K.RAVEN_KEEP, K.RAVEN_BURY})
# the public events a digest quotes (the rest it only counts)
KEY_KINDS = frozenset({K.ROUND, K.WESTEROS_CARD, K.COMBAT_END, K.WILDLING_OUTCOME, K.TRACK, K.PORT_CAPTURED,
                       K.GAME_OVER})


class AgotFeed:
    """The room's ``Feed``."""

    table_wide: frozenset[str] = TABLE_WIDE
    echoes: frozenset[str] = ECHOES
    key_kinds: frozenset[str] = KEY_KINDS

    def closes(self, kind: str) -> str | None:
        return CLOSES.get(kind)  # type: ignore[call-overload]

    def lines(self, events: Sequence[Event]) -> list[str]:
        return post_lines(list(events))

    def board(self, events: Sequence[Event]) -> BoardShown | None:
        return board_of(list(events))

    def stage_of(self, event: Event) -> tuple[int, str] | None:
        """A new round begins with its Westeros phase, at its "round" event (round 1 begins with planning)."""
        if event["kind"] == K.ROUND and event.get("data", {}).get("round", 1) > 1:
            return int(event["data"]["round"]), "westeros"
        return None


def board_of(events: list[Event]) -> BoardShown | None:
    """The caption and highlights of the board a post shows, from its last event that calls for one."""
    shown = [e for e in events if e["kind"] in WITH_BOARD]
    if not shown:
        return None
    last = shown[-1]
    highlights: dict[str, Any] = {}
    if last["kind"] == K.COMBAT_END:
        combat: dict[str, Any] = next((e["data"] for e in reversed(events) if e["kind"] == K.COMBAT), {})
        highlights = {k: v for k, v in {"combat": combat.get("area"), "attacker": combat.get("attacker"),
                                        "defender": combat.get("defender"),
                                        "combat_source": combat.get("source")}.items() if v is not None}
        return BoardShown(caption=last["text"], highlights=highlights)
    if last["kind"] == K.ORDERS_REVEALED:
        return BoardShown(caption="The orders are revealed.", highlights=highlights)
    if last["kind"] == K.CLEAN_UP:
        return BoardShown(caption=last["text"], highlights=highlights)
    return BoardShown(caption="The final board.", highlights=highlights)


# --- lines ----------------------------------------------------------------------------------------------------

def names() -> Board:
    """The board that names everything: the 8-house one holds every house, area and order token of every set-up
    (the base map's and the 7-house map's with the same ids and names)."""
    return board("8")


def house(house_id: str | None) -> str:
    houses = names().houses
    return houses[house_id]["name"] if house_id in houses else str(house_id or "?")


def area(area_id: str | None) -> str:
    areas = names().areas
    return areas[area_id].name if area_id in areas else str(area_id or "?")


@dataclass
class Summary:
    """A line that sums up several events of one kind, put where the first of them was."""

    head: str
    items: dict[str, list[str]] = field(default_factory=dict)  # house name -> its parts, in order met
    form: str = "{who} {parts}"

    def add(self, who: str, part: str) -> None:
        self.items.setdefault(who, []).append(part)

    def line(self) -> str:
        return self.head + "; ".join(self.form.format(who=who, parts=", ".join(parts))
                                     for who, parts in self.items.items()) + "."


def post_lines(events: list[Event]) -> list[str]:
    """The lines of a post: each fact once, in the order it happened."""
    out: list[str | Summary] = []
    sums: dict[str, Summary] = {}
    forced: list[str] = []
    has_result = any(e["kind"] in RESULTS for e in events)
    dropped = revealed_twice(events)

    def summary(key: str, head: str, form: str = "{who} {parts}") -> Summary:
        if key not in sums:
            sums[key] = Summary(head, form=form)
            out.append(sums[key])
        return sums[key]

    for i, e in enumerate(events):
        kind, data, text = e["kind"], e.get("data") or {}, e.get("text") or e["kind"]
        if kind in NO_LINE or i in dropped:
            continue
        if kind == K.FORCED_CHOICE:
            if data.get("decision") not in SUMMED:
                forced.append(f"{house(data.get('house'))} ({str(data.get('decision', '?')).replace('_', ' ')})")
            continue
        if kind == K.RAID and data.get("target") is None and not data.get("kept"):  # kept: a vassal's Support
            summary("raid", "Raids without a target, removed: ", "{who} ({parts})").add(
                house(data.get("house")), area(data.get("area")))
        elif kind == K.CONSOLIDATE and "gained" in data:
            summary("consolidate", "Consolidate Power: ").add(
                house(data.get("house")), f"+{data['gained']} in {area(data.get('area'))}")
        elif kind == K.TIE_BROKEN:
            summary("tie", "Ties broken by ", "{who} ({parts})").add(house(data.get("house")),
                                                                     house(data.get("chosen")))
        elif kind == K.SUPPLY:
            moved = "" if data.get("before") == data.get("after") else f" (was {data.get('before')})"
            summary("supply", "Supply track: ").add(house(data.get("house")), f"{data.get('after')}{moved}")
        elif kind in (K.COMBAT_STRENGTH, K.BLADE_USED) and has_result:
            continue  # the result gives every term of the final strength
        elif kind == K.ORDERS_REVEALED:
            out.append("**Orders are revealed:**")
            out += orders_lines(data.get("orders") or {})
        elif kind in RESULTS:
            out.append(f"**{result_text(e)}**")
        else:
            out.append(f"**{text}**" if kind in BOLD else text)
    if forced:
        out.append("Only one possible answer, played by the rules: " + ", ".join(forced) + ".")
    return [x.line() if isinstance(x, Summary) else x for x in out]


def revealed_twice(events: list[Event]) -> set[int]:
    """Indexes of "X plays card" events that only repeat the House cards reveal next to them."""
    out: set[int] = set()
    for i, e in enumerate(events):
        if e["kind"] != K.HOUSE_CARDS_REVEALED:
            continue
        cards = (e.get("data") or {}).get("cards") or {}
        for j in range(max(0, i - len(cards)), min(len(events), i + len(cards) + 1)):
            other = events[j]
            if other["kind"] == K.HOUSE_CARD_PLAYED and cards.get(other["data"].get("house")) == other["data"].get(
                    "card"):
                out.add(j)
    return out


def orders_lines(orders: dict[str, list[str]]) -> list[str]:
    """The revealed orders, one line per house: "Stark: Winterfell March +1, White Harbor Defense +1"."""
    tokens = names().order_tokens
    by_house: dict[str, list[tuple[str, str]]] = {}
    for area_id, (owner, token) in orders.items():
        words = describe(tokens[token]) if token in tokens else token
        by_house.setdefault(owner, []).append((area(area_id), words))
    return [f"{house(h)}: " + ", ".join(f"{a} {w}" for a, w in sorted(placed))
            for h, placed in sorted(by_house.items(), key=lambda kv: house(kv[0]))]


def strength_terms(name: str, parts: dict[str, Any]) -> str:
    """"Greyjoy 3 = units 1 + card 1 + Valyrian Steel Blade 1" (the terms that are not zero)."""
    terms = ""
    for key, label in TERMS:
        value = int(parts.get(key) or 0)
        if value or key == "units":
            sign = "-" if value < 0 else "+"
            terms += f"{label} {abs(value)}" if not terms else f" {sign} {label} {abs(value)}"
    return f"{name} {parts.get('total', '?')} = {terms}"


def result_text(e: Event) -> str:
    """A combat's result with each side's strength term by term."""
    data, text = e.get("data") or {}, e.get("text") or ""
    parts = data.get("parts") or {}
    if e["kind"] == K.COMBAT_RESULT and data.get("winner") in parts and data.get("loser") in parts:
        head = text.split(":")[0]
        return (f"{head}: {strength_terms(house(data['winner']), parts[data['winner']])}, against "
                f"{strength_terms(house(data['loser']), parts[data['loser']])}.")
    attacker = data.get("house")
    if attacker in parts:
        return f"{text.rstrip('.')} ({strength_terms(house(attacker), parts[attacker])})."
    return text
