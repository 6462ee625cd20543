-- Issue 44, part 3: announcements. An organiser's short notice (title, text, shown on the site's pages until
-- `shows_until` unless withdrawn) sent once to one audience. Its recipients are listed when it is sent (one
-- row per address, lower-case, never twice: the primary key), then queued into mail_queue a piece at a time;
-- `queued_at` and `mail_id` are written in the transaction that queues the mail, so a restart resumes with the
-- rows not queued yet and nobody is queued twice. The purge deletes recipients 90 days after the sending.
CREATE TABLE announcements (
  id bigserial PRIMARY KEY,
  title text NOT NULL,
  body text NOT NULL,
  audience text NOT NULL,
  audience_label text NOT NULL,
  site_url text NOT NULL,
  shows_until timestamptz NOT NULL,
  created_by bigint REFERENCES admins (id) ON DELETE SET NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  withdrawn_at timestamptz
);
CREATE INDEX announcements_showing ON announcements (shows_until) WHERE withdrawn_at IS NULL;
CREATE TABLE announcement_recipients (
  announcement_id bigint NOT NULL REFERENCES announcements (id) ON DELETE CASCADE,
  email text NOT NULL,
  unsubscribe_url text,
  queued_at timestamptz,
  skipped_at timestamptz,
  mail_id bigint,
  PRIMARY KEY (announcement_id, email)
);
CREATE INDEX announcement_recipients_waiting ON announcement_recipients (announcement_id)
  WHERE queued_at IS NULL AND skipped_at IS NULL;
