import { Link, useSearchParams } from "react-router";
import type { PageOf, SubmissionRow } from "~/lib/admin/api";
import { Pager } from "../ui/pager";

export const when = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });

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
}: {
  rows: readonly SubmissionRow[];
  label: string;
  open: (row: SubmissionRow) => { search: string };
}) {
  return (
    <ul className="mt-3 divide-y divide-ink/10 rounded-[var(--radius-card)] bg-paper" aria-label={label}>
      {rows.map((row) => (
        <li key={row.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-4">
          <Link to={open(row)} className="min-w-48 flex-1 font-semibold break-words underline-offset-4 hover:underline">
            {titleOf(row)}
          </Link>
          <span className="text-muted break-all">
            {row.data.name ? `${row.data.name} · ` : ""}
            {row.email}
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

/** One page of a form's submissions, newest first. */
export function SubmissionList({ list, label }: { list: PageOf<SubmissionRow>; label: string }) {
  const [params] = useSearchParams();
  const open = (row: SubmissionRow) => {
    const next = new URLSearchParams(params);
    next.set("id", String(row.id));
    return { search: `?${next}` };
  };
  if (!list.items.length) return <p className="mt-6">Nothing here{params.get("q") ? " for this search" : ""}.</p>;
  return (
    <>
      <p className="mt-6 text-muted">
        {list.total} in all · page {list.page} of {list.pageCount}
      </p>
      <SubmissionItems rows={list.items} label={label} open={open} />
      <Pager page={list.page} pageCount={list.pageCount} label={`${label}: pages`} />
    </>
  );
}
