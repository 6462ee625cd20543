/**
 * The programme's changes since the live build (issue 51), for "Publish": what the Publish page lists (with who
 * would be told), the changes a publish records in the day files as the organiser's commit (undone when the
 * publish fails), and "Put it back" for a session taken out. Moved out of ./publisher.ts, which runs the build.
 */
import { readFile } from "node:fs/promises";
import type { ChangeAudience } from "../../app/lib/admin/publish";
import type { PendingPublish, ProgrammeChange } from "../../app/api/admin/publish";
import type { AgendaCalendarInput } from "../../app/lib/agenda/ics";
import { AgendaSessionsSchema, BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import { git, headCommit } from "../git";
import { lazy } from "../lazy";
import { safeError } from "../log-safe";
import { COLLECTIONS, collectionOf } from "../../app/content/collections";
import { fileLabel, RECORDED_CHANGES, type Author } from "../content";
import type { Db } from "../db/types";
import { outputFile } from "./outputs";
import { programmeDiff } from "./programme";
import { keepQuietChoices, quietSessions } from "./quiet.queries";
import type { LiveSite } from "./site";

const NOBODY: ChangeAudience = { starred: 0, email: 0, push: 0 };

/** The content tools a publish needs (development dependencies): loaded when first asked for. */
const NO_TOOLS = "Publishing needs the build tools on this server: install with `npm ci` (not `npm ci --omit=dev`).";
const contentTools = lazy(() => import("./programme-content"));

/** Who publishes: the author of the programme changes a publish records. */
export interface Organiser {
  id: number;
  email: string;
  /** Their display name. */
  name?: string | null;
}

export interface ProgrammeOptions {
  site: LiveSite;
  /** CONTENT_DIR: the folder the build reads. */
  contentDir: string;
  /** The image manifest the content is checked against. */
  imageManifest: string;
  /** Who would be told of each session's change (the alerts' subscribers): for the Publish page. */
  audience?: (numbers: number[]) => Promise<Map<number, ChangeAudience>>;
  /** Of these speakers (by id), those with an address: they are mailed of their own session's change (issue 63). */
  speakersTold?: (ids: number[]) => Promise<Set<number>>;
  /** Where "Don't announce" is kept with its change (./quiet.queries.ts); without it nothing is remembered. */
  db?: Db;
  log?: (line: string) => void;
}

/** The day files' comparison reads YAML: loaded when a publish needs it (`yaml` is a build tool, not in a production install). */
const restatedModule = lazy(() => import("./restated"));

export class ProgrammeChanges {
  constructor(private readonly options: ProgrammeOptions) {}

  /** The live build's programme (its agenda-sessions.json), or null without a live build or that file. */
  private async liveProgramme(): Promise<AgendaCalendarInput | null> {
    const dir = this.options.site.current.dir;
    try {
      return AgendaSessionsSchema.parse(
        JSON.parse(await readFile(outputFile(dir, BUILD_OUTPUTS.agendaSessions), "utf8")),
      );
    } catch {
      return null;
    }
  }

  /** The saved content's programme and the event's time zone, or what stops it from building. */
  private async contentProgramme() {
    return (await contentTools()).contentProgramme(this.options.contentDir, this.options.imageManifest);
  }

  /**
   * What "Publish" would put live now: the programme's changes with who would be told (each ticked "Don't
   * announce" when an organiser chose so for that very change before: issue 62), and the other changes.
   */
  async pending(): Promise<PendingPublish> {
    const live = await this.liveProgramme();
    const next = await this.contentProgramme().catch(() => ({ problem: NO_TOOLS }));
    if ("problem" in next) return { programme: [], files: [], problem: next.problem };
    const programme: ProgrammeChange[] = programmeDiff(live, next.programme);
    const audience = (await this.options.audience?.(programme.map((c) => c.number))) ?? new Map();
    const speakers = await this.speakersTold(live, next.programme, programme);
    const quiet = this.options.db ? await quietSessions(this.options.db, programme) : new Set<number>();
    return {
      programme: programme.map((c) => ({
        ...c,
        audience: { ...(audience.get(c.number) ?? NOBODY), speakers: speakers.get(c.number) ?? [] },
        quiet: c.kind !== "added" && c.kind !== "removed" && quiet.has(c.number),
      })),
      files: await this.savedFiles(new Set(programme.map((c) => c.number))),
      problem: null,
    };
  }

  /**
   * The names of the speakers each change would mail (issue 63, server/alerts/speakers.ts): its session's speaker
   * now and, when another took over, the one before; only those with an address. None for a new session.
   */
  private async speakersTold(
    live: AgendaCalendarInput | null,
    next: AgendaCalendarInput,
    changes: readonly ProgrammeChange[],
  ): Promise<Map<number, string[]>> {
    const was = new Map(live?.sessions.map((s) => [s.number, s]));
    const now = new Map(next.sessions.map((s) => [s.number, s]));
    const speakersOf = (number: number) =>
      [now.get(number), was.get(number)].flatMap((s) =>
        s?.speakerId === undefined ? [] : [{ id: s.speakerId, name: s.speaker ?? "" }],
      );
    const told = changes.filter((c) => c.kind !== "added");
    const ids = [...new Set(told.flatMap((c) => speakersOf(c.number).map((s) => s.id)))];
    const known = ids.length && this.options.speakersTold ? await this.options.speakersTold(ids) : new Set<number>();
    return new Map(
      told.map((c) => {
        const names = speakersOf(c.number)
          .filter((s, i, all) => known.has(s.id) && all.findIndex((o) => o.id === s.id) === i)
          .map((s) => s.name);
        return [c.number, names];
      }),
    );
  }

  /**
   * The content's files saved since the live build, in people's words (each once); a day file whose edit is all
   * in the programme changes listed (the sessions numbered in `listed`) is not listed again (issue 62).
   */
  private async savedFiles(listed: ReadonlySet<number>): Promise<string[]> {
    const since = this.options.site.current.info?.commit;
    if (!since) return [];
    const out = await git(this.options.contentDir, [
      "diff",
      "--name-only",
      "--relative",
      `${since}..HEAD`,
      "--",
      ".",
    ]).catch(() => "");
    // A day file is listed too when it holds more than the programme changes above (a title, a text).
    const dir = this.options.contentDir;
    const show = (commit: string, rel: string) =>
      git(dir, ["show", `${commit}:./${rel}`], { raw: true }).catch(() => "");
    const files = out.split("\n").filter(Boolean);
    const restated = await Promise.all(
      files.map(async (rel) =>
        collectionOf(COLLECTIONS, rel)?.[0] === "scheduleDays"
          ? (await restatedModule()).onlyProgrammeChanges(await show(since, rel), await show("HEAD", rel), listed)
          : false,
      ),
    );
    const labels = files.filter((_, i) => !restated[i]).map((rel) => fileLabel(rel));
    return [...new Set(labels)];
  }

  /**
   * Records the programme changes since the live build in the day files, but those in `quiet` (a typo fix), as
   * the organiser's commit; answers the commit, or null when there was nothing to record. The choice is kept
   * with each change (./quiet.queries.ts), so a roll back and a later publish list it as chosen.
   */
  async record(by: Organiser, quiet: ReadonlySet<number>): Promise<string | null> {
    const live = await this.liveProgramme();
    const next = await this.contentProgramme();
    if ("problem" in next) return null; // The build says what is wrong, file and field.
    const found = programmeDiff(live, next.programme);
    if (this.options.db) await keepQuietChoices(this.options.db, found, quiet, by.email);
    const changes = found.filter((c) => !quiet.has(c.number));
    if (!changes.length) return null;
    const today = new Intl.DateTimeFormat("en-CA", {
      timeZone: next.timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(new Date());
    const tools = await contentTools();
    const files = await tools.recordChanges(
      this.options.contentDir,
      changes,
      today,
      this.options.site.current.info?.commit ?? null,
    );
    if (!files.length) return null;
    const titles = [...new Set(changes.map((c) => c.title))];
    return tools.commitFile(this.options.contentDir, files, this.author(by), `${RECORDED_CHANGES}${titles.join(", ")}`);
  }

  private author(by: Organiser): Author {
    return { email: by.email, name: by.name ?? null };
  }

  /** Undoes the programme commit of a publish that failed, unless someone saved on top of it meanwhile. */
  async undo(commit: string, by: Organiser): Promise<void> {
    try {
      if ((await headCommit(this.options.contentDir, 60_000)) !== commit) return;
      await git(this.options.contentDir, [
        "-c",
        `user.name=${by.name || by.email.split("@")[0]}`,
        "-c",
        `user.email=${by.email}`,
        "revert",
        "--no-edit",
        commit,
      ]);
    } catch (error) {
      this.options.log?.(`publish: the programme changes of a failed publish stay saved: ${safeError(error)}`);
    }
  }

  /** Puts a session taken out of the programme back into its day, as it is live ("Put it back"). */
  async restoreSession(by: Organiser, number: number): Promise<{ title: string } | { error: string }> {
    const live = await this.liveProgramme();
    const session = live?.sessions.find((s) => s.number === number);
    const commit = this.options.site.current.info?.commit;
    if (!session || !commit) return { error: "That session is not in the live programme." };
    const tools = await contentTools();
    const file = await tools.restoreSession(this.options.contentDir, commit, number);
    if (!file) return { error: `${session.title} is in the programme already.` };
    await tools.commitFile(this.options.contentDir, file, this.author(by), `Put back ${session.title}`);
    return { title: session.title };
  }
}
