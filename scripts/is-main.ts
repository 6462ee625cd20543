import { realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * True when the module at `moduleUrl` is the script node was started with. Compares real paths, so a
 * symlinked checkout or a folder with spaces in its name still runs the script (a plain string comparison
 * of `import.meta.url` with `process.argv[1]` silently did nothing there, and the gate passed).
 */
export function isMain(moduleUrl: string, entry: string | undefined = process.argv[1]): boolean {
  if (!entry) return false;
  try {
    return realpathSync(fileURLToPath(moduleUrl)) === realpathSync(path.resolve(entry));
  } catch {
    return false;
  }
}
