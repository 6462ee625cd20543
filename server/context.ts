/**
 * The one context every feature's `routes(ctx)` takes (issue 55): the database, the settings, the clock, the
 * logger and the services start-up made (the live build, publishing, the box office, the content editor). Mail
 * and jobs go through the database (server/mail/queries.ts queueMail, server/jobs/ addJob), so `canMail` is
 * all a route needs to know of them. server/start.ts builds the options from the settings (server/config.ts);
 * the tests pass their own; `serverContext` fills in the defaults. Types only from modules that import no
 * feature's routes, so no import cycle goes through here.
 */
import path from "node:path";
import type { Context, Hono, MiddlewareHandler } from "hono";
import type { SessionAdmin } from "./admin/accounts/queries";
import type { ContentOptions } from "./content/options";
import type { Database, Db } from "./db/types";
import { createPaymentEvents, type PaymentEvents } from "./payments";
import type { Publisher } from "./publish/publisher";
import { fixedSite, openBuild, type Site } from "./publish/site";
import { safeError } from "./log-safe";
import { clientKey } from "./request";
import type { BoxOffice } from "./tickets/box-office";

/** The payment provider's settings (STRIPE_SECRET_KEY, STRIPE_API_URL, STRIPE_WEBHOOK_SECRET, SITE_URL). */
export interface CheckoutOptions {
  /** The build folder whose checkout.json holds the prices; a function when it moves with the live build (issue 31). */
  buildDir: string | (() => string);
  /** STRIPE_SECRET_KEY; without it (and without a Payment Link) online payment is unavailable. */
  secretKey?: string;
  /**
   * STRIPE_API_URL: the API's origin (tests aim it at a local fake); becomes the client's host, port and
   * protocol. A malformed value stops the server at start with a message.
   */
  apiUrl?: string;
  /** STRIPE_WEBHOOK_SECRET: checks the signature of `POST /api/webhooks/stripe` (server/orders/webhook.ts). */
  webhookSecret?: string;
  /**
   * The site's origin for the return URLs (`/success`, `/cancel`): from configuration only, never from
   * the request's Host. server/index.ts passes SITE_URL (outside production, the address it listens on).
   * Without it no session is created and the visitor is told payment is unavailable.
   */
  siteUrl?: string;
  /** Checkout requests per client per minute (default 10). */
  perMinute?: number;
  /** How long the provider may take to create a session (default 10 s). */
  timeoutMs?: number;
  logError?: (line: string) => void;
}

/** The forms' mail and limit settings (issue 17). */
export interface FormsSettings {
  /** The organisers' address (content: site.yaml contact.email); NOTIFY_EMAIL overrides it. */
  organiserEmail: () => Promise<string>;
  notifyEmail?: string;
  /**
   * Origin of the links in mails (SITE_URL). Never taken from the request: a forged Host would put another
   * site's address in a mail we send. Without it, no confirmation mail is queued.
   */
  siteUrl?: string;
  /** Submissions per IP and form in one window (default 10 in 10 minutes). */
  rateLimit?: { limit: number; windowMs: number };
  /** The clock the limit's windows are counted by (tests fix it, so a window never ends mid-test). */
  now?: () => number;
}

/** The vitals' settings (issue 16). */
export interface VitalsSettings {
  /** One summary line per metric name per this interval (default one minute). */
  flushMs?: number;
  /** Requests per client per minute (default 60: a visitor sends a few per page). */
  perMinute?: number;
}

/** What createApp takes: server/start.ts fills it from the settings, a test with what it needs. */
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
  /** `/api/checkout`, and with `database` the webhook and `/api/orders`. buildDir defaults to the live build. */
  checkout?: Partial<CheckoutOptions>;
  /**
   * The database (server/start.ts opens it) for the forms, the inbox, the payment webhook,
   * `/api/orders/:sessionId` and `/api/comments/:postId`; without it those answer 404.
   */
  database?: Database;
  vitals?: VitalsSettings;
  now?: () => number;
  /** The forms' mail and limit settings (with `database`); without them, `/api/forms/*` and `/api/admin/*` answer 404. */
  forms?: FormsSettings;
  /** The box office (issue 42, server/tickets/), on `database`: its routes, and the provider's events of its checkouts. */
  boxOffice?: BoxOffice;
  /** Alerts of kept agendas (issue 44, with `database`): the VAPID public key when Web Push is on. */
  alerts?: { publicKey?: () => Promise<string | undefined> };
  admin?: {
    /** Sign-in attempts per client address and window (ADMIN_SIGNIN_LIMIT, default 10 in 15 minutes). */
    signInLimit?: { limit: number; windowMs: number };
    /** Mail is sent (SMTP_URL): invitations are mailed, else only shown to the organiser who made them. */
    canMail?: boolean;
    /** The content editor's working copy (issue 30); without it `/content/*` answers 404. */
    content?: ContentOptions;
  };
}

/** What every API gets: the client's key for rate limits, the logger and the clock. */
export interface ApiDeps {
  /** The client's address (socket peer, or the trusted proxy's X-Forwarded-For), for rate limits. */
  clientKey: (c: Context) => string;
  /** Operational lines (console.log by default). */
  log: (line: string) => void;
  now: () => number;
}

/** The one context of every feature's `routes(ctx)`. */
export interface ServerContext extends ApiDeps {
  database?: Database;
  /** SITE_URL: the only Origin a state-changing request may come from (else the request's own origin). */
  siteUrl?: string;
  trustProxy: boolean;
  /** Real faults (a 500's stack). */
  logError: (error: unknown) => void;
  /** The live build that a publish replaces, and its folder now. */
  site: Site;
  liveDir: () => string;
  checkout: Partial<CheckoutOptions>;
  forms?: FormsSettings;
  vitals?: VitalsSettings;
  alerts?: AppOptions["alerts"];
  /** Sign-in attempts per client address and window (ADMIN_SIGNIN_LIMIT, default 10 in 15 minutes). */
  signInLimit?: { limit: number; windowMs: number };
  /** Mail is sent (SMTP_URL): invitations are mailed, else only shown to the organiser who made them. */
  canMail?: boolean;
  /** Publishing and roll back (issue 31); without it those routes answer 404. */
  publisher?: Publisher;
  /** The content editor's working copy (issue 30); without it `/content/*` answers 404. */
  content?: ContentOptions;
  /** The box office (issue 42): its routes, the Attendees tab's resend, cancel and refund. */
  boxOffice?: BoxOffice;
  /** The payment provider's events (issue 61): features listen from their routes(ctx), the one webhook hands them out. */
  paymentEvents: PaymentEvents;
  /**
   * What features do when an account is removed (issue 66: the volunteers' shifts are freed), added from their
   * routes(ctx) and run by the removal (server/admin/accounts/) in its transaction, before the account's row goes:
   * each answers what the audit line should say of it. So the accounts import no feature.
   */
  accountRemoval: AccountRemoval[];
}

/** The account being removed, in the removal's transaction; its answer goes into the audit line's detail. */
export type AccountRemoval = (
  tx: Db,
  account: { id: number; email: string; name: string | null; role: string },
) => Promise<Record<string, unknown> | undefined>;

/** The organisers' context (`/api/admin/*`): the server's, on a database. */
export type AdminOptions = ServerContext & { database: Database };

export interface AdminEnv {
  Variables: { admin: SessionAdmin; token: string };
}

/**
 * What a feature's `routes(ctx)` answers: its routes for everyone (mounted at `/`), its organisers' routes
 * (paths under `/api/admin`, mounted behind the organisers' check: server/admin/routes.ts), and the body limits
 * of those organisers' paths that take more than the usual 16 KiB (read only after the check, issue 39).
 */
export interface FeatureRoutes {
  site?: Hono;
  organisers?: Hono<AdminEnv>;
  bodyLimits?: Record<string, MiddlewareHandler>;
}

export type Feature = (ctx: ServerContext) => FeatureRoutes;

/** The context from createApp's options. Throws when the build is missing, unreadable or lacks its headers. */
export function serverContext(opts: AppOptions): ServerContext {
  const root = path.resolve(opts.root ?? "build/client");
  const site = opts.site ?? fixedSite(openBuild(path.dirname(root), opts.headersFile, root));
  const trustProxy = opts.trustProxy ?? false;
  return {
    database: opts.database,
    siteUrl: opts.siteUrl,
    trustProxy,
    clientKey: (c) => clientKey(c, trustProxy),
    log: opts.log ?? ((line) => console.log(line)),
    logError: opts.logError ?? ((error: unknown) => console.error(safeError(error))),
    now: opts.now ?? Date.now,
    site,
    liveDir: () => site.current.dir,
    checkout: opts.checkout ?? {},
    forms: opts.forms,
    vitals: opts.vitals,
    alerts: opts.alerts,
    signInLimit: opts.admin?.signInLimit,
    canMail: opts.admin?.canMail,
    content: opts.admin?.content,
    publisher: opts.publisher,
    boxOffice: opts.boxOffice,
    paymentEvents: createPaymentEvents(),
    accountRemoval: [],
  };
}
