/**
 * `POST /api/vitals`: field measurements from app/lib/vitals/report.ts. A flood must not become a flood of log
 * lines: each client gets a request budget, a request carries at most a few metrics, and the metrics are
 * aggregated, one summary line per metric name per interval (count, p75, ratings).
 */
import { Hono } from "hono";
import { API_PATHS } from "../../app/lib/urls";
import { VitalsPayloadSchema, type Vital } from "../../app/lib/vitals/schema";
import { rateLimit } from "../rate-limit";
import { apiBody } from "../headers";
import { readBody } from "../request";
import type { ApiDeps, FeatureRoutes, ServerContext, VitalsSettings } from "../context";
import type { Database } from "../db/client";

export interface VitalsOptions extends VitalsSettings {
  /** The database the limit is counted in, shared by every server (issue 54); in memory only without. */
  database?: Database;
}

/** Values kept per metric name between flushes (a uniform sample beyond that). */
const SAMPLE_SIZE = 1000;

export function vitalsRoutes(deps: ApiDeps, options: VitalsOptions = {}): Hono {
  const app = new Hono();
  const flushMs = options.flushMs ?? 60_000;
  const stats = new Map<string, { count: number; sample: number[]; ratings: Record<string, number> }>();
  let lastFlush = deps.now();

  const flush = () => {
    lastFlush = deps.now();
    for (const [name, s] of stats) {
      const sorted = [...s.sample].sort((a, b) => a - b);
      const p75 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.75))] ?? 0;
      const ratings = Object.entries(s.ratings)
        .map(([r, n]) => `${r}=${n}`)
        .join(" ");
      deps.log(`vitals ${name} n=${s.count} p75=${Number(p75.toFixed(3))} ${ratings}`.trimEnd());
    }
    stats.clear();
  };
  const timer = setInterval(() => stats.size > 0 && flush(), flushMs);
  timer.unref();

  const record = (m: Vital) => {
    let s = stats.get(m.name);
    if (!s) stats.set(m.name, (s = { count: 0, sample: [], ratings: {} }));
    s.count++;
    if (s.sample.length < SAMPLE_SIZE) s.sample.push(m.value);
    else {
      const i = Math.floor(Math.random() * s.count);
      if (i < SAMPLE_SIZE) s.sample[i] = m.value;
    }
    const rating = m.rating ?? "unrated";
    s.ratings[rating] = (s.ratings[rating] ?? 0) + 1;
  };

  app.post(
    API_PATHS.vitals,
    apiBody,
    rateLimit({
      max: options.perMinute ?? 60,
      windowMs: 60_000,
      key: deps.clientKey,
      now: deps.now,
      ...(options.database ? { shared: { db: options.database.db, name: "vitals" } } : {}),
    }),
    async (c) => {
      const text = await readBody(() => c.req.text());
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch {
        return c.json({ error: "Malformed JSON" }, 400);
      }
      const parsed = VitalsPayloadSchema.safeParse(data);
      if (!parsed.success) return c.json({ error: "Invalid metrics" }, 400);
      for (const m of Array.isArray(parsed.data) ? parsed.data : [parsed.data]) record(m);
      if (deps.now() - lastFlush >= flushMs) flush();
      return c.body(null, 204);
    },
  );
  return app;
}

/** Web vitals from the pages (issue 16). */
export const routes = (ctx: ServerContext): FeatureRoutes => ({
  site: vitalsRoutes(ctx, { database: ctx.database, ...ctx.vitals }),
});
