"""Monopoly games between the autopilot and the engine's random agent (``engine.monopoly.agent``), and the win
rate ``python -m bot.games.monopoly.match --games N --players P [--seed S] [--rounds R]`` prints: one autopilot
against P-1 random players, its seat turning round from game to game, in the short game (the richest after
round R wins, unless the others are bankrupt first). Each agent sees only its own view and its own decision; an
answer the engine refuses is counted and replaced by the decision's default."""

from __future__ import annotations

import sys
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from bot.games.match import Agent, play_out
from bot.games.monopoly.autopilot import Autopilot
from engine.cli import Parser
from engine.monopoly.agent import RandomAgent
from engine.monopoly.game import Game
from engine.monopoly.rules import MONOPOLY, ROUNDS

MAX_DECISIONS = 50_000
SHORT_GAME = 30  # rounds


@dataclass
class Outcome:
    pilots: list[str]  # the autopilot's seats
    winners: list[str]  # the players sharing place 1
    refused: int  # autopilot answers the engine refused
    decisions: int
    game: Game


def play(players: int, seed: int, seats: Collection[int], rounds: int = SHORT_GAME,
         settings: dict[str, Any] | None = None) -> Outcome:
    """One game with the autopilot in ``seats`` (0-based) and random agents in the others."""
    game = MONOPOLY.new(players, {"rounds": rounds, **(settings or {})}, seed)
    agents: dict[str, Agent] = {p: Autopilot(seed * 31 + i) if i in seats else RandomAgent(seed * 7919 + i)
                                for i, p in enumerate(game.players())}
    pilots = [p for i, p in enumerate(game.players()) if i in seats]
    refused, decisions = play_out(game, agents, pilots, MAX_DECISIONS, seed)
    winners = [s.player for s in game.standings() if s.place == 1]
    return Outcome(pilots, winners, refused, decisions, game)


@dataclass
class Figure:
    games: int
    players: int
    wins: int  # games the autopilot won alone
    shared: int  # games it shared the win
    refused: int

    def line(self) -> str:
        rate = 100.0 * self.wins / self.games
        fair = 100.0 / self.players
        return (f"autopilot vs {self.players - 1} random player(s): wins {self.wins}/{self.games} ({rate:.1f}%, "
                f"a fair share is {fair:.1f}%), {self.shared} shared, {self.refused} refused")


def figure(games: int, players: int, seed: int = 1, rounds: int = SHORT_GAME) -> Figure:
    wins = shared = refused = 0
    for i in range(games):
        outcome = play(players, seed + i, [i % players], rounds)
        won = outcome.pilots[0] in outcome.winners
        wins += won and len(outcome.winners) == 1
        shared += won and len(outcome.winners) > 1
        refused += outcome.refused
    return Figure(games, players, wins, shared, refused)


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="python -m bot.games.monopoly.match",
                    description="The win rate of the Monopoly autopilot against the engine's random agent.")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2, choices=range(2, 9), metavar="2..8")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=SHORT_GAME,
                        help=f"the short game's last round ({ROUNDS[0]}..{ROUNDS[1]}, default {SHORT_GAME})")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error(f"--games must be at least 1, not {args.games}")
    if not ROUNDS[0] <= args.rounds <= ROUNDS[1]:
        parser.error(f"--rounds must be {ROUNDS[0]} to {ROUNDS[1]}, not {args.rounds}")
    print(figure(args.games, args.players, args.seed, args.rounds).line())
    return 0


if __name__ == "__main__":
    sys.exit(main())
