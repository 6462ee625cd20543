/**
 * What other features use of the mail: the shape of an announcement's audience (./audience.ts), which the
 * features that have people to write to (alerts, shifts, announcements) fill in. Narrow on purpose: the
 * outbox is written through ./queries.ts, the mailer is started by server/start.ts.
 */
export type { Audience, AudienceSource, Recipient, SessionNames } from "./audience";
