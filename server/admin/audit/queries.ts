/**
 * The organisers' audit log (migration 003's audit_log): who signed in, changed a password, moderated, erased,
 * invited, saved content or published. Every admin feature writes it, inside its own transaction when it has one.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { auditLog } from "../../db/schema";

export interface AuditEntry {
  adminId?: number | null;
  actor?: string | null;
  action: string;
  target?: string | null;
  detail?: Record<string, unknown> | null;
}

/** How many audit entries of this action name this target. */
export async function auditCount(db: Db, action: string, target: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, target)));
  return row?.count ?? 0;
}

export async function audit(db: Db | Parameters<Parameters<Db["transaction"]>[0]>[0], entry: AuditEntry) {
  await db.insert(auditLog).values({
    adminId: entry.adminId ?? null,
    actor: entry.actor ?? null,
    action: entry.action,
    target: entry.target ?? null,
    detail: entry.detail ?? null,
  });
}
