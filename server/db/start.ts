/**
 * Server start-up for the forms: opens the database (DATA_DIR or DATABASE_URL), starts the mail sender
 * (SMTP_URL) and the daily purge (RETENTION_DAYS), and returns what `createApp({ forms })` needs.
 * Settings are described in docs/deploy.md.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FormsOptions } from "../api/forms";
import { startMailer, type Mailer } from "../mail/mailer";
import { openDatabase, type Database } from "./client";
import { safeError } from "../log-safe";
import { purge } from "./store";

export interface FormsRuntime {
  forms: FormsOptions;
  database: Database;
  close(): Promise<void>;
}

type Env = Record<string, string | undefined>;

/** "10/600" -> 10 per 600 s. */
export function parseRateLimit(value: string | undefined): { limit: number; windowMs: number } {
  const match = /^(\d+)\/(\d+)$/.exec(value ?? "");
  return match ? { limit: Number(match[1]), windowMs: Number(match[2]) * 1000 } : { limit: 10, windowMs: 600_000 };
}

export async function startForms(
  env: Env,
  repo: string,
  log = (line: string) => console.log(line),
): Promise<FormsRuntime> {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || path.join(repo, "data"),
  });
  log(
    database.driver === "postgres"
      ? "Forms: stored in PostgreSQL (DATABASE_URL)"
      : `Forms: stored in ${env.DATA_DIR || "data/"} (embedded PostgreSQL)`,
  );

  const contactFile = path.join(repo, "build", "checkout.json");
  let organiser: string | undefined;
  const organiserEmail = async () =>
    (organiser ??= await readFile(contactFile, "utf8")
      .then((text) => (JSON.parse(text) as { contact: { email: string } }).contact.email)
      .catch(() => "info@tncc.example.org"));

  let mailer: Mailer | null = null;
  if (env.SMTP_URL) {
    mailer = startMailer({
      db: database.db,
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM || `TNCC website <${env.NOTIFY_EMAIL || (await organiserEmail())}>`,
      pollMs: Number(env.MAIL_POLL_MS) || undefined,
      backoffBaseMs: Number(env.MAIL_BACKOFF_MS) || undefined,
    });
  } else {
    log("E-mail is off (no SMTP_URL): submissions wait in the database and no mail is sent.");
  }

  const retentionDays = Number(env.RETENTION_DAYS) || 365;
  const runPurge = () =>
    purge(database.db, retentionDays).catch((error: unknown) => console.error(`purge: ${safeError(error)}`));
  void runPurge();
  const daily = setInterval(runPurge, 86_400_000);
  daily.unref();

  const forms: FormsOptions = {
    database,
    organiserEmail,
    notifyEmail: env.NOTIFY_EMAIL || undefined,
    siteUrl: env.SITE_URL || undefined,
    rateLimit: parseRateLimit(env.FORM_RATE_LIMIT),
    trustProxy: env.TRUST_PROXY === "1",
    onQueued: () => mailer?.kick(),
  };
  return {
    forms,
    database,
    async close() {
      clearInterval(daily);
      await mailer?.stop();
      await database.close();
    },
  };
}
