/** The ticket mail prints each ticket's short code under its QR, large, for the door to type (issue 61). */
import { simpleParser } from "mailparser";
import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { TEST_PLANS } from "../../tests/fixtures/box-office-app";
import { mailMessage } from "../mail/mailer";
import { mailRow, type MailDraft, type QueuedMail } from "../mail/queries";
import { MAILED_QR_MAX, ticketMail } from "./mail";
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

/** The mail as the sender writes it (server/mail/mailer.ts), parsed as a mail program reads it. */
async function sent(draft: MailDraft) {
  const queued = { ...mailRow(draft), id: 1, submissionId: null } as QueuedMail;
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = await transport.sendMail(mailMessage(queued, "TNCC <tickets@tncc.example.org>"));
  // keepCidLinks: the HTML as sent, not with mailparser's own data: URLs in place of the cid: links.
  return simpleParser(info.message as Buffer, { keepCidLinks: true });
}

describe("the ticket mail's pictures (issue 62)", () => {
  const token = { token: "t".repeat(32) };
  const tickets = [ticket(1, "7KX4QM2P"), ticket(2, "ZZZZ0000")];
  const mails: [string, MailDraft, number][] = [
    ["the buyer's mail (and its resend)", ticketMail(TEST_PLANS, "https://tncc.example.org", order, tickets, token), 2],
    [
      "a ticket sent on to someone",
      ticketMail(TEST_PLANS, "https://tncc.example.org", order, [tickets[1]!], { forwardTo: "sam@example.org" }),
      1,
    ],
    [
      "a large order's mail (its link only)",
      ticketMail(
        TEST_PLANS,
        "https://tncc.example.org",
        order,
        Array.from({ length: MAILED_QR_MAX + 1 }, (_, i) => ticket(i + 1, "7KX4QM2P")),
        token,
      ),
      0,
    ],
  ];

  it.each(mails)(
    "%s: every cid: picture in the HTML is an inline part of the mail, no data: image",
    async (_, draft, qrs) => {
      const mail = await sent(draft);
      const html = mail.html || "";
      expect(html).not.toMatch(/src=["']?data:/i);
      expect(html).not.toMatch(/src=["']?https?:/i);
      const refs = [...html.matchAll(/src="cid:([^"]+)"/g)].map((m) => m[1]);
      expect(refs).toHaveLength(qrs);
      const images = mail.attachments.filter((a) => a.contentType === "image/png");
      expect(images).toHaveLength(qrs);
      for (const cid of refs) {
        const part = mail.attachments.find((a) => a.cid === cid);
        expect(part, cid).toBeDefined();
        expect(part?.contentType).toBe("image/png");
        expect(part?.contentDisposition).toBe("inline");
        // Kept as a file too: its name, and a PNG inside.
        expect(part?.filename).toMatch(/^ticket-\d+\.png$/);
        expect(part?.content.subarray(1, 4).toString()).toBe("PNG");
      }
      // The calendar file stays attached.
      expect(mail.attachments.some((a) => a.filename === "event.ics")).toBe(true);
    },
  );
});
