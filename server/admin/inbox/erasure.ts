/**
 * `POST /api/admin/erasure` with `{ email }`: erases everything stored for the address in one transaction
 * and answers how many rows went from each table (docs/privacy.md). The audit entry keeps the address's
 * SHA-256, never the address.
 */
import type { Hono } from "hono";
import * as api from "../../../app/api/admin/inbox";
import { eraseAddress } from "./queries";
import { serve, type AdminEnv, type AdminOptions } from "../context";

export function registerErasure(admin: Hono<AdminEnv>, options: AdminOptions): void {
  const { db } = options.database;
  serve(admin, api.eraseAddress, async (c, { body }) => ({
    counts: await eraseAddress(db, body.email, c.get("admin")),
  }));
}
