-- Issue 61: each ticket's short code, printed large under its QR and typed at the door: 8 characters of Crockford's
-- base32 (app/lib/tickets/short-code.ts), unique. The long code stays the ticket's key and inside its signed QR
-- text. Tickets made before get theirs here: the n-th ticket's number times an odd constant plus a random offset,
-- modulo 2^40, is different for every ticket, written as 8 characters of the alphabet.
ALTER TABLE tickets ADD COLUMN short_code text;
UPDATE tickets SET short_code = s.c FROM (
  SELECT r.code, (
    SELECT string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (((r.n * 549755813881 + k.k) % 1099511627776) >> (5 * i) & 31)::int + 1, 1), '' ORDER BY i DESC)
    FROM generate_series(0, 7) AS i) AS c
  FROM (SELECT code, row_number() OVER (ORDER BY created_at, code) AS n FROM tickets) AS r,
    (SELECT floor(random() * 1099511627776)::bigint AS k) AS k
) AS s WHERE s.code = tickets.code;
ALTER TABLE tickets ALTER COLUMN short_code SET NOT NULL;
CREATE UNIQUE INDEX tickets_short_code ON tickets (short_code);
