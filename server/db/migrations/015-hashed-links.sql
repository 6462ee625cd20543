-- Issue 50: the alert subscriptions' and the waiting list's links are kept only as the SHA-256 of their secret
-- (hex, as server/agenda/queries.ts `secretHash` makes it), so a copy of the database opens none of them; a link
-- mailed before this migration still works. A mail that needs a link again gets a new secret: an alert's or an
-- announcement's unsubscribe link is a row of `alert_links`; a waiting-list offer replaces its entry's hash.
ALTER TABLE alert_subscriptions RENAME COLUMN token TO token_hash;
UPDATE alert_subscriptions SET token_hash = encode(sha256(convert_to(token_hash, 'UTF8')), 'hex');
ALTER TABLE ticket_waitlist RENAME COLUMN token TO token_hash;
UPDATE ticket_waitlist SET token_hash = encode(sha256(convert_to(token_hash, 'UTF8')), 'hex');
CREATE TABLE alert_links (
  token_hash text PRIMARY KEY,
  subscription_id bigint NOT NULL REFERENCES alert_subscriptions (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX alert_links_subscription ON alert_links (subscription_id);
-- Confirmation mails per address and day are counted in the mail queue (ALERT_CONFIRMATIONS_PER_DAY).
CREATE INDEX mail_queue_to_addr ON mail_queue (to_addr, created_at);
