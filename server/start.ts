/**
 * Start-up wiring: opens the database (DATA_DIR or DATABASE_URL), starts the mail sender (SMTP_URL) and the
 * daily purge (RETENTION_DAYS), and returns what `createApp` needs. Settings come parsed from ./config.ts.
 */
import type { CheckoutData } from "./api/checkout";
import type { AppOptions } from "./app";
import { buildData } from "./build-data";
import type { Config } from "./config";
import { openDatabase, type Database } from "./db/client";
import { purge } from "./db/store";
import { safeError } from "./log-safe";
import { startMailer, type Mailer } from "./mail/mailer";

export interface FormsRuntime {
  forms: NonNullable<AppOptions["forms"]>;
  database: Database;
  close(): Promise<void>;
}

export async function startForms(
  config: Config,
  /** checkout.json of the live build: the organisers' address (it changes with a publish). */
  contactFile: () => string,
  log = (line: string) => console.log(line),
): Promise<FormsRuntime> {
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  log(
    database.driver === "postgres"
      ? "Forms: stored in PostgreSQL (DATABASE_URL)"
      : `Forms: stored in ${config.DATA_DIR} (embedded PostgreSQL)`,
  );

  // The organisers' address, as the live build wrote it beside the pages.
  const contact = buildData<CheckoutData>(contactFile);
  const organiserEmail = () =>
    contact
      .load()
      .then((data) => data.contact.email)
      .catch(() => "info@tncc.example.org");

  let mailer: Mailer | null = null;
  if (config.SMTP_URL) {
    mailer = startMailer({
      db: database.db,
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM || `TNCC website <${config.NOTIFY_EMAIL || (await organiserEmail())}>`,
      pollMs: config.MAIL_POLL_MS,
      backoffBaseMs: config.MAIL_BACKOFF_MS,
    });
  } else {
    log("E-mail is off (no SMTP_URL): submissions wait in the database and no mail is sent.");
  }

  const runPurge = () =>
    purge(database.db, config.RETENTION_DAYS).catch((error: unknown) => console.error(`purge: ${safeError(error)}`));
  void runPurge();
  const daily = setInterval(runPurge, 86_400_000);
  daily.unref();

  const forms: FormsRuntime["forms"] = {
    organiserEmail,
    notifyEmail: config.NOTIFY_EMAIL,
    siteUrl: config.publicUrl,
    rateLimit: config.FORM_RATE_LIMIT,
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
