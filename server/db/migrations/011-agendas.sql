-- Issue 44, part 1: an agenda kept on the server under a private link, for one person's devices. Only the
-- SHA-256 of the link's secret is stored. Each session's latest change (starred or not, and when) is kept, so
-- a change made offline merges by time: an older change never overwrites a newer one. `version` moves with
-- every change (the devices' ETag); `used_at` is the last sync, read or calendar fetch (the purge deletes an
-- agenda unused for 90 days).
CREATE TABLE agendas (
  id bigserial PRIMARY KEY,
  secret_hash text NOT NULL UNIQUE,
  version bigint NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX agendas_used_at ON agendas (used_at);
CREATE TABLE agenda_stars (
  agenda_id bigint NOT NULL REFERENCES agendas (id) ON DELETE CASCADE,
  session_number integer NOT NULL,
  starred boolean NOT NULL,
  changed_at timestamptz NOT NULL,
  PRIMARY KEY (agenda_id, session_number)
);
