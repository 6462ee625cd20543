import { Link, useSearchParams } from "react-router";
import { fieldsOf, isFormKind } from "~/forms";
import type { SubmissionRow } from "~/api/admin/inbox";
import { replyMailto } from "~/lib/mailto";
import { when } from "~/lib/admin/when";
import { StatusBadge, titleOf } from "./submission-list";

interface Props {
  row: SubmissionRow;
  /** Sets the status (handled/new; approved/rejected/pending for comments); null deletes a comment. */
  onChange: (status: string | null) => void;
  busy: boolean;
}

/** The form's own labels in its order (app/forms/<kind>.ts; jsonb keeps keys in its own order); other keys after. */
function entries(row: SubmissionRow): [string, string][] {
  const fields = isFormKind(row.kind) ? fieldsOf(row.kind) : [];
  const known = new Set(fields.map((f) => f.name));
  return [
    ...fields.filter((f) => row.data[f.name] !== undefined).map((f): [string, string] => [f.label, row.data[f.name]!]),
    ...Object.entries(row.data).filter(([name]) => !known.has(name)),
  ];
}

/** One submission whole, with its actions: mark handled or new (moderate a comment), reply by mail. */
export function SubmissionDetail({ row, onChange, busy }: Props) {
  const [params] = useSearchParams();
  const back = new URLSearchParams(params);
  back.delete("id");
  const text = row.data.message ?? row.data.question ?? row.data.comment ?? "";
  const subject = row.data.subject ?? titleOf(row);
  const actions: [string | null, string][] =
    row.kind === "comment"
      ? ([
          ["approved", "Approve"],
          ["rejected", "Reject"],
          [null, "Delete"],
        ].filter(([s]) => s !== row.status) as [string | null, string][])
      : [[row.status === "handled" ? "new" : "handled", row.status === "handled" ? "Mark as new" : "Mark as handled"]];

  return (
    <article aria-labelledby="submission-title" className="mt-6 rounded-[var(--radius-card)] bg-paper p-5 sm:p-8">
      <Link to={{ search: `?${back}` }} className="font-semibold underline underline-offset-4">
        Back to the list
      </Link>
      <h2 id="submission-title" className="mt-4 text-2xl font-semibold break-words">
        {subject}
      </h2>
      <p className="mt-2 flex flex-wrap items-center gap-3 text-muted">
        <time dateTime={row.createdAt}>{when(row.createdAt)}</time>
        <StatusBadge status={row.status} />
        {row.page ? <span>from {row.page}</span> : null}
      </p>
      <dl className="mt-6 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {entries(row).map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="font-semibold">{name}</dt>
            <dd className="break-words whitespace-pre-wrap">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-8 flex flex-wrap gap-3">
        {row.email ? (
          <a className="btn btn-primary" href={replyMailto(row.email, subject, text, new Date(row.createdAt))}>
            Reply
          </a>
        ) : null}
        {actions.map(([status, label]) => (
          <button
            key={label}
            type="button"
            className="btn btn-outline"
            disabled={busy}
            onClick={() => onChange(status)}
          >
            {label}
          </button>
        ))}
      </div>
    </article>
  );
}
