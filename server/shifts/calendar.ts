/**
 * A volunteer's calendar feed (issue 66): their shifts as iCalendar, written by the site's calendar writer
 * (app/lib/schedule/ics.ts, times in UTC). Each entry's UID is stable (`shift-<id>-<admin>@<calendarDomain>`), so
 * a moved shift replaces its copy in a subscribed calendar, and a given-back one simply leaves the feed.
 */
import { buildCalendar, type CalendarEvent } from "../../app/lib/schedule/ics";
import type { Role, Shift } from "../../app/api/admin/shifts";
import { VOLUNTEER_PAGE } from "../../app/forms/shifts";
import type { ShiftsData } from "../../app/lib/build-outputs";

export const shiftUid = (shiftId: number, adminId: number, calendarDomain: string) =>
  `shift-${shiftId}-${adminId}@${calendarDomain}`;

export function shiftsCalendar(
  event: ShiftsData,
  adminId: number,
  shifts: readonly Shift[],
  roles: readonly Role[],
  siteUrl: string,
  stamp: Date,
): string {
  const events: CalendarEvent[] = shifts.map((s) => {
    const role = roles.find((r) => r.id === s.roleId);
    return {
      uid: shiftUid(s.id, adminId, event.calendarDomain),
      start: s.startsAt,
      end: s.endsAt,
      summary: `Volunteering: ${s.role}, ${s.place}`,
      location: `${s.place}, ${event.location}`,
      description: [
        role?.description ? `${s.role}: ${role.description}` : s.role,
        `Your shifts, "I'm here" and giving a shift back: ${siteUrl}${VOLUNTEER_PAGE}`,
      ].join("\n"),
      url: `${siteUrl}${VOLUNTEER_PAGE}`,
    };
  });
  return buildCalendar("My volunteer shifts", events, stamp);
}
