/**
 * Announcements (issue 44, part 3): what the site's banner reads (`GET /api/announcements/current`), what the
 * organisers' Announcements tab and `/api/admin/announcements/*` exchange, and the mail's text, which the tab
 * previews and the server sends (one function, so the preview is the mail). No zod here. What only the banner
 * runs is in ./announcement-banner.ts, so that the banner's chunk, loaded once the page is idle, does not share
 * this module with the organisers' pages (a module two entries share joins the first download: vite.config.ts).
 */

/** An announcement as the site's banner shows it. Nothing personal. */
export interface ShownAnnouncement {
  id: number;
  title: string;
  body: string;
  until: string;
}

/**
 * `GET /api/announcements/current`: every announcement showing now, newest first (several can be live at once,
 * each until its end: issue 62); `announcement` is the newest, for pages loaded before that change.
 */
export interface CurrentAnnouncement {
  announcements: ShownAnnouncement[];
  announcement: ShownAnnouncement | null;
}

/** The longest title and text (a banner, not a newsletter). */
export const MAX_TITLE = 120;
export const MAX_BODY = 1000;
/**
 * How long an announcement shows unless the organiser chooses: to the end of the event's day (the server says
 * when: `AudienceAnswer.defaultUntil`), else 24 hours; and at most 30 days.
 */
export const DEFAULT_SHOW_MS = 24 * 3_600_000;
export const MAX_SHOW_MS = 30 * 24 * 3_600_000;

/** `GET /api/admin/announcements/audiences`: who an announcement can go to now, with how many addresses. */
export interface AudienceChoice {
  id: string;
  /** Sessions by title and time: "Everyone who starred Networking and Mixer, Fri 25 Oct 13:30" (issue 62). */
  label: string;
  /** Who they are, in one short line: "People who signed up for the newsletter …". */
  about: string;
  count: number;
  /** What the mail says after "You receive this because …". */
  reason: string;
  /** Each mail carries the audience's unsubscribe link. */
  unsubscribe: boolean;
  /** E-mailed only, never shown on the site (the volunteers' audiences, issue 66). */
  mailOnly?: boolean;
}

/** `GET /api/admin/announcements/audiences`: the audiences, and until when a new announcement shows at first. */
export interface AudienceAnswer {
  audiences: AudienceChoice[];
  /** The end of the event's day now (23:59 in the event's zone), or 24 hours on when the zone is not known. */
  defaultUntil: string;
  /** The same in words, in the event's zone: "Fri 25 Oct 2024, 23:59 CDT"; null when the zone is not known. */
  defaultUntilText: string | null;
}

/** One announcement in the tab, with its sending's progress. */
export interface AnnouncementRow {
  id: number;
  title: string;
  body: string;
  /** Null: shown on the site only, mailed to nobody (issue 51). */
  audience: string | null;
  audienceLabel: string | null;
  showsUntil: string;
  sentAt: string;
  withdrawnAt: string | null;
  /** Recipients listed; queued into the mail outbox so far; sent by the outbox; left out (unsubscribed since). */
  recipients: number;
  queued: number;
  sent: number;
  failed: number;
  skipped: number;
}

export interface AnnouncementList {
  announcements: AnnouncementRow[];
}

export interface AnnouncementMailText {
  subject: string;
  body: string;
}

/**
 * The mail of an announcement: its text, why the recipient gets it, and the audience's unsubscribe link when
 * it has one (also sent as List-Unsubscribe by server/mail/mailer.ts).
 */
export function announcementMail(
  a: { title: string; body: string },
  options: { siteUrl: string; reason: string; unsubscribeUrl?: string | null; test?: boolean },
): AnnouncementMailText {
  const site = options.siteUrl.replace(/\/+$/, "");
  return {
    subject: `${options.test ? "[Test] " : ""}TNCC: ${a.title}`.slice(0, 200),
    body: [
      ...(options.test ? ["This is a test of an announcement: only you received it.", ""] : []),
      a.title,
      "",
      a.body,
      "",
      "--",
      `TNCC, ${site}/`,
      `You receive this because ${options.reason}.`,
      ...(options.unsubscribeUrl ? [`Unsubscribe: ${options.unsubscribeUrl}`] : []),
    ].join("\n"),
  };
}
