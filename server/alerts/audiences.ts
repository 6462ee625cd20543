/**
 * The alerts' subscribers as the announcements' audiences (issue 44, parts 2 and 3): "Agenda subscribers"
 * (every confirmed alert address) and "Everyone who starred Networking and Mixer, Fri 25 Oct 13:30" (those whose
 * kept agenda stars it: named by title and time since issue 62), each mail with the alerts' own unsubscribe link
 * (a new secret per mail: only hashes are stored); an address unsubscribed before its turn is left out.
 */
import type { AgendaCalendarInput } from "../../app/lib/agenda/ics";
import { BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import { eventDayTime } from "../../app/lib/schedule/changes";
import { readOutput } from "../publish";
import type { Audience, AudienceSource, SessionNames } from "../mail";
import { alertUnsubscribeUrl } from "./alerts";
import { alertAddressCount, alertAddresses, alertedSessions, confirmedAlertAddresses, mintAlertLinks } from "./queries";

const audience = (id: string, label: string, about: string, reason: string, session?: number): Audience => ({
  id,
  label,
  about,
  reason,
  unsubscribe: true,
  async recipients(db, origin) {
    const addresses = await alertAddresses(db, session);
    const tokens = await mintAlertLinks(
      db,
      addresses.map((r) => r.id),
    );
    return addresses.map((r, i) => ({ email: r.email, unsubscribeUrl: alertUnsubscribeUrl(origin, tokens[i]!) }));
  },
  count: (db) => alertAddressCount(db, session),
  stillIn: confirmedAlertAddresses,
});

/** The sessions of a programme (a build's agenda-sessions.json) by number: title and "Fri 25 Oct 13:30". */
export const sessionNames = (programme: AgendaCalendarInput | null): SessionNames =>
  new Map((programme?.sessions ?? []).map((s) => [s.number, { title: s.title, when: eventDayTime(s.startsAt) }]));

/** The live build's sessions by number, read once per build (none when its programme cannot be read). */
export function liveSessionNames(buildDir: () => string): () => Promise<SessionNames> {
  const { load } = readOutput(BUILD_OUTPUTS.agendaSessions, buildDir);
  return () => load().then(sessionNames, () => sessionNames(null));
}

export const alertAudiences: AudienceSource = async (db, names = new Map()) => {
  const sessions = await alertedSessions(db);
  if (!sessions.length) return [];
  return [
    audience(
      "agenda",
      "Agenda subscribers",
      "People who keep an agenda on this site and asked to be e-mailed when one of their sessions changes.",
      "you asked to be told when your agenda changes",
    ),
    ...sessions.map((n) => {
      const named = names.get(n);
      return audience(
        `session:${n}`,
        named ? `Everyone who starred ${named.title}, ${named.when}` : `Everyone who starred session ${n}`,
        "Agenda subscribers who starred this session in their agenda.",
        named ? `you starred ${named.title} in your agenda` : `you starred session ${n} in your agenda`,
        n,
      );
    }),
  ];
};
