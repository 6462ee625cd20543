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
import * as api from "../../app/api/admin/feedback";
import { parseId } from "../../app/forms/admin";
import { audit } from "../admin/audit/queries";
import { notFound, serve, type AdminEnv, type AdminOptions } from "../admin";
import { feedbackCsv, liveProgramme, organiserSummary } from "./summary";
import { setSwitches } from "./summary.queries";

export function registerFeedbackSummary(admin: Hono<AdminEnv>, options: AdminOptions): void {
  const { db } = options.database;
  const now = options.now ?? Date.now;
  const live = liveProgramme(options.liveDir);

  serve(admin, api.showFeedback, async () => {
    const { programme, timeZone } = await live();
    return organiserSummary(db, programme, timeZone);
  });

  serve(admin, api.setFeedbackSwitches, async (c, { params, body }) => {
    const session = parseId(params.session);
    const { programme, timeZone } = await live();
    const before = session === null ? undefined : (await organiserSummary(db, programme, timeZone)).sessions;
    const found = before?.find((s) => s.session === session);
    if (!found || session === null) return notFound(c, "There is no such session in the programme.");
    const who = c.get("admin");
    await setSwitches(db, session, body, who.email, new Date(now()));
    await audit(db, {
      adminId: who.id,
      actor: who.email,
      action: "feedback-switches",
      target: `${found.title}, ${found.when}`,
      detail: { session, ...body },
    });
    return organiserSummary(db, programme, timeZone);
  });

  serve(admin, api.exportFeedback, async (c) => {
    const { programme, timeZone } = await live();
    const day = new Date(now()).toISOString().slice(0, 10);
    return c.body(await feedbackCsv(db, programme, timeZone), 200, {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="tncc-feedback-${day}.csv"`,
    });
  });
}
