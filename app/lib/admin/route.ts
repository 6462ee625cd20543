/**
 * The shape of one organisers' API route (issue 64): its method, its path under `/api/admin` (with `:name`
 * parameters), the zod schemas of its JSON body, its query and its answer. The routes themselves are declared once
 * in app/api/admin/ and read by both sides: the server validates each request by them (server/admin/context.ts
 * `serve`), and the browser's `callAdmin` (./api.ts) builds the path and checks the answer by them, so neither
 * side writes a path or casts an answer.
 */
import type * as z from "zod/mini";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface AdminRoute {
  readonly method: Method;
  /** Under /api/admin: "/announcements/:id/withdraw". */
  readonly path: string;
  /** The JSON body, when the route takes one. */
  readonly body?: z.ZodMiniType;
  /** The query string's fields (all strings as sent). */
  readonly query?: z.ZodMiniType;
  /** The JSON answer of a success; `null` for a route that answers a file (a CSV, a calendar) or a stream. */
  readonly answer: z.ZodMiniType | null;
  /** The success status (default 200). */
  readonly status?: 200 | 201 | 202;
}

/** Declares a route, keeping its literal path and schemas in its type. */
export const adminRoute = <const R extends AdminRoute>(route: R): R => route;

/** The `:name` parameters of a path. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type ParamsOf<R extends AdminRoute> = { [K in ParamNames<R["path"]>]: string | number };
/** What the browser sends (before the schema's trims and defaults). */
export type BodyIn<R extends AdminRoute> = R["body"] extends z.ZodMiniType ? z.input<R["body"]> : undefined;
/** What the server's handler receives (after them). */
export type BodyOf<R extends AdminRoute> = R["body"] extends z.ZodMiniType ? z.output<R["body"]> : undefined;
export type QueryIn<R extends AdminRoute> = R["query"] extends z.ZodMiniType ? z.input<R["query"]> : undefined;
export type QueryOf<R extends AdminRoute> = R["query"] extends z.ZodMiniType ? z.output<R["query"]> : undefined;
export type AnswerOf<R extends AdminRoute> = z.output<NonNullable<R["answer"]>>;

/** `data` as `schema` reads it, or undefined when it does not match. */
export function checked<S extends z.ZodMiniType>(schema: S, data: unknown): { data: z.output<S> } | undefined {
  const parsed = schema.safeParse(data);
  return parsed.success ? { data: parsed.data } : undefined;
}

/** A route's path with its parameters filled in (each encoded), and its query. */
export function pathOf(
  path: string,
  params: Record<string, string | number> = {},
  query?: Record<string, string | number | undefined>,
): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== "") search.set(k, String(v));
  const qs = search.toString();
  return qs ? `${filled}?${qs}` : filled;
}

/**
 * A failed parse as the organiser reads it: the schema's own message where it has one, else the field named in
 * words; and the field's path ("shifts.2.start"), so a form can put the message at the field.
 */
export function bodyProblem(issues: readonly { message: string; path: readonly PropertyKey[] }[]): {
  error: string;
  field: string;
} {
  const issue = issues[0];
  const field = (issue?.path ?? []).map(String).join(".");
  const message = issue?.message ?? "";
  const generic = !message || /^(Invalid|Too (big|small)|Unrecognized|Expected)/.test(message);
  if (!generic) return { error: message, field };
  return {
    error: field ? `“${field}” is missing or not in the right form.` : "The request is not in the right form.",
    field,
  };
}
