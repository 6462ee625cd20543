/**
 * Publishing and roll back (issue 31): server/publish/routes.ts. The request schemas and the pieces the page's
 * helpers read (a step, a build's summary, a change's audience: app/lib/admin/publish.ts, typed there) are
 * app/lib's; each answer is declared here, those pieces checked against their types there.
 */
import * as z from "zod/mini";
import {
  BuildInfoSchema,
  JOB_STATES,
  publishSchema,
  restoreSessionSchema,
  rollbackSchema,
  type BuildChange,
  type BuildSummary,
  type ChangeAudience,
  type PublishStep,
} from "../../lib/admin/publish";
import { adminRoute } from "../../lib/admin/route";

const publishStep: z.ZodMiniType<PublishStep> = z.object({
  name: z.string(),
  state: z.enum(["running", "done", "failed"]),
  startedAt: z.string(),
  finishedAt: z.nullable(z.string()),
});

/** A publish job: its state and steps (the organisers' page polls it). */
const publishJob = z.object({
  id: z.number(),
  state: z.enum(JOB_STATES),
  steps: z.array(publishStep),
  /** Why it failed (content at fault: the file and field), else null. */
  error: z.nullable(z.string()),
  buildId: z.nullable(z.string()),
  /** Who started it: their name (issue 62), never their address. */
  requestedBy: z.nullable(z.string()),
  createdAt: z.string(),
  finishedAt: z.nullable(z.string()),
});
export type PublishJob = z.infer<typeof publishJob>;

const buildChange: z.ZodMiniType<BuildChange> = z.object({
  what: z.string(),
  by: z.nullable(z.string()),
  at: z.string(),
});

const buildSummary: z.ZodMiniType<BuildSummary> = z.object({
  changes: z.array(buildChange),
  more: z.number(),
  first: z.boolean(),
});

/** A build kept, named by what it brought (issue 41). */
const namedBuild = z.extend(BuildInfoSchema, { summary: z.nullable(buildSummary) });
export type NamedBuild = z.infer<typeof namedBuild>;

const when = z.object({ startsAt: z.string(), endsAt: z.optional(z.string()) });

/**
 * A difference between the live programme and the one a publish would put live (issue 51, found by
 * server/publish/programme.ts): a session moved (day, start or end), its speaker changed, cancelled (its status
 * set), taken out of its day, or added. `text` says it in people's words.
 */
const programmeChange = z.object({
  number: z.number(),
  title: z.string(),
  kind: z.enum(["moved", "cancelled", "removed", "added", "speaker"]),
  text: z.string(),
  from: z.optional(when),
  to: z.optional(when),
  fromSpeaker: z.optional(z.nullable(z.string())),
  toSpeaker: z.optional(z.nullable(z.string())),
});
export type ProgrammeChange = z.infer<typeof programmeChange>;

const changeAudience: z.ZodMiniType<ChangeAudience> = z.object({
  starred: z.number(),
  email: z.number(),
  push: z.number(),
  speakers: z.optional(z.array(z.string())),
});

const pendingPublish = z.object({
  /**
   * The programme's changes, each with who would be told, and whether an organiser chose not to announce that
   * very change before (issue 62: kept through a roll back, until unticked).
   */
  programme: z.array(z.extend(programmeChange, { audience: changeAudience, quiet: z.boolean() })),
  /** The other saved changes since the live build, in people's words ("Blog: Why We Gather", "New picture: …"). */
  files: z.array(z.string()),
  /** The saved content does not build (its problems are shown when publishing): nothing can be listed. */
  problem: z.nullable(z.string()),
});
export type PendingPublish = z.infer<typeof pendingPublish>;

const publishOverview = z.object({
  live: z.nullable(z.extend(namedBuild, { switchedAt: z.string(), switchedBy: z.nullable(z.string()) })),
  builds: z.array(namedBuild),
  jobs: z.array(publishJob),
});
export type PublishOverview = z.infer<typeof publishOverview>;

/** A publish refused while another runs (its 409): the message, and the job under way (the page follows it). */
export const publishBusy = z.object({ error: z.string(), job: publishJob });

/** Starts a publish (202 with its job; 409 `publishBusy`); `quiet` names programme changes not to announce. */
export const startPublish = adminRoute({
  method: "POST",
  path: "/publish",
  body: publishSchema,
  answer: z.object({ job: publishJob }),
  status: 202,
});

/** The live build, the builds kept for a roll back (newest first), the newest jobs. */
export const publishState = adminRoute({ method: "GET", path: "/publish", answer: publishOverview });

/** What "Publish" would put live, in people's words, before it is pressed (issue 51). */
export const pendingChanges = adminRoute({ method: "GET", path: "/publish/pending", answer: pendingPublish });

/** A session taken out of the programme, put back as it is live (409 when it cannot be). */
export const restoreSession = adminRoute({
  method: "POST",
  path: "/publish/restore",
  body: restoreSessionSchema,
  answer: z.object({ title: z.string() }),
});

/** A job's state and steps. */
export const publishJobState = adminRoute({ method: "GET", path: "/publish/:id", answer: publishJob });

/** Goes back to a kept build (`buildId`; without it, the newest older than the live one); 409 when it cannot. */
export const rollBackToBuild = adminRoute({
  method: "POST",
  path: "/rollback",
  body: rollbackSchema,
  answer: z.object({ build: BuildInfoSchema, tookMs: z.number() }),
});
