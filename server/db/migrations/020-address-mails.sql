-- Issue 61: an address gets at most one order mail a day from the public forms (a registration's or a "pay later"
-- order's confirmation link, the waiting list's), whoever asks for it. One row per address that had one in the
-- last day: a keyed hash of the address (SHA-256 of the site's salt and the lower-case address, never the address
-- in clear) and when it was mailed. Counted in the database, so every server shares it; rows older than a day
-- mean nothing and the sweep deletes them.
CREATE TABLE ticket_address_mails (
  address_hash text PRIMARY KEY,
  mailed_at timestamptz NOT NULL
);
