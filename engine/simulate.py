"""``python -m engine.simulate --players N --games G --seed S``: random legal games.

``--game monopoly`` plays Monopoly (``--players`` 2-8, every count by default; ``--rounds`` 30 by default, 0 to
the last bankruptcy), with the leak audit (``engine.monopoly.audit``) unless ``--no-audit``; it prints per player
count the errors, stalls, leaks, the median turns and the median game time (``monopoly_main``).

``--game whitechapel`` plays Letters from Whitechapel instead (``--players`` 2-6, every count by default), with
the leak audit after every answer (``engine.whitechapel.audit``); it prints per player count the errors, stalls,
leaks, Jack's wins and the median game time (``whitechapel_main``).

Plays G games between random agents that see only their own view, prints one line
per game and a final ``G games, E errors`` line (after ``stalls N``); the exit status is non-zero if any
game raised or stalled. It is the fuzzer, the benchmark and the demo's driver. In the 8-house set-up the
games take Targaryen's House card decks a and b in turn (``--targaryen-deck a|b|both``).
"""

from __future__ import annotations

import statistics
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from engine.agot import Game, Settings
from engine.agot.agent import RandomAgent
from engine.agot.board import board
from engine.agot.world import victory_points
from engine.cli import Parser
from engine.core import AlreadySubmitted, IllegalAnswer, Rng
from engine.monopoly.agent import RandomAgent as MonopolyAgent
from engine.monopoly.audit import Auditor as MonopolyAuditor
from engine.monopoly.rules import MONOPOLY
from engine.whitechapel.agent import RandomAgent as ChaseAgent
from engine.whitechapel.audit import Auditor
from engine.whitechapel.rules import WHITECHAPEL

MAX_DECISIONS = 50_000
RETRIES = 6


@dataclass
class GameResult:
    seed: int
    players: int
    winner: str | None = None
    rounds: int = 0
    decisions: int = 0
    rejected: int = 0
    seconds: float = 0.0
    submit_seconds: list[float] = field(default_factory=list)
    kinds: Counter[str] = field(default_factory=Counter)
    events: Counter[str] = field(default_factory=Counter)
    cards: Counter[str] = field(default_factory=Counter)  # Westeros and wildling cards resolved (public events)
    early: bool = False  # won by a 7th castle before the end of round 10
    house_cards: Counter[str] = field(default_factory=Counter)  # House cards played in combat (public events)
    error: str | None = None
    state_bytes: int = 0
    game: Game | None = None


def play(players: int, seed: int, settings: Settings | None = None, on_event: Any = None,
         until_round: int | None = None) -> GameResult:
    """Play one random game to its end (or until ``until_round`` starts); never raises (errors are recorded).

    ``on_event(game, event)`` sees every event; ``result.game`` is the game as it stopped.
    """
    result = GameResult(seed=seed, players=players)
    start = time.perf_counter()
    try:
        game = Game.new(players, seed, settings)
        result.game = game
        picker = Rng(seed ^ 0x5EED)
        agents = {h: RandomAgent(seed * 7919 + i) for i, h in enumerate(sorted(game.state.houses))}
        while not game.over and (until_round is None or game.state.round < until_round):
            decisions = game.open_decisions()
            if not decisions:
                raise RuntimeError("stalled: no open decision and no winner")
            if result.decisions >= MAX_DECISIONS:
                raise RuntimeError(f"stalled: more than {MAX_DECISIONS} decisions")
            if picker.below(10) == 0:  # now and then a change of mind (a secret answer replaced before its reveal)
                decisions = game.open_decisions(submitted=True)
            decision = picker.choice(decisions)
            view = game.view(decision.player)
            mine = next(d for d in view["private"]["decisions"] if d["id"] == decision.id)
            if game.state.round == 5 and not result.state_bytes:
                import json

                result.state_bytes = len(json.dumps(game.to_dict(), separators=(",", ":")))
            events = None
            for attempt in range(RETRIES + 1):
                answer = agents[decision.player].answer(view, mine) if attempt < RETRIES else mine["default"]
                t0 = time.perf_counter()
                try:
                    events = game.submit(decision.player, decision.id, answer)
                except AlreadySubmitted:  # a change of mind that changed nothing: the answer stands
                    result.rejected += 1
                    break
                except IllegalAnswer:
                    if attempt == RETRIES:
                        raise
                    result.rejected += 1
                    continue
                finally:
                    result.submit_seconds.append(time.perf_counter() - t0)
                break
            result.decisions += 1
            result.kinds[decision.kind] += 1
            for event in events or []:
                result.events[event.kind] += 1
                if event.kind in ("westeros_card", "wildling_card") and event.audience.kind == "public":
                    result.cards[event.data["card"]] += 1
                if event.kind == "house_card_played":
                    result.house_cards[event.data["card"]] += 1
                if on_event:
                    on_event(game, event)
        result.winner = game.state.winner
        result.early = game.over and any(victory_points(game.board, game.state, h) >= 7 for h in game.state.houses)
        result.rounds = game.state.round
    except Exception as exc:  # noqa: BLE001 - the simulator reports every failure
        result.error = f"{type(exc).__name__}: {exc}\n{traceback.format_exc()}"
    result.seconds = time.perf_counter() - start
    return result


def targaryen_plays(game: Game) -> bool:
    """Whether a player holds Targaryen (its House card deck a or b is then in play)."""
    return "targaryen" in game.state.houses and "targaryen" not in game.vassals()


def narrate(game: Game, event: Any) -> None:
    """Print what the public channel would show."""
    if event.audience.kind == "public":
        print(f"[round {game.state.round}] {event.text}")


GAMES = ("agot", "whitechapel", "monopoly")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if _game_of(argv) == "whitechapel":
        return whitechapel_main(argv)
    if _game_of(argv) == "monopoly":
        return monopoly_main(argv)
    parser = Parser(prog="python -m engine.simulate", description="Play random legal games of A Game of Thrones.")
    parser.add_argument("--game", default="agot", choices=GAMES,
                        help="the game: agot (the default) or whitechapel (Letters from Whitechapel)")
    parser.add_argument("--players", type=int, default=6, choices=range(3, 9), metavar="3..8")
    parser.add_argument("--setup", default="", choices=["", "7", "8"],
                        help="a Mother of Dragons set-up (7 or 8 houses; 7 and 8 players use theirs anyway), "
                             "its houses without a player being vassals")
    parser.add_argument("--targaryen-deck", default="both", choices=["a", "b", "both"],
                        help="Targaryen's House cards in the 8-house set-up: deck a, deck b, or both (games take "
                             "a and b in turn; the default)")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tides", action="store_true", help="play with Tides of Battle")
    parser.add_argument("--quiet", action="store_true", help="only the summary lines")
    parser.add_argument("--narrate", action="store_true",
                        help="print every public event as it happens (the story, without the statistics)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error(f"--games must be at least 1, not {args.games}")
    settings = Settings(tides_of_battle=args.tides, setup=args.setup)
    try:
        Game.new(args.players, 0, settings)
    except ValueError as exc:
        parser.error(str(exc))
    results = []
    for i in range(args.games):
        deck = args.targaryen_deck if args.targaryen_deck != "both" else "ab"[i % 2]
        r = play(args.players, args.seed + i, replace(settings, targaryen_deck=deck),
                 on_event=narrate if args.narrate else None)
        results.append(r)
        if not args.quiet or r.error:
            status = f"winner {r.winner}" if not r.error else "ERROR " + r.error.splitlines()[0]
            print(f"game {i + 1} seed {r.seed}: {status}, rounds {r.rounds}, decisions {r.decisions}, "
                  f"rejected {r.rejected}, {r.seconds * 1000:.0f} ms")
        if r.error and not args.quiet:
            print(r.error, file=sys.stderr)
    errors = sum(1 for r in results if r.error)
    if args.narrate:
        print(f"{len(results)} games, {errors} errors")
        return 1 if errors else 0
    times = [r.seconds for r in results]
    per_decision = [t for r in results for t in r.submit_seconds]
    kinds: Counter[str] = sum((r.kinds for r in results), Counter())
    events: Counter[str] = sum((r.events for r in results), Counter())
    winners = Counter(r.winner for r in results if r.winner)
    sizes = [r.state_bytes for r in results if r.state_bytes]
    print(f"median game {statistics.median(times) * 1000:.1f} ms; median submit "
          f"{statistics.median(per_decision) * 1e6:.0f} us over {len(per_decision)} submits; "
          f"mid-game state {statistics.median(sizes) if sizes else 0:.0f} bytes")
    print("decisions: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    print("events: " + ", ".join(f"{k} {v}" for k, v in sorted(events.items())))
    cards: Counter[str] = sum((r.cards for r in results), Counter())
    print("cards resolved: " + ", ".join(f"{k} {v}" for k, v in sorted(cards.items())))
    print(f"early endings (7 castles): {sum(r.early for r in results)}")
    played: Counter[str] = sum((r.house_cards for r in results), Counter())
    print(f"combats {events['combat']} (neutral forces {events['neutral_destroyed'] + events['neutral_holds']}), "
          f"retreats {events['retreat']}, House cards played {sum(played.values())}")
    shown = next((r.game.board for r in results if r.game), board())
    print("house cards: " + ", ".join(f"{c} {played[c]}" for c in sorted(shown.card_by_id)))
    print("winners: " + ", ".join(f"{k} {v}" for k, v in winners.most_common()))
    decks = Counter(r.game.state.settings["targaryen_deck"] for r in results if r.game and targaryen_plays(r.game))
    if decks:
        print("Targaryen House card decks (games): " + ", ".join(f"{k} {v}" for k, v in sorted(decks.items())))
    print(f"stalls {sum(1 for r in results if r.error and 'stalled' in r.error)}")
    print(f"{len(results)} games, {errors} errors")
    return 1 if errors else 0


def _game_of(argv: list[str]) -> str:
    """The ``--game`` named on the command line (agot by default)."""
    first = Parser(prog="python -m engine.simulate", add_help=False)
    first.add_argument("--game", default="agot", choices=GAMES)
    return str(first.parse_known_args(argv)[0].game)


@dataclass
class ChaseResult:
    """One random game of Letters from Whitechapel."""

    players: int
    seed: int
    winner: str | None = None
    answers: int = 0
    seconds: float = 0.0  # playing time, the audit's excluded
    leaks: list[str] = field(default_factory=list)
    error: str | None = None


def play_whitechapel(players: int, seed: int, settings: dict[str, bool]) -> ChaseResult:
    """One random legal game with the leak audit after every answer; never raises (errors are recorded)."""
    result = ChaseResult(players, seed)
    try:
        start = time.perf_counter()
        game = WHITECHAPEL.new(players, settings, seed)
        agents = {p: ChaseAgent(seed * 31 + i) for i, p in enumerate(game.players())}
        auditor = Auditor()
        audit = time.perf_counter()
        result.leaks += auditor.check(game, [])
        start += time.perf_counter() - audit
        while not game.over:
            decisions = game.open_decisions()
            if not decisions:
                raise RuntimeError("stalled: no open decision and no winner")
            if result.answers >= MAX_DECISIONS:
                raise RuntimeError(f"stalled: more than {MAX_DECISIONS} decisions")
            decision = decisions[0]
            view = game.view(decision.player)
            events = game.submit(decision.player, decision.id,
                                 agents[decision.player].answer(view, view["private"]["decisions"][0]))
            result.answers += 1
            audit = time.perf_counter()
            result.leaks += auditor.check(game, events)
            start += time.perf_counter() - audit
        result.winner = game.state.winner
        result.seconds = time.perf_counter() - start
    except Exception as exc:  # noqa: BLE001 - the simulator reports every failure
        result.error = f"{type(exc).__name__}: {exc}\n{traceback.format_exc()}"
    return result


def whitechapel_main(argv: list[str]) -> int:
    parser = Parser(prog="python -m engine.simulate --game whitechapel",
                    description="Play random legal games of Letters from Whitechapel, auditing every answer for "
                                "leaked secrets.")
    parser.add_argument("--game", choices=["whitechapel"], required=True)
    parser.add_argument("--players", type=int, choices=range(2, 7), metavar="2..6",
                        help="one player count (default: every count from 2 to 6)")
    parser.add_argument("--games", type=int, default=10, help="games per player count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--optional", action="store_true",
                        help="play every optional rule the engine has (all but the Letters)")
    parser.add_argument("--quiet", action="store_true", help="only the summary lines")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error(f"--games must be at least 1, not {args.games}")
    settings = {k: k not in ("letters", "detectives_private_thread") for k in WHITECHAPEL.default_settings()} \
        if args.optional else {}
    failed = 0
    total = 0
    for players in [args.players] if args.players else range(2, 7):
        results = [play_whitechapel(players, args.seed + i, settings) for i in range(args.games)]
        for r in results:
            if r.error or r.leaks or not args.quiet:
                status = f"winner {r.winner}" if not r.error else "ERROR " + r.error.splitlines()[0]
                print(f"{players} players seed {r.seed}: {status}, {r.answers} answers, {r.seconds * 1000:.0f} ms"
                      + "".join(f"\n  leak: {leak}" for leak in r.leaks[:5]))
        errors = sum(1 for r in results if r.error)
        stalls = sum(1 for r in results if r.error and "stalled" in r.error)
        leaks = sum(1 for r in results if r.leaks)
        jack = sum(1 for r in results if r.winner == "jack")
        median = statistics.median(r.seconds for r in results) * 1000
        print(f"{players} players: {len(results)} games, {errors} errors, {stalls} stalls, {leaks} leaks, "
              f"Jack won {jack}, median game {median:.1f} ms")
        failed += errors + leaks
        total += len(results)
    print(f"{total} games, {failed} failed")
    return 1 if failed else 0


@dataclass
class MonopolyResult:
    """One random game of Monopoly."""

    players: int
    seed: int
    winner: str | None = None
    reason: str = ""
    answers: int = 0
    refused: int = 0
    turns: int = 0
    seconds: float = 0.0  # playing time, the audit's excluded
    leaks: list[str] = field(default_factory=list)
    error: str | None = None


def play_monopoly(players: int, seed: int, settings: dict[str, Any], audit: bool = True) -> MonopolyResult:
    """One random legal game (the agents see only their own views), audited after every answer when ``audit``;
    never raises (errors are recorded). A refused answer is tried again, the decision's default last."""
    result = MonopolyResult(players, seed)
    try:
        start = time.perf_counter()
        game = MONOPOLY.new(players, MONOPOLY.check_settings(settings, players), seed)
        agents = {p: MonopolyAgent(seed * 31 + i, wide=True) for i, p in enumerate(game.players())}
        auditor = MonopolyAuditor()
        events = list(game.events)
        while True:
            if audit:
                paused = time.perf_counter()
                result.leaks += auditor.check(game, events)
                start += time.perf_counter() - paused
            result.turns += sum(1 for e in events if e.kind == "turn_start")
            if game.over:
                break
            decisions = game.open_decisions()
            if not decisions:
                raise RuntimeError("stalled: no open decision and no winner")
            if result.answers >= MAX_DECISIONS:
                raise RuntimeError(f"stalled: more than {MAX_DECISIONS} decisions")
            decision = decisions[0]
            view = game.view(decision.player)
            mine = next(d for d in view["private"]["decisions"] if d["id"] == decision.id)
            for attempt in range(RETRIES + 1):
                answer = agents[decision.player].answer(view, mine) if attempt < RETRIES else mine["default"]
                try:
                    events = game.submit(decision.player, decision.id, answer)
                    break
                except IllegalAnswer:
                    if attempt == RETRIES:
                        raise
                    result.refused += 1
            result.answers += 1
        result.winner, result.reason = game.state.winner, game.state.reason
        result.seconds = time.perf_counter() - start
    except Exception as exc:  # noqa: BLE001 - the simulator reports every failure
        result.error = f"{type(exc).__name__}: {exc}\n{traceback.format_exc()}"
    return result


def monopoly_main(argv: list[str]) -> int:
    parser = Parser(prog="python -m engine.simulate --game monopoly",
                    description="Play random legal games of Monopoly, auditing every answer for leaked secrets.")
    parser.add_argument("--game", choices=["monopoly"], required=True)
    parser.add_argument("--players", type=int, choices=range(2, 9), metavar="2..8",
                        help="one player count (default: every count from 2 to 8)")
    parser.add_argument("--games", type=int, default=10, help="games per player count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=30,
                        help="the short game's last round (10-200), or 0 to play to the last bankruptcy")
    parser.add_argument("--no-speed-die", action="store_true", help="play without the Speed Die")
    parser.add_argument("--auction", choices=["sealed", "open"], default="sealed")
    parser.add_argument("--no-audit", action="store_true", help="skip the leak audit (faster)")
    parser.add_argument("--quiet", action="store_true", help="only the summary lines")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error(f"--games must be at least 1, not {args.games}")
    settings = {"rounds": args.rounds, "speed_die": not args.no_speed_die, "auction": args.auction}
    try:
        MONOPOLY.check_settings(settings, 2)
    except IllegalAnswer as exc:
        parser.error(str(exc))
    failed = 0
    total = 0
    for players in [args.players] if args.players else range(2, 9):
        results = [play_monopoly(players, args.seed + i, settings, audit=not args.no_audit)
                   for i in range(args.games)]
        for r in results:
            if r.error or r.leaks or not args.quiet:
                status = f"winner {r.winner} ({r.reason})" if not r.error else "ERROR " + r.error.splitlines()[0]
                print(f"{players} players seed {r.seed}: {status}, {r.turns} turns, {r.answers} answers, "
                      f"{r.refused} refused, {r.seconds * 1000:.0f} ms"
                      + "".join(f"\n  leak: {leak}" for leak in r.leaks[:5]))
            if r.error and not args.quiet:
                print(r.error, file=sys.stderr)
        errors = sum(1 for r in results if r.error)
        stalls = sum(1 for r in results if r.error and "stalled" in r.error)
        leaks = sum(1 for r in results if r.leaks)
        turns = statistics.median(r.turns for r in results)
        median = statistics.median(r.seconds for r in results) * 1000
        print(f"{players} players: {len(results)} games, {errors} errors, {stalls} stalls, {leaks} leaks, "
              f"median {turns:.0f} turns, median game {median:.1f} ms")
        failed += errors + leaks
        total += len(results)
    print(f"{total} games, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
