import { useState, type FormEvent } from "react";
import { MIN_PASSWORD_LENGTH } from "~/forms/admin";
import { changePassword } from "~/api/admin/accounts";
import { callAdmin } from "~/lib/admin/api";
import { Field } from "../../forms/field";
import type { Who } from "../who";

/** A new password, twice (named "password" and "again"). */
export function NewPasswordFields({ label }: { label: string }) {
  return (
    <>
      <Field
        label={`${label} (at least ${MIN_PASSWORD_LENGTH} characters)`}
        name="password"
        type="password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        autoComplete="new-password"
      />
      <Field label={`${label} again`} name="again" type="password" required autoComplete="new-password" />
    </>
  );
}

export const samePasswords = (form: FormData) => form.get("password") === form.get("again");

/**
 * After a one-time password (admin:add --generate): the organiser chooses their own before anything else. The
 * one-time password typed seconds earlier is not asked for again (issue 62, decision 045).
 */
export function PasswordForm({ onChanged }: { onChanged: (who: Who) => void }) {
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (!samePasswords(form)) return setError("The two new passwords differ.");
    const res = await callAdmin(changePassword, { body: { password: String(form.get("password") ?? "") } });
    if (res.ok) onChanged(res.data);
    else setError(res.error);
  }

  return (
    <form onSubmit={submit} className="grid max-w-md gap-5">
      <p>You signed in with a one-time password. Please choose your own to open the inbox.</p>
      <NewPasswordFields label="New password" />
      <p role="alert" className="font-semibold text-rose empty:hidden">
        {error}
      </p>
      <div>
        <button type="submit" className="btn btn-primary">
          Save the new password
        </button>
      </div>
    </form>
  );
}
