/**
 * The inbox's lists: `GET /api/admin/counts` (new submissions per form, paid orders),
 * `GET /api/admin/submissions?kind=&page=&q=&status=&from=&to=` (newest first, paged),
 * `GET|PATCH /api/admin/submissions/:id` (one whole; mark handled or new) and
 * `GET /api/admin/export/:kind` (CSV, RFC 4180, cells a spreadsheet would run as formulas escaped).
 */
import type { Hono } from "hono";
import { fieldsOf, isInboxKind } from "../../../app/forms";
import * as api from "../../../app/api/admin/inbox";
import { PER_PAGE, parseId } from "../../../app/forms/admin";
import { allSubmissions, countsByKind, getSubmission, listSubmissions, paidOrderCount } from "./queries";
import { notFound, serve, type AdminEnv, type AdminOptions } from "../context";
import { registerStatus } from "./status";
import { toCsv } from "../../csv";

export function registerSubmissions(admin: Hono<AdminEnv>, options: AdminOptions): void {
  const { db } = options.database;

  serve(admin, api.inboxCounts, async () => {
    const kinds = await countsByKind(db);
    return { kinds, orders: await paidOrderCount(db) };
  });

  serve(admin, api.listSubmissions, async (_c, { query }) => listSubmissions(db, query, PER_PAGE));

  serve(admin, api.showSubmission, async (c, { params }) => {
    const id = parseId(params.id);
    const row = id === null ? undefined : await getSubmission(db, id);
    return row ?? notFound(c, "No such submission.");
  });

  registerStatus(admin, db, {
    one: api.setSubmissionStatus,
    many: api.setSubmissionStatuses,
    kinds: "other",
    missing: "No such submission (comments are moderated under Comments).",
  });

  serve(admin, api.exportSubmissions, async (c, { params }) => {
    const { kind } = params;
    if (!isInboxKind(kind)) return notFound(c, `Unknown form "${kind}".`);
    const fields = fieldsOf(kind);
    const rows = await allSubmissions(db, kind);
    const csv = toCsv([
      // The form's own labels (app/forms/<kind>.ts), in its order.
      ["id", "received", "status", "handled", "page", ...fields.map((f) => f.label)],
      ...rows.map((r) => [
        String(r.id),
        r.createdAt.toISOString(),
        r.status,
        r.handledAt?.toISOString() ?? "",
        r.page ?? "",
        ...fields.map((f) => r.data[f.name] ?? ""),
      ]),
    ]);
    const day = new Date().toISOString().slice(0, 10);
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="tncc-${kind}-${day}.csv"`,
    });
  });
}
