-- Schema version 8: members' time zones and the front end's own posts (issue 15).

-- /agot timezone: one IANA zone name per Discord user, for every server
CREATE TABLE member_zones (
    user_id INTEGER PRIMARY KEY,
    zone    TEXT    NOT NULL,               -- an IANA name known to zoneinfo, e.g. Europe/Paris
    at      TEXT    NOT NULL
);

-- posts the front end must find again after a restart (outbox rows are pruned once delivered):
-- 'status' (the game's status message, edited in place), 'closed_dm' (a player was told their DMs are closed)
CREATE TABLE front_posts (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    kind       TEXT    NOT NULL,
    user_id    INTEGER NOT NULL DEFAULT 0,  -- the player the post is about (0: the whole game)
    message_id TEXT    NOT NULL,            -- the front end's id of the message ('' when not known)
    at         TEXT    NOT NULL,
    PRIMARY KEY (game_id, kind, user_id)
);
