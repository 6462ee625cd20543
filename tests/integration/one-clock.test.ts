// @vitest-environment node
/**
 * One clock (issue 62): every time an organiser, a door volunteer or a buyer reads is in the event's zone with its
 * abbreviation, in one format ("Tue 1 Dec 2026, 18:23 CST"), whatever the device's zone; the attendees' CSV in
 * ISO 8601 with the offset. Through the very functions each screen and mail uses.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { setEventZone, when, zonedWhen } from "../../app/lib/admin/when";
import { checkedInText, clock } from "../../app/lib/door/words";
import { isoInZone } from "../../app/lib/schedule/zoned-time";
import { pendingOrderMail, reminderMail, whenText } from "../../server/tickets/mail";
import { offerMail } from "../../server/tickets/waitlist/mail";
import type { Hold, TicketOrder } from "../../server/tickets/queries";
import type { WaitlistEntry } from "../../server/tickets/waitlist/queries";
import { TEST_PLANS } from "../fixtures/box-office-app";

const CHICAGO = "America/Chicago";
/** 18:23 in Chicago on Tuesday 1 December 2026 (UTC-6). */
const AT = new Date("2026-12-02T00:23:00Z");
const SAID = "Tue 1 Dec 2026, 18:23 CST";
const data = { ...TEST_PLANS, timeZone: CHICAGO };
const order = { id: 7, planId: "solo", name: "Ruth", email: "ruth@example.org", amountMinor: 3800, currency: "usd" };

describe("one clock", () => {
  it("the organisers' pages, the Box office, the buyer's page and every mail say one time one way", () => {
    // The organisers' pages (Organisers, Orders, Inbox, Announcements, Publish): the event's zone, set from content.
    setEventZone(CHICAGO);
    expect(when(AT)).toBe(SAID);
    expect(when(AT.toISOString())).toBe(SAID);
    // The Box office's timeline and an order's due time (server/tickets/admin-routes.ts).
    expect(zonedWhen(AT, CHICAGO)).toBe(SAID);
    // The buyer's order page ("Pay by", server/tickets/pay-later.ts pendingDetails) and the mails.
    expect(whenText(AT, CHICAGO)).toBe(SAID);
    const pending = pendingOrderMail(
      data,
      "https://tncc.example.org",
      order as TicketOrder,
      "t".repeat(32),
      {
        deadline: AT,
        instructions: "Cash at the desk.",
      },
      1,
    );
    expect(pending.subject).toContain(`by ${SAID}`);
    expect(pending.body).toContain(`Pay by: ${SAID}`);
    expect(reminderMail(data, order as TicketOrder, AT, "Cash.").body).toContain(SAID);
    const offer = offerMail(
      data,
      "https://tncc.example.org/w",
      { quantity: 1, planId: "solo" } as WaitlistEntry,
      { expiresAt: AT, planId: "solo", amountMinor: 0, currency: "usd" } as Hold,
    );
    expect(offer.body).toContain(`until ${SAID}`);
    // The door tells the time of day on the same clock (the event's zone, 24-hour).
    expect(clock(AT.toISOString(), CHICAGO)).toBe("18:23");
    expect(checkedInText({ at: AT.toISOString(), door: "Door 1" }, CHICAGO)).toBe("Checked in 18:23 at Door 1");
  });

  it("summer time has its own abbreviation, and another zone its own", () => {
    setEventZone(CHICAGO);
    expect(when("2024-10-25T14:00:00Z")).toBe("Fri 25 Oct 2024, 09:00 CDT");
    setEventZone("Asia/Kolkata");
    expect(when(AT)).toBe("Wed 2 Dec 2026, 05:53 GMT+5:30");
  });

  it("the attendees' CSV writes ISO 8601 with the offset", () => {
    expect(isoInZone(AT, CHICAGO)).toBe("2026-12-01T18:23:00-06:00");
  });

  it("no organiser's, volunteer's or buyer's screen or mail formats a time in the device's zone", () => {
    const repo = path.resolve(import.meta.dirname, "../..");
    const files = (dir: string): string[] =>
      readdirSync(path.join(repo, dir)).flatMap((name) => {
        const rel = path.join(dir, name);
        if (statSync(path.join(repo, rel)).isDirectory()) return files(rel);
        return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [rel] : [];
      });
    const read = [
      ...files("app/components/admin"),
      ...files("app/components/door"),
      ...files("app/components/tickets"),
      ...files("app/components/speakers"),
      ...files("app/routes").filter((f) => /(admin|checkin|tickets|speaker-page)/.test(f)),
      ...files("server").filter((f) => /mail\.ts$|routes\.ts$|digest\.ts$|pay-later\.ts$/.test(f)),
    ];
    expect(read.length).toBeGreaterThan(20);
    // The announcement form's date and time picker holds the organiser's own clock (the browser's picker): its
    // words are the preview's, on the event's clock.
    const local = read
      .filter((f) => !f.endsWith("announcement-form.tsx"))
      .filter((f) =>
        /toLocale(String|DateString|TimeString)\(|getHours\(|hour12/.test(readFileSync(path.join(repo, f), "utf8")),
      );
    expect(local).toEqual([]);
  });
});
