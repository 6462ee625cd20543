/**
 * Attendees rate a session (issue 63), without an account or an address:
 * - `GET /api/feedback/:session`: whether its form is open ("open", "before", "closed", "off"), for the form
 *   on the pre-rendered pages, which judges the window by itself but cannot know an organiser's switch.
 * - `POST /api/feedback/:session`: a rating (app/lib/feedback/rating.ts): stars 1–5, an optional plain-text
 *   comment, and the browser's random rater key, of which only the SHA-256 is kept. The same key again
 *   replaces its rating. Refused, in words: an unknown session (404), one whose form has not opened (409) or
 *   has closed (410) (app/lib/feedback/window.ts, the event's clock), one with feedback off (403), and past
 *   the limit per address (429, counted in the database like the other public forms).
 * The session, its times and the closing time come from the live build's agenda-sessions.json.
 */
import { Hono, type Context } from "hono";
import { BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import { FEEDBACK_WORDS, RatingSchema, feedbackPath, type FeedbackState } from "../../app/lib/feedback/rating";
import { DEFAULT_FEEDBACK_DAYS, feedbackClosesAt, opensText, ratingWindow } from "../../app/lib/feedback/window";
import { organiserFeature } from "../admin";
import type { FeatureRoutes, ServerContext } from "../context";
import type { Database } from "../db/client";
import { limitBody } from "../headers";
import { NO_CACHE } from "../http-policy";
import { readOutput } from "../publish";
import { rateLimit } from "../rate-limit";
import { jsonOf, sameOrigin } from "../request";
import { batched } from "../db/batch";
import { registerFeedbackSummary } from "./admin-routes";
import { feedbackOff, saveRatings } from "./queries";

export interface FeedbackOptions {
  database: Database;
  /** The build folder (its agenda-sessions.json); a function when it follows the live build. */
  buildDir: string | (() => string);
  clientKey: (c: Context) => string;
  now?: () => number;
  siteUrl?: string;
  trustProxy?: boolean;
  /** Ratings per address and window (default 30 in 10 minutes): a phone rates a handful of sessions a day. */
  limit?: { max: number; windowMs: number };
}

/** A rating with the longest comment is about 8 KB as JSON (escaped characters); more is refused unread. */
const BODY_LIMIT = 16 * 1024;
const PATH = feedbackPath(0).replace(/0$/, ":session");

const refuse = (c: Context, status: 400 | 403 | 404 | 409 | 410 | 413 | 415 | 422, error: string, message: string) =>
  c.json({ error, message }, status, { "Cache-Control": NO_CACHE });

export function feedbackRoutes(options: FeedbackOptions): Hono {
  const app = new Hono();
  const { db } = options.database;
  const now = options.now ?? Date.now;
  const { load } = readOutput(BUILD_OUTPUTS.agendaSessions, options.buildDir);
  // A rush of ratings (the end of a session) shares each write to disk.
  const save = batched((items: Parameters<typeof saveRatings>[1]) => saveRatings(db, items));

  /** The session a path names and its form's state now, or undefined when the programme has no such session. */
  const judge = async (c: Context) => {
    const raw = c.req.param("session") ?? "";
    const number = /^[1-9]\d{0,6}$/.test(raw) ? Number(raw) : 0;
    const data = await load();
    const session = data.sessions.find((s) => s.number === number && !s.cancelled);
    if (!session) return undefined;
    const timeZone = data.timeZone ?? "UTC";
    const closesAt =
      data.feedbackClosesAt ?? feedbackClosesAt(session.startsAt.slice(0, 10), DEFAULT_FEEDBACK_DAYS, timeZone);
    const window = ratingWindow(session, closesAt, now());
    const opens = window.state === "before" ? opensText(window.opensAt, timeZone) : undefined;
    return { number, window, opens };
  };

  app.get(PATH, async (c) => {
    const judged = await judge(c);
    if (!judged) return refuse(c, 404, "not-found", FEEDBACK_WORDS.unknown);
    const state: FeedbackState =
      judged.window.state === "open" && (await feedbackOff(db, judged.number)) ? "off" : judged.window.state;
    return c.json({ state, ...(judged.opens ? { opens: judged.opens } : {}) }, 200, { "Cache-Control": NO_CACHE });
  });

  app.post(
    PATH,
    rateLimit({
      max: 30,
      windowMs: 600_000,
      ...options.limit,
      key: options.clientKey,
      now,
      shared: { db, name: "rating", batched: true },
    }),
    limitBody(BODY_LIMIT, (c) => c.json({ error: "too-large", message: "This rating is too long to send." }, 413)),
    async (c) => {
      if (!sameOrigin(c, options)) return refuse(c, 403, "forbidden", "Ratings are taken only from this site's pages.");
      // The session and its window first: nothing of a refused rating is read.
      const judged = await judge(c);
      if (!judged) return refuse(c, 404, "not-found", FEEDBACK_WORDS.unknown);
      if (judged.window.state === "before")
        return refuse(c, 409, "not-open", `Rating this session opens ${judged.opens}.`);
      if (judged.window.state === "closed") return refuse(c, 410, "closed", FEEDBACK_WORDS.closed);
      if (!/^application\/json\b/i.test(c.req.header("content-type") ?? ""))
        return refuse(c, 415, "invalid", "Send the rating as application/json.");
      const body = await jsonOf(c);
      if (body === undefined) return refuse(c, 400, "invalid", "The rating is not readable: please send it again.");
      const parsed = RatingSchema.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return c.json(
          {
            error: "invalid",
            field: String(issue?.path[0] ?? ""),
            message: issue?.message ?? "Please check the rating.",
          },
          422,
        );
      }
      // Feedback off is checked in the same statement that stores the rating (none is stored then).
      const result = await save({ session: judged.number, rating: parsed.data, at: now() });
      if (result === "off") return refuse(c, 403, "off", FEEDBACK_WORDS.off);
      return c.json({ saved: true, replaced: result === "replaced" }, 200, { "Cache-Control": NO_CACHE });
    },
  );
  return app;
}

/** Session ratings (issue 63), on the database; the organisers' summary, CSV and switches (./admin-routes.ts). */
export const routes = (ctx: ServerContext): FeatureRoutes =>
  ctx.database
    ? {
        site: feedbackRoutes({
          database: ctx.database,
          buildDir: ctx.liveDir,
          clientKey: ctx.clientKey,
          now: ctx.now,
          siteUrl: ctx.siteUrl,
          trustProxy: ctx.trustProxy,
        }),
        ...organiserFeature(ctx, registerFeedbackSummary),
      }
    : {};
