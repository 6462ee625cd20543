/** What every `/api/admin/*` handler shares: the organisers' context, the signed-in organiser, the JSON body reader. */
import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { AdminEnv, AdminOptions, FeatureRoutes, ServerContext } from "../context";
import { readBody } from "../request";

export type { AdminEnv, AdminOptions } from "../context";

export type AdminContext = Context<AdminEnv>;

/**
 * The organisers' context, or null when there are no organisers' routes: they need the database and the forms'
 * settings (the inbox reads the forms). SITE_URL, else the forms' link origin, is the one Origin allowed.
 */
export function organiserContext(ctx: ServerContext): AdminOptions | null {
  if (!ctx.database || !ctx.forms) return null;
  return { ...ctx, database: ctx.database, siteUrl: ctx.siteUrl ?? ctx.forms.siteUrl };
}

/** The JSON body, or null when it is not a JSON object. */
export async function jsonBody(c: Context): Promise<Record<string, unknown> | null> {
  const text = await readBody(() => c.req.text());
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export const badRequest = (c: Context, error: string) => c.json({ error }, 400);
export const notFound = (c: Context, what = "Not found") => c.json({ error: what }, 404);

/**
 * A feature's organisers' routes (paths under /api/admin, behind the organisers' check: ./routes.ts), with the
 * body limits of its paths that take more than 16 KiB; nothing without the organisers' context.
 */
export function organiserFeature(
  ctx: ServerContext,
  register: (admin: Hono<AdminEnv>, options: AdminOptions) => void,
  bodyLimits?: Record<string, MiddlewareHandler>,
): FeatureRoutes {
  const options = organiserContext(ctx);
  if (!options) return {};
  const organisers = new Hono<AdminEnv>();
  register(organisers, options);
  return { organisers, bodyLimits };
}
