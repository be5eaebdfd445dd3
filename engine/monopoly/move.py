"""Moving a token: forward by dice or by a card (the GO salary when GO is reached or passed), back (no
salary), and straight to Jail (no salary, the rest of the turn dropped: the Speed Die's effect is lost, S7).

Reaching GO once starts the Speed Die for that player (S1) when the table plays with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.monopoly.board import SIZE
from engine.monopoly.kinds import money

if TYPE_CHECKING:
    from engine.monopoly.game import Game

TURN_STEPS = ("roll", "again", "land", "advance", "mr_monopoly")  # a turn's own steps (dropped on going to Jail)


def name(game: Game, player: str) -> str:
    return game.name_of(player)


def forward(game: Game, player: str, steps: int, why: str = "") -> None:
    """Move ``steps`` spaces ahead; the salary if GO is reached or passed."""
    s = game.state
    start = s.position[player]
    end = (start + steps) % SIZE
    s.position[player] = end
    game.say("move", f"{name(game, player)} moves to {game.board.name(end)}{why}.", player=player,
             start=start, to=end, steps=steps)
    if steps and start + steps >= SIZE:
        salary = game.board.constants["go_salary"]
        s.cash[player] += salary
        game.say("pass_go", f"{name(game, player)} reaches GO and collects the {money(salary)} salary.",
                 player=player, amount=salary)
        if game.state.settings.get("speed_die") and player not in s.speed:
            s.speed.append(player)
            game.say("speed_die", f"{name(game, player)} throws the Speed Die from now on.", player=player)


def to_space(game: Game, player: str, target: int, why: str = "") -> None:
    """Advance to ``target`` (a card, a choice): forward, the salary if GO is passed."""
    forward(game, player, game.board.ahead(game.state.position[player], target), why)


def back(game: Game, player: str, steps: int) -> None:
    s = game.state
    start = s.position[player]
    s.position[player] = (start - steps) % SIZE
    game.say("move", f"{name(game, player)} goes back {steps} spaces to {game.board.name(s.position[player])}.",
             player=player, start=start, to=s.position[player], steps=-steps)


def to_jail(game: Game, player: str, why: str) -> None:
    """Straight to Jail: no salary, the turn's remaining steps (a throw again, Mr. Monopoly) dropped."""
    s = game.state
    s.position[player] = game.board.constants["jail_index"]
    s.jailed[player] = 0
    s.doubles = 0
    s.agenda = [st for st in s.agenda if not (st["step"] in TURN_STEPS and st.get("player") == player)]
    game.say("jail", f"{name(game, player)} goes to Jail: {why}.", player=player, why=why)

