/** The browser side of `/api/admin/*` (app/routes/admin.tsx): JSON in and out, the error message kept. */

export type ApiResult<T> =
  { ok: true; status: number; data: T } | { ok: false; status: number; error: string; data?: unknown };

export async function adminApi<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await fetch(`/api/admin${path}`, {
      method: init.method ?? "GET",
      credentials: "same-origin",
      headers: init.body === undefined ? undefined : { "Content-Type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    return { ok: false, status: 0, error: "The server could not be reached. Check the connection and try again." };
  }
  const data: unknown = res.status === 204 ? null : await res.json().catch(() => null);
  if (res.ok) return { ok: true, status: res.status, data: data as T };
  const error = (data as { error?: string } | null)?.error ?? `The server answered ${res.status}.`;
  return { ok: false, status: res.status, error, data };
}

export interface SubmissionRow {
  id: number;
  kind: string;
  status: string;
  email: string | null;
  data: Record<string, string>;
  page: string | null;
  createdAt: string;
  handledAt: string | null;
}

export interface PageOf<T> {
  items: T[];
  page: number;
  pageCount: number;
  total: number;
}

export interface OrderRow {
  id: number;
  stripeSessionId: string;
  tokenId: string | null;
  amountMinor: number;
  currency: string;
  email: string | null;
  name: string | null;
  status: string;
  createdAt: string;
}
