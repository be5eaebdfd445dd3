-- Schema version 3 (issue 12, to be renumbered 0005 at merge): what each seat last looked at (/agot digest), and
-- the result of every finished game (ratings per server).

CREATE TABLE looks (
    game_id INTEGER NOT NULL REFERENCES games (id),
    user_id INTEGER NOT NULL,
    seq     INTEGER NOT NULL,               -- the last public event (events.n) the user was shown
    at      TEXT    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

CREATE TABLE results (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id),
    guild_id    INTEGER,                    -- NULL for a game outside a server
    finished_at TEXT    NOT NULL,
    ranking     TEXT    NOT NULL            -- JSON: [{"user_id", "name", "house"}], winner first
);
CREATE INDEX results_guild ON results (guild_id, finished_at, game_id);
