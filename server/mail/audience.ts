/**
 * Who a mail to many goes to (issue 44, part 3): the shape of an audience, shared by the announcements (which
 * send to audiences) and every feature that offers one (the alerts' subscribers). In mail/, below both, so neither
 * feature imports the other for it.
 */
import type { Db } from "../db/types";

export interface Recipient {
  /** Lower-case. */
  email: string;
  unsubscribeUrl: string | null;
}

export interface Audience {
  /** "tickets", "newsletter"; part 2's "agenda", "session:12". */
  id: string;
  label: string;
  /** Who they are, in one short line for the organiser choosing (issue 62): "People who …". */
  about: string;
  /** Why a recipient gets the mail, after "You receive this because …". */
  reason: string;
  /** Its mails carry an unsubscribe link (each recipient's own). */
  unsubscribe: boolean;
  /** E-mailed only, never shown on the site's pages (issue 66: a message to the volunteers is theirs alone). */
  mailOnly?: boolean;
  /** Each address once. `origin`: the site's own, for unsubscribe links (the alerts' are made anew: see `count`). */
  recipients(db: Db, origin: string): Promise<Recipient[]>;
  /** How many recipients, without making their links (the alerts' stores a new link per recipient): for counts. */
  count?(db: Db): Promise<number>;
  /** Of these addresses, those still in the audience now (omitted: nobody leaves it). */
  stillIn?(db: Db, emails: string[]): Promise<Set<string>>;
}

/**
 * Sessions as people name them (issue 62): by number, the title and when, "Networking and Mixer, Fri 25 Oct
 * 13:30", from the live build's programme; a session missing from it is named by its number.
 */
export type SessionNames = ReadonlyMap<number, { title: string; when: string }>;

/** The audiences a feature offers now; `sessions` names the sessions an audience is made of. */
export type AudienceSource = (db: Db, sessions?: SessionNames) => Promise<Audience[]>;
