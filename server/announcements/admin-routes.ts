/**
 * The organisers' Announcements tab (issue 44, part 3), under `/api/admin` (session and Origin: ../routes.ts):
 *
 * - `GET /announcements`: the announcements sent, newest first, each with its sending's progress.
 * - `GET /announcements/audiences`: who one can go to now (./audiences.ts), with how many addresses, each
 *   session named by title and time, each kind explained in a line; and until when a new one shows at first:
 *   the end of the event's day (issue 62).
 * - `POST /announcements/test`: the mail, marked as a test, to the signed-in organiser only.
 * - `POST /announcements`: sends it to one audience: the recipients listed at once (each address once), the
 *   mails queued a piece at a time by the pacer (./sender.ts), the banner shown from now until `showsUntil`.
 *   With `siteOnly` (issue 51) and no audience: the banner only, mailed to nobody.
 * - `POST /announcements/:id/withdraw`: the banner goes, and recipients not queued yet get no mail.
 *
 * Every change is audited.
 */
import type { Context, Hono } from "hono";
import * as api from "../../app/api/admin/announcements";
import type { AudienceChoice } from "../../app/api/admin/announcements";
import { parseId } from "../../app/forms/admin";
import { announcementMail, DEFAULT_SHOW_MS, MAX_SHOW_MS } from "../../app/lib/announcements";
import { zonedWhen } from "../../app/lib/admin/when";
import { BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import { zonedDate } from "../../app/lib/schedule/now";
import { zonedIso } from "../../app/lib/schedule/zoned-time";
import { liveSessionNames } from "../alerts";
import { readOutput } from "../publish";
import { queueMail } from "../mail/queries";
import { audit } from "../admin/audit/queries";
import { badRequest, notFound, serve, type AdminEnv, type AdminOptions, type Input } from "../admin";
import { availableAudiences } from "./audiences";
import { createAnnouncement, listAnnouncements, withdrawAnnouncement } from "./queries";

/**
 * Until when an announcement made at `now` shows at first (issue 62): the end of that day in the event's zone
 * (23:59), or of the next day when that minute has passed.
 */
export function endOfEventDay(now: number, timeZone: string): Date {
  const today = Date.parse(zonedIso(zonedDate(now, timeZone), "23:59", timeZone));
  return new Date(today > now ? today : Date.parse(zonedIso(zonedDate(now + 3_600_000, timeZone), "23:59", timeZone)));
}

export function registerAnnouncements(admin: Hono<AdminEnv>, options: AdminOptions): void {
  const { db } = options.database;
  const now = options.now ?? Date.now;
  // The live build's programme names the sessions; its tickets data has the event's time zone.
  const sessionNames = liveSessionNames(options.liveDir);
  const tickets = readOutput(BUILD_OUTPUTS.tickets, options.liveDir);
  const eventZone = () =>
    tickets.load().then(
      (t) => t.timeZone,
      () => null,
    );
  const origin = (c: Context) => (options.siteUrl ? new URL(options.siteUrl).origin : new URL(c.req.url).origin);

  /** The announcement asked for, or the message saying what is wrong with its time. */
  type Body = Input<typeof api.sendAnnouncement>["body"];
  function checkedTime(body: Body): { error: string } | { value: Omit<Body, "showsUntil"> & { showsUntil: Date } } {
    const showsUntil = new Date(body.showsUntil);
    if (showsUntil.getTime() <= now()) return { error: "Choose when it stops showing: a time still to come." };
    if (showsUntil.getTime() > now() + MAX_SHOW_MS) return { error: "An announcement shows for 30 days at most." };
    return { value: { ...body, showsUntil } };
  }

  serve(admin, api.listAnnouncements, async () => ({ announcements: await listAnnouncements(db) }));

  serve(admin, api.announcementAudiences, async (c) => {
    const audiences = await availableAudiences(db, undefined, await sessionNames());
    const choices: AudienceChoice[] = [];
    for (const a of audiences) {
      // Counted without making links where an audience can (the alerts' makes a new link per recipient).
      const count = a.count ? await a.count(db) : (await a.recipients(db, origin(c))).length;
      choices.push({
        id: a.id,
        label: a.label,
        about: a.about,
        count,
        reason: a.reason,
        unsubscribe: a.unsubscribe,
        ...(a.mailOnly ? { mailOnly: true } : {}),
      });
    }
    const zone = await eventZone();
    const until = zone ? endOfEventDay(now(), zone) : new Date(now() + DEFAULT_SHOW_MS);
    return { audiences: choices, defaultUntil: until, defaultUntilText: zone ? zonedWhen(until, zone) : null };
  });

  serve(admin, api.testAnnouncement, async (c, { body }) => {
    const got = checkedTime(body);
    if ("error" in got) return badRequest(c, got.error);
    const who = c.get("admin");
    const text = announcementMail(got.value, {
      siteUrl: origin(c),
      reason: "you are an organiser and asked for a test",
      test: true,
    });
    await queueMail(db, { to: who.email, subject: text.subject, body: text.body });
    await audit(db, {
      adminId: who.id,
      actor: who.email,
      action: "announcement-test",
      target: who.email,
      detail: { title: got.value.title },
    });
    return { to: who.email };
  });

  serve(admin, api.sendAnnouncement, async (c, { body }) => {
    const got = checkedTime(body);
    if ("error" in got) return badRequest(c, got.error);
    const who = c.get("admin");
    const announcement = { ...got.value, siteUrl: origin(c) };
    if (got.value.siteOnly) {
      // The banner only: nobody is listed, so the pacer has nothing to queue.
      if (got.value.audience !== undefined)
        return badRequest(c, "Show it on the site only, or on the site and by e-mail: not both.");
      const id = await createAnnouncement(db, announcement, null, [], who, new Date(now()));
      return { id, recipients: 0 };
    }
    const audience = (await availableAudiences(db, undefined, await sessionNames())).find(
      (a) => a.id === got.value.audience,
    );
    if (!audience) return badRequest(c, "Choose who receives it.");
    const recipients = await audience.recipients(db, origin(c));
    // A message to the volunteers is theirs alone: it ends showing as it is sent, so no page ever shows it.
    if (audience.mailOnly) announcement.showsUntil = new Date(now());
    const id = await createAnnouncement(db, announcement, audience, recipients, who, new Date(now()));
    return { id, recipients: recipients.length };
  });

  serve(admin, api.withdrawAnnouncement, async (c, { params }) => {
    const id = parseId(params.id);
    if (id === null) return notFound(c, "There is no such announcement.");
    const who = c.get("admin");
    const done = await withdrawAnnouncement(
      db,
      id,
      { adminId: who.id, actor: who.email, action: "announcement-withdraw", target: `announcement:${id}` },
      new Date(now()),
    );
    return done ? { id } : notFound(c, "There is no such announcement.");
  });
}
