// Problem lines: "content/schedule/day-02.yaml: sessions[3] (id 4).end: must be after start (10:00)", each
// with its file, field and words for the organisers' editor (issue 41); zod's issues in plain English.
import type { z } from "zod";
import { inWords } from "../lib/content-words";

/** A problem at a field of a file, for the organisers' editor: where it is, and in words (issue 41). */
export interface ProblemDetail {
  /** The problem's line, as `problems` has it. */
  line: string;
  /** The file, as problem lines name it ("content/schedule/day-01.yaml"). */
  file: string;
  /** The field in the file (entries by their zero-based place). */
  path: (string | number)[];
  /** "Session 2 (Morning Worship): the end, 09:00, must be after start (10:00)" */
  words: string;
}

export class ContentError extends Error {
  readonly problems: string[];
  /** The problems that concern one field, in words (a file-wide problem has only its line). */
  readonly details: ProblemDetail[];
  constructor(problems: string[], details: ProblemDetail[] = []) {
    super([`Content has ${problems.length} problem(s):`, ...problems].join("\n"));
    this.name = "ContentError";
    this.problems = problems;
    this.details = details;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function formatPath(segments: readonly PropertyKey[], raw: unknown): string {
  let out = "";
  let node = raw;
  for (const segment of segments) {
    if (typeof segment === "number") {
      node = Array.isArray(node) ? node[segment] : undefined;
      out += `[${segment}]`;
      const entryId = isRecord(node) ? node.id : undefined;
      if (typeof entryId === "string" || typeof entryId === "number") out += ` (id ${entryId})`;
    } else {
      node = isRecord(node) ? node[String(segment)] : undefined;
      out += out ? `.${String(segment)}` : String(segment);
    }
  }
  return out;
}

function describeValue(value: unknown): string {
  if (value === null) return "nothing";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a group of fields";
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  return String(value);
}

const EXPECTED: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "a group of fields (key: value lines)",
};

/** Plain-English messages for zod's built-in issues (schemas set their own for custom rules). */
export const errorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "is required";
      if (issue.input === null) return "is empty: fill it in";
      return `must be ${EXPECTED[issue.expected] ?? issue.expected} (got ${describeValue(issue.input)})`;
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string") return min <= 1 ? "must not be empty" : `must be at least ${min} characters`;
      if (issue.origin === "array") return `must have at least ${min} item(s)`;
      return `must be ${issue.inclusive ? "at least" : "greater than"} ${min} (got ${describeValue(issue.input)})`;
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string") return `must be at most ${max} characters`;
      if (issue.origin === "array") return `must have at most ${max} item(s)`;
      return `must be ${issue.inclusive ? "at most" : "less than"} ${max} (got ${describeValue(issue.input)})`;
    }
    case "invalid_value": {
      const options = issue.values.map((v) => (typeof v === "string" ? JSON.stringify(v) : String(v)));
      return `must be ${options.length > 1 ? "one of " : ""}${options.join(", ")} (got ${describeValue(issue.input)})`;
    }
    default:
      return undefined;
  }
};

export function issueDetails(file: string, issues: readonly z.core.$ZodIssue[], raw: unknown): ProblemDetail[] {
  return issues.flatMap((issue) => {
    const keys = issue.code === "unrecognized_keys" ? issue.keys : [undefined];
    return keys.map((key) => {
      const at = (key === undefined ? issue.path : [...issue.path, key]).filter(
        (s): s is string | number => typeof s !== "symbol",
      );
      const message = key === undefined ? issue.message : "unknown field (check the spelling)";
      return detail(file, at, raw, message);
    });
  });
}

export function detail(file: string, at: (string | number)[], raw: unknown, message: string): ProblemDetail {
  const where = formatPath(at, raw);
  return { line: `${file}: ${where ? `${where}: ` : ""}${message}`, file, path: at, words: inWords(at, raw, message) };
}

export const issueLines = (file: string, issues: readonly z.core.$ZodIssue[], raw: unknown): string[] =>
  issueDetails(file, issues, raw).map((d) => d.line);
