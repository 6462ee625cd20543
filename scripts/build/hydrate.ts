/**
 * Build step: each page fetches and runs its JavaScript only once it has loaded and painted (hydrateAfterLoad),
 * and its hydration data leaves out what only static islands render (blankIslandData). The pages are then final:
 * in a content-only publish, those that changed are compressed in the background from here (./precompress.ts
 * compressAhead, issue 65).
 */
import { readFile, writeFile } from "node:fs/promises";
import { AFTER_PAINT } from "../../app/lib/after-paint";
import { ISLAND_DATA_MARK } from "../../app/lib/island-data";
import { walk, type BuildStep } from "./files";
import { compressAhead } from "./precompress";

/** The pages' data files (`.data`), which no later step rewrites either. */
const dataFiles = async (clientDir: string) => (await walk(clientDir)).filter((file) => file.endsWith(".data"));

/**
 * React Router's page bootstrap imports the route modules at once, so they and the hydration that follows
 * compete with the first paint (and Lighthouse counts every script fetched before it as render-blocking).
 * This rewrites each page so that the code is fetched only once the page has loaded and painted its first
 * content (`window.__afterPaint`, app/lib/after-paint.ts; where that script did not run, at once):
 * the module preload links move into the bootstrap (all fetched in parallel, no waterfall), then the same
 * modules are imported in the same order. The pre-rendered page is complete and readable without
 * JavaScript, and links work as plain links until hydration. Throws if the bootstrap has another shape
 * (after a React Router upgrade), so the build stops instead of shipping an untested page.
 */
export function hydrateAfterLoad(html: string): string {
  const bootstrap = /<script type="module" async="">([\s\S]*?)<\/script>/;
  const match = bootstrap.exec(html);
  if (!match) throw new Error("React Router's module bootstrap script was not found");
  const marker = "// hydrate after load\n";
  const body = match[1]!;
  if (body.startsWith(marker)) return html; // already done (postbuild ran twice)
  const preloads: string[] = [];
  const withoutPreloads = html.replace(/<link rel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>/g, (_, href: string) => {
    preloads.push(href);
    return "";
  });
  const sideEffects: string[] = [];
  const named: [string, string][] = [];
  const rest = body.replace(
    /^import (?:\* as (\w+) from )?("[^"]+");\n?/gm,
    (_, name: string | undefined, url: string) => {
      if (name) named.push([name, url]);
      else sideEffects.push(url);
      return "";
    },
  );
  if (named.length === 0 || !rest.includes("__reactRouterRouteModules")) {
    throw new Error("React Router's module bootstrap has an unexpected shape: check hydrateAfterLoad");
  }
  const script =
    marker +
    `await window.${AFTER_PAINT};\n` +
    `for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));\n` +
    sideEffects.map((url) => `await import(${url});\n`).join("") +
    `const [${named.map(([name]) => name).join(", ")}] = await Promise.all([${named.map(([, url]) => `import(${url})`).join(", ")}]);\n` +
    rest.trim();
  return withoutPreloads.replace(bootstrap, () => `<script type="module" async="">${script}</script>`);
}

/** React Router's escaping of the hydration data in its inline scripts (escapeHtml in react-router). */
const escapeScript = (json: string) =>
  json.replace(/[&<>\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

/**
 * Blanks each marked island data string (app/lib/island-data.ts) in the page's hydration data: the turbo-stream
 * lines React Router writes into the page with `streamController.enqueue("…")`. A line is a JSON array of
 * values (objects refer to other entries by index), so emptying one string keeps every index as it was.
 * The `.data` files, which client-side navigations read, keep the data. Throws if a mark is left (React
 * Router changed how it writes the data), so the build stops rather than ship the data twice.
 */
export function blankIslandData(html: string): { html: string; bytes: number } {
  let bytes = 0;
  const out = html.replace(
    /(window\.__reactRouterContext\.streamController\.enqueue\()("(?:[^"\\]|\\.)*")(\);)/g,
    (call, open: string, literal: string, close: string) => {
      if (!literal.includes(ISLAND_DATA_MARK)) return call;
      const chunk = JSON.parse(literal) as string;
      const lines = chunk.split("\n").map((line) => {
        if (!line.startsWith("[") || !line.includes(ISLAND_DATA_MARK)) return line;
        const values = JSON.parse(line) as unknown[];
        return JSON.stringify(
          values.map((value) => {
            if (typeof value !== "string" || !value.startsWith(ISLAND_DATA_MARK)) return value;
            bytes += value.length - ISLAND_DATA_MARK.length;
            return ISLAND_DATA_MARK;
          }),
        );
      });
      return open + escapeScript(JSON.stringify(lines.join("\n"))) + close;
    },
  );
  if (new RegExp(`${ISLAND_DATA_MARK}[^"\\\\]`).test(out)) {
    throw new Error(`island data (${ISLAND_DATA_MARK}…) was left in the page's hydration data: check blankIslandData`);
  }
  return { html: out, bytes };
}

export const hydrateStep: BuildStep = {
  name: "hydrate-after-load",
  async run({ pages, clientDir, live }) {
    let blanked = 0;
    for (const { file } of pages) {
      const { html, bytes } = blankIslandData(hydrateAfterLoad(await readFile(file, "utf8")));
      blanked += bytes;
      await writeFile(file, html);
    }
    // The pages are final: in a content-only publish, the new ones are compressed while the next steps run.
    if (live) compressAhead(clientDir, live, [...pages.map((p) => p.file), ...(await dataFiles(clientDir))]);
    return `hydrate-after-load: ${pages.length} pages; island data left out of their hydration data: ${(blanked / 1024).toFixed(1)} KiB`;
  },
};
