/**
 * The organisers' Feedback tab (issue 63, item 4), under `/api/admin` (session and Origin: ../admin/routes.ts):
 *
 * - `GET /feedback`: every session ranked by average, with its number of ratings, its spread and its comments
 *   (no average below five ratings), and its switches (./summary.ts).
 * - `PATCH /feedback/sessions/:session`: feedback off, comments hidden, comments let through to the speaker;
 *   who and when kept with them, and audited. Answers the summary as it now is.
 * - `GET /feedback/export`: CSV, one row per rating, a hidden session's comments left out, escaped as the
 *   inbox's exports are (a cell starting with = + - @ is prefixed).
 */
import type { Hono } from "hono";
import { firstIssue, parseId } from "../../app/forms/admin";
import { feedbackSwitchesSchema } from "../../app/lib/feedback/summary";
import { audit } from "../admin/audit/queries";
import { badRequest, jsonBody, notFound, type AdminEnv, type AdminOptions } from "../admin";
import { feedbackCsv, liveProgramme, organiserSummary } from "./summary";
import { setSwitches } from "./summary.queries";

export function registerFeedbackSummary(admin: Hono<AdminEnv>, options: AdminOptions): void {
  const { db } = options.database;
  const now = options.now ?? Date.now;
  const live = liveProgramme(options.liveDir);

  admin.get("/feedback", async (c) => {
    const { programme, timeZone } = await live();
    return c.json(await organiserSummary(db, programme, timeZone));
  });

  admin.patch("/feedback/sessions/:session", async (c) => {
    const session = parseId(c.req.param("session"));
    const { programme, timeZone } = await live();
    const before = session === null ? undefined : (await organiserSummary(db, programme, timeZone)).sessions;
    const found = before?.find((s) => s.session === session);
    if (!found || session === null) return notFound(c, "There is no such session in the programme.");
    const parsed = feedbackSwitchesSchema.safeParse(await jsonBody(c));
    if (!parsed.success) return badRequest(c, firstIssue(parsed.error));
    const who = c.get("admin");
    await setSwitches(db, session, parsed.data, who.email, new Date(now()));
    await audit(db, {
      adminId: who.id,
      actor: who.email,
      action: "feedback-switches",
      target: `${found.title}, ${found.when}`,
      detail: { session, ...parsed.data },
    });
    return c.json(await organiserSummary(db, programme, timeZone));
  });

  admin.get("/feedback/export", async (c) => {
    const { programme, timeZone } = await live();
    const day = new Date(now()).toISOString().slice(0, 10);
    return c.body(await feedbackCsv(db, programme, timeZone), 200, {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="tncc-feedback-${day}.csv"`,
    });
  });
}
