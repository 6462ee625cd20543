-- Issue 66: volunteer shifts. An account may now be a volunteer's without the door ('volunteer': their shifts,
-- nothing else); a door volunteer has shifts too.
ALTER TABLE admins DROP CONSTRAINT IF EXISTS admins_role_check;
ALTER TABLE admins ADD CONSTRAINT admins_role_check CHECK (role IN ('organiser', 'door', 'volunteer'));
ALTER TABLE admin_invites DROP CONSTRAINT IF EXISTS admin_invites_role_check;
ALTER TABLE admin_invites ADD CONSTRAINT admin_invites_role_check CHECK (role IN ('organiser', 'door', 'volunteer'));

-- What volunteers do (door, welcome desk, ushers…), with one line of what the role does.
CREATE TABLE volunteer_roles (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX volunteer_roles_name ON volunteer_roles (lower(name));

-- Where they do it; `door`: the door of the check-in page this place is ("Door 1"), else null.
CREATE TABLE volunteer_places (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  door text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX volunteer_places_name ON volunteer_places (lower(name));

-- A shift: a place, a role, from and until (instants; it may cross midnight), how many people it needs. A role or
-- a place with shifts cannot be deleted (RESTRICT): the organiser is told what uses it.
CREATE TABLE shifts (
  id bigserial PRIMARY KEY,
  place_id bigint NOT NULL REFERENCES volunteer_places (id) ON DELETE RESTRICT,
  role_id bigint NOT NULL REFERENCES volunteer_roles (id) ON DELETE RESTRICT,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  needed integer NOT NULL CHECK (needed BETWEEN 1 AND 100),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at)
);
CREATE INDEX shifts_starts_at ON shifts (starts_at);

-- Who stands on a shift. `override_reason`: an organiser put them on a shift at the same time as another of
-- theirs (audited). `arrived_at`: "I'm here" or the door's sign-in; `missed`: no arrival by the shift's end.
CREATE TABLE shift_signups (
  shift_id bigint NOT NULL REFERENCES shifts (id) ON DELETE CASCADE,
  admin_id bigint NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
  signed_at timestamptz NOT NULL DEFAULT now(),
  override_reason text,
  arrived_at timestamptz,
  missed boolean NOT NULL DEFAULT false,
  PRIMARY KEY (shift_id, admin_id)
);
CREATE INDEX shift_signups_admin ON shift_signups (admin_id);

-- The roles a volunteer said they will do.
CREATE TABLE volunteer_role_choices (
  admin_id bigint NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
  role_id bigint NOT NULL REFERENCES volunteer_roles (id) ON DELETE CASCADE,
  PRIMARY KEY (admin_id, role_id)
);

-- Times a volunteer cannot come ("blockout"): organisers do not ask them then, and no gap is offered to them.
CREATE TABLE volunteer_blockouts (
  id bigserial PRIMARY KEY,
  admin_id bigint NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  note text NOT NULL DEFAULT '',
  CHECK (ends_at > starts_at)
);
CREATE INDEX volunteer_blockouts_admin ON volunteer_blockouts (admin_id);

-- A volunteer's calendar feed (their shifts): only the SHA-256 of the link's secret is kept; a new link revokes
-- the old one.
CREATE TABLE volunteer_feeds (
  admin_id bigint PRIMARY KEY REFERENCES admins (id) ON DELETE CASCADE,
  secret_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Each reminder, gap offer and change notice mailed, once: the job that sends it inserts here in the mail's
-- transaction (ON CONFLICT DO NOTHING), so a job run twice (a crash, two servers) mails once. `kind`:
-- 'evening', 'hour', 'gap', 'moved'; `starts_at`: the shift's start it was about (a moved shift reminds again).
CREATE TABLE shift_notices_sent (
  shift_id bigint NOT NULL REFERENCES shifts (id) ON DELETE CASCADE,
  admin_id bigint NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('evening', 'hour', 'gap', 'moved')),
  starts_at timestamptz NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (shift_id, admin_id, kind, starts_at)
);
