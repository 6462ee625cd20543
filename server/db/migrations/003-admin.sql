-- Organiser accounts, their server-side sessions and the audit log of the inbox (issue 18).
-- Passwords are scrypt hashes (server/admin/password.ts); a session row keeps only the SHA-256 of its
-- cookie's token, so a copy of the database signs nobody in.
CREATE TABLE admins (
  id bigserial PRIMARY KEY,
  email text NOT NULL,
  password_hash text NOT NULL,
  must_change_password boolean NOT NULL DEFAULT false,
  failed_attempts integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sign_in_at timestamptz
);
CREATE UNIQUE INDEX admins_email ON admins (lower(email));

CREATE TABLE admin_sessions (
  token_hash text PRIMARY KEY,
  admin_id bigint NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX admin_sessions_admin ON admin_sessions (admin_id);

-- Who did what, when. An erasure's target is the SHA-256 of the address, never the address.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  admin_id bigint REFERENCES admins (id) ON DELETE SET NULL,
  actor text,
  action text NOT NULL,
  target text,
  detail jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created ON audit_log (created_at);
