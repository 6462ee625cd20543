/**
 * `POST /api/admin/erasure` with `{ email }`: erases everything stored for the address in one transaction
 * and answers how many rows went from each table (docs/privacy.md). The audit entry keeps the address's
 * SHA-256, never the address.
 */
import type { Hono } from "hono";
import { erasureSchema, firstIssue } from "../../../app/forms/admin";
import { eraseAddress } from "./queries";
import { badRequest, jsonBody, type AdminEnv, type AdminOptions } from "../context";

export function registerErasure(admin: Hono<AdminEnv>, options: AdminOptions): void {
  const { db } = options.database;
  admin.post("/erasure", async (c) => {
    const parsed = erasureSchema.safeParse(await jsonBody(c));
    if (!parsed.success) return badRequest(c, firstIssue(parsed.error));
    const counts = await eraseAddress(db, parsed.data.email, c.get("admin"));
    return c.json({ counts });
  });
}
