"""Whitechapel games between the autopilot and the engine's random agent (``engine.whitechapel.agent``), and
the win rates ``python -m bot.games.whitechapel.autopilot --games N --seed S [--players P]`` prints: the
autopilot as Jack against random detectives, the autopilot detectives against a random Jack, and the autopilot
in every seat. Each agent sees only its own view and its own decision; an answer the engine refuses counts and
is replaced by the decision's default."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.match import Agent, play_out
from bot.games.whitechapel.autopilot import Autopilot
from engine.cli import Parser
from engine.whitechapel.agent import RandomAgent
from engine.whitechapel.game import Game
from engine.whitechapel.rules import WHITECHAPEL
from engine.whitechapel.state import JACK

MAX_DECISIONS = 5_000
SIDES = ("jack", "detectives", "both")  # who the autopilot plays; the others are random agents


@dataclass
class Outcome:
    winner: str
    refused: int  # autopilot answers the engine refused
    decisions: int
    game: Game


def play(players: int, seed: int, side: str, settings: dict[str, bool] | None = None) -> Outcome:
    """One game with the autopilot playing ``side`` (``jack``, ``detectives`` or ``both``; anything else:
    random agents everywhere)."""
    game = WHITECHAPEL.new(players, settings or {}, seed)
    agents: dict[str, Agent] = {}
    for i, player in enumerate(game.players()):
        mine = side == "both" or side == ("jack" if player == JACK else "detectives")
        agents[player] = Autopilot(seed * 31 + i) if mine else RandomAgent(seed * 7919 + i)
    pilots = [p for p, agent in agents.items() if isinstance(agent, Autopilot)]
    refused, decisions = play_out(game, agents, pilots, MAX_DECISIONS, seed)
    assert game.state.winner is not None
    return Outcome(game.state.winner, refused, decisions, game)


@dataclass
class Figure:
    side: str
    games: int
    wins: int  # games the autopilot's side won (Jack's for "both")
    refused: int

    def line(self) -> str:
        who = {"jack": "autopilot Jack vs random detectives: Jack wins",
               "detectives": "autopilot detectives vs random Jack: detectives win",
               "both": "autopilot vs autopilot: Jack wins"}[self.side]
        return f"{who} {self.wins}/{self.games} ({100.0 * self.wins / self.games:.1f}%), {self.refused} refused"


def figures(games: int, seed: int, players: int, sides: tuple[str, ...] = SIDES) -> list[Figure]:
    out = []
    for side in sides:
        wins = refused = 0
        for i in range(games):
            outcome = play(players, seed + i, side)
            wins += outcome.winner == ("detectives" if side == "detectives" else JACK)
            refused += outcome.refused
        out.append(Figure(side, games, wins, refused))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="python -m bot.games.whitechapel.autopilot",
                    description="Win rates of the Whitechapel autopilot against the random agent and itself.")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=3, choices=range(2, 7), metavar="2..6")
    parser.add_argument("--sides", nargs="+", default=list(SIDES), choices=SIDES,
                        help="which figures to play (default: all three)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error(f"--games must be at least 1, not {args.games}")
    for figure in figures(args.games, args.seed, args.players, tuple(args.sides)):
        print(figure.line())
    return 0
