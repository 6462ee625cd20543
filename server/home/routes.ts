/**
 * `GET /api/admin/home`: what needs the organisers' attention (issue 41), in one answer: new messages per
 * form, comments waiting, saved changes not yet published. Session and Origin: ../routes.ts.
 */
import type { Hono } from "hono";
import { INBOX_KINDS, inboxLabel } from "../../app/forms";
import type { HomeSummary } from "../../app/lib/admin/home";
import type { ContentOptions } from "../content/options";
import { git } from "../git";
import { organiserFeature, type AdminEnv, type AdminOptions } from "../admin/context";
import type { ServerContext } from "../context";
import { waitingByKind } from "./queries";
import { stock } from "../tickets/queries";
import { waitingByPlan } from "../tickets/waitlist/queries";

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

  admin.get("/home", async (c) => {
    const [waiting, unpublished, seats, lists] = await Promise.all([
      waitingByKind(db),
      unpublishedCount(options.content),
      stock(db),
      waitingByPlan(db),
    ]);
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
    };
    return c.json(summary);
  });
}

/** The organisers' home (issue 41): what waits in every feature, on one page. */
export const routes = (ctx: ServerContext) => organiserFeature(ctx, registerHome);
