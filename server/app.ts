/**
 * The production server behind `npm start`: composes the HTTP policy (server/http-policy.ts), the APIs
 * (server/api/, one `registerX(app, deps)` call each) and the pre-rendered build (server/static.ts).
 *
 * Routes registered on the returned app (e.g. `app.post("/api/...")`) take precedence over the
 * static files: files and pages are served from the not-found handler, which runs only when no
 * route answered.
 */
import path from "node:path";
import { Hono } from "hono";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { registerAdmin } from "./api/admin";
import { isAdminPath, requestBodyLimit } from "./body-limits";
import type { ContentOptions } from "./api/admin/content";
import { registerAgendaIcs } from "./api/agenda-ics";
import { registerHealth } from "./api/health";
import { checkoutDataFile, registerCheckout, type CheckoutOptions } from "./api/checkout";
import { registerComments } from "./api/comments";
import type { ApiDeps } from "./api/deps";
import { registerForms, type FormsOptions } from "./api/forms";
import { registerOrders } from "./api/orders";
import { registerStripeWebhook } from "./api/stripe-webhook";
import { registerVitals, type VitalsOptions } from "./api/vitals";
import {
  CACHE_HOUR,
  DOCUMENT_ONLY,
  HSTS,
  NO_CACHE,
  NO_STORE,
  SECURITY_HEADERS,
  contentTypeFor,
  isClientOnlyPath,
  isSubresourceType,
} from "./http-policy";
import type { Database } from "./db/client";
import { safeError } from "./log-safe";
import { appendVary, clientKey, isHttps } from "./request";
import { fixedSite, openBuild, type Site } from "./builds/site";
import type { Publisher } from "./builds/publisher";
import { resolve, sendEntry, sendNotFound, sendSpaFallback } from "./static";

export { isSubresourceType, type HeadersManifest } from "./http-policy";

export interface AppOptions {
  /** The `build/client` folder, served as it is (the tests); or `site`. */
  root?: string;
  /** Defaults to `<root>/../headers.json` (build/headers.json). */
  headersFile?: string;
  /** The live build, which a publish or a roll back replaces (server/builds/site.ts); else `root`. */
  site?: Site;
  /** Publishing (issue 31), with `database`: `/api/admin/publish` and `/api/admin/rollback`. */
  publisher?: Publisher;
  /** Operational lines (the vitals summaries); defaults to console.log. */
  log?: (line: string) => void;
  /** Real faults (a 500's stack); defaults to console.error. */
  logError?: (error: unknown) => void;
  /** SITE_URL: the site's own origin, for every absolute URL the server writes (never the request's Host). */
  siteUrl?: string;
  /** TRUST_PROXY: believe the nearest proxy's X-Forwarded-Proto and X-Forwarded-For. */
  trustProxy?: boolean;
  /**
   * The payment provider's settings (STRIPE_SECRET_KEY, STRIPE_API_URL, STRIPE_WEBHOOK_SECRET, SITE_URL):
   * `/api/checkout`, and with `database` the webhook and `/api/orders`. dataFile defaults to
   * `<root>/../checkout.json`.
   */
  checkout?: Partial<CheckoutOptions>;
  /**
   * The database (server/start.ts opens it) for the forms, the inbox, the payment webhook,
   * `/api/orders/:sessionId` and `/api/comments/:postId`; without it those answer 404.
   */
  database?: Database;
  vitals?: VitalsOptions;
  now?: () => number;
  /** The forms' mail and limit settings (with `database`); without them, `/api/forms/*` and `/api/admin/*` answer 404. */
  forms?: Omit<FormsOptions, "database" | "trustProxy">;
  /** The organisers' inbox (on the forms' database): sign-in attempts per client address (ADMIN_SIGNIN_LIMIT). */
  admin?: { signInLimit?: { limit: number; windowMs: number }; canMail?: boolean; content?: ContentOptions };
}

const MAX_PATH_LENGTH = 2048;
/** Throws, with a message for the operator, when the build is missing, unreadable or lacks headers.json. */
export function createApp(opts: AppOptions): Hono {
  const root = path.resolve(opts.root ?? "build/client");
  const site = opts.site ?? fixedSite(openBuild(path.dirname(root), opts.headersFile, root));
  const live = () => site.current;
  const trustProxy = opts.trustProxy ?? false;
  const logError = opts.logError ?? ((error: unknown) => console.error(safeError(error)));
  const deps: ApiDeps = {
    clientKey: (c) => clientKey(c, trustProxy),
    log: opts.log ?? ((line) => console.log(line)),
    now: opts.now ?? Date.now,
  };

  function applySecurityHeaders(c: Context, res: Response): void {
    // A 304 carries no Content-Type: judge it by the file's extension.
    const type =
      res.headers.get("Content-Type") ?? (res.status === 304 ? contentTypeFor(new URL(c.req.url).pathname) : "");
    const subresource = isSubresourceType(type);
    if (!subresource && !res.headers.has("Content-Security-Policy"))
      res.headers.set("Content-Security-Policy", live().index.manifest.default.csp);
    for (const [name, value] of Object.entries(SECURITY_HEADERS))
      if (!subresource || !DOCUMENT_ONLY.has(name)) res.headers.set(name, value);
    if (trustProxy) appendVary(res.headers, "X-Forwarded-Proto");
    if (isHttps(c, trustProxy)) {
      res.headers.set("Strict-Transport-Security", HSTS);
      const csp = res.headers.get("Content-Security-Policy");
      if (csp && !csp.includes("upgrade-insecure-requests"))
        res.headers.set("Content-Security-Policy", `${csp}; upgrade-insecure-requests`);
    }
  }

  const app = new Hono();
  app.use("*", async (c, next) => {
    await next();
    applySecurityHeaders(c, c.res);
  });
  app.use("/api/*", async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", NO_STORE);
  });
  // The organisers' routes limit their bodies after their session check (server/api/admin/index.ts).
  app.use("/api/*", (c, next) => (isAdminPath(c.req.path) ? next() : requestBodyLimit(c, next)));

  registerVitals(app, deps, opts.vitals);
  const { database } = opts;
  registerHealth(app, database, () => site.current.info, { trustProxy, now: deps.now });
  // Every form (issue 17): stored, then mailed; see server/api/forms.ts.
  if (opts.forms && database) registerForms(app, { ...opts.forms, database, trustProxy });
  // The organisers' inbox (issue 18): sessions, lists, moderation, erasure; see server/api/admin/.
  if (opts.forms && database)
    registerAdmin(app, {
      database,
      siteUrl: opts.siteUrl ?? opts.forms.siteUrl,
      trustProxy,
      now: deps.now,
      clientKey: deps.clientKey,
      signInLimit: opts.admin?.signInLimit,
      canMail: opts.admin?.canMail,
      content: opts.admin?.content,
      publisher: opts.publisher,
    });
  const checkout: CheckoutOptions = {
    dataFile: () => checkoutDataFile(live().dir),
    siteUrl: opts.siteUrl,
    ...opts.checkout,
  };
  registerCheckout(app, deps, checkout);
  if (database) {
    // Issue 18: paid orders from the provider's webhook, shown on /success; approved comments on posts.
    registerStripeWebhook(app, {
      database,
      secret: checkout.webhookSecret,
      log: deps.log,
      logError: checkout.logError,
    });
    registerOrders(app, deps, {
      database,
      stripe: { secretKey: checkout.secretKey, apiUrl: checkout.apiUrl, timeoutMs: checkout.timeoutMs },
      logError: checkout.logError,
    });
    registerComments(app, { database });
  }
  registerAgendaIcs(app, {
    dataFile: () => path.join(live().dir, "agenda-sessions.json"),
    siteUrl: opts.siteUrl,
  });

  app.notFound((c) => {
    // One build per request, even when a publish switches builds while it is answered.
    const build = live().index;
    const url = new URL(c.req.url);
    if (url.pathname.startsWith("/api/")) return c.json({ error: "Not found" }, 404);
    if (c.req.method !== "GET" && c.req.method !== "HEAD")
      return c.text("Method Not Allowed", 405, { Allow: "GET, HEAD" });
    if (url.pathname.length > MAX_PATH_LENGTH) return c.text("URI Too Long", 414, { "Cache-Control": NO_CACHE });
    // The organisers' inbox is rendered in the browser: the SPA fallback, 200, never indexed (issue 18).
    if (isClientOnlyPath(url.pathname)) return sendSpaFallback(c, build);
    const found = resolve(build, url.pathname, url.search);
    if (found.kind === "redirect")
      return new Response(null, { status: 301, headers: { Location: found.location, "Cache-Control": CACHE_HOUR } });
    if (found.kind === "missing") return sendNotFound(c, build);
    const { page } = found.entry;
    const csp = page !== null ? (build.manifest.pages[page]?.csp ?? build.manifest.default.csp) : null;
    return sendEntry(c, build, found.entry, csp);
  });

  app.onError((err, c) => {
    let res: Response;
    if (err instanceof HTTPException) res = err.getResponse();
    else if (isClientAbort(err, c)) res = c.json({ error: "The request body was not received" }, 400);
    else {
      logError(err);
      res = new Response("Internal Server Error", {
        status: 500,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NO_STORE },
      });
    }
    applySecurityHeaders(c, res);
    return res;
  });

  return app;
}

/** A client that went away mid-body: its request's signal is aborted, or reading the body failed. */
function isClientAbort(err: Error, c: Context): boolean {
  if (c.req.raw.signal?.aborted) return true;
  const code = (err as NodeJS.ErrnoException).code ?? (err.cause as NodeJS.ErrnoException | undefined)?.code;
  return code === "ECONNRESET" || code === "ERR_STREAM_PREMATURE_CLOSE" || err.name === "AbortError";
}
