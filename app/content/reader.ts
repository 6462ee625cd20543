// Reading files: a content folder's files (and the changes the editor checks in place of them), parsed as YAML
// or Markdown with front matter, checked against a schema; every problem is collected, none thrown.
import fs from "node:fs";
import path from "node:path";
import { parseDocument } from "yaml";
import type { z } from "zod";
import { splitFrontMatter } from "../lib/front-matter";
import { detail, errorMap, isRecord, issueDetails, type ProblemDetail } from "./problems";

export class Reader {
  readonly problems: string[] = [];
  readonly details: ProblemDetail[] = [];
  /** Files read instead of the folder's (LoadOptions.changes), by their path with "/". */
  private readonly changes: ReadonlyMap<string, string | null>;
  constructor(
    private readonly dir: string,
    private readonly displayDir: string,
    changes: Readonly<Record<string, string | null>> = {},
  ) {
    this.changes = new Map(Object.entries(changes));
  }

  /** A file's text, the changes first; null when there is no such file. */
  private text(rel: string): string | null {
    const changed = this.changes.get(rel.split(path.sep).join("/"));
    if (changed !== undefined) return changed;
    const full = path.join(this.dir, rel);
    return fs.existsSync(full) ? fs.readFileSync(full, "utf8") : null;
  }

  /** The names in a folder, with the files the changes add to it and without those they take away. */
  private names(folder: string): string[] {
    const full = path.join(this.dir, folder);
    const names = new Set(fs.existsSync(full) ? fs.readdirSync(full) : []);
    const prefix = folder ? `${folder.split(path.sep).join("/")}/` : "";
    for (const [rel, text] of this.changes) {
      const name = rel.slice(prefix.length);
      if (!rel.startsWith(prefix) || name.includes("/")) continue;
      if (text === null) names.delete(name);
      else names.add(name);
    }
    return [...names];
  }

  display(rel: string): string {
    return path.posix.join(this.displayDir, rel.split(path.sep).join("/"));
  }

  /** Files in a folder with the given extension, sorted by name (the list order). */
  list(folder: string, extension: string): string[] {
    const names = this.names(folder)
      .filter((name) => name.endsWith(extension))
      .sort();
    if (names.length === 0) this.problems.push(`${this.display(folder)}: no ${extension} files found`);
    return names.map((name) => path.join(folder, name));
  }

  /** Parse a YAML file, or a Markdown file with YAML frontmatter (its body becomes `body`). */
  raw(rel: string): { ok: true; value: unknown } | { ok: false } {
    const file = this.display(rel);
    const source = this.text(rel);
    if (source === null) {
      this.problems.push(`${file}: file is missing`);
      return { ok: false };
    }
    let yamlSource = source;
    let body: string | undefined;
    let lineOffset = 0;
    if (rel.endsWith(".md")) {
      const parts = splitFrontMatter(source);
      if (!parts) {
        this.problems.push(`${file}: must start with a frontmatter block between two "---" lines`);
        return { ok: false };
      }
      yamlSource = parts.yaml;
      body = parts.body;
      lineOffset = 1;
    }
    const doc = parseDocument(yamlSource);
    // Report the first syntax error only: the ones after it are usually its echoes.
    const error = doc.errors[0];
    if (error) {
      const line = (error.linePos?.[0].line ?? 0) + lineOffset;
      const reason = (error.message.split("\n")[0] ?? "").replace(/ at line \d+, column \d+:?$/, "");
      this.problems.push(`${file}: line ${line}: YAML syntax error: ${reason}`);
      return { ok: false };
    }
    let value: unknown;
    try {
      value = doc.toJS();
    } catch {
      // The yaml package stops at 100 uses of an alias (`*name`): more is a resource exhaustion attack.
      this.problems.push(`${file}: too many repeated references (YAML aliases, *name): write the values out`);
      return { ok: false };
    }
    if (body === undefined) return { ok: true, value };
    return { ok: true, value: isRecord(value) ? { ...value, body } : value };
  }

  parse<S extends z.ZodType>(rel: string, schema: S): z.output<S> | undefined {
    const raw = this.raw(rel);
    if (!raw.ok) return undefined;
    const result = schema.safeParse(raw.value, { error: errorMap });
    if (result.success) return result.data;
    this.add(issueDetails(this.display(rel), result.error.issues, raw.value));
    return undefined;
  }

  /** Parse every file of a folder; `all` is false when one of them failed. */
  parseAll<S extends z.ZodType>(folder: string, extension: string, schema: S) {
    const entries: { file: string; data: z.output<S> }[] = [];
    const files = this.list(folder, extension);
    for (const rel of files) {
      const data = this.parse(rel, schema);
      if (data !== undefined) entries.push({ file: this.display(rel), data });
    }
    return { entries, all: files.length > 0 && entries.length === files.length };
  }

  /** Every YAML and Markdown file under the folder (hidden ones aside), relative with "/". */
  allFiles(rel = ""): string[] {
    const onDisk = (folder: string): string[] =>
      fs.existsSync(path.join(this.dir, folder))
        ? fs.readdirSync(path.join(this.dir, folder), { withFileTypes: true }).flatMap((entry) => {
            const child = folder ? `${folder}/${entry.name}` : entry.name;
            if (entry.name.startsWith(".")) return [];
            if (entry.isDirectory()) return onDisk(child);
            return /\.(ya?ml|md)$/.test(entry.name) ? [child] : [];
          })
        : [];
    const files = new Set(onDisk(rel));
    for (const [changed, text] of this.changes) {
      if (rel && !changed.startsWith(`${rel}/`)) continue;
      const hidden = changed.split("/").some((segment) => segment.startsWith("."));
      if (text === null) files.delete(changed);
      else if (!hidden && /\.(ya?ml|md)$/.test(changed)) files.add(changed);
    }
    return [...files];
  }

  /** Problems at fields: their lines, and their details for the editor. */
  add(details: ProblemDetail[]): void {
    this.problems.push(...details.map((d) => d.line));
    this.details.push(...details);
  }

  /** Ids must be unique across the files of a folder. */
  uniqueAcrossFiles(entries: readonly { file: string; data: { id: number } }[]): void {
    const seen = new Map<number, string>();
    for (const { file, data } of entries) {
      const first = seen.get(data.id);
      if (first === undefined) seen.set(data.id, file);
      else this.add([detail(file, ["id"], data, `duplicate id ${data.id} (also used by ${first})`)]);
    }
  }
}
