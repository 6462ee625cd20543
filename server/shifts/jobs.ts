/**
 * The volunteers' jobs (issue 66; declared in server/jobs/' shape since issue 64), added by ./reminders.ts:
 * "shift-reminder" (the evening before, one hour before, a shift's new time), "shift-gap" (two days before, a
 * shift short of people offered to the volunteers of its role who are free then) and "shift-end" (those with no
 * arrival marked missed).
 *
 * Each checks the world when it runs (the person still on the shift, the shift's start still the one the job was
 * for) and records each mail in `shift_notices_sent` (`INSERT … ON CONFLICT DO NOTHING RETURNING`) in the mail's
 * own transaction: a job run twice (a crash after the commit, two servers) mails once.
 */
import type { ShiftsData } from "../../app/lib/build-outputs";
import type { Db } from "../db/client";
import { addJob } from "../jobs/queries";
import type { Job, JobHandler } from "../jobs";
import { nameOf } from "../admin/accounts/queries";
import { queueMail } from "../mail/queries";
import { gapMail, movedMail, reminderMail } from "./mail";
import { firstNotice, freeVolunteers, markMissed, shiftFacts, signedUp } from "./reminders.queries";
import type { ReminderPayload } from "./reminders";

declare module "../jobs/queries" {
  interface JobPayloads {
    "shift-reminder": ReminderPayload;
    "shift-gap": { shiftId: number; startsAt: string };
    "shift-end": { shiftId: number; endsAt: string };
  }
}

/** What the volunteers' jobs need (server/start.ts makes it from the live build and SITE_URL). */
export interface ShiftJobsDeps {
  db: Db;
  shifts: ShiftJobsSettings;
}

export interface ShiftJobsSettings {
  /** The live build's shifts.json (./event.ts shiftsEvent). */
  event: () => Promise<Pick<ShiftsData, "timeZone" | "location">>;
  /** SITE_URL, for the link to /volunteer; no link without it. */
  siteUrl?: string;
  now?: () => number;
}

const idOf = (value: unknown) => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};
const timeOf = (value: unknown) => {
  const at = typeof value === "string" ? Date.parse(value) : NaN;
  return Number.isNaN(at) ? null : at;
};

/** The volunteers' jobs: each checks its payload and the world when it runs. */
export function shiftJobs(deps: ShiftJobsDeps): Job[] {
  const run = shiftHandlers(deps.db, deps.shifts);
  return [
    { name: "shift-reminder", run: run["shift-reminder"] },
    { name: "shift-gap", run: run["shift-gap"] },
    { name: "shift-end", run: run["shift-end"] },
  ];
}

/** The handlers by job name (the tests run them as two servers would). */
export function shiftHandlers(db: Db, deps: ShiftJobsSettings) {
  const now = deps.now ?? Date.now;
  const context = async () => {
    const event = await deps.event();
    return { zone: event.timeZone, location: event.location ?? "", siteUrl: deps.siteUrl };
  };

  /** The evening-before and one-hour reminders, and the notice of a new time: to one person on one shift. */
  const reminder: JobHandler = async (payload) => {
    const shiftId = idOf(payload.shiftId);
    const adminId = idOf(payload.adminId);
    const startsAt = timeOf(payload.startsAt);
    const kind = payload.kind;
    if (!shiftId || !adminId || startsAt === null || (kind !== "evening" && kind !== "hour" && kind !== "moved"))
      return;
    const mail = await context();
    await db.transaction(async (tx) => {
      const on = await signedUp(tx, shiftId, adminId);
      // Given back, or moved since (its new time has a job of its own), or over already.
      if (!on || on.shift.startsAt.getTime() !== startsAt) return;
      const { shift } = on;
      if (now() >= (kind === "moved" ? shift.endsAt : shift.startsAt).getTime()) return;
      if (!(await firstNotice(tx, shiftId, adminId, kind, shift.startsAt))) return;
      const who = { to: on.email, name: nameOf(on) };
      await queueMail(tx, kind === "moved" ? movedMail(who, shift, mail) : reminderMail(kind, who, shift, mail));
    });
  };

  /** Two days before: a shift still short of people, offered to the free volunteers of its role. */
  const gap: JobHandler = async (payload) => {
    const shiftId = idOf(payload.shiftId);
    const startsAt = timeOf(payload.startsAt);
    if (!shiftId || startsAt === null) return;
    const mail = await context();
    await db.transaction(async (tx) => {
      const shift = await shiftFacts(tx, shiftId);
      if (!shift || shift.startsAt.getTime() !== startsAt || now() >= startsAt) return;
      const missing = shift.needed - shift.filled;
      if (missing <= 0) return;
      // Who chose its role, is not on a shift at the same time (this one included) and has no blockout then.
      for (const person of await freeVolunteers(tx, shift.roleId, shift.startsAt, shift.endsAt)) {
        if (await firstNotice(tx, shiftId, person.id, "gap", shift.startsAt))
          await queueMail(tx, gapMail({ to: person.email, name: nameOf(person) }, { ...shift, missing }, mail));
      }
    });
  };

  /** After the shift: those on it with no arrival are marked missed. */
  const end: JobHandler = async (payload) => {
    const shiftId = idOf(payload.shiftId);
    const endsAt = timeOf(payload.endsAt);
    if (!shiftId || endsAt === null) return;
    const at = new Date(endsAt).toISOString();
    if (now() < endsAt) {
      // This server's clock is behind the database's: again at the end.
      await addJob(db, "shift-end", {
        key: `shift-end:${shiftId}`,
        runAt: new Date(endsAt),
        payload: { shiftId, endsAt: at },
      });
      return;
    }
    await markMissed(db, shiftId, new Date(endsAt));
  };

  return { "shift-reminder": reminder, "shift-gap": gap, "shift-end": end } as const;
}
