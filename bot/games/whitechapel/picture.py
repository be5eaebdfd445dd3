"""What one Whitechapel board image shows (``Picture``), and how it is read from an engine view (``picture_of``).

The renderer draws a ``Picture`` only, never a view: what a picture holds is what its viewer may see. A public
view gives no hideout, no paths and no marked women until the game is over; Jack's view adds them; the Head of
the investigation's view adds which patrol token lies face down where.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

COLOURS = ("blue", "yellow", "brown", "red", "green")  # the five policemen, in the board's order
NIGHTS = 4
LAST_SQUARE = 15  # the move track: I, II, III, IV, V (the Time of the Crime), then 6 .. 15
TIMES = 5
Special = Literal["coach", "alley"]


@dataclass(frozen=True)
class Patrol:
    """A patrol token on a crossing: ``face`` is a colour, ``"fake"``, or ``None`` while face down to everyone
    but the Head; ``known`` is what the Head alone sees under a face-down token."""

    crossing: str
    face: str | None = None
    known: str | None = None


@dataclass(frozen=True)
class Path:
    """Jack's row for one night: the circles from the crime scene on, in order. ``first_square`` is the move
    track square of the crime (tonight's Time of the Crime) when known, so labels match the track."""

    night: int
    circles: tuple[int, ...]
    first_square: int | None = None

    def labels(self) -> dict[int, str]:
        """Each circle's move numbers after the crime scene (a circle passed twice shows both): track squares
        when the night's time is known, else 1, 2, ..."""
        start = self.first_square or 0
        numbers: dict[int, list[str]] = {}
        for i, circle in enumerate(self.circles[1:], start=1):
            numbers.setdefault(circle, []).append(str(start + i))
        return {c: ",".join(n) for c, n in numbers.items()}


@dataclass(frozen=True)
class Picture:
    """The facts one image shows. Circles are numbers, crossings grid names ("F7", "F7b")."""

    night: int  # 1-4; 0 before the first night
    header: str  # whose eyes: "Public board", "Jack's eyes only", ...
    secret: bool = False  # a private image (drawn with a warning band)
    head: str | None = None  # the colour of the Head of the investigation tonight
    head_player: str = ""
    status: str = ""  # who must act now, or how the game ended
    policemen: Mapping[str, str] = field(default_factory=dict)  # colour -> crossing
    patrols: tuple[Patrol, ...] = ()
    women: tuple[int, ...] = ()  # face down
    marked: tuple[int, ...] = ()  # Jack's targets (his image only)
    wretched: tuple[int, ...] = ()
    crime_scenes: tuple[tuple[int, int], ...] = ()  # (circle, night)
    clues: tuple[int, ...] = ()
    false_clues: tuple[int, ...] = ()
    searched: tuple[int, ...] = ()  # tonight's circles searched without finding a clue
    time_of_the_crime: int | None = None  # 1-5 (I-V)
    square: int | None = None  # the move track square of Jack's last move tonight
    specials: Mapping[int, Special] = field(default_factory=dict)  # square -> the token spent on it
    coaches_left: int = 0
    alleys_left: int = 0
    false_clues_in_hand: int = 0
    paths: tuple[Path, ...] = ()
    hideout: int | None = None


def picture_of(view: Mapping[str, Any], names: Mapping[str, str] | None = None) -> Picture:
    """The picture of ``engine.whitechapel`` view ``view`` (``Game.view(player)`` or ``Game.view(None)``).

    ``names`` maps seats ("detective_1") to the names shown; seats are shown as words otherwise. Only what the
    view holds is drawn: the hideout and the paths come from the private part (Jack) or, once the game is over,
    from the public part."""
    public = view["public"]
    private = view.get("private", {})
    night = int(public["night"])
    paths_raw = private.get("paths", public.get("paths")) or []
    track = public["track"]
    paths = tuple(Path(n, tuple(p), track["time_of_the_crime"] if n == night and not public["winner"] else None)
                  for n, p in enumerate(paths_raw, start=1) if p)
    known = private.get("patrols", {})
    patrols = tuple(Patrol(p["crossing"], _face(p["token"]), None if p["token"] else _face(known.get(p["crossing"])))
                    for p in public["patrols"])
    head = public.get("head") or {}
    shown = _namer(names)
    return Picture(
        night=night,
        header=_header(public, private),
        secret=bool(set(private) - {"decisions"}) and not public["winner"],
        head=head.get("colour"),
        head_player=shown(head["player"]) if head else "",
        status=_status(public, shown),
        policemen=dict(public["policemen"]),
        patrols=patrols,
        women=tuple(public["women"]),
        marked=tuple(private.get("marked", ())),
        wretched=tuple(public["wretched"]),
        crime_scenes=tuple((c, n) for n, scenes in enumerate(public["crime_scenes"], start=1) for c in scenes),
        clues=tuple(public["clues"]),
        false_clues=tuple(public["false_clues"]),
        searched=tuple(sorted(set(public.get("searched", ())))),
        time_of_the_crime=track["time_of_the_crime"],
        square=track["square"],
        specials={int(k): v for k, v in track["specials"].items()},
        coaches_left=track["coaches_left"],
        alleys_left=track["alleys_left"],
        false_clues_in_hand=track["false_clues_in_hand"],
        paths=paths,
        hideout=private.get("hideout", public.get("hideout")),
    )


def _face(token: str | None) -> str | None:
    """A colour, or "fake" for either fake token."""
    return None if token is None else "fake" if token.startswith("fake") else token


def _namer(names: Mapping[str, str] | None) -> Callable[[str], str]:
    def shown(seat: str) -> str:
        if names and seat in names:
            return names[seat]
        return "Jack" if seat == "jack" else seat.replace("_", " ").capitalize()
    return shown


def _header(public: Mapping[str, Any], private: Mapping[str, Any]) -> str:
    if public["winner"]:
        return "Public board: the game is over, Jack's rows revealed"
    if "hideout" in private:
        return "Jack's eyes only"
    if "patrols" in private:
        return "The Head's eyes only: the patrols face down"
    return "Public board"


def _status(public: Mapping[str, Any], shown: Callable[[str], str]) -> str:
    if public["winner"]:
        return str(public["reason"])
    waiting = public.get("waiting") or []
    return "; ".join(f"{w['label']} ({shown(w['player'])})" for w in waiting)
