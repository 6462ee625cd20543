/**
 * What the door reads and writes (issue 43): the event's tickets as a door sees them (no e-mail address, no
 * phone number), its check-ins (migration 010's `check_ins`), the live figures, and a batch of scans recorded
 * once. The event is the live build's (tickets.json); a ticket's event is the second part of its signed payload,
 * so a ticket of another year's event is "unknown" here. Every text is a bound value.
 */
import { sql, type SQL } from "drizzle-orm";
import type { CheckIn, DoorAttendee, DoorFigures, DoorScan } from "../../app/lib/door/protocol";
import { ticketReference } from "../../app/lib/tickets/orders";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import { checkIns, type CheckInKind } from "../db/schema";
import { referenceId, shortCodeKey, ticketCodeKey } from "../../app/lib/door/lookup";
import { oneAway } from "../../app/lib/tickets/short-code";
import { escapeLike } from "../db/sql";

/** Arrivals are counted per ten minutes, the last day's worth at most (a device with a wrong clock adds no rows). */
const SLOT_MS = 10 * 60_000;
const MAX_SLOTS = 144;
/** At most this many people answer a search. */
export const SEARCH_LIMIT = 20;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
const ofEvent = (event: string) => sql`split_part(t.payload, '.', 2) = ${event}`;
const inList = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

interface RawAttendee {
  code: string;
  short_code: string;
  name: string;
  plan_id: string;
  order_id: number | string;
  position: number;
  of: number | string;
  valid: boolean;
}

/** A ticket's name is its holder's when named, else the buyer's; a ticket of a cancelled or refunded order is cancelled. */
async function attendees(db: Db, event: string, where: SQL, limit?: number): Promise<DoorAttendee[]> {
  const rows = rowsOf<RawAttendee>(
    await db.execute(sql`
      SELECT t.code, t.short_code, coalesce(nullif(btrim(t.holder_name), ''), o.name) AS name, t.plan_id, t.order_id, t.position,
        (SELECT count(*) FROM tickets x WHERE x.order_id = t.order_id)::int AS of,
        (t.status = 'valid' AND o.status = 'paid') AS valid
      FROM tickets t JOIN ticket_orders o ON o.id = t.order_id
      WHERE ${ofEvent(event)} AND (${where})
      ORDER BY t.order_id, t.position ${limit ? sql`LIMIT ${limit}` : sql``}`),
  );
  return rows.map((r) => [
    r.code,
    r.name,
    r.plan_id,
    ticketReference(Number(r.order_id)),
    Number(r.position),
    Number(r.of),
    r.valid ? "valid" : "cancelled",
    r.short_code,
  ]);
}

/** Every ticket of the event, valid and cancelled, by order. */
export const doorAttendees = (db: Db, event: string) => attendees(db, event, sql`true`);

/**
 * People by a part of a name (holder's or buyer's), or by a whole e-mail address (buyer's or holder's, in any
 * case), order reference (TNCC-T000042, T42) or ticket code (the one printed under the QR, in any case:
 * app/lib/door/lookup.ts, as the phone's list and the Attendees tab read it): at most SEARCH_LIMIT tickets, of any
 * order (paid by card, pending, issued by hand). The answer names no address, though an address finds it; and only
 * a whole one does, so nobody can learn an address a letter at a time from what a part of it finds (issue 50).
 */
export function searchDoor(db: Db, event: string, q: string): Promise<DoorAttendee[]> {
  const text = q.trim();
  const like = `%${escapeLike(text)}%`;
  const ref = referenceId(text);
  const code = ticketCodeKey(text);
  const short = shortCodeKey(text);
  return attendees(
    db,
    event,
    sql`t.holder_name ILIKE ${like} OR o.name ILIKE ${like}
      OR lower(o.email) = lower(${text}) OR lower(t.holder_email) = lower(${text})
      ${code !== null ? sql`OR lower(t.code) = ${code}` : sql``}
      ${short !== null ? sql`OR t.short_code = ${short}` : sql``}
      ${ref !== null ? sql`OR o.id = ${ref}` : sql``}`,
    SEARCH_LIMIT,
  );
}

/**
 * A short code typed with one character wrong (issue 61): the one ticket of the event whose short code is one
 * character away (app/lib/tickets/short-code.ts oneAway: 8 × 31 codes, found through the unique index), to offer
 * "Did you mean …?"; null when the search is no short code, or none or two tickets are that near.
 */
export async function suggestDoor(db: Db, event: string, q: string): Promise<DoorAttendee | null> {
  const short = shortCodeKey(q.trim());
  if (short === null) return null;
  const near = await attendees(db, event, sql`t.short_code IN (${inList(oneAway(short))})`, 2);
  return near.length === 1 ? near[0]! : null;
}

/**
 * A fingerprint of everything the door's list shows (issue 50): each ticket as the list reads it (its event, name,
 * plan, place, status, its order's name and status) and each check-in. A ticket named, an order cancelled or a
 * check-in undone changes a row in place and leaves no time behind, so a count or a latest time would miss it:
 * the rows are read inside the database, and only their digest comes back.
 */
export async function doorListVersion(db: Db): Promise<string> {
  const [row] = rowsOf<{ tickets: string | null; check_ins: string | null }>(
    await db.execute(sql`
      SELECT
        (SELECT md5(string_agg(
            ROW(t.code, t.payload, t.holder_name, t.plan_id, t.order_id, t.position, t.status, o.name, o.status)::text,
            ',' ORDER BY t.code))
          FROM tickets t JOIN ticket_orders o ON o.id = t.order_id) AS tickets,
        (SELECT md5(string_agg(ROW(c.scan_id, c.code, c.kind, c.door, c.scanned_at)::text, ',' ORDER BY c.scan_id))
          FROM check_ins c) AS check_ins`),
  );
  return `${row?.tickets ?? "-"}.${row?.check_ins ?? "-"}`;
}

/** The volunteer who admitted a ticket, as organisers name each other (accounts/queries.ts nameOf); admins `a`. */
export const volunteerName = sql`coalesce(nullif(btrim(a.display_name), ''), split_part(a.email, '@', 1))`;

async function admitted(db: Db, where: SQL): Promise<Record<string, CheckIn>> {
  const rows = rowsOf<{ code: string; scanned_at: string | Date; door: string; by: string | null }>(
    await db.execute(sql`
      SELECT c.code, c.scanned_at, c.door, ${volunteerName} AS by
      FROM check_ins c JOIN tickets t ON t.code = c.code LEFT JOIN admins a ON a.id = c.admin_id
      WHERE c.kind = 'admission' AND ${where}`),
  );
  return Object.fromEntries(
    rows.map((r) => [
      r.code,
      { at: new Date(r.scanned_at).toISOString(), door: r.door, ...(r.by ? { by: r.by } : {}) },
    ]),
  );
}

/**
 * Code -> its admission (the check-in that counts: when, at which door, by which volunteer), for the event's
 * tickets admitted (of `codes`, when given).
 */
export async function admissions(db: Db, event: string, codes?: string[]): Promise<Record<string, CheckIn>> {
  if (codes && codes.length === 0) return {};
  return admitted(db, sql`${ofEvent(event)} ${codes ? sql`AND c.code IN (${inList(codes)})` : sql``}`);
}

/** The admissions of an order's tickets, whatever their event (the Attendees tab's order, issue 53). */
export const orderAdmissions = (db: Db, orderId: number) => admitted(db, sql`t.order_id = ${orderId}`);

/**
 * The live figures: per plan checked in / expected (valid tickets; a ticket cancelled after it came in no longer
 * counts), arrivals per ten minutes by the admission's time (empty slots shown as 0), and the conflicts: tickets
 * admitted at two doors, the earlier admission first.
 */
export async function doorFigures(db: Db, event: string, titles: Record<string, string>): Promise<DoorFigures> {
  const [plans, slots, conflicting] = await Promise.all([
    db.execute(sql`
      SELECT t.plan_id, count(*) FILTER (WHERE t.status = 'valid' AND o.status = 'paid')::int AS expected,
        count(c.code) FILTER (WHERE t.status = 'valid' AND o.status = 'paid')::int AS checked_in
      FROM tickets t JOIN ticket_orders o ON o.id = t.order_id
        LEFT JOIN check_ins c ON c.code = t.code AND c.kind = 'admission'
      WHERE ${ofEvent(event)} GROUP BY t.plan_id`),
    db.execute(sql`
      SELECT (floor(extract(epoch FROM c.scanned_at) * 1000 / ${SLOT_MS}) * ${SLOT_MS})::bigint AS slot,
        count(*)::int AS count
      FROM check_ins c JOIN tickets t ON t.code = c.code
      WHERE c.kind = 'admission' AND ${ofEvent(event)} GROUP BY 1 ORDER BY 1`),
    db.execute(sql`
      SELECT c.code, coalesce(nullif(btrim(t.holder_name), ''), o.name) AS name, c.kind, c.scanned_at, c.door
      FROM check_ins c JOIN tickets t ON t.code = c.code JOIN ticket_orders o ON o.id = t.order_id
      WHERE c.kind IN ('admission', 'conflict') AND ${ofEvent(event)}
        AND c.code IN (SELECT code FROM check_ins WHERE kind = 'conflict')
      ORDER BY c.code, c.kind, c.scanned_at`),
  ]);
  const counts = new Map(
    rowsOf<{ plan_id: string; expected: number; checked_in: number }>(plans).map((r) => [r.plan_id, r]),
  );
  const ids = [...new Set([...Object.keys(titles), ...counts.keys()])];
  const byPlan = ids.map((id) => ({
    id,
    title: titles[id] ?? id,
    checkedIn: counts.get(id)?.checked_in ?? 0,
    expected: counts.get(id)?.expected ?? 0,
  }));

  const seen = new Map(rowsOf<{ slot: string | number; count: number }>(slots).map((r) => [Number(r.slot), r.count]));
  const last = Math.max(...seen.keys());
  const arrivals: DoorFigures["arrivals"] = [];
  if (seen.size)
    for (let slot = Math.max(Math.min(...seen.keys()), last - (MAX_SLOTS - 1) * SLOT_MS); slot <= last; slot += SLOT_MS)
      arrivals.push({ from: new Date(slot).toISOString(), count: seen.get(slot) ?? 0 });

  const conflicts = new Map<string, DoorFigures["conflicts"][number]>();
  for (const r of rowsOf<{ code: string; name: string; kind: CheckInKind; scanned_at: string | Date; door: string }>(
    conflicting,
  )) {
    const at = { at: new Date(r.scanned_at).toISOString(), door: r.door };
    const entry = conflicts.get(r.code);
    // "admission" sorts before "conflict": the one that counts comes first.
    if (!entry) conflicts.set(r.code, { code: r.code, name: r.name, first: at, later: [] });
    else entry.later.push(at);
  }
  return { plans: byPlan, arrivals, conflicts: [...conflicts.values()] };
}

export type Verdict = "admitted" | "already" | "conflict" | "undone" | "unknown" | "cancelled";
export interface ScanResult {
  id: string;
  verdict: Verdict;
  first?: CheckIn;
}

interface Row {
  scanId: string;
  code: string;
  device: string;
  door: string;
  adminId: number | null;
  scannedAt: Date;
  kind: CheckInKind;
}

export interface ScanBatch {
  event: string;
  device: string;
  door: string;
  adminId: number;
  scans: DoorScan[];
}

/**
 * Records a device's batch, each scan once (its id is the key: a replayed batch records nothing and gets the same
 * answers), in one transaction that first locks the batch's tickets (in code order, so two batches naming the
 * same tickets take turns without a deadlock):
 *
 * - a code that is not a ticket of this event: "unknown"; a ticket cancelled or refunded: "cancelled" (neither is
 *   recorded: nothing was admitted);
 * - the ticket's first admission: "admitted"; a later one from another device: kept as a "conflict" (the answer
 *   names the admission); a scan whose device time is earlier than the stored admission becomes the admission and
 *   the stored one the conflict (the earlier wins). The device's time is taken as it is, but never later than
 *   the moment it arrives. The same device admitting a ticket again: "already" (nothing recorded);
 * - an undo (the id of one of this device's scans): that scan becomes "undone"; if it was the admission, the
 *   earliest conflict of the ticket, if any, becomes the admission. An undo that arrives before its scan is
 *   recorded as undone, so the scan arriving later admits nobody.
 */
export async function recordScans(db: Db, batch: ScanBatch, now: Date): Promise<ScanResult[]> {
  if (!batch.scans.length) return [];
  return db.transaction(async (tx) => {
    const codes = [...new Set(batch.scans.map((s) => s.code))].sort();
    const ids = [...new Set(batch.scans.map((s) => s.id))];
    const tickets = new Map(
      rowsOf<{ code: string; valid: boolean }>(
        await tx.execute(sql`
          SELECT t.code, (t.status = 'valid' AND o.status = 'paid') AS valid
          FROM tickets t JOIN ticket_orders o ON o.id = t.order_id
          WHERE t.code IN (${inList(codes)}) AND ${ofEvent(batch.event)}
          ORDER BY t.code FOR UPDATE OF t`),
      ).map((r) => [r.code, r.valid]),
    );
    const stored = await tx.execute(sql`
      SELECT scan_id, code, device, door, admin_id, scanned_at, kind FROM check_ins
      WHERE code IN (${inList(codes)}) OR scan_id IN (${inList(ids)})`);
    const byId = new Map<string, Row>();
    for (const r of rowsOf<{
      scan_id: string;
      code: string;
      device: string;
      door: string;
      admin_id: number | string | null;
      scanned_at: string | Date;
      kind: CheckInKind;
    }>(stored))
      byId.set(r.scan_id, {
        scanId: r.scan_id,
        code: r.code,
        device: r.device,
        door: r.door,
        adminId: r.admin_id === null ? null : Number(r.admin_id),
        scannedAt: new Date(r.scanned_at),
        kind: r.kind,
      });
    const before = new Map([...byId].map(([id, r]) => [id, r.kind]));
    const added = new Set<string>();
    const rowsOfCode = (code: string) => [...byId.values()].filter((r) => r.code === code);
    const admissionOf = (code: string) => rowsOfCode(code).find((r) => r.kind === "admission");
    const unrecorded = new Map<string, ScanResult>();

    for (const scan of batch.scans) {
      const row = byId.get(scan.id);
      const known = tickets.get(scan.code);
      const at = new Date(Math.min(Date.parse(scan.at), now.getTime()));
      const fresh = (kind: CheckInKind) => {
        const { device, door, adminId } = batch;
        byId.set(scan.id, { scanId: scan.id, code: scan.code, device, door, adminId, scannedAt: at, kind });
        added.add(scan.id);
        unrecorded.delete(scan.id);
      };
      if (scan.undo) {
        if (row) {
          if (row.device !== batch.device || row.kind === "undone") continue;
          const wasAdmission = row.kind === "admission";
          row.kind = "undone";
          const next = rowsOfCode(row.code)
            .filter((r) => r.kind === "conflict")
            .sort((a, b) => a.scannedAt.getTime() - b.scannedAt.getTime())[0];
          if (wasAdmission && next) next.kind = "admission";
        } else if (known !== undefined) fresh("undone");
        else unrecorded.set(scan.id, { id: scan.id, verdict: "undone" });
        continue;
      }
      if (row) continue;
      if (known === undefined) unrecorded.set(scan.id, { id: scan.id, verdict: "unknown" });
      else if (!known) unrecorded.set(scan.id, { id: scan.id, verdict: "cancelled" });
      else {
        const admission = admissionOf(scan.code);
        if (!admission) fresh("admission");
        else if (admission.device === batch.device)
          unrecorded.set(scan.id, { id: scan.id, verdict: "already", first: checkInOf(admission) });
        else if (at < admission.scannedAt) {
          admission.kind = "conflict";
          fresh("admission");
        } else fresh("conflict");
      }
    }

    // Demotions before promotions, then the new rows: at no moment has a ticket two admissions (a unique index).
    const changed = [...byId.values()].filter((r) => !added.has(r.scanId) && before.get(r.scanId) !== r.kind);
    changed.sort((a, b) => Number(a.kind === "admission") - Number(b.kind === "admission"));
    for (const r of changed) await tx.execute(sql`UPDATE check_ins SET kind = ${r.kind} WHERE scan_id = ${r.scanId}`);
    const rows = [...added].map((id) => byId.get(id)!);
    if (rows.length)
      await tx
        .insert(checkIns)
        .values(rows.map((r) => ({ ...r, receivedAt: now })))
        .onConflictDoNothing();

    return batch.scans.map((scan): ScanResult => {
      const row = byId.get(scan.id);
      if (!row) return unrecorded.get(scan.id) ?? { id: scan.id, verdict: "unknown" };
      if (scan.undo) return { id: scan.id, verdict: row.device === batch.device ? "undone" : "unknown" };
      if (row.kind === "admission") return { id: scan.id, verdict: "admitted" };
      if (row.kind === "undone") return { id: scan.id, verdict: "undone" };
      const admission = admissionOf(row.code);
      return { id: scan.id, verdict: "conflict", ...(admission ? { first: checkInOf(admission) } : {}) };
    });
  });
}

const checkInOf = (r: Pick<Row, "scannedAt" | "door">): CheckIn => ({ at: r.scannedAt.toISOString(), door: r.door });

/** For tests: every check-in of a ticket, by device time. */
export async function checkInsOf(db: Db | Tx, code: string) {
  return rowsOf<{ scan_id: string; device: string; door: string; kind: CheckInKind; scanned_at: Date }>(
    await db.execute(
      sql`SELECT scan_id, device, door, kind, scanned_at FROM check_ins WHERE code = ${code} ORDER BY scanned_at`,
    ),
  );
}

/**
 * The last reports of a phone that sent too many scans (audit entries "door-rate-limited"), newest first; who
 * by their name (issue 62), null once their account is removed.
 */
export async function doorReports(db: Db, limit = 20) {
  const rows = rowsOf<{
    created_at: string | Date;
    actor: string | null;
    target: string | null;
    detail: { door?: string } | null;
  }>(
    await db.execute(sql`
      SELECT l.created_at, ${volunteerName} AS actor, l.target, l.detail
      FROM audit_log l LEFT JOIN admins a ON a.id = l.admin_id
      WHERE l.action = 'door-rate-limited'
      ORDER BY l.id DESC LIMIT ${limit}`),
  );
  return rows.map((r) => ({
    at: new Date(r.created_at).toISOString(),
    who: r.actor,
    device: (r.target ?? "").replace(/^device:/, ""),
    door: r.detail?.door ?? "",
  }));
}
