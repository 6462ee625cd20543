/**
 * The alerts' subscribers as announcement audiences (issue 44), on both databases: only confirmed addresses,
 * each once, those starring a session for "Everyone who starred session N", each with its alerts unsubscribe link.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseBackends } from "../../tests/fixtures/database-backends";
import { availableAudiences } from "../announcements/audiences";
import { secretHash } from "../secret";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import { liveSessionNames } from "./audiences";
import { unsubscribeAlerts } from "./queries";

const SITE = "https://tncc.example.org";

describe.each(databaseBackends("alert_audiences"))("alert audiences on %s", (_name, open) => {
  let database: Database;
  let cleanup: () => void;
  beforeAll(async () => {
    ({ database, cleanup } = await open());
    // Ann stars 3 and 5 on two devices' agendas; Bob stars 5; Cy has not confirmed; Di unsubscribed.
    const people: [string, string, string, number[]][] = [
      ["a1", "ann@example.org", "confirmed", [3, 5]],
      ["a2", "ann@example.org", "confirmed", [3]],
      ["b", "bob@example.org", "confirmed", [5]],
      ["c", "cy@example.org", "unconfirmed", [3]],
      ["d", "di@example.org", "unsubscribed", [3]],
    ];
    for (const [key, email, status, stars] of people) {
      await database.db.execute(sql`INSERT INTO agendas (secret_hash) VALUES (${key})`);
      await database.db.execute(sql`
        INSERT INTO alert_subscriptions (agenda_id, email, token_hash, status)
        SELECT id, ${email}, ${`hash-${key}`}, ${status} FROM agendas WHERE secret_hash = ${key}`);
      for (const n of stars)
        await database.db.execute(sql`
          INSERT INTO agenda_stars (agenda_id, session_number, starred, changed_at)
          SELECT id, ${n}, true, now() FROM agendas WHERE secret_hash = ${key}`);
    }
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    cleanup?.();
  });

  it("offers agenda subscribers and each starred session, with confirmed addresses once", async () => {
    const audiences = await availableAudiences(database.db);
    const byId = new Map(audiences.map((a) => [a.id, a]));
    expect([...byId.keys()]).toEqual(["newsletter", "agenda", "session:3", "session:5"]);
    const emails = async (id: string) => (await byId.get(id)!.recipients(database.db, SITE)).map((r) => r.email).sort();
    expect(await emails("agenda")).toEqual(["ann@example.org", "bob@example.org"]);
    expect(await emails("session:3")).toEqual(["ann@example.org"]);
    expect(await emails("session:5")).toEqual(["ann@example.org", "bob@example.org"]);
    // The three lists above made a link each (5); counting makes none.
    expect(await byId.get("session:5")!.count!(database.db)).toBe(2);
    expect(rowsOf(await database.db.execute(sql`SELECT 1 FROM alert_links`))).toHaveLength(5);
    // Each mail gets a link of its own, stored as its hash only; it stops that address's alerts.
    const [ann] = await byId.get("session:3")!.recipients(database.db, SITE);
    const link = /^https:\/\/tncc\.example\.org\/api\/alerts\/unsubscribe\?t=([\w-]{32})$/.exec(ann!.unsubscribeUrl!);
    expect(link).not.toBeNull();
    const hash = secretHash(link![1]!);
    expect(rowsOf(await database.db.execute(sql`SELECT 1 FROM alert_links WHERE token_hash = ${hash}`))).toHaveLength(
      1,
    );
    expect(await unsubscribeAlerts(database.db, link![1]!)).toEqual({ email: "ann@example.org" });
    expect(
      await unsubscribeAlerts(
        database.db,
        link![1]!.replace(/^./, (c) => (c === "A" ? "B" : "A")),
      ),
    ).toBeUndefined();
    const after = rowsOf<{ email: string; status: string }>(
      await database.db.execute(sql`SELECT email, status FROM alert_subscriptions WHERE email = 'ann@example.org'`),
    );
    expect(after.map((r) => r.status).sort()).toEqual(["confirmed", "unsubscribed"]);
    await database.db.execute(sql`UPDATE alert_subscriptions SET status = 'confirmed' WHERE email = 'ann@example.org'`);
  });

  it("names each session by its title and time from the live programme, and says who each kind is (issue 62)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "tncc-audience-names-"));
    try {
      const programme = {
        calendarName: "TNCC",
        calendarDomain: "tncc.example.org",
        location: "Hall",
        sessions: [
          { number: 3, dayId: 2, id: 3, title: "Networking and Mixer", startsAt: "2024-10-25T13:30:00-05:00" },
          { number: 4, dayId: 2, id: 4, title: "Evening Prayer", startsAt: "2024-10-25T16:00:00-05:00" },
        ],
      };
      writeFileSync(path.join(dir, BUILD_OUTPUTS.agendaSessions.file), JSON.stringify(programme));
      const names = await liveSessionNames(() => dir)();
      const audiences = await availableAudiences(database.db, undefined, names);
      expect(audiences.map((a) => [a.id, a.label, a.reason])).toEqual([
        ["newsletter", "Newsletter subscribers", "you subscribed to the TNCC newsletter"],
        ["agenda", "Agenda subscribers", "you asked to be told when your agenda changes"],
        [
          "session:3",
          "Everyone who starred Networking and Mixer, Fri 25 Oct 13:30",
          "you starred Networking and Mixer in your agenda",
        ],
        // Not in the live programme (taken out since): named by its number.
        ["session:5", "Everyone who starred session 5", "you starred session 5 in your agenda"],
      ]);
      expect(audiences.find((a) => a.id === "agenda")!.about).toMatch(
        /^People who keep an agenda on this site and asked to be e-mailed/,
      );
      expect(audiences.find((a) => a.id === "session:3")!.about).toBe(
        "Agenda subscribers who starred this session in their agenda.",
      );
      // Without a readable programme, sessions are named by number.
      expect((await liveSessionNames(() => path.join(dir, "missing"))()).size).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("leaves out an address that unsubscribed before its turn", async () => {
    const [agenda] = await availableAudiences(database.db).then((all) => all.filter((a) => a.id === "agenda"));
    await database.db.execute(
      sql`UPDATE alert_subscriptions SET status = 'unsubscribed' WHERE email = 'bob@example.org'`,
    );
    expect([...(await agenda!.stillIn!(database.db, ["ann@example.org", "bob@example.org"]))]).toEqual([
      "ann@example.org",
    ]);
  });
});
