-- Schema version 1: games, seats, the append-only answer log, events, snapshots and the outbox.
-- Times are ISO-8601 UTC text with microseconds (fixed width, so they sort as text).

CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER,
    channel_id  INTEGER NOT NULL,            -- the channel or thread the game is played in
    creator_id  INTEGER NOT NULL,
    players     INTEGER NOT NULL,
    status      TEXT    NOT NULL,            -- lobby, running, paused, finished, cancelled, frozen
    settings    TEXT    NOT NULL,            -- JSON
    seed        TEXT,                        -- the RNG secret Game.new needs to replay the game (never shown)
    seq         INTEGER NOT NULL DEFAULT 0,  -- the last answer applied (0: none yet)
    round       INTEGER,
    phase       TEXT,
    state_hash  TEXT,                        -- SHA-256 of the engine state after answer `seq`
    note        TEXT,                        -- why the game is frozen, if it is
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL,
    started_at  TEXT,
    finished_at TEXT
);
CREATE INDEX games_channel ON games (channel_id);

CREATE TABLE seats (
    game_id   INTEGER NOT NULL REFERENCES games (id),
    user_id   INTEGER NOT NULL,
    name      TEXT    NOT NULL,
    house     TEXT,                          -- the wish before the start, the house after it
    joined_at TEXT    NOT NULL,
    missed    INTEGER NOT NULL DEFAULT 0,    -- deadlines missed
    state     TEXT    NOT NULL DEFAULT 'active',
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX seats_user ON seats (user_id);

-- The answer log is append-only: a row is never deleted and its content never changes
-- (a rewind only sets `rewound`, see 0002).
CREATE TABLE answers (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    seq         INTEGER NOT NULL,
    user_id     INTEGER,
    house       TEXT    NOT NULL,
    decision_id TEXT    NOT NULL,
    kind        TEXT    NOT NULL,
    answer      TEXT    NOT NULL,            -- JSON
    source      TEXT    NOT NULL,            -- player, deadline
    round       INTEGER NOT NULL,            -- after the answer
    phase       TEXT    NOT NULL,            -- after the answer
    state_hash  TEXT    NOT NULL,            -- after the answer
    at          TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE INDEX answers_decision ON answers (game_id, decision_id);

CREATE TRIGGER answers_no_delete BEFORE DELETE ON answers
BEGIN SELECT RAISE(ABORT, 'the answer log is append-only'); END;
CREATE TRIGGER answers_no_update BEFORE UPDATE ON answers
BEGIN SELECT RAISE(ABORT, 'the answer log is append-only'); END;

-- Every event the engine produced, with its audience (sealed events are stored here and never sent).
CREATE TABLE events (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    n          INTEGER NOT NULL,             -- per game, from 1
    answer_seq INTEGER NOT NULL,             -- 0: produced by the start
    kind       TEXT    NOT NULL,
    audience   TEXT    NOT NULL,             -- public, player, sealed
    who        TEXT,                         -- the house (player) or the reveal group (sealed)
    event      TEXT    NOT NULL,             -- JSON, Event.to_dict()
    PRIMARY KEY (game_id, n)
);

CREATE TABLE snapshots (
    game_id INTEGER NOT NULL REFERENCES games (id),
    seq     INTEGER NOT NULL,                -- the state after answer `seq` (0: the state at the start)
    state   TEXT    NOT NULL,                -- JSON, Game.to_dict()
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE outbox (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id),
    audience   TEXT    NOT NULL,             -- public, player
    user_id    INTEGER,                      -- the player's user id (audience player)
    kind       TEXT    NOT NULL,
    payload    TEXT    NOT NULL,             -- JSON
    key        TEXT    NOT NULL UNIQUE,      -- idempotency key, handed to the transport
    created_at TEXT    NOT NULL,
    sent_at    TEXT,
    message_id TEXT,                         -- the front end's id of the sent message
    attempts   INTEGER NOT NULL DEFAULT 0,
    retry_at   TEXT,                         -- after a transient error: not before this time
    failed_at  TEXT,                         -- after a permanent error: given up
    error      TEXT,
    CHECK ((audience = 'public' AND user_id IS NULL) OR (audience = 'player' AND user_id IS NOT NULL))
);
CREATE INDEX outbox_unsent ON outbox (id) WHERE sent_at IS NULL AND failed_at IS NULL;
