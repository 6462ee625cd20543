-- Issue 63: a speaker's edit sent for review from their own page. One waiting edit per speaker (a new one sent
-- replaces it); `profile` is their name, role, bio and social links as they want them, `sessions` each of their
-- sessions' text ([{ number, text }]), `bases` the git blob id of each content file when they opened the page
-- (so an organiser's save since is not overwritten: the accept is told), `photo` a picture that passed the
-- editor's checks (base64, at most 10 MB). An organiser accepts it (saved into the content as the speaker's own
-- commit) or declines it; it is kept either way, with who decided.
CREATE TABLE speaker_edits (
  id bigserial PRIMARY KEY,
  speaker_id integer NOT NULL REFERENCES speaker_contacts (speaker_id) ON DELETE CASCADE,
  profile jsonb NOT NULL,
  sessions jsonb NOT NULL,
  bases jsonb NOT NULL,
  photo text,
  photo_ext text CHECK (photo_ext IN ('jpg', 'png')),
  sent_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  decided_by text,
  outcome text CHECK (outcome IN ('accepted', 'declined'))
);
CREATE UNIQUE INDEX speaker_edits_waiting ON speaker_edits (speaker_id) WHERE decided_at IS NULL;
