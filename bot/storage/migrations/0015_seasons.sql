-- Seasons per server (issue 29): a span of time whose finished games are rated apart from the all-time ratings
-- (which stay as they are), with Discord roles given by rank; archived with its final standings when it ends.
CREATE TABLE seasons (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,            -- where it was opened
    name       TEXT    NOT NULL,
    game       TEXT,                        -- its game (engine/registry); NULL: every game the bot hosts
    per_game   INTEGER NOT NULL DEFAULT 0,  -- 1: a rating per game; 0: one rating across its games
    counted    INTEGER,                     -- a player's best N games count; NULL: every game
    starts_at  TEXT    NOT NULL,
    ends_at    TEXT    NOT NULL,            -- the first instant after it (set to the end when ended early)
    roles      TEXT    NOT NULL,            -- JSON: [{"top", "role_id", "name", "created", "said"}], narrowest first
    opened_by  INTEGER NOT NULL,
    opened_at  TEXT    NOT NULL,
    ended_at   TEXT,                        -- archived: its final standings are kept
    standings  TEXT,                        -- JSON: the final leaderboard rows
    UNIQUE (guild_id, name)
);
CREATE INDEX seasons_guild ON seasons (guild_id, starts_at);

-- Who holds a rank role because the bot gave it (a role given by hand is never taken by the bot).
CREATE TABLE role_holders (
    guild_id INTEGER NOT NULL,
    role_id  INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    PRIMARY KEY (guild_id, role_id, user_id)
);
