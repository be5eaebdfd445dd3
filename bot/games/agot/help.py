"""AGoT's help pages (``/game help`` in a game of A Game of Thrones, a DM's ``help``) and how to answer its
decisions that have no options (orders, marches, mustering, units to lose). Pure words (no discord import); each
page fits one message."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from bot.frontend.text import clip
from bot.games.agot.words import area_name

TOPICS: dict[str, tuple[str, str]] = {
    "overview": ("How a game of A Game of Thrones goes", """\
**A Game of Thrones: The Board Game, 2nd edition, with this bot as the game master.**
1. In a server channel: `/game create game:agot players:3..6` (4..8 on a Mother of Dragons map, `topic:mod`; \
the game's own settings: `topic:settings`), the others `/game join` (`seat:Stark` when houses are chosen), the \
creator `/game start`.
2. Every round: the Westeros phase (cards drawn by the bot), the Planning phase (everyone places orders in secret, \
then they are revealed together), the Action phase (raids, marches and combats, consolidating Power).
3. Your secret choices (orders, bids, House cards, the Raven) arrive **by DM** with buttons, or as text to reply. \
You may change an answer until everyone has answered. `/game act` shows your prompts in the channel, only to you.
4. The channel gets the public feed, the board after each reveal, each combat, and one status message edited in \
place. The game ends after round 10 or when a house holds 7 castles and strongholds; the standings follow.
**Its own commands**: `/agot card` (any card, area or Mother of Dragons term), `/agot hand` (every House card in \
hand and discarded), `/agot calc area:Moat Cailin from:Winterfell` (a private combat calculator, from what you \
may see).
More: `/game help topic:orders`, `choices`, `settings`, `mod`, `commands`, `deadlines`. In a DM, `help` shows how \
to answer the prompt that is open."""),
    "settings": ("A Game of Thrones' settings", """\
`/game create game:agot players:4 settings:houses:chosen tides:on` (suggestions as you type): key:value pairs, \
separated by spaces or commas, in any order.
`houses:random` (dealt at random, the default) or `houses:chosen` (each player chooses with `/game join seat:`).
`tides:off` (the default) or `tides:on`: the Tides of Battle cards.
`setup:base` (the base game's map, 3 to 6 players), `setup:7` or `setup:8`: Mother of Dragons' 7- or 8-house \
set-up (4 to 8 players; with fewer players than houses, the others are vassals). 7 or 8 players play the set-up \
of their count unless told.
`tiebreak:rb2` (the 2nd edition rulebook, the default) or `tiebreak:faq` (the FAQ ruling).
`orders:24`: hours to place orders (default 24); `/game create hours:` sets every other decision's."""),
    "orders": ("Orders and marches by DM", """\
**Orders** (Planning phase): pick an area and its order in the menus, then **Submit**; or reply to the prompt \
with one line, areas and orders separated by commas:
`Winterfell M+1, White Harbor D+1, The Shivering Sea S0`
Orders: `M-1` `M0` `M+1*` (March), `D+1` `D+2*` (Defense), `S0` `S+1*` (Support), `R` `R*` (Raid), `CP` `CP*` \
(Consolidate Power). A star is a special order; the prompt says how many you may place and lists your areas.
**A march** (Action phase), when the prompt asks which units go where:
`from Winterfell: knight, 2 footmen to Castle Black; ship to Bay of Ice + power`
`+ power` leaves a Power token in the area you leave empty; `from Winterfell: stay` moves nothing.
Units: footman, knight, siege engine, ship (plurals and numbers are fine)."""),
    "choices": ("Other choices", """\
**Buttons**: most choices (House cards, bids, Raven, support, retreats) are buttons in the prompt; press one. \
Long lists come as menus. By DM you may reply with an option's number instead; **a bid is written as its \
amount** (`3` bids 3 Power).
**Mustering**: `Winterfell: knight; White Harbor: ship to The Narrow Sea` or `Winterfell: upgrade knight` \
(a Footman becomes a Knight), or `none`.
**Units to lose** (supply, wildlings): `Winterfell: footman; The Shivering Sea: ship`.
**Use the default** plays the documented default answer (the same that a missed deadline plays).
Anything else may be answered as JSON, as documented in docs/decisions.md."""),
    "mod": ("Mother of Dragons (7 and 8 houses)", """\
**The set-ups**: `/game create game:agot players:4..8 settings:setup:7` (Arryn joins, The Bite and The Vale of \
Arryn on the map) or `setup:8` (Targaryen too, with Essos beside Westeros, Westeros deck IV, loyalty tokens, \
Dragons and the Iron Bank).
**Vassals**: the houses nobody holds. Each Planning phase the players claim them in Iron Throne order; your \
prompts for a vassal say "for vassal ..." and you answer them like your own (its 4 vassal orders, its combats with \
the vassals' shared deck). A vassal has no Power, no loan, and cannot win.
**The Iron Bank** (8 houses): an Iron Bank order in a sea area buys one of the three loans on offer (7, 4 or 1 \
Power) in the Consolidate Power step; each loan then costs 1 Power a round. Loans that mark the board (power or \
supply improvements, a castle raised or lowered) show beside the area's name on the board image.
**Targaryen** wins with 7 loyalty tokens taken (gold discs on the map), not by castles; its Dragons grow \
stronger by the round and fly when they march.
`/agot card` explains every new card, loan, area and term (`name:Iron Bank`, `vassal`, `loyalty`)."""),
}


def orders_help(decision: Mapping[str, Any]) -> str:
    info = decision["info"]
    areas = ", ".join(area_name(a) for a in info.get("areas", []))
    default = ", ".join(f"{area_name(a)} {t.rstrip('ab')}" for a, t in (decision.get("default") or {}).items())
    lines = [f"Place {info.get('must_place', '?')} orders on: {areas}.",
             f"Special orders (★) allowed: {info.get('special_limit', 0)}."]
    if info.get("restrictions"):
        lines.append("Forbidden this round: " + ", ".join(r.replace("-", " ") for r in info["restrictions"]) + ".")
    lines += ["Pick an area and its order below (as often as you like), then **Submit**; or reply here with one "
              "line, e.g. `Winterfell M+1, White Harbor D+1` "
              "(M-1, M0, M+1*, D+1, D+2*, S0, S+1*, R, R*, CP, CP*; a star is a special order).",
              f"Default (played if you do not answer): {default}."]
    return "\n".join(lines)


def march_help(decision: Mapping[str, Any]) -> str:
    orders = decision["info"].get("orders", {})
    lines = ["Your March orders:"]
    for source, spec in sorted(orders.items()):
        dest = sorted(set(spec.get("land_destinations", [])) | set(spec.get("ship_destinations", [])))
        lines.append(f"• **{area_name(source)}** ({', '.join(u.replace('_', ' ') for u in spec.get('units', []))})"
                     f" → {', '.join(area_name(d) for d in dest) or 'nowhere'}")
    lines.append("Reply with `from AREA: UNITS to AREA; UNITS to AREA` and `+ power` to leave a Power token, "
                 "e.g. `from Winterfell: knight, footman to Castle Black + power`. "
                 "`from Winterfell: stay` resolves the order without moving.")
    return "\n".join(lines)


def structured_help(decision: Mapping[str, Any]) -> str:
    kind = decision["kind"]
    if kind == "orders":
        return orders_help(decision)
    if kind == "march":
        return march_help(decision)
    info = decision["info"]
    if kind == "muster":
        castles = "; ".join(f"{area_name(a)} ({spec.get('points', '?')} points)"
                            for a, spec in sorted(info.get("areas", {}).items()))
        costs = ", ".join(f"{unit.replace('_', ' ')} {points}" for unit, points in (info.get("costs") or {}).items())
        how = (f"Muster in: {castles}. Points: {costs}. Reply e.g. `Winterfell: knight; White Harbor: ship to The "
               "Narrow Sea` or `Winterfell: upgrade knight` (a Footman becomes a Knight), or `none`.")
    elif kind in ("reconcile", "wildling_destroy"):
        count = info.get("must_destroy", info.get("count", "?"))
        how = f"Choose {count} unit(s) to destroy. Reply e.g. `Winterfell: footman; The Shivering Sea: ship`."
    else:
        how = "Reply with the answer as JSON (see docs/decisions.md)."
    return (f"{how}\nOr press **Use the default**: `" + clip(default_words(decision.get("default")), 300) + "`")


def default_words(value: Any) -> str:
    """A structured default in the words of the text forms (area names, unit names)."""
    if isinstance(value, list) and all(isinstance(v, list) and len(v) == 2 for v in value):
        return "; ".join(f"{area_name(a)}: {u.replace('_', ' ')}" for a, u in value) or "none"
    if isinstance(value, list) and all(isinstance(v, dict) for v in value):
        parts = [f"{area_name(v.get('area', '?'))}: " + (f"upgrade {v['upgrade']}" if "upgrade" in v else
                 f"{v.get('unit', '?')}" + (f" to {area_name(v['to'])}" if v.get("to") else "")) for v in value]
        return "; ".join(p.replace("_", " ") for p in parts) or "none"
    return json.dumps(value, ensure_ascii=False)


def help_topic(decision: Mapping[str, Any]) -> str:
    """The help page that explains this kind of prompt."""
    return "orders" if decision["kind"] in ("orders", "march") else "choices"
