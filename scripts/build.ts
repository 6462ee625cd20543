/**
 * `npm run build`: the whole build, one named step after another, each announced on stdout as `::step <name>`
 * (a publish shows them live to the organiser, server/publish/publisher.ts): images, pages (`react-router
 * build` pre-renders every route from the content), then scripts/postbuild.ts's steps. Each phase runs in its
 * own process; the first that fails stops the build with its exit code and its message on stderr.
 *
 * BUILD_DIR (default build/) and CONTENT_DIR (default content/) build other content into another folder;
 * BUILD_ID names the build (build.json), else one is made from the time; BUILD_CONTENT_COMMIT is the content
 * commit it records (a publish's, taken when it started), else the content's HEAD at the end.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { stepLine } from "../app/lib/build-outputs";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const node = (script: string) => [process.execPath, "--import", "tsx", path.join(repo, script)];

const PHASES: { step: string | null; command: string[] }[] = [
  { step: "images", command: node("scripts/make-images.ts") },
  { step: "pages", command: [process.execPath, path.join(repo, "node_modules/@react-router/dev/bin.js"), "build"] },
  // Announces each of its own steps.
  { step: null, command: node("scripts/postbuild.ts") },
];

function run([file, ...args]: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(file!, args, { cwd: repo, stdio: "inherit" });
    child.on("error", (error) => {
      console.error(`${file}: ${error.message}`);
      resolve(1);
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

for (const phase of PHASES) {
  if (phase.step) console.log(stepLine(phase.step));
  const code = await run(phase.command);
  if (code !== 0) process.exit(code);
}
