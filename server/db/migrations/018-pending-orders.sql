-- Issue 53: every way a person pays. A hold and its order say how they are paid (`payment_method`: "card" through
-- the provider's hosted checkout, "later" by bank transfer, cash or cheque, "manual" for tickets the organisers
-- issue by hand). A "pay later" order exists from the start as "pending" (its reference and its page), with its
-- deadline (`due_at`); one reminder after it (`reminded_at`), then "released". The organiser marks it paid: the
-- amount and how it came are kept. Each order's timeline (created, paid, mailed, refunded...) is a row per step.
ALTER TABLE ticket_holds ADD COLUMN payment_method text;
ALTER TABLE ticket_orders ADD COLUMN payment_method text;
ALTER TABLE ticket_orders ADD COLUMN paid_by text;
ALTER TABLE ticket_orders ADD COLUMN paid_at timestamptz;
ALTER TABLE ticket_orders ADD COLUMN due_at timestamptz;
ALTER TABLE ticket_orders ADD COLUMN reminded_at timestamptz;
ALTER TABLE ticket_orders ADD COLUMN released_at timestamptz;
ALTER TABLE ticket_orders ADD COLUMN manual boolean NOT NULL DEFAULT false;
CREATE INDEX ticket_orders_pending ON ticket_orders (due_at) WHERE status = 'pending';
CREATE TABLE ticket_order_events (
  id bigserial PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES ticket_orders (id) ON DELETE CASCADE,
  kind text NOT NULL,
  actor text,
  detail jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ticket_order_events_order ON ticket_order_events (order_id, id);
