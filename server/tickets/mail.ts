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
import type { Ticket, TicketOrder } from "./queries";

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
  /** A ticket the buyer sends to someone else: to them, without the link to the buyer's whole order. */
  forwardTo?: string,
): MailDraft {
  const to = forwardTo ?? order.email;
  const plan = data.plans[order.planId]?.title ?? order.planId;
  const reference = ticketReference(order.id);
  const link = `${siteUrl}${ticketsPath(order.token)}`;
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
  const greeting = forwardTo
    ? `${order.name} sends you a ticket for ${data.calendar.title}.`
    : `Thank you, ${order.name}. Here ${tickets.length === 1 ? "is your ticket" : "are your tickets"} for ${data.calendar.title}.`;
  const text = [
    greeting,
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
  return { to, subject: `Your tickets: ${reference} (${plan}, ${count})`, body: text, html, attachments };
}
