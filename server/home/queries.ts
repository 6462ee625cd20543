/** What the organisers' home reads from the database: what is waiting, per form. */
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { submissions } from "../db/schema";

/** Submissions not yet seen to, per form: "new" ones, and "pending" comments. */
export async function waitingByKind(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .select({ kind: submissions.kind, count: sql<number>`count(*)::int` })
    .from(submissions)
    .where(inArray(submissions.status, ["new", "pending"]))
    .groupBy(submissions.kind);
  return Object.fromEntries(rows.map((r) => [r.kind, Number(r.count)]));
}
