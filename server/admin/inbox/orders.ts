/**
 * `GET /api/admin/orders?page=`: paid sponsor-token orders (the `orders` table, written by the payment
 * webhook), newest first. Ticket purchase requests are submissions (`kind=ticket`) and listed with them.
 */
import type { Hono } from "hono";
import * as api from "../../../app/api/admin/inbox";
import { PER_PAGE } from "../../../app/forms/admin";
import { listOrderPage } from "./queries";
import { serve, type AdminEnv, type AdminOptions } from "../context";

export function registerOrders(admin: Hono<AdminEnv>, options: AdminOptions): void {
  const { db } = options.database;
  serve(admin, api.listOrders, async (_c, { query }) => listOrderPage(db, Number(query.page ?? 1), PER_PAGE));
}
