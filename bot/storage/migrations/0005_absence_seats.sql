-- Absence, autopilot seats and open seats (issue 12). Numbered 0004 in the plan; 0003 here until the merge.
-- A seat's state: 'player' (a member plays it), 'autopilot' (its player is away and the autopilot answers),
-- 'open' (nobody plays it: the autopilot answers until a member takes it with the Join button).
-- An open seat keeps the user id of the player who left (the primary key); that user has no access to it.

ALTER TABLE seats ADD COLUMN away_from TEXT;      -- the absence declared (NULL: none)
ALTER TABLE seats ADD COLUMN away_until TEXT;
UPDATE seats SET state = 'player' WHERE state = 'active';
