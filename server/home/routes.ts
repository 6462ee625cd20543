/**
 * `GET /api/admin/home`: what needs the organisers' attention (issue 41), in one answer: new messages per
 * form, comments waiting, saved changes not yet published, seats sold, and (issue 61) the money waiting on
 * orders paid later and a warning while the pay-later instructions are still the placeholder, and (issue 63)
 * during the event's days the ratings given today and the best-rated session, and (issue 66) the next shift short
 * of people. Session and
 * Origin: ../routes.ts.
 */
import type { Hono } from "hono";
import { INBOX_KINDS, inboxLabel } from "../../app/forms";
import * as api from "../../app/api/admin/home";
import type { HomeSummary } from "../../app/api/admin/home";
import type { ContentOptions } from "../content";
import { git } from "../git";
import { organiserFeature, serve, type AdminEnv, type AdminOptions } from "../admin";
import type { ServerContext } from "../context";
import { nextGap, waitingByKind } from "./queries";
import { shiftsEvent, shiftWhen, shiftWhat } from "../shifts";
import { stock } from "../tickets/queries";
import { waitingByPlan } from "../tickets/waitlist/queries";
import { moneyWaiting } from "../tickets";
import { money } from "../../app/lib/money";
import { zonedWhen } from "../../app/lib/admin/when";
import { isPlaceholderInstructions } from "../payments";
import { liveProgramme, ratingsToday } from "../feedback";
import { waitingEdits } from "../speakers/queries";

/**
 * The content commits since the live build's, counted as the editor lists them (`GET /content/changes`:
 * commits touching the content folder); null without an editor, without a live commit, or when git cannot
 * tell (the live commit is not in this copy's history).
 */
export async function unpublishedCount(content: ContentOptions | undefined): Promise<number | null> {
  const since = content?.liveCommit();
  if (!content || !since || !/^[0-9a-f]{7,64}$/.test(since)) return null;
  try {
    const out = await git(content.copy.dir, ["rev-list", "--count", `${since}..HEAD`, "--", content.copy.dir], {
      timeoutMs: 10_000,
    });
    const count = Number(out);
    return Number.isInteger(count) ? count : null;
  } catch {
    return null;
  }
}

export function registerHome(admin: Hono<AdminEnv>, options: AdminOptions): void {
  const { db } = options.database;
  const box = options.boxOffice;
  const now = options.now ?? Date.now;
  const programme = liveProgramme(options.liveDir);
  const shiftsClock = shiftsEvent(options);

  serve(admin, api.showHome, async () => {
    const [waiting, unpublished, seats, lists, pending, data, terms, rated, speakers, gap, event] = await Promise.all([
      waitingByKind(db),
      unpublishedCount(options.content),
      stock(db),
      waitingByPlan(db),
      moneyWaiting(db),
      box ? box.plans().catch(() => null) : null,
      box ? box.payLaterTerms().catch(() => null) : null,
      programme().then((p) => ratingsToday(db, p.programme, p.timeZone, now())),
      waitingEdits(db),
      nextGap(db, new Date(now())),
      shiftsClock().catch(() => null),
    ]);
    // Pay later is offered when a plan costs money and takes it (a plan lists no methods: it takes both).
    const paysLater = Object.values(data?.plans ?? {}).some(
      (p) => p.priceMinor > 0 && (!p.methods || p.methods.includes("later")),
    );
    const plans = Object.values(seats);
    const summary: HomeSummary = {
      messages: INBOX_KINDS.filter((kind) => kind !== "comment" && (waiting[kind] ?? 0) > 0).map((kind) => ({
        kind,
        label: inboxLabel(kind),
        count: waiting[kind] ?? 0,
      })),
      comments: waiting.comment ?? 0,
      unpublished,
      ...(plans.length
        ? {
            tickets: {
              sold: plans.reduce((sum, p) => sum + p.sold, 0),
              capacity: plans.reduce((sum, p) => sum + p.capacity, 0),
              waiting: Object.values(lists).reduce((sum, l) => sum + l.entries, 0),
            },
          }
        : {}),
      ...(pending.orders
        ? {
            moneyWaiting: {
              orders: pending.orders,
              amount: pending.amounts.map((a) => money(a.minor, a.currency)).join(" and "),
              oldestDue: pending.oldestDue ? zonedWhen(pending.oldestDue, data?.timeZone ?? "UTC") : null,
            },
          }
        : {}),
      ...(speakers.size ? { speakerChanges: speakers.size } : {}),
      ...(terms && paysLater && isPlaceholderInstructions(terms.instructions) ? { payLaterPlaceholder: true } : {}),
      ...(rated ? { ratingsToday: rated } : {}),
      ...(gap
        ? {
            nextGap: {
              what: shiftWhat(gap),
              when: shiftWhen(gap, event?.timeZone ?? data?.timeZone ?? "UTC"),
              filled: gap.filled,
              needed: gap.needed,
              gaps: gap.gaps,
            },
          }
        : {}),
    };
    return summary;
  });
}

/** The organisers' home (issue 41): what waits in every feature, on one page. */
export const routes = (ctx: ServerContext) => organiserFeature(ctx, registerHome);
