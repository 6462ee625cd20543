/**
 * Ids and numbers the editor assigns (issue 41): a field marked `auto` in the content's schemas (a session's
 * id and number, a post's or a speaker's id) is not shown in the organisers' form; an entry saved without it
 * gets the next free one, above every value the collection has today or ever had in the content's history
 * (so a removed session's number, which shared agenda links carry, is never given to another).
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { isMap, parseDocument, type Document } from "yaml";
import type { Collection } from "../../app/content/collections";
import { splitFrontMatter } from "../../app/lib/front-matter";
import { git } from "../git";

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  auto?: boolean;
}

/** A field's place in every entry: "*" stands for each entry of a list. */
type Pattern = (string | "*")[];

/** Where a collection's schema has `auto` fields: [["id"]], [["sessions", "*", "id"], ["sessions", "*", "number"]]. */
export function autoPatterns(schema: JsonSchema, at: Pattern = []): Pattern[] {
  if (schema.auto === true && schema.type === "integer") return [at];
  if (schema.properties)
    return Object.entries(schema.properties).flatMap(([key, child]) => autoPatterns(child, [...at, key]));
  if (schema.items) return autoPatterns(schema.items, [...at, "*"]);
  return [];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The values at a pattern, with their concrete paths. */
function valuesAt(value: unknown, pattern: Pattern, at: (string | number)[] = []): [(string | number)[], unknown][] {
  if (pattern.length === 0) return [[at, value]];
  const [head, ...rest] = pattern;
  if (head === "*") return Array.isArray(value) ? value.flatMap((v, i) => valuesAt(v, rest, [...at, i])) : [];
  if (rest.length === 0) return isRecord(value) ? [[[...at, head!], value[head!]]] : [];
  return isRecord(value) ? valuesAt(value[head!], rest, [...at, head!]) : [];
}

const given = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v > 0;

function documentOf(rel: string, text: string): { doc: Document; head: string | null; body: string } | null {
  if (!rel.endsWith(".md")) return { doc: parseDocument(text), head: null, body: "" };
  const parts = splitFrontMatter(text);
  return parts ? { doc: parseDocument(parts.yaml), head: parts.head, body: parts.body } : null;
}

function plain(rel: string, text: string): unknown {
  try {
    const parsed = documentOf(rel, text);
    return parsed && !parsed.doc.errors.length ? parsed.doc.toJS({ maxAliasCount: 100 }) : null;
  } catch {
    return null;
  }
}

/** Per working copy: the highest value each pattern had in a blob (blobs never change, so this is kept). */
const seen = new Map<string, number[]>();

/** The highest value at each pattern in every version the collection's files ever had (git history). */
async function highestInHistory(dir: string, spec: string, rels: Pattern[]): Promise<number[]> {
  const log = await git(dir, ["log", "--format=", "--raw", "--no-abbrev", "--no-renames", "--", spec], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const blobs = new Map<string, string>();
  for (const line of log.split("\n")) {
    const match = /^:\d+ \d+ ([0-9a-f]{40}) ([0-9a-f]{40}) \w+\t(.+)$/.exec(line);
    if (!match) continue;
    for (const blob of [match[1]!, match[2]!]) if (!/^0+$/.test(blob)) blobs.set(blob, match[3]!);
  }
  const highest = rels.map(() => 0);
  const missing = [...blobs.keys()].filter((b) => !seen.has(b));
  if (missing.length) {
    const out = Buffer.from(
      await git(dir, ["cat-file", "--batch"], {
        input: `${missing.join("\n")}\n`,
        raw: true,
        maxBuffer: 256 * 1024 * 1024,
      }),
      "utf8",
    );
    // "<blob> blob <size>\n<size bytes>\n", one after another.
    for (let at = 0; at < out.length;) {
      const end = out.indexOf(0x0a, at);
      if (end < 0) break;
      const [blob, , size] = out.subarray(at, end).toString("latin1").split(" ");
      const text = out.subarray(end + 1, end + 1 + Number(size)).toString("utf8");
      at = end + 1 + Number(size) + 1;
      const value = plain(blobs.get(blob!) ?? "", text);
      seen.set(
        blob!,
        rels.map((p) =>
          Math.max(
            0,
            ...valuesAt(value, p)
              .map(([, v]) => v)
              .filter(given),
          ),
        ),
      );
    }
  }
  for (const blob of blobs.keys())
    seen.get(blob)?.forEach((v, i) => {
      highest[i] = Math.max(highest[i]!, v);
    });
  return highest;
}

/**
 * The text with every missing `auto` field of the schema filled (the next free whole number, never reused);
 * unchanged when nothing is missing. `dir` is the content folder (in its git working copy).
 */
export async function assignIds(
  dir: string,
  collection: Collection,
  rel: string,
  text: string,
  schema: JsonSchema,
): Promise<string> {
  const patterns = autoPatterns(schema);
  const parsed = documentOf(rel, text);
  if (!patterns.length || !parsed || parsed.doc.errors.length) return text;
  const value = plain(rel, text);
  if (value === null) return text;
  const wanted = patterns.map((p) => valuesAt(value, p).filter(([, v]) => !given(v)));
  if (wanted.every((w) => w.length === 0)) return text;

  const { files } = collection;
  const others =
    typeof files === "string"
      ? []
      : (await readdir(path.join(dir, files.folder)).catch(() => []))
          .filter((name) => name.endsWith(files.extension) && `${files.folder}/${name}` !== rel)
          .map((name) => `${files.folder}/${name}`);
  const current = await Promise.all(
    others.map(async (r) => plain(r, await readFile(path.join(dir, ...r.split("/")), "utf8").catch(() => ""))),
  );
  const spec = typeof files === "string" ? files : files.folder;
  const history = await highestInHistory(dir, spec, patterns).catch(() => patterns.map(() => 0));
  // The last pattern first: each goes in front, so the entry reads "id, number, ..." as the schema orders them.
  [...patterns.entries()].reverse().forEach(([i, pattern]) => {
    let next =
      Math.max(
        history[i]!,
        ...[value, ...current].flatMap((v) => valuesAt(v, pattern).map(([, n]) => n)).filter(given),
      ) + 1;
    for (const [at] of wanted[i]!) {
      const parent = parsed.doc.getIn(at.slice(0, -1), true);
      const key = at.at(-1)!;
      if (parent !== undefined && !isMap(parent)) continue;
      if (isMap(parent) && !parent.has(key)) parent.items.unshift(parsed.doc.createPair(key, next++));
      else parsed.doc.setIn(at, next++);
    }
  });
  const yaml = parsed.doc.toString({ lineWidth: 100 });
  return parsed.head === null ? yaml : `---\n${yaml}---\n${parsed.body}`;
}
