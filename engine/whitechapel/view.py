"""What one player (or the public) may see, built field by field from this whitelist.

PUBLIC (everyone):
  the board's name; the night (1-4) and the phase; who leads the investigation tonight (player and colour) and
  the tiles already turned; who holds which policeman; the policemen on the board; the patrol tokens' crossings,
  face down unless turned over (then their colour); the women's circles, face down; the wretched; the crime
  scenes of every night; tonight's Clue and False Clue markers; tonight's circles searched without a clue; every
  night's clues in the order they were found (each search's answer was a public event); the move track: the Time
  of the Crime, the square of Jack's last move and the moves used, which squares hold a Coach or an Alley, the
  tokens left, the False Clues in Jack's hand;
  who must decide what now (player, kind and label only); the winner, the reason and, once the game is over,
  Jack's hideout and every night's row.
JACK (adds): his hideout, every night's row (paths), the marked women, his own open decision.
THE HEAD OF THE INVESTIGATION (adds): which patrol token lies on which crossing, his own open decision.
A DETECTIVE (adds): his own open decision.
HIDDEN (nobody): the order of the Head tiles still face down, the RNG, the raw state, other players' questions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.whitechapel.state import COLOURS, JACK, LAST_SQUARE

if TYPE_CHECKING:
    from engine.whitechapel.game import Game


def build_view(game: Game, player: str | None) -> dict[str, Any]:
    s = game.state
    head = s.head() if s.night else None
    public: dict[str, Any] = {
        "board": "whitechapel",
        "night": s.night,
        "phase": s.phase,
        "head": {"player": head, "colour": s.head_colour()} if head else None,
        "tiles_turned": s.head_tiles[: s.night],
        "controllers": {c: s.controllers[c] for c in COLOURS},
        "policemen": {c: s.policemen[c] for c in COLOURS if c in s.policemen},
        "patrols": [{"crossing": where, "token": s.patrols[where] if where in s.revealed else None}
                    for where in sorted(s.patrols)],
        "women": list(s.women),
        "wretched": list(s.wretched),
        "crime_scenes": [list(c) for c in s.crimes],
        "clues": list(s.clues),
        "false_clues": list(s.false_clues),
        "searched": list(s.searched),
        "clue_trails": s.clue_trails(),
        "track": track(game),
        "waiting": waiting(game),
        "winner": s.winner,
        "reason": s.reason,
    }
    if game.over:
        public["hideout"] = s.hideout
        public["paths"] = [list(p) for p in s.paths]
    private: dict[str, Any] = {}
    if player == JACK:
        private = {"hideout": s.hideout, "paths": [list(p) for p in s.paths], "marked": list(s.marked)}
    elif player is not None and player == head and s.patrols:
        private = {"patrols": {where: s.patrols[where] for where in sorted(s.patrols)}}
    if player is not None:
        private["decisions"] = [d.to_dict() for d in game.open_decisions(player=player)]
    return {"public": public, "private": private} if player is not None else {"public": public}


def track(game: Game) -> dict[str, Any]:
    s = game.state
    row = s.specials[-1] if s.specials else []
    started = bool(s.paths and s.paths[-1])
    return {
        "time_of_the_crime": s.time or None,
        "square": s.square() if started else None,
        "moves_used": s.square() - s.time if started else 0,
        "last_square": LAST_SQUARE,
        "specials": {str(s.square() - len(row) + 1 + i): kind for i, kind in enumerate(row) if kind} if started
        else {},
        "coaches_left": s.coaches,
        "alleys_left": s.alleys,
        "false_clues_in_hand": s.false_clue_stock,
    }


def waiting(game: Game) -> list[dict[str, str]]:
    decision = game.decision()
    return [] if decision is None else [{"player": decision.player, "kind": decision.kind,
                                         "label": decision.label}]
