"""Words for Discord: prompts, feed posts, status lines and look-ups, built from what the service hands out.

Pure functions over decision dicts, event dicts, views and static board data (no discord import), so they are
tested on their own. Everything here is shown to exactly the audience the service addressed it to.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from bot.service.feed import names

LIMIT = 2000  # characters in one Discord message
BUTTONS_MAX = 20  # options shown as buttons (4 rows of 5); more go to select menus
HOUSE_ICONS = {"stark": "🐺", "lannister": "🦁", "baratheon": "🦌", "greyjoy": "🦑", "tyrell": "🌹", "martell": "☀️"}


def house_name(house: str | None) -> str:
    return names().houses[house]["name"] if house in names().houses else (house or "?")


def house_id(words: str) -> str | None:
    """The house ``words`` names, in any case, with or without "House" (``Stark``, ``house stark``), or None."""
    key = " ".join(words.lower().split()).removeprefix("house ").strip()
    return next((hid for hid, h in names().houses.items() if key in (hid, h["name"].lower())), None)


def area_name(area: str) -> str:
    return names().areas[area].name if area in names().areas else area


def stamp(iso: str | None, style: str = "R") -> str:
    """A Discord timestamp (each reader sees it in their own time zone), or "" for none."""
    if not iso:
        return ""
    return f"<t:{int(datetime.fromisoformat(iso).timestamp())}:{style}>"


def parse_hours(words: str) -> list[int]:
    """``"23-7"`` -> ``[23, 7]`` (two different whole hours), or ValueError."""
    parts = words.replace(" ", "").split("-")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise ValueError(words)
    start, end = int(parts[0]), int(parts[1])
    if not (0 <= start <= 23 and 0 <= end <= 23) or start == end:
        raise ValueError(words)
    return [start, end]


def shape_words(settings: dict[str, Any]) -> str:
    """The deadline shape, the Mother of Dragons set-up and faceless settings, as ", quiet hours 23:00-7:00 UTC,
    ..." (empty when all off)."""
    out = ""
    quiet = settings.get("quiet_hours")
    if quiet:
        out += f", quiet hours {quiet[0]}:00-{quiet[1]}:00 UTC"
    if settings.get("weekend_hours"):
        out += f", +{settings['weekend_hours']} h over a weekend"
        out += f" (Saturday and Sunday in {settings['zone']})" if settings.get("zone") else ""
    if settings.get("setup"):
        out += f", Mother of Dragons {settings['setup']}-house set-up"
        if settings.get("vassals"):
            out += f" (vassals: {', '.join(house_name(h) for h in settings['vassals'])})"
    if settings.get("faceless"):
        out += ", faceless (houses only until the end)"
    return out


def clip(text: str, limit: int = LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def chunks(lines: list[str], limit: int = LIMIT) -> list[str]:
    """Lines packed into as few messages as fit Discord's limit (an over-long line is cut)."""
    out: list[str] = []
    current = ""
    for line in (clip(line, limit) for line in lines):
        if current and len(current) + 1 + len(line) > limit:
            out.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        out.append(current)
    return out


# --- prompts -------------------------------------------------------------------------------------------------

def prompt_header(game_id: int, decision: dict[str, Any], deadline: str | None) -> str:
    house = decision["player"]
    label = decision.get("label") or decision["kind"]
    vassal = (decision.get("info") or {}).get("vassal")
    if vassal:  # Mother of Dragons: the commander answers for a vassal
        label = f"{label} for vassal {house_name(vassal)}"
    lines = [f"**Game #{game_id} · {HOUSE_ICONS.get(house, '')} {house_name(house)}: {label}**",
             decision.get("prompt") or ""]
    if decision.get("submitted"):
        lines.append("✅ Answered. You may still change it until everyone has answered.")
    if deadline:
        lines.append(f"⏳ Expires {stamp(deadline)} (then the default is played for you).")
    return "\n".join(line for line in lines if line)


def choice_lines(decision: dict[str, Any]) -> list[str]:
    """One numbered line per option, with its description (the buttons carry short labels only)."""
    out = []
    amounts = all(isinstance(c["value"], int) and not isinstance(c["value"], bool) for c in choices(decision))
    for i, choice in enumerate(choices(decision), start=1):
        if amounts:  # a bid: the amount is what one writes (answers.numeric)
            out.append(f"`{choice['value']}` {choice.get('description') or choice['label']}")
            continue
        desc = f" — {choice['description']}" if choice.get("description") else ""
        out.append(f"`{i}` {choice['label']}{desc}")
    return out


def choices(decision: dict[str, Any]) -> list[dict[str, Any]]:
    """The decision's choices, or plain labels made from its options when it has none."""
    if decision.get("choices"):
        return list(decision["choices"])
    return [{"value": o, "label": str(o), "description": ""} for o in decision.get("options") or []]


def orders_help(decision: dict[str, Any]) -> str:
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


def march_help(decision: dict[str, Any]) -> str:
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


def structured_help(decision: dict[str, Any]) -> str:
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


def help_topic(decision: dict[str, Any]) -> str:
    """The ``/agot help`` topic that explains this kind of prompt."""
    return "orders" if decision["kind"] in ("orders", "march") else "choices"


def prompt_text(game_id: int, decision: dict[str, Any], deadline: str | None) -> str:
    head = prompt_header(game_id, decision, deadline)
    more = f"\n📖 Reply `help` for how to answer, or see `/agot help topic:{help_topic(decision)}`."
    if decision.get("options") is None:
        body = structured_help(decision)
    elif len(decision["options"]) > BUTTONS_MAX:  # the select menus carry each option's description
        body = f"Choose in the menus below ({len(decision['options'])} options), or reply with a number."
    else:
        body = "\n".join(choice_lines(decision))
    return clip(f"{head}\n{body}", LIMIT - len(more)) + more


# --- the public feed -----------------------------------------------------------------------------------------

def event_lines(events: list[dict[str, Any]]) -> list[str]:
    out = []
    for e in events:
        text = e.get("text") or e["kind"]
        if e["kind"] in ("combat", "combat_end", "orders_revealed", "round", "game_over", "westeros_revealed",
                         "bids_revealed"):
            text = f"**{text}**"
        out.append(text)
    return out


def status_text(game_id: int, status: dict[str, Any]) -> str:
    state = status.get("status", "running")
    head = f"📜 **Game #{game_id}** · round {status.get('round') or '-'} · {status.get('phase') or '-'} · {state}"
    waiting = status.get("waiting") or []
    if not waiting:
        return head
    lines = [head, "Waiting for:"]
    for w in waiting:
        who = f" (<@{w['user_id']}>)" if w.get("user_id") else ""  # no user in a faceless game
        due = f" (due {stamp(w.get('deadline'))})" if w.get("deadline") else ""
        lines.append(f"• {house_name(w['house'])}{who}: {w.get('label') or w['kind']}{due}")
    return clip("\n".join(lines))


def standings_text(game_id: int, over: dict[str, Any]) -> str:
    """The final standings from a ``game_over`` row (winner, ranking, round)."""
    lines = [f"🏆 **Game #{game_id} is over: {house_name(over.get('winner'))} wins"
             f"{' in round ' + str(over['round']) if over.get('round') else ''}.**"]
    players = over.get("players") or {}
    lines += [f"{place}. {house_name(house)}{' (' + clip(players[house], 40) + ')' if players.get(house) else ''}"
              for place, house in enumerate(over.get("ranking") or [], start=1)]
    fair = over.get("fair") or {}
    if fair:
        lines += [f"🔐 The game's secret was `{fair['secret']}` with salt `{fair['salt']}`: SHA-256 "
                  f"`{fair['commitment']}`, as committed at the start. Check every shuffle with "
                  f"`python -m bot.admin replay FILE --commitment {fair['commitment']}` on the game's replay file "
                  "(`python -m bot.admin export`)."]
    return clip("\n".join(lines))


def hand_text(view: dict[str, Any]) -> str:
    b = names()
    cards = {c["id"]: c for cards in b.house_cards.values() for c in cards}
    lines = []
    for house, info in view.get("houses", {}).items():
        hand = ", ".join(f"{cards[c]['name']} ({cards[c]['strength']})" for c in info.get("hand", []) if c in cards)
        gone = ", ".join(cards[c]["name"] for c in info.get("discard", []) if c in cards)
        lines.append(f"**{house_name(house)}** — in hand: {hand or 'none'}; discarded: {gone or 'none'}")
    return clip("\n".join(lines))


# --- issue 12: digest, my games, leaderboard -----------------------------------------------------------------

def digest_text(digest: dict[str, Any], limit: int = 1900) -> str:
    """What changed in a game since the user last looked, and what waits on them (one message: the newest key
    lines that fit are kept; what waits on the user always is)."""
    gid = digest["game_id"]
    head = [f"🗞️ **Game #{gid}** · round {digest.get('round') or '-'} · {digest.get('phase') or '-'} · "
            f"{digest.get('status')}"]
    if not digest.get("count"):
        head.append("Nothing new in the public feed since you last looked.")
    else:
        kinds = ", ".join(f"{n} {kind.replace('_', ' ')}" for kind, n in (digest.get("kinds") or {}).items())
        head.append(clip(f"{digest['count']} public events since you last looked: {kinds}.", 500))
    pending = digest.get("pending") or []
    tail = ["**Waiting on you:**"] if pending else ["Nothing waits on you."]
    for d in pending[:8]:
        due = f" (due {stamp(d.get('deadline'))})" if d.get("deadline") else ""
        done = " ✅ answered, may still change" if d.get("submitted") else ""
        tail.append(f"• {clip(str(d.get('label') or d['kind']), 60)}{due}{done}")
    if pending:
        tail.append("`/agot act` shows the prompts again.")
    room = limit - len("\n".join(head + tail)) - 1
    key: list[str] = []
    for line in reversed(digest.get("lines") or []):
        line = f"• {clip(line, 200)}"
        if len(line) + 1 > room:
            break
        key.insert(0, line)
        room -= len(line) + 1
    return "\n".join(head + key + tail)


def jump_link(guild_id: int | None, channel_id: int) -> str:
    return f"https://discord.com/channels/{guild_id if guild_id else '@me'}/{channel_id}"


def my_games_text(games: list[dict[str, Any]]) -> str:
    if not games:
        return "You sit in no game. Join one with `/agot join` in a game's channel."
    lines = ["**Your games:**"]
    for g in sorted(games, key=lambda g: (g["status"] not in ("running", "paused", "lobby"), -g["id"]))[:20]:
        where = f"round {g['round']} · {g['phase']}" if g.get("round") else f"{g['players']} players"
        if g.get("waiting"):
            due = f", due {stamp(g.get('deadline'))}" if g.get("deadline") else ""
            wait = f" · ⏳ **waits on you** ({', '.join(g['waiting'][:3])}{due})"
        else:
            wait = ""
        lines.append(f"• [Game #{g['id']}]({jump_link(g.get('guild_id'), g['channel_id'])}) · {g['status']} · "
                     f"{where}{wait}")
    return chunks(lines, 1900)[0]


def leaderboard_text(rows: list[dict[str, Any]]) -> str:
    if not rows:
        return "No game has finished in this server yet."
    lines = ["🏅 **Leaderboard** (pairwise Elo over this server's finished games)"]
    for place, r in enumerate(rows[:25], start=1):
        lines.append(f"{place}. {clip(r['name'], 40)} — {r['rating']:.0f} · {r['games']} games, {r['wins']} wins, "
                     f"average place {r['average_place']:.2f}")
    return chunks(lines, 1900)[0]


def record_text(name: str, row: dict[str, Any] | None) -> str:
    if row is None:
        return f"{clip(name, 40)} has no finished game in this server yet."
    return (f"📊 **{clip(row['name'], 40)}**: {row['games']} games, {row['wins']} wins, average place "
            f"{row['average_place']:.2f}, rating {row['rating']:.0f}.")
