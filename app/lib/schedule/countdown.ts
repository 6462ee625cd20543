/**
 * Countdown arithmetic, free of React and of the visitor's time zone: the target is an ISO 8601
 * instant with its offset (content writes "2024-10-24T09:00:00-05:00", the event's local time), so
 * every visitor counts down to the same moment. Days are 24-hour periods of real time, so a
 * daylight-saving change between now and the target shows as one hour more or less, as a clock
 * on the wall would not but a stopwatch would.
 */

export interface CountdownParts {
  /** Zero-padded to two digits at least ("04", "123"). */
  days: string;
  hours: string;
  minutes: string;
  seconds: string;
  /** True at and after the target instant; the parts are then all "00". */
  expired: boolean;
  /** Whole seconds left, rounded up (0 once expired). */
  totalSeconds: number;
}

const MS_PER_SECOND = 1000;

const pad = (value: number) => String(value).padStart(2, "0");

/** Milliseconds since the epoch of an ISO instant; throws on text that is not a full instant with offset. */
export function parseInstant(iso: string): number {
  if (!/(Z|[+-]\d{2}:\d{2})$/.test(iso)) throw new Error(`countdown target needs an offset or Z: "${iso}"`);
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`countdown target is not a date: "${iso}"`);
  return ms;
}

/**
 * What a countdown to `target` shows at `now`. Remaining time is rounded up to the next whole second,
 * so "00 00 00 00" appears exactly when the target is reached, never a second early.
 */
export function countdownParts(target: string | number, now: number): CountdownParts {
  const targetMs = typeof target === "number" ? target : parseInstant(target);
  const remainingMs = Math.max(0, targetMs - now);
  const totalSeconds = Math.ceil(remainingMs / MS_PER_SECOND);
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3_600);
  const minutes = Math.floor((totalSeconds % 3_600) / 60);
  const seconds = totalSeconds % 60;
  return {
    days: pad(days),
    hours: pad(hours),
    minutes: pad(minutes),
    seconds: pad(seconds),
    expired: totalSeconds === 0,
    totalSeconds,
  };
}

/** Milliseconds from `now` until the displayed seconds next change (for an aligned timer). */
export function msUntilNextTick(target: string | number, now: number): number {
  const targetMs = typeof target === "number" ? target : parseInstant(target);
  const remainingMs = targetMs - now;
  if (remainingMs <= 0) return 0;
  const sub = remainingMs % MS_PER_SECOND;
  return sub === 0 ? MS_PER_SECOND : sub;
}
