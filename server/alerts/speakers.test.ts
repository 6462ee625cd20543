/**
 * Issue 63, item 2: speakers told of their own changes, on the embedded PostgreSQL and, with TEST_DATABASE_URL
 * (`npm run test:pg`), on a database of their own. Ruth Mensah (speaker 3) speaks at sessions 1 and 2, Grace
 * Adeyemi (1) at session 4; both have an address (speaker_contacts, as the invite screen leaves it); Samuel Okafor
 * (2) at session 3 has none. An attendee stars session 1 with alerts on. A publish (two hand-made builds' programmes,
 * as alertAfterPublish is handed them) that moves Ruth's session queues one mail to her with the old and new time,
 * in the attendees' transaction; a "Don't announce" fix (no SEQUENCE raised) mails nobody; publishing again, or
 * rolling back and publishing again, mails nobody twice; a transaction that fails mails neither attendee nor
 * speaker, and the job's retry mails each once; a publish whose build fails mails no speaker.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AgendaCalendarInput, AgendaSession } from "../../app/lib/agenda/ics";
import { BUILD_OUTPUTS, stepLine } from "../../app/lib/build-outputs";
import { databaseBackends } from "../../tests/fixtures/database-backends";
import { createAgenda } from "../agenda/queries";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { Publisher } from "../publish/publisher";
import type { LiveSite } from "../publish/site";
import { alertAfterPublish } from "./alerts";
import { speakersWithAddress } from "./speakers.queries";

/** The saved content's programme a publish would find (the content tools are mocked, as in quiet.test.ts). */
const content: { programme: AgendaCalendarInput | null } = { programme: null };
vi.mock("../publish/programme-content", () => ({
  contentProgramme: () => ({ programme: content.programme, timeZone: "America/Chicago" }),
  recordChanges: async () => ["schedule/day-01.yaml"],
  commitFile: async () => "abc1234",
  restoreSession: async () => null,
}));

const SITE = "https://tncc.example.org";
const RUTH = { id: 3, name: "Ruth Mensah", email: "ruth@example.org" };
const GRACE = { id: 1, name: "Grace Adeyemi", email: "grace.adeyemi@example.org" };
const SAMUEL = { id: 2, name: "Samuel Okafor" };
const ATTENDEE = "ann@example.org";

const at = (hhmm: string) => `2024-10-24T${hhmm}:00-05:00`;
const session = (
  number: number,
  start: string,
  speaker: { id: number; name: string },
  extra: Partial<AgendaSession> = {},
): AgendaSession => ({
  number,
  dayId: 1,
  id: number,
  title: `Session ${number}`,
  startsAt: at(start),
  endsAt: at(`${String(Number(start.slice(0, 2)) + 1).padStart(2, "0")}${start.slice(2)}`),
  speaker: speaker.name,
  speakerId: speaker.id,
  sequence: 0,
  cancelled: false,
  ...extra,
});
const programme = (...sessions: AgendaSession[]): AgendaCalendarInput => ({
  calendarName: "TNCC",
  calendarDomain: "tncc.example.org",
  location: "Hall",
  sessions,
});
const FIRST = programme(
  session(1, "09:30", RUTH),
  session(2, "11:00", RUTH),
  session(3, "13:00", SAMUEL),
  session(4, "15:00", GRACE),
);
/** Ruth's session 1 moved from 09:30 to 10:15 (recorded: its SEQUENCE rose); Samuel's session 3 moved too. */
const MOVED = programme(
  session(1, "10:15", RUTH, { sequence: 1 }),
  session(2, "11:00", RUTH),
  session(3, "13:30", SAMUEL, { sequence: 1 }),
  session(4, "15:00", GRACE),
);
/** Grace's session 4 from 15:00 to 15:05, published with "Don't announce": no change recorded, SEQUENCE as it was. */
const QUIET = programme(...MOVED.sessions.slice(0, 3), session(4, "15:05", GRACE));
/** Then Ruth's session 1 moves again and her session 2 is cancelled, in one publish. */
const BOTH = programme(
  session(1, "10:45", RUTH, { sequence: 2 }),
  session(2, "11:00", RUTH, { sequence: 1, cancelled: true }),
  ...QUIET.sessions.slice(2),
);

describe.each(databaseBackends("speaker_alerts"))("speakers told of their changes on %s", (_name, open) => {
  let database: Database;
  let cleanup: () => void;
  let tmp: string;
  const builds: Record<string, string> = {};

  const build = async (name: string, input: AgendaCalendarInput) => {
    const dir = path.join(tmp, name);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, BUILD_OUTPUTS.agendaSessions.file), JSON.stringify(input));
    builds[name] = dir;
  };
  const publish = (before: string, after: string) =>
    alertAfterPublish({ db: database.db, siteUrl: SITE }, builds[before]!, builds[after]!);
  const queued = async (to?: string) =>
    rowsOf<{ to_addr: string; subject: string; body: string }>(
      await database.db.execute(
        to
          ? sql`SELECT to_addr, subject, body FROM mail_queue WHERE to_addr = ${to} ORDER BY id`
          : sql`SELECT to_addr, subject, body FROM mail_queue ORDER BY id`,
      ),
    );

  beforeAll(async () => {
    ({ database, cleanup } = await open());
    tmp = await mkdtemp(path.join(tmpdir(), "tncc-speaker-alerts-"));
    await build("first", FIRST);
    await build("moved", MOVED);
    await build("quiet", QUIET);
    await build("both", BOTH);
    for (const s of [RUTH, GRACE])
      await database.db.execute(sql`
        INSERT INTO speaker_contacts (speaker_id, email, invited_by) VALUES (${s.id}, ${s.email}, 'org@example.org')`);
    // An attendee stars Ruth's session 1, with alerts by e-mail on (confirmed).
    const stamp = Date.parse("2024-10-01T10:00:00Z");
    await createAgenda(database.db, "A".repeat(31) + "b", [{ session: 1, starred: true, at: stamp }], stamp);
    await database.db.execute(sql`
      INSERT INTO alert_subscriptions (agenda_id, email, token_hash, status)
      SELECT id, ${ATTENDEE}, 'hash-of-a-link', 'confirmed' FROM agendas`);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    cleanup?.();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  it("a transaction that fails queues no mail, neither the attendees' nor the speaker's; its retry mails each once", async () => {
    // The speaker's mail cannot be queued (a fault of the database): the attendee's, queued first, goes too.
    await database.db.execute(sql`
      CREATE FUNCTION refuse_ruth() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.to_addr = 'ruth@example.org' THEN RAISE EXCEPTION 'disk full'; END IF; RETURN NEW; END $$`);
    await database.db.execute(sql`
      CREATE TRIGGER refuse_ruth BEFORE INSERT ON mail_queue FOR EACH ROW EXECUTE FUNCTION refuse_ruth()`);
    await expect(publish("first", "moved")).rejects.toThrow();
    expect(await queued()).toEqual([]);
    const [told] = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`SELECT (SELECT count(*) FROM speaker_alerts_sent) + (SELECT count(*) FROM alerts_sent) AS n`,
      ),
    );
    expect(Number(told!.n)).toBe(0);
    await database.db.execute(sql`DROP TRIGGER refuse_ruth ON mail_queue`);
    await database.db.execute(sql`DROP FUNCTION refuse_ruth()`);

    // The alerts job is tried again (server/publish/publisher.ts sendAlerts): now everyone is told, once.
    expect(await publish("first", "moved")).toMatchObject({ changed: 2, mails: 1, speakerMails: 1 });
    expect((await queued()).map((m) => m.to_addr).sort()).toEqual([ATTENDEE, RUTH.email]);
  });

  it("a moved session: exactly one mail to its speaker, with the old and new time in the event's zone", async () => {
    const [mail, ...more] = await queued(RUTH.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("Your session: Moved: Session 1, now Thu 24 Oct 10:15 (was 09:30)");
    expect(mail!.body).toContain("Hello Ruth Mensah,");
    expect(mail!.body).toContain("Was: Thu 24 Oct 09:30 to 10:30");
    expect(mail!.body).toContain("Now: Thu 24 Oct 10:15 to 11:15");
    expect(mail!.body).toContain(`${SITE}/event-detail/1/1`);
    // Her unchanged session 2 is not in it; Samuel's move mails nobody (no address); Grace's session did not change.
    expect(mail!.body).not.toContain("Session 2");
    expect(await queued(GRACE.email)).toEqual([]);
    expect((await queued()).length).toBe(2);
    // The Publish page names those with an address (./speakers.ts speakersWithAddress).
    expect(await speakersWithAddress(database.db, [RUTH.id, SAMUEL.id, GRACE.id])).toEqual(
      new Set([RUTH.id, GRACE.id]),
    );
  });

  it("published again, or rolled back and published again: the move is never mailed twice", async () => {
    expect(await publish("moved", "moved")).toMatchObject({ speakerMails: 0 });
    // A roll back (the build before made live again) announces nothing…
    expect(await publish("moved", "first")).toMatchObject({ speakerMails: 0, mails: 0 });
    // …and the same move published once more was told already.
    expect(await publish("first", "moved")).toMatchObject({ changed: 2, speakerMails: 0, mails: 0 });
    expect((await queued()).length).toBe(2);
  });

  it("a change published with “Don't announce” mails its speaker nothing", async () => {
    expect(await publish("moved", "quiet")).toMatchObject({ changed: 0, speakerMails: 0 });
    expect(await queued(GRACE.email)).toEqual([]);
  });

  it("a speaker with two changed sessions in one publish gets one mail listing both", async () => {
    expect(await publish("quiet", "both")).toMatchObject({ changed: 2, speakerMails: 1 });
    const mails = await queued(RUTH.email);
    expect(mails).toHaveLength(2);
    const mail = mails[1]!;
    expect(mail.subject).toBe("2 of your sessions changed: Session 1, Session 2");
    expect(mail.body).toContain("Moved: Session 1, now Thu 24 Oct 10:45 (was 10:15)");
    expect(mail.body).toContain("Was: Thu 24 Oct 10:15 to 11:15\n  Now: Thu 24 Oct 10:45 to 11:45");
    expect(mail.body).toContain("Cancelled: Session 2 (was Thu 24 Oct 11:00)");
    expect(mail.body).toContain("Was: Thu 24 Oct 11:00 to 12:00\n  Now: cancelled");
  });

  it("a speaker replaced by another is told, and so is the new one", async () => {
    const swapped = programme(
      ...BOTH.sessions.slice(0, 3),
      session(4, "15:05", RUTH, {
        sequence: 1,
        change: { kind: "changed", date: "2024-10-20", dateText: "20 Oct", note: "New speaker: Ruth Mensah" },
      }),
    );
    await build("swapped", swapped);
    expect(await publish("both", "swapped")).toMatchObject({ changed: 1, speakerMails: 2 });
    const [grace] = await queued(GRACE.email);
    expect(grace!.body).toContain("Hello Grace Adeyemi,");
    expect(grace!.body).toContain("New speaker: Ruth Mensah");
    expect((await queued(RUTH.email)).at(-1)!.body).toContain("Changed: Session 4");
  });

  it("a publish whose build fails mails no speaker, and owes no alerts", async () => {
    const before = (await queued()).length;
    // The saved content moves Ruth's session 2; the build then fails.
    content.programme = programme(session(2, "12:00", RUTH, { sequence: 0 }));
    const repo = path.join(tmp, "repo");
    await mkdir(path.join(repo, "scripts"), { recursive: true });
    await symlink(path.resolve(import.meta.dirname, "../../node_modules"), path.join(repo, "node_modules"));
    await writeFile(path.join(repo, "package.json"), JSON.stringify({ type: "module" }));
    await writeFile(
      path.join(repo, "scripts", "build.ts"),
      `console.log(${JSON.stringify(stepLine("pages"))}); console.error("Error: the build broke"); process.exit(1);`,
    );
    const current = { dir: builds.first!, info: { id: "b", builtAt: new Date().toISOString(), commit: null } };
    const afterLive = vi.fn((b: string | null, a: string) =>
      alertAfterPublish({ db: database.db, siteUrl: SITE }, b, a).then(() => {}),
    );
    let finished!: (action: string) => void;
    const audited = new Promise<string>((resolve) => (finished = resolve));
    const publisher = new Publisher({
      site: { current, publish: vi.fn() } as unknown as LiveSite,
      store: { db: database.db, dir: path.join(tmp, "store"), shared: false },
      repo,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? tmp, CONTENT_DIR: path.join(tmp, "content") },
      audit: async (entry) => finished(entry.action),
      afterLive,
    });
    const { job } = await publisher.start({ id: 1, email: "org@example.org" });
    expect(await audited).toBe("publish-failed");
    expect((await publisher.job(job.id))?.error).toContain("the build broke");
    expect(afterLive).not.toHaveBeenCalled();
    const [owed] = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'alerts'`,
      ),
    );
    expect(owed?.n).toBe(0);
    expect((await queued()).length).toBe(before);
  }, 60_000);
});
