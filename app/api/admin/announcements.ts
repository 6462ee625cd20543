/** The organisers' Announcements tab (issue 44): server/announcements/admin-routes.ts. */
import * as z from "zod/mini";
import { announcementSchema } from "../../forms/admin";
import { adminRoute } from "../../lib/admin/route";

const audienceChoice = z.object({
  id: z.string(),
  /** Sessions by title and time: "Everyone who starred Networking and Mixer, Fri 25 Oct 13:30" (issue 62). */
  label: z.string(),
  /** Who they are, in one short line: "People who signed up for the newsletter …". */
  about: z.string(),
  count: z.number(),
  /** What the mail says after "You receive this because …". */
  reason: z.string(),
  /** Each mail carries the audience's unsubscribe link. */
  unsubscribe: z.boolean(),
  /** E-mailed only, never shown on the site (the volunteers' audiences, issue 66). */
  mailOnly: z.optional(z.boolean()),
});
export type AudienceChoice = z.infer<typeof audienceChoice>;

/** One announcement in the tab, with its sending's progress. */
const announcementRow = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  /** Null: shown on the site only, mailed to nobody (issue 51). */
  audience: z.nullable(z.string()),
  audienceLabel: z.nullable(z.string()),
  showsUntil: z.string(),
  sentAt: z.string(),
  withdrawnAt: z.nullable(z.string()),
  /** Recipients listed; queued into the mail outbox so far; sent by the outbox; left out (unsubscribed since). */
  recipients: z.number(),
  queued: z.number(),
  sent: z.number(),
  failed: z.number(),
  skipped: z.number(),
});
export type AnnouncementRow = z.infer<typeof announcementRow>;

/** The announcements sent, newest first, each with its sending's progress. */
export const listAnnouncements = adminRoute({
  method: "GET",
  path: "/announcements",
  answer: z.object({ announcements: z.array(announcementRow) }),
});

/** Who one can write to now, and until when a new announcement shows at first. */
export const announcementAudiences = adminRoute({
  method: "GET",
  path: "/announcements/audiences",
  answer: z.object({
    audiences: z.array(audienceChoice),
    /** The end of the event's day now (23:59 in the event's zone), or 24 hours on when the zone is not known. */
    defaultUntil: z.string(),
    /** The same in words, in the event's zone: "Fri 25 Oct 2024, 23:59 CDT"; null when the zone is not known. */
    defaultUntilText: z.nullable(z.string()),
  }),
});

/** The mail, marked as a test, to the signed-in organiser only. */
export const testAnnouncement = adminRoute({
  method: "POST",
  path: "/announcements/test",
  body: announcementSchema,
  answer: z.object({ to: z.string() }),
});

/** Sent to one audience (or shown on the site only, `siteOnly`). */
export const sendAnnouncement = adminRoute({
  method: "POST",
  path: "/announcements",
  body: announcementSchema,
  answer: z.object({ id: z.number(), recipients: z.number() }),
  status: 201,
});

/** The banner goes; recipients not queued yet get no mail. */
export const withdrawAnnouncement = adminRoute({
  method: "POST",
  path: "/announcements/:id/withdraw",
  answer: z.object({ id: z.number() }),
});
