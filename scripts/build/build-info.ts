/**
 * BUILD_OUTPUTS.buildInfo (build/build.json): which build this is (issue 31). Written last, so a folder with it is a complete build; the
 * server reports it at /healthz and publishes, keeps and rolls back builds by its id.
 *
 * Its content commit is BUILD_CONTENT_COMMIT when set: a publish takes the content's HEAD when it starts, before
 * the build reads a file (server/publish/publisher.ts), so a save during the build is not claimed as published
 * (issue 39). Set but empty: the content is not in a git working copy. Unset (`npm run build`): HEAD now.
 */
import { CONTENT_DIR } from "../../app/content/settings.server";
import { newBuildId } from "../../app/lib/admin/publish";
import { BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import { headCommitSync } from "../../server/git";
import { buildSettings } from "./build-env";
import { writeOutput, type BuildStep } from "./files";

/** The content's commit (git HEAD of the folder the content came from), or null outside a git working copy. */
export function contentCommit(dir = CONTENT_DIR): string | null {
  return headCommitSync(dir);
}

/** The commit the build records: BUILD_CONTENT_COMMIT as the publish took it, else the content's HEAD. */
export function recordedCommit(env?: Record<string, string | undefined>): string | null {
  const given = buildSettings(env).contentCommit;
  if (given === undefined) return contentCommit();
  if (given === "") return null;
  if (!/^[0-9a-f]{7,64}$/.test(given)) throw new Error(`BUILD_CONTENT_COMMIT is not a git commit: ${given}`);
  return given;
}

export const buildInfoStep: BuildStep = {
  name: "build info",
  async run(ctx) {
    const info = {
      id: buildSettings().id || newBuildId(),
      builtAt: new Date().toISOString(),
      commit: recordedCommit(),
    };
    await writeOutput(ctx.buildDir, BUILD_OUTPUTS.buildInfo, info, 2);
    return `build info: ${info.id}${info.commit ? ` (content at ${info.commit.slice(0, 10)})` : ""}`;
  },
};
