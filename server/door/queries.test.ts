/**
 * The door's queries (issue 43) on the embedded PostgreSQL and, with TEST_DATABASE_URL, on a database of its own
 * on that server: the cases of recordScans the routes' test does not reach (an undo before its scan, the same
 * phone twice, a clock ahead, one id twice in a batch) and the figures' ten-minute slots.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TicketsData } from "../../app/lib/build-outputs";
import { boxOfficeApp, registerFree, TEST_PLANS, type BoxOfficeApp } from "../../tests/fixtures/box-office-app";
import { databaseBackends } from "../../tests/fixtures/database-backends";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { checkInsOf, doorFigures, recordScans, type ScanBatch } from "./queries";

const PLANS: TicketsData = {
  ...TEST_PLANS,
  plans: { ...TEST_PLANS.plans, free: { ...TEST_PLANS.plans.free!, capacity: 10, maxPerOrder: 5 } },
};
const EVENT = PLANS.event;
const NOW = new Date("2026-12-01T06:00:00Z");

describe.each(databaseBackends("doorqueries"))("the door's queries on %s", (_name, open) => {
  let database: Database;
  let cleanup: () => void;
  let t: BoxOfficeApp;
  let codes: string[];
  let adminId: number;

  beforeAll(async () => {
    ({ database, cleanup } = await open());
    t = await boxOfficeApp("doorqueries", database, () => NOW.getTime(), PLANS);
    await registerFree(t.box, { plan: "free", quantity: 5, name: "Ada", email: "ada@example.org" });
    codes = rowsOf<{ code: string }>(await database.db.execute(sql`SELECT code FROM tickets ORDER BY position`)).map(
      (r) => r.code,
    );
    adminId = Number(rowsOf<{ id: string }>(await database.db.execute(sql`SELECT id FROM admins`))[0]!.id);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await database?.close();
    cleanup?.();
  });

  const batch = (device: string, scans: ScanBatch["scans"]): ScanBatch => ({
    event: EVENT,
    device,
    door: "Door 1",
    adminId,
    scans,
  });
  const kinds = async (code: string) => (await checkInsOf(database.db, code)).map((r) => `${r.device} ${r.kind}`);

  it("an undo that arrives before its scan: the scan, arriving later, admits nobody", async () => {
    const code = codes[0]!;
    const undo = await recordScans(
      database.db,
      batch("phone-a", [{ id: "undo-first-1", code, at: "2026-12-01T05:00:00Z", undo: true }]),
      NOW,
    );
    expect(undo).toEqual([{ id: "undo-first-1", verdict: "undone" }]);
    const late = await recordScans(
      database.db,
      batch("phone-a", [{ id: "undo-first-1", code, at: "2026-12-01T05:00:00Z" }]),
      NOW,
    );
    expect(late).toEqual([{ id: "undo-first-1", verdict: "undone" }]);
    expect(await kinds(code)).toEqual(["phone-a undone"]);
  });

  it("the same phone admitting a ticket again: 'already', nothing more recorded", async () => {
    const code = codes[1]!;
    const answers = await recordScans(
      database.db,
      batch("phone-a", [
        { id: "same-phone-1", code, at: "2026-12-01T05:00:00Z" },
        { id: "same-phone-2", code, at: "2026-12-01T05:01:00Z" },
        // One id twice in a batch is one scan.
        { id: "same-phone-1", code, at: "2026-12-01T05:00:00Z" },
      ]),
      NOW,
    );
    expect(answers.map((a) => a.verdict)).toEqual(["admitted", "already", "admitted"]);
    expect(answers[1]?.first).toEqual({ at: "2026-12-01T05:00:00.000Z", door: "Door 1" });
    expect(await kinds(code)).toEqual(["phone-a admission"]);
  });

  it("a phone whose clock runs ahead cannot win: its time is taken as no later than its arrival", async () => {
    const code = codes[2]!;
    await recordScans(database.db, batch("phone-a", [{ id: "ahead-0001", code, at: "2026-12-01T05:59:00Z" }]), NOW);
    // Far in the future: counted at NOW, after the real admission.
    const ahead = await recordScans(
      database.db,
      batch("phone-b", [{ id: "ahead-0002", code, at: "2027-01-01T00:00:00Z" }]),
      NOW,
    );
    expect(ahead[0]?.verdict).toBe("conflict");
    const rows = await checkInsOf(database.db, code);
    expect(rows.map((r) => new Date(r.scanned_at).toISOString())).toEqual([
      "2026-12-01T05:59:00.000Z",
      NOW.toISOString(),
    ]);
  });

  it("counts arrivals per ten minutes, empty slots as 0, and checked in / expected per plan", async () => {
    await recordScans(
      database.db,
      batch("phone-c", [{ id: "slots-0001", code: codes[3]!, at: "2026-12-01T05:31:00Z" }]),
      NOW,
    );
    const figures = await doorFigures(database.db, EVENT, { free: "Community", solo: "Solo" });
    // Admissions at 05:00 (same-phone-1), 05:31 and 05:59 (ahead-0001); the undone one does not count.
    expect(figures.arrivals).toEqual([
      { from: "2026-12-01T05:00:00.000Z", count: 1 },
      { from: "2026-12-01T05:10:00.000Z", count: 0 },
      { from: "2026-12-01T05:20:00.000Z", count: 0 },
      { from: "2026-12-01T05:30:00.000Z", count: 1 },
      { from: "2026-12-01T05:40:00.000Z", count: 0 },
      { from: "2026-12-01T05:50:00.000Z", count: 1 },
    ]);
    expect(figures.plans).toEqual([
      { id: "free", title: "Community", checkedIn: 3, expected: 5 },
      { id: "solo", title: "Solo", checkedIn: 0, expected: 0 },
    ]);
    expect(figures.conflicts.map((c) => c.code)).toEqual([codes[2]]);
    // Another event's figures hold none of these.
    expect((await doorFigures(database.db, "another-event", {})).arrivals).toEqual([]);
  });
});
