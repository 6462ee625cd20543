import { useEffect, useState, type FormEvent } from "react";
import { adminApi } from "~/lib/admin/api";
import { NewPasswordFields, samePasswords } from "./password-form";

/** `/admin?invite=<token>`: the invitee chooses a password; then signs in as everyone does. */
export function AcceptInviteForm({ token, onDone }: { token: string; onDone: (message: string) => void }) {
  const [invite, setInvite] = useState<{ email: string } | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void adminApi<{ email: string }>(`/invite?token=${encodeURIComponent(token)}`).then((res) => {
      if (res.ok) setInvite(res.data);
      else {
        setInvite(null);
        setError(res.error);
      }
    });
  }, [token]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (!samePasswords(form)) return setError("The two passwords differ.");
    const res = await adminApi<{ email: string }>("/invite", {
      method: "POST",
      body: { token, password: form.get("password") },
    });
    if (res.ok) onDone(`Your account is ready: sign in as ${res.data.email}.`);
    else setError(res.error);
  }

  if (invite === undefined) return <p>Loading…</p>;
  return (
    <form onSubmit={submit} className="grid max-w-md gap-5">
      {invite ? (
        <>
          <p>
            You are invited to the organisers' inbox as <strong>{invite.email}</strong>. Choose your password.
          </p>
          <NewPasswordFields label="Password" />
        </>
      ) : null}
      <p role="alert" className="font-semibold text-rose empty:hidden">
        {error}
      </p>
      {invite ? (
        <div>
          <button type="submit" className="btn btn-primary">
            Create my account
          </button>
        </div>
      ) : null}
    </form>
  );
}
