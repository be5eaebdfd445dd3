"""What one Monopoly board image shows (``Picture``), read from the public part of an engine view (``picture_of``).

The renderer draws a ``Picture`` only, never a view, and a picture is made from ``view["public"]`` alone: every
image is fit for every player. A view of the wrong shape raises ``ValueError`` with a one-line reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.games.monopoly.base import board_data

TOKENS = ("car", "dog", "hat", "ship", "boot", "iron", "thimble", "wheelbarrow")  # seat order
SPEED_FACES = ("1", "2", "3", "bus", "mr_monopoly")
MAX_HOUSES = 4


@dataclass(frozen=True)
class Player:
    token: str  # one of TOKENS
    name: str
    cash: int
    position: int  # 0..39
    in_jail: bool = False
    bankrupt: bool = False
    jail_cards: int = 0
    worth: int | None = None  # None when the view does not say


@dataclass(frozen=True)
class Deed:
    """An owned deed (unowned deeds are not listed)."""

    space: int
    owner: str
    houses: int = 0
    hotel: bool = False
    mortgaged: bool = False


@dataclass(frozen=True)
class Dice:
    player: str
    white: tuple[int, int]
    speed: str | None = None  # one of SPEED_FACES, or None without the Speed Die


@dataclass(frozen=True)
class Picture:
    round: int
    turn: str | None = None
    players: tuple[Player, ...] = ()
    deeds: tuple[Deed, ...] = ()
    bank_houses: int = 0
    bank_hotels: int = 0
    dice: Dice | None = None
    status: str = ""  # who must act now, or how the game ended
    auction: str = ""  # the auction under way, in words
    auction_space: int | None = None  # the deed it sells

    def player(self, token: str) -> Player:
        for p in self.players:
            if p.token == token:
                return p
        raise ValueError(f"no player {token!r} in this game")


def picture_of(view: Mapping[str, Any], names: Mapping[str, str] | None = None) -> Picture:
    """The picture of a Monopoly view (public or private: only ``view["public"]`` is read). ``names`` maps tokens
    to the names shown (the players' own names); the view's names (the tokens') are shown otherwise."""
    public = _get(view, "public", Mapping, "the view")
    players = tuple(_player(p, names or {}) for p in _get(public, "players", list, "public"))
    tokens = [p.token for p in players]
    if len(set(tokens)) != len(tokens):
        raise ValueError("a player is listed twice in public.players")
    deeds = tuple(d for d in (_deed(s, tokens) for s in _get(public, "spaces", list, "public")) if d is not None)
    if len({d.space for d in deeds}) != len(deeds):
        raise ValueError("a space is listed twice in public.spaces")
    bank = _get(public, "bank", Mapping, "public")
    turn = public.get("turn")
    if turn is not None and turn not in tokens:
        raise ValueError(f"public.turn {turn!r} is not a player")
    raw_dice = public.get("dice")
    shown = {p.token: p.name for p in players}
    auction_space, auction = _auction(public.get("auction"), shown)
    return Picture(
        round=_int(public, "round", "public", 0),
        turn=turn,
        players=players,
        deeds=tuple(sorted(deeds, key=lambda d: d.space)),
        bank_houses=_int(bank, "houses", "public.bank", 0),
        bank_hotels=_int(bank, "hotels", "public.bank", 0),
        dice=None if raw_dice is None else _dice(raw_dice, tokens),
        status=_status(public, shown),
        auction=auction,
        auction_space=auction_space,
    )


def _player(raw: Any, names: Mapping[str, str]) -> Player:
    where = "a player"
    if not isinstance(raw, Mapping):
        raise ValueError(f"{where} is not a mapping")
    token = raw.get("player")
    if token not in TOKENS:
        raise ValueError(f"unknown player token {token!r} (expected one of {', '.join(TOKENS)})")
    where = f"player {token}"
    name = names.get(token, raw.get("name", token))
    worth = raw.get("worth")
    if not isinstance(name, str):
        raise ValueError(f"{where}: name is not text")
    return Player(token, name, _int(raw, "cash", where, None), _int(raw, "position", where, 0, 39),
                  _bool(raw, "in_jail", where), _bool(raw, "bankrupt", where),
                  _int(raw, "jail_cards", where, 0, 2) if "jail_cards" in raw else 0,
                  None if worth is None else _int(raw, "worth", where, None))


def _deed(raw: Any, tokens: list[str]) -> Deed | None:
    if not isinstance(raw, Mapping):
        raise ValueError("a space in public.spaces is not a mapping")
    space = _int(raw, "space", "a space", 0, 39)
    kind = board_data().spaces[space].kind
    where = f"space {space}"
    if kind not in ("street", "railroad", "utility"):
        raise ValueError(f"{where} is not a deed")
    owner = raw.get("owner")
    houses = _int(raw, "houses", where, 0, MAX_HOUSES) if "houses" in raw else 0
    hotel, mortgaged = _bool(raw, "hotel", where), _bool(raw, "mortgaged", where)
    if (houses or hotel) and kind != "street":
        raise ValueError(f"{where}: only streets carry houses or hotels")
    if (houses or hotel) and mortgaged:
        raise ValueError(f"{where}: a mortgaged deed cannot carry buildings")
    if owner is None:
        if houses or hotel or mortgaged:
            raise ValueError(f"{where}: unowned yet built or mortgaged")
        return None
    if owner not in tokens:
        raise ValueError(f"{where}: owner {owner!r} is not a player")
    return Deed(space, owner, houses, hotel, mortgaged)


def _dice(raw: Any, tokens: list[str]) -> Dice:
    if not isinstance(raw, Mapping):
        raise ValueError("public.dice is not a mapping")
    white = raw.get("white")
    if (not isinstance(white, list | tuple) or len(white) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6 for v in white)):
        raise ValueError(f"public.dice.white must be two numbers 1-6, not {white!r}")
    speed = raw.get("speed")
    if speed is not None and speed not in SPEED_FACES:
        raise ValueError(f"public.dice.speed {speed!r} is not a Speed Die face")
    player = raw.get("player")
    if player not in tokens:
        raise ValueError(f"public.dice.player {player!r} is not a player")
    return Dice(player, (white[0], white[1]), speed)


def _auction(raw: Any, names: Mapping[str, str]) -> tuple[int | None, str]:
    """The auctioned deed (None for buildings) and a line: what is sold, how, and how far it got."""
    if raw is None:
        return None, ""
    if not isinstance(raw, Mapping):
        raise ValueError("public.auction is not a mapping")
    space = _int(raw, "space", "public.auction", 0, 39) if "space" in raw else None
    lot = board_data().spaces[space].label if space is not None else str(raw.get("building", "a building"))
    kind = raw.get("kind")
    line = f"Auction of {lot} ({kind} bids)"
    high = raw.get("high")
    if isinstance(high, Mapping):
        line += f": ${high.get('amount')} by {names.get(str(high.get('player')), high.get('player'))}"
    elif kind == "sealed":
        line += f": {len(raw.get('answered') or [])} of {len(raw.get('bidders') or [])} have bid"
    return space, line


def _status(public: Mapping[str, Any], names: Mapping[str, str]) -> str:
    first = [str(st.get("player")) for st in public.get("standings") or [] if isinstance(st, Mapping)
             and st.get("place") == 1]
    if first:  # the game is over: its winner, or the players sharing the win
        reason = public.get("reason") or ""
        won = " and ".join(names.get(p, p) for p in first) + (" win" if len(first) > 1 else " wins")
        return won + (f": {reason}" if reason else "")
    who: dict[str, list[str]] = {}  # label -> the players it waits for, in order
    for w in public.get("waiting") or []:
        if isinstance(w, Mapping):
            who.setdefault(str(w.get("label", w.get("kind"))), []).append(names.get(str(w.get("player")),
                                                                                      str(w.get("player"))))
    return "; ".join(label if len(them) == 1 and them[0] in label else f"{', '.join(them)}: {label}"
                     for label, them in who.items())


def _get(raw: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    if not isinstance(raw, Mapping):
        raise ValueError(f"{where} is not a mapping")
    value = raw.get(key)
    if not isinstance(value, kind):
        raise ValueError(f"{where}.{key} is missing or not a {kind.__name__.lower()}")
    return value


def _int(raw: Mapping[str, Any], key: str, where: str, low: int | None, high: int | None = None) -> int:
    value = raw.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{where}: {key} is missing or not a whole number")
    if (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(f"{where}: {key} {value} is out of range")
    return value


def _bool(raw: Mapping[str, Any], key: str, where: str) -> bool:
    value = raw.get(key, False)
    if not isinstance(value, bool):
        raise ValueError(f"{where}: {key} is not true or false")
    return value
