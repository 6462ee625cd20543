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
 * when: `defaultUntil` of app/api/admin/announcements.ts), else 24 hours; and at most 30 days.
 */
export const DEFAULT_SHOW_MS = 24 * 3_600_000;
export const MAX_SHOW_MS = 30 * 24 * 3_600_000;

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
