/**
 * Publishing (issue 31): what a build is, a publish's steps, and the requests, shared by the build
 * (scripts/build/build-info.ts), the server (server/publish/, server/publish/routes.ts) and the organisers'
 * page. zod/mini, as the inbox's schemas. The routes and their answers: app/api/admin/publish.ts.
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

/**
 * Who would be told of a session's change: kept agendas that star it, and their alerts by mail and by push; and
 * the names of its speakers who get a mail (issue 63: those the organisers have an address for).
 */
export interface ChangeAudience {
  starred: number;
  email: number;
  push: number;
  speakers?: string[];
}

/** `POST /api/admin/publish`: the programme changes not to announce (a typo fix); none left out when absent. */
export const publishSchema = z.object({
  quiet: z.optional(z.array(z.int().check(z.positive())).check(z.maxLength(1000))),
});

/** `POST /api/admin/publish/restore`: a session taken out of the programme, put back as it is live. */
export const restoreSessionSchema = z.object({ number: z.int().check(z.positive()) });

/**
 * The audience of a change in words: "9 people starred it: 6 get an e-mail, 2 a notification, and the speaker,
 * Ruth Mensah".
 */
export function audienceText({ starred, email, push, speakers = [] }: ChangeAudience): string {
  const names = speakers.length
    ? `the ${speakers.length === 1 ? "speaker" : "speakers"}, ${speakers.slice(0, -1).join(", ")}${speakers.length > 1 ? " and " : ""}${speakers.at(-1)}`
    : "";
  const mailed = speakers.length === 1 ? "gets an e-mail" : "get an e-mail";
  if (starred === 0)
    return names
      ? `Nobody has starred it yet: only ${names}, ${mailed}.`
      : "Nobody has starred it yet, so nobody is told.";
  const people = starred === 1 ? "1 person starred it" : `${starred} people starred it`;
  const told = [
    email && `${email} ${email === 1 ? "gets an e-mail" : "get an e-mail"}`,
    push && `${push} a notification`,
  ]
    .filter(Boolean)
    .join(", ");
  if (!told) return `${people}, with no alerts turned on${names ? `; ${names}, ${mailed}` : ""}.`;
  return `${people}: ${told}${names ? `, and ${names}` : ""}.`;
}

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

/** One content change in a build, in people's words (server/content/changes.ts): "Day 01: Registration & Welcome". */
export interface BuildChange {
  what: string;
  /** The organiser's name, as their commit's author; null for a "Site update" (a commit not made in the editor). */
  by: string | null;
  at: string;
}

/**
 * What a build brought since the build before it (issue 41), newest first: its content commits, or for the
 * first build kept, the last one it was built from. null: not known (content outside git, history gone).
 */
export interface BuildSummary {
  changes: BuildChange[];
  /** Changes left out of `changes`. */
  more: number;
  /** No build before it is kept: `changes` is the last change it was built from, not all since. */
  first: boolean;
}

const MAX_WHAT = 90;
const cut = (text: string) => (text.length > MAX_WHAT ? `${text.slice(0, MAX_WHAT - 1)}…` : text);

/**
 * A build's name for organisers: what changed ("Day 01: Registration & Welcome and 2 more changes"), who
 * ("Grace Mensah and Kofi Boateng") and when (the newest change: ISO, for the page to show in its time zone).
 */
export function describeBuild(summary: BuildSummary | null): { what: string; by: string | null; at: string | null } {
  if (!summary) return { what: "Version built", by: null, at: null };
  const { changes, more } = summary;
  if (changes.length === 0) return { what: "No content changes (built again)", by: null, at: null };
  // The organisers' own changes name it first; a "Site update" (no one's) only when it is all there is.
  const whats = [...new Set([...changes.filter((c) => c.by), ...changes.filter((c) => !c.by)].map((c) => c.what))];
  const others = whats.length - 1 + more;
  const what =
    others > 0 ? `${cut(whats[0]!)} and ${others} more ${others === 1 ? "change" : "changes"}` : cut(whats[0]!);
  const names = [...new Set(changes.flatMap((c) => (c.by ? [c.by] : [])))];
  const by = names.length > 2 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names.join(" and ");
  return { what, by: by || null, at: changes[0]!.at };
}

/**
 * The steps of a publish as organisers know them (issue 41), in the order they run: every `::step` name of the
 * build (scripts/build.ts, scripts/postbuild.ts's STEPS) and the publisher's own (server/publish/publisher.ts).
 * A step not listed here (a new one) belongs to the group of the step before it.
 */
export const STEP_GROUPS = [
  { name: "Programme changes", steps: ["programme"] },
  { name: "Pictures", steps: ["images"] },
  {
    name: "Pages",
    steps: [
      // "code and pages" compiles the code too; "pages" reuses the live build's (only content changed, issue 52).
      "code and pages",
      "pages",
      "hydrate-after-load",
      "headers and CSP",
      "sitemap",
      "search index",
      "checkout data",
      "calendar",
      "feed",
      "agenda data",
      "share images",
    ],
  },
  { name: "Offline copy", steps: ["service worker", "precompress"] },
  { name: "Checks", steps: ["build info", "store"] },
  { name: "Going live", steps: ["switch", "push"] },
] as const;

/** What each step does, in people's words (the publish page shows the one running, issue 52). */
const STEP_WORDS: Readonly<Record<string, string>> = {
  programme: "Recording the programme changes",
  images: "Preparing the pictures",
  "code and pages": "Building the site's code and pages (the code changed: this takes longer)",
  pages: "Making the pages with the new content",
  "share images": "Drawing the share pictures",
  "service worker": "Updating the offline copy",
  precompress: "Compressing the files",
  "build info": "Checking the new version",
  store: "Checking the new version",
  switch: "Going live",
  push: "Saving the content to its repository",
};

/** The step a job is running, in people's words: its own, else its group's ("Pages"); null when none runs. */
export function runningStep(steps: readonly PublishStep[]): string | null {
  const step = steps.findLast((s) => s.state === "running");
  if (!step) return null;
  if (STEP_WORDS[step.name]) return STEP_WORDS[step.name]!;
  const group = groupSteps(steps.slice(0, steps.indexOf(step) + 1)).findLast((g) => g.state === "running");
  return group ? `${group.name}: finishing` : null;
}

export type StepGroupName = (typeof STEP_GROUPS)[number]["name"];
export interface StepGroup {
  name: StepGroupName;
  /** "waiting": not reached (yet, or the publish stopped before it). */
  state: PublishStep["state"] | "waiting";
}

/** A publish's steps as the few groups of STEP_GROUPS, each done, running, failed or waiting. */
export function groupSteps(steps: readonly PublishStep[]): StepGroup[] {
  const states = new Map<StepGroupName, PublishStep["state"][]>();
  let group: StepGroupName = STEP_GROUPS[1].name;
  for (const step of steps) {
    group = STEP_GROUPS.find((g) => (g.steps as readonly string[]).includes(step.name))?.name ?? group;
    states.set(group, [...(states.get(group) ?? []), step.state]);
  }
  return STEP_GROUPS.map(({ name }) => {
    const seen = states.get(name) ?? [];
    const state = seen.includes("failed")
      ? "failed"
      : seen.includes("running")
        ? "running"
        : seen.length
          ? "done"
          : "waiting";
    return { name, state };
  });
}
