-- PostgreSQL schema version 2 (as the SQLite store's 0007): bounded storage. Repo.prune deletes each outbox row
-- delivered before the idempotency window and counts it in `deliveries`; it deletes finished timers and packs the
-- events of finished games into one compressed archive per game.

CREATE TABLE deliveries (
    game_id  bigint  NOT NULL REFERENCES games (id),
    kind     text    NOT NULL,
    audience text    NOT NULL,
    messages integer NOT NULL,               -- rows delivered (or superseded) and then pruned
    PRIMARY KEY (game_id, kind, audience)
);

CREATE INDEX outbox_sent ON outbox (sent_at) WHERE sent_at IS NOT NULL;
CREATE INDEX timers_done ON timers (id) WHERE done;

-- zlib of a JSON list of {"n", "answer_seq", "event"}; events added later number on from last_n
CREATE TABLE event_archives (
    game_id bigint  PRIMARY KEY REFERENCES games (id),
    last_n  integer NOT NULL,
    events  bytea   NOT NULL
);
