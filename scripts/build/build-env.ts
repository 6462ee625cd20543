/**
 * The variables a build sees (VITE_*, SITE_*), as Vite's loadEnv("production", repo, prefixes) reads them for the
 * bundles: .env, .env.local, .env.production, .env.production.local (each over the one before), then the
 * environment over them all. Here rather than Vite's own, which takes a second or more to import: the content-only
 * publish (issue 52) reads them without loading Vite. `${VAR}` expansion (Vite's dotenv-expand) is not supported.
 *
 * And the build's own settings (`buildSettings`), which a publish or a second build sets: with server/config.ts
 * and app/content/settings.server.ts, the only modules that read the environment for a setting.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";

const PREFIXES = ["VITE_", "SITE_"];
const FILES = [".env", ".env.local", ".env.production", ".env.production.local"];

export function buildEnv(
  repo: string,
  environment: Record<string, string | undefined> = process.env,
): Record<string, string | undefined> {
  const parsed: Record<string, string | undefined> = {};
  for (const name of FILES) {
    let text: string;
    try {
      text = readFileSync(path.join(repo, name), "utf8");
    } catch {
      continue;
    }
    Object.assign(parsed, parseEnv(text));
  }
  const env: Record<string, string | undefined> = {};
  const wanted = (key: string) => PREFIXES.some((prefix) => key.startsWith(prefix));
  for (const [key, value] of Object.entries(parsed)) if (wanted(key)) env[key] = value;
  for (const [key, value] of Object.entries(environment)) if (wanted(key)) env[key] = value;
  return env;
}

/** The build's own settings: documented in scripts/build.ts, set by a publish (server/publish/build-process.ts). */
export function buildSettings(environment: Record<string, string | undefined> = process.env) {
  return {
    /** BUILD_DIR: the build's folder, relative to the repository (default build/). */
    dir: environment.BUILD_DIR || "build",
    /** BUILD_ID: the build's name (build.json), else one made from the time. */
    id: environment.BUILD_ID || undefined,
    /** BUILD_WAIT=1: the build waits for its name and commit on stdin (scripts/build.ts, a publish's). */
    wait: environment.BUILD_WAIT === "1",
    /** BUILD_REUSE: the live build's folder, whose code a content-only publish reuses. */
    reuse: environment.BUILD_REUSE || undefined,
    /** BUILD_CONTENT_COMMIT: the content commit to record ("": none; unset: the content's HEAD). */
    contentCommit: environment.BUILD_CONTENT_COMMIT,
    /** BUILD_KEEP_RENDERER: where the compile keeps the pre-rendering's bundle (scripts/build.ts sets it). */
    keepRenderer: environment.BUILD_KEEP_RENDERER || undefined,
    /** CHROME_PATH: the Chromium the checks and the bench drive (default Debian's). */
    chromePath: environment.CHROME_PATH || "/usr/bin/chromium",
    /** STRIPE_SECRET_KEY: the secret the build's check makes sure no file of the site contains. */
    stripeSecretKey: environment.STRIPE_SECRET_KEY,
  };
}
