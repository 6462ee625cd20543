import type { Content } from "../../app/content/schemas";
import { BUILD_OUTPUTS, type CheckoutData, type ShiftsData, type TicketsData } from "../../app/lib/build-outputs";
import { DEFAULT_GIVE_BACK_HOURS } from "../../app/forms/shifts";
import { venueText } from "../../app/lib/venue";
import { DAY_PASS_ID } from "../../app/lib/tickets/orders";
import { writeOutput } from "./files";

/** What `/api/checkout` needs at run time (BUILD_OUTPUTS.checkout): prices from content, never from a request. */
export function checkoutData(content: Pick<Content, "sponsorTokens" | "site">): CheckoutData {
  return {
    tokens: Object.fromEntries(
      content.sponsorTokens.map((t) => [
        String(t.id),
        {
          price: t.plan.price,
          cost: t.cost,
          currency: t.currency,
          ...(t.paymentLink ? { paymentLink: t.paymentLink } : {}),
        },
      ]),
    ),
    contact: { email: content.site.contact.email, phone: content.site.contact.phone },
  };
}

/** What the box office sells (BUILD_OUTPUTS.tickets): plans with prices in minor units, from content only. */
export function ticketsData(content: Pick<Content, "ticketPlans" | "site">): TicketsData {
  const { ticketPlans: t, site } = content;
  const minor = (price: number) => Math.round(price * 100);
  const sales = (p: {
    capacity: number;
    maxPerOrder: number;
    salesOpen?: string;
    salesClose?: string;
    payments?: ("card" | "later")[];
  }) => ({
    capacity: p.capacity,
    maxPerOrder: p.maxPerOrder,
    ...(p.salesOpen ? { salesOpen: p.salesOpen } : {}),
    ...(p.salesClose ? { salesClose: p.salesClose } : {}),
    ...(p.payments ? { methods: p.payments } : {}),
  });
  return {
    event: t.event,
    currency: t.currency,
    timeZone: site.timeZone,
    plans: {
      ...Object.fromEntries(
        t.plans.map((p) => [p.id, { title: p.title, priceMinor: minor(p.price), people: p.tickets, ...sales(p) }]),
      ),
      [DAY_PASS_ID]: { title: t.dayPass.title, priceMinor: minor(t.dayPass.price), people: 1, ...sales(t.dayPass) },
    },
    ...(t.payLater ? { payLater: t.payLater } : {}),
    calendar: {
      title: site.title,
      startsAt: site.dates.startsAt,
      endsAt: site.dates.endsAt,
      location: venueText(site.venue),
      domain: site.calendarDomain,
    },
    contact: { email: site.contact.email, phone: site.contact.phone },
  };
}

/** The event's days and clock for the volunteers' shifts (BUILD_OUTPUTS.shifts, issue 66). */
export function shiftsData(content: Pick<Content, "site">): ShiftsData {
  const { site } = content;
  const days: string[] = [];
  const last = new Date(`${site.dates.end}T12:00:00Z`);
  for (let d = new Date(`${site.dates.start}T12:00:00Z`); d <= last; d = new Date(d.getTime() + 86_400_000))
    days.push(d.toISOString().slice(0, 10));
  return {
    timeZone: site.timeZone,
    days,
    giveBackHours: site.volunteers?.giveBackHours ?? DEFAULT_GIVE_BACK_HOURS,
    calendarDomain: site.calendarDomain,
    location: venueText(site.venue),
  };
}

/** Writes the checkout data and the box office's plans from the content (postbuild). */
export async function writeCheckoutData(
  buildDir: string,
  content: Pick<Content, "sponsorTokens" | "site" | "ticketPlans">,
): Promise<string> {
  const data = checkoutData(content);
  const file = await writeOutput(buildDir, BUILD_OUTPUTS.checkout, data, 2);
  const tickets = ticketsData(content);
  const plans = await writeOutput(buildDir, BUILD_OUTPUTS.tickets, tickets, 2);
  await writeOutput(buildDir, BUILD_OUTPUTS.shifts, shiftsData(content), 2);
  return `checkout: ${file} (${Object.keys(data.tokens).length} sponsor tokens), ${plans} (${Object.keys(tickets.plans).length} plans)`;
}
