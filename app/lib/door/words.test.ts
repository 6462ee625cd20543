import { describe, expect, it } from "vitest";
import { admittedText, alreadyInText, checkedInText, clock, conflictText, detail, headline } from "./words";

const at = (hh: number, mm: number) => new Date(2026, 5, 12, hh, mm).toISOString();

describe("the door's words (issue 43)", () => {
  it("welcomes by name, plan and place in the order", () => {
    const v = {
      kind: "admitted",
      code: "c",
      name: "Ann Lee",
      plan: "Family",
      position: 3,
      of: 5,
      notInList: false,
    } as const;
    expect(headline(v)).toBe("Welcome, Ann Lee · Family (3 of 5)");
    expect(detail(v)).toBe("");
    expect(headline({ ...v, name: "", notInList: true })).toBe("Welcome · Family");
    expect(detail({ ...v, notInList: true })).toMatch(/^Not in list yet/);
  });

  it("says when and where a ticket came in first, in 24 h time", () => {
    expect(clock(at(10, 2))).toBe("10:02");
    expect(headline({ kind: "already", code: "c", name: "Ann", first: { at: at(10, 2), door: "Door 2" } })).toBe(
      "Already checked in 10:02 at Door 2",
    );
    expect(headline({ kind: "cancelled", code: "c", name: "Ann" })).toBe("Cancelled");
    expect(headline({ kind: "foreign" })).toBe("Not a ticket for this event");
  });

  it("tells every time one way, 24 h in the event's time zone (issue 53)", () => {
    const iso = "2026-11-27T03:54:00.000Z";
    expect(clock(iso, "America/Chicago")).toBe("21:54");
    expect(clock(iso, "Asia/Kolkata")).toBe("09:24");
    expect(clock(iso, "Not/AZone")).toBe(clock(iso));
    expect(checkedInText({ at: iso, door: "Door 2", by: "Dora" }, "America/Chicago")).toBe(
      "Checked in 21:54 at Door 2 by Dora",
    );
    expect(checkedInText({ at: iso, door: "Door 2" }, "America/Chicago")).toBe("Checked in 21:54 at Door 2");
    expect(
      headline({ kind: "already", code: "c", name: "Ann", first: { at: iso, door: "Door 1" } }, "America/Chicago"),
    ).toBe("Already checked in 21:54 at Door 1");
  });

  it("names a conflict's doors and times", () => {
    const conflict = {
      code: "abcdefghijklmnopqrstuv",
      name: "Ann Lee",
      first: { at: at(10, 1), door: "Door 1" },
      later: [{ at: at(10, 3), door: "Door 2" }],
    };
    expect(conflictText(conflict)).toBe(
      "Ann Lee was admitted at Door 1 at 10:01, and also at Door 2 at 10:03: conflict.",
    );
  });

  it("says a found ticket's state in its card: already in, when, where and by whom (issue 62)", () => {
    const iso = "2026-11-27T00:26:00.000Z";
    expect(alreadyInText({ at: iso, door: "Door 1", by: "Dora Mensah" }, "America/Chicago")).toBe(
      "Already in · 18:26 · Door 1 · Dora Mensah",
    );
    expect(alreadyInText({ at: iso, door: "Door 1" }, "America/Chicago")).toBe("Already in · 18:26 · Door 1");
    expect(admittedText({ at: iso, door: "Door 3" }, "America/Chicago")).toBe("Admitted · 18:26 · Door 3");
  });
});
