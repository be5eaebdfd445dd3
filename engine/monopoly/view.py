"""What one player (or the public) may see, built field by field from this whitelist.

PUBLIC (everyone): the round, whose turn and the phase; the settings; every player's cash, space, Jail (and the
throws missed there), whether the Speed Die is theirs, how many Get Out of Jail Free cards they hold, bankruptcy,
net worth and how many trade offers they have made; every deed's owner, buildings and mortgage; the houses and
hotels left in the bank; the last throw; the auction under way (the deed, its kind, the bidders, who has bid: a
sealed auction shows no amount before the reveal, an open one its high bid); the trade offers waiting; who must
decide what now (player, kind and label); the winner, the reason and the standings.
A PLAYER (adds): their own open decisions and, in a sealed auction, their own bid.
HIDDEN (nobody): the order of both decks, the sealed bids of others before the reveal, the RNG, the raw state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.monopoly.state import HOTEL, NAMES

if TYPE_CHECKING:
    from engine.monopoly.game import Game


def build_view(game: Game, player: str | None) -> dict[str, Any]:
    s, b = game.state, game.board
    public: dict[str, Any] = {
        "board": "monopoly",
        "round": s.round,
        "turn": None if game.over else s.turn,
        "phase": phase(game),
        "settings": {k: s.settings.get(k) for k in ("speed_die", "auction", "rounds")},
        "players": [{
            "player": p, "name": NAMES[p], "cash": s.cash.get(p, 0), "position": s.position.get(p, 0),
            "in_jail": p in s.jailed, "jail_turns": s.jailed.get(p, 0), "speed_die": p in s.speed,
            "jail_cards": len(s.jail_cards.get(p, [])), "bankrupt": p in s.out, "worth": s.net_worth(b, p),
            "offers": s.offers.get(p, 0),
        } for p in s.players],
        "spaces": [{"space": d, "owner": s.owner_of(d), "houses": s.buildings(d) % HOTEL,
                    "hotel": s.buildings(d) == HOTEL, "mortgaged": d in s.mortgaged} for d in b.deeds],
        "bank": {"houses": s.bank_houses(b), "hotels": s.bank_hotels(b)},
        "dice": None if s.dice is None else {"player": s.dice["player"], "white": list(s.dice["white"]),
                                             "speed": s.dice["speed"]},
        "auction": auction(game),
        "trades": [{k: t[k] for k in ("id", "from", "to", "give", "take")} for t in s.trades],
        "waiting": [{"player": d.player, "kind": d.kind, "label": d.label} for d in game.open_decisions()],
        "winner": s.winner,
        "reason": s.reason,
        "standings": [st.to_dict() for st in game.standings()],
    }
    if player is None:
        return {"public": public}
    private: dict[str, Any] = {"decisions": [d.to_dict() for d in game.open_decisions(player=player)]}
    if s.auction is not None and s.auction["kind"] == "sealed":
        private["my_bid"] = s.auction["bids"].get(player)
    return {"public": public, "private": private}


def auction(game: Game) -> dict[str, Any] | None:
    """The auction under way: the lot, the kind, the bidders and who has bid; the high bid of an open auction (a
    sealed auction's amounts stay with their bidders until the public ``bids`` event)."""
    a = game.state.auction
    if a is None:
        return None
    shown: dict[str, Any] = {"space": a.get("space"), "building": a.get("building"), "kind": a["kind"],
                             "bidders": list(a["bidders"]), "answered": list(a["answered"])}
    if a["kind"] == "open":
        shown["high"] = a["high"]
    return shown


def phase(game: Game) -> str:
    """What the game waits for: the kind of the open main question ("turn", "buy", "bid" ...), or "over"."""
    if game.over:
        return "over"
    held = sorted(game.blocking(), key=lambda a: int(a["id"]))
    return str(held[0]["kind"]) if held else "setup"
