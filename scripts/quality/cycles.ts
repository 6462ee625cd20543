/**
 * Import cycles and features in each other's rooms (issue 55), part of `npm test`:
 * 1. No import cycle between modules of server/, app/ and scripts/, type-only imports counted (a type in the
 *    wrong file is a cycle too; madge reads `import type` as an import).
 * 2. No two top-level folders of server/ (its features and shared rooms: door, attendees, alerts,
 *    announcements, tickets, orders, admin ...) import each other both ways: a helper two features share lives
 *    in a neutral module (db/, mail/, server/*.ts, app/lib/), never in one of the two.
 *    Tests are left out of this one (a test may drive two features).
 * Prints each problem and exits 1; takes a few seconds.
 */
import madge from "madge";
import { isMain } from "../is-main";

export interface Graph {
  [file: string]: string[];
}

/** The folder a server module belongs to (`server/door`), or null for server/*.ts, tests and other trees. */
export function featureOf(file: string): string | null {
  if (/\.test\.tsx?$/.test(file)) return null;
  const m = /^server\/([^/]+)\//.exec(file);
  return m ? `server/${m[1]}` : null;
}

/** Every pair of folders that import each other, each as "a <-> b: a file imports b's; b's file imports a's". */
export function folderCircles(graph: Graph): string[] {
  const edges = new Map<string, Map<string, string>>();
  for (const [from, tos] of Object.entries(graph)) {
    const a = featureOf(from);
    if (!a) continue;
    for (const to of tos) {
      const b = featureOf(to);
      if (!b || a === b) continue;
      const out = edges.get(a) ?? new Map<string, string>();
      if (!out.has(b)) out.set(b, `${from} imports ${to}`);
      edges.set(a, out);
    }
  }
  const problems: string[] = [];
  for (const [a, out] of edges)
    for (const [b, why] of out)
      if (a < b && edges.get(b)?.has(a)) problems.push(`${a} <-> ${b}: ${why}; ${edges.get(b)!.get(a)}`);
  return problems;
}

export async function importGraph(roots = ["server", "app", "scripts"]): Promise<{ graph: Graph; cycles: string[][] }> {
  const result = await madge(roots, {
    tsConfig: "tsconfig.json",
    fileExtensions: ["ts", "tsx"],
    excludeRegExp: [/\.react-router\//, /node_modules/],
    detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
  });
  return { graph: result.obj(), cycles: result.circular() };
}

if (isMain(import.meta.url)) {
  const { graph, cycles } = await importGraph();
  const circles = folderCircles(graph);
  for (const cycle of cycles) console.error(`Import cycle: ${[...cycle, cycle[0]].join(" -> ")}`);
  for (const circle of circles) console.error(`Folders import each other both ways: ${circle}`);
  if (cycles.length || circles.length) {
    console.error(
      `${cycles.length} import cycle(s), ${circles.length} pair(s) of folders importing each other: move the shared type or helper to a neutral module (docs/CONVENTIONS.md).`,
    );
    process.exit(1);
  }
  console.log(`No import cycles in ${Object.keys(graph).length} modules; no two server folders import each other.`);
}
