-- Issue 42, items 4 and 5: the waiting list's offers are holds naming their entry (ticket_holds.waitlist_id):
-- the open offer of an entry is found by it; the organisers' search reads orders by reference and e-mail.
CREATE INDEX ticket_holds_waitlist ON ticket_holds (waitlist_id) WHERE waitlist_id IS NOT NULL;
CREATE INDEX ticket_orders_plan ON ticket_orders (plan_id, status);
-- The name a person gives when joining (their order and first ticket carry it); optional.
ALTER TABLE ticket_waitlist ADD COLUMN name text;
