/**
 * Start-up in one place: from the settings (./config.ts), opens the database (DATA_DIR or DATABASE_URL), starts
 * the background jobs (server/jobs/, every feature's as it declares them in server/job-list.ts: the mail
 * sender only when SMTP_URL is set), takes the live build (server/publish/site.ts)
 * and the publisher, and hands them to `createApp`. server/index.ts only serves the app and stops it.
 */
import { picturesDir } from "../app/content/collections";
import path from "node:path";
import type { Hono } from "hono";
import { BUILD_OUTPUTS, IMAGE_MANIFEST } from "../app/lib/build-outputs";
import { audit } from "./admin/audit/queries";
import { alertAfterPublish } from "./alerts/alerts";
import { sessionAudience } from "./alerts/queries";
import { speakersWithAddress } from "./alerts/speakers.queries";
import { liveSessionNames } from "./alerts/audiences";
import { pushSender, vapidKeys } from "./alerts/push";
import { createApp } from "./app";
import { REPO, type Config } from "./config";
import { openDatabase } from "./db/client";
import { safeError } from "./log-safe";
import { startJobs, type Jobs } from "./jobs";
import { allJobs } from "./job-list";
import { mailSender } from "./mail/mailer";
import { createBoxOffice } from "./tickets/box-office";
import { readOutput } from "./publish/outputs";
import { Publisher } from "./publish/publisher";
import { LiveSite } from "./publish/site";
import { shiftsEvent } from "./shifts/event";

export interface Runtime {
  app: Hono;
  /** No more publishing or following the live build (a stop begins). */
  stop(): void;
  /** The background jobs stopped, then the database closed. */
  close(): Promise<void>;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Throws an Error whose message, for the operator, says what could not start. */
export async function startRuntime(config: Config, log = (line: string) => console.log(line)): Promise<Runtime> {
  // Checkout's return URLs come from configuration only: in production without SITE_URL, no checkout.
  if (config.STRIPE_SECRET_KEY && !config.publicUrl)
    console.warn("SITE_URL is not set: online checkout is unavailable in production until it is (docs/deploy.md).");
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }).catch(
    (error: unknown) => {
      throw new Error(`Cannot open the forms database: ${message(error)}`);
    },
  );
  log(
    database.driver === "postgres"
      ? "Forms: stored in PostgreSQL (DATABASE_URL)"
      : `Forms: stored in ${config.DATA_DIR} (embedded PostgreSQL)`,
  );
  // The build to serve (issue 31): build/ as `npm run build` left it, or a build published since.
  const store = { db: database.db, dir: config.buildsDir, shared: database.driver === "postgres" };
  let site: LiveSite;
  try {
    site = await LiveSite.open({ store, deployDir: path.join(REPO, "build"), pollMs: config.PUBLISH_POLL_MS });
  } catch (error) {
    await database.close();
    throw new Error(`Cannot start: ${message(error)}`);
  }

  // The organisers' address is content (site.yaml's contact.email), as the live build wrote it; NOTIFY_EMAIL,
  // a setting, overrides it.
  const contact = readOutput(BUILD_OUTPUTS.checkout, () => site.current.dir);
  const organiserEmail = () =>
    contact
      .load()
      .then((data) => data.contact.email)
      .catch(() => "info@tncc.example.org");
  const mail = config.SMTP_URL
    ? mailSender({
        db: database.db,
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM || `TNCC website <${config.NOTIFY_EMAIL || (await organiserEmail())}>`,
        backoffBaseMs: config.MAIL_BACKOFF_MS,
        leaseMs: config.MAIL_LEASE_MS,
      })
    : null;
  if (!mail) log("E-mail is off (no SMTP_URL): submissions wait in the database and no mail is sent.");
  // The box office (issue 42): holds whose checkout ran out are released by the "sweep" job.
  const boxOffice = createBoxOffice({
    database,
    buildDir: () => site.current.dir,
    siteUrl: config.publicUrl,
    stripe: { secretKey: config.STRIPE_SECRET_KEY, apiUrl: config.STRIPE_API_URL },
    holdMinutes: config.TICKET_HOLD_MINUTES,
    firstHoldMinutes: config.TICKET_FIRST_HOLD_MINUTES,
    openHolds: config.TICKET_OPEN_HOLDS,
    confirmHours: config.TICKET_CONFIRM_HOURS,
    offerHours: config.WAITLIST_OFFER_HOURS,
    log,
  });
  // Alerts of changed sessions (issue 44): Web Push signs with a VAPID key pair made at the first start.
  // Without them (the database refused the key), alerts go by e-mail only.
  const vapid = await vapidKeys(database.db).catch((error: unknown) => {
    console.error(`Web Push is off: ${safeError(error)}`);
    return null;
  });
  const push =
    vapid &&
    pushSender(database.db, vapid, {
      subject: config.publicUrl?.startsWith("https:") ? config.publicUrl : `mailto:${await organiserEmail()}`,
      log,
    });
  const publisher = new Publisher({
    site,
    store,
    repo: REPO,
    env: config.buildEnv,
    push: config.CONTENT_GIT_REMOTE ? { remote: config.CONTENT_GIT_REMOTE, contentDir: config.CONTENT_DIR } : undefined,
    audit: (entry) => audit(database.db, entry),
    log,
    afterLive: async (beforeDir, afterDir) => {
      const { changed, mails, speakerMails, pushes } = await alertAfterPublish(
        { db: database.db, siteUrl: config.publicUrl, push: push ?? undefined, log },
        beforeDir,
        afterDir,
      );
      if (changed) log(`Alerts: ${changed} session(s) changed, ${mails} mail(s) queued, ${speakerMails} to speakers`);
      void pushes.catch((error: unknown) => log(`push: ${safeError(error)}`));
    },
    audience: (numbers) => sessionAudience(database.db, numbers),
    speakersTold: (ids) => speakersWithAddress(database.db, ids),
    killAfterSwitch: config.PUBLISH_KILL_AFTER_SWITCH,
  });
  // Background work (issue 54): jobs in the database, run by whichever server is free (server/jobs/); each
  // feature declares its own (server/job-list.ts), from these deps.
  let jobs: Jobs;
  try {
    jobs = await startJobs({
      db: database.db,
      jobs: allJobs({
        db: database.db,
        mail,
        announce: { perMinute: config.ANNOUNCE_PER_MINUTE, sessions: liveSessionNames(() => site.current.dir) },
        boxOffice,
        digest: { to: config.NOTIFY_EMAIL, siteUrl: config.publicUrl },
        retentionDays: config.RETENTION_DAYS,
        publisher,
        shifts: { event: shiftsEvent({ liveDir: () => site.current.dir }), siteUrl: config.publicUrl },
      }),
      pollMs: config.MAIL_POLL_MS,
      log,
    });
  } catch (error) {
    mail?.close();
    site.stop();
    await database.close();
    throw new Error(`Cannot start the background jobs: ${message(error)}`);
  }
  const close = async () => {
    mail?.close();
    await jobs.stop();
    await database.close();
  };

  // Pictures go beside the content, in the same working copy (content/ and public/images/ of one repository).
  const imagesDir = picturesDir(config.CONTENT_DIR);
  /**
   * The build's image step, so a new picture is in the manifest that checks a save naming it; with the build's
   * environment, never the server's secrets. Loaded when first run, after an upload (the editor's tools, sharp).
   */
  const makeImages = async () => (await import("./content/images")).runImageStep(REPO, config.buildEnv);
  try {
    const app = createApp({
      site,
      publisher,
      trustProxy: config.TRUST_PROXY,
      siteUrl: config.publicUrl,
      checkout: {
        secretKey: config.STRIPE_SECRET_KEY,
        apiUrl: config.STRIPE_API_URL,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      },
      database,
      boxOffice,
      alerts: { publicKey: async () => push?.publicKey },
      forms: {
        organiserEmail,
        notifyEmail: config.NOTIFY_EMAIL,
        siteUrl: config.publicUrl,
        rateLimit: config.FORM_RATE_LIMIT,
      },
      admin: {
        signInLimit: config.ADMIN_SIGNIN_LIMIT,
        canMail: Boolean(config.SMTP_URL),
        content: {
          copy: { dir: config.CONTENT_DIR, imageManifest: path.join(REPO, IMAGE_MANIFEST) },
          images: {
            dir: imagesDir,
            afterUpload: imagesDir === path.join(REPO, "public", "images") ? makeImages : undefined,
          },
          liveCommit: () => site.current.info?.commit ?? null,
        },
      },
    });
    const stop = () => {
      publisher.stop();
      site.stop();
    };
    return { app, stop, close };
  } catch (error) {
    site.stop();
    await close();
    throw new Error(`Cannot start: ${message(error)}`);
  }
}
