/**
 * The outbox's job (issue 54, declared here since issue 64): "mail" sends what is due (./mailer.ts). Queueing a
 * mail adds it in its transaction (the trigger mail_queued, migration 019: the one documented exception of
 * server/jobs/), it adds itself again for the next retry, and once at every start.
 */
import type { Job, NoPayload } from "../jobs";

declare module "../jobs/queries" {
  interface JobPayloads {
    mail: NoPayload;
  }
}

export interface MailJobsDeps {
  /** The sender (SMTP_URL): without it no mail job runs, and mail waits in the outbox. */
  mail: { send(): Promise<void> } | null;
}

export const mailJobs = ({ mail }: MailJobsDeps): Job[] =>
  mail ? [{ name: "mail", run: () => mail.send(), atStart: true }] : [];
