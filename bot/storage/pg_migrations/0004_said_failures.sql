-- PostgreSQL schema version 4 (as the SQLite store's 0010): said_at records when a given-up outbox row was said
-- in the next post that reached its destination, so the count survives a restart (Repo.given_up,
-- Repo.mark_said). Rows given up before this version count as said: the bot kept their count in memory only.
ALTER TABLE outbox ADD COLUMN said_at timestamptz;
UPDATE outbox SET said_at = failed_at WHERE failed_at IS NOT NULL;
CREATE INDEX outbox_unsaid ON outbox (game_id, audience, user_id) WHERE failed_at IS NOT NULL AND said_at IS NULL;
