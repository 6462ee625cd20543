-- Issue 30: organisers invite organisers. An invitation is a one-time link (its token's SHA-256 kept, never
-- the token), valid 48 hours; accepting it creates the account with the password the invitee chooses.
CREATE TABLE admin_invites (
  token_hash text PRIMARY KEY,
  email text NOT NULL,
  invited_by bigint REFERENCES admins (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX admin_invites_email ON admin_invites (lower(email));
