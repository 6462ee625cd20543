/**
 * Publishing (issue 31): what a build is, a publish job and its steps, shared by the build
 * (scripts/build/build-info.ts), the server (server/publish/, server/publish/routes.ts) and the organisers'
 * page. zod/mini, as the inbox's schemas.
 */
import * as z from "zod/mini";

/** A build id is also a folder name: letters, digits, dots, dashes and underscores only. */
export const buildIdSchema = z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, "Not a build id."));

/** "20261125-101500-3f9a": sorts by time; the random part keeps two builds of one second apart. */
export function newBuildId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  const random = crypto.getRandomValues(new Uint8Array(2));
  return `${stamp}-${Array.from(random, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** build/build.json. */
export const BuildInfoSchema = z.object({
  id: buildIdSchema,
  builtAt: z.iso.datetime(),
  /** The content's git commit, or null when the content was not in a git working copy. */
  commit: z.nullable(z.string().check(z.regex(/^[0-9a-f]{7,64}$/))),
});
export type BuildInfo = z.infer<typeof BuildInfoSchema>;

export const rollbackSchema = z.object({
  /** The build to go back to; without it, the newest build older than the live one. */
  buildId: z.optional(buildIdSchema),
});

export const JOB_STATES = ["queued", "running", "done", "failed"] as const;
export type JobState = (typeof JOB_STATES)[number];

export interface PublishStep {
  name: string;
  state: "running" | "done" | "failed";
  startedAt: string;
  finishedAt: string | null;
}

/** `GET /api/admin/publish/:id`. */
export interface PublishJob {
  id: number;
  state: JobState;
  steps: PublishStep[];
  /** Why it failed (content at fault: the file and field), else null. */
  error: string | null;
  buildId: string | null;
  requestedBy: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** `GET /api/admin/publish`: the live build, the builds kept for a roll back, the newest jobs. */
export interface PublishOverview {
  live: (BuildInfo & { switchedAt: string; switchedBy: string | null }) | null;
  builds: BuildInfo[];
  jobs: PublishJob[];
}
