/**
 * Issue 62: the Publish page lists each saved change once. A day file whose edit is all in the programme changes
 * listed above ("Networking and Mixer moves …") is not listed again under "Also 1 other change: Programme · Day 2";
 * one with more in it (a title, a text) still is.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { onlyProgrammeChanges } from "./restated";

const day2 = readFileSync(new URL("../../content/schedule/day-02.yaml", import.meta.url), "utf8");
const moved = day2.replace('start: "13:30"', 'start: "14:00"');
const listed = new Set([8]);

describe("a day file's edit, all in the programme changes listed", () => {
  it("a move, a new speaker or a cancellation listed above: not listed again", () => {
    expect(moved).not.toBe(day2);
    expect(onlyProgrammeChanges(day2, moved, listed)).toBe(true);
    const cancelled = day2.replace(
      "    title: Networking and Mixer\n",
      "    title: Networking and Mixer\n    status: cancelled\n",
    );
    expect(onlyProgrammeChanges(day2, cancelled, listed)).toBe(true);
  });

  it("anything more (a title, a text, another session) is still listed", () => {
    expect(onlyProgrammeChanges(day2, moved.replace("Networking and Mixer", "Networking Lunch"), listed)).toBe(false);
    expect(onlyProgrammeChanges(day2, moved.replace("Morning Praise", "Morning Worship"), listed)).toBe(false);
    // The move is not listed (not announced, or another session's): the file is the change.
    expect(onlyProgrammeChanges(day2, moved, new Set([6]))).toBe(false);
    expect(onlyProgrammeChanges(day2, moved, new Set())).toBe(false);
  });

  it("a session taken out (or moved to another day) listed: the rest of the file unchanged", () => {
    const out = day2.replace(/ {2}- id: 3\n[\s\S]*?(?= {2}- id: 4)/, "");
    expect(out).not.toContain("Networking and Mixer");
    expect(onlyProgrammeChanges(day2, out, listed)).toBe(true);
    expect(onlyProgrammeChanges(day2, out, new Set([7]))).toBe(false);
  });

  it("a file that does not read as a day: listed", () => {
    expect(onlyProgrammeChanges("sessions: [", moved, listed)).toBe(false);
  });
});
