/**
 * The content-only publish (issue 52). `react-router build` compiles the code, then pre-renders every page with
 * a server bundle it deletes afterwards (ssr: false). vite.config.ts keeps that bundle as build/renderer/
 * (app/lib/build-outputs.ts RENDERER), and scripts/build.ts the code's version beside it; when a publish's
 * changes are all content and pictures (./code-version.ts), contentOnlyBuild makes the same pages from the live
 * build's scripts and renderer instead of compiling again: the scripts linked, public/ copied as Vite copies it,
 * every page and its data rendered as React Router's pre-rendering does (./render-pages.ts; a test compares the
 * two builds file by file). What did not change since the live build is taken from it (issue 65, decision 053:
 * pages whose data is the same, compressed copies, precache revisions; the steps see it as ctx.live).
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Content } from "../../app/content/schemas";
import { RENDERER } from "../../app/lib/build-renderer";
import { buildDirectory } from "./files";
import { linkTree } from "./live-files";
import { REUSE_REFUSED } from "./render-pages";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

interface RouteEntry {
  path?: string;
  children?: readonly RouteEntry[];
}

/** The paths without parameters (React Router's getStaticPaths for the config's `prerender`). */
export function staticPaths(tree: readonly RouteEntry[]): string[] {
  const paths = ["/"];
  const walk = (nodes: readonly RouteEntry[], prefix: string) => {
    for (const node of nodes) {
      const full = [prefix, node.path].join("/").replace(/\/\/+/g, "/");
      if (node.path && !node.path.split("/").some((s) => s.startsWith(":") || s === "*")) paths.push(full);
      if (node.children) walk(node.children, full);
    }
  };
  walk(tree, "");
  return paths.map((p) => p.replace(/\/\/+/g, "/").replace(/(.+)\/$/, "$1"));
}

/** The pages a build pre-renders: react-router.config.ts's own list, over the routes of app/routes.ts. */
async function prerenderPaths(): Promise<string[]> {
  const routes = (await import("../../app/routes")).default;
  const config = (await import("../../react-router.config")).default;
  return config.prerender({ getStaticPaths: () => staticPaths(routes) });
}

/** Why the live build's code cannot make the pages: scripts/build.ts then compiles it. */
export class CannotReuse extends Error {}

/**
 * The whole content-only build (no compile): the pictures, the pages from the live build's code, then the same
 * steps as every build (scripts/postbuild.ts). The renderer (startPages: ./render-pages.ts, the live build's
 * plain-JavaScript copy, decision 038) has been loading the page code and the content in its own process since
 * the build started; it is on the publish's longest path, so it gets the pages' list as soon as the pictures'
 * manifest is written, and only then does this process copy the files, load the steps' code and the content and
 * draw the share pictures into their cache (issue 65): both cores busy, the renderer never waiting. Throws CannotReuse when the live build's code cannot
 * make these pages (scripts/build.ts then compiles).
 */
export async function contentOnlyBuild(liveDir: string, child: PageRenderer): Promise<void> {
  const { stepLine } = await import("../../app/lib/build-outputs");
  // As `vite build` sets it: React's production code renders the pages (the same HTML, in a fraction of the time).
  process.env.NODE_ENV ||= "production";
  console.log(stepLine("images"));
  const client = path.join(buildDirectory(repo), "client");
  let content: Content;
  let postbuildNow: (content: Content, live?: string) => Promise<string>;
  let sharing: Promise<unknown> = Promise.resolve();
  try {
    const { makeImagesNow } = await import("../make-images");
    // The template's placeholder pictures are the full build's (a publish's pictures are the organisers').
    console.log(await makeImagesNow({ placeholders: false }));
    console.log(stepLine("pages"));
    // The list reads the content, with the pictures' manifest as the image step just left it.
    child.stdin!.end(`${JSON.stringify(await prerenderPaths())}\n`);
    // While the pages render: the scripts and public/ copied (no file of public/ is a page: a page the renderer
    // wrote first is kept, as the pre-rendering overwrites them in a full build), the steps' code and content.
    await Promise.all([
      // Linked: no step writes there (their compressed copies are precompress's, from the live build's).
      linkTree(path.join(liveDir, "client", "assets"), path.join(client, "assets"), (file) => /\.(br|gz)$/.test(file)),
      copyPublic(client),
    ]);
    const loaded = await import("../postbuild");
    postbuildNow = loaded.postbuildNow;
    content = loaded.contentNow();
    // Still while the pages render (this process has a core to spare): the share pictures drawn into their cache,
    // from which their step after the pages copies them. A failure is that step's to report.
    const { shareCards, writeShareImages } = await import("./share-images");
    sharing = writeShareImages(client, shareCards(content)).catch(() => {});
  } catch (error) {
    child.kill();
    throw error;
  }
  const code = await child.exited;
  await sharing;
  if (code === REUSE_REFUSED) throw new CannotReuse("the live build's code cannot make these pages");
  if (code !== 0) throw new Error("the pages could not be made (the reason is above)");
  // The live build: the steps take what did not change from it (precompressed copies, precache revisions).
  console.log(await postbuildNow(content, liveDir));
}

/**
 * public/ into the build, as Vite copies it, with the pictures' variants just made. Those (public/_img, most of
 * its bytes) are linked, not copied: the image step never writes one in place (it writes a new file and renames
 * it), and no build step writes there.
 */
async function copyPublic(client: string): Promise<void> {
  const from = path.join(repo, "public");
  const variants = path.join(from, "_img");
  await cp(from, client, { recursive: true, force: false, filter: (source) => source !== variants });
  await linkTree(variants, path.join(client, "_img"));
}

export type PageRenderer = Awaited<ReturnType<typeof startPages>> & {};

/**
 * The live build's page renderer (./render-pages.ts as plain JavaScript, RENDERER.runner) copied beside the new
 * build and started in its own process: it loads the bundle and waits for the pages' list on its stdin; the pages
 * whose data is the live build's it copies from there. scripts/build.ts starts it first of all, while it loads
 * its own code and works out the code's version (issue 65: the renderer is a publish's longest path); `stop()`
 * ends it and removes what it made when the code turns out to be another version. Null: the live build has none.
 */
export async function startPages(liveDir: string) {
  const buildDir = buildDirectory(repo);
  const client = path.join(buildDir, "client");
  const renderer = path.join(buildDir, RENDERER.dir);
  // Never the live build's own folder: this empties the new build's before anything else.
  if (path.resolve(liveDir) === buildDir || !existsSync(path.join(liveDir, RENDERER.dir, RENDERER.runner))) return null;
  await rm(client, { recursive: true, force: true });
  await rm(renderer, { recursive: true, force: true });
  // Beside the new build, inside the project: the bundle's imports resolve in node_modules.
  await cp(path.join(liveDir, RENDERER.dir), renderer, { recursive: true });
  // Made before the renderer writes in it, so that copying into it later never races the renderer to make it.
  await mkdir(client, { recursive: true });
  const runner = path.join(renderer, RENDERER.runner);
  const live = path.join(liveDir, "client");
  const child = spawn(process.execPath, [runner, path.join(renderer, RENDERER.bundle), client, live], {
    stdio: ["pipe", "inherit", "inherit"],
    // As `vite build` sets it: React's production code renders the pages (the same HTML, in a fraction of the time).
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV || "production" },
  });
  // A renderer that stopped early has its say on stderr; writing to it then is no second fault.
  child.stdin!.on("error", () => {});
  const exited = new Promise<number>((resolve) => {
    child.on("error", () => resolve(1));
    child.on("exit", (code) => resolve(code ?? 1));
  });
  const stop = async () => {
    child.kill();
    await exited;
    await rm(client, { recursive: true, force: true });
    await rm(renderer, { recursive: true, force: true });
  };
  return Object.assign(child, { exited, stop });
}

/**
 * Writes ./render-pages.ts as plain JavaScript to `file` (RENDERER.runner), beside the bundle a full build kept:
 * loaded through tsx instead, the page code's imports took a second longer on every content-only publish.
 */
export async function writeRunner(file: string): Promise<void> {
  const { build } = await import("esbuild");
  await build({
    entryPoints: [path.join(repo, "scripts/build/render-pages.ts")],
    outfile: file,
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    logLevel: "warning",
  });
}
