/**
 * The server's settings: every environment variable it reads, parsed once at start with zod, typed, with the
 * defaults of docs/deploy.md. A wrong value stops the start with the variable named. The server, its scripts
 * (backup, restore, admin:add) and nothing else read the environment; the build reads its own (Vite's).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as z from "zod";

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export interface RateLimit {
  limit: number;
  windowMs: number;
}

const optional = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));
const flag = optional.pipe(
  z
    .enum(["1", "true", "yes", "0", "false", "no"], { error: "must be 1 or 0 (true/yes or false/no)" })
    .optional()
    .transform((v) => v === "1" || v === "true" || v === "yes"),
);
/** A whole number in [min, max], or the fallback when unset. */
const whole = (fallback: number, what: string, min = 1, max = Number.MAX_SAFE_INTEGER) =>
  optional.transform((v, ctx) => {
    if (v === undefined) return fallback;
    const n = Number(v);
    if (Number.isInteger(n) && n >= min && n <= max) return n;
    ctx.issues.push({ code: "custom", message: `must be ${what}, got "${v}"`, input: v });
    return z.NEVER;
  });
/** "10/600": 10 per 600 s. */
const rateLimit = (fallback: RateLimit) =>
  optional.pipe(
    z
      .string()
      .regex(/^\d+\/\d+$/, { error: 'must be "count/seconds", like 10/600' })
      .optional()
      .transform((v): RateLimit => {
        if (!v) return fallback;
        const [limit, seconds] = v.split("/").map(Number);
        return { limit: limit!, windowMs: seconds! * 1000 };
      }),
  );
const url = (protocols: RegExp, example: string) =>
  optional.pipe(
    z
      .string()
      .refine((v) => URL.canParse(v) && protocols.test(new URL(v).protocol), { error: `must be a URL like ${example}` })
      .optional(),
  );

const schema = z.object({
  PORT: whole(4173, "a port number", 0, 65535),
  HOST: optional.transform((v) => v ?? "0.0.0.0"),
  MAX_CONNECTIONS: whole(1000, "a whole number of connections"),
  TRUST_PROXY: flag,
  /**
   * Fault injection for the crash test only (tests/e2e/programme-publish.spec.ts): the server kills itself
   * (SIGKILL) right after a publish made its build live and before its alerts are queued (issue 51).
   */
  PUBLISH_KILL_AFTER_SWITCH: flag,
  NODE_ENV: optional,
  SITE_URL: url(/^https?:$/, "https://tncc.example.org").transform((v) => v?.replace(/\/+$/, "")),
  STRIPE_SECRET_KEY: optional,
  STRIPE_API_URL: url(/^https?:$/, "http://127.0.0.1:12111"),
  STRIPE_WEBHOOK_SECRET: optional,
  DATABASE_URL: url(/^postgres(ql)?:$/, "postgres://user:password@host:5432/tncc"),
  DATA_DIR: optional.transform((v) => path.resolve(REPO, v ?? "data")),
  SMTP_URL: url(/^smtps?:$/, "smtps://user:pass@smtp.example.org:465"),
  MAIL_FROM: optional,
  NOTIFY_EMAIL: optional.pipe(z.email({ error: "must be an e-mail address" }).optional()),
  MAIL_POLL_MS: whole(5000, "a whole number of milliseconds"),
  MAIL_BACKOFF_MS: whole(30_000, "a whole number of milliseconds"),
  /** How long a sender keeps a mail it took; a sender that died holds it back this long at most. */
  MAIL_LEASE_MS: whole(120_000, "a whole number of milliseconds", 1000),
  RETENTION_DAYS: whole(365, "a whole number of days"),
  /** How many announcement mails a minute go into the mail outbox at most (issue 44). */
  ANNOUNCE_PER_MINUTE: whole(300, "a whole number of mails a minute", 1, 100_000),
  /** How long a checkout keeps its seats once its buyer went to the provider's page (issue 42). */
  TICKET_HOLD_MINUTES: whole(30, "a whole number of minutes", 1, 24 * 60),
  /** How long a purchase keeps its seats before its buyer goes to pay (issue 50). */
  TICKET_FIRST_HOLD_MINUTES: whole(10, "a whole number of minutes", 1, 24 * 60),
  /** Open holds (unpaid purchases, unconfirmed free orders) per client address and per e-mail address (issue 50). */
  TICKET_OPEN_HOLDS: whole(1, "a whole number of holds", 1, 1000),
  /** How long a free order's seats wait for its address to be confirmed (issue 50). */
  TICKET_CONFIRM_HOURS: whole(2, "a whole number of hours", 1, 24 * 7),
  /** How long a waiting-list offer keeps its seats for the person offered them (issue 42). */
  WAITLIST_OFFER_HOURS: whole(24, "a whole number of hours", 1, 24 * 14),
  FORM_RATE_LIMIT: rateLimit({ limit: 10, windowMs: 600_000 }),
  ADMIN_SIGNIN_LIMIT: rateLimit({ limit: 10, windowMs: 900_000 }),
  /** Publishing (issue 31): this server's build folders, the content a publish builds, how often to look for a new live build. */
  BUILDS_DIR: optional,
  CONTENT_DIR: optional.transform((v) => path.resolve(REPO, v ?? "content")),
  PUBLISH_POLL_MS: whole(5000, "a whole number of milliseconds", 100),
  /** A git remote (name or URL) the content's commits are pushed to after each publish. */
  CONTENT_GIT_REMOTE: optional,
});

/** What a publish's build sees of the environment: what Vite and the build read, never the server's secrets. */
const BUILD_ENV = /^(PATH|HOME|LANG|LC_\w+|TMPDIR|TZ|SITE_\w+|VITE_\w+)$/;

export type Config = z.output<typeof schema> & {
  /** Live payments or NODE_ENV=production: then SITE_URL is not guessed from the address we listen on. */
  production: boolean;
  /** Where links in mails and checkout's return addresses point: SITE_URL, else (not in production) our address. */
  publicUrl: string | undefined;
  /** The address shown at start ("localhost" for every interface). */
  shownHost: string;
  /** BUILDS_DIR, by default DATA_DIR/builds. */
  buildsDir: string;
  /** The environment a publish's build runs with (CONTENT_DIR included). */
  buildEnv: Record<string, string>;
};

/** Parses the settings; throws one message naming every wrong variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success)
    throw new Error(
      parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message} (docs/deploy.md)`).join("\n"),
    );
  const settings = parsed.data;
  const production = settings.NODE_ENV === "production" || Boolean(settings.STRIPE_SECRET_KEY?.startsWith("sk_live_"));
  const shownHost = settings.HOST === "0.0.0.0" || settings.HOST === "::" ? "localhost" : settings.HOST;
  const buildEnv: Record<string, string> = { CONTENT_DIR: settings.CONTENT_DIR };
  for (const [name, value] of Object.entries(env))
    if (value !== undefined && BUILD_ENV.test(name)) buildEnv[name] = value;
  return {
    ...settings,
    production,
    shownHost,
    buildsDir: path.resolve(REPO, settings.BUILDS_DIR ?? path.join(settings.DATA_DIR, "builds")),
    buildEnv,
    publicUrl: settings.SITE_URL ?? (production ? undefined : `http://${shownHost}:${settings.PORT}`),
  };
}

/** For the server and its scripts: the settings, or a message naming each wrong variable and exit 1. */
export function configOrExit(env: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    console.error(`Cannot start, a setting is wrong:\n${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
