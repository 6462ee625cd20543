-- Issue 31: published builds. Schema "site": builds are made from the content's git history, so backups
-- (which copy schema "public") leave them out; a restored server registers its own build at start.
CREATE SCHEMA site;

CREATE TABLE site.builds (
  id text PRIMARY KEY,
  built_at timestamptz NOT NULL,
  commit text,
  -- Its files are in site.build_files, so another server on this database can fetch it (DATABASE_URL).
  stored boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A file's bytes once, by SHA-256: a build that changes one page stores only that page and what depends on it.
CREATE TABLE site.blobs (
  hash text PRIMARY KEY,
  bytes bytea NOT NULL
);

CREATE TABLE site.build_files (
  build_id text NOT NULL REFERENCES site.builds (id) ON DELETE CASCADE,
  path text NOT NULL,
  hash text NOT NULL REFERENCES site.blobs (hash),
  -- Kept so that every server gives a file the same ETag and Last-Modified.
  mtime_ms double precision NOT NULL,
  PRIMARY KEY (build_id, path)
);
CREATE INDEX build_files_hash ON site.build_files (hash);

-- The build every server serves: one row.
CREATE TABLE site.live (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  build_id text NOT NULL REFERENCES site.builds (id),
  switched_at timestamptz NOT NULL DEFAULT now(),
  switched_by text
);

CREATE TABLE site.publish_jobs (
  id bigserial PRIMARY KEY,
  state text NOT NULL DEFAULT 'queued',
  steps jsonb NOT NULL DEFAULT '[]',
  error text,
  build_id text,
  requested_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
-- Never two publishes at once, across every server on the database.
CREATE UNIQUE INDEX publish_jobs_one_active ON site.publish_jobs ((true)) WHERE state IN ('queued', 'running');
