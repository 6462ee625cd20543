-- Issue 44, part 2: alerts for a kept agenda's starred sessions. A subscription belongs to one kept agenda (it
-- goes with it): an e-mail address (confirmed by a mailed link, like the newsletter; `token` confirms and
-- unsubscribes) or a browser's push subscription (its endpoint and keys; confirmed as it is made). An address
-- or an endpoint is kept once per agenda. `alerts_sent` records each change (session and its SEQUENCE) a
-- subscription was told about, so a change is never told twice.
CREATE TABLE alert_subscriptions (
  id bigserial PRIMARY KEY,
  agenda_id bigint NOT NULL REFERENCES agendas (id) ON DELETE CASCADE,
  email text,
  endpoint text,
  p256dh text,
  auth text,
  token text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'unconfirmed',
  created_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  CHECK ((email IS NULL) <> (endpoint IS NULL))
);
CREATE UNIQUE INDEX alert_subscriptions_email ON alert_subscriptions (agenda_id, email) WHERE email IS NOT NULL;
CREATE UNIQUE INDEX alert_subscriptions_endpoint ON alert_subscriptions (agenda_id, endpoint) WHERE endpoint IS NOT NULL;
CREATE INDEX alert_subscriptions_address ON alert_subscriptions (email) WHERE email IS NOT NULL;
CREATE TABLE alerts_sent (
  subscription_id bigint NOT NULL REFERENCES alert_subscriptions (id) ON DELETE CASCADE,
  session_number integer NOT NULL,
  sequence integer NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (subscription_id, session_number, sequence)
);
