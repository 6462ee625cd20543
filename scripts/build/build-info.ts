/**
 * build/build.json: which build this is (issue 31). Written last, so a folder with it is a complete build; the
 * server reports it at /healthz and publishes, keeps and rolls back builds by its id.
 */
import { execFileSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { CONTENT_DIR } from "../../app/content/content.server";
import { BuildInfoSchema, newBuildId, type BuildInfo } from "../../app/lib/admin/publish";
import type { BuildStep } from "./files";

/** The content's commit (git HEAD of the folder the content came from), or null outside a git working copy. */
export function contentCommit(dir = CONTENT_DIR): string | null {
  try {
    return execFileSync("git", ["-C", dir, "rev-parse", "HEAD"], { encoding: "utf8", stdio: "pipe" }).trim() || null;
  } catch {
    return null;
  }
}

export const buildInfoStep: BuildStep = {
  name: "build info",
  async run(ctx) {
    const info: BuildInfo = BuildInfoSchema.parse({
      id: process.env.BUILD_ID || newBuildId(),
      builtAt: new Date().toISOString(),
      commit: contentCommit(),
    });
    await writeFile(path.join(ctx.buildDir, "build.json"), JSON.stringify(info, null, 2) + "\n");
    return `build info: ${info.id}${info.commit ? ` (content at ${info.commit.slice(0, 10)})` : ""}`;
  },
};
