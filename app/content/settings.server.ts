// The content layer's one setting, parsed once here as server/config.ts parses the server's and
// scripts/build/build-env.ts the bundles' (VITE_*, SITE_*). The content layer runs in the build (the pages'
// loaders, scripts/postbuild.ts) and in the server's page preview, so it reads its setting itself: no caller
// hands the build's pre-rendering a folder.
import path from "node:path";

/**
 * The content folder: content/ (data only), or CONTENT_DIR for a build of other content (the browser tests' changed
 * programme, tests/e2e/changes.spec.ts; the server's publish builds the organisers' working copy, config.buildEnv).
 */
export const CONTENT_DIR = path.resolve(process.env.CONTENT_DIR || "content");
