/**
 * The door's API (issue 43, app/lib/door/protocol.ts), under `/api/admin` (session and Origin: ../admin/routes.ts,
 * which lets a door volunteer's session reach nothing else):
 *
 * - `GET /door/list`: the event's attendees (no e-mail address, no phone number), the tickets' public key, the
 *   check-ins and the figures, and the asking volunteer's shift now, on which it marks them arrived (issue 66); compressed (gzip or br, as the phone accepts), never stored by the browser. The
 *   last one built is sent again, as it was, while nothing it shows has changed (./queries.ts doorListVersion).
 *   At most LISTS_PER_MINUTE a minute per account.
 * - `POST /door/sync`: a device's queued scans, each recorded once (./queries.ts recordScans); at most
 *   SCANS_PER_MINUTE scans a minute per account, beyond that 429 and, once a minute, an audit entry that the
 *   Attendees tab shows.
 * - `GET /door/search?q=`: someone without their phone, by name, or by a whole e-mail address, order reference or
 *   ticket code; at most SEARCHES_PER_MINUTE a minute per account.
 *
 * The limits count per account (issue 50), not per session: signing in again starts no new minute. In memory as a
 * first line, and in the database (rate_limits: door-scans, door-searches, door-lists), so every server counts the
 * same minute and a restart forgets none (issue 54); the excess is audited once a minute whichever server sees it.
 *
 * Audited: each sync batch (not each scan), each search (without its text: it may be an address), and a
 * session's first download of the list.
 */
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Context, Hono } from "hono";
import * as api from "../../app/api/admin/door";
import { MAX_SCANS_PER_MINUTE, type DoorListAnswer } from "../../app/lib/door/protocol";
import { planTitles } from "../../app/lib/tickets/plans";
import { secretHash } from "../secret";
import { audit } from "../admin/audit/queries";
import { organiserFeature, serve, type AdminEnv, type AdminOptions } from "../admin";
import type { ServerContext } from "../context";
import { limitBody } from "../headers";
import type { Db } from "../db/client";
import { countRequest, spendBudget } from "../limits/queries";
import { acceptedEncodings } from "../static";
import { doorShiftNow, markArrived } from "../shifts";
import {
  admissions,
  doorAttendees,
  doorFigures,
  doorListVersion,
  recordScans,
  searchDoor,
  suggestDoor,
  type Verdict,
} from "./queries";

/** More scans than this in a minute from one account is no person scanning: refused and reported. */
export const SCANS_PER_MINUTE = MAX_SCANS_PER_MINUTE;
/**
 * Searches a minute per account (issue 50): a door looks up a few people a minute; a script guessing names,
 * addresses or codes needs thousands.
 */
export const SEARCHES_PER_MINUTE = 60;
/** Lists a minute per account (issue 50): the check-in page takes it once a minute, and when the network returns. */
export const LISTS_PER_MINUTE = 30;
const MINUTE = 60_000;
/** Accounts and sessions remembered (rate windows, first list downloads); past this the oldest is forgotten. */
const MAX_KEYS = 10_000;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

type Encoding = "br" | "gzip" | "identity";

/** A JSON text compressed (the list of 5,000 people is about 450 KB as text). */
async function encode(text: Buffer, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> {
  // Quality 5: nearly gzip's speed, a smaller answer; 11 would take a second per request.
  if (encoding === "br")
    return new Uint8Array(await brotliAsync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  if (encoding === "gzip") return new Uint8Array(await gzipAsync(text));
  return new Uint8Array(text);
}

/** The list as last built (issue 50), with each encoding made of it so far. */
interface BuiltList {
  /** What it was built from: the database's fingerprint, the event, the tickets' key and the plans. */
  key: string;
  attendees: number;
  text: Buffer;
  encoded: Partial<Record<Encoding, Uint8Array<ArrayBuffer>>>;
}

/**
 * Counts per account and minute (issue 50: by account, so signing in again starts no new minute), in memory then in
 * the database (`name` in rate_limits), a refused request counted in neither; `reported`: the minute's excess was
 * audited already (by this server in memory; by any, through the database's `name-reported` count).
 */
function minuteLimiter(now: () => number, perMinute: number, db: Db, name: string) {
  const windows = new Map<number, { start: number; count: number; reported: boolean }>();
  const refuse = async (account: number, w: { reported: boolean }, t: number, retry: number) => {
    let report = !w.reported;
    w.reported = true;
    if (report) report = (await countRequest(db, `${name}-reported:${account}`, 1, MINUTE, t)).allowed;
    return { ok: false as const, report, retry };
  };
  return async (account: number, count = 1) => {
    const t = now();
    let w = windows.get(account);
    if (!w || t - w.start >= MINUTE) {
      windows.delete(account);
      if (windows.size >= MAX_KEYS) windows.delete(windows.keys().next().value as number);
      w = { start: t, count: 0, reported: false };
      windows.set(account, w);
    }
    // Past the limit here is past it everywhere: refused without counting in the database.
    if (w.count + count > perMinute)
      return refuse(account, w, t, Math.max(1, Math.ceil((w.start + MINUTE - t) / 1000)));
    w.count += count;
    const spent = await spendBudget(db, `${name}:${account}`, count, perMinute, MINUTE, t);
    if (spent.allowed) return { ok: true as const };
    w.count -= count;
    return refuse(account, w, t, spent.retryAfter);
  };
}

export function registerDoor(admin: Hono<AdminEnv>, options: AdminOptions): void {
  const { db } = options.database;
  const box = options.boxOffice;
  const now = options.now ?? Date.now;
  const scanLimit = minuteLimiter(now, SCANS_PER_MINUTE, db, "door-scans");
  const searchLimit = minuteLimiter(now, SEARCHES_PER_MINUTE, db, "door-searches");
  const listLimit = minuteLimiter(now, LISTS_PER_MINUTE, db, "door-lists");
  const listed = new Set<string>();
  let built: BuiltList | undefined;
  const noBox = (c: Context) => c.json({ error: "The box office is not running on this server." }, 503);
  const session = (c: Context<AdminEnv>) => secretHash(c.get("token")).slice(0, 16);
  const tooMany = (c: Context, error: string, retry: number) =>
    c.json({ error }, 429, { "Retry-After": String(retry) });

  /** The list, built again only when something it shows has changed since the last one (issue 50). */
  async function doorList(office: NonNullable<typeof box>): Promise<BuiltList> {
    // Before the reads: a ticket sold meanwhile is "not in list yet" on the phone, never missed. The
    // fingerprint too: a change after it makes the next one differ, so a list is never kept past a change.
    const generatedAt = new Date(now()).toISOString();
    const [data, keys, version] = await Promise.all([office.plans(), office.signing(), doorListVersion(db)]);
    const titles = planTitles(data);
    const key = JSON.stringify([version, data.event, data.timeZone, keys.publicKeyText, titles]);
    // The list kept says when its data was read (generatedAt): still true, as nothing has changed since.
    if (built?.key === key) return built;
    const [attendees, checkedIn, figures] = await Promise.all([
      doorAttendees(db, data.event),
      admissions(db, data.event),
      doorFigures(db, data.event, titles),
    ]);
    const answer: DoorListAnswer = {
      event: data.event,
      publicKey: keys.publicKeyText,
      generatedAt,
      timeZone: data.timeZone,
      plans: Object.fromEntries(Object.entries(titles).map(([id, title]) => [id, { title }])),
      attendees,
      checkedIn,
      figures,
    };
    built = { key, attendees: attendees.length, text: Buffer.from(JSON.stringify(answer)), encoded: {} };
    return built;
  }

  // The list is sent as it was built and compressed (a Response): its schema is the browser's to check.
  serve(admin, api.doorList, async (c) => {
    if (!box) return noBox(c);
    const who = c.get("admin");
    const allowed = await listLimit(who.id);
    if (!allowed.ok)
      return tooMany(
        c,
        `The attendee list was asked for more than ${LISTS_PER_MINUTE} times a minute with this account: the phone keeps the one it has, and can take it again in ${allowed.retry} seconds.`,
        allowed.retry,
      );
    const list = await doorList(box);
    if (!listed.has(session(c))) {
      if (listed.size >= MAX_KEYS) listed.clear();
      listed.add(session(c));
      await audit(db, {
        adminId: who.id,
        actor: who.email,
        action: "door-list",
        target: `session:${session(c)}`,
        detail: { attendees: list.attendees },
      });
    }
    // Issue 66: taking the list signs a volunteer in at the door, so it marks them arrived on their shift now,
    // and their answer carries that shift (the list kept for everyone stays as it is).
    const at = new Date(now());
    const zone = (await box.plans()).timeZone;
    const shift = await doorShiftNow(db, zone, who.id, at, await markArrived(db, who.id, at));
    const accepted = acceptedEncodings(c.req.header("accept-encoding"));
    const encoding: Encoding = accepted.has("br") ? "br" : accepted.has("gzip") ? "gzip" : "identity";
    const body = shift
      ? await encode(
          Buffer.concat([Buffer.from(`{"shift":${JSON.stringify(shift)},`), list.text.subarray(1)]),
          encoding,
        )
      : (list.encoded[encoding] ??= await encode(list.text, encoding));
    return c.body(body, 200, {
      "Content-Type": "application/json; charset=utf-8",
      Vary: "Accept-Encoding",
      ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }),
    });
  });

  serve(admin, api.doorSync, async (c, { body }) => {
    if (!box) return noBox(c);
    const { device, door, scans } = body;
    const who = c.get("admin");
    const allowed = await scanLimit(who.id, scans.length);
    if (!allowed.ok) {
      if (allowed.report)
        await audit(db, {
          adminId: who.id,
          actor: who.email,
          action: "door-rate-limited",
          target: `device:${device}`,
          detail: { door, session: session(c), limit: SCANS_PER_MINUTE },
        });
      return tooMany(
        c,
        `More than ${SCANS_PER_MINUTE} scans a minute came from this phone: nobody scans that fast, so the rest waits ${allowed.retry} seconds. The organisers were told.`,
        allowed.retry,
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
    return { results, figures: await doorFigures(db, data.event, planTitles(data)) };
  });

  serve(admin, api.doorSearch, async (c, { query }) => {
    if (!box) return noBox(c);
    const { q } = query;
    const who = c.get("admin");
    const allowed = await searchLimit(who.id);
    if (!allowed.ok)
      return tooMany(
        c,
        `More than ${SEARCHES_PER_MINUTE} searches a minute with this account: nobody looks people up that fast at a door, so the next search waits ${allowed.retry} seconds. The list on the phone still finds people by name and order reference meanwhile.`,
        allowed.retry,
      );
    const data = await box.plans();
    const attendees = await searchDoor(db, data.event, q);
    // Nobody found: a short code one character away from a single ticket's is offered (issue 61).
    const suggestion = attendees.length ? null : await suggestDoor(db, data.event, q);
    const checkedIn = await admissions(
      db,
      data.event,
      [...attendees, ...(suggestion ? [suggestion] : [])].map((a) => a[0]),
    );
    await audit(db, {
      adminId: who.id,
      actor: who.email,
      action: "door-search",
      detail: { results: attendees.length },
    });
    return { attendees, checkedIn, ...(suggestion ? { suggestion } : {}) };
  });
}

/** A door device's batch of scans (issue 43): up to MAX_SYNC_SCANS scans of about 150 bytes each, JSON. */
const DOOR_SYNC_LIMIT = 128 * 1024;

/** The door (issue 43): organisers' routes only, which a door volunteer's session reaches. */
export const routes = (ctx: ServerContext) =>
  organiserFeature(ctx, registerDoor, { "/api/admin/door/sync": limitBody(DOOR_SYNC_LIMIT) });
