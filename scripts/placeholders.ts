/**
 * Placeholder artwork for the site, drawn as SVG in code and rendered with sharp (no downloads).
 *
 *   node --import tsx scripts/placeholders.ts                # writes only files that do not exist yet
 *   node --import tsx scripts/placeholders.ts --force        # regenerates everything
 *   node --import tsx scripts/placeholders.ts --out <dir>    # into another public folder (default public/)
 *
 * Existing files are never touched without --force, so the organisers' real photos (same file
 * name, any size) simply replace the placeholders. What is drawn (client names, speakers, how many
 * gallery, blog and session pictures) comes from content/; the drawing code is in scripts/placeholders/.
 */
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isMain } from "./is-main";
import { placeholderList, type Placeholder } from "./placeholders/list";
import { render } from "./placeholders/render";

export { placeholderList, type Placeholder } from "./placeholders/list";

export const PUBLIC_DIR = fileURLToPath(new URL("../public", import.meta.url));

export function missingPlaceholders(publicDir = PUBLIC_DIR, list = placeholderList()): Placeholder[] {
  return list.filter((item) => !existsSync(path.join(publicDir, item.file)));
}

export async function generatePlaceholders(
  options: { force?: boolean; publicDir?: string } = {},
): Promise<{ written: string[]; kept: number }> {
  const publicDir = options.publicDir ?? PUBLIC_DIR;
  const list = placeholderList();
  const todo = options.force ? list : missingPlaceholders(publicDir, list);
  const written: string[] = [];
  // Two at a time: the build machine has two cores.
  const queue = [...todo];
  const worker = async (): Promise<void> => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const target = path.join(publicDir, item.file);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, await render(item));
      written.push(item.file);
    }
  };
  await Promise.all([worker(), worker()]);
  return { written: written.sort(), kept: list.length - todo.length };
}

if (isMain(import.meta.url)) {
  const started = performance.now();
  const out = process.argv.indexOf("--out");
  const publicDir = out === -1 ? undefined : path.resolve(process.argv[out + 1] ?? ".");
  const { written, kept } = await generatePlaceholders({ force: process.argv.includes("--force"), publicDir });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`placeholders: ${written.length} written, ${kept} already present (${seconds}s)`);
}
