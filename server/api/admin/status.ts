/**
 * `PATCH /api/admin/<submissions|comments>/:id` with `{ status }`: one handler for both, each with its own
 * statuses (handled/new; approved/rejected/pending) and the rows it may touch (comments are moderated under
 * Comments only). Audited by setStatus.
 */
import type { Hono } from "hono";
import type * as z from "zod/mini";
import { firstIssue, parseId } from "../../../app/lib/admin/schemas";
import { setStatus } from "./inbox";
import type { Db } from "../../db/client";
import { badRequest, jsonBody, notFound, type AdminEnv } from "./context";

interface StatusRoute {
  path: "/submissions/:id" | "/comments/:id";
  schema: z.ZodMiniType<{ status: string }>;
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
}
