-- Issue 63: speakers' own page. An organiser invites a speaker (the speaker's entry in the content, by its id)
-- at an address: `speaker_contacts` keeps that address, which the publish also mails when the speaker's own
-- session changes. The speaker's private link (no password) is a `speaker_links` row: only the SHA-256 of its
-- secret is kept; sending it again makes a new link and revokes the old one; a revoked link answers as an
-- unknown one does.
CREATE TABLE speaker_contacts (
  speaker_id integer PRIMARY KEY,
  email text NOT NULL,
  invited_by text NOT NULL,
  invited_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE speaker_links (
  id bigserial PRIMARY KEY,
  speaker_id integer NOT NULL REFERENCES speaker_contacts (speaker_id) ON DELETE CASCADE,
  secret_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz,
  revoked_at timestamptz
);
CREATE UNIQUE INDEX speaker_links_live ON speaker_links (speaker_id) WHERE revoked_at IS NULL;
