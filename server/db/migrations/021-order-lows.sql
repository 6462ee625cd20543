-- Issue 61 (the lows and jobs after a crash).
-- A purchase's Idempotency-Key is kept only as its SHA-256 (hex, as server/secret.ts `secretHash` makes it): a
-- copy of the database replays no purchase; a retried request after this migration still finds its hold.
UPDATE ticket_holds SET idempotency_key = encode(sha256(convert_to(idempotency_key, 'UTF8')), 'hex')
  WHERE idempotency_key IS NOT NULL;
-- Request counts keep a salted hash of the client, never its address (server/limits/queries.ts): the counts
-- kept so far (a day at most, some with an address in their key) are dropped.
DELETE FROM rate_limits;
-- An order issued by hand past its plan's capacity (with a reason, audited) is marked in the organisers' list.
ALTER TABLE ticket_orders ADD COLUMN over_capacity boolean NOT NULL DEFAULT false;
-- Jobs replaced while a killed worker ran them, freed before issue 61 and so left as failed rows (out of tries,
-- without their key, never failed by an error): their work was the new job's (server/jobs/queries.ts rescueJobs).
-- (A database without the job queue's schema, as a bare migration test makes, has none to delete.)
DO $$ BEGIN IF to_regclass('graphile_worker._private_jobs') IS NOT NULL THEN DELETE FROM graphile_worker._private_jobs WHERE locked_at IS NULL AND key IS NULL AND attempts >= max_attempts AND last_error IS NULL; END IF; END $$;
