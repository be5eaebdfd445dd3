"""Words for Discord: prompts, feed posts, status lines and look-ups, built from what the service hands out.

Pure functions over decision dicts, event dicts, views and static board data (no discord import), so they are
tested on their own. Everything here is shown to exactly the audience the service addressed it to.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from datetime import datetime
from typing import Any

from bot.games.front import Front
from bot.games.fronts import front as front_named

LIMIT = 2000  # characters in one Discord message
BUTTONS_MAX = 20  # options shown as buttons (4 rows of 5); more go to select menus


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
    """The deadline shape and faceless settings, as ", quiet hours 23:00-7:00 UTC,
    ..." (empty when all off)."""
    out = ""
    quiet = settings.get("quiet_hours")
    if quiet:
        out += f", quiet hours {quiet[0]}:00-{quiet[1]}:00 UTC"
    if settings.get("weekend_hours"):
        out += f", +{settings['weekend_hours']} h over a weekend"
        out += f" (Saturday and Sunday in {settings['zone']})" if settings.get("zone") else ""
    if settings.get("faceless"):
        out += ", faceless (seats only until the end)"
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

def prompt_header(front: Front, game_id: int, decision: dict[str, Any], deadline: str | None) -> str:
    lines = [f"**Game #{game_id} · {front.title_of(decision)}**",
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


def prompt_text(front: Front, game_id: int, decision: dict[str, Any], deadline: str | None) -> str:
    head = prompt_header(front, game_id, decision, deadline)
    more = f"\n📖 Reply `help` for how to answer, or see `/game help topic:{front.topic_of(decision)}`."
    if decision.get("options") is None:
        body = front.answer_help(decision)
    elif len(decision["options"]) > BUTTONS_MAX:  # the select menus carry each option's description
        body = f"Choose in the menus below ({len(decision['options'])} options), or reply with a number."
    else:
        body = "\n".join(choice_lines(decision))
    return clip(f"{head}\n{body}", LIMIT - len(more)) + more


# --- the public feed -----------------------------------------------------------------------------------------

def event_lines(events: list[dict[str, Any]], headlines: Collection[str] = ()) -> list[str]:
    """One line per event, those of the game's ``headlines`` kinds in bold."""
    out = []
    for e in events:
        text = e.get("text") or e["kind"]
        if e["kind"] in headlines:
            text = f"**{text}**"
        out.append(text)
    return out


def status_text(front: Front, game_id: int, status: dict[str, Any]) -> str:
    state = status.get("status", "running")
    head = (f"📜 **Game #{game_id}** · {front.stage} {status.get('round') or '-'} · {status.get('phase') or '-'} · "
            f"{state}")
    waiting = status.get("waiting") or []
    if not waiting:
        return head
    lines = [head, "Waiting for:"]
    for w in waiting:
        who = f" (<@{w['user_id']}>)" if w.get("user_id") else ""  # no user in a faceless game
        due = f" (due {stamp(w.get('deadline'))})" if w.get("deadline") else ""
        lines.append(f"• {front.seat_name(w['house'])}{who}: {w.get('label') or w['kind']}{due}")
    return clip("\n".join(lines))


def standings_text(front: Front, game_id: int, over: dict[str, Any]) -> str:
    """The final standings from a ``game_over`` row (how it ended in the game's words, the ranking and places)."""
    lines = [f"🏆 **Game #{game_id} is over: {front.outcome(over)}**"]
    players = over.get("players") or {}
    ranking = over.get("ranking") or []
    places = over.get("places") or range(1, len(ranking) + 1)  # a row stored before places: one place each
    lines += [f"{place}. {front.seat_name(house)}{' (' + clip(players[house], 40) + ')' if players.get(house) else ''}"
              for place, house in zip(places, ranking)]
    fair = over.get("fair") or {}
    if fair:
        lines += [f"🔐 The game's secret was `{fair['secret']}` with salt `{fair['salt']}`: SHA-256 "
                  f"`{fair['commitment']}`, as committed at the start. Check every shuffle with "
                  f"`python -m bot.admin replay FILE --commitment {fair['commitment']}` on the game's replay file "
                  "(`python -m bot.admin export`)."]
    return clip("\n".join(lines))


# --- issue 12: digest, my games, leaderboard -----------------------------------------------------------------

def digest_text(digest: dict[str, Any], limit: int = 1900) -> str:
    """What changed in a game since the user last looked, and what waits on them (one message: the newest key
    lines that fit are kept; what waits on the user always is)."""
    gid = digest["game_id"]
    stage = front_named(digest.get("game")).stage
    head = [f"🗞️ **Game #{gid}** · {stage} {digest.get('round') or '-'} · {digest.get('phase') or '-'} · "
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
        tail.append("`/game act` shows the prompts again.")
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


def my_games_text(games: list[dict[str, Any]], front_of: Callable[[str | None], Front] = front_named) -> str:
    """The user's games, each with its stage in its game's word ("round 3 · planning", "night 2 · jack")."""
    if not games:
        return "You sit in no game. Join one with `/game join` in a game's channel."
    lines = ["**Your games:**"]
    for g in sorted(games, key=lambda g: (g["status"] not in ("running", "paused", "lobby"), -g["id"]))[:20]:
        stage = front_of(g.get("game")).stage
        where = f"{stage} {g['round']} · {g['phase']}" if g.get("round") else f"{g['players']} players"
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
