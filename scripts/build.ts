/**
 * `npm run build`: the whole build, one named step after another, each announced on stdout as `::step <name>`
 * (a publish shows them live to the organiser, server/publish/publisher.ts): images, pages (`react-router
 * build` pre-renders every route from the content), then scripts/postbuild.ts's steps. Each phase runs in its
 * own process; the first that fails stops the build with its exit code and its message on stderr.
 *
 * A publish names the live build (BUILD_REUSE, its folder): when the code is the version that build was made from
 * (scripts/build/code-version.ts: only content/ and public/images/ changed), the pages are rendered with its
 * scripts and renderer (scripts/build/renderer.ts) instead of `react-router build` compiling them again (issue
 * 52); its step is then "pages", else "code and pages". That renderer is started first of all, before this
 * script loads the rest of its code (issue 65), and stopped if the code turns out to be another version.
 *
 * BUILD_DIR (default build/) and CONTENT_DIR (default content/) build other content into another folder;
 * BUILD_ID names the build (build.json), else one is made from the time; BUILD_CONTENT_COMMIT is the content
 * commit it records (a publish's, taken when it started), else the content's HEAD at the end. BUILD_WAIT=1
 * has the build load first and take those two on stdin (below).
 */
import { spawn } from "node:child_process";
import { readFileSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
// Only what starts the live build's renderer, loaded first: the rest (schemas and all) once it runs.
import { RENDERER } from "../app/lib/build-renderer";
import { buildEnv, buildSettings } from "./build/build-env";
import { codeVersion } from "./build/code-version";
import { buildDirectory } from "./build/files";
import { startPages } from "./build/renderer";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** All of a stream, as text. */
async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let all = "";
  for await (const chunk of stream) all += String(chunk);
  return all;
}
const node = (script: string) => [process.execPath, "--import", "tsx", path.join(repo, script)];

/** The live build's renderer, loading its page code while this process works out whether it may (see above). */
const settings = buildSettings();
const pages = settings.reuse ? await startPages(settings.reuse) : null;
const { buildStartOf, stepLine } = await import("../app/lib/build-outputs");

/**
 * BUILD_WAIT (a publish's build started ahead of the press, issue 65): the renderer loads its page code and this
 * process the steps' code while the organiser reads the Publish page; the publish then writes one line on stdin
 * (buildStartLine: BUILD_ID and BUILD_CONTENT_COMMIT) and closes it, and the build runs as any other. Stdin
 * closed with no line (the server stopped, or no publish came): nothing is built.
 */
if (settings.wait) {
  const preload = Promise.all([
    import("./build/renderer"),
    import("./make-images"),
    // The content read, and a card drawn: after the press, the code that does them again is warm.
    import("./postbuild").then(({ contentNow }) => contentNow()),
    import("./build/share-images").then(({ warmShareCards }) => warmShareCards()),
    import("../app/routes"),
    import("../react-router.config"),
  ]).catch(() => {}); // the build's own import reports a failure, in its step
  const start = buildStartOf(await text(process.stdin));
  if (!start) {
    await pages?.stop();
    // Its folder too, now empty (never one with anything in it).
    try {
      rmdirSync(buildDirectory(repo));
    } catch {
      // not empty, or gone
    }
    process.exit(0);
  }
  Object.assign(process.env, start);
  await preload;
}

/** The code's version now, kept with the renderer, which a later publish's build compares with its own. */
const version = codeVersion(repo, buildEnv(repo));
const renderer = path.join(buildDirectory(repo), RENDERER.dir);

/** The live build's folder when its code is this version (its renderer can render the new content), else null. */
function reusable(live: string | undefined): string | null {
  if (!live || !version) return null;
  try {
    const kept = JSON.parse(readFileSync(path.join(live, RENDERER.dir, RENDERER.code), "utf8")) as { version?: string };
    return kept.version === version ? live : null;
  } catch {
    return null;
  }
}

const compile = {
  step: "code and pages",
  command: [process.execPath, path.join(repo, "node_modules/@react-router/dev/bin.js"), "build"],
};

function run([file, ...args]: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(file!, args, {
      cwd: repo,
      stdio: "inherit",
      // Where the compile keeps its renderer (vite.config.ts keepRenderer).
      env: { ...process.env, BUILD_KEEP_RENDERER: path.join(renderer, path.dirname(RENDERER.bundle)) },
    });
    child.on("error", (error) => {
      console.error(`${file}: ${error.message}`);
      resolve(1);
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const PHASES: { step: string | null; command: string[] }[] = [
  { step: "images", command: node("scripts/make-images.ts") },
  compile,
  // Announces each of its own steps.
  { step: null, command: node("scripts/postbuild.ts") },
];

const live = reusable(settings.reuse);
if (!live || !pages) await pages?.stop();
else {
  const { contentOnlyBuild, CannotReuse } = await import("./build/renderer");
  try {
    await contentOnlyBuild(live, pages);
    process.exit(0);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!(error instanceof CannotReuse)) {
      console.error(`The build failed: ${message}`);
      process.exit(1);
    }
    // The live build's code could not make these pages after all: compiled as any other change.
    console.log(`pages: ${message}; compiling the code`);
  }
}

for (const phase of PHASES) {
  if (phase.step) console.log(stepLine(phase.step));
  const code = await run(phase.command);
  if (code !== 0) process.exit(code);
  // Beside the renderer the compile kept, the code's version (none without git: no publish reuses this build),
  // and the script a content-only publish renders the pages with.
  if (phase === compile) {
    const file = path.join(renderer, RENDERER.code);
    rmSync(file, { force: true });
    if (version) writeFileSync(file, JSON.stringify({ version }));
    const { writeRunner } = await import("./build/renderer");
    await writeRunner(path.join(renderer, RENDERER.runner));
  }
}
