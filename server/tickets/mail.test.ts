/** The ticket mail prints each ticket's short code under its QR, large, for the door to type (issue 61). */
import { describe, expect, it } from "vitest";
import { TEST_PLANS } from "../../tests/fixtures/box-office-app";
import { ticketMail } from "./mail";
import type { Ticket, TicketOrder } from "./queries";

const order = { id: 7, planId: "solo", name: "Ruth Mensah", email: "ruth@example.org" } as TicketOrder;
const ticket = (position: number, shortCode: string) =>
  ({ position, shortCode, code: `long-code-${position}`, payload: `TNCC1.x.${position}`, holderName: null }) as Ticket;

describe("the ticket mail", () => {
  it("prints each ticket's short code, grouped, under its QR (text and HTML)", () => {
    const mail = ticketMail(
      TEST_PLANS,
      "https://tncc.example.org",
      order,
      [ticket(1, "7KX4QM2P"), ticket(2, "ZZZZ0000")],
      {
        token: "t".repeat(32),
      },
    );
    expect(mail.body).toContain("Ticket 1 of 2: code 7KX4-QM2P");
    expect(mail.body).toContain("Ticket 2 of 2: code ZZZZ-0000");
    expect(mail.html).toMatch(/ticket-1@tncc[^<]*><br><span style="[^"]*font-size:28px[^"]*">7KX4-QM2P<\/span>/);
    // The long code stays inside the QR only.
    expect(`${mail.body}${mail.html}`).not.toContain("long-code-1");
  });
});
