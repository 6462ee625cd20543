import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import * as inbox from "~/api/admin/inbox";
import type { SubmissionRow } from "~/api/admin/inbox";
import { moderationSchema, statusSchema } from "~/forms/admin";
import { callAdmin } from "~/lib/admin/api";
import type { AnswerOf } from "~/lib/admin/route";
import { when } from "~/lib/admin/when";
import { Pager } from "../../ui/pager";
import { Address } from "~/components/ui/address";

/** What a row is about: its subject, else the start of its message, comment or question. */
export function titleOf(row: SubmissionRow): string {
  const d = row.data;
  const text =
    d.subject ?? d.comment ?? d.question ?? d.message ?? (d.plan ? `${d.quantity ?? ""} × ${d.plan}` : row.email) ?? "";
  return text.length > 80 ? `${text.slice(0, 79)}…` : text || `#${row.id}`;
}

export function StatusBadge({ status }: { status: string }) {
  const unread = status === "new" || status === "pending";
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-sm font-semibold ${unread ? "bg-gold text-ink" : "bg-mist text-ink"}`}
    >
      {status}
    </span>
  );
}

/** Submissions as a list, one line each: what it is about, who sent it, when, its status; each opens whole. */
export function SubmissionItems({
  rows,
  label,
  open,
  selected,
  onSelect,
}: {
  rows: readonly SubmissionRow[];
  label: string;
  open: (row: SubmissionRow) => { search: string };
  /** With a selection, each row has a checkbox (the list's actions apply to the rows ticked). */
  selected?: ReadonlySet<number>;
  onSelect?: (id: number, on: boolean) => void;
}) {
  return (
    <ul className="mt-3 divide-y divide-ink/10 rounded-[var(--radius-card)] bg-paper" aria-label={label}>
      {rows.map((row) => (
        <li key={row.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-4">
          {selected && onSelect ? (
            <input
              type="checkbox"
              className="size-6 accent-ink"
              checked={selected.has(row.id)}
              onChange={(event) => onSelect(row.id, event.target.checked)}
              aria-label={`Select: ${titleOf(row)}`}
            />
          ) : null}
          <Link to={open(row)} className="min-w-48 flex-1 font-semibold break-words underline-offset-4 hover:underline">
            {titleOf(row)}
          </Link>
          <span className="text-muted">
            {row.data.name ? `${row.data.name} · ` : ""}
            <Address email={row.email} />
          </span>
          <time dateTime={row.createdAt} className="text-muted">
            {when(row.createdAt)}
          </time>
          <StatusBadge status={row.status} />
        </li>
      ))}
    </ul>
  );
}

/** What the list's bulk buttons do, per kind of row: comments are moderated, the rest handled. */
const BULK_ACTIONS: Record<"comment" | "other", { status: string; label: string; done: string }[]> = {
  comment: [
    { status: "approved", label: "Approve", done: "approved: shown on their posts" },
    { status: "rejected", label: "Reject", done: "rejected" },
  ],
  other: [
    { status: "handled", label: "Mark handled", done: "marked handled" },
    { status: "new", label: "Mark new", done: "marked new" },
  ],
};

/** Several rows' status changed at once: comments moderated, the other forms' submissions handled or new. */
function bulkRequest(rows: "comment" | "other", ids: number[], status: string) {
  if (rows === "comment") {
    const moderated = moderationSchema.shape.status.safeParse(status);
    return moderated.success ? callAdmin(inbox.setCommentStatuses, { body: { ids, status: moderated.data } }) : null;
  }
  const handled = statusSchema.shape.status.safeParse(status);
  return handled.success ? callAdmin(inbox.setSubmissionStatuses, { body: { ids, status: handled.data } }) : null;
}

/** One page of a form's submissions, newest first; several can be ticked and handled (or moderated) at once. */
export function SubmissionList({
  list,
  label,
  kind,
  onChanged,
  fail,
}: {
  list: AnswerOf<typeof inbox.listSubmissions>;
  label: string;
  kind: string;
  onChanged: () => void;
  fail: (status: number, message: string) => void;
}) {
  const [params] = useSearchParams();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const open = (row: SubmissionRow) => {
    const next = new URLSearchParams(params);
    next.set("id", String(row.id));
    return { search: `?${next}` };
  };
  const rows = kind === "comment" ? "comment" : "other";
  const onPage = list.items.filter((row) => selected.has(row.id)).map((row) => row.id);
  const select = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  async function apply(action: (typeof BULK_ACTIONS)["other"][number]) {
    const request = bulkRequest(rows, onPage, action.status);
    if (!request) return;
    setBusy(true);
    setNotice(null);
    const res = await request;
    setBusy(false);
    if (!res.ok) return fail(res.status, res.error);
    const n = res.data.items.length;
    setNotice(
      `${n} ${n === 1 ? "item" : "items"} ${action.done}.` +
        (res.data.missing.length ? ` ${res.data.missing.length} no longer exist.` : ""),
    );
    setSelected(new Set());
    onChanged();
  }

  const said = (
    <p role="status" className="mt-3 font-semibold empty:hidden">
      {notice}
    </p>
  );
  // After a bulk action empties the list (all approved, say), what was done is still said.
  if (!list.items.length)
    return (
      <>
        {said}
        <p className="mt-6">Nothing here{params.get("q") ? " for this search" : ""}.</p>
      </>
    );
  const all = onPage.length === list.items.length;
  return (
    <>
      <p className="mt-6 text-muted">
        {list.total} in all · page {list.page} of {list.pageCount}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <label className="inline-flex min-h-11 items-center gap-2 font-semibold">
          <input
            type="checkbox"
            className="size-6 accent-ink"
            checked={all}
            onChange={() => setSelected(all ? new Set() : new Set(list.items.map((row) => row.id)))}
          />
          Select all on this page
        </label>
        {BULK_ACTIONS[rows].map((action) => (
          <button
            key={action.status}
            type="button"
            className="btn btn-outline"
            disabled={busy || onPage.length === 0}
            onClick={() => void apply(action)}
          >
            {action.label}
            {onPage.length ? ` (${onPage.length})` : ""}
            <span className="sr-only"> selected</span>
          </button>
        ))}
      </div>
      {said}
      <SubmissionItems rows={list.items} label={label} open={open} selected={selected} onSelect={select} />
      <Pager page={list.page} pageCount={list.pageCount} label={`${label}: pages`} />
    </>
  );
}
