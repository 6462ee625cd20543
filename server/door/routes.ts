/**
 * The door's API (issue 43, app/lib/door/protocol.ts), under `/api/admin` (session and Origin: ../admin/routes.ts,
 * which lets a door volunteer's session reach nothing else):
 *
 * - `GET /door/list`: the event's attendees (no e-mail address, no phone number), the tickets' public key, the
 *   check-ins and the figures; compressed (gzip or br, as the phone accepts), never stored.
 * - `POST /door/sync`: a device's queued scans, each recorded once (./queries.ts recordScans); at most
 *   SCANS_PER_MINUTE scans a minute per session, beyond that 429 and, once a minute, an audit entry that the
 *   Attendees tab shows.
 * - `GET /door/search?q=`: someone without their phone, by name, e-mail or order reference.
 *
 * Audited: each sync batch (not each scan), each search (without its text: it may be an address), and a
 * session's first download of the list.
 */
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Context, Hono } from "hono";
import {
  DOORS,
  DoorSyncRequestSchema,
  MAX_SCANS_PER_MINUTE,
  MAX_SYNC_SCANS,
  type DoorListAnswer,
  type DoorSearchAnswer,
  type DoorSyncAnswer,
} from "../../app/lib/door/protocol";
import type { TicketsData } from "../../app/lib/build-outputs";
import { sha256 } from "../admin/accounts/queries";
import { audit } from "../admin/audit/queries";
import { badRequest, jsonBody, type AdminEnv, type AdminOptions } from "../admin/context";
import { acceptedEncodings } from "../static";
import { admissions, doorAttendees, doorFigures, recordScans, searchDoor, type Verdict } from "./queries";

/** More scans than this in a minute from one session is no person scanning: refused and reported. */
export const SCANS_PER_MINUTE = MAX_SCANS_PER_MINUTE;
const MINUTE = 60_000;
/** Sessions remembered (rate windows, first list downloads); past this the oldest is forgotten. */
const MAX_KEYS = 10_000;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export const planTitles = (data: TicketsData) =>
  Object.fromEntries(Object.entries(data.plans).map(([id, p]) => [id, p.title]));

/** A JSON answer compressed as the client accepts (the list of 5,000 people is about 450 KB as text). */
async function compressedJson(c: Context, value: unknown): Promise<Response> {
  const text = Buffer.from(JSON.stringify(value));
  const accepted = acceptedEncodings(c.req.header("accept-encoding"));
  const headers: Record<string, string> = {
    "Content-Type": "application/json; charset=utf-8",
    Vary: "Accept-Encoding",
  };
  if (accepted.has("br")) {
    // Quality 5: nearly gzip's speed, a smaller answer; 11 would take a second per request.
    const body = await brotliAsync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return c.body(new Uint8Array(body), 200, { ...headers, "Content-Encoding": "br" });
  }
  if (accepted.has("gzip"))
    return c.body(new Uint8Array(await gzipAsync(text)), 200, { ...headers, "Content-Encoding": "gzip" });
  return c.body(new Uint8Array(text), 200, headers);
}

/** What was wrong with a sync request, in words. */
function syncIssue(issue: { path: PropertyKey[]; code: string }): string {
  const field = issue.path.at(-1);
  const path = issue.path.reduce<string>(
    (text, p) => (typeof p === "number" ? `${text}[${p}]` : text ? `${text}.${String(p)}` : String(p)),
    "",
  );
  const where = path ? `${path}: ` : "";
  if (field === "code") return `${where}this is not a ticket's code.`;
  if (field === "id" || field === "device") return `${where}must be 8 to 64 letters, digits, - or _.`;
  if (field === "at") return `${where}must be a date and time with its offset (ISO 8601).`;
  if (field === "door") return `${where}must be one of ${DOORS.join(", ")}.`;
  if (field === "scans" && issue.code === "too_big") return `At most ${MAX_SYNC_SCANS} scans in one request.`;
  return `${where || "The request: "}this is not what the check-in page sends.`;
}

/** Scans per session and fixed minute; `reported`: the minute's excess was audited already. */
function scanLimiter(now: () => number) {
  const windows = new Map<string, { start: number; count: number; reported: boolean }>();
  return (key: string, scans: number) => {
    const t = now();
    let w = windows.get(key);
    if (!w || t - w.start >= MINUTE) {
      windows.delete(key);
      if (windows.size >= MAX_KEYS) windows.delete(windows.keys().next().value as string);
      w = { start: t, count: 0, reported: false };
      windows.set(key, w);
    }
    if (w.count + scans > SCANS_PER_MINUTE) {
      const report = !w.reported;
      w.reported = true;
      return { ok: false as const, report, retry: Math.max(1, Math.ceil((w.start + MINUTE - t) / 1000)) };
    }
    w.count += scans;
    return { ok: true as const };
  };
}

export function registerDoor(admin: Hono<AdminEnv>, options: AdminOptions): void {
  const { db } = options.database;
  const box = options.boxOffice;
  const now = options.now ?? Date.now;
  const limit = scanLimiter(now);
  const listed = new Set<string>();
  const noBox = (c: Context) => c.json({ error: "The box office is not running on this server." }, 503);
  const session = (c: Context<AdminEnv>) => sha256(c.get("token")).slice(0, 16);

  admin.get("/door/list", async (c) => {
    if (!box) return noBox(c);
    // Before the reads: a ticket sold meanwhile is "not in list yet" on the phone, never missed.
    const generatedAt = new Date(now()).toISOString();
    const [data, keys] = await Promise.all([box.plans(), box.signing()]);
    const titles = planTitles(data);
    const [attendees, checkedIn, figures] = await Promise.all([
      doorAttendees(db, data.event),
      admissions(db, data.event),
      doorFigures(db, data.event, titles),
    ]);
    const who = c.get("admin");
    if (!listed.has(session(c))) {
      if (listed.size >= MAX_KEYS) listed.clear();
      listed.add(session(c));
      await audit(db, {
        adminId: who.id,
        actor: who.email,
        action: "door-list",
        target: `session:${session(c)}`,
        detail: { attendees: attendees.length },
      });
    }
    const answer: DoorListAnswer = {
      event: data.event,
      publicKey: keys.publicKeyText,
      generatedAt,
      plans: Object.fromEntries(Object.entries(titles).map(([id, title]) => [id, { title }])),
      attendees,
      checkedIn,
      figures,
    };
    return compressedJson(c, answer);
  });

  admin.post("/door/sync", async (c) => {
    if (!box) return noBox(c);
    const body = await jsonBody(c);
    if (!body) return badRequest(c, "The scans must come as a JSON object, as the check-in page sends them.");
    const parsed = DoorSyncRequestSchema.safeParse(body);
    if (!parsed.success) return c.json({ error: syncIssue(parsed.error.issues[0]!) }, 422);
    const { device, door, scans } = parsed.data;
    const who = c.get("admin");
    const allowed = limit(session(c), scans.length);
    if (!allowed.ok) {
      if (allowed.report)
        await audit(db, {
          adminId: who.id,
          actor: who.email,
          action: "door-rate-limited",
          target: `device:${device}`,
          detail: { door, session: session(c), limit: SCANS_PER_MINUTE },
        });
      return c.json(
        {
          error: `More than ${SCANS_PER_MINUTE} scans a minute came from this phone: nobody scans that fast, so the rest waits ${allowed.retry} seconds. The organisers were told.`,
        },
        429,
        { "Retry-After": String(allowed.retry) },
      );
    }
    const data = await box.plans();
    const results = await recordScans(db, { event: data.event, device, door, adminId: who.id, scans }, new Date(now()));
    const tally: Partial<Record<Verdict, number>> = {};
    for (const r of results) tally[r.verdict] = (tally[r.verdict] ?? 0) + 1;
    if (results.length)
      await audit(db, {
        adminId: who.id,
        actor: who.email,
        action: "door-sync",
        target: `device:${device}`,
        detail: { door, scans: results.length, ...tally },
      });
    const answer: DoorSyncAnswer = { results, figures: await doorFigures(db, data.event, planTitles(data)) };
    return c.json(answer);
  });

  admin.get("/door/search", async (c) => {
    if (!box) return noBox(c);
    const q = (c.req.query("q") ?? "").trim();
    if (q.length < 2)
      return badRequest(c, "Type at least 2 letters of a name, an e-mail address or an order reference.");
    if (q.length > 200) return badRequest(c, "Search for at most 200 characters.");
    const data = await box.plans();
    const attendees = await searchDoor(db, data.event, q);
    const checkedIn = await admissions(
      db,
      data.event,
      attendees.map((a) => a[0]),
    );
    const who = c.get("admin");
    await audit(db, {
      adminId: who.id,
      actor: who.email,
      action: "door-search",
      detail: { results: attendees.length },
    });
    return c.json({ attendees, checkedIn } satisfies DoorSearchAnswer);
  });
}
