/**
 * Publishing (issue 31): `POST /publish` starts one (202 with the job; 409 with the job under way when
 * another runs; `{ quiet }` names programme changes not to announce), `GET /publish` the live build, the builds
 * kept and the newest jobs, `GET /publish/pending` what a publish would put live (issue 51), `POST
 * /publish/restore` puts a removed session back, `GET /publish/:id` a job's state and steps (the organisers'
 * page polls it), `POST /rollback` goes back to an earlier build.
 * Session and Origin are checked for every /api/admin route (server/admin/routes.ts); the work is beside this file.
 * Each route, its body and answer: declared in app/api/admin/publish.ts.
 */
import type { Hono } from "hono";
import * as api from "../../app/api/admin/publish";
import { parseId } from "../../app/forms/admin";
import type { Publisher } from "./publisher";
import { notFound, organiserFeature, serve, type AdminEnv } from "../admin";
import type { FeatureRoutes, ServerContext } from "../context";

export function registerPublish(admin: Hono<AdminEnv>, publisher: Publisher): void {
  // The programme changes not to announce (a typo fix): none left out when the body says nothing (issue 51).
  serve(admin, api.startPublish, async (c, { body }) => {
    const { job, started } = await publisher.start(c.get("admin"), body.quiet);
    if (started) return { job };
    return c.json(
      {
        error: `A publish is already under way (started by ${job.requestedBy ?? "an organiser"}): it includes every change saved before it began. Publish again when it has finished.`,
        job,
      },
      409,
    );
  });

  serve(admin, api.publishState, () => publisher.overview());

  // What "Publish" would put live, in people's words, before it is pressed (issue 51).
  serve(admin, api.pendingChanges, () => publisher.pending());

  // A session taken out of the programme, put back as it is live.
  serve(admin, api.restoreSession, async (c, { body }) => {
    const result = await publisher.restoreSession(c.get("admin"), body.number);
    return "error" in result ? c.json({ error: result.error }, 409) : result;
  });

  serve(admin, api.publishJobState, async (c, { params }) => {
    const id = parseId(params.id);
    const job = id === null ? null : await publisher.job(id);
    return job ?? notFound(c, "There is no such publish.");
  });

  serve(admin, api.rollBackToBuild, async (c, { body }) => {
    const result = await publisher.rollback(c.get("admin"), body.buildId);
    return "error" in result ? c.json({ error: result.error }, 409) : result;
  });
}

/** Publishing and roll back (issue 31): organisers' routes, when the server publishes. */
export const routes = (ctx: ServerContext): FeatureRoutes => {
  const { publisher } = ctx;
  return publisher ? organiserFeature(ctx, (admin) => registerPublish(admin, publisher)) : {};
};
