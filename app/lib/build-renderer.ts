/**
 * build/renderer/ (scripts/build/renderer.ts): the pre-rendering's server bundle, kept after `react-router build`
 * with `code.json`, the version of the code it was built from (scripts/build/code-version.ts), and `runner`,
 * scripts/build/render-pages.ts as plain JavaScript. A content-only publish renders the new content's pages with
 * the live build's renderer instead of compiling the code again (issue 52). Never served: only build/client is.
 *
 * Part of what the build hands over (./build-outputs.ts re-exports it), in a module of its own that imports
 * nothing: scripts/build.ts starts the live build's renderer before it loads anything else (issue 65).
 */
export const RENDERER = {
  dir: "renderer",
  bundle: "server/index.js",
  code: "code.json",
  runner: "render-pages.mjs",
} as const;
