/** Small words and sums of the Rota tab (issue 66): times on the event's clock, gaps, who is late now. */
import type { PlanAnswer, ShiftPerson } from "~/api/admin/shifts";
import { LATE_AFTER_MINUTES } from "~/forms/shifts";
import { clockOf, dayLabel } from "~/lib/shifts/plan-words";

export type RotaShift = PlanAnswer["shifts"][number];

/** "08:00–12:00" on the event's clock (the answer's instants carry the zone's offset). */
export const hours = (s: Pick<RotaShift, "startsAt" | "endsAt">) => `${clockOf(s.startsAt)}–${clockOf(s.endsAt)}`;

/** "1 short", or null when the shift has its people. */
export const shortBy = (s: Pick<RotaShift, "needed" | "filled">) =>
  s.filled < s.needed ? `${s.needed - s.filled} short` : null;

/** Late by the browser's clock: no arrival LATE_AFTER_MINUTES after the start, shift not over, not marked missing. */
export const isLate = (p: ShiftPerson, s: Pick<RotaShift, "startsAt" | "endsAt">, now: number) =>
  !p.arrivedAt &&
  !p.missed &&
  now >= Date.parse(s.startsAt) + LATE_AFTER_MINUTES * 60_000 &&
  now < Date.parse(s.endsAt);

/** The day ("2024-10-24") an instant falls on in `zone`. */
export const dayOf = (at: number, zone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);

/** "Thu 24 Oct" of "2024-10-24" (the plan's words). */
export const dayName = dayLabel;

/** The Announcements tab with an audience chosen (server/shifts/audiences.ts). */
export const messageLink = (audience: string) => `/admin?tab=announcements&audience=${encodeURIComponent(audience)}`;
