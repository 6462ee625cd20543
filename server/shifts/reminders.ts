/**
 * Reminders and notices of a volunteer's shift (issue 66), added as jobs in the transaction of the change that
 * causes them (a sign-up, a give-back, a shift moved), so both commit or neither. The sign-up and the plan call
 * these; the jobs' handlers (./jobs.ts) check the world again when they run and mail once.
 *
 * Jobs, by key (a key holds one waiting job: adding it again replaces it, so a moved shift moves its jobs):
 * - `shift-reminder:<shift>:<admin>:evening`: 19:00 on the event's clock the day before the shift's start day;
 * - `shift-reminder:<shift>:<admin>:hour`: one hour before the start;
 * - `shift-reminder:<shift>:<admin>:moved`: the notice of a shift whose time changed (the event's clock is the
 *   handler's, so the words are written there);
 * - `shift-gap:<shift>`: two days before the start, the shift offered when it is still short of people;
 * - `shift-end:<shift>`: at its end, those with no arrival marked missed.
 *
 * The evening's time needs the event's clock (the live build's shifts.json) and "already past" needs the
 * server's clock: the feature's routes (./routes.ts) hand both here when the app is made (`setReminderClock`),
 * so the callers keep their three arguments.
 */
import type { ShiftsData } from "../../app/lib/build-outputs";
import { zonedIso } from "../../app/lib/schedule/zoned-time";
import type { Db } from "../db/client";
import { addJob, removeJob } from "../jobs/queries";
import { dayIn } from "./event";
import { shiftFacts, shiftPeople, shiftsOfAccount } from "./reminders.queries";

const HOUR = 3_600_000;
/** The gap offer goes this long before the start. */
export const GAP_BEFORE_MS = 48 * HOUR;
/** The evening-before reminder's time on the event's clock. */
export const EVENING_AT = "19:00";

export type ReminderKind = "evening" | "hour" | "moved";

/** The payload of a "shift-reminder" job: the start it was for, so a moved shift's old job mails nothing. */
export type ReminderPayload = {
  shiftId: number;
  adminId: number;
  kind: ReminderKind;
  startsAt: string;
};

/** The payload of a "shift-gap" ("startsAt") or a "shift-end" ("endsAt") job. */
export type ShiftJobPayload = {
  shiftId: number;
  startsAt?: string;
  endsAt?: string;
};

interface ReminderClock {
  event: () => Promise<Pick<ShiftsData, "timeZone">>;
  now: () => number;
}
let clock: ReminderClock | null = null;

/** The event's clock and the server's, for the reminders' times (./routes.ts, when the app is made). */
export function setReminderClock(value: ReminderClock): void {
  clock = value;
}

export const reminderKey = (shiftId: number, adminId: number, kind: ReminderKind) =>
  `shift-reminder:${shiftId}:${adminId}:${kind}`;

/** The day before `day` ("2024-10-24" → "2024-10-23"). */
function dayBefore(day: string): string {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() - 1);
  return at.toISOString().slice(0, 10);
}

/** When the evening-before reminder of a shift starting at `startsAt` goes, on the event's clock. */
export function eveningBefore(startsAt: Date, zone: string): Date {
  return new Date(zonedIso(dayBefore(dayIn(startsAt, zone)), EVENING_AT, zone));
}

async function addReminders(tx: Db, shiftId: number, adminId: number, startsAt: Date): Promise<void> {
  if (!clock) throw new Error("The reminders do not know the event's clock yet (setReminderClock).");
  const now = clock.now();
  const { timeZone } = await clock.event();
  const payload = (kind: ReminderKind): ReminderPayload => ({
    shiftId,
    adminId,
    kind,
    startsAt: startsAt.toISOString(),
  });
  const evening = eveningBefore(startsAt, timeZone);
  const hour = new Date(startsAt.getTime() - HOUR);
  for (const [kind, runAt] of [
    ["evening", evening],
    ["hour", hour],
  ] as const) {
    const key = reminderKey(shiftId, adminId, kind);
    if (runAt.getTime() > now && runAt < startsAt)
      await addJob(tx, "shift-reminder", { key, runAt, payload: payload(kind) });
    // Already past (or a moved shift's now is): the old time's job must not stay.
    else await removeJob(tx, key);
  }
}

/** A volunteer signed up (or was put on) a shift: their evening-before and one-hour reminders, as jobs. */
export async function scheduleReminders(tx: Db, shiftId: number, adminId: number): Promise<void> {
  const times = await shiftFacts(tx, shiftId);
  if (times) await addReminders(tx, shiftId, adminId, times.startsAt);
}

/** A volunteer gave a shift back (or was taken off it): their reminders go. */
export async function cancelReminders(tx: Db, shiftId: number, adminId: number): Promise<void> {
  for (const kind of ["evening", "hour", "moved"] as const) await removeJob(tx, reminderKey(shiftId, adminId, kind));
}

/**
 * A shift was made or its time changed: its gap check (two days before) and its end (missing marked) as jobs;
 * when its time changed, the people on it are told once and their reminders move.
 */
export async function shiftPlanned(tx: Db, shiftId: number, moved: boolean): Promise<void> {
  const times = await shiftFacts(tx, shiftId);
  if (!times) return;
  const { startsAt, endsAt } = times;
  // Due already (a shift made less than two days before): offered at once.
  await addJob(tx, "shift-gap", {
    key: `shift-gap:${shiftId}`,
    runAt: new Date(startsAt.getTime() - GAP_BEFORE_MS),
    payload: { shiftId, startsAt: startsAt.toISOString() } satisfies ShiftJobPayload,
  });
  await addJob(tx, "shift-end", {
    key: `shift-end:${shiftId}`,
    runAt: endsAt,
    payload: { shiftId, endsAt: endsAt.toISOString() } satisfies ShiftJobPayload,
  });
  if (!moved) return;
  for (const adminId of await shiftPeople(tx, shiftId)) {
    await addReminders(tx, shiftId, adminId, startsAt);
    // Moved twice before it ran: one notice, of the last time (the key replaces it).
    await addJob(tx, "shift-reminder", {
      key: reminderKey(shiftId, adminId, "moved"),
      payload: { shiftId, adminId, kind: "moved", startsAt: startsAt.toISOString() } satisfies ReminderPayload,
    });
  }
}

/**
 * An account is about to be removed (server/admin/accounts/): its shifts not yet ended at `now`, each with the
 * people it keeps. Their reminders go, and each shift's gap check is added again (at once when within two days),
 * so the shift is offered to the volunteers of its role who are free. The sign-ups go with the account.
 */
export async function freeShiftsOf(tx: Db, adminId: number, now: Date) {
  const shifts = await shiftsOfAccount(tx, adminId, now);
  for (const shift of shifts) {
    await cancelReminders(tx, shift.id, adminId);
    await shiftPlanned(tx, shift.id, false);
  }
  return shifts;
}
