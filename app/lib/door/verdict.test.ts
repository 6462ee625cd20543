import { describe, expect, it } from "vitest";
import { doorList, newCode, ticketSigner } from "../../../tests/fixtures/door-tickets";
import { indexList, judge } from "./verdict";

const signer = ticketSigner();
const list = doorList(signer, 20);
list.attendees[3]![6] = "cancelled";
const index = await indexList(list);
const none = () => undefined;
const [code, name] = list.attendees[2]!;

describe("judge (issue 43)", () => {
  it("admits a listed ticket with its name, plan and place in the order", async () => {
    expect(await judge(signer.qr(code), index, none)).toEqual({
      kind: "admitted",
      code,
      name,
      plan: "Family",
      position: 3,
      of: 5,
      notInList: false,
    });
  });

  it("says when and where a ticket was already admitted", async () => {
    const first = { at: "2026-06-12T10:02:00Z", door: "Door 2" };
    const verdict = await judge(signer.qr(code), index, (c) => (c === code ? first : undefined));
    expect(verdict).toEqual({ kind: "already", code, name, first });
  });

  it("refuses a cancelled ticket", async () => {
    const [cancelled, who] = list.attendees[3]!;
    expect(await judge(signer.qr(cancelled), index, none)).toEqual({ kind: "cancelled", code: cancelled, name: who });
  });

  it("admits a validly signed ticket bought after the list was made, marked not in list yet", async () => {
    const late = newCode();
    expect(await judge(signer.qr(late, "person"), index, none)).toMatchObject({
      kind: "admitted",
      code: late,
      plan: "Person",
      notInList: true,
    });
  });

  it.each([
    ["a forged signature", ticketSigner().qr(code)],
    ["another event's ticket", signer.qr(code, "family", "tncc-2025")],
    ["a URL", "https://example.org/tickets/abc"],
    ["HTML", `<img src=x onerror=alert(1)>`],
    ["SQL", `TNCC1.tncc-2026.family.' OR 1=1 --.x`],
    ["an empty code", ""],
    ["a signature spelt differently", signer.qr(code).replace(/.$/, (c) => String.fromCharCode(c.charCodeAt(0) + 1))],
    ["a signature of the wrong length", signer.qr(code).slice(0, -2)],
  ])("says %s is not a ticket for this event", async (_, text) => {
    expect(await judge(text, index, none)).toEqual({ kind: "foreign" });
  });
});
