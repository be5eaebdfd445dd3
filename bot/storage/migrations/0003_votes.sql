-- Schema version 3: table votes (pause, resume, extend, cancel, kick, undo, end) and their ballots.

CREATE TABLE votes (
    id        INTEGER PRIMARY KEY,
    game_id   INTEGER NOT NULL REFERENCES games (id),
    kind      TEXT    NOT NULL,              -- pause, resume, extend, cancel, kick, undo, end
    house     TEXT,                          -- kick: the seat
    hours     INTEGER,                       -- extend: the hours added
    opener_id INTEGER NOT NULL,
    status    TEXT    NOT NULL DEFAULT 'open',  -- open, passed, failed
    outcome   TEXT,                          -- the public words of the result
    opened_at TEXT    NOT NULL,
    closes_at TEXT    NOT NULL,
    closed_at TEXT
);
CREATE INDEX votes_open ON votes (game_id) WHERE status = 'open';

-- One ballot per seated user and vote; a later click replaces it.
CREATE TABLE ballots (
    vote_id INTEGER NOT NULL REFERENCES votes (id),
    user_id INTEGER NOT NULL,
    yes     INTEGER NOT NULL,
    at      TEXT    NOT NULL,
    PRIMARY KEY (vote_id, user_id)
);
