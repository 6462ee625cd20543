/**
 * Volunteers as the announcements' audiences (issue 66, item 5): "Everyone on Door 1 (Door), Thu 24 Oct
 * 08:00–12:00 (id "shift:N", each shift with people on it) and "Volunteers who do Door" (id
 * "shift-role:N", each role someone chose), so an organiser messages them through the Announcements tab. No
 * unsubscribe link: these are the volunteers' own shifts. E-mailed only (`mailOnly`): never on the site's pages. The shifts are named in the event's zone, which the
 * overview's routes hand over (`setShiftsZone`) once the live build is read; until then UTC.
 */
import type { Audience, AudienceSource } from "../mail";
import { inZone } from "./event";
import { audienceAddresses, audienceRoles, audienceShifts, shiftWords } from "./overview.queries";

let zoneOf: () => Promise<string> = async () => "UTC";
/** The event's time zone for the audiences' names (server/shifts/overview-routes.ts). */
export const setShiftsZone = (load: () => Promise<string>) => {
  zoneOf = load;
};

const audience = (
  id: string,
  label: string,
  about: string,
  reason: string,
  of: { shift: number } | { role: number },
): Audience => ({
  id,
  label,
  about,
  reason,
  unsubscribe: false,
  // For the volunteers only: e-mailed, never shown on the site's pages.
  mailOnly: true,
  async recipients(db) {
    return (await audienceAddresses(db, of)).map((email) => ({ email, unsubscribeUrl: null }));
  },
  async count(db) {
    return (await audienceAddresses(db, of)).length;
  },
});

/** Each shift with people on it, and each role someone chose to do. */
export const shiftAudiences: AudienceSource = async (db) => {
  const zone = await zoneOf().catch(() => "UTC");
  const [shifts, roles] = await Promise.all([audienceShifts(db), audienceRoles(db)]);
  return [
    ...shifts.map((s) => {
      const id = Number(s.id);
      const words = shiftWords({
        place: s.place,
        role: s.role,
        startsAt: inZone(s.starts_at, zone),
        endsAt: inZone(s.ends_at, zone),
      });
      return audience(
        `shift:${id}`,
        `Everyone on ${words}`,
        `The volunteers on this shift now.`,
        `you are on the shift ${words}`,
        { shift: id },
      );
    }),
    ...roles.map((r) => {
      const id = Number(r.id);
      return audience(
        `shift-role:${id}`,
        `Volunteers who do ${r.name}`,
        `Volunteers who said they will do ${r.name}.`,
        `you volunteer for ${r.name}`,
        { role: id },
      );
    }),
  ];
};
