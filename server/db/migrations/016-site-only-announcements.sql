-- Issue 51, item 6: an announcement can be shown on the site only (its banner, no mail). Such an announcement
-- has no audience: `audience` and `audience_label` are both NULL, and it never has a recipient. One that is
-- mailed keeps both, as before.
ALTER TABLE announcements ALTER COLUMN audience DROP NOT NULL;
ALTER TABLE announcements ALTER COLUMN audience_label DROP NOT NULL;
ALTER TABLE announcements ADD CONSTRAINT announcements_audience_both
  CHECK ((audience IS NULL) = (audience_label IS NULL));
