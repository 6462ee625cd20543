/**
 * Publishing (issue 31): `POST /publish` starts one (202 with the job; 409 with the job under way when
 * another runs; `{ quiet }` names programme changes not to announce), `GET /publish` the live build, the builds
 * kept and the newest jobs, `GET /publish/pending` what a publish would put live (issue 51), `POST
 * /publish/restore` puts a removed session back, `GET /publish/:id` a job's state and steps (the organisers'
 * page polls it), `POST /rollback` goes back to an earlier build.
 * Session and Origin are checked for every /api/admin route (server/admin/routes.ts); the work is beside this file.
 */
import type { Hono } from "hono";
import { publishSchema, restoreSessionSchema, rollbackSchema } from "../../app/lib/admin/publish";
import { firstIssue, parseId } from "../../app/forms/admin";
import type { Publisher } from "./publisher";
import { badRequest, jsonBody, notFound, organiserFeature, type AdminEnv } from "../admin";
import type { FeatureRoutes, ServerContext } from "../context";

export function registerPublish(admin: Hono<AdminEnv>, publisher: Publisher): void {
  // The programme changes not to announce (a typo fix): none left out when the body says nothing (issue 51).
  admin.post("/publish", async (c) => {
    const parsed = publishSchema.safeParse((await jsonBody(c)) ?? {});
    if (!parsed.success) return badRequest(c, firstIssue(parsed.error));
    const { job, started } = await publisher.start(c.get("admin"), parsed.data.quiet);
    if (started) return c.json({ job }, 202);
    return c.json(
      {
        error: `A publish is already under way (started by ${job.requestedBy ?? "an organiser"}): it includes every change saved before it began. Publish again when it has finished.`,
        job,
      },
      409,
    );
  });

  admin.get("/publish", async (c) => c.json(await publisher.overview()));

  // What "Publish" would put live, in people's words, before it is pressed (issue 51).
  admin.get("/publish/pending", async (c) => c.json(await publisher.pending()));

  // A session taken out of the programme, put back as it is live.
  admin.post("/publish/restore", async (c) => {
    const parsed = restoreSessionSchema.safeParse((await jsonBody(c)) ?? {});
    if (!parsed.success) return badRequest(c, firstIssue(parsed.error));
    const result = await publisher.restoreSession(c.get("admin"), parsed.data.number);
    return "error" in result ? c.json({ error: result.error }, 409) : c.json(result);
  });

  admin.get("/publish/:id", async (c) => {
    const id = parseId(c.req.param("id"));
    const job = id === null ? null : await publisher.job(id);
    return job ? c.json(job) : notFound(c, "There is no such publish.");
  });

  admin.post("/rollback", async (c) => {
    const parsed = rollbackSchema.safeParse((await jsonBody(c)) ?? {});
    if (!parsed.success) return badRequest(c, firstIssue(parsed.error));
    const result = await publisher.rollback(c.get("admin"), parsed.data.buildId);
    return "error" in result ? c.json({ error: result.error }, 409) : c.json(result);
  });
}

/** Publishing and roll back (issue 31): organisers' routes, when the server publishes. */
export const routes = (ctx: ServerContext): FeatureRoutes => {
  const { publisher } = ctx;
  return publisher ? organiserFeature(ctx, (admin) => registerPublish(admin, publisher)) : {};
};
