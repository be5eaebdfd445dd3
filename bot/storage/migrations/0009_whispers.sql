-- Whispers: anonymous messages from one house to another (issue 15).
-- A whisper is private to the two houses until the game ends; then it is part of the replay file.

CREATE TABLE whispers (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id),
    from_house TEXT    NOT NULL,
    to_house   TEXT    NOT NULL,
    text       TEXT    NOT NULL,
    at         TEXT    NOT NULL                -- ISO UTC time it was sent (the rate limit counts these)
);
CREATE INDEX whispers_by_sender ON whispers (game_id, from_house, at);
