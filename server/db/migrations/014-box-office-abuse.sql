-- Issue 50: the box office against bots and strangers.
-- A hold remembers who asked (a hash of the client's address, never the address) so that a client, or an
-- e-mail address, keeps at most a few open holds; a free order waits for its address to be confirmed by a
-- mailed link (only the link's hash is kept).
ALTER TABLE ticket_holds ADD COLUMN client_hash text;
ALTER TABLE ticket_holds ADD COLUMN confirm_hash text UNIQUE;
CREATE INDEX ticket_holds_open_client ON ticket_holds (client_hash) WHERE status = 'held';
CREATE INDEX ticket_holds_open_email ON ticket_holds (lower(email)) WHERE status = 'held';
-- An order's page is opened by a secret link; only its SHA-256 is kept (a backup opens no order page). An
-- order may have several links: the mailed one, and the one its buyer is sent to on returning from checkout.
CREATE TABLE ticket_order_links (
  token_hash text PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES ticket_orders (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO ticket_order_links (token_hash, order_id, created_at)
  SELECT encode(sha256(convert_to(token, 'UTF8')), 'hex'), id, created_at FROM ticket_orders;
ALTER TABLE ticket_orders DROP COLUMN token;
-- Each ticket sent on to another address, counted per ticket and per order and day.
CREATE TABLE ticket_forwards (
  id bigserial PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES ticket_orders (id) ON DELETE CASCADE,
  code text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ticket_forwards_order ON ticket_forwards (order_id, created_at);
