/**
 * Who an announcement can go to (issue 44, part 3). An audience is a function returning its recipients (each
 * address once, lower-case, with the audience's own unsubscribe link when it has one) plus, for an audience
 * people can leave, the check made again when each address's turn comes (an address unsubscribed since is
 * left out). Audience sources list the audiences available now: the tab shows only those.
 *
 * `AUDIENCE_SOURCES` lists them: the built-in ones here, and the alerts' subscribers (server/alerts/audiences.ts:
 * "Agenda subscribers", id "agenda", and "Everyone who starred Networking and Mixer, Fri 25 Oct 13:30", id
 * "session:N", one per session a subscriber stars), each with the alerts' unsubscribe link; the tab, the sending
 * and the tests take any audience. Each says who it is in one short line (`about`, issue 62).
 */
import { alertAudiences } from "../alerts";
import type { Db } from "../db/client";
import { shiftAudiences } from "../shifts";
import type { Audience, AudienceSource, SessionNames } from "../mail";
import { confirmedNewsletterAddresses, newsletterRecipients, ticketHolderAddresses, ticketOrderCount } from "./queries";

export type { Audience, AudienceSource, Recipient, SessionNames } from "../mail";

/** Buyers of ticket orders (paid or free) that are not cancelled or refunded. */
export const ticketHolders: Audience = {
  id: "tickets",
  label: "Ticket holders",
  about: "People who bought or were given a ticket that is not cancelled or refunded.",
  reason: "you hold a ticket for TNCC",
  unsubscribe: false,
  async recipients(db) {
    return (await ticketHolderAddresses(db)).map((email) => ({ email, unsubscribeUrl: null }));
  },
};

/** Confirmed newsletter subscribers, each with the newsletter's unsubscribe link. */
export const newsletterAudience: Audience = {
  id: "newsletter",
  label: "Newsletter subscribers",
  about: "People who signed up for the newsletter on this site and confirmed their address.",
  reason: "you subscribed to the TNCC newsletter",
  unsubscribe: true,
  async recipients(db, origin) {
    return (await newsletterRecipients(db)).map((r) => ({
      email: r.email,
      unsubscribeUrl: `${origin}/api/newsletter/unsubscribe?token=${r.token}`,
    }));
  },
  stillIn: confirmedNewsletterAddresses,
};

/** The audiences every site has: ticket holders (when any ticket is sold) and newsletter subscribers. */
const builtIn: AudienceSource = async (db) =>
  (await ticketOrderCount(db)) > 0 ? [ticketHolders, newsletterAudience] : [newsletterAudience];

/**
 * Every source of audiences: the built-in ones, the alerts' subscribers (server/alerts/audiences.ts) and the
 * volunteers of a shift or a role (server/shifts/audiences.ts, issue 66).
 */
export const AUDIENCE_SOURCES: AudienceSource[] = [builtIn, alertAudiences, shiftAudiences];

/** The audiences offered now; `sessions` names the sessions by title and time (else by number). */
export async function availableAudiences(
  db: Db,
  sources = AUDIENCE_SOURCES,
  sessions?: SessionNames,
): Promise<Audience[]> {
  return (await Promise.all(sources.map((source) => source(db, sessions)))).flat();
}

/** The audience of this id, whether or not it is offered now (a sending in progress keeps its audience). */
export async function audienceById(
  db: Db,
  id: string,
  sources = AUDIENCE_SOURCES,
  sessions?: SessionNames,
): Promise<Audience | null> {
  if (id === ticketHolders.id) return ticketHolders;
  return (await availableAudiences(db, sources, sessions)).find((a) => a.id === id) ?? null;
}
