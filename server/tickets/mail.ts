/**
 * The buyer's mail (issue 42): one mail per order with its reference, each ticket's QR code as an image
 * attached inline (`cid:`, no remote image), the event's calendar file, and the link to `/tickets/<token>`.
 */
import { generate } from "lean-qr";
import { toPngBuffer } from "lean-qr/extras/node_export";
import type { TicketsData } from "../../app/lib/build-outputs";
import { buildCalendar } from "../../app/lib/schedule/ics";
import { ticketReference, ticketsPath } from "../../app/lib/tickets/orders";
import type { MailAttachment, MailDraft } from "../mail/queries";
import { escapeHtml } from "../request";
import type { Hold, Ticket, TicketOrder } from "./queries";

/** A QR code as PNG: 8 pixels a module, a quiet zone of 4. */
export const qrPng = (text: string) =>
  Buffer.from(toPngBuffer(generate(text), { scale: 8, pad: 4, on: [0, 0, 0], off: [255, 255, 255] }));

/** The event as a calendar file. */
export function eventCalendar(data: TicketsData, siteUrl: string): string {
  const { calendar } = data;
  return buildCalendar(
    calendar.title,
    [
      {
        uid: `event-${data.event}@${new URL(siteUrl).host}`,
        start: calendar.startsAt,
        end: calendar.endsAt,
        summary: calendar.title,
        location: calendar.location,
        description: `Your tickets: ${siteUrl}`,
        url: siteUrl,
      },
    ],
    new Date(),
  );
}

export function ticketMail(
  data: TicketsData,
  siteUrl: string,
  order: TicketOrder,
  tickets: Ticket[],
  /**
   * To the buyer with the secret of their order's page (`token`), or a ticket the buyer sends to someone else
   * (`forwardTo`): to them, without the link to the buyer's whole order.
   */
  to: { token: string; forwardTo?: undefined } | { forwardTo: string; token?: undefined },
): MailDraft {
  const { forwardTo } = to;
  const plan = data.plans[order.planId]?.title ?? order.planId;
  const reference = ticketReference(order.id);
  const link = to.token ? `${siteUrl}${ticketsPath(to.token)}` : "";
  const count = tickets.length === 1 ? "1 ticket" : `${tickets.length} tickets`;
  const attachments: MailAttachment[] = tickets.map((t) => ({
    filename: `ticket-${t.position}.png`,
    contentType: "image/png",
    content: qrPng(t.payload).toString("base64"),
    cid: `ticket-${t.position}@tncc`,
  }));
  attachments.push({
    filename: "event.ics",
    contentType: "text/calendar; charset=utf-8",
    content: Buffer.from(eventCalendar(data, siteUrl)).toString("base64"),
  });
  // The first words are always ours: what the buyer typed (their name) is quoted below, marked as theirs, so a
  // name such as "URGENT: verify your account at …" never opens a mail from the conference (issue 50).
  const greeting = forwardTo
    ? `A ticket for ${data.calendar.title} was sent to this address from the conference's box office.`
    : `Thank you for your order. Here ${tickets.length === 1 ? "is your ticket" : "are your tickets"} for ${data.calendar.title}.`;
  const whose = forwardTo
    ? `The buyer's name, as they wrote it: “${order.name}”. If you did not expect a ticket, you can ignore this mail.`
    : `Name on the order, as you wrote it: “${order.name}”.`;
  const text = [
    greeting,
    "",
    whose,
    "",
    `Order: ${reference} (${plan}, ${count})`,
    "",
    `Show the QR code${tickets.length === 1 ? "" : "s"} at the door, on your phone or printed.`,
    ...(forwardTo
      ? []
      : [
          "They are also on your tickets page, which works offline once opened:",
          link,
          "",
          "There you can write each person's name on their ticket and send a ticket to someone else.",
        ]),
    "",
    `Questions: ${data.contact.email}, ${data.contact.phone}`,
  ].join("\n");
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(whose)}</p>`,
    `<p><strong>Order: ${reference}</strong> (${escapeHtml(plan)}, ${count})</p>`,
    ...tickets.map(
      (t) =>
        `<p>Ticket ${t.position} of ${tickets.length}${t.holderName ? `: ${escapeHtml(t.holderName)}` : ""}<br><img src="cid:ticket-${t.position}@tncc" width="240" height="240" alt="QR code of ticket ${t.position}"></p>`,
    ),
    ...(forwardTo
      ? []
      : [
          `<p><a href="${escapeHtml(link)}">Your tickets page</a> works offline once opened; there you can name each ticket and send one to someone else.</p>`,
        ]),
    `<p>Questions: ${escapeHtml(data.contact.email)}, ${escapeHtml(data.contact.phone)}</p>`,
  ].join("\n");
  return {
    to: forwardTo ?? order.email,
    subject: forwardTo ? `A ticket for you: ${reference} (${plan})` : `Your tickets: ${reference} (${plan}, ${count})`,
    body: text,
    html,
    attachments,
  };
}

/** The link a free order's address is confirmed by (GET asks, POST confirms: mail scanners follow links). */
export const CONFIRM_ORDER_PATH = "/api/tickets/confirm";

/**
 * A free order's mail before its tickets (issue 50): the tickets go only to an address that asked for them. The
 * first words are ours; the name typed is quoted as the buyer's.
 */
export function confirmOrderMail(
  data: TicketsData,
  siteUrl: string,
  hold: Pick<Hold, "planId" | "quantity" | "seats" | "email" | "name">,
  secret: string,
  hours: number,
): MailDraft {
  const plan = data.plans[hold.planId]?.title ?? hold.planId;
  const seats = hold.seats === 1 ? "1 seat" : `${hold.seats} seats`;
  return {
    to: hold.email,
    subject: `Confirm your registration: ${plan} (${data.calendar.title})`,
    body: [
      `Someone registered this address for ${data.calendar.title} (${plan}, ${seats}). To receive the tickets, confirm it is yours:`,
      "",
      `${siteUrl}${CONFIRM_ORDER_PATH}?t=${encodeURIComponent(secret)}`,
      "",
      `The seats are kept for you ${hours === 1 ? "1 hour" : `${hours} hours`}. If you did not register, ignore this mail: nothing more will be sent.`,
      "",
      `Name given, as it was typed: “${hold.name}”.`,
      "",
      `Questions: ${data.contact.email}, ${data.contact.phone}`,
    ].join("\n"),
  };
}
