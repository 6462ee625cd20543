/**
 * "My agenda" on the server:
 * - `GET /api/agenda.ics?s=<code>`: the calendar of a shared agenda, for calendar apps to subscribe to.
 *   Stateless: the selection is the code itself (app/lib/agenda/code.ts).
 * - `GET /api/agenda.ics?a=<secret>`: the calendar of a kept agenda (issue 44): its address stays the same
 *   whatever is starred.
 * - Kept agendas (app/lib/agenda/keep.ts, with the database): `POST /api/agendas` keeps this device's stars
 *   under a new secret; `GET /api/agendas/:secret` the agenda (a strong ETag of its version: 304 while nothing
 *   changed, so a device's poll every 2 s costs one indexed read); `POST` a device's changes, merged per
 *   session by time; `DELETE` stops keeping it. An unknown or malformed secret is 404, and a client that names
 *   too many of them is refused (429) for a while, for unknown secrets only: a real agenda is always answered.
 * The sessions come from build/agenda-sessions.json, written at build time (scripts/build/content-steps.ts).
 */
import { Hono, type Context } from "hono";
import { decodeAgenda } from "../../app/lib/agenda/code";
import { agendaCalendar } from "../../app/lib/agenda/ics";
import {
  KEPT_AGENDA_PATHS,
  KEPT_SECRET_PATTERN,
  KeptAgendaChangesSchema,
  MAX_AGENDA_SESSIONS,
  tooManySessions,
  type KeptAgendaCreated,
} from "../../app/lib/agenda/keep";
import { BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import { matchesEtag } from "../etag";
import type { Database } from "../db/client";
import type { FeatureRoutes, ServerContext } from "../context";
import { limitBody } from "../headers";
import { NO_CACHE } from "../http-policy";
import { readOutput } from "../publish";
import { missLimit, rateLimit } from "../rate-limit";
import { jsonOf, sameOrigin } from "../request";
import { newSecret } from "../secret";
import {
  agendaAnswer,
  applyChanges,
  createAgenda,
  deleteAgenda,
  findAgenda,
  starredSessions,
  touchAgenda,
  type KeptAgenda,
} from "./queries";

export interface AgendaIcsOptions {
  /** The build folder (its agenda-sessions.json); a function when it moves with the live build (issue 31). */
  buildDir: string | (() => string);
  /** The site's origin (SITE_URL) for the session links (the ids are content's); never the request's Host. */
  siteUrl?: string;
  /** Kept agendas (issue 44) need the database; without it their routes answer 404. */
  database?: Database;
  /** The client's rate-limit key (server/request.ts clientKey). */
  clientKey?: (c: Context) => string;
  now?: () => number;
  trustProxy?: boolean;
  /** Unknown secrets a client may name per window before it is refused for more (default 20 per 10 minutes). */
  missLimit?: { max: number; windowMs: number };
  /** New kept agendas per client and window (default 30 per 10 minutes). */
  createLimit?: { max: number; windowMs: number };
}

/** A request of MAX_AGENDA_SESSIONS changes is about 30 KB; twice that is refused before it is read. */
const CHANGES_BODY_LIMIT = 64 * 1024;
const tooLarge = (c: Context) => c.json({ error: "too-many", message: tooManySessions() }, 413);

export function agendaRoutes(options: AgendaIcsOptions): Hono {
  const app = new Hono();
  const { load } = readOutput(BUILD_OUTPUTS.agendaSessions, options.buildDir);
  const now = options.now ?? Date.now;
  const key = options.clientKey ?? (() => "client");
  const database = options.database;
  const misses = missLimit({
    max: 20,
    windowMs: 600_000,
    ...options.missLimit,
    now,
    ...(database ? { shared: { db: database.db, name: "agenda-miss" } } : {}),
  });

  const calendar = async (c: Context, numbers: number[]) => {
    if (!options.siteUrl) return c.text("The calendar is unavailable: the site's address (SITE_URL) is not set", 503);
    const ics = agendaCalendar(await load(), numbers, options.siteUrl, new Date());
    return c.body(ics, 200, {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="my-agenda.ics"',
      "Cache-Control": "no-cache",
    });
  };

  /**
   * The kept agenda a request names, or the answer that refuses it: 404 unknown, 429 unknown after too many
   * misses. A real agenda is always answered: many people share one address (a conference's Wi-Fi), and one
   * guesser among them must not lock everyone's agenda out.
   */
  const lookup = async (c: Context, secret: string): Promise<KeptAgenda | Response> => {
    const agenda = database && KEPT_SECRET_PATTERN.test(secret) ? await findAgenda(database.db, secret) : undefined;
    if (agenda) return agenda;
    return misses.unknown(c, key(c), () =>
      c.json({ error: "not-found", message: "This agenda link is not known (any more)." }, 404),
    );
  };

  app.get("/api/agenda.ics", async (c) => {
    const kept = c.req.query("a");
    if (kept !== undefined) {
      const agenda = await lookup(c, kept);
      if (agenda instanceof Response) return agenda;
      await touchAgenda(database!.db, agenda, now());
      return calendar(c, await starredSessions(database!.db, agenda.id));
    }
    const code = c.req.query("s") ?? "";
    if (code.length > 2000) return c.text("Code too long", 400);
    const numbers = decodeAgenda(code);
    if (numbers.length === 0) return c.text("No sessions in this code", 400);
    return calendar(c, numbers);
  });

  /** The changes of a request's body, or the answer that refuses them. */
  const changesOf = async (c: Context) => {
    if (!sameOrigin(c, options))
      return c.json({ error: "forbidden", message: "Cross-origin requests are refused" }, 403);
    if (!/^application\/json\b/i.test(c.req.header("content-type") ?? ""))
      return c.json({ error: "invalid", message: "Send the changes as application/json" }, 415);
    const body = await jsonOf(c);
    if (body === undefined) return c.json({ error: "invalid", message: "The changes are not readable JSON" }, 400);
    const parsed = KeptAgendaChangesSchema.safeParse(body);
    if (parsed.success) return parsed.data.changes;
    const many = Array.isArray((body as { changes?: unknown })?.changes)
      ? (body as { changes: unknown[] }).changes.length
      : 0;
    return many > MAX_AGENDA_SESSIONS
      ? c.json({ error: "too-many", message: tooManySessions(many) }, 422)
      : c.json({ error: "invalid", message: "Each change names a session number, starred or not, and a time." }, 422);
  };

  const answer = (c: Context, body: object, version: number, status: 200 | 201 = 200) =>
    c.json(body, status, { ETag: `"${version}"`, "Cache-Control": NO_CACHE });

  app.post(
    KEPT_AGENDA_PATHS.create,
    limitBody(CHANGES_BODY_LIMIT, tooLarge),
    rateLimit({
      max: 30,
      windowMs: 600_000,
      ...options.createLimit,
      key,
      now,
      ...(database ? { shared: { db: database.db, name: "agenda-create" } } : {}),
    }),
    async (c) => {
      if (!database) return c.json({ error: "not-found", message: "Agendas are not kept on this server" }, 404);
      const changes = await changesOf(c);
      if (changes instanceof Response) return changes;
      const secret = newSecret();
      const kept = await createAgenda(database.db, secret, changes, now());
      return answer(c, { ...kept, secret } satisfies KeptAgendaCreated, kept.version, 201);
    },
  );

  app.get(KEPT_AGENDA_PATHS.one, async (c) => {
    const agenda = await lookup(c, c.req.param("secret"));
    if (agenda instanceof Response) return agenda;
    await touchAgenda(database!.db, agenda, now());
    const etag = `"${agenda.version}"`;
    if (matchesEtag(c.req.header("if-none-match"), etag))
      return c.body(null, 304, { ETag: etag, "Cache-Control": NO_CACHE });
    return answer(c, await agendaAnswer(database!.db, agenda), agenda.version);
  });

  app.post(KEPT_AGENDA_PATHS.one, limitBody(CHANGES_BODY_LIMIT, tooLarge), async (c) => {
    const secret = c.req.param("secret");
    const agenda = await lookup(c, secret);
    if (agenda instanceof Response) return agenda;
    const changes = await changesOf(c);
    if (changes instanceof Response) return changes;
    const result = await applyChanges(database!.db, secret, changes, now());
    switch (result.kind) {
      case "missing": // stopped by another device meanwhile
        return c.json({ error: "not-found", message: "This agenda link is not known (any more)." }, 404);
      case "too-many":
        return c.json({ error: "too-many", message: tooManySessions(result.count) }, 422);
      case "ok":
        return answer(c, result.answer, result.answer.version);
    }
  });

  app.delete(KEPT_AGENDA_PATHS.one, async (c) => {
    if (!sameOrigin(c, options))
      return c.json({ error: "forbidden", message: "Cross-origin requests are refused" }, 403);
    const secret = c.req.param("secret");
    const agenda = await lookup(c, secret);
    if (agenda instanceof Response) return agenda;
    await deleteAgenda(database!.db, secret);
    return c.body(null, 204);
  });
  return app;
}

/** "My agenda": the shared calendar feed, and with the database agendas kept for one person's devices (issue 44). */
export const routes = (ctx: ServerContext): FeatureRoutes => ({
  site: agendaRoutes({
    buildDir: ctx.liveDir,
    siteUrl: ctx.siteUrl,
    database: ctx.database,
    clientKey: ctx.clientKey,
    now: ctx.now,
    trustProxy: ctx.trustProxy,
  }),
});
