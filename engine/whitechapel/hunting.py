"""The Hunting part of a night, Jack's side: his secret moves (normal, Coach, Alley, escape) and the end of a night.
The policemen's side is ``engine.whitechapel.police``. Checklist W3.1-W3.4, W4, W6.1, W6.2."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.whitechapel.kinds import Ask, choose, phase, posed, question, words
from engine.whitechapel.state import JACK, LAST_SQUARE, NIGHTS

if TYPE_CHECKING:
    from engine.core import Decision
    from engine.whitechapel.game import Game

# --- phase 1: Jack escapes in the night (W3.1-W3.4, W4) ------------------------------------------

def jack_options(game: Game) -> list[Any]:
    s, b = game.state, game.board
    here = game.location()
    normal = sorted(b.free_moves(here, game.police_crossings()))
    options: list[Any] = list(normal)
    if s.hideout in normal:
        options.append("escape")
    if s.coaches and s.square() + 2 <= LAST_SQUARE and b.coach_moves(here):
        options.append("coach")  # WR4: a Coach takes two squares
    if s.alleys and b.alleys(here):
        options.append("alley")
    return options


@phase("jack")
def _jack(game: Game) -> None:
    if jack_options(game):
        game.ask("jack_move", JACK)
    else:
        game.finish("detectives", f"Jack is hemmed in at move {game.state.square() + 1}: no street is free.")


def homeward(game: Game, options: list[Any]) -> Any:
    """The deadline's pick: 'escape' when home is one street away, else the circle fewest moves from home
    (the lowest of equals), else the first word (None when nothing is open: the game is about to end)."""
    if "escape" in options:
        return "escape"
    circles = [o for o in options if isinstance(o, int)]
    if not circles:
        return options[0] if options else None
    far = moves_to(game, game.state.hideout or circles[0])
    return min(circles, key=lambda c: (far.get(c, len(far)), c))


def moves_to(game: Game, home: int) -> dict[int, int]:
    """Regular moves from every circle to ``home`` (police ignored)."""
    far, frontier = {home: 0}, [home]
    while frontier:
        nearer, frontier = frontier, []
        for c in nearer:
            for n in game.board.moves(c):
                if n not in far:
                    far[n] = far[c] + 1
                    frontier.append(n)
    return far


def _pose_move(game: Game, ask: Ask) -> Decision:
    s = game.state
    here = game.location()
    options = jack_options(game)
    return posed(ask, "Jack's move", f"You are at {here} (square {s.square()} of {LAST_SQUARE}). Move to a "
                 "circle, 'escape' (move home to your hideout and declare your escape), or spend a 'coach' or "
                 "an 'alley'.", options, default=homeward(game, options), secret=True,
                 info={"at": here, "hideout": s.hideout, "coaches": s.coaches, "alleys": s.alleys},
                 labels={"escape": f"Escape home to {s.hideout}", "coach": f"Coach ({s.coaches} left)",
                         "alley": f"Alley ({s.alleys} left)"})


def _answer_move(game: Game, ask: Ask, value: Any) -> None:
    s, b = game.state, game.board
    here = game.location()

    def why(v: Any) -> str | None:
        if v in b.moves(here):
            return f"A policeman stands on the way from {here} to {v}."
        if isinstance(v, int) and v in b.circles:
            return f"{v} is not one street away from {here}."
        return None

    choice = choose(b, jack_options(game), value, why)
    if choice == "coach":
        s.coaches -= 1
        game.say("coach_taken", "Jack takes a Coach.", special="coach")
        game.ask("coach_first", JACK)
    elif choice == "alley":
        s.alleys -= 1
        game.say("alley_taken", "Jack takes an Alley.", special="alley")
        game.ask("alley_to", JACK)
    elif choice == "escape":
        assert s.hideout is not None
        record(game, [s.hideout], "")
        game.say("escape", f"Jack declares his escape: night {s.night} ends.", night=s.night)
        s.phase = "night_end"
    else:
        record(game, [choice], "")
        after_move(game)


def record(game: Game, circles: list[int], special: str) -> None:
    s = game.state
    s.paths[-1].extend(circles)
    s.specials[-1].extend([special] * len(circles))
    squares = list(range(s.square() - len(circles) + 1, s.square() + 1))
    how = f" by {special}" if special else ""
    game.tell(JACK, "jack_moved", f"You moved{how} to {words(circles)} (square {s.square()}).",
              circles=circles, squares=squares)
    game.say("jack_moved", f"Jack moved{how}: square {s.square()} of {LAST_SQUARE}.", squares=squares,
             special=special)


def after_move(game: Game) -> None:
    s = game.state
    if s.square() >= LAST_SQUARE:
        game.finish("detectives", f"Jack filled square {LAST_SQUARE} without reaching his hideout.")
    else:
        s.phase = "police"


def _coach(game: Game) -> list[tuple[int, int]]:
    return list(game.board.coach_moves(game.location()))


def _pose_coach_first(game: Game, ask: Ask) -> Decision:
    firsts = sorted({a for a, _ in _coach(game)})
    return posed(ask, "Jack's move", f"Coach from {game.location()}: the first circle.", firsts, secret=True)


def _answer_coach_first(game: Game, ask: Ask, value: Any) -> None:
    first = choose(game.board, sorted({a for a, _ in _coach(game)}), value)
    game.ask("coach_second", JACK, first=first)


def _seconds(game: Game, first: int) -> list[int]:
    return sorted({b for a, b in _coach(game) if a == first})


def _pose_coach_second(game: Game, ask: Ask) -> Decision:
    return posed(ask, "Jack's move", f"Coach from {game.location()} through {ask['first']}: the second circle.",
                 _seconds(game, ask["first"]), secret=True)


def _answer_coach_second(game: Game, ask: Ask, value: Any) -> None:
    here, first = game.location(), ask["first"]
    second = choose(game.board, _seconds(game, first), value,
                    lambda v: f"A Coach never ends where it started ({here})." if v == here else None)
    record(game, [first, second], "coach")
    after_move(game)


def _pose_alley(game: Game, ask: Ask) -> Decision:
    return posed(ask, "Jack's move", f"Alley from {game.location()}: the circle across the block.",
                 sorted(game.board.alleys(game.location())), secret=True)


def _answer_alley(game: Game, ask: Ask, value: Any) -> None:
    here = game.location()
    to = choose(game.board, sorted(game.board.alleys(here)), value,
                lambda v: f"No block of houses joins {here} to {v}.")
    record(game, [to], "alley")
    after_move(game)


question("jack_move", _pose_move, _answer_move)
question("coach_first", _pose_coach_first, _answer_coach_first)
question("coach_second", _pose_coach_second, _answer_coach_second)
question("alley_to", _pose_alley, _answer_alley)


# --- the end of a night (W6.1, W6.2) ---------------------------------------------------------------

@phase("night_end")
def _night_end(game: Game) -> None:
    s = game.state
    s.clues, s.searched, s.false_clues, s.false_clue_stock = [], [], [], 0
    s.coaches = s.alleys = 0
    game.say("night_end", f"Night {s.night} is over: the clues are cleared; policemen and crime scenes stay.",
             night=s.night)
    if s.night == NIGHTS:
        game.finish(JACK, "Jack escaped on the fourth night with five victims.")
    else:
        s.phase = "night"
