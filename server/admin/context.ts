/**
 * What every `/api/admin/*` handler shares: the organisers' context, the signed-in organiser, and `serve`, which
 * registers one route of the contract (app/api/admin/) with its body and query read and checked by its schemas.
 */
import { Hono, type Context, type MiddlewareHandler } from "hono";
import {
  bodyProblem,
  type AdminRoute,
  type AnswerOf,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
} from "../../app/lib/admin/route";
import type { AdminEnv, AdminOptions, FeatureRoutes, ServerContext } from "../context";
import { jsonOf } from "../request";

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

/** A string that a Date stands for too: JSON sends a Date as its ISO string, as the answers' schemas read it. */
export type Sent<T> = T extends string
  ? T | Date
  : T extends readonly (infer U)[]
    ? readonly Sent<U>[]
    : T extends object
      ? { [K in keyof T]: Sent<T[K]> }
      : T;

/** What a route's handler gets: the body and query as its schemas made them, and the path's parameters as sent. */
export interface Input<R extends AdminRoute> {
  body: BodyOf<R>;
  query: QueryOf<R>;
  params: { [K in keyof ParamsOf<R>]: string };
}

/**
 * Registers one route of the contract. Its body (JSON) and query are checked by its schemas first: a wrong one is
 * answered 400 with the message and the field it concerns (`{ error, field }`), and the handler never runs. The
 * handler answers the route's answer (sent as JSON with the route's status) or a Response of its own (an error,
 * a file).
 */
export function serve<R extends AdminRoute>(
  admin: Hono<AdminEnv>,
  route: R,
  handler: (c: AdminContext, input: Input<R>) => Promise<Sent<AnswerOf<R>> | Response>,
  /** What runs before the body is read (a limit on tries, counted whatever the body says). */
  before: MiddlewareHandler<AdminEnv>[] = [],
): void {
  for (const middleware of before) admin.on(route.method, route.path, middleware);
  admin.on(route.method, route.path, async (c) => {
    let body: unknown;
    if (route.body) {
      // No body at all is an empty object: a route whose every field is optional (a publish) needs none.
      const json = await jsonOf(c, {});
      if (json === undefined)
        return c.json({ error: "The request is not in the right form (JSON expected).", field: "" }, 400);
      const parsed = route.body.safeParse(json);
      if (!parsed.success) return c.json(bodyProblem(parsed.error.issues), 400);
      body = parsed.data;
    }
    let query: unknown;
    if (route.query) {
      const parsed = route.query.safeParse(c.req.query());
      if (!parsed.success) return c.json(bodyProblem(parsed.error.issues), 400);
      query = parsed.data;
    }
    const input = { body, query, params: c.req.param() } as Input<R>;
    const answer = await handler(c, input);
    if (answer instanceof Response) return answer;
    // Checked as the browser will read it (a Date as its string): an answer its schema refuses is a bug here,
    // a 500 and a line in the log (the app's error handler), never sent for the page to refuse (the tests on both
    // databases meet it).
    const sent: unknown = JSON.parse(JSON.stringify(answer ?? null));
    const checked = route.answer?.safeParse(sent);
    if (!checked?.success) {
      const field = checked ? bodyProblem(checked.error.issues).field : "(no answer schema)";
      throw new Error(`admin api: ${route.method} ${route.path} answered what its schema refuses at "${field}"`);
    }
    return c.json(sent as object, route.status ?? 200);
  });
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
