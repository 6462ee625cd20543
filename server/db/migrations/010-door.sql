-- Issue 43: at the door. An account is an organiser's or a door volunteer's ('door': check-in only, a session
-- of the event day); an invitation says which account it makes.
ALTER TABLE admins ADD COLUMN role text NOT NULL DEFAULT 'organiser' CHECK (role IN ('organiser', 'door'));
ALTER TABLE admin_invites ADD COLUMN role text NOT NULL DEFAULT 'organiser' CHECK (role IN ('organiser', 'door'));
-- Every scan a door device sent, once: its own id is the key, so a replayed sync batch records nothing twice.
-- At most one 'admission' per ticket (the earliest scan by the device's clock); a later admission of the same
-- ticket (two doors offline) is kept as a 'conflict'; an "Undo" makes a scan 'undone'.
CREATE TABLE check_ins (
  scan_id text PRIMARY KEY,
  code text NOT NULL REFERENCES tickets (code) ON DELETE CASCADE,
  device text NOT NULL,
  door text NOT NULL,
  admin_id bigint REFERENCES admins (id) ON DELETE SET NULL,
  scanned_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  kind text NOT NULL CHECK (kind IN ('admission', 'conflict', 'undone'))
);
CREATE UNIQUE INDEX check_ins_admission ON check_ins (code) WHERE kind = 'admission';
CREATE INDEX check_ins_code ON check_ins (code);
