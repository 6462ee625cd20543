/**
 * Issue 51: the programme changes a publish finds by comparing the live programme with the one going live, and
 * how they are written into the day files (a temporary git working copy of the real content).
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgendaCalendarInput, AgendaSession } from "../../app/lib/agenda/ics";
import { programmeDiff } from "./programme";
import { recordChanges, restoreSession } from "./programme-record";

const session = (number: number, startsAt: string, more: Partial<AgendaSession> = {}): AgendaSession => ({
  number,
  dayId: 1,
  id: number,
  title: `Session ${number}`,
  startsAt,
  endsAt: `${startsAt.slice(0, 11)}${String(Number(startsAt.slice(11, 13)) + 1).padStart(2, "0")}${startsAt.slice(13)}`,
  sequence: 0,
  ...more,
});
const programme = (...sessions: AgendaSession[]): AgendaCalendarInput => ({
  calendarName: "c",
  calendarDomain: "c.org",
  location: "l",
  sessions,
});
const T = (day: number, hhmm: string) => `2024-10-${day}T${hhmm}:00-05:00`;

describe("the programme changes a publish finds", () => {
  const live = programme(
    session(1, T(24, "10:30"), { speaker: "Ruth Mensah" }),
    session(2, T(25, "13:30"), { title: "Networking and Mixer" }),
    session(3, T(25, "16:00")),
    session(4, T(26, "09:00")),
  );

  it("says each in people's words: a move, a speaker, a cancellation, a removal and an addition", () => {
    const next = programme(
      session(1, T(24, "10:30"), { speaker: "Esther Boateng" }),
      session(2, T(25, "14:30"), { title: "Networking and Mixer" }),
      session(3, T(25, "16:00"), { cancelled: true }),
      session(5, T(27, "11:00"), { title: "Closing Prayer" }),
    );
    expect(programmeDiff(live, next).map((c) => [c.kind, c.number, c.text])).toEqual([
      ["speaker", 1, "Session 1: Esther Boateng speaks instead of Ruth Mensah"],
      ["moved", 2, "Networking and Mixer moves from Fri 25 Oct 13:30 to 14:30"],
      ["cancelled", 3, "Session 3 (Fri 25 Oct 16:00) is cancelled"],
      ["added", 5, "New: Closing Prayer, Sun 27 Oct 11:00"],
      ["removed", 4, "Session 4 (Sat 26 Oct 09:00) was taken out of the programme"],
    ]);
  });

  it("matches a session by its number: moved to another day is one move, a new title alone is no change", () => {
    const next = programme(
      session(1, T(24, "10:30"), { speaker: "Ruth Mensah", title: "Sesion 1 (typo)" }),
      session(2, T(27, "09:00"), { title: "Networking and Mixer", dayId: 4, id: 9 }),
      session(3, T(25, "16:00")),
      session(4, T(26, "09:00")),
    );
    expect(programmeDiff(live, next)).toEqual([
      expect.objectContaining({
        kind: "moved",
        number: 2,
        text: "Networking and Mixer moves from Fri 25 Oct 13:30 to Sun 27 Oct 09:00",
      }),
    ]);
  });

  it("leaves a change the content records already (by hand, or by a publish that failed): it is recorded once", () => {
    const next = programme(
      session(1, T(24, "10:30"), { speaker: "Ruth Mensah" }),
      session(2, T(25, "14:30"), { title: "Networking and Mixer", sequence: 1 }),
      session(3, T(25, "16:00")),
      session(4, T(26, "09:00")),
    );
    expect(programmeDiff(live, next)).toEqual([]);
    expect(programmeDiff(null, next)).toEqual([]);
  });

  it("says a new end time on its own", () => {
    const next = programme(
      session(1, T(24, "10:30"), { speaker: "Ruth Mensah", endsAt: T(24, "12:00") }),
      ...live.sessions.slice(1),
    );
    expect(programmeDiff(live, next).map((c) => c.text)).toEqual([
      "Session 1 (Thu 24 Oct) now ends at 12:00 (was 11:30)",
    ]);
  });
});

describe("recording them in the day files", () => {
  let repo: string;
  let content: string;
  const git = (...args: string[]) => execFileSync("git", ["-C", repo, ...args], { encoding: "utf8" }).trim();
  const day = (name: string) =>
    parse(readFileSync(path.join(content, "schedule", name), "utf8")) as {
      sessions: { number: number; start: string; status?: string; changes?: unknown[]; title: string }[];
    };
  let liveCommit: string;

  beforeAll(() => {
    repo = mkdtempSync(path.join(tmpdir(), "tncc-programme-"));
    content = path.join(repo, "content");
    cpSync(path.join(process.cwd(), "content", "schedule"), path.join(content, "schedule"), { recursive: true });
    git("init", "--quiet");
    git("-c", "user.name=t", "-c", "user.email=t@example.org", "add", ".");
    git("-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "--quiet", "-m", "live");
    liveCommit = git("rev-parse", "HEAD");
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it("a move sets status moved and records where from; comments and other sessions stay as they were", async () => {
    const file = path.join(content, "schedule", "day-01.yaml");
    const before = readFileSync(file, "utf8");
    writeFileSync(file, before.replace('start: "10:30"', 'start: "11:00"'));
    const written = await recordChanges(
      content,
      [
        {
          number: 3,
          title: "The Grace of Salvation",
          kind: "moved",
          text: "",
          from: { startsAt: T(24, "10:30"), endsAt: T(24, "12:00") },
          to: { startsAt: T(24, "11:00"), endsAt: T(24, "12:00") },
        },
      ],
      "2026-11-27",
      liveCommit,
    );
    expect(written).toEqual([file]);
    const text = readFileSync(file, "utf8");
    expect(text).toContain("# Day 01. Session ids must be unique");
    const moved = day("day-01.yaml").sessions.find((s) => s.number === 3)!;
    expect(moved).toMatchObject({
      start: "11:00",
      status: "moved",
      changes: [{ date: "2026-11-27", from: { date: "2024-10-24", start: "10:30" } }],
    });
    expect(text).toContain('start: "10:30"');
    expect(
      day("day-01.yaml")
        .sessions.filter((s) => s.changes)
        .map((s) => s.number),
    ).toEqual([3]);
  });

  it("a removed session comes back cancelled, or as it was when put back", async () => {
    const file = path.join(content, "schedule", "day-02.yaml");
    const doc = day("day-02.yaml");
    const gone = doc.sessions.at(-1)!;
    const text = readFileSync(file, "utf8");
    const cut = text.slice(0, text.lastIndexOf("  - id:"));
    writeFileSync(file, cut);
    expect(day("day-02.yaml").sessions.some((s) => s.number === gone.number)).toBe(false);
    expect(await restoreSession(content, liveCommit, gone.number)).toBe(file);
    expect(day("day-02.yaml").sessions.find((s) => s.number === gone.number)).toEqual(gone);
    expect(await restoreSession(content, liveCommit, gone.number)).toBeNull();

    writeFileSync(file, cut);
    await recordChanges(
      content,
      [{ number: gone.number, title: gone.title, kind: "removed", text: "", from: { startsAt: T(25, "16:00") } }],
      "2026-11-27",
      liveCommit,
    );
    expect(day("day-02.yaml").sessions.find((s) => s.number === gone.number)).toMatchObject({
      title: gone.title,
      status: "cancelled",
      changes: [{ date: "2026-11-27" }],
    });
  });
});
