import { useEffect, useState, type FormEvent } from "react";
import { MAX_NAME_LENGTH } from "~/forms/admin";
import { acceptInvite, showInvite } from "~/api/admin/accounts";
import { callAdmin } from "~/lib/admin/api";
import type { AnswerOf } from "~/lib/admin/route";
import { Field } from "../../forms/field";
import { NewPasswordFields, samePasswords } from "./password-form";
import type { Who } from "../who";

/** Whose invitation it is; its role says what the account may do (issue 43: a door volunteer's). */
type Invite = AnswerOf<typeof showInvite>;

/**
 * `/admin?invite=<token>`: the invitee gives their name (the one the inviter suggested, to keep or change) and
 * chooses a password; "Create my account" signs them in at once (issue 53): `onDone` gets who they are.
 */
export function AcceptInviteForm({ token, onDone }: { token: string; onDone: (who: Who) => void }) {
  const [invite, setInvite] = useState<Invite | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void callAdmin(showInvite, { query: { token } }).then((res) => {
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
    setBusy(true);
    const res = await callAdmin(acceptInvite, {
      body: { token, password: String(form.get("password") ?? ""), name: String(form.get("name") ?? "").trim() },
    });
    setBusy(false);
    if (res.ok) onDone(res.data);
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
              : invite.role === "volunteer"
                ? "You are invited to volunteer (your shifts, on your phone) as "
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
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? "Creating your account…" : "Create my account"}
          </button>
        </div>
      ) : null}
    </form>
  );
}
