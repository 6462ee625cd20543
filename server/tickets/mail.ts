/**
 * The buyer's mail (issue 42): one mail per order with its reference, each ticket's QR code as an image
 * attached inline (`cid:`, no remote image), the event's calendar file, and the link to `/tickets/<token>`.
 */
import { zonedWhen } from "../../app/lib/admin/when";
import { generate } from "lean-qr";
import { toPngBuffer } from "lean-qr/extras/node_export";
import { oneLine } from "../../app/forms/plain-text";
import type { TicketsData } from "../../app/lib/build-outputs";
import { buildCalendar } from "../../app/lib/schedule/ics";
import { ticketReference, ticketsPath } from "../../app/lib/tickets/orders";
import { formatShortCode } from "../../app/lib/tickets/short-code";
import { money } from "../../app/lib/money";
import type { MailAttachment, MailDraft } from "../mail/queries";
import { escapeHtml } from "../request";
import type { Hold, Ticket, TicketOrder } from "./queries";

/**
 * A name the buyer typed, quoted on one line of a mail: the forms refuse line breaks and control characters
 * (app/forms/plain-text.ts), and a name kept from before is made one line here all the same (issue 61).
 */
export const quoted = (name: string) => `“${oneLine(name)}”`;

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
        uid: `event-${data.event}@${calendar.domain ?? data.contact.email.split("@").at(-1)}`,
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

/**
 * At most this many QR codes go in one mail (issue 61): a larger order (a church's group issued by hand) gets the
 * link to its page, where every ticket is, instead of hundreds of attachments no mail server takes.
 */
export const MAILED_QR_MAX = 10;

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
  // Too many for one mail: the link to the order's page alone (a forwarded ticket is always one).
  const linkOnly = !forwardTo && tickets.length > MAILED_QR_MAX;
  const attached = linkOnly ? [] : tickets;
  const attachments: MailAttachment[] = attached.map((t) => ({
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
    ? `The buyer's name, as they wrote it: ${quoted(order.name)}. If you did not expect a ticket, you can ignore this mail.`
    : `Name on the order, as you wrote it: ${quoted(order.name)}.`;
  const text = [
    greeting,
    "",
    whose,
    "",
    `Order: ${reference} (${plan}, ${count})`,
    "",
    ...(linkOnly
      ? [
          `Your ${tickets.length} tickets, each with its QR code to show at the door, are on your order's page (it works offline once opened; print it or send each ticket on from there):`,
          link,
          "",
          "There you can write each person's name on their ticket and send a ticket to each person.",
        ]
      : [
          `Show the QR code${tickets.length === 1 ? "" : "s"} at the door, on your phone or printed.`,
          // The short code under each QR: what a door volunteer types when a QR will not scan (issue 61).
          ...tickets.map((t) => `Ticket ${t.position} of ${tickets.length}: code ${formatShortCode(t.shortCode)}`),
        ]),
    ...(forwardTo || linkOnly
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
    ...attached.map(
      (t) =>
        `<p>Ticket ${t.position} of ${tickets.length}${t.holderName ? `: ${escapeHtml(oneLine(t.holderName))}` : ""}<br><img src="cid:ticket-${t.position}@tncc" width="240" height="240" alt="QR code of ticket ${t.position}"><br><span style="font-family:monospace;font-size:28px;font-weight:bold;letter-spacing:2px">${formatShortCode(t.shortCode)}</span></p>`,
    ),
    ...(forwardTo
      ? []
      : linkOnly
        ? [
            `<p>Your ${tickets.length} tickets, each with its QR code to show at the door, are on <a href="${escapeHtml(link)}">your order's page</a>. It works offline once opened; there you can name each ticket and send it to its person.</p>`,
          ]
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
 * A free order's mail before its tickets (issue 50), and a "pay later" order's before how to pay (`payLater`,
 * issue 61): the tickets, or the order, go only to an address that asked for them. The first words are ours;
 * the name typed is quoted as the buyer's.
 */
export function confirmOrderMail(
  data: TicketsData,
  siteUrl: string,
  hold: Pick<Hold, "planId" | "quantity" | "seats" | "email" | "name">,
  secret: string,
  hours: number,
  payLater = false,
): MailDraft {
  const plan = data.plans[hold.planId]?.title ?? hold.planId;
  const seats = hold.seats === 1 ? "1 seat" : `${hold.seats} seats`;
  return {
    to: hold.email,
    subject: payLater
      ? `Confirm your order: ${plan} (${data.calendar.title})`
      : `Confirm your registration: ${plan} (${data.calendar.title})`,
    body: [
      payLater
        ? `Someone ordered tickets for ${data.calendar.title} with this address (${plan}, ${seats}), to pay later. To receive how to pay, confirm it is yours:`
        : `Someone registered this address for ${data.calendar.title} (${plan}, ${seats}). To receive the tickets, confirm it is yours:`,
      "",
      `${siteUrl}${CONFIRM_ORDER_PATH}?t=${encodeURIComponent(secret)}`,
      "",
      `The seats are kept for you ${hours === 1 ? "1 hour" : `${hours} hours`}. If you did not ${payLater ? "order" : "register"}, ignore this mail: nothing more will be sent.`,
      "",
      `Name given, as it was typed: ${quoted(hold.name)}.`,
      "",
      `Questions: ${data.contact.email}, ${data.contact.phone}`,
    ].join("\n"),
  };
}

/** An amount as the buyer reads it: "59.00 USD" (app/lib/money.ts, the one formatter). */
export { money };

/** A day and time in the event's time zone, with its abbreviation (issue 61): "Fri 4 Dec 2026, 09:00 CST". */
export const whenText = (at: Date, timeZone: string) => zonedWhen(at, timeZone);

/**
 * A "pay later" order's mail at once (issue 53): the reference, the amount, how to pay (content's words), the
 * deadline and the link to the order's page. The first words are ours; the name typed is quoted as theirs.
 */
export function pendingOrderMail(
  data: TicketsData,
  siteUrl: string,
  order: TicketOrder,
  token: string,
  terms: { deadline: Date; instructions: string },
  seats: number,
): MailDraft {
  const plan = data.plans[order.planId]?.title ?? order.planId;
  const reference = ticketReference(order.id);
  const amount = money(order.amountMinor, order.currency);
  return {
    to: order.email,
    subject: `Your order ${reference}: please pay ${amount} by ${whenText(terms.deadline, data.timeZone)}`,
    body: [
      `Thank you for your order for ${data.calendar.title}. Your seats are kept until the deadline below; your tickets come by e-mail as soon as the payment has arrived.`,
      "",
      `Reference: ${reference}`,
      `Amount to pay: ${amount} (${plan}, ${seats === 1 ? "1 ticket" : `${seats} tickets`})`,
      `Pay by: ${whenText(terms.deadline, data.timeZone)}`,
      "",
      "How to pay:",
      terms.instructions,
      "",
      `Please quote the reference ${reference} with your payment.`,
      "",
      "Your order's page (keep this link to yourself):",
      `${siteUrl}${ticketsPath(token)}`,
      "",
      `Name on the order, as you wrote it: ${quoted(order.name)}.`,
      "",
      `Questions: ${data.contact.email}, ${data.contact.phone}`,
    ].join("\n"),
  };
}

/** The one reminder of a pending order past its deadline: the seats go back at `releaseAt` unless paid. */
export function reminderMail(data: TicketsData, order: TicketOrder, releaseAt: Date, instructions: string): MailDraft {
  const reference = ticketReference(order.id);
  const amount = money(order.amountMinor, order.currency);
  return {
    to: order.email,
    subject: `Reminder: your order ${reference} is not paid yet`,
    body: [
      `Hello, we have not received the payment of ${amount} for your order ${reference} for ${data.calendar.title}, and its deadline has passed.`,
      "",
      `We keep your seats until ${whenText(releaseAt, data.timeZone)}. If the payment has not arrived by then, they go to the people on the waiting list.`,
      "",
      "How to pay:",
      instructions,
      "",
      `Please quote the reference ${reference}. If you have paid already, thank you: reply to this mail and we will check.`,
      "",
      `Questions: ${data.contact.email}, ${data.contact.phone}`,
    ].join("\n"),
  };
}

/** A pending order released unpaid: the buyer told, and where to come back. */
export function releasedMail(data: TicketsData, siteUrl: string, order: TicketOrder): MailDraft {
  const reference = ticketReference(order.id);
  return {
    to: order.email,
    subject: `Your order ${reference} was released: no payment arrived`,
    body: [
      `Hello, the payment for your order ${reference} for ${data.calendar.title} did not arrive in time after our reminder, so its seats have gone back for others (the waiting list first).`,
      "",
      `If you paid in the meantime, please write to us: we issue your tickets if seats are still free, or return your money. You can also order again on ${siteUrl}/buy-ticket?plan=${order.planId}.`,
      "",
      `Questions: ${data.contact.email}, ${data.contact.phone}`,
    ].join("\n"),
  };
}

/**
 * A payment that arrived after its seats went to someone else, refunded by itself: the buyer told why. An offer
 * from the waiting list is kept for hours, and its place on the list ends when it lapses; a purchase's seats are
 * kept for minutes.
 */
export function lateRefundMail(
  data: TicketsData,
  siteUrl: string,
  hold: Hold,
  kept: { holdMinutes: number; offerHours: number },
): MailDraft {
  const plan = data.plans[hold.planId]?.title ?? hold.planId;
  const hours = kept.offerHours === 1 ? "the hour" : `the ${kept.offerHours} hours`;
  const why = hold.waitlistId
    ? [
        `Your payment for ${plan} arrived after ${hours} we kept the seats offered to you from the waiting list, and by then they had gone to the next person in line. We have refunded the payment in full; it shows on your statement within a few days.`,
        "",
        `When an offer runs out, its place on the waiting list ends too. If you still hope to come, you can join the list again (at the end of the line) on ${siteUrl}/buy-ticket?plan=${hold.planId}, or write to us and we will tell you what is possible.`,
      ]
    : [
        `Your payment for ${plan} arrived after the ${kept.holdMinutes} minutes we could keep your seats, and by then they had gone to someone else. We have refunded the payment in full; it shows on your statement within a few days.`,
        "",
        `You can join the waiting list on ${siteUrl}/buy-ticket?plan=${hold.planId}.`,
      ];
  return {
    to: hold.email,
    subject: "Your payment was refunded: the seats were taken",
    body: ["Hello,", "", ...why, "", `Questions: ${data.contact.email}, ${data.contact.phone}`].join("\n"),
  };
}

/** A paid order refunded in full at the provider (its dashboard): its tickets are no longer valid at the door. */
export function refundedMail(data: TicketsData, order: TicketOrder): MailDraft {
  return {
    to: order.email,
    subject: `Your order ${ticketReference(order.id)} was refunded`,
    body: [
      "Hello,",
      "",
      `your payment for order ${ticketReference(order.id)} (${data.plans[order.planId]?.title ?? order.planId}) was refunded, so its tickets are no longer valid at the door.`,
      "",
      `Questions: ${data.contact.email}, ${data.contact.phone}`,
    ].join("\n"),
  };
}
