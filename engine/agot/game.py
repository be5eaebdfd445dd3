"""The game object: set-up, the advance loop, ``submit`` (victory is ``engine.agot.victory``).

``Game`` is the only entry point a client needs::

    game = Game.new(player_count=6, seed=42)
    for decision in game.open_decisions():
        ...
    events = game.submit(decision.player, decision.id, answer)
    game.view("stark")            # what Stark may see
    Game.from_dict(game.to_dict())  # continues identically
"""

from __future__ import annotations

from collections.abc import Sequence
from copy import copy
from dataclasses import asdict, dataclass, replace
from typing import Any

from engine.agot import victory
from engine.agot.board import Board, board
from engine.agot.mod import setup as mod_setup
from engine.agot.mod.setup import MOD_SETUPS
from engine.agot.notation import normalize_areas
from engine.agot.phases import STEPS
from engine.agot.present import present
from engine.agot.state import AreaState, GameState, HouseState, Unit
from engine.agot.steps import Step
from engine.agot.table import Frame, Table
from engine.agot.view import build_view
from engine.agot.world import supply_from_barrels
from engine.core import AlreadySubmitted, Audience, Decision, Event, NotYourDecision, Rng, StaleDecision, answers
from engine.core.contract import Standing

MAX_LOOP = 100_000
MOD_SETTINGS = ("setup", "vassals", "sea_orders", "targaryen_deck", "seven_power")  # Mother of Dragons only


@dataclass(frozen=True)
class Settings:
    """Per-game options (rulings.md: settings are shown to the table)."""

    tides_of_battle: bool = False
    tiebreak: str = "rb2"  # C3: "rb2" (strongholds, supply, power, throne) or "faq" (land areas, supply, throne)
    setup: str = ""  # "": the base game by player count; "7"/"8": a Mother of Dragons set-up (engine.agot.mod)
    vassals: tuple[str, ...] = ()  # houses of a Mother of Dragons set-up that no player holds (M8)
    sea_orders: bool = False  # M10: sea orders in the 7-house set-up (the 8-house set-up always plays them)
    targaryen_deck: str = "a"  # Mother of Dragons: Targaryen's House cards, deck "a" or "b"
    seven_power: bool = False  # M1: every player starts with 7 Power in the 8-house set-up (with the Iron Bank)

    def stored(self) -> dict[str, Any]:
        """The settings as the state keeps them (plain JSON); a base game keeps only the base game's."""
        out = asdict(self)
        if not self.setup:
            for key in MOD_SETTINGS:
                out.pop(key)
        else:
            out["vassals"] = list(self.vassals)
        return out

    def validate(self) -> None:
        if self.tiebreak not in ("rb2", "faq"):
            raise ValueError("tiebreak must be 'rb2' or 'faq'")
        if self.setup not in ("", *MOD_SETUPS):
            raise ValueError("setup must be '' (the base game), '7' or '8' (Mother of Dragons)")
        if self.vassals and not self.setup:
            raise ValueError("vassals exist only in a Mother of Dragons set-up")
        if self.targaryen_deck not in ("a", "b"):
            raise ValueError("targaryen_deck must be 'a' or 'b'")


class Game(Table):
    def __init__(self, state: GameState, b: Board | None = None) -> None:
        super().__init__(state, b)
        self._checked: set[str] = set()  # decision ids already looked at for a forced choice
        # decision id -> its public waiting entry; an id is never reused (decision_seq only grows), and a
        # decision's kind and label never change while it is open, so the entries stay true
        self._waiting: dict[str, dict[str, str]] = {}
        # decision id -> the decision as its step poses it in the current state: built once between two changes
        # (every change empties it: ``submit``, ``resume``, ``settle``, ``finish``); handed out as copies
        self._posed: dict[str, Decision] = {}
        self.spoiled = False  # refused half-way with ``rollback=False``: thrown away by the caller (``submit``)

    # --- creation and persistence -------------------------------------------------------------

    @classmethod
    def new(cls, player_count: int, seed: int | bytes | None = None, settings: Settings | None = None) -> Game:
        """Set up a game for 3-6 players (RB2 p.4 and the per-count rules 1.14-1.17).

        Without a seed the game's random secret comes from ``secrets`` (unpredictable); an integer seed (tests, the
        simulator) or a 32-byte secret (a replay file) makes the game reproducible.
        """
        settings = settings or Settings()
        settings.validate()
        setup_key, vassals = mod_setup.resolve(settings.setup, settings.vassals, player_count)
        settings = replace(settings, setup=setup_key, vassals=vassals)
        b = board(settings.setup)
        key = settings.setup or str(player_count)
        if key not in b.setups:
            raise ValueError("A Game of Thrones takes 3 to 6 players (4 to 8 with Mother of Dragons)")
        setup = b.setups[key]
        houses = list(setup["houses"])
        areas = {a: AreaState() for a in b.areas}
        for house in houses:
            placed = setup["units_if_vassal" if house in settings.vassals else "units"][house]
            for area, kinds in placed.items():
                areas[area].house = house
                areas[area].units = [Unit(k) for k in kinds]
        for area, strength in setup["garrisons"].items():
            areas[area].garrison = strength
        for area, strength in setup["neutral_forces"].items():
            areas[area].neutral = strength
        for area in setup["blocked"]:
            areas[area].blocked = True
        state = GameState(
            houses={h: HouseState(power=mod_setup.starting_power(b, h, settings.vassals, settings.seven_power),
                                  supply=0, hand=[c["id"] for c in b.house_cards.get(h, [])])
                    for h in b.houses if h in houses},
            areas=areas,
            iron_throne=mod_setup.track(setup["tracks"]["iron_throne"], settings.vassals),
            fiefdoms=mod_setup.track(setup["tracks"]["fiefdoms"], settings.vassals),
            kings_court=mod_setup.track(setup["tracks"]["kings_court"], settings.vassals),
            settings=settings.stored(),
            rng=Rng.fresh() if seed is None else Rng(seed),
            wildling_threat=setup["wildling_threat"],
        )
        game = cls(state, b)
        for house in houses:
            state.houses[house].supply = supply_from_barrels(b, state, house)
        mod_setup.place(game)
        decks = []
        for deck in ("I", "II", "III"):
            cards = [c["type"] for c in b.westeros_cards[deck] for _ in range(c["count"])]
            game.shuffle(cards)
            decks.append(cards)
        state.westeros_decks = decks
        state.wildling_deck = [c["id"] for c in b.wildling_cards]
        game.shuffle(state.wildling_deck)
        state.stack = [{"step": "round", "next": "planning"}]
        game._advance()
        return game

    def to_dict(self) -> dict[str, Any]:
        return self.state.to_dict()

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Game:
        game = cls(GameState.from_dict(raw))
        game.settle()
        return game

    def settle(self) -> None:
        """The state in its canonical order (``GameState.settle``): done after every answer and every load, so
        a game kept in memory and one reloaded from JSON (sorted keys or not) continue identically."""
        self._posed = {}
        b = self.board
        self.state.settle([h for h in b.houses if h in self.state.houses], b.area_order)

    def copy(self) -> Game:
        """An independent game in the same state (the board, immutable, is shared): for look-ahead and tests."""
        return Game(self.state.copy(), self.board)

    # --- the protocol ------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.state.winner is not None

    def players(self) -> list[str]:
        """The houses players hold (a Mother of Dragons vassal is commanded, not played), in the board's order."""
        vassals = set(self.state.settings.get("vassals") or ())
        return [h for h in self.state.houses if h not in vassals]

    def standings(self) -> list[Standing]:
        """The end-of-game ranking (the setting's tie-breakers), one place each; empty while the game runs."""
        return [Standing(house, place) for place, house in enumerate(self.state.ranking, start=1)]

    def stage(self) -> tuple[int, str]:
        return self.state.round, self.state.phase

    def name_of(self, player: str) -> str:
        return self.house_name(player)

    def open_decisions(self, submitted: bool = False, player: str | None = None) -> list[Decision]:
        """The decisions waiting for an answer (only ``player``'s if given), each with its public ``label`` and
        ``choices`` (docs/decisions.md); with ``submitted``, also the answered ones that may still change (a
        secret answer until the last answer of its reveal group is in), flagged ``submitted``."""
        return [self._outward(present(self, d)) for d in self.raw_decisions(submitted, player)]

    def standing_decisions(self, player: str) -> list[Decision]:
        """No question of this game may be answered without being asked."""
        return []

    def open_decision(self, decision_id: str) -> Decision | None:
        """The decision with this id exactly as ``open_decisions(submitted=True)`` lists it, or None: only that
        one decision is built and presented (the service's answer path looks up one)."""
        if self.over:
            return None
        decision = self._decision(decision_id)
        return None if decision is None else self._outward(present(self, decision))

    def _outward(self, decision: Decision) -> Decision:
        """A vassal's decision as its commander receives it (M8): the commander answers, the prompt says for
        whom, ``info["vassal"]`` names the vassal."""
        if decision.player not in self.vassals():
            return decision
        vassal = decision.player
        return replace(decision, player=self.answerer(vassal), info={**decision.info, "vassal": vassal},
                       prompt=f"For your vassal {self.house_name(vassal)}: {decision.prompt}")

    def raw_decisions(self, submitted: bool = False, player: str | None = None) -> list[Decision]:
        """The open decisions as the steps pose them, without their presentation (cheaper)."""
        if self.over or not self.state.stack:
            return []
        frame = self.state.stack[-1]
        handler = STEPS[frame["step"]]
        asked: dict[str, str] = frame.get("asked", {})
        if player is not None:
            asked = self._answered_by(asked, player)
        out = [copy(self._pose(handler, frame, p, did)) for p, did in by_id(asked)]
        if submitted:
            answered: dict[str, str] = frame.get("submitted", {})
            if player is not None:
                answered = self._answered_by(answered, player)
            for p, did in by_id(answered):
                out.append(replace(self._pose(handler, frame, p, did), submitted=True))
        return out

    def _pose(self, handler: Step, frame: Frame, player: str, decision_id: str) -> Decision:
        """The decision ``decision_id`` of ``player`` as the step poses it, built once while the state stays the
        same (the caller copies it before changing it: ``present`` fills in a copy)."""
        posed = self._posed.get(decision_id)
        if posed is None:
            posed = self._posed[decision_id] = handler.decision(self, frame, player, decision_id)
        return posed

    def _answered_by(self, asked: dict[str, str], player: str) -> dict[str, str]:
        """The questions of a frame (house -> decision id) that ``player`` answers: its own, and its vassals'."""
        if not self.vassals():
            return {player: asked[player]} if player in asked else {}
        return {p: did for p, did in asked.items() if self.answerer(p) == player}

    def _decision(self, decision_id: str) -> Decision | None:
        """The open decision with this id (answered ones still open for a change included), built alone."""
        if not self.state.stack:
            return None
        frame = self.state.stack[-1]
        for key, submitted in (("asked", False), ("submitted", True)):
            owner = next((p for p, did in frame.get(key, {}).items() if did == decision_id), None)
            if owner is not None:
                return replace(self._pose(STEPS[frame["step"]], frame, owner, decision_id), submitted=submitted)
        return None

    def waiting_for(self) -> list[str]:
        """The houses whose answer the game is waiting for (public)."""
        if self.over or not self.state.stack:
            return []
        return sorted({self.answerer(p) for p in self.state.stack[-1].get("asked", {})})

    def submit(self, player: str, decision_id: str, answer: Any, rollback: bool = True) -> list[Event]:
        """Apply one answer, or raise a typed error and change nothing.

        Returns the events someone may see now (sealed events stay in the state until their reveal). An answer
        to a ``submitted`` decision replaces the earlier one and tells nobody else; the same answer again is
        refused with ``AlreadySubmitted``.

        ``rollback=False`` is for a caller that can load the game again (the service, from its store; a replay of
        stored answers): the state is not copied first, which saves a large share of an answer's cost. An answer
        refused before its step looks at it (an expired decision, another house's) still changes nothing; one
        the step refuses leaves the game ``spoiled``: the caller must throw it away, and ``submit`` refuses to go
        on with it.
        """
        if self.spoiled:
            raise RuntimeError("This game was left half-changed by a refused answer: load it again.")
        if self.over:
            raise StaleDecision("The game is over.")
        decision = self._decision(decision_id)
        if decision is None:
            raise StaleDecision("This prompt has expired: the game has moved on.")
        if self.answerer(decision.player) != player:
            raise NotYourDecision(f"This decision belongs to {self.house_name(self.answerer(decision.player))}.")
        # plain values first, then area names accepted wherever an area is answered
        answer = answers.listed(decision.options, normalize_areas(self.board, answers.normalized(answer)))
        # the state as it was, to restore on a refusal (and to see whether a changed secret answer is the same)
        snapshot = self.state.to_dict() if rollback or decision.submitted else None
        self.events = []
        self._posed = {}  # the state changes from here
        try:
            self._apply(decision, answer)
            if snapshot is not None and decision.submitted:
                # a change tells nobody else: the public events it caused are dropped, and so is their count
                self.state.event_seq = snapshot["event_seq"]
                if self.state.to_dict() == snapshot:
                    raise AlreadySubmitted("You already submitted this answer; you may still change it until "
                                           "everyone has answered.")
                mine = Audience.player(player)
                self.events = [replace(e, seq=self.state.event_seq) for e in self.events if e.audience == mine]
            self._advance()
        except BaseException:
            self.events = []
            self.castles_seen, self._checked, self._waiting, self._posed = None, set(), {}, {}
            if snapshot is None:
                self.spoiled = True
            else:
                self.state.__dict__.update(GameState.from_dict(snapshot).__dict__)  # same object, old contents
            raise
        events, self.events = self.events, []
        return events

    def resume(self) -> list[Event]:
        """Run the automatic steps until a question is open (after a position was set up by hand, see
        ``engine.agot.position``); returns the events since the last ``submit`` or ``resume``."""
        self.castles_seen, self._checked, self._posed = None, set(), {}
        self._advance()
        events, self.events = self.events, []
        return events

    def view(self, player: str | None = None) -> dict[str, Any]:
        """What ``player`` (or the public, for ``None``) may see. See ``engine.agot.view``."""
        if player is not None and player not in self.state.houses:
            raise ValueError(f"{player} is not in this game")
        decisions = self.open_decisions(submitted=True, player=player) if player is not None else []
        return build_view(self, player, self._waiting_entries(), decisions)

    def _waiting_entries(self) -> list[dict[str, str]]:
        """Who must decide what, publicly ({"house", "kind", "label"}), built once per open decision."""
        asked = self.state.stack[-1].get("asked", {}) if self.state.stack and not self.over else {}
        ids = sorted(asked.values(), key=int)  # in the order posed (by_id)
        waiting = self._waiting
        if any(did not in waiting for did in ids):
            vassals = self.vassals()
            waiting = self._waiting = {d.id: {"house": self.answerer(d.player), "kind": d.kind, "label": d.label,
                                              **({"vassal": d.player} if d.player in vassals else {})}
                                       for d in (present(self, d, choices=False) for d in self.raw_decisions())}
        return [waiting[did] for did in ids]

    # --- the loop ------------------------------------------------------------------------------

    def _apply(self, decision: Decision, answer: Any) -> None:
        frame = self.state.stack[-1]
        STEPS[frame["step"]].answer(self, frame, decision, answer)
        asked = frame.get("asked", {})
        if asked.get(decision.player) == decision.id:
            del asked[decision.player]
            if decision.secret and decision.reveal_group and asked:
                frame.setdefault("submitted", {})[decision.player] = decision.id  # may change until all are in
        if not asked:
            frame.pop("submitted", None)
        self.check_victory()

    def _advance(self) -> None:
        """Run automatic steps until a question is open or the game ends (no-progress guard); the state is left
        in its canonical order (``settle``), and the questions it looked at are posed (``_pose``) in it."""
        for _ in range(MAX_LOOP):
            if self.over or not self.state.stack:
                self.settle()
                return
            frame = self.state.stack[-1]
            handler = STEPS[frame["step"]]
            if handler.run(self, frame):
                self.check_victory()
                continue
            asked = frame.get("asked", {})
            if not asked:
                raise RuntimeError(f"step {frame['step']} is waiting for nobody")
            self.settle()  # in place: the frame and its questions stay the same objects
            # Only questions posed since the last look can be forced: the options of a posed question never depend
            # on the others' answers (simultaneous questions are secret).
            fresh = [self._pose(handler, frame, p, did) for p, did in by_id(asked) if did not in self._checked]
            forced = [d for d in fresh if d.options is not None and len(d.options) == 1]
            self._checked = (self._checked & set(asked.values())) | {d.id for d in fresh if d not in forced}
            if not forced:
                return
            self._posed = {}  # the state changes from here
            self.announce_forced(forced[0].player, forced[0].kind, forced[0].options[0],  # type: ignore[index]
                                 secret=forced[0].secret, why=forced[0].info.get("skipped", ""))
            self._apply(forced[0], forced[0].options[0])  # type: ignore[index]
        raise RuntimeError("the game made no progress")

    def check_victory(self) -> None:
        """A house controlling its 7th castle/stronghold area wins at once (``engine.agot.victory``)."""
        victory.check_victory(self)

    def finish(self, candidates: Sequence[str] | None = None) -> None:
        """End the game now (``engine.agot.victory``)."""
        self._posed = {}
        victory.finish(self, candidates)

    def end_now(self) -> None:
        """End the game at once, ranked by the setting's tie-breakers (a table's vote)."""
        self.finish()


def by_id(asked: dict[str, str]) -> list[tuple[str, str]]:
    """A frame's questions (player -> decision id) in the order they were posed: by decision id, never by the
    dict's order, which a reload from sorted-key JSON changes."""
    return sorted(asked.items(), key=lambda pair: int(pair[1])) if len(asked) > 1 else list(asked.items())


def assign_houses(players: Sequence[str], seed: int | None = None,
                  wishes: dict[str, str] | None = None, setup: str = "") -> dict[str, str]:
    """Give each player a house (1.7): wished houses first, the rest at random (deterministic by an integer seed,
    unpredictable without one). With a Mother of Dragons ``setup`` and fewer players than houses, the houses
    nobody receives are the vassals (``Settings.vassals``)."""
    houses = mod_setup.houses_for(len(players), setup)
    wishes = wishes or {}
    taken: dict[str, str] = {}
    for player, house in wishes.items():
        if house not in houses:
            raise ValueError(f"{house} is not in a {len(players)}-player game")
        if house in taken.values():
            raise ValueError(f"{house} was chosen twice")
        taken[player] = house
    free = [h for h in houses if h not in taken.values()]
    rng = Rng.fresh() if seed is None else Rng(seed)
    rng.shuffle(free)
    for player in players:
        if player not in taken:
            taken[player] = free.pop()
    return taken
