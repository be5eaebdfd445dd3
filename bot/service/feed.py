"""The public feed: a game's public events grouped into one post per step the table wants to read, each fact said
once.

A post closes after the orders are revealed, after each combat, after a Clash of Kings, at the end of a round and
at the end of the game (those with the board), and whenever the whole table is asked at once (orders, bids): what
happened so far is posted first, so everyone reads it before answering. The other public events wait for the step
to close: a combat is one post from the march that starts it to the last retreat, a Westeros phase one post.

The events still waiting for their post are cached with the loaded game; a game loaded afresh reads them back
from the store: the public events stored after the last closing event and after the last answer to a table-wide
question (before which the feed was posted).

Who has answered ("X has placed orders", "X has bid", "X has chosen a House card") is not posted: the status
message, edited in place, says who is still awaited. Those events stay in the post's ``events`` (each public event
is delivered once) but get no line.

Lines are composed from the events' texts and data: the raids without a target, the Consolidate Power orders and
the Supply track each in one line, the choices the rules made for a house (only one possible answer) summed up in
one line, a House card reveal in one line, a combat's result with the strength of each side term by term, the
orders revealed house by house. Only public events are ever read here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from bot.service.kinds import Audience, DecisionKind, EventKind
from bot.service.messages import BoardPayload, BoardPostPayload, PostPayload
from bot.storage import Repo
from engine.agot import Game
from engine.agot.board import Board, board
from engine.agot.orders import describe
from engine.core import Decision

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
SCAN = (64, 1024)  # stored public events read back to find the last closing one (a second, longer read if needed)
TERMS = (("units", "units"), ("order", "order"), ("support", "support"), ("garrison", "garrison"),
         ("card", "card"), ("blade", "Valyrian Steel Blade"), ("tides", "Tides of Battle"))


@dataclass
class Post:
    """One public post: the events it covers (oldest first), its lines, and the board it shows (or None)."""

    step: str
    events: list[Event]
    lines: list[str]
    board: tuple[str, dict[str, Any]] | None = None  # caption, highlights

    def payload(self, game: Game) -> PostPayload | BoardPostPayload:
        seqs = [e["seq"] for e in self.events]
        if self.board is None:
            return PostPayload(step=self.step, lines=self.lines, event_seqs=seqs)
        caption, highlights = self.board
        return BoardPostPayload(step=self.step, lines=self.lines, event_seqs=seqs,
                                board=BoardPayload(view=game.view(None), caption=caption, highlights=highlights))


def table_wide(decisions: Iterable[Decision]) -> bool:
    """Whether the game waits on a question every house answers at once (orders, bids), given its open
    decisions (raw or presented: presenting them changes no kind)."""
    return any(d.kind in TABLE_WIDE for d in decisions)


def waiting_tail(events: list[tuple[int, Event]], asked: set[int], now: int) -> list[Event]:
    """The public events after the last post: ``events`` are (answer seq, event), oldest first, ``asked`` the
    seqs of the answers to table-wide questions, ``now`` the seq of the answer being applied. A post closed after
    a closing event, and before each table-wide question (before an answer in ``asked``)."""
    bounds = [seq for seq, _ in events[1:]] + [now]
    for i in range(len(events) - 1, -1, -1):
        seq, e = events[i]
        if e["kind"] in CLOSES or any(seq < a <= bounds[i] for a in asked):
            return [e for _, e in events[i + 1:]]
    return [e for _, e in events]


async def waiting_events(repo: Repo, game_id: int, new: list[Event], now: int) -> list[Event]:
    """The stored public events still waiting for their post, before the ``new`` ones (already stored, as is the
    answer ``now`` that caused them)."""
    before = new[0].get("seq") if new else None
    tail: list[Event] = []
    for limit in SCAN:
        rows = await repo.events(game_id, Audience.PUBLIC, before=before, limit=limit)
        if not rows:
            return []
        answers = await repo.answers(game_id, after_seq=rows[0].answer_seq)
        asked = {a.seq for a in answers if a.kind in TABLE_WIDE}
        tail = waiting_tail([(r.answer_seq, r.event) for r in rows], asked, now)
        if len(tail) < len(rows) or len(rows) < limit:
            return tail
    return tail


def next_posts(waiting: list[Event], events: list[Event], flush: bool) -> tuple[list[Post], list[Event]]:
    """The posts these events close, and the public events left waiting: everything waiting and new up to the
    last closing event is posted, then, when ``flush`` (the table is asked at once, or the game is over), the rest
    in a post of its own."""
    stream = waiting + [e for e in events if e["audience"]["kind"] == Audience.PUBLIC]
    cut = max((i for i, e in enumerate(stream) if e["kind"] in CLOSES), default=-1)
    rest = stream[cut + 1:]
    parts = [stream[: cut + 1], rest if flush else []]
    return [post for post in map(make_post, parts) if post is not None], [] if flush else rest


def make_post(events: list[Event]) -> Post | None:
    """A post of these events, or None when none of them has a line."""
    lines = post_lines(events)
    if not lines:
        return None
    closing = [e for e in events if e["kind"] in CLOSES]
    step = CLOSES[closing[-1]["kind"]] if closing else "step"
    return Post(step, events, lines, board_of(events))


def board_of(events: list[Event]) -> tuple[str, dict[str, Any]] | None:
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
        return last["text"], highlights
    if last["kind"] == K.ORDERS_REVEALED:
        return "The orders are revealed.", highlights
    if last["kind"] == K.CLEAN_UP:
        return last["text"], highlights
    return "The final board.", highlights


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
