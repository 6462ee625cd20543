/**
 * The variables a build sees (VITE_*, SITE_*), as Vite's loadEnv("production", repo, prefixes) reads them for the
 * bundles: .env, .env.local, .env.production, .env.production.local (each over the one before), then the
 * environment over them all. Here rather than Vite's own, which takes a second or more to import: the content-only
 * publish (issue 52) reads them without loading Vite. `${VAR}` expansion (Vite's dotenv-expand) is not supported.
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
