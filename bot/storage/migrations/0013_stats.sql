-- Player statistics (issue 29, part 1): what the figures need, read through indexes, never by replaying a game.

-- When each decision was asked: the prompt's opened_at, copied by add_answer in the answer's own transaction (the
-- prompt row is deleted once the decision closes). NULL for answers stored before this version (time unknown).
ALTER TABLE answers ADD COLUMN asked_at TEXT;
-- the append-only guard names asked_at too: like every other column, it never changes once written
DROP TRIGGER answers_no_update;
CREATE TRIGGER answers_no_update BEFORE UPDATE ON answers
WHEN OLD.rewound IS NOT NULL OR NEW.game_id IS NOT OLD.game_id OR NEW.seq IS NOT OLD.seq
  OR NEW.user_id IS NOT OLD.user_id OR NEW.house IS NOT OLD.house OR NEW.decision_id IS NOT OLD.decision_id
  OR NEW.kind IS NOT OLD.kind OR NEW.answer IS NOT OLD.answer OR NEW.source IS NOT OLD.source
  OR NEW.round IS NOT OLD.round OR NEW.phase IS NOT OLD.phase OR NEW.state_hash IS NOT OLD.state_hash
  OR NEW.at IS NOT OLD.at OR NEW.asked_at IS NOT OLD.asked_at
BEGIN SELECT RAISE(ABORT, 'the answer log is append-only (only a rewind may mark an answer)'); END;
-- a player's answers (time to answer per source, deadlines missed), per game through the games key
CREATE INDEX answers_user ON answers (user_id, source, game_id);

-- A seat's place when its game ended (1 = won; a side shares its place), set with the game's result and cleared
-- when a rewind drops it. Filled here for the games already finished.
ALTER TABLE seats ADD COLUMN place INTEGER;
UPDATE seats SET place = (
    SELECT COALESCE(json_extract(r.value, '$.place'), r.key + 1)
    FROM results, json_each(results.ranking) AS r
    WHERE results.game_id = seats.game_id AND json_extract(r.value, '$.house') = seats.house)
WHERE game_id IN (SELECT game_id FROM results);

-- What happened to a seat that the seats table forgets: an absence declared ('away'), the seat opened by a kick
-- (a manager or a table vote: 'kicked') or after too many missed deadlines ('dropped'), the seat handed to another
-- member by a manager ('replaced': the seat row then names the new player).
CREATE TABLE seat_log (
    id      INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games (id),
    user_id INTEGER NOT NULL,
    house   TEXT    NOT NULL,
    kind    TEXT    NOT NULL,              -- away, kicked, dropped, replaced
    at      TEXT    NOT NULL
);
CREATE INDEX seat_log_user ON seat_log (user_id, kind, game_id);
