-- Schema version 2: deadlines and reminders (timers), the decisions already prompted, and the rewind audit.

CREATE TABLE prompts (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    decision_id TEXT    NOT NULL,
    house       TEXT    NOT NULL,
    kind        TEXT    NOT NULL,
    deadline_at TEXT,                        -- NULL while the game is paused
    opened_at   TEXT    NOT NULL,
    PRIMARY KEY (game_id, decision_id)
);

CREATE TABLE timers (
    id           INTEGER PRIMARY KEY,
    game_id      INTEGER NOT NULL REFERENCES games (id),
    kind         TEXT    NOT NULL,           -- reminder, deadline
    due_at       TEXT,                       -- NULL while the game is paused
    remaining_ms INTEGER,                    -- kept while the game is paused
    payload      TEXT    NOT NULL,           -- JSON: decision_id, house, ...
    done         INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX timers_due ON timers (due_at) WHERE done = 0;
CREATE INDEX timers_game ON timers (game_id) WHERE done = 0;

CREATE TABLE rewinds (
    id       INTEGER PRIMARY KEY,
    game_id  INTEGER NOT NULL REFERENCES games (id),
    user_id  INTEGER NOT NULL,
    count    INTEGER NOT NULL,
    from_seq INTEGER NOT NULL,
    to_seq   INTEGER NOT NULL,
    reason   TEXT    NOT NULL,
    at       TEXT    NOT NULL
);

-- A rewind marks answers as rewound; their content stays. Only that column may change, once.
ALTER TABLE answers ADD COLUMN rewound INTEGER REFERENCES rewinds (id);
DROP TRIGGER answers_no_update;
CREATE TRIGGER answers_no_update BEFORE UPDATE ON answers
WHEN OLD.rewound IS NOT NULL OR NEW.game_id IS NOT OLD.game_id OR NEW.seq IS NOT OLD.seq
  OR NEW.user_id IS NOT OLD.user_id OR NEW.house IS NOT OLD.house OR NEW.decision_id IS NOT OLD.decision_id
  OR NEW.kind IS NOT OLD.kind OR NEW.answer IS NOT OLD.answer OR NEW.source IS NOT OLD.source
  OR NEW.round IS NOT OLD.round OR NEW.phase IS NOT OLD.phase OR NEW.state_hash IS NOT OLD.state_hash
  OR NEW.at IS NOT OLD.at
BEGIN SELECT RAISE(ABORT, 'the answer log is append-only (only a rewind may mark an answer)'); END;
