-- Members' time zones (issue 15, /agot timezone). To be renumbered 0009 at the merge (storage16 adds 0006-0008;
-- migrations must run 1, 2, 3 ... without a gap). One IANA zone name per Discord user, for every server.

CREATE TABLE member_zones (
    user_id INTEGER PRIMARY KEY,
    zone    TEXT    NOT NULL,               -- an IANA name known to zoneinfo, e.g. Europe/Paris
    at      TEXT    NOT NULL
);
