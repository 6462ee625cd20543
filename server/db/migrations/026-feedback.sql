-- Issue 63: attendees rate a session, anonymously. A rating belongs to one agenda or device: `rater_hash` is the
-- SHA-256 of the random key the visitor's browser keeps (never an address, an account or an IP), so the same
-- phone rating again replaces its rating. `comment` is plain text, shown as text.
CREATE TABLE session_ratings (
  session_number integer NOT NULL,
  rater_hash text NOT NULL,
  stars smallint NOT NULL CHECK (stars BETWEEN 1 AND 5),
  comment text,
  rated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (session_number, rater_hash)
);
CREATE INDEX session_ratings_rated_at ON session_ratings (rated_at);
-- An organiser's switches per session: feedback off (the form closes, nothing more is taken), comments hidden
-- (from the summary and the speaker), and comments let through to the speaker (off until an organiser says so).
CREATE TABLE session_feedback (
  session_number integer PRIMARY KEY,
  off boolean NOT NULL DEFAULT false,
  comments_hidden boolean NOT NULL DEFAULT false,
  comments_to_speaker boolean NOT NULL DEFAULT false,
  changed_by text NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);
