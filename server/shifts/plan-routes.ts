import type { Hono } from "hono";
import type { AdminEnv, AdminOptions } from "../admin/context";
import type { ServerContext } from "../context";

/** Issue 66: filled in by its part (see ./routes.ts). */
export function registerPlan(_admin: Hono<AdminEnv>, _options: AdminOptions, _ctx: ServerContext): void {}
