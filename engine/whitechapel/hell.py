"""Set-up and the Hell part of a night (phases 1-9): hideout, women, the Head and his patrols, kill or wait, the
Wretched, the corpse and the alarm whistles. Checklist W1, W2, W5.1; optional rules O4, O5."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core import IllegalAnswer, answers
from engine.whitechapel.kinds import Ask, choose, circle, crossing, phase, posed, question, words
from engine.whitechapel.state import (
    COLOURS,
    DOUBLE_EVENT_NIGHT,
    FAKES,
    JACK,
    LAST_TIME,
    SPECIALS,
    TOKENS,
    WOMEN,
    State,
)

if TYPE_CHECKING:
    from engine.core import Decision
    from engine.whitechapel.game import Game

ROMAN = ("I", "II", "III", "IV", "V")
ADDRESS_TILES = ("brown", "red")  # O5: Swanson and Abberline


def crime_scenes(s: State) -> set[int]:
    return {c for night in s.crimes for c in night}


# --- set-up: the hideout (W1.2, O4) --------------------------------------------------------------

def hideout_refusal(game: Game, c: int) -> str | None:
    b = game.board
    if c in b.red:
        return f"Your hideout cannot be a red circle ({c} is red)."
    if game.state.settings.get("catch_me_if_you_can") and any(c in b.moves(r) for r in b.red):
        return f"Catch Me If You Can: your hideout cannot be next to a red circle ({c} is)."
    return None


def _hideouts(game: Game) -> list[int]:
    return [c for c in sorted(game.board.circles) if hideout_refusal(game, c) is None]


def _pose_hideout(game: Game, ask: Ask) -> Decision:
    allowed = _hideouts(game)
    return posed(ask, "Jack's hideout", "Choose your hideout in secret: any circle but a red one.",
                 default=allowed[0], secret=True, info={"circles": allowed})


def _answer_hideout(game: Game, ask: Ask, value: Any) -> None:
    c = circle(game.board, value, "Your hideout")
    refusal = hideout_refusal(game, c)
    if refusal:
        raise IllegalAnswer(refusal)
    game.state.hideout = c
    game.tell(JACK, "hideout_chosen", f"Your hideout is circle {c}.", circle=c)
    game.say("hideout_chosen", "Jack has chosen his hideout in secret.")
    game.state.phase = "night"


phase("hideout")(lambda game: game.ask("hideout", JACK))
question("hideout", _pose_hideout, _answer_hideout)


@phase("night")
def _night(game: Game) -> None:
    """W1.4, W2.1: a new night and its special tokens."""
    s = game.state
    s.night += 1
    s.coaches, s.alleys = SPECIALS[s.night]
    s.crimes.append([])
    s.paths.append([])
    s.specials.append([])
    s.time = 0
    game.say("night_start", f"Night {s.night} begins. Jack holds {s.coaches} Coach and {s.alleys} Alley tokens.",
             night=s.night, coaches=s.coaches, alleys=s.alleys)
    s.phase = "women"


# --- phase 2: the women (W2.2, W2.3) ------------------------------------------------------------

def free_red(s: State, red: frozenset[int]) -> list[int]:
    return sorted(red - crime_scenes(s))


def _pose_women(game: Game, ask: Ask) -> Decision:
    s = game.state
    count, marked = WOMEN[s.night]
    free = free_red(s, game.board.red)
    return posed(ask, "Jack places the women",
                 f"Place {count} women face down on red circles and say which {marked} are marked "
                 "(your targets).", default={"women": free[:count], "marked": free[:marked]}, secret=True,
                 info={"free": free, "women": count, "marked": marked})


def _answer_women(game: Game, ask: Ask, value: Any) -> None:
    s, b = game.state, game.board
    count, marked_count = WOMEN[s.night]
    value = answers.mapping(value, "The women")
    answers.keys(value, ("marked",), ("women",), "The women")
    free = free_red(s, b.red)
    if "women" in value:
        women = [circle(b, v, "A woman's place") for v in answers.listing(value["women"], "The women")]
    elif len(free) == count:
        women = free
    else:
        raise IllegalAnswer(f"Name the {count} red circles for the women ('women'): {words(free)}.")
    for c in women:
        if c not in b.red:
            raise IllegalAnswer(f"Women go on red circles only: {c} is not red.")
        if c not in free:
            raise IllegalAnswer(f"No woman may stand on a crime scene: {c} holds one.")
    if len(set(women)) != count:
        raise IllegalAnswer(f"Place exactly {count} women on {count} different red circles.")
    marked = [circle(b, v, "A marked woman") for v in answers.listing(value["marked"], "The marked women")]
    if len(set(marked)) != marked_count:
        raise IllegalAnswer(f"Mark exactly {marked_count} different women tonight.")
    stray = [c for c in marked if c not in women]
    if stray:
        raise IllegalAnswer(f"No woman stands on {stray[0]}: mark women among your {count}.")
    s.women, s.marked = sorted(women), sorted(marked)
    game.tell(JACK, "women_marked", f"Your targets tonight: {words(s.marked)}.", circles=s.marked)
    game.say("women_placed", f"Jack placed {count} women face down on {words(s.women)}.", circles=s.women)
    s.phase = "head"


phase("women")(lambda game: game.ask("women", JACK))
question("women", _pose_women, _answer_women)


# --- phase 3: the Head of the Investigation and the patrols (W2.4-W2.6, O5) -----------------------

@phase("head")
def _head(game: Game) -> None:
    s = game.state
    colour = s.head_colour()
    game.say("head_revealed", f"The {colour} tile is turned over: {s.head().replace('_', ' ')} leads the "
             f"investigation tonight.", colour=colour, player=s.head())
    address = s.settings.get("i_know_your_address") and colour in ADDRESS_TILES and not s.address_used
    s.phase = "address" if address else "patrols"


def _pose_address(game: Game, ask: Ask) -> Decision:
    return posed(ask, "I Know Your Address", "Once a game: name any circle; if it is Jack's hideout, the "
                 "detectives win. Answer a circle, or 'none' to keep the chance.", default="none")


def _answer_address(game: Game, ask: Ask, value: Any) -> None:
    s = game.state
    s.phase = "patrols"
    if isinstance(value, str) and value.strip().lower() == "none":
        return
    c = circle(game.board, value, "The address")
    s.address_used = True
    game.say("address_named", f"The Head names circle {c} as Jack's address.", circle=c)
    if c == s.hideout:
        game.finish("detectives", f"Jack's hideout was found at {c}.")
    else:
        game.say("address_wrong", f"Jack does not live at {c}.", circle=c)


phase("address")(lambda game: game.ask("address", game.state.head()))
question("address", _pose_address, _answer_address)


def patrol_places(game: Game) -> tuple[list[str], list[str]]:
    """The crossings that must get a token and the yellow crossings two tokens may take (W2.5, W2.6)."""
    s, yellow = game.state, game.board.yellow
    if s.night == 1:
        return sorted(yellow), []
    held = sorted(set(s.policemen.values()))
    return held, sorted(yellow - set(held))


def _pose_patrols(game: Game, ask: Ask) -> Decision:
    must, free = patrol_places(game)
    places = must + free[: len(TOKENS) - len(must)]
    return posed(ask, "The Head places the patrols",
                 "Put the seven patrol tokens (the five colours and two fakes) face down: map each token to a "
                 "crossing." + (" Five go where the policemen stand, two on free yellow crossings."
                                if free else ""),
                 default=dict(zip(TOKENS, places)), secret=True,
                 info={"tokens": list(TOKENS), "must": must, "yellow": free})


def _answer_patrols(game: Game, ask: Ask, value: Any) -> None:
    s, b = game.state, game.board
    value = answers.mapping(value, "The patrols")
    answers.keys(value, TOKENS, (), "The patrols")
    placed = {token: crossing(b, value[token]) for token in TOKENS}
    if len(set(placed.values())) != len(TOKENS):
        raise IllegalAnswer("Each patrol token needs its own crossing.")
    must, free = patrol_places(game)
    for token, where in placed.items():
        if where not in must and where not in free:
            raise IllegalAnswer(f"{where} is not a place for a patrol tonight ({token.replace('_', ' ')}): "
                                f"{words(must + free)}.")
    empty = [c for c in must if c not in placed.values()]
    if empty:
        raise IllegalAnswer(f"A token must go on {empty[0]}, where a policeman ended the last night.")
    s.patrols = {where: token for token, where in placed.items()}
    s.revealed, s.policemen = [], {}
    game.tell(s.head(), "patrols_identities", "Your patrols: " + ", ".join(
        f"{t.replace('_', ' ')} on {placed[t]}" for t in TOKENS) + ".", patrols=dict(placed))
    spots = sorted(placed.values())
    game.say("patrols_placed", f"The Head placed seven patrol tokens face down on {words(spots)}.",
             crossings=spots)
    s.phase = "victims"


phase("patrols")(lambda game: game.ask("patrols", game.state.head()))
question("patrols", _pose_patrols, _answer_patrols)


# --- phases 4-7: victims, kill or wait, suspense, ready to kill (W2.7-W2.11, W5.1) ---------------

@phase("victims")
def _victims(game: Game) -> None:
    s = game.state
    unmarked = [c for c in s.women if c not in s.marked]
    s.wretched, s.women, s.marked, s.time = list(s.marked), [], [], 1
    game.say("women_revealed", f"The women are turned up: wretched at {words(s.wretched)}; the others "
             f"({words(unmarked)}) leave. The Time of the Crime is I.", wretched=s.wretched,
             unmarked=unmarked, time=1)
    s.phase = "kill"


def _pose_kill(game: Game, ask: Ask) -> Decision:
    s = game.state
    options: list[Any] = list(s.wretched) + (["wait"] if s.time < LAST_TIME else [])
    double = " (the first of two victims tonight)" if s.night == DOUBLE_EVENT_NIGHT else ""
    return posed(ask, "Jack: kill or wait", f"Time {ROMAN[s.time - 1]}: kill a wretched{double}, or wait.",
                 options, default=options[-1], labels={"wait": "Wait"})


def _answer_kill(game: Game, ask: Ask, value: Any) -> None:
    s = game.state
    options = _pose_kill(game, ask).options or []
    if "wait" not in options and isinstance(value, str) and value.strip().lower() == "wait":
        raise IllegalAnswer("At V Jack must kill: he can wait no longer.")
    choice = choose(game.board, options, value)
    if choice == "wait":
        game.say("jack_waits", "Jack waits.", time=s.time)
        s.phase = "suspense"
        return
    _kill(game, choice)
    if s.night == DOUBLE_EVENT_NIGHT:
        game.ask("second_victim", JACK)
    else:
        s.phase = "corpse"


def _kill(game: Game, victim: int) -> None:
    s = game.state
    s.wretched.remove(victim)
    s.crimes[-1].append(victim)
    game.say("murder", f"A corpse lies at {victim}: a crime scene at time {ROMAN[s.time - 1]}.", circle=victim,
             time=s.time)


def _pose_second(game: Game, ask: Ask) -> Decision:
    return posed(ask, "Jack: the second victim", "The Double Event: choose the second victim.",
                 list(game.state.wretched))


def _answer_second(game: Game, ask: Ask, value: Any) -> None:
    _kill(game, choose(game.board, list(game.state.wretched), value))
    game.ask("double_order", JACK)


def _pose_order(game: Game, ask: Ask) -> Decision:
    return posed(ask, "Jack: the order of the crimes", "Which crime scene did you reach last? You leave from it.",
                 sorted(game.state.crimes[-1]), secret=True)


def _answer_order(game: Game, ask: Ask, value: Any) -> None:
    s = game.state
    last = choose(game.board, sorted(s.crimes[-1]), value)
    first = next(c for c in s.crimes[-1] if c != last)
    s.paths[-1] = [first, last]
    game.tell(JACK, "double_order", f"You killed at {first}, then at {last}: you leave from {last}.",
              first=first, last=last)
    s.phase = "corpse"


@phase("suspense")
def _suspense(game: Game) -> None:
    s = game.state
    s.time += 1
    s.turn = {"wretched": sorted(s.wretched)}
    game.say("time_advances", f"Suspense grows: the Time of the Crime moves to {ROMAN[s.time - 1]}.", time=s.time)
    s.phase = "wretched"


def wretched_moves(game: Game, c: int) -> list[int]:
    """W2.10: a free circle next door, reached without crossing a patrol, not next to one, not a crime scene."""
    s, b = game.state, game.board
    patrols = list(s.patrols)
    watched = {x for p in patrols for x in b.circles_at(p)}
    barred = set(s.wretched) | crime_scenes(s) | watched
    return sorted(x for x in b.free_moves(c, patrols) if x not in barred)


@phase("wretched")
def _wretched(game: Game) -> None:
    s = game.state
    queue: list[int] = s.turn["wretched"]
    if not queue:
        s.turn, s.phase = {}, "ready"
        return
    if wretched_moves(game, queue[0]):
        game.ask("wretched", s.head(), circle=queue[0])
        return
    game.say("wretched_stays", f"The wretched at {queue[0]} has nowhere to go and stays.", circle=queue[0])
    queue.pop(0)


def _pose_wretched(game: Game, ask: Ask) -> Decision:
    return posed(ask, f"The wretched at {ask['circle']}", f"Move the wretched at {ask['circle']}.",
                 wretched_moves(game, ask["circle"]))


def _answer_wretched(game: Game, ask: Ask, value: Any) -> None:
    s, start = game.state, ask["circle"]
    to = choose(game.board, wretched_moves(game, start), value,
                lambda v: f"A wretched moves one street from {start}, never next to or across a patrol, never "
                          "onto a crime scene or another wretched.")
    s.wretched[s.wretched.index(start)] = to
    s.turn["wretched"].pop(0)
    game.say("wretched_moved", f"The wretched at {start} moves to {to}.", start=start, to=to)


def _pose_reveal(game: Game, ask: Ask) -> Decision:
    hidden = sorted(c for c in game.state.patrols if c not in game.state.revealed)
    return posed(ask, "Jack reveals a patrol", "Turn over one face-down patrol token.", hidden)


def _answer_reveal(game: Game, ask: Ask, value: Any) -> None:
    s = game.state
    where = choose(game.board, _pose_reveal(game, ask).options or [], value)
    token = s.patrols[where]
    if token in FAKES:
        del s.patrols[where]
        game.say("patrol_revealed", f"The patrol on {where} is a fake and leaves the board.", crossing=where,
                 token="fake")
    else:
        s.revealed.append(where)
        game.say("patrol_revealed", f"The patrol on {where} is the {token} policeman.", crossing=where, token=token)
    s.phase = "kill"


phase("kill")(lambda game: game.ask("kill", JACK))
phase("ready")(lambda game: game.ask("reveal_patrol", JACK))
question("kill", _pose_kill, _answer_kill)
question("second_victim", _pose_second, _answer_second)
question("double_order", _pose_order, _answer_order)
question("wretched", _pose_wretched, _answer_wretched)
question("reveal_patrol", _pose_reveal, _answer_reveal)


# --- phases 8-9: the corpse and the alarm whistles (W2.12, W2.13) ---------------------------------

@phase("corpse")
def _corpse(game: Game) -> None:
    s = game.state
    if not s.paths[-1]:
        s.paths[-1] = list(s.crimes[-1])
    game.tell(JACK, "row_started", f"Night {s.night}: your row starts at square {s.time} with "
              f"{words(s.paths[-1])}.", path=list(s.paths[-1]))
    game.say("jack_pawn", f"Jack's pawn goes on square {s.square()} of the move track.", square=s.square())
    s.phase = "alarm"


@phase("alarm")
def _alarm(game: Game) -> None:
    s = game.state
    tokens = dict(s.patrols)
    s.policemen = {token: where for where, token in tokens.items() if token in COLOURS}
    s.patrols, s.revealed, s.wretched = {}, [], []
    game.say("alarm_whistles", "Alarm whistles! Policemen: " + ", ".join(
        f"{c} on {s.policemen[c]}" for c in COLOURS) + "; the wretched leave.",
             policemen=dict(s.policemen), tokens=tokens)
    s.phase = "police" if s.night == DOUBLE_EVENT_NIGHT else "jack"
