-- Schema version 11 (issue 16, item 9): outbox rows given up are pruned once they are spent, said in a later post
-- of their destination or of a game over, past the delivery window (Repo.prune): this index finds them by the time
-- they were given up, without reading the delivered rows.
CREATE INDEX outbox_failed ON outbox (failed_at) WHERE failed_at IS NOT NULL;
