-- Issue 51: a build a publish made live remembers the build it replaced, and when the alerts of the programme
-- changes between the two were queued: a server stopped between the switch and the alerts sends them at its
-- next start (a roll back, which announces nothing, records neither).
ALTER TABLE site.builds ADD COLUMN replaced text;
ALTER TABLE site.builds ADD COLUMN alerted_at timestamptz;
