/**
 * The announcements' pacer (issue 44, part 3): every `tickMs` it moves the next piece of recipients into the mail
 * outbox, `perMinute` at most (ANNOUNCE_PER_MINUTE), so a sending to thousands neither floods the mail server
 * nor holds the outbox's other mails back for long. What was queued is recorded with the mail (./queries.ts), so
 * after a restart the pacer simply goes on with the rows not queued yet. Each server runs one: with several
 * servers on one PostgreSQL they take different rows (SKIP LOCKED), and the rate is per server.
 */
import type { Db } from "../../db/client";
import { safeError } from "../../log-safe";
import { audienceById, type AudienceSource } from "./audiences";
import { queuePiece } from "./queries";

export interface PacerOptions {
  db: Db;
  perMinute: number;
  tickMs?: number;
  /** Mails were queued (wakes the mail sender). */
  onQueued?: () => void;
  sources?: AudienceSource[];
  log?: (line: string) => void;
}

export interface Pacer {
  /** Queue a piece now (an announcement was just sent). */
  kick(): void;
  stop(): Promise<void>;
}

export function startPacer(options: PacerOptions): Pacer {
  const tickMs = options.tickMs ?? 2000;
  const piece = Math.max(1, Math.round((options.perMinute * tickMs) / 60_000));
  const log = options.log ?? ((line: string) => console.error(line));
  let stopped = false;
  let running: Promise<void> | null = null;

  function kick(): void {
    if (stopped || running) return;
    running = queuePiece(options.db, piece, (db, id) => audienceById(db, id, options.sources))
      .then(({ queued }) => {
        if (queued > 0) options.onQueued?.();
      })
      .catch((error: unknown) => log(`announcements: ${safeError(error)}`))
      .finally(() => {
        running = null;
      });
  }

  const timer = setInterval(kick, tickMs);
  timer.unref();
  kick();
  return {
    kick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
