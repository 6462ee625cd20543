/**
 * Content fields and problems in organisers' words (issue 41), shared by the loader's problem details
 * (app/content/load.ts) and the editor's form (app/components/admin/content/content-fields.tsx): a field is called
 * by its label, an entry by its one-based place and its title ("Session 2 (Morning Worship)"), and a field's
 * element id is made from its path, so a problem can link to the field it concerns.
 */

export type FieldPath = readonly (string | number)[];

/** "startTime" -> "Start time", "ticket-plans" -> "Ticket plans". */
export function labelOf(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[-_]+/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One entry of a list: "Sessions" -> "Session", "Categories" -> "Category", "FAQs" stays. */
export function singular(label: string): string {
  if (/ies$/.test(label)) return label.replace(/ies$/, "y");
  if (/(ss|us)$/.test(label) || !/s$/.test(label)) return label;
  return label.replace(/s$/, "");
}

/** What an entry is called: its title, name, question, label or caption. */
export function entryTitle(item: unknown): string | undefined {
  if (typeof item !== "object" || item === null) return undefined;
  const record = item as Record<string, unknown>;
  const named = record.title ?? record.name ?? record.question ?? record.label ?? record.caption;
  return typeof named === "string" && named.trim() ? named.trim() : undefined;
}

/** The element id of a field of the editor's form ("field-sessions-1-end"). */
export const fieldId = (path: FieldPath) => `field-${path.map(String).join("-") || "file"}`;

/** One place in a file, as a key the form and the problems share ("sessions.1.end"). */
export const pathKey = (path: FieldPath) => path.map(String).join(".");

function shown(value: unknown): string | null {
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value === "string" && value.trim() && value.length <= 40 && !/[\r\n]/.test(value)) return value;
  return null;
}

/**
 * A problem in words: "Session 2 (Morning Worship): the end, 09:00, must be after start (10:00)". `raw` is
 * the file as read (the value at the path is shown when it is short).
 */
export function inWords(path: FieldPath, raw: unknown, message: string): string {
  const entries: string[] = [];
  let field: string[] = [];
  let node: unknown = raw;
  let listKey = "";
  for (const segment of path) {
    if (typeof segment === "number") {
      node = Array.isArray(node) ? node[segment] : undefined;
      const title = entryTitle(node);
      entries.push(`${singular(labelOf(listKey || "entries"))} ${segment + 1}${title ? ` (${title})` : ""}`);
      field = [];
    } else {
      node = typeof node === "object" && node !== null ? (node as Record<string, unknown>)[segment] : undefined;
      field.push(segment);
      listKey = segment;
    }
  }
  const subject = field.length ? `the ${field.map((k) => labelOf(k).toLowerCase()).join(" ")}` : "";
  const value = subject ? shown(node) : null;
  const sentence = [subject + (value !== null ? `, ${value},` : ""), message].filter(Boolean).join(" ");
  const text = entries.length ? `${entries.join(", ")}: ${sentence}` : sentence;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
