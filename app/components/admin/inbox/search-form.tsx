import type { FormEvent } from "react";
import { useSearchParams } from "react-router";
import type { listSubmissions } from "~/api/admin/inbox";
import type { InboxKind } from "~/forms";
import { listQuerySchema } from "~/forms/admin";
import type { QueryIn } from "~/lib/admin/route";

const STATUSES: Record<string, [string, string][]> = {
  comment: [
    ["pending", "Pending"],
    ["approved", "Approved"],
    ["rejected", "Rejected"],
  ],
  other: [
    ["new", "New"],
    ["handled", "Handled"],
  ],
};

const input = "min-h-11 w-full rounded-xl border border-ink/15 bg-paper px-3 py-2";

/** Search text, status and date range: kept in the URL (back and forward work), page back to 1 on a new search. */
export function SearchForm({ kind }: { kind: string }) {
  const [params, setParams] = useSearchParams();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = new URLSearchParams({ tab: kind });
    for (const [name, value] of new FormData(event.currentTarget))
      if (typeof value === "string" && value) next.set(name, value);
    setParams(next);
  }

  return (
    <form
      role="search"
      aria-label="Search this list"
      onSubmit={submit}
      className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_1fr_auto] sm:items-end"
    >
      <label className="grid gap-1 font-semibold">
        Search
        <input name="q" type="search" defaultValue={params.get("q") ?? ""} className={input} />
      </label>
      <label className="grid gap-1 font-semibold">
        Status
        <select name="status" defaultValue={statusOf(kind, params) ?? "all"} className={input}>
          <option value="all">All</option>
          {(STATUSES[kind === "comment" ? "comment" : "other"] ?? []).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 font-semibold">
        From
        <input name="from" type="date" defaultValue={params.get("from") ?? ""} className={input} />
      </label>
      <label className="grid gap-1 font-semibold">
        To
        <input name="to" type="date" defaultValue={params.get("to") ?? ""} className={input} />
      </label>
      <button type="submit" className="btn btn-primary">
        Search
      </button>
    </form>
  );
}

/** The status filter: comments show the pending ones unless asked otherwise ("all": no filter). */
function statusOf(kind: string, params: URLSearchParams): string | null {
  const status = params.get("status") ?? (kind === "comment" ? "pending" : null);
  return status === "all" ? null : status;
}

/** The API query for the URL's filters: dates are whole days in the reader's time zone. */
export function listQuery(kind: InboxKind, params: URLSearchParams): QueryIn<typeof listSubmissions> {
  const query: QueryIn<typeof listSubmissions> = { kind };
  const page = params.get("page");
  const q = params.get("q");
  if (page) query.page = page;
  if (q) query.q = q;
  // A status the filter does not know (an old or edited address) lists them all.
  const status = listQuerySchema.shape.status.safeParse(statusOf(kind, params) ?? undefined);
  if (status.success && status.data) query.status = status.data;
  const day = (value: string | null, plusDays: number) => {
    if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
    const date = new Date(`${value}T00:00`);
    date.setDate(date.getDate() + plusDays);
    return Number.isNaN(date.getTime()) ? null : date.toISOString();
  };
  const from = day(params.get("from"), 0);
  const to = day(params.get("to"), 1);
  if (from) query.from = from;
  if (to) query.to = to;
  return query;
}
