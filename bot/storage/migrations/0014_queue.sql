-- The queue (issue 29): a server's members waiting for a game of given settings. When enough wait for the same
-- game, players and settings, a ready check opens: a game row in the lobby (the check's anchor: its seats are the
-- matched members, its outbox rows the check's posts, its `ready` timer the check's deadline); each matched entry
-- names that game (check_game) and when its member clicked Ready (ready_at). A started game takes its entries out.
CREATE TABLE queue_entries (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    game       TEXT    NOT NULL,                -- the game's stored name (engine/registry)
    channel_id INTEGER NOT NULL,                -- where the member joined: a game made of the queue plays there
    name       TEXT    NOT NULL,                -- the member's display name, their seat's
    players    INTEGER NOT NULL,
    words      TEXT    NOT NULL,                -- the game's settings as typed ('' for none)
    settings   TEXT    NOT NULL,                -- JSON: the table's settings, normalized (compatible: equal text)
    hours      INTEGER NOT NULL,                -- hours per deadline
    joined_at  TEXT    NOT NULL,
    check_game INTEGER REFERENCES games (id),   -- the ready check holding the entry; NULL: waiting
    ready_at   TEXT,                            -- when the member clicked Ready in that check
    PRIMARY KEY (guild_id, user_id, game)
);
CREATE INDEX queue_checks ON queue_entries (check_game) WHERE check_game IS NOT NULL;
