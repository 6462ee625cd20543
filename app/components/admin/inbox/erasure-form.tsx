import { useState, type FormEvent } from "react";
import { eraseAddress } from "~/api/admin/inbox";
import { callAdmin } from "~/lib/admin/api";
import { Field } from "../../forms/field";
import { ConfirmStep } from "../confirm-step";

type Counts = Record<string, number>;

/** Erasure on request: the address, a confirm step, then how many rows each table lost. */
export function ErasureForm({ onErased }: { onErased: () => void }) {
  const [pending, setPending] = useState<string | null>(null);
  const [result, setResult] = useState<{ email: string; counts: Counts } | null>(null);
  const [error, setError] = useState<string | null>(null);

  function ask(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    setResult(null);
    setError(null);
    setPending(email);
  }

  async function erase() {
    if (!pending) return;
    const res = await callAdmin(eraseAddress, { body: { email: pending } });
    if (res.ok) {
      setResult({ email: pending, counts: res.data.counts });
      onErased();
    } else setError(res.error);
    setPending(null);
  }

  return (
    <section aria-labelledby="erasure-title" className="mt-8 max-w-xl">
      <h2 id="erasure-title" className="text-2xl font-semibold">
        Erase everything stored for an e-mail address
      </h2>
      <p className="mt-2 text-muted">
        Submissions, comments, mails, the newsletter subscription, paid orders and announcement recipient lists of the
        address are deleted for good. The audit log keeps only a hash of the address.
      </p>
      <form onSubmit={ask} className="mt-5 grid gap-4">
        <Field label="E-mail address" name="email" type="email" required autoComplete="off" />
        <div>
          <button type="submit" className="btn btn-outline">
            Erase…
          </button>
        </div>
      </form>
      {pending ? (
        <ConfirmStep confirm="Yes, erase" onConfirm={() => void erase()} onCancel={() => setPending(null)}>
          Erase everything stored for {pending}? This cannot be undone.
        </ConfirmStep>
      ) : null}
      <p role="alert" className="mt-4 font-semibold text-rose empty:hidden">
        {error}
      </p>
      <div role="status" className="mt-4 empty:hidden">
        {result ? (
          <>
            <p className="font-semibold">Erased for {result.email}:</p>
            <ul className="mt-2 list-disc ps-6">
              {Object.entries(result.counts).map(([table, n]) => (
                <li key={table}>
                  {table.replace(/_/g, " ")}: {n} row{n === 1 ? "" : "s"}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </section>
  );
}
