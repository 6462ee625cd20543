/**
 * Reminders and notices of a volunteer's shift (issue 66), added as jobs in the transaction of the change that
 * causes them (a sign-up, a give-back, a shift moved), so both commit or neither. Filled in by its part; the
 * sign-up and the plan call these.
 */
import type { Db } from "../db/client";

/** A volunteer signed up (or was put on) a shift: their evening-before and one-hour reminders, as jobs. */
export async function scheduleReminders(_tx: Db, _shiftId: number, _adminId: number): Promise<void> {}

/** A volunteer gave a shift back (or was taken off it): their reminders go. */
export async function cancelReminders(_tx: Db, _shiftId: number, _adminId: number): Promise<void> {}

/**
 * A shift was made or its time changed: its gap check (two days before) and its end (missing marked) as jobs;
 * when its time changed, the people on it are told once and their reminders move.
 */
export async function shiftPlanned(_tx: Db, _shiftId: number, _moved: boolean): Promise<void> {}
