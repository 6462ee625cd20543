-- Paid sponsor-token orders, recorded from the payment provider's webhook (issue 18). The event id makes a
-- replayed webhook store nothing new; the checkout session id links /success?session_id=... to its order.
CREATE TABLE orders (
  id bigserial PRIMARY KEY,
  stripe_event_id text NOT NULL UNIQUE,
  stripe_session_id text NOT NULL UNIQUE,
  token_id text,
  amount_minor integer NOT NULL,
  currency text NOT NULL,
  email text,
  name text,
  status text NOT NULL DEFAULT 'paid',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_created ON orders (created_at);
CREATE INDEX orders_email ON orders (lower(email));
