/**
 * The alerts' subscribers as the announcements' audiences (issue 44, parts 2 and 3): "Agenda subscribers"
 * (every confirmed alert address) and "Everyone who starred session N" (those whose kept agenda stars it), each
 * mail with the alerts' own unsubscribe link (a new secret per mail: only hashes are stored); an address
 * unsubscribed before its turn is left out.
 */
import type { Audience, AudienceSource } from "../mail/audience";
import { alertUnsubscribeUrl } from "./alerts";
import { alertAddressCount, alertAddresses, alertedSessions, confirmedAlertAddresses, mintAlertLinks } from "./queries";

const audience = (id: string, label: string, reason: string, session?: number): Audience => ({
  id,
  label,
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

export const alertAudiences: AudienceSource = async (db) => {
  const sessions = await alertedSessions(db);
  if (!sessions.length) return [];
  return [
    audience("agenda", "Agenda subscribers", "you asked to be told when your agenda changes"),
    ...sessions.map((n) =>
      audience(`session:${n}`, `Everyone who starred session ${n}`, `you starred session ${n} in your agenda`, n),
    ),
  ];
};
