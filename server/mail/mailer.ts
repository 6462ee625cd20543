/**
 * Sends the mail queue (server/db: mail_queue) over SMTP_URL with nodemailer. Each server instance runs
 * one sender; rows are claimed with FOR UPDATE SKIP LOCKED, so with several instances on one PostgreSQL
 * each mail goes out once. A failed try waits (backoff, doubling up to an hour) and is kept with its error.
 *
 * The transport keeps a pool of SMTP connections open (issue 54): a claim takes one mail per connection, they
 * go out at once, and those sent are marked in one write. 2,000 announcement mails take seconds, not the
 * minutes one connection, one mail and one synced write at a time took.
 */
import nodemailer from "nodemailer";
import type { Db } from "../db/client";
import { claimMails, markFailed, markSent, type QueuedMail } from "./queries";
import { safeError, withoutAddresses } from "../log-safe";

export interface MailerOptions {
  db: Db;
  smtpUrl: string;
  /** The From address. */
  from: string;
  /** How often the queue is looked at when nothing wakes the sender (ms). */
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

export interface Mailer {
  /** Look at the queue now (a submission was just stored). */
  kick(): void;
  stop(): Promise<void>;
}

/** nodemailer's timeouts for a claim of `leaseMs`: together at most half of it. */
export function smtpTimeouts(leaseMs: number) {
  const step = Math.floor(leaseMs / 8);
  return { connectionTimeout: step, greetingTimeout: step, socketTimeout: 2 * step, dnsTimeout: step / 2 };
}

export function backoffMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export function startMailer(options: MailerOptions): Mailer {
  const { db, from } = options;
  const pollMs = options.pollMs ?? 5000;
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

  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  async function send(mail: QueuedMail): Promise<void> {
    await transport.sendMail({
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
              ...(a.cid ? { cid: a.cid } : {}),
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
    });
  }

  async function drain(): Promise<void> {
    for (;;) {
      if (stopped) return;
      // One mail per connection: a claim covers only mails being sent (none waits in line behind another).
      const mails = await claimMails(db, connections, leaseMs);
      if (!mails.length) return;
      const results = await Promise.allSettled(mails.map((mail) => send(mail)));
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
  }

  function kick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => log(`mail queue: ${safeError(error)}`))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  const timer = setInterval(kick, pollMs);
  timer.unref();
  kick();

  return {
    kick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
