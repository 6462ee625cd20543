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
  /** The one-time password of `oneTime`'s account (admin:add --generate), when asked for. */
  oneTimePassword?: string;
}

/**
 * `name`: the organiser's display name (admin:add --name), the author of their saves; `oneTime`: the address of
 * a second organiser given a one-time password (admin:add --generate).
 */
export async function startWorkingCopySite(
  port: number,
  prefix: string,
  name?: string,
  oneTime?: string,
): Promise<WorkingCopySite> {
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
  const oneTimePassword = oneTime
    ? /One-time password: (\S+)/.exec(
        execFileSync("npm", ["run", "-s", "admin:add", "--", oneTime, "--generate"], {
          encoding: "utf8",
          env: { ...process.env, ...env },
          stdio: ["ignore", "pipe", "inherit"],
        }),
      )?.[1]
    : undefined;
  const site = await startSite(port, { ...env, SMTP_URL: "" });
  return {
    site,
    contentDir,
    git,
    oneTimePassword,
    stop: async () => {
      await site.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
