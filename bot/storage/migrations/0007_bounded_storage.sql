-- Schema version 7 (issue 16): bounded storage. Repo.prune deletes each outbox row delivered before the
-- idempotency window (its payload was the bulk of a finished game's database) and counts it here, per game,
-- kind and audience, so the figures of messages sent survive; it also deletes finished timers.

CREATE TABLE deliveries (
    game_id  INTEGER NOT NULL REFERENCES games (id),
    kind     TEXT    NOT NULL,
    audience TEXT    NOT NULL,
    messages INTEGER NOT NULL,               -- rows delivered (or superseded) and then pruned
    PRIMARY KEY (game_id, kind, audience)
);

CREATE INDEX outbox_sent ON outbox (sent_at) WHERE sent_at IS NOT NULL;
CREATE INDEX timers_done ON timers (id) WHERE done = 1;
