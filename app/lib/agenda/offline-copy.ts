/**
 * What this browser keeps of the offline copy: the programme's version it last showed and when the copy was
 * saved (./offline-updates.ts writes them, the offline notice reads them).
 */

/** build/client/schedule-version.json: a hash of the programme, precached with the pages (scripts/build/content-steps.ts). */
export const SCHEDULE_VERSION_PATH = "/schedule-version.json";
/** The programme's version this browser last showed, and when its offline copy was saved. */
export const SCHEDULE_SEEN_KEY = "scheduleVersion";
export const OFFLINE_SAVED_KEY = "offlineCopySavedAt";

export function store(key: string, value: string, storage: () => Storage = () => localStorage) {
  try {
    storage().setItem(key, value);
  } catch {
    // Private mode without storage: nothing is remembered.
  }
}

export function stored(key: string, storage: () => Storage = () => localStorage): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

/** When the offline copy was saved, or null before there is one. */
export function offlineCopySavedAt(): Date | null {
  const value = stored(OFFLINE_SAVED_KEY);
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}
