/**
 * The content-only publish's renderer process (issue 52, started by ./renderer.ts): loads the live build's
 * pre-rendering bundle, waits for the paths to render (one JSON line on stdin, sent once the pictures are made),
 * then writes every page and its data as React Router's pre-rendering does: the same requests to the same
 * handler, so the same bytes. Node's modules and React Router only, so it starts fast.
 *
 * Given the live build's client folder (issue 65), a page whose data (its `.data` file: every loader's answer
 * for it, the root's included) is byte for byte the live build's is not rendered again: its HTML is a copy of
 * the live build's, which the same code made from the same data (a copy, not a link: the hydrate step rewrites
 * the pages in place, and its rewriting of a page it already rewrote changes nothing). A page without data is
 * always rendered.
 *
 *   node --import tsx scripts/build/render-pages.ts <bundle (renderer/server/index.js)> <client folder> [<live client folder>]
 * Exit codes: 0 done; 75 the bundle cannot make these pages (a resource route, a redirect: compile instead);
 * 1 another failure, said on stderr.
 */
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type * as ReactRouterModule from "react-router";
import type { RouteObject } from "react-router";

type ReactRouter = typeof ReactRouterModule;
import { isMain } from "../is-main";
import { eachLimit } from "./files";

export const REUSE_REFUSED = 75;
class CannotReuse extends Error {}

/** A route of the bundle's manifest (React Router's ServerBuild["routes"]). */
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

async function renderPages(
  bundle: string,
  client: string,
  paths: readonly string[],
  live: string | undefined,
): Promise<string> {
  const build = (await import(pathToFileURL(bundle).href)) as {
    routes: Record<string, ManifestRoute>;
    assets: { routes: Record<string, { hasLoader?: boolean }> };
  };
  const { createRequestHandler, matchRoutes } = await import("react-router");
  // The bundle lists the paths it was built to pre-render and refuses any other (ssr: false): this content's
  // list instead, so a page new since (a blog post, a speaker) is rendered too.
  const handler = createRequestHandler({ ...build, prerender: [...paths] } as never, "production");
  const tree = routeTree(build.routes);
  /** Each folder made once (the pages render a few at a time: see below). */
  const folders = new Map<string, Promise<unknown>>();
  const folderOf = (file: string) => {
    const dir = path.dirname(file);
    if (!folders.has(dir)) folders.set(dir, mkdir(dir, { recursive: true }));
    return folders.get(dir)!;
  };
  const write = async (urlPath: string, body: string) => {
    const file = path.join(client, ...urlPath.split("/"));
    await folderOf(file);
    await writeFile(file, body);
  };
  const ask = async (url: string, init?: RequestInit) => {
    const response = await handler(new Request(`http://localhost${url}`, init));
    return { status: response.status, body: await response.text() };
  };

  /** The live build's page copied when its data was exactly `data` (see above): whether it was. */
  const keepLive = async (dataPath: string, data: string, htmlFile: string): Promise<boolean> => {
    if (!live) return false;
    const liveData = await readFile(path.join(live, ...dataPath.split("/"))).catch(() => null);
    if (!liveData?.equals(Buffer.from(data))) return false;
    const target = path.join(client, ...htmlFile.split("/"));
    await folderOf(target);
    return copyFile(path.join(live, ...htmlFile.split("/")), target).then(
      () => true,
      () => false,
    );
  };
  let kept = 0;

  const renderPage = async (page: string) => {
    const matches = matchRoutes(tree, `/${page}/`.replace(/^\/\/+/, "/"));
    if (!matches) return;
    const leaf = build.routes[matches.at(-1)!.route.id!]!;
    if (!leaf.module.default && !leaf.module.ErrorBoundary)
      throw new CannotReuse(`${page} is a resource route: the full build pre-renders those`);
    let init: RequestInit | undefined;
    const htmlPath = `${page}/`.replace(/\/\/+/g, "/");
    if (matches.some((m) => build.assets.routes[m.route.id!]?.hasLoader)) {
      const dataPath = page === "/" ? "/_root.data" : `${page.replace(/\/$/, "")}.data`;
      const data = await ask(dataPath);
      if (data.status !== 200 && data.status !== 202)
        throw new Error(`Prerender (data): ${page} answered ${data.status}`);
      await write(dataPath, data.body);
      if (await keepLive(dataPath, data.body, `${htmlPath}index.html`)) {
        kept++;
        return;
      }
      init = { headers: { "X-React-Router-Prerender-Data": encodeURI(data.body) } };
    }
    const html = await ask(htmlPath, init);
    if ([301, 302, 303, 307, 308].includes(html.status))
      throw new CannotReuse(`${page} redirects: the full build pre-renders redirects`);
    if (html.status !== 200) throw new Error(`Prerender (html): ${page} answered ${html.status}\n${html.body}`);
    await write(`${htmlPath}index.html`, html.body);
  };
  // A few at a time: one page renders while another's files are read and written (issue 65).
  await eachLimit(paths, 4, renderPage);
  // The SPA fallback (/admin and the other pages rendered in the browser), as React Router's SPA mode makes it.
  const fallback = await ask("/", { headers: { "X-React-Router-SPA-Mode": "yes" } });
  if (fallback.status !== 200) throw new Error(`Prerender (html): the SPA fallback answered ${fallback.status}`);
  await write("/__spa-fallback.html", fallback.body);
  return `pages: ${paths.length} made with the live build's code, ${kept} of them its own (the same data)`;
}

/**
 * Reads the content once (the root's data) and renders the home page, writing nothing, while the pictures are
 * made (or, a publish's build started ahead, while the organiser reads the Publish page): the first page then
 * waits neither for the content, which the pages' code keeps until a content file or the pictures' manifest
 * changes, nor for React's code to warm up. A failure here (a picture not made yet) is the pages' own to
 * report, after the pictures.
 */
async function warmUp([build, { createRequestHandler }]: [unknown, ReactRouter]): Promise<void> {
  const handler = createRequestHandler({ ...(build as object), prerender: ["/"] } as never, "production");
  try {
    const data = await (await handler(new Request("http://localhost/_root.data"))).text();
    const headers = { "X-React-Router-Prerender-Data": encodeURI(data) };
    await (await handler(new Request("http://localhost/", { headers }))).text();
  } catch {
    // the pages' own to report
  }
}

const [bundle, client, live] = process.argv.slice(2);
if (isMain(import.meta.url) && bundle && client) {
  // As React Router's build sets them while it pre-renders: before the page code loads.
  process.env.NODE_ENV ||= "production";
  process.env.IS_RR_BUILD_REQUEST = "yes";
  try {
    // The bundle loads while the pictures are made; the paths come once they are.
    const loading = Promise.all([import(pathToFileURL(bundle).href), import("react-router")]).then(warmUp);
    loading.catch(() => {}); // awaited below, after the paths arrive
    const line = await new Promise<string | null>((resolve) => {
      let text = "";
      process.stdin.setEncoding("utf8");
      process.stdin.on("data", (chunk: string) => (text += chunk));
      process.stdin.on("end", () => resolve(text.trim() || null));
    });
    await loading;
    if (line === null) process.exitCode = 1;
    else console.log(await renderPages(bundle, client, JSON.parse(line) as string[], live));
  } catch (error) {
    console.error(`The build failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = error instanceof CannotReuse ? REUSE_REFUSED : 1;
  }
}
