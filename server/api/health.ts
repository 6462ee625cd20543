/**
 * GET /healthz, for a process manager or a load balancer (issue 32): 200 when the database answers and its
 * migrations are current, 503 otherwise, with how many mails wait to be sent; and which build this server
 * serves (issue 31: `build`, `builtAt`, `commit`). No personal data.
 */
import { sql } from "drizzle-orm";
import type { Hono } from "hono";
import type { BuildInfo } from "../../app/lib/admin/publish";
import type { Database } from "../db/client";
import { migrationFiles } from "../db/migrate";
import { rowsOf } from "../db/store";
import { NO_STORE } from "../http-policy";

/** A database that does not answer within this is reported unreachable. */
const DATABASE_TIMEOUT_MS = 2000;

async function databaseHealth(database: Database) {
  const applied = new Set(
    rowsOf<{ version: string }>(await database.db.execute(sql`SELECT version FROM schema_migrations`)).map(
      (r) => r.version,
    ),
  );
  const pending = migrationFiles()
    .map((f) => f.version)
    .filter((v) => !applied.has(v));
  const [waiting] = rowsOf<{ n: string }>(
    await database.db.execute(sql`SELECT count(*) AS n FROM mail_queue WHERE sent_at IS NULL AND failed_at IS NULL`),
  );
  return {
    reachable: true,
    driver: database.driver,
    migrations: pending.length === 0 ? "current" : `pending: ${pending.join(", ")}`,
    mailsWaiting: Number(waiting?.n ?? 0),
  };
}

export function registerHealth(app: Hono, database: Database | undefined, build: () => BuildInfo | null): void {
  app.get("/healthz", async (c) => {
    c.header("Cache-Control", NO_STORE);
    const info = build();
    const served = { build: info?.id ?? null, builtAt: info?.builtAt ?? null, commit: info?.commit ?? null };
    if (!database) return c.json({ ok: true, ...served, database: null });
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error("timeout")), DATABASE_TIMEOUT_MS).unref(),
    );
    try {
      const health = await Promise.race([databaseHealth(database), timeout]);
      const ok = health.migrations === "current";
      return c.json({ ok, ...served, database: health }, ok ? 200 : 503);
    } catch {
      return c.json({ ok: false, ...served, database: { reachable: false, driver: database.driver } }, 503);
    }
  });
}
