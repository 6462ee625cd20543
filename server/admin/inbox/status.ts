/**
 * `PATCH /api/admin/<submissions|comments>/:id` with `{ status }`, and `PATCH /api/admin/<submissions|comments>`
 * with `{ ids, status }` (several from the list at once): one handler pair for both, each with its own
 * statuses (handled/new; approved/rejected/pending) and the rows it may touch (comments are moderated under
 * Comments only). Audited row by row by setStatuses.
 */
import type { Hono } from "hono";
import type * as z from "zod/mini";
import { bulkSchema, firstIssue, parseId } from "../../../app/forms/admin";
import { setStatus, setStatuses } from "./queries";
import type { Db } from "../../db/client";
import { badRequest, jsonBody, notFound, type AdminEnv } from "../context";

interface StatusRoute {
  path: "/submissions/:id" | "/comments/:id";
  schema: z.ZodMiniObject<{ status: z.ZodMiniType<string> }>;
  kinds: "comment" | "other";
  missing: string;
}

export function registerStatus(admin: Hono<AdminEnv>, db: Db, route: StatusRoute): void {
  admin.patch(route.path, async (c) => {
    const id = parseId(c.req.param("id"));
    if (id === null) return notFound(c, route.missing);
    const parsed = route.schema.safeParse(await jsonBody(c));
    if (!parsed.success) return badRequest(c, firstIssue(parsed.error));
    const row = await setStatus(db, id, parsed.data.status, route.kinds, c.get("admin"));
    return row ? c.json(row) : notFound(c, route.missing);
  });

  const bulk = bulkSchema(route.schema);
  admin.patch(route.path.replace("/:id", ""), async (c) => {
    const parsed = bulk.safeParse(await jsonBody(c));
    if (!parsed.success) return badRequest(c, firstIssue(parsed.error));
    const { ids, status } = parsed.data;
    const items = await setStatuses(db, ids, status, route.kinds, c.get("admin"));
    const found = new Set(items.map((row) => row.id));
    return c.json({ items, missing: ids.filter((id) => !found.has(id)) });
  });
}
