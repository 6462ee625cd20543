/**
 * The live site (issue 31): the build this server serves, replaced whole when a publish or a roll back
 * switches. A switch indexes the new folder first (server/static.ts loadBuild) and then swaps one reference,
 * so a request in flight finishes on the build it started with and the next one gets the new build.
 *
 * Every server follows the database's live row (site.live): at start, then every PUBLISH_POLL_MS, it
 * compares the row with what it serves and switches, fetching the build's files first when it has none.
 */
import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import type { BuildInfo } from "../../app/lib/admin/publish";
import { BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import { safeError } from "../log-safe";
import { outputFile } from "./outputs";
import { loadBuild, type BuildIndex } from "../static";
import { addBuild, buildFolder, ensureLocal, liveRow, prune, readBuildInfo, setLive, type BuildStore } from "./queries";

/** Who switched to a build the server found newer than the live one at its start (a deploy of code): no organiser. */
export const DEPLOYED = "deploy";

export interface LiveBuild {
  /** The build folder: client/ and the files of app/lib/build-outputs.ts. */
  dir: string;
  /** build.json; null for a folder without one (the tests' small builds). */
  info: BuildInfo | null;
  index: BuildIndex;
}

/** What the server serves from; `current` changes only by a whole swap. */
export interface Site {
  readonly current: LiveBuild;
}

/** Indexes a build folder (throws with a message for the operator when it is not a usable build). */
export function openBuild(
  dir: string,
  headersFile = outputFile(dir, BUILD_OUTPUTS.headers),
  clientDir = path.join(dir, "client"),
): LiveBuild {
  return { dir, info: readBuildInfo(dir), index: loadBuild(clientDir, headersFile) };
}

/** A site that always serves one folder (tests, and a server without a database). */
export function fixedSite(build: LiveBuild): Site {
  return { current: build };
}

export interface LiveSiteOptions {
  store: BuildStore;
  /** build/: the build made by `npm run build` before this server started. */
  deployDir: string;
  pollMs: number;
  log?: (line: string) => void;
}

export class LiveSite implements Site {
  current: LiveBuild;
  private timer: NodeJS.Timeout | null = null;
  /** Switches, follows and prunes run one at a time. */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly options: LiveSiteOptions,
    initial: LiveBuild,
  ) {
    this.current = initial;
  }

  /**
   * Takes build/ in (a copy under BUILDS_DIR) and makes it live when it is new (a deploy: `npm start` built
   * it); otherwise serves the live build, so a restart never undoes a publish or a roll back.
   */
  static async open(options: LiveSiteOptions): Promise<LiveSite> {
    const { store } = options;
    const log = options.log ?? ((line: string) => console.log(line));
    await removeLeftovers(store.dir);
    const deployed = await addBuild(store, options.deployDir, "copy");
    const live = await liveRow(store.db);
    let id = deployed.id;
    // A deploy is a build newer than the live one. build/ that a publish's pruning forgot (three publishes later)
    // is taken in again as "added", but it is older than what was published since: a restart keeps the publish.
    const newer = !live || Date.parse(deployed.builtAt) > Date.parse(live.info.builtAt);
    if (!live || (deployed.added && newer)) await setLive(store.db, id, DEPLOYED);
    else id = live.info.id;
    let build: LiveBuild;
    try {
      build = openBuild(await ensureLocal(store, id));
    } catch (error) {
      log(`The live build ${id} cannot be served here (${safeError(error)}): serving ${deployed.id}.`);
      build = openBuild(buildFolder(store, deployed.id));
    }
    const site = new LiveSite(options, build);
    log(`Serving build ${build.info?.id ?? "?"}`);
    site.timer = setInterval(() => void site.follow(), options.pollMs);
    site.timer.unref();
    return site;
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => {});
    return next;
  }

  /** Build `id`, indexed and ready to swap in (fetched first when this server does not have it). */
  private async load(id: string): Promise<LiveBuild> {
    if (this.current.info?.id === id) return this.current;
    return openBuild(await ensureLocal(this.options.store, id));
  }

  private swap(build: LiveBuild) {
    if (build === this.current) return;
    this.current = build;
    (this.options.log ?? console.log)(`Serving build ${build.info?.id ?? "?"}`);
  }

  /**
   * Makes build `id` live for every server: this one at once, the others at their next look. The database row
   * and the swap happen in one turn of the queue, so a look in between cannot switch back.
   */
  publish(id: string, by: string | null): Promise<LiveBuild> {
    return this.serial(async () => {
      const build = await this.load(id);
      await setLive(this.options.store.db, id, by);
      this.swap(build);
      await prune(this.options.store, [id]);
      return build;
    });
  }

  /** Switches when the database names another live build (another server published or rolled back). */
  follow(): Promise<void> {
    return this.serial(async () => {
      const live = await liveRow(this.options.store.db);
      if (!live || live.info.id === this.current.info?.id) return;
      this.swap(await this.load(live.info.id));
      await prune(this.options.store, [live.info.id]);
    }).catch((error: unknown) => console.error(`Following the live build: ${safeError(error)}`));
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}

/** Removes what an interrupted copy, fetch or build left under BUILDS_DIR. */
export async function removeLeftovers(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) if (name.startsWith(".")) await rm(path.join(dir, name), { recursive: true, force: true });
}
