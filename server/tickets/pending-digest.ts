/**
 * The organisers' daily mail of new orders waiting for payment (issue 61): once a day (a graphile-worker cron
 * line declared in ./jobs.ts, which runs it once whatever the number of servers, with a job key besides), the
 * pay-later orders made in the 24 hours before the run, each with its reference, buyer, seats, amount and
 * deadline in the event's time zone, and what waits in all. Nothing new: no mail.
 */
import { zonedWhen } from "../../app/lib/admin/when";
import type { TicketsData } from "../../app/lib/build-outputs";
import { ticketReference } from "../../app/lib/tickets/orders";
import type { Db } from "../db/client";
import { queueMail } from "../mail/queries";
import { money } from "./mail";
import { holdSeats, moneyWaiting, newPendingOrders } from "./order-life/moves.queries";

const DAY = 86_400_000;
/** A buyer's words on one line: no control characters nor line separators (they could start a paragraph of their own). */
const oneLine = (text: string) => text.replace(/[\p{Cc}\u2028\u2029]+/gu, " ").trim();

export interface DigestDeps {
  db: Db;
  plans: () => Promise<TicketsData>;
  /** NOTIFY_EMAIL, else the contact address of the content. */
  to?: string;
  siteUrl?: string;
}

/** Queues the mail for the day ending at `at` (the cron's scheduled time); answers how many orders it lists. */
export async function sendPendingDigest(deps: DigestDeps, at: Date): Promise<number> {
  const orders = await newPendingOrders(deps.db, new Date(at.getTime() - DAY), at);
  if (!orders.length) return 0;
  const data = await deps.plans();
  const [all, seats] = await Promise.all([
    moneyWaiting(deps.db),
    holdSeats(
      deps.db,
      orders.map((o) => o.holdId),
    ),
  ]);
  const n = orders.length;
  const site = (deps.siteUrl ?? "").replace(/\/+$/, "");
  await queueMail(deps.db, {
    to: deps.to || data.contact.email,
    subject: `${n === 1 ? "1 new order waits" : `${n} new orders wait`} for payment`,
    body: [
      `Hello, ${n === 1 ? "this order was" : `these ${n} orders were`} made in the last 24 hours, to be paid later:`,
      "",
      ...orders.map((o) => {
        const plan = data.plans[o.planId]?.title ?? o.planId;
        const s = seats[o.holdId] ?? 0;
        const due = o.dueAt ? `, pay by ${zonedWhen(o.dueAt, data.timeZone)}` : "";
        return `- ${ticketReference(o.id)}: “${oneLine(o.name)}” <${oneLine(o.email)}>, ${plan}, ${s === 1 ? "1 seat" : `${s} seats`}, ${money(o.amountMinor, o.currency)}${due}`;
      }),
      "",
      `In all, ${all.orders === 1 ? "1 order waits" : `${all.orders} orders wait`} for ${all.amounts.map((a) => money(a.minor, a.currency)).join(" and ")}${
        all.oldestDue ? `, the oldest due ${zonedWhen(all.oldestDue, data.timeZone)}` : ""
      }.`,
      "",
      `Mark them paid when the money arrives, or release them: ${site}/admin?tab=box-office`,
    ].join("\n"),
  });
  return n;
}

/** The "pending-digest" job: the day ending at the cron's scheduled time (`_cron.ts`), else now. */
export function pendingDigestJob(deps: DigestDeps, now: () => number = Date.now) {
  return async (payload: Record<string, unknown>) => {
    const cron = payload._cron as { ts?: string } | undefined;
    const at = cron?.ts ? new Date(cron.ts) : new Date(now());
    await sendPendingDigest(deps, Number.isNaN(at.getTime()) ? new Date(now()) : at);
  };
}
