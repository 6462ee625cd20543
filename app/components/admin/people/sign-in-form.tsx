import { useState, type FormEvent } from "react";
import { SESSION_HOURS } from "~/forms/admin";
import { signIn } from "~/api/admin/accounts";
import { callAdmin } from "~/lib/admin/api";
import { when } from "~/lib/admin/when";
import type { Who } from "../who";
import { Field } from "../../forms/field";

/** "Too many wrong passwords … until Tue 8 Dec 2026, 14:05 CST" on the event's clock, from the server's lockedUntil. */
function lockMessage(data: unknown, fallback: string): string {
  const until = (data as { lockedUntil?: string } | undefined)?.lockedUntil;
  if (!until) return fallback;
  return `Too many wrong passwords: this account is locked until ${when(until)}. Try again then.`;
}

/** The organisers' sign-in. What was typed stays in the fields when the server says no. */
export function SignInForm({ onSignedIn }: { onSignedIn: (who: Who) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    const res = await callAdmin(signIn, {
      body: {
        email: String(form.get("email") ?? ""),
        password: String(form.get("password") ?? ""),
        remember: form.get("remember") === "on",
      },
    });
    setBusy(false);
    if (res.ok) onSignedIn(res.data);
    else setError(res.status === 423 ? lockMessage(res.data, res.error) : res.error);
  }

  return (
    <form onSubmit={submit} className="grid max-w-md gap-5" aria-describedby={error ? "sign-in-error" : undefined}>
      <Field label="E-mail" name="email" type="email" required autoComplete="username" />
      <Field label="Password" name="password" type="password" required autoComplete="current-password" />
      <label className="flex min-h-11 items-center gap-3">
        <input type="checkbox" name="remember" className="size-5 accent-gold-deep" />
        <span>
          Keep me signed in on this device
          <span className="block text-sm text-muted">
            Even if the browser is closed: {SESSION_HOURS.organiser} hours for an organiser. A door volunteer's phone
            always stays signed in for {SESSION_HOURS.door} hours.
          </span>
        </span>
      </label>
      <p id="sign-in-error" role="alert" className="font-semibold text-rose empty:hidden">
        {error}
      </p>
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
      </div>
    </form>
  );
}
