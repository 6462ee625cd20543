-- Issue 32, finding 3: wrong passwords lock an account per client (a device the organiser signed in on, else
-- the client's address, hashed), so an attacker's tries do not lock the organiser out; admins.failed_attempts
-- and locked_until become a higher ceiling across all clients, which a known device passes.
CREATE TABLE sign_in_failures (
  admin_id bigint NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
  client text NOT NULL,
  failures integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (admin_id, client)
);

CREATE TABLE admin_devices (
  token_hash text PRIMARY KEY,
  admin_id bigint NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz NOT NULL
);
CREATE INDEX admin_devices_admin ON admin_devices (admin_id);
