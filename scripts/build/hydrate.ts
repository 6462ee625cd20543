/** Build step: each page fetches and runs its JavaScript only after the load event (hydrateAfterLoad). */
import { readFile, writeFile } from "node:fs/promises";
import type { BuildStep } from "./files";

/**
 * React Router's page bootstrap imports the route modules at once, so they and the hydration that follows
 * compete with the first paint (and Lighthouse counts every script fetched before it as render-blocking).
 * This rewrites each page so that the code is fetched only after the load event and one painted frame:
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
    'await new Promise((resolve) => (document.readyState === "complete" ? resolve() : addEventListener("load", () => resolve(), { once: true })));\n' +
    "await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));\n" +
    `for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));\n` +
    sideEffects.map((url) => `await import(${url});\n`).join("") +
    `const [${named.map(([name]) => name).join(", ")}] = await Promise.all([${named.map(([, url]) => `import(${url})`).join(", ")}]);\n` +
    rest.trim();
  return withoutPreloads.replace(bootstrap, () => `<script type="module" async="">${script}</script>`);
}

export const hydrateStep: BuildStep = {
  name: "hydrate-after-load",
  async run({ pages }) {
    for (const { file } of pages) await writeFile(file, hydrateAfterLoad(await readFile(file, "utf8")));
    return `hydrate-after-load: ${pages.length} pages`;
  },
};
