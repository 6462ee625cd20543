-- Issue 62: "Don't announce" kept with its change. A programme change an organiser chose not to announce (a typo
-- fix), one row per session: what the change made of the session (`change`: its kind and new time or speaker,
-- server/publish/quiet.queries.ts), who chose and when. The Publish page lists that same change ticked again after a roll
-- back, until an organiser unticks it and publishes.
CREATE TABLE quiet_changes (
  session_number integer PRIMARY KEY,
  change text NOT NULL,
  decided_by text NOT NULL,
  decided_at timestamptz NOT NULL DEFAULT now()
);
