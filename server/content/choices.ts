/**
 * What the editor's form offers to choose from (issue 41): for a field that names another collection's entry
 * (`ref` in the content's schemas: a session's speaker, a post's category and tags), that collection's
 * entries by name; for a picture field, the pictures of public/images the image manifest knows, each with a
 * thumbnail (its smallest WebP, made by the image step).
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "yaml";
import type { Collection } from "../../app/content/collections";
import type { Choice } from "../../app/api/admin/content";
import { entryTitle } from "../../app/lib/content-words";
import { splitFrontMatter } from "../../app/lib/front-matter";

interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  ref?: string;
}

/** The collections a schema's fields name (`ref`). */
export function refsOf(schema: JsonSchema): string[] {
  const children = [
    ...Object.values(schema.properties ?? {}),
    ...(schema.items ? [schema.items] : []),
    ...(schema.anyOf ?? []),
  ];
  return [...new Set([...(schema.ref ? [schema.ref] : []), ...children.flatMap(refsOf)])];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

async function read(dir: string, rel: string): Promise<unknown> {
  try {
    const text = await readFile(path.join(dir, ...rel.split("/")), "utf8");
    return parse(rel.endsWith(".md") ? (splitFrontMatter(text)?.yaml ?? "") : text, { maxAliasCount: 100 });
  } catch {
    return null;
  }
}

/** The entries of a collection by name: a folder's files, or the list a single file holds. */
async function entries(dir: string, collection: Collection): Promise<Choice[]> {
  const { files } = collection;
  const values =
    typeof files === "string"
      ? [await read(dir, files)].flatMap((v) =>
          Array.isArray(v) ? v : isRecord(v) ? (Object.values(v).find(Array.isArray) ?? []) : [],
        )
      : await Promise.all(
          (await readdir(path.join(dir, files.folder)).catch(() => []))
            .filter((name) => name.endsWith(files.extension))
            .sort()
            .map((name) => read(dir, `${files.folder}/${name}`)),
        );
  return values.flatMap((v) =>
    isRecord(v) && (typeof v.id === "number" || typeof v.id === "string")
      ? [{ value: v.id, label: entryTitle(v) ?? String(v.id) }]
      : [],
  );
}

/** For each collection the schema names, its entries by name. */
export async function choicesFor(
  dir: string,
  collections: Record<string, Collection>,
  schema: JsonSchema,
): Promise<Record<string, Choice[]>> {
  const names = refsOf(schema).filter((name) => collections[name]);
  return Object.fromEntries(
    await Promise.all(names.map(async (name) => [name, await entries(dir, collections[name]!)] as const)),
  );
}

/** A picture's thumbnail: the first (smallest) file of its srcset, under public/ of the working copy. */
export function thumbnailFile(publicDir: string, srcset: string): string | null {
  const url = srcset.split(",")[0]?.trim().split(" ")[0] ?? "";
  if (!/^\/_img\/[a-z0-9/_.-]+\.webp$/.test(url) || url.includes("..")) return null;
  return path.join(publicDir, ...url.slice(1).split("/"));
}
