"""Leak audit over whole demo games: every message the outbox delivers, to the public or to one player, is
compared with the raw engine state at the moment it was written (a shadow game fed the same answers).

Before their reveal: no other house's placed order (area -> token), no other house's bid, no other combatant's
chosen House card; never: the Raven's peek (to anyone but its holder), the top wildling card, the order of any
deck, the RNG state or the game's secret (until the game is over: its final standings reveal the secret for the
fairness check). Every event in a message reaches its recipient (public, or that house).
The checks look for the secret values of the raw state inside the payload's structure, not for key names.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.demo import Answered, play_to_the_end, seat_table
from bot.games.agot.feed import ANSWERED, ECHOES
from bot.service import OutboxMessage, TableService
from bot.service.replay import new_game, state_hash
from engine.agot import Game
from engine.agot.agent import RandomAgent
from engine.agot.board import board
from engine.core import Event


def dicts(value: Any) -> Iterator[dict[str, Any]]:
    if isinstance(value, dict):
        yield value
        for v in value.values():
            yield from dicts(v)
    elif isinstance(value, list):
        for v in value:
            yield from dicts(v)


def lists(value: Any) -> Iterator[list[Any]]:
    if isinstance(value, list):
        yield value
    for v in value.values() if isinstance(value, dict) else value if isinstance(value, list) else ():
        yield from lists(v)


def scalars(value: Any) -> Iterator[Any]:
    if isinstance(value, dict):
        for v in value.values():
            yield from scalars(v)
    elif isinstance(value, list):
        for v in value:
            yield from scalars(v)
    else:
        yield value


def pairs(payload: Any, key: str, secret: Any) -> list[dict[str, Any]]:
    """The dicts that tie ``key`` to ``secret``: {key: ..secret..} or {..: key, ..: secret}."""
    found = []
    for d in dicts(payload):
        if key in d and secret in scalars(d[key]):
            found.append(d)
        elif key in d.values() and secret in d.values():
            found.append(d)
    return found


class Auditor:
    """Checks each delivered message against the shadow game's raw state, and that each answer's events reach
    exactly their audiences (every public event in a public message, every private one to its house only)."""

    def __init__(self, game: Game, house_of: dict[int, str], secret: int) -> None:
        self.game = game
        self.house_of = house_of
        self.secret = secret
        self.checked = 0
        self.hidden_seen = {"orders": 0, "bids": 0, "cards": 0, "peek": 0, "tides": 0}
        self.cards = {c["id"]: c for h in board().house_cards.values() for c in h}
        self.expected: Counter[tuple[str | None, str, str]] = Counter()
        self.delivered: Counter[tuple[str | None, str, str]] = Counter()
        self.public_expected: Counter[tuple[str, str]] = Counter()  # the feed posts a step once it is over
        self.public_delivered: Counter[tuple[str, str]] = Counter()
        self.public_seqs: dict[int, tuple[str, str]] = {}  # a feed post names its public events by seq
        self.expect(game.events)  # the events of the set-up, delivered at the start

    def expect(self, events: list[Event]) -> None:
        for e in events:
            if e.audience.kind == "public":
                self.public_expected[(e.kind, e.text)] += 1
                self.public_seqs[e.seq] = (e.kind, e.text)
            elif e.audience.kind == "player":
                self.expected[(e.audience.who, e.kind, e.text)] += 1

    def settle(self) -> None:
        """Every private event since the last answer reached its house; the public ones, delivered by step, are
        checked by ``settle_feed`` at the end."""
        assert self.delivered == self.expected, (self.expected - self.delivered, self.delivered - self.expected)
        self.expected.clear()
        self.delivered.clear()

    def settle_feed(self) -> None:
        """Every public event reached the feed once (who has answered may be left to the status message)."""
        said, told = (Counter({k: n for k, n in c.items() if k[0] not in ANSWERED})
                      for c in (self.public_delivered, self.public_expected))
        assert said == told, (told - said, said - told)
        assert all(n <= self.public_expected[k] for k, n in self.public_delivered.items())

    def follow(self, answered: Answered) -> None:
        """The service accepted an answer: check the last one's deliveries, then play it on the shadow game as the
        service gave it to its engine (as stored: JSON, keys sorted)."""
        self.settle()
        d = answered.decision
        who = self.game.answerer(d["player"])  # the house of the player who answered (a vassal's commander)
        events = self.game.submit(d["player"], d["id"], json.loads(json.dumps(answered.answer, sort_keys=True)))
        # the player's own answer said back is in the reply to it, not in a DM (bot/service/routing.py, ECHOES)
        echoes = [e for e in events if e.kind in ECHOES and e.audience.kind == "player" and e.audience.who == who]
        assert all(e.text in answered.reply.message for e in echoes), (echoes, answered.reply.message)
        self.expect([e for e in events if all(e is not x for x in echoes)])

    async def send(self, msg: OutboxMessage) -> str:
        viewer = None if msg.audience == "public" else self.house_of[msg.user_id or 0]
        problems = self.leaks(msg, viewer)
        assert not problems, f"{msg.kind} to {viewer or 'the public'} leaks: {problems}"
        self.checked += 1
        for seq in msg.payload["event_seqs"] if msg.kind == "post" else []:
            assert seq in self.public_seqs, f"a feed post names {seq}, not a public event"
            self.public_delivered[self.public_seqs[seq]] += 1
        for e in msg.payload["events"] if msg.kind == "events" else []:
            assert viewer is not None, "a player's events in public"
            self.delivered[(viewer, e["kind"], e["text"])] += 1
        return f"m{msg.id}"

    def commands(self, viewer: str | None, house: str) -> bool:
        """Whether ``viewer`` decides for ``house``: its own, or (Mother of Dragons) a vassal it commands, whose
        secrets its commander sees as the vassal's owner would."""
        return viewer is not None and (house == viewer or self.game.answerer(house) == viewer)

    def leaks(self, msg: OutboxMessage, viewer: str | None) -> list[str]:
        s, payload = self.game.state, msg.payload
        found: list[str] = []
        texts = [v for v in scalars(payload) if isinstance(v, str)]
        # routing: each event reaches this recipient; a prompt or private board is the recipient's own
        for e in payload.get("events", []):
            aud = e["audience"]
            if not (aud["kind"] == "public" or (aud["kind"] == "player" and aud["who"] == viewer)):
                found.append(f"event {e['kind']} for {aud}")
        if msg.kind == "prompt" and payload["decision"]["player"] != viewer:
            found.append("another house's prompt")
        if msg.kind == "board" and payload["view"]["viewer"] != viewer:
            found.append("another viewer's board")
        if msg.kind == "post" and (viewer is not None or payload.get("board", {"view": {}})["view"].get("viewer")):
            found.append("a feed post that is not public")
        for frame in s.stack:
            # placed orders before the reveal
            for owner, orders in (frame.get("placed", {}) if frame["step"] == "planning" else {}).items():
                for area, token in orders.items():
                    self.hidden_seen["orders"] += 1
                    if not self.commands(viewer, owner) and pairs(payload, area, token):
                        found.append(f"{owner}'s order {token} in {area}")
            # bids before the reveal (the frame collecting them; once complete, they are public). A bid of all the
            # house's Power (e.g. 0 of 0) matches its public Power total, so only other bids can be told apart.
            if "group" in frame and isinstance(frame.get("bids"), dict):
                for house, bid in frame["bids"].items():
                    self.hidden_seen["bids"] += 1
                    if house != viewer and bid != s.houses[house].power and any(
                            d.get(house) == bid and all(k in s.houses for k in d) for d in dicts(payload)):
                        found.append(f"{house}'s bid {bid}")
            # House cards chosen, not yet revealed
            chosen = frame.get("chosen")
            for house, card in (chosen.items() if isinstance(chosen, dict) else ()):
                if card is None or self.commands(viewer, house):
                    continue
                self.hidden_seen["cards"] += 1
                name = self.cards[card]["name"]
                if pairs(payload, house, card) or any(name in t for t in texts):
                    found.append(f"{house}'s chosen card {card}")
            if frame.get("tides_deck"):
                self.hidden_seen["tides"] += 1
                if any(len(lst) >= 2 and lst == frame["tides_deck"][:len(lst)] for lst in lists(payload)):
                    found.append("the Tides of Battle deck order")
        # the Raven's peek and the top wildling card: only who looked at it (while it stays on top) may know it
        top = s.wildling_deck[0] if s.wildling_deck else None
        knowing = {d.player for d in self.game.open_decisions() if d.kind == "raven_peek"}
        if s.raven_peek and s.raven_peek["card"] == top:
            knowing.add(s.raven_peek["house"])
        self.hidden_seen["peek"] += bool(knowing)
        if top is not None and viewer not in knowing and any(top in t for t in texts):
            found.append(f"the top wildling card {top}")
        # deck order, RNG state, the game's secret: nowhere
        decks = [*s.westeros_decks, s.wildling_deck]
        for lst in lists(payload):
            if len(lst) >= 3 and any(lst == deck[:len(lst)] for deck in decks):
                found.append(f"a deck order {lst}")
        rng_secret = s.rng.to_dict()["secret"]  # the hex secret the state holds
        revealed = msg.kind == "game_over" and self.game.over  # the fairness proof: nothing is left to predict
        if not revealed and any(value in scalars(payload) or any(str(value) in t for t in texts)
                                for value in (rng_secret, self.secret)):
            found.append("the RNG state or secret")
        return found


class PeekingAgent(RandomAgent):
    """Uses the Messenger Raven to look at the top wildling card whenever it may."""

    def answer(self, view: dict[str, Any], decision: dict[str, Any]) -> Any:
        if decision["kind"] == "raven" and {"action": "peek"} in decision["options"]:
            return {"action": "peek"}
        return super().answer(view, decision)


async def audited_game(db: Path, players: int, seed: int, agent: type[RandomAgent] = RandomAgent,
                       tides: bool = False) -> Auditor:
    svc = await TableService.open(db, randbits=random.Random(seed).getrandbits)  # the same game on every run
    try:
        gid, users = await seat_table(svc, players, tides)
        async with svc.store.reading() as repo:
            row = await repo.game(gid)
        assert row is not None and row.seed is not None
        info = await svc.game(gid)
        auditor = Auditor(new_game(players, row.seed, row.settings), {s.user_id: s.house or "" for s in info.seats},
                          int(row.seed))
        await play_to_the_end(svc, gid, users, seed, auditor, auditor.follow, agent)
        auditor.settle()
        auditor.settle_feed()
        async with svc.store.reading() as repo:
            row = await repo.game(gid)
        assert row is not None and row.status == "finished"
        assert row.state_hash == state_hash(auditor.game)  # the shadow is the service's game
    finally:
        await svc.close()
    return auditor


@pytest.mark.parametrize("players, seed, agent, tides", [(6, 1, RandomAgent, False), (4, 2, PeekingAgent, False),
                                                        (5, 3, RandomAgent, True)])
def test_no_message_leaks_a_secret_of_the_raw_state(tmp_path: Path, players: int, seed: int,
                                                    agent: type[RandomAgent], tides: bool) -> None:
    auditor = asyncio.run(audited_game(tmp_path / "audit.sqlite3", players, seed, agent, tides))
    assert auditor.checked > 300
    # the audit ran while secrets existed (it cannot pass by never looking)
    seen = auditor.hidden_seen
    assert seen["orders"] and seen["bids"] and seen["cards"], seen
    assert seen["peek"] or agent is not PeekingAgent, seen
    assert (seen["tides"] > 0) == tides, seen


def test_the_auditor_sees_a_leak(tmp_path: Path) -> None:
    """A placed order of Stark copied into a public message is caught."""
    game = Game.new(3, seed=5)
    auditor = Auditor(game, {}, 2**255 + 12345)
    decision = next(d for d in game.open_decisions() if d.player == "stark")
    view = game.view("stark")
    mine = next(d for d in view["private"]["decisions"] if d["id"] == decision.id)
    orders = RandomAgent(1).answer(view, mine)
    game.submit("stark", decision.id, orders)
    area, token = next(iter(orders.items()))
    leak = OutboxMessage(1, 1, "public", None, "notice", {"text": "hello", "areas": {area: {"order": token}}}, "k")
    assert auditor.leaks(leak, None) == [f"stark's order {token} in {area}"]
    assert auditor.leaks(leak, "stark") == []
    rng = OutboxMessage(2, 1, "public", None, "notice", {"text": f"state {game.state.rng.to_dict()['secret']}"}, "k2")
    assert auditor.leaks(rng, None) == ["the RNG state or secret"]


def test_the_secret_may_be_revealed_only_by_the_final_standings() -> None:
    """The final standings reveal the game's secret (the fairness proof); before the end, the same text is a leak."""
    game = Game.new(3, seed=5)
    auditor = Auditor(game, {}, 2**255 + 12345)
    secret = game.state.rng.to_dict()["secret"]
    over = OutboxMessage(1, 1, "public", None, "game_over", {"text": f"secret {secret}"}, "k")
    assert auditor.leaks(over, None) == ["the RNG state or secret"]  # a game_over row while the game goes on
    game.state.winner = "stark"
    assert game.over
    assert auditor.leaks(over, None) == []
    notice = OutboxMessage(2, 1, "public", None, "notice", {"text": f"secret {secret}"}, "k2")
    assert auditor.leaks(notice, None) == ["the RNG state or secret"]
