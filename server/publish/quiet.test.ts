/**
 * Issue 62: "Don't announce" stays with its change. A time fix published quietly, then rolled back, is listed
 * again ticked (and a publish that keeps it ticked records nothing), until an organiser unticks it; a different
 * change of that session is a new choice. On the embedded PostgreSQL (and TEST_DATABASE_URL's); the content's
 * programme is given here instead of being read from the content files (the content tools are mocked).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AgendaCalendarInput, AgendaSession } from "../../app/lib/agenda/ics";
import { BUILD_OUTPUTS, IMAGE_MANIFEST } from "../../app/lib/build-outputs";
import { databaseBackends } from "../../tests/fixtures/database-backends";
import type { Database } from "../db/client";
import { ProgrammeChanges } from "./programme-changes";
import type { LiveSite } from "./site";

/** The saved content's programme, as the test sets it, and what a publish recorded in the day files. */
const content: { programme: AgendaCalendarInput | null } = { programme: null };
const recorded: number[][] = [];
vi.mock("./programme-content", () => ({
  contentProgramme: () => ({ programme: content.programme, timeZone: "America/Chicago" }),
  recordChanges: async (_dir: string, changes: { number: number }[]) => {
    recorded.push(changes.map((c) => c.number));
    return ["schedule/day-01.yaml"];
  },
  commitFile: async () => "abc1234",
  restoreSession: async () => null,
}));

const T = (hhmm: string) => `2024-10-25T${hhmm}:00-05:00`;
const session = (number: number, title: string, start: string): AgendaSession => ({
  number,
  dayId: 2,
  id: number,
  title,
  startsAt: T(start),
  endsAt: T(`${String(Number(start.slice(0, 2)) + 1).padStart(2, "0")}${start.slice(2)}`),
  sequence: 0,
});
const programme = (...sessions: AgendaSession[]): AgendaCalendarInput => ({
  calendarName: "TNCC",
  calendarDomain: "tncc.example.org",
  location: "Hall",
  sessions,
});
const ORGANISER = { id: 1, email: "grace@tncc.example.org", name: "Grace Mensah" };

describe.each(databaseBackends("quiet_changes"))("Don't announce, kept on %s", (_name, open) => {
  let database: Database;
  let cleanup: () => void;
  let tmp: string;
  /** The live build's folder: a publish or a roll back switches it. */
  const current = { dir: "", info: { id: "b", builtAt: new Date().toISOString(), commit: "abc1234" } };
  let changes: ProgrammeChanges;

  /** A build folder whose agenda-sessions.json is `input`. */
  function build(name: string, input: AgendaCalendarInput): string {
    const dir = path.join(tmp, name);
    const file = path.join(dir, BUILD_OUTPUTS.agendaSessions.file);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(input));
    return dir;
  }
  const listed = async () =>
    (await changes.pending()).programme.map((c) => ({ number: c.number, kind: c.kind, quiet: c.quiet }));

  beforeAll(async () => {
    ({ database, cleanup } = await open());
    recorded.length = 0;
    tmp = mkdtempSync(path.join(tmpdir(), "tncc-quiet-"));
    changes = new ProgrammeChanges({
      site: { current } as unknown as LiveSite,
      contentDir: tmp,
      imageManifest: path.join(tmp, IMAGE_MANIFEST),
      db: database.db,
    });
  });
  afterAll(async () => {
    await database?.close();
    cleanup?.();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it("a quiet time fix, rolled back and published again, is still quiet until unticked", async () => {
    const before = programme(session(1, "Morning Praise", "09:00"), session(2, "Networking and Mixer", "13:30"));
    const fixed = programme(session(1, "Morning Praise", "09:15"), session(2, "Networking and Mixer", "13:30"));
    const first = build("first", before);
    current.dir = first;
    content.programme = fixed;

    // The organiser sees the move unticked, ticks "Don't announce" and publishes: nothing is recorded.
    expect(await listed()).toEqual([{ number: 1, kind: "moved", quiet: false }]);
    expect(await changes.record(ORGANISER, new Set([1]))).toBeNull();
    expect(recorded).toEqual([]);
    current.dir = build("second", fixed);
    expect(await listed()).toEqual([]);

    // Rolled back: the same move is listed again, ticked; published again as it is, still nothing is announced.
    current.dir = first;
    expect(await listed()).toEqual([{ number: 1, kind: "moved", quiet: true }]);
    expect(await changes.record(ORGANISER, new Set([1]))).toBeNull();
    expect(recorded).toEqual([]);

    // Another time for the same session is another change: unticked.
    content.programme = programme(session(1, "Morning Praise", "09:30"), session(2, "Networking and Mixer", "13:30"));
    expect(await listed()).toEqual([{ number: 1, kind: "moved", quiet: false }]);

    // Back to the quiet fix, unticked by the organiser and published: it is announced, and forgotten.
    content.programme = fixed;
    expect(await listed()).toEqual([{ number: 1, kind: "moved", quiet: true }]);
    expect(await changes.record(ORGANISER, new Set())).toBe("abc1234");
    expect(recorded).toEqual([[1]]);
    expect(await listed()).toEqual([{ number: 1, kind: "moved", quiet: false }]);
  });
  it("names the speakers a change mails (issue 63), from the content, only those with an address", async () => {
    const ruth = { speaker: "Ruth Mensah", speakerId: 3 };
    const samuel = { speaker: "Samuel Okafor", speakerId: 2 };
    current.dir = build(
      "speakers-live",
      programme(
        { ...session(1, "Morning Praise", "09:00"), ...ruth },
        { ...session(2, "Networking and Mixer", "13:30"), ...samuel },
        { ...session(3, "Closing Prayer", "16:00"), ...samuel },
      ),
    );
    content.programme = programme(
      { ...session(1, "Morning Praise", "09:15"), ...ruth },
      { ...session(2, "Networking and Mixer", "14:30"), ...samuel },
      { ...session(3, "Closing Prayer", "16:00"), ...ruth },
      { ...session(4, "Evening Praise", "19:00"), ...ruth },
    );
    const asked: number[][] = [];
    const named = new ProgrammeChanges({
      site: { current } as unknown as LiveSite,
      contentDir: tmp,
      imageManifest: path.join(tmp, IMAGE_MANIFEST),
      db: database.db,
      // Only Ruth has an address (speaker_contacts): Samuel is not mailed, so not named.
      speakersTold: async (ids) => (asked.push([...ids].sort()), new Set(ids.filter((id) => id === 3))),
    });
    const listed = (await named.pending()).programme.map((c) => [c.number, c.kind, c.audience.speakers]);
    expect(listed).toEqual([
      [1, "moved", ["Ruth Mensah"]],
      [2, "moved", []],
      // Closing Prayer's speaker changed from Samuel to Ruth: Ruth is told; so would Samuel be, had he an address.
      [3, "speaker", ["Ruth Mensah"]],
      // A new session mails no one.
      [4, "added", []],
    ]);
    expect(asked).toEqual([[2, 3]]);
  });
});
