import { readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../../build/client");

/** Every pre-rendered path of the build (each folder holding an index.html), e.g. "/speakers-detail/3". */
export function prerenderedPaths(): string[] {
  const paths: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name === "index.html") paths.push("/" + path.relative(root, dir).split(path.sep).join("/"));
    }
  };
  walk(root);
  return paths.map((p) => (p === "/" ? p : p.replace(/\/$/, ""))).sort();
}
