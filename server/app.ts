/**
 * The production server's HTTP application: the policy (server/headers.ts applies server/http-policy.ts), one
 * sub-app per feature mounted with `app.route()` (each declares its own routes, body limits and rate limits),
 * and the live build's pages and files (server/static.ts) for whatever no route answered. server/start.ts
 * builds what it needs from the settings; the tests pass their own.
 */
import path from "node:path";
import { Hono } from "hono";
import { adminRoutes } from "./admin/routes";
import type { ContentOptions } from "./content/routes";
import { agendaRoutes } from "./agenda/routes";
import { alertRoutes } from "./alerts/routes";
import { announcementsRoutes } from "./announcements/routes";
import { commentsRoutes } from "./comments/routes";
import type { Database } from "./db/client";
import type { ApiDeps } from "./deps";
import { formsRoutes, type FormsOptions } from "./forms/routes";
import { apiNoStore, errorAnswer, securityHeaders, withHeaders } from "./headers";
import { healthRoutes } from "./health/routes";
import { safeError } from "./log-safe";
import type { CheckoutOptions } from "./orders/checkout";
import { ordersRoutes } from "./orders/routes";
import type { Publisher } from "./publish/publisher";
import { fixedSite, openBuild, type Site } from "./publish/site";
import { clientKey } from "./request";
import { serveBuild } from "./static";
import type { BoxOffice } from "./tickets/box-office";
import { ticketsRoutes } from "./tickets/routes";
import { vitalsRoutes, type VitalsOptions } from "./vitals/routes";

export { isSubresourceType } from "./http-policy";

export interface AppOptions {
  /** The `build/client` folder, served as it is (the tests); or `site`. */
  root?: string;
  /** Defaults to the headers manifest beside `root` (build/headers.json). */
  headersFile?: string;
  /** The live build, which a publish or a roll back replaces (server/publish/site.ts); else `root`. */
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
   * `/api/checkout`, and with `database` the webhook and `/api/orders`. buildDir defaults to the live build.
   */
  checkout?: Partial<CheckoutOptions>;
  /**
   * The database (server/start.ts opens it) for the forms, the inbox, the payment webhook,
   * `/api/orders/:sessionId` and `/api/comments/:postId`; without it those answer 404.
   */
  database?: Database;
  vitals?: Omit<VitalsOptions, "database">;
  now?: () => number;
  /** The forms' mail and limit settings (with `database`); without them, `/api/forms/*` and `/api/admin/*` answer 404. */
  forms?: Omit<FormsOptions, "database" | "trustProxy">;
  /** The box office (issue 42, server/tickets/), on `database`: its routes, and the provider's events of its checkouts. */
  boxOffice?: BoxOffice;
  /** The organisers' inbox (on the forms' database): sign-in attempts per client address (ADMIN_SIGNIN_LIMIT). */
  /** Alerts of kept agendas (issue 44, with `database`): the VAPID public key when Web Push is on. */
  alerts?: { publicKey?: () => Promise<string | undefined> };
  admin?: {
    signInLimit?: { limit: number; windowMs: number };
    canMail?: boolean;
    content?: ContentOptions;
  };
}

/** Throws, with a message for the operator, when the build is missing, unreadable or lacks its headers manifest. */
export function createApp(opts: AppOptions): Hono {
  const root = path.resolve(opts.root ?? "build/client");
  const site = opts.site ?? fixedSite(openBuild(path.dirname(root), opts.headersFile, root));
  const liveDir = () => site.current.dir;
  const { database, forms } = opts;
  const trustProxy = opts.trustProxy ?? false;
  const deps: ApiDeps = {
    clientKey: (c) => clientKey(c, trustProxy),
    log: opts.log ?? ((line) => console.log(line)),
    now: opts.now ?? Date.now,
  };
  const applyHeaders = securityHeaders(() => site.current.index.manifest.default.csp, trustProxy);

  const app = new Hono();
  app.use("*", withHeaders(applyHeaders));
  app.use("/api/*", apiNoStore);

  app.route("/", vitalsRoutes(deps, { database, ...opts.vitals }));
  app.route(
    "/",
    healthRoutes(database, () => site.current.info, { trustProxy, now: deps.now }),
  );
  // Every form (issue 17), stored then mailed; the organisers' inbox (issue 18), on the same database.
  if (forms && database) {
    app.route("/", formsRoutes({ ...forms, database, trustProxy }));
    app.route(
      "/api/admin",
      adminRoutes({
        database,
        siteUrl: opts.siteUrl ?? forms.siteUrl,
        trustProxy,
        now: deps.now,
        clientKey: deps.clientKey,
        signInLimit: opts.admin?.signInLimit,
        canMail: opts.admin?.canMail,
        content: opts.admin?.content,
        publisher: opts.publisher,
        boxOffice: opts.boxOffice,
      }),
    );
  }
  app.route(
    "/",
    ordersRoutes(deps, { buildDir: liveDir, siteUrl: opts.siteUrl, ...opts.checkout }, database, opts.boxOffice),
  );
  if (database && opts.boxOffice)
    app.route(
      "/",
      ticketsRoutes(deps, {
        database,
        box: opts.boxOffice,
        siteUrl: opts.siteUrl,
        trustProxy,
      }),
    );
  if (database) app.route("/", commentsRoutes({ database }));
  // The organisers' announcement shown as a banner on every page, read after hydration (issue 44).
  app.route("/", announcementsRoutes({ database, now: deps.now }));
  // "My agenda": the shared calendar feed, and with the database agendas kept for one person's devices (issue 44).
  app.route(
    "/",
    agendaRoutes({
      buildDir: liveDir,
      siteUrl: opts.siteUrl,
      database,
      clientKey: deps.clientKey,
      now: deps.now,
      trustProxy,
    }),
  );

  // Alerts when a starred session changes (issue 44, part 2): e-mail confirmed by a mailed link, and Web Push.
  if (database)
    app.route(
      "/",
      alertRoutes({
        database,
        siteUrl: opts.siteUrl ?? forms?.siteUrl,
        publicKey: opts.alerts?.publicKey,
        clientKey: deps.clientKey,
        now: deps.now,
        trustProxy,
      }),
    );

  app.notFound(serveBuild(() => site.current.index));
  app.onError(errorAnswer(applyHeaders, opts.logError ?? ((error: unknown) => console.error(safeError(error)))));
  return app;
}
