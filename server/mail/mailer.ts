/**
 * Sends the mail queue (server/db: mail_queue) over SMTP_URL with nodemailer, as the "mail" job (server/jobs/):
 * queueing a mail adds the job in its transaction (migration 019). Rows are claimed with FOR UPDATE SKIP
 * LOCKED and a lease, so with several servers on one PostgreSQL each mail goes out once. A failed try waits
 * (backoff, doubling up to an hour) and is kept with its error; the job comes back when the next try is due.
 *
 * The transport keeps a pool of SMTP connections open (issue 54): a claim takes one mail per connection, they
 * go out at once, and those sent are marked in one write. 2,000 announcement mails take seconds, not the
 * minutes one connection, one mail and one synced write at a time took.
 */
import nodemailer, { type SendMailOptions } from "nodemailer";
import type { Db } from "../db/client";
import { addJob, startJobs } from "../jobs";
import { mailJobs } from "./jobs";
import { claimMails, markFailed, markSent, nextDue, type QueuedMail } from "./queries";
import { withoutAddresses } from "../log-safe";

export interface MailerOptions {
  db: Db;
  smtpUrl: string;
  /** The From address. */
  from: string;
  /** startMailer only: how often a retry that is due is looked for, at most (ms). */
  pollMs?: number;
  /** First retry delay; each further failure doubles it, up to an hour (ms). */
  backoffBaseMs?: number;
  /** After this many failed tries a mail is given up (and stays in the table with its error). */
  maxAttempts?: number;
  /** How long a claimed mail is reserved for this sender (ms); every SMTP timeout is well under it. */
  leaseMs?: number;
  /** SMTP connections kept open, and so mails sent at once (default 5). */
  connections?: number;
  log?: (line: string) => void;
}

/** nodemailer's timeouts for a claim of `leaseMs`: together at most half of it. */
export function smtpTimeouts(leaseMs: number) {
  const step = Math.floor(leaseMs / 8);
  return { connectionTimeout: step, greetingTimeout: step, socketTimeout: 2 * step, dnsTimeout: step / 2 };
}

export function backoffMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export interface MailSender {
  /** The "mail" job: sends what is due, and adds the job again for the next retry or lapsing claim. */
  send(): Promise<void>;
  close(): void;
}

/**
 * A queued mail as nodemailer sends it: the text, the HTML beside it and the attachments, an image with a `cid`
 * as an inline part that the HTML's `<img src="cid:…">` shows (issue 62: Gmail and Outlook block `data:` images).
 */
export function mailMessage(mail: QueuedMail, from: string): SendMailOptions {
  return {
    from,
    to: mail.toAddr,
    replyTo: mail.replyTo ?? undefined,
    subject: mail.subject,
    text: mail.body,
    ...(mail.html ? { html: mail.html } : {}),
    ...(mail.attachments?.length
      ? {
          attachments: mail.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.content, "base64"),
            ...(a.cid ? { cid: a.cid, contentDisposition: "inline" as const } : {}),
          })),
        }
      : {}),
    // The same id on every try: a receiver that saw the mail already can tell.
    messageId: `<mail-${mail.id}-${mail.submissionId ?? "n"}@tncc.forms>`,
    ...(mail.unsubscribeUrl
      ? {
          list: { unsubscribe: { url: mail.unsubscribeUrl, comment: "Unsubscribe" } },
          headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
        }
      : {}),
  };
}

export function mailSender(options: MailerOptions): MailSender {
  const { db, from } = options;
  const baseMs = options.backoffBaseMs ?? 30_000;
  const maxAttempts = options.maxAttempts ?? 20;
  const leaseMs = options.leaseMs ?? 120_000;
  const log = options.log ?? ((line: string) => console.error(line));
  // A stalled SMTP server gives up long before the claim lapses, so no other sender takes the mail meanwhile.
  const connections = options.connections ?? 5;
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    pool: true,
    maxConnections: connections,
    // A connection is renewed after this many mails (some servers close long sessions).
    maxMessages: 100,
    ...smtpTimeouts(leaseMs),
  });
  let closed = false;

  async function sendOne(mail: QueuedMail): Promise<void> {
    await transport.sendMail(mailMessage(mail, from));
  }

  // One drain at a time in this server, so a claim never outnumbers the connections; a job that arrives
  // meanwhile drains after it (other servers drain beside it).
  let last: Promise<void> = Promise.resolve();
  const send = (): Promise<void> => (last = last.catch(() => {}).then(drain));

  async function drain(): Promise<void> {
    while (!closed) {
      // One mail per connection: a claim covers only mails being sent (none waits in line behind another).
      const mails = await claimMails(db, connections, leaseMs);
      if (!mails.length) break;
      const results = await Promise.allSettled(mails.map((mail) => sendOne(mail)));
      const sent = mails.filter((_, i) => results[i]!.status === "fulfilled");
      const marked = new Set(await markSent(db, sent));
      for (const mail of sent)
        if (!marked.has(mail.id))
          log(`mail ${mail.id}: sent after its claim lapsed (another sender may have sent it too)`);
      for (const [i, mail] of mails.entries()) {
        const result = results[i]!;
        if (result.status === "fulfilled") continue;
        const message = result.reason instanceof Error ? result.reason.message : String(result.reason);
        const final = mail.attempts >= maxAttempts;
        await markFailed(db, mail.id, message, new Date(Date.now() + backoffMs(mail.attempts, baseMs)), final);
        // No address in the log: the mail's id finds it in the table (an SMTP error often quotes it).
        log(`mail ${mail.id}: try ${mail.attempts} failed (${withoutAddresses(message)})${final ? ": given up" : ""}`);
      }
    }
    // A retry, or a claim of a sender that died, is due later: the job comes back then.
    const due = await nextDue(db);
    if (due) await addJob(db, "mail", { key: "mail-later", runAt: due });
  }

  return {
    send,
    close() {
      closed = true;
      transport.close();
    },
  };
}

export interface Mailer {
  /** Look at the queue now (mail queued anywhere adds the job itself: migration 019). */
  kick(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A mail sender with workers of its own (tests, the bench): the server's runs among all jobs (./jobs.ts,
 * server/job-list.ts).
 */
export async function startMailer(options: MailerOptions): Promise<Mailer> {
  const sender = mailSender(options);
  const jobs = await startJobs({
    db: options.db,
    jobs: mailJobs({ mail: sender }),
    pollMs: options.pollMs,
    log: options.log,
  });
  await addJob(options.db, "mail", { key: "mail" });
  return {
    kick: () => addJob(options.db, "mail", { key: "mail" }),
    async stop() {
      sender.close();
      await jobs.stop();
    },
  };
}
