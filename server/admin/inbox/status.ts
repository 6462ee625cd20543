/**
 * `PATCH /api/admin/<submissions|comments>/:id` with `{ status }`, and `PATCH /api/admin/<submissions|comments>`
 * with `{ ids, status }` (several from the list at once): one handler pair for both, each with its own
 * statuses (handled/new; approved/rejected/pending: the routes' body schemas, app/api/admin/inbox.ts) and the rows
 * it may touch (comments are moderated under Comments only). Audited row by row by setStatuses.
 */
import type { Hono } from "hono";
import type * as api from "../../../app/api/admin/inbox";
import { parseId } from "../../../app/forms/admin";
import { setStatus, setStatuses } from "./queries";
import type { Db } from "../../db/client";
import { notFound, serve, type AdminEnv } from "../context";

interface StatusRoutes {
  one: typeof api.setSubmissionStatus | typeof api.setCommentStatus;
  many: typeof api.setSubmissionStatuses | typeof api.setCommentStatuses;
  kinds: "comment" | "other";
  missing: string;
}

export function registerStatus(admin: Hono<AdminEnv>, db: Db, route: StatusRoutes): void {
  serve(admin, route.one, async (c, { params, body }) => {
    const id = parseId(params.id);
    if (id === null) return notFound(c, route.missing);
    const row = await setStatus(db, id, body.status, route.kinds, c.get("admin"));
    return row ?? notFound(c, route.missing);
  });

  serve(admin, route.many, async (c, { body }) => {
    const { ids, status } = body;
    const items = await setStatuses(db, ids, status, route.kinds, c.get("admin"));
    const found = new Set(items.map((row) => row.id));
    return { items, missing: ids.filter((id) => !found.has(id)) };
  });
}
