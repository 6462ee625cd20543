import { useEffect, useState, type FormEvent } from "react";
import { MAX_NAME_LENGTH } from "~/forms/admin";
import { adminApi } from "~/lib/admin/api";
import { Field } from "../forms/field";
import { NewPasswordFields, samePasswords } from "./password-form";

interface Invite {
  email: string;
  name: string | null;
  /** Issue 43: a door volunteer's invitation. */
  role?: "organiser" | "door";
}

/**
 * `/admin?invite=<token>`: the invitee gives their name (the one the inviter suggested, to keep or change) and
 * chooses a password; then signs in as everyone does.
 */
export function AcceptInviteForm({ token, onDone }: { token: string; onDone: (message: string) => void }) {
  const [invite, setInvite] = useState<Invite | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void adminApi<Invite>(`/invite?token=${encodeURIComponent(token)}`).then((res) => {
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
      body: { token, password: form.get("password"), name: String(form.get("name") ?? "").trim() },
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
            {invite.role === "door"
              ? "You are invited to check tickets in at the door as "
              : "You are invited to the organisers' inbox as "}
            <strong>{invite.email}</strong>. Give your name and choose your password.
          </p>
          <Field
            label="Your name (as the other organisers will see it)"
            name="name"
            required
            maxLength={MAX_NAME_LENGTH}
            autoComplete="name"
            defaultValue={invite.name ?? ""}
          />
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
