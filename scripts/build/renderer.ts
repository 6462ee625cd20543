/**
 * The content-only publish (issue 52). `react-router build` compiles the code, then pre-renders every page with
 * a server bundle it deletes afterwards (ssr: false). vite.config.ts keeps that bundle as build/renderer/
 * (app/lib/build-outputs.ts RENDERER), and scripts/build.ts the code's version beside it; when a publish's changes are
 * all content and pictures (./code-version.ts), renderPages makes the same pages from the live build's scripts
 * and renderer instead of compiling again: the scripts copied, public/ copied as Vite copies it, every page and
 * its data rendered as React Router's pre-rendering does (the same requests to the same handler, so the same
 * bytes; a test compares the two builds file by file).
 */
import { spawn } from "node:child_process";
import { cp, mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { RouteObject } from "react-router";
import { RENDERER, stepLine } from "../../app/lib/build-outputs";
import { isMain } from "../is-main";
import { buildDirectory } from "./files";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** A route of the server bundle's manifest (React Router's ServerBuild["routes"]). */
interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: { default?: unknown; ErrorBoundary?: unknown };
}

/** The manifest as a route tree (React Router's createPrerenderRoutes). */
function routeTree(routes: Record<string, ManifestRoute>, parentId = ""): RouteObject[] {
  return Object.values(routes)
    .filter((r) => (r.parentId ?? "") === parentId)
    .map(({ id, path, index, caseSensitive }) =>
      index
        ? { id, path, caseSensitive, index: true as const }
        : { id, path, caseSensitive, children: routeTree(routes, id) },
    );
}

/** The paths without parameters (React Router's getStaticPaths for the config's `prerender`). */
export function staticPaths(tree: readonly RouteObject[]): string[] {
  const paths = ["/"];
  const walk = (nodes: readonly RouteObject[], prefix: string) => {
    for (const node of nodes) {
      const full = [prefix, node.path].join("/").replace(/\/\/+/g, "/");
      if (node.path && !node.path.split("/").some((s) => s.startsWith(":") || s === "*")) paths.push(full);
      if (node.children) walk(node.children, full);
    }
  };
  walk(tree, "");
  return paths.map((p) => p.replace(/\/\/+/g, "/").replace(/(.+)\/$/, "$1"));
}

/** Why the live build's code cannot make the pages: scripts/build.ts then compiles it. */
export class CannotReuse extends Error {}

/**
 * Copies the live build's scripts and renderer into buildDir and loads the renderer; answers what renders
 * buildDir/client's pages once the pictures are made (public/ is copied then, with the new pictures' variants).
 * The bundle reads the content as the server's pages do (CONTENT_DIR, app/content/content.server.ts).
 */
export async function loadRenderer(buildDir: string, liveDir: string): Promise<() => Promise<string>> {
  const client = path.join(buildDir, "client");
  const renderer = path.join(buildDir, RENDERER.dir);
  await rm(client, { recursive: true, force: true });
  await rm(renderer, { recursive: true, force: true });
  await cp(path.join(liveDir, "client", "assets"), path.join(client, "assets"), { recursive: true });
  await cp(path.join(liveDir, RENDERER.dir), renderer, { recursive: true });

  // As React Router's build sets it while it pre-renders.
  process.env.IS_RR_BUILD_REQUEST = "yes";
  const build = (await import(pathToFileURL(path.join(renderer, RENDERER.bundle)).href)) as {
    routes: Record<string, ManifestRoute>;
    assets: { routes: Record<string, { hasLoader?: boolean }> };
  };
  const { createRequestHandler, matchRoutes } = await import("react-router");
  const handler = createRequestHandler(build as never, "production");
  const tree = routeTree(build.routes);
  const config = (await import("../../react-router.config")).default;

  const write = async (urlPath: string, body: string) => {
    const file = path.join(client, ...urlPath.split("/"));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body);
  };
  const ask = async (url: string, init?: RequestInit) => {
    const response = await handler(new Request(`http://localhost${url}`, init));
    return { status: response.status, body: await response.text() };
  };

  return async () => {
    await cp(path.join(repo, "public"), client, { recursive: true });
    // The paths only now: the content may name a picture the images step has just made.
    const paths = await config.prerender({ getStaticPaths: () => staticPaths(tree) });
    for (const page of paths) {
      const matches = matchRoutes(tree, `/${page}/`.replace(/^\/\/+/, "/"));
      if (!matches) continue;
      const leaf = build.routes[matches.at(-1)!.route.id!]!;
      if (!leaf.module.default && !leaf.module.ErrorBoundary)
        throw new CannotReuse(`${page} is a resource route: the full build pre-renders those`);
      let init: RequestInit | undefined;
      if (matches.some((m) => build.assets.routes[m.route.id!]?.hasLoader)) {
        const dataPath = page === "/" ? "/_root.data" : `${page.replace(/\/$/, "")}.data`;
        const data = await ask(dataPath);
        if (data.status !== 200 && data.status !== 202)
          throw new Error(`Prerender (data): ${page} answered ${data.status}`);
        await write(dataPath, data.body);
        init = { headers: { "X-React-Router-Prerender-Data": encodeURI(data.body) } };
      }
      const htmlPath = `${page}/`.replace(/\/\/+/g, "/");
      const html = await ask(htmlPath, init);
      if ([301, 302, 303, 307, 308].includes(html.status))
        throw new CannotReuse(`${page} redirects: the full build pre-renders redirects`);
      if (html.status !== 200) throw new Error(`Prerender (html): ${page} answered ${html.status}\n${html.body}`);
      await write(`${htmlPath}index.html`, html.body);
    }
    // The SPA fallback (/admin and the other pages rendered in the browser), as React Router's SPA mode makes it.
    const fallback = await ask("/", { headers: { "X-React-Router-SPA-Mode": "yes" } });
    if (fallback.status !== 200) throw new Error(`Prerender (html): the SPA fallback answered ${fallback.status}`);
    await write("/__spa-fallback.html", fallback.body);
    return `pages: ${paths.length} rendered with the live build's code`;
  };
}

/** The exit code of a renderer that cannot make these pages (CannotReuse). */
const REUSE_REFUSED = 75;

/**
 * The whole content-only build (no compile): the pictures, the pages from the live build's code, then the same
 * steps as every build (scripts/postbuild.ts). The renderer loads in a child process (this file) while the
 * pictures are made here, and renders while the steps' own code loads here: two cores, both busy. Throws
 * CannotReuse when the live build's code cannot make these pages (scripts/build.ts then compiles).
 */
export async function contentOnlyBuild(liveDir: string): Promise<void> {
  // As `vite build` sets it: React's production code renders the pages (the same HTML, in a fraction of the time).
  process.env.NODE_ENV ||= "production";
  console.log(stepLine("images"));
  const child = spawn(
    process.execPath,
    ["--import", "tsx", fileURLToPath(import.meta.url), buildDirectory(repo), liveDir],
    { stdio: ["pipe", "inherit", "inherit"] },
  );
  // A renderer that stopped early has its say on stderr; writing to it then is no second fault.
  child.stdin!.on("error", () => {});
  const exited = new Promise<number>((resolve) => {
    child.on("error", () => resolve(1));
    child.on("exit", (code) => resolve(code ?? 1));
  });
  try {
    const { makeImagesNow } = await import("../make-images");
    console.log(await makeImagesNow());
  } catch (error) {
    child.kill();
    throw error;
  }
  console.log(stepLine("pages"));
  child.stdin!.end("render\n");
  const { postbuildNow } = await import("../postbuild");
  const code = await exited;
  if (code === REUSE_REFUSED) throw new CannotReuse("the live build's code cannot make these pages");
  if (code !== 0) throw new Error("the pages could not be made (the reason is above)");
  console.log(await postbuildNow());
}

// The renderer's process: loads, waits for the pictures (a line on stdin), renders.
if (isMain(import.meta.url)) {
  const [buildDir, liveDir] = process.argv.slice(2) as [string, string];
  try {
    const render = await loadRenderer(buildDir, liveDir);
    const go = await new Promise<boolean>((resolve) => {
      process.stdin.once("data", () => resolve(true));
      process.stdin.once("end", () => resolve(false));
    });
    if (go) console.log(await render());
    else process.exitCode = 1;
  } catch (error) {
    console.error(`The build failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = error instanceof CannotReuse ? REUSE_REFUSED : 1;
  }
}
