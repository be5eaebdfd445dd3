-- Schema version 6 (issue 16): an index for every query on the answer, timer and delivery paths, so none of
-- them scans a table (tests/storage/test_query_plans.py checks every statement those paths run).
-- Timers: due_timers and next_due walk timers_due (0002) in due order and look each game up by its key.

-- answered(): the newest answer of a house to a decision, found in the decision index, not by walking the log
DROP INDEX answers_decision;
CREATE INDEX answers_decision ON answers (game_id, decision_id, seq);

-- outbox(game): a game's rows in order
CREATE INDEX outbox_game ON outbox (game_id, id);

-- games(status=...): the running games at start-up
CREATE INDEX games_status ON games (status);
