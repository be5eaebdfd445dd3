"""Everything a store holds about its games, read through the ``Repo`` interface only (so it compares stores of
different kinds): the outbox's random idempotency keys are left out, as they differ by design."""

from __future__ import annotations

import dataclasses
from typing import Any

from bot.storage import Store


async def dump(store: Store, keys: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {}
    async with store.reading() as repo:
        games = await repo.games()
        for g in games:
            messages = [dataclasses.asdict(m) for m in await repo.outbox(g.id)]
            if not keys:
                for m in messages:
                    m.pop("key")
            votes = [dataclasses.asdict(v) for v in await repo.open_votes(g.id)]
            out[f"game {g.id}"] = {
                "row": dataclasses.asdict(g),
                "seats": [dataclasses.asdict(s) for s in await repo.seats(g.id)],
                "answers": [dataclasses.asdict(a) for a in await repo.answers(g.id, live=False)],
                "live": [a.seq for a in await repo.answers(g.id)],
                "events": [dataclasses.asdict(e) for e in await repo.events(g.id)],
                "public tail": [e.n for e in await repo.events(g.id, audience="public", before=40, limit=7)],
                "snapshot": await repo.snapshot(g.id, g.seq),
                "outbox": messages,
                "prompts": [dataclasses.asdict(p) for p in await repo.prompts(g.id)],
                "timers": [dataclasses.asdict(t) for t in await repo.timers(g.id)],
                "rewinds": [dataclasses.asdict(r) for r in await repo.rewinds(g.id)],
                "open votes": votes,
                "ballots": {v["id"]: await repo.ballots(v["id"]) for v in votes},
                "looks": {s.user_id: await repo.looked(g.id, s.user_id) for s in await repo.seats(g.id)},
                "zones": {s.user_id: await repo.member_zone(s.user_id) for s in await repo.seats(g.id)},
                "status post": await repo.front_post(g.id, "status"),
                "whispers": await repo.whispers(g.id),
                "delivered": await repo.delivered(g.id),
            }
        out["results"] = {guild: await repo.results(guild) for guild in sorted({g.guild_id or 0 for g in games})}
        out["next due"] = await repo.next_due()
    return out
