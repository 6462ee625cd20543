/**
 * The browser side of `/api/admin/*` (app/routes/admin.tsx): JSON in and out, the error message kept. `callAdmin`
 * takes a route of the contract (app/api/admin/): its path filled from `params`, its body and query typed by its
 * schemas, its answer checked by its schema, so the caller gets the answer's type without a cast.
 */
import { checked, pathOf, type AdminRoute, type AnswerOf, type BodyIn, type ParamsOf, type QueryIn } from "./route";

/** A refusal says what is wrong (`error`) and, when it concerns one field, which (`field`: the form puts it there). */
export type ApiResult<T> =
  { ok: true; status: number; data: T } | { ok: false; status: number; error: string; field?: string; data?: unknown };

type CallInput<R extends AdminRoute> = ([keyof ParamsOf<R>] extends [never]
  ? { params?: undefined }
  : { params: ParamsOf<R> }) &
  (R["body"] extends object ? { body: BodyIn<R> } : { body?: undefined }) &
  (R["query"] extends object ? { query?: QueryIn<R> } : { query?: undefined });

/** The answer's schema refused what the server sent: the page is older than the server (a deploy in between). */
const NOT_UNDERSTOOD = "The server's answer was not understood. Reload the page and try again.";

/** Calls one route of the organisers' API. */
export async function callAdmin<R extends AdminRoute>(
  route: R,
  ...[input]: Partial<CallInput<R>> extends CallInput<R> ? [CallInput<R>?] : [CallInput<R>]
): Promise<ApiResult<AnswerOf<R>>> {
  const { params, body, query } = (input ?? {}) as {
    params?: Record<string, string | number>;
    body?: unknown;
    query?: Record<string, string | number | undefined>;
  };
  let res: Response;
  try {
    res = await fetch(`/api/admin${pathOf(route.path, params, query)}`, {
      method: route.method,
      credentials: "same-origin",
      headers: body === undefined ? undefined : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, error: "The server could not be reached. Check the connection and try again." };
  }
  const data: unknown = res.status === 204 ? null : await res.json().catch(() => null);
  if (!res.ok) return { ok: false, status: res.status, error: errorOf(data, res.status), field: fieldOf(data), data };
  const answer: NonNullable<R["answer"]> | null = route.answer;
  const parsed = answer ? checked(answer, data) : undefined;
  return parsed
    ? { ok: true, status: res.status, data: parsed.data }
    : { ok: false, status: res.status, error: NOT_UNDERSTOOD, data };
}

function errorOf(data: unknown, status: number): string {
  const error = data && typeof data === "object" && "error" in data ? data.error : undefined;
  return typeof error === "string" ? error : `The server answered ${status}.`;
}

function fieldOf(data: unknown): string | undefined {
  const field = data && typeof data === "object" && "field" in data ? data.field : undefined;
  return typeof field === "string" && field ? field : undefined;
}
