/**
 * `GET /api/admin/orders?page=`: paid sponsor-token orders (the `orders` table, written by the payment
 * webhook), newest first. Ticket purchase requests are submissions (`kind=ticket`) and listed with them.
 */
import type { Hono } from "hono";
import { PER_PAGE, listQuerySchema, firstIssue } from "../../../app/forms/admin";
import { listOrderPage } from "./queries";
import { badRequest, type AdminEnv, type AdminOptions } from "../context";

const pageSchema = listQuerySchema.def.shape.page;

export function registerOrders(admin: Hono<AdminEnv>, options: AdminOptions): void {
  const { db } = options.database;
  admin.get("/orders", async (c) => {
    const parsed = pageSchema.safeParse(c.req.query("page"));
    if (!parsed.success) return badRequest(c, firstIssue(parsed.error));
    return c.json(await listOrderPage(db, Number(parsed.data ?? 1), PER_PAGE));
  });
}
