-- Issue 42: the box office. Each plan's stock (capacity in people, from content; sold and held now) is one
-- row changed only by conditional updates (never read-then-write), so no seat is sold twice. A hold keeps
-- seats for a checkout's lifetime; a paid or free hold becomes an order with one signed ticket per person.
CREATE TABLE signing_keys (
  name text PRIMARY KEY,
  private_pem text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE ticket_stock (
  plan_id text PRIMARY KEY,
  capacity integer NOT NULL,
  sold integer NOT NULL DEFAULT 0,
  held integer NOT NULL DEFAULT 0,
  CHECK (sold >= 0 AND held >= 0)
);
CREATE TABLE ticket_holds (
  id bigserial PRIMARY KEY,
  plan_id text NOT NULL,
  quantity integer NOT NULL,
  seats integer NOT NULL,
  email text NOT NULL,
  name text NOT NULL,
  phone text,
  amount_minor integer NOT NULL,
  currency text NOT NULL,
  idempotency_key text UNIQUE,
  checkout_session_id text UNIQUE,
  checkout_url text,
  waitlist_id bigint,
  status text NOT NULL DEFAULT 'held',
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ticket_holds_open ON ticket_holds (expires_at) WHERE status = 'held';
CREATE TABLE ticket_orders (
  id bigserial PRIMARY KEY,
  hold_id bigint NOT NULL UNIQUE REFERENCES ticket_holds (id),
  token text NOT NULL UNIQUE,
  plan_id text NOT NULL,
  email text NOT NULL,
  name text NOT NULL,
  amount_minor integer NOT NULL,
  currency text NOT NULL,
  payment_intent text,
  status text NOT NULL DEFAULT 'paid',
  created_at timestamptz NOT NULL DEFAULT now(),
  cancelled_at timestamptz
);
CREATE INDEX ticket_orders_email ON ticket_orders (lower(email));
CREATE TABLE tickets (
  code text PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES ticket_orders (id) ON DELETE CASCADE,
  plan_id text NOT NULL,
  position integer NOT NULL,
  holder_name text,
  holder_email text,
  payload text NOT NULL,
  status text NOT NULL DEFAULT 'valid',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (order_id, position)
);
CREATE TABLE ticket_waitlist (
  id bigserial PRIMARY KEY,
  plan_id text NOT NULL,
  email text NOT NULL,
  quantity integer NOT NULL,
  token text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'unconfirmed',
  created_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  offered_at timestamptz,
  UNIQUE (plan_id, email)
);
CREATE INDEX ticket_waitlist_queue ON ticket_waitlist (plan_id, confirmed_at) WHERE status = 'waiting';
-- A ticket's mail shows its QR codes inline (HTML, the images attached by content id) and attaches the .ics.
ALTER TABLE mail_queue ADD COLUMN html text;
ALTER TABLE mail_queue ADD COLUMN attachments jsonb;
