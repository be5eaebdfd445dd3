"""The Hunting part of a night, the police's side: the policemen's moves, their actions (clues, arrests, rushing)
and Jack's False Clues. Checklist W3.5-W3.9, W5.2; optional rules O1-O3."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core import IllegalAnswer
from engine.whitechapel.kinds import Ask, choose, circle, phase, posed, question, words
from engine.whitechapel.state import COLOURS, JACK, State

if TYPE_CHECKING:
    from engine.core import Decision
    from engine.whitechapel.game import Game

FALSE_CLUE_MARKERS = 3
CLUES_PER_FALSE_CLUE = 5


# --- phases 2 and 3: the police (W3.5-W3.9, O1-O3) -----------------------------------------------

def police_order(s: State) -> list[str]:
    """W3.5: the Head's policemen first, then each detective's clockwise (seat order), colours in box order."""
    detectives = s.players[1:]
    start = detectives.index(s.head())
    seats = detectives[start:] + detectives[:start]
    return [c for p in seats for c in COLOURS if s.controllers[c] == p]


@phase("police")
def _police(game: Game) -> None:
    game.state.turn = {"stage": "move", "pending": police_order(game.state), "current": None, "named": []}
    game.state.phase = "police_round"


@phase("police_round")
def _police_round(game: Game) -> None:
    s = game.state
    t = s.turn
    if not t["pending"]:
        if t["stage"] == "move":
            t.update(stage="act", pending=police_order(s), current=None)
            if s.settings.get("false_clues") and s.false_clue_stock:
                game.ask("false_clue", JACK)
        else:
            s.turn, s.phase = {}, "jack"
        return
    player = s.controllers[t["pending"][0]]
    mine = [c for c in t["pending"] if s.controllers[c] == player]
    if t["current"] is None and len(mine) > 1:
        game.ask("policeman", player)  # WR6: the detective orders his own policemen
        return
    colour = t["current"] or mine[0]
    if t["stage"] == "move":
        game.ask("police_move", player, colour=colour)
    elif actions(game, colour):
        game.ask("police_action", player, colour=colour)
    else:
        game.say("no_action", f"The {colour} policeman has no circle to act on.", colour=colour)
        done(game, colour)


def done(game: Game, colour: str) -> None:
    t = game.state.turn
    t["pending"].remove(colour)
    t["current"] = None


def _pose_policeman(game: Game, ask: Ask) -> Decision:
    s = game.state
    mine = [c for c in s.turn["pending"] if s.controllers[c] == ask["player"]]
    verb = "moves" if s.turn["stage"] == "move" else "acts"
    return posed(ask, "Which policeman next", f"Which of your policemen {verb} next?", mine)


def _answer_policeman(game: Game, ask: Ask, value: Any) -> None:
    game.state.turn["current"] = choose(game.board, _pose_policeman(game, ask).options or [], value)


def others(s: State, colour: str) -> set[str]:
    return {where for c, where in s.policemen.items() if c != colour}


def police_destinations(game: Game, colour: str) -> list[str]:
    at = game.state.policemen[colour]
    return sorted(({at} | set(game.board.police_moves(at))) - others(game.state, colour))


def _pose_police_move(game: Game, ask: Ask) -> Decision:
    colour = ask["colour"]
    at = game.state.policemen[colour]
    return posed(ask, f"The {colour} policeman's move", f"Move the {colour} policeman from {at}: up to two "
                 "crossings (or stay).", police_destinations(game, colour), default=at, info={"at": at})


def _answer_police_move(game: Game, ask: Ask, value: Any) -> None:
    s, colour = game.state, ask["colour"]
    at = s.policemen[colour]

    def why(v: Any) -> str | None:
        if v in others(s, colour):
            return f"Another policeman already stands on {v}: the {colour} policeman cannot end there."
        return f"{v} is more than two crossings from {at}." if v in game.board.crossings else None

    to = choose(game.board, police_destinations(game, colour), value, why)
    s.policemen[colour] = to
    game.say("police_moved", f"The {colour} policeman moves from {at} to {to}." if to != at
             else f"The {colour} policeman stays on {at}.", colour=colour, start=at, to=to)
    done(game, colour)


def adjacent(game: Game, colour: str) -> list[int]:
    """W3.6: the circles joined to the policeman's crossing, less those a False Clue bars (O1)."""
    s = game.state
    return [c for c in sorted(game.board.circles_at(s.policemen[colour])) if c not in s.false_clues]


def searchable(game: Game, colour: str) -> list[int]:
    """WR2: circles already named this round or holding a Clue marker are not named again."""
    s = game.state
    return [c for c in adjacent(game, colour) if c not in s.turn["named"] and c not in s.clues]


def rushes(game: Game, colour: str) -> list[str]:
    s = game.state
    return sorted(set(game.board.steps(s.policemen[colour])) - others(s, colour))


def actions(game: Game, colour: str) -> list[str]:
    out = (["clues"] if searchable(game, colour) else []) + (["arrest"] if adjacent(game, colour) else [])
    if game.state.settings.get("rushing") and rushes(game, colour):
        out.append("rush")
    return out


def _pose_action(game: Game, ask: Ask) -> Decision:
    colour = ask["colour"]
    return posed(ask, f"The {colour} policeman's action", f"The {colour} policeman on "
                 f"{game.state.policemen[colour]}: look for 'clues' or make an 'arrest'?", actions(game, colour),
                 info={"circles": adjacent(game, colour)},
                 labels={"clues": "Look for clues", "arrest": "Make an arrest", "rush": "Rush one crossing"})


def _answer_action(game: Game, ask: Ask, value: Any) -> None:
    colour, player = ask["colour"], ask["player"]
    choice = choose(game.board, actions(game, colour), value)
    if choice == "arrest" and game.state.settings.get("area_arrests"):
        arrest(game, colour, adjacent(game, colour))  # O3
    else:
        game.ask({"clues": "search", "arrest": "arrest", "rush": "rush"}[choice], player, colour=colour)


def _pose_search(game: Game, ask: Ask) -> Decision:
    colour = ask["colour"]
    return posed(ask, f"The {colour} policeman searches", "Name a circle to search for clues.",
                 searchable(game, colour))


def _answer_search(game: Game, ask: Ask, value: Any) -> None:
    s, colour = game.state, ask["colour"]

    def why(v: Any) -> str | None:
        if v in s.turn["named"] or v in s.clues:
            return f"{v} was already searched: its answer is on the board."
        return f"{v} is not next to the {colour} policeman on {s.policemen[colour]}."

    c = choose(game.board, searchable(game, colour), circle(game.board, value), why)
    s.turn["named"].append(c)
    if c in s.tonight_path():
        s.clue_found(c)
        game.say("clue_found", f"The {colour} policeman finds a clue at {c}!", colour=colour, circle=c)
        earn_false_clue(game)
        done(game, colour)
    else:
        s.searched.append(c)
        game.say("no_clue", f"No clue at {c}.", colour=colour, circle=c)
        if searchable(game, colour):
            game.ask("search", ask["player"], colour=colour)
        else:
            done(game, colour)


def _pose_arrest(game: Game, ask: Ask) -> Decision:
    colour = ask["colour"]
    return posed(ask, f"The {colour} policeman arrests", "Name the one circle where you arrest Jack.",
                 adjacent(game, colour))


def _answer_arrest(game: Game, ask: Ask, value: Any) -> None:
    s, colour = game.state, ask["colour"]
    c = choose(game.board, adjacent(game, colour), circle(game.board, value),
               lambda v: f"{v} is not next to the {colour} policeman on {s.policemen[colour]}.")
    arrest(game, colour, [c])


def arrest(game: Game, colour: str, circles: list[int]) -> None:
    """W3.8 (O3: every circle at once): Jack caught where he stands; otherwise nothing is told."""
    game.say("arrest", f"The {colour} policeman tries an arrest at {words(circles)}.", colour=colour,
             circles=circles)
    here = game.location()
    if here in circles:
        game.finish("detectives", f"Jack was arrested at {here}.")
        return
    game.say("arrest_failed", "Nobody there.", colour=colour, circles=circles)
    done(game, colour)


def _pose_rush(game: Game, ask: Ask) -> Decision:
    colour = ask["colour"]
    return posed(ask, f"The {colour} policeman rushes", "Move one crossing.", rushes(game, colour))


def _answer_rush(game: Game, ask: Ask, value: Any) -> None:
    s, colour = game.state, ask["colour"]
    at = s.policemen[colour]
    to = choose(game.board, rushes(game, colour), value)
    s.policemen[colour] = to
    game.say("police_rushed", f"The {colour} policeman rushes from {at} to {to}.", colour=colour, start=at, to=to)
    done(game, colour)


question("policeman", _pose_policeman, _answer_policeman)
question("police_move", _pose_police_move, _answer_police_move)
question("police_action", _pose_action, _answer_action)
question("search", _pose_search, _answer_search)
question("arrest", _pose_arrest, _answer_arrest)
question("rush", _pose_rush, _answer_rush)


# --- False Clues (O1) -----------------------------------------------------------------------------

def earn_false_clue(game: Game) -> None:
    s = game.state
    if (game.state.settings.get("false_clues") and len(s.clues) % CLUES_PER_FALSE_CLUE == 0
            and len(s.false_clues) + s.false_clue_stock < FALSE_CLUE_MARKERS):
        s.false_clue_stock += 1
        game.say("false_clue_earned", "Jack earns a False Clue marker.")


def _pose_false_clue(game: Game, ask: Ask) -> Decision:
    return posed(ask, "Jack's False Clue", "Place a False Clue on any circle (it bars searches and arrests there "
                 "tonight), or 'none'.", default="none")


def _answer_false_clue(game: Game, ask: Ask, value: Any) -> None:
    s = game.state
    if isinstance(value, str) and value.strip().lower() == "none":
        return
    c = circle(game.board, value, "A False Clue")
    if c in s.false_clues:
        raise IllegalAnswer(f"{c} already holds a False Clue.")
    s.false_clue_stock -= 1
    s.false_clues.append(c)
    game.say("false_clue_placed", f"Jack puts a False Clue on {c}.", circle=c)


question("false_clue", _pose_false_clue, _answer_false_clue)
