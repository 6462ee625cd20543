/**
 * The build's one pipeline after `react-router build` pre-renders the pages (see package.json "build"): the
 * named steps under scripts/build/, in order. A new build step goes in its own file there and in STEPS
 * below, before the service worker (which precaches the final files) and precompress (so every file the
 * steps write gets its `.br` and `.gz` copies); build.json is written last, once the build is whole.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getContent } from "../app/content/content.server";
import type { Content } from "../app/content/schemas";
import { stepLine } from "../app/lib/build-outputs";
import { buildEnv } from "./build/build-env";
import { buildInfoStep } from "./build/build-info";
import { agendaDataStep, calendarStep, checkoutDataStep, feedStep, serviceWorkerStep } from "./build/content-steps";
import { buildDirectory, findPages, type BuildStep } from "./build/files";
import { headersStep } from "./build/headers";
import { hydrateStep } from "./build/hydrate";
import { precompressStep } from "./build/precompress";
import { searchIndexStep } from "./build/search-index";
import { shareImagesStep } from "./build/share-images";
import { normalizeSiteUrl, sitemapStep } from "./build/sitemap";
import { isMain } from "./is-main";

export const STEPS: readonly BuildStep[] = [
  hydrateStep, // rewrites the pages: before anything hashes or reads them
  headersStep, // build/headers.json, _headers, 404.html
  sitemapStep, // sitemap.xml, robots.txt
  searchIndexStep, // search-index.json
  checkoutDataStep, // build/checkout.json
  calendarStep, // calendar/*.ics, schedule.ics, schedule.json
  feedStep, // blog/feed.xml, changes/feed.xml
  agendaDataStep, // the agenda sessions (for /api/agenda.ics), schedule-version.json
  shareImagesStep, // images/og/*.jpg (cached in .generated/og)
  serviceWorkerStep, // sw.js over the final pages and files, the precache summary
  precompressStep, // .br and .gz of everything above
  buildInfoStep, // last: build/build.json (its id, time and commit) says the build is complete
];

/** Runs the steps on buildDir; returns their summaries, one line each. */
export async function postbuild(
  buildDir: string,
  env: Record<string, string | undefined>,
  content?: Content,
  steps: readonly BuildStep[] = STEPS,
  onStep: (name: string) => void = () => {},
  live?: string,
): Promise<string> {
  const clientDir = path.join(buildDir, "client");
  const ctx = {
    buildDir,
    clientDir,
    env,
    siteUrl: normalizeSiteUrl(env.SITE_URL),
    pages: await findPages(clientDir),
    content,
    live,
  };
  const lines: string[] = [];
  for (const step of steps) {
    onStep(step.name);
    try {
      lines.push(await step.run(ctx));
    } catch (error) {
      throw new Error(`${step.name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
  return lines.join("\n");
}

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The content now, with the pictures' manifest as the image step left it: read once per process, again only when
 * a content file or the manifest changed since (app/content/content.server.ts).
 */
export const contentNow = (): Content => getContent();

/**
 * The steps on the repository's build folder with the content now (or as `content`, read by the caller while
 * something else ran), each announced as a `::step` line. `live`: the live build a content-only publish reuses
 * the code of (scripts/build/renderer.ts), whose unchanged files' results the steps take instead of making them.
 */
export async function postbuildNow(content: Content = contentNow(), live?: string): Promise<string> {
  // The same variables Vite sees (.env, .env.production, then the environment).
  const env = buildEnv(repo);
  // Step lines: scripts/build.ts's progress, shown live during a publish.
  return postbuild(buildDirectory(repo), env, content, STEPS, (name) => console.log(stepLine(name)), live);
}

if (isMain(import.meta.url)) {
  try {
    console.log(await postbuildNow());
  } catch (error) {
    console.error(`postbuild failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
