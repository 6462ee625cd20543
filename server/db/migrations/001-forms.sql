-- Form submissions, newsletter subscribers, the mail queue and rate-limit counters (issue 17).
CREATE TABLE submissions (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  idempotency_key text UNIQUE,
  data jsonb NOT NULL,
  email text,
  page text,
  consent_version text NOT NULL,
  ip_hash text NOT NULL,
  status text NOT NULL DEFAULT 'new',
  created_at timestamptz NOT NULL DEFAULT now(),
  handled_at timestamptz
);
CREATE INDEX submissions_kind_created ON submissions (kind, created_at);

CREATE TABLE newsletter_subscribers (
  email text PRIMARY KEY,
  token text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'unconfirmed',
  kind text NOT NULL,
  consent_version text NOT NULL,
  ip_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  unsubscribed_at timestamptz
);

CREATE TABLE mail_queue (
  id bigserial PRIMARY KEY,
  submission_id bigint REFERENCES submissions (id) ON DELETE CASCADE,
  to_addr text NOT NULL,
  reply_to text,
  subject text NOT NULL,
  body text NOT NULL,
  unsubscribe_url text,
  attempts integer NOT NULL DEFAULT 0,
  next_try_at timestamptz NOT NULL DEFAULT now(),
  claimed_until timestamptz,
  last_error text,
  sent_at timestamptz,
  failed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_queue_due ON mail_queue (next_try_at) WHERE sent_at IS NULL AND failed_at IS NULL;

CREATE TABLE rate_limits (
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  count integer NOT NULL DEFAULT 0,
  PRIMARY KEY (key, window_start)
);

-- Server-wide values shared by every instance (the IP-hash salt).
CREATE TABLE settings (
  name text PRIMARY KEY,
  value text NOT NULL
);
