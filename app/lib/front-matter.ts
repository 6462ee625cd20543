/**
 * A Markdown content file: a YAML front matter block between two "---" lines, then the text. One reading of
 * it for the build's loader (app/content/load.ts), the editor's form and the server's save messages.
 */
const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n([\s\S]*))?$/;

export interface FrontMatter {
  /** The block with its two "---" lines (and the line break after them): what comes before the text. */
  head: string;
  /** The YAML between the lines. */
  yaml: string;
  /** The text after the block. */
  body: string;
}

/** The parts of a Markdown file, or null when it does not start with a front matter block. */
export function splitFrontMatter(text: string): FrontMatter | null {
  const match = FRONT_MATTER.exec(text);
  if (!match) return null;
  const body = match[2] ?? "";
  return { head: text.slice(0, text.length - body.length), yaml: match[1] ?? "", body };
}
