-- Schema version 7 (issue 16): bounded storage. Repo.prune deletes each outbox row delivered before the
-- idempotency window (its payload was the bulk of a finished game's database) and counts it here, per game,
-- kind and audience, so the figures of messages sent survive; it also deletes finished timers and packs the events
-- of finished games (below).

CREATE TABLE deliveries (
    game_id  INTEGER NOT NULL REFERENCES games (id),
    kind     TEXT    NOT NULL,
    audience TEXT    NOT NULL,
    messages INTEGER NOT NULL,               -- rows delivered (or superseded) and then pruned
    PRIMARY KEY (game_id, kind, audience)
);

CREATE INDEX outbox_sent ON outbox (sent_at) WHERE sent_at IS NOT NULL;
CREATE INDEX timers_done ON timers (id) WHERE done = 1;

-- The events of a finished game, packed by Repo.prune into one compressed blob (zlib of a JSON list of
-- {"n", "answer_seq", "event"}): a game's history is read whole and rarely once it is over, and its rows were
-- the largest part of what a finished game kept. Events added later (none are expected) number on from last_n.
CREATE TABLE event_archives (
    game_id INTEGER PRIMARY KEY REFERENCES games (id),
    last_n  INTEGER NOT NULL,
    events  BLOB    NOT NULL
);
