-- PostgreSQL schema version 8 (as the SQLite store's 0014): the queue (issue 29). A ready check is a game row in
-- the lobby (its seats the matched members, its `ready` timer the check's deadline); each matched entry names it.
CREATE TABLE queue_entries (
    guild_id   bigint      NOT NULL,
    user_id    bigint      NOT NULL,
    game       text        NOT NULL,
    channel_id bigint      NOT NULL,
    name       text        NOT NULL,
    players    integer     NOT NULL,
    words      text        NOT NULL,
    settings   jsonb       NOT NULL,
    hours      integer     NOT NULL,
    joined_at  timestamptz NOT NULL,
    check_game bigint REFERENCES games (id),
    ready_at   timestamptz,
    PRIMARY KEY (guild_id, user_id, game)
);
CREATE INDEX queue_checks ON queue_entries (check_game) WHERE check_game IS NOT NULL;
