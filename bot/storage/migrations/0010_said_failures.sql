-- Schema version 10 (issue 16, item 6): the outbox rows given up (failed_at set) are said in the next post that
-- reaches their destination ("2 earlier messages could not be delivered here"). said_at records that post's
-- time, so a restart between the giving up and the saying keeps the count (Repo.given_up, Repo.mark_said).
-- Rows given up before this version count as said: the bot kept their count in memory only.
ALTER TABLE outbox ADD COLUMN said_at TEXT;
UPDATE outbox SET said_at = failed_at WHERE failed_at IS NOT NULL;
-- the given-up rows not said yet (a handful), per destination
CREATE INDEX outbox_unsaid ON outbox (game_id, audience, user_id) WHERE failed_at IS NOT NULL AND said_at IS NULL;
