-- PostgreSQL schema version 5 (as the SQLite store's 0011): the given-up outbox rows by the time they were given
-- up, for the prune of those spent (said in a later post of their destination, or of a game over).
CREATE INDEX outbox_failed ON outbox (failed_at) WHERE failed_at IS NOT NULL;
