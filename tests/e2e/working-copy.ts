/**
 * For the editor's browser tests: the production server on a git working copy of its own (CONTENT_DIR, a copy
 * of content/ committed once), its own embedded database and the organiser account of ./admin-accounts.ts.
 */
import { execFileSync } from "node:child_process";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ORGANISER } from "./admin-accounts";
import { startSite, type SiteServer } from "./forms-delivery.helpers";

export interface WorkingCopySite {
  site: SiteServer;
  /** The working copy's content folder. */
  contentDir: string;
  /** git in the working copy. */
  git: (...args: string[]) => string;
  stop: () => Promise<void>;
}

/** `name`: the organiser's display name (admin:add --name), the author of their saves. */
export async function startWorkingCopySite(port: number, prefix: string, name?: string): Promise<WorkingCopySite> {
  const dir = await mkdtemp(path.join(tmpdir(), `tncc-${prefix}-`));
  const contentDir = path.join(dir, "repo", "content");
  await cp("content", contentDir, { recursive: true });
  const git = (...args: string[]) =>
    execFileSync("git", ["-C", path.join(dir, "repo"), ...args], { encoding: "utf8" }).trim();
  git("init", "--quiet", "--initial-branch=main");
  git("add", ".");
  git("-c", "user.name=setup", "-c", "user.email=setup@example.org", "commit", "--quiet", "-m", "Content");
  const env = { DATA_DIR: path.join(dir, "data"), CONTENT_DIR: contentDir };
  execFileSync("npm", ["run", "-s", "admin:add", "--", ORGANISER.email, ...(name ? ["--name", name] : [])], {
    input: `${ORGANISER.password}\n`,
    env: { ...process.env, ...env },
    stdio: ["pipe", "ignore", "inherit"],
  });
  const site = await startSite(port, { ...env, SMTP_URL: "" });
  return {
    site,
    contentDir,
    git,
    stop: async () => {
      await site.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
