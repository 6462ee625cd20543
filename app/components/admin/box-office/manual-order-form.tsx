import { useEffect, useRef, useState, type FormEvent } from "react";
import { issueOrder, type BoxOfficeList } from "~/api/admin/box-office";
import { callAdmin } from "~/lib/admin/api";
import type { FieldError } from "~/lib/admin/box-office";
import type { AnswerOf } from "~/lib/admin/route";

const input = "min-h-11 w-full rounded-xl border border-ink/15 bg-paper px-3 py-2";

export interface ManualOrderValues {
  plan: string;
  quantity: string;
  name: string;
  email: string;
  names: string;
  kind: "complimentary" | "door";
  amount: string;
  reason: string;
}

/**
 * Tickets issued by hand (issue 53): plan, names, e-mail, complimentary or paid at the door (with its amount).
 * A refusal is said at its field, which takes the focus; what was typed stays. Over the plan's capacity, the
 * reason field appears: with a reason it goes through (audited).
 */
export function ManualOrderForm({
  plans,
  start,
  fail,
  onDone,
}: {
  plans: BoxOfficeList["plans"];
  start?: Partial<ManualOrderValues>;
  fail: (status: number, message: string) => void;
  onDone: (answer: AnswerOf<typeof issueOrder>) => void;
}) {
  const [values, setValues] = useState<ManualOrderValues>({
    plan: plans[0]?.id ?? "",
    quantity: "1",
    name: "",
    email: "",
    names: "",
    kind: "complimentary",
    amount: "",
    reason: "",
    ...start,
  });
  const [error, setError] = useState<{ text: string; field?: string } | null>(null);
  const [needsReason, setNeedsReason] = useState(false);
  const [busy, setBusy] = useState(false);
  const general = useRef<HTMLParagraphElement>(null);
  // Opened: its first field takes the focus.
  useEffect(() => document.getElementById("manual-plan")?.focus(), []);
  useEffect(() => {
    if (!error) return;
    if (error.field) document.getElementById(`manual-${error.field}`)?.focus();
    else general.current?.focus();
  }, [error]);
  const set = (key: keyof ManualOrderValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const res = await callAdmin(issueOrder, { body: values });
    setBusy(false);
    if (res.ok) return onDone(res.data);
    if (res.status === 401) return fail(res.status, res.error);
    const data = res.data as FieldError | undefined;
    if (data?.overCapacity) setNeedsReason(true);
    setError({ text: res.error, field: res.field });
  }

  const field = (key: keyof ManualOrderValues, label: string, control: React.ReactNode, hint?: string) => {
    const wrong = error?.field === key ? error.text : null;
    return (
      <div>
        <label htmlFor={`manual-${key}`} className="font-semibold">
          {label}
        </label>
        {hint ? (
          <p id={`manual-${key}-hint`} className="text-sm text-muted">
            {hint}
          </p>
        ) : null}
        {control}
        {wrong ? (
          <p id={`manual-${key}-error`} className="text-rose">
            {wrong}
          </p>
        ) : null}
      </div>
    );
  };
  const attrs = (key: keyof ManualOrderValues, hint = false) => ({
    id: `manual-${key}`,
    name: key,
    className: input,
    value: values[key],
    onChange: set(key),
    "aria-invalid": error?.field === key ? true : undefined,
    "aria-describedby":
      [hint ? `manual-${key}-hint` : "", error?.field === key ? `manual-${key}-error` : ""].filter(Boolean).join(" ") ||
      undefined,
  });

  return (
    <form onSubmit={(e) => void submit(e)} className="mt-4 grid gap-3" aria-label="Issue tickets by hand" noValidate>
      {error && !error.field ? (
        <p ref={general} tabIndex={-1} role="alert" className="font-semibold text-rose">
          {error.text}
        </p>
      ) : null}
      {field(
        "plan",
        "Plan",
        <select {...attrs("plan")}>
          {plans.map((p) => (
            <option key={p.id} value={p.id}>
              {p.title} ({p.left} seats left)
            </option>
          ))}
        </select>,
      )}
      {field("quantity", "How many of this plan", <input {...attrs("quantity")} inputMode="numeric" />)}
      {field("name", "Name on the order", <input {...attrs("name")} autoComplete="off" />)}
      {field("email", "E-mail (the tickets go there)", <input {...attrs("email")} type="email" autoComplete="off" />)}
      {field(
        "names",
        "Names on the tickets",
        <textarea {...attrs("names", true)} rows={3} />,
        "One a line, in order; leave empty to name them later.",
      )}
      <fieldset>
        <legend className="font-semibold">Payment</legend>
        {(
          [
            ["complimentary", "Complimentary (free)"],
            ["door", "Paid at the door"],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name="kind"
              value={value}
              checked={values.kind === value}
              onChange={() => setValues((v) => ({ ...v, kind: value }))}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {values.kind === "door"
        ? field("amount", "Amount paid", <input {...attrs("amount")} inputMode="decimal" />)
        : null}
      {needsReason || values.reason
        ? field(
            "reason",
            "Why go over the capacity",
            <input {...attrs("reason", true)} />,
            "A sentence saying why, kept in the audit log with your name.",
          )
        : null}
      <button type="submit" className="btn btn-primary justify-self-start" disabled={busy}>
        Issue the tickets
      </button>
    </form>
  );
}
