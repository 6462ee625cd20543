import { useEffect, useRef, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { ADMIN_ROLES, MAX_NAME_LENGTH, roleLabel, SESSION_HOURS, type AdminRole } from "~/forms/admin";
import * as accounts from "~/api/admin/accounts";
import type { Organisers } from "~/api/admin/accounts";
import { callAdmin } from "~/lib/admin/api";
import { nameOf } from "~/lib/admin/names";
import { Field } from "../../forms/field";
import { ConfirmStep } from "../confirm-step";
import { InviteLink } from "./invite-link";
import { when } from "~/lib/admin/when";
import { Address } from "~/components/ui/address";

/**
 * Who has access (by name, door volunteers marked), invitations waiting (each with "Withdraw"), an invitation
 * form (their address, optionally their name, and their role: organiser or door volunteer, issue 43) whose link
 * shows at once with "Copy link", "Remove" (after a confirm step). The role chosen stays chosen for the next
 * invitation; `?role=door` (the door's figures link to it, issue 53) opens the form with "Door volunteer" chosen
 * and its address field focused.
 */
export function OrganisersPanel({
  fail,
  onSignedOut,
}: {
  fail: (status: number, message: string) => void;
  onSignedOut: (message: string) => void;
}) {
  const [data, setData] = useState<Organisers | null>(null);
  // `focus`: the message takes the focus (the button pressed is gone from the list).
  const [notice, setNotice] = useState<{ text: string; link?: string; focus?: boolean } | null>(null);
  const noticeText = useRef<HTMLParagraphElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<{ id: number; email: string; name: string | null } | null>(null);
  const [version, setVersion] = useState(0);
  const [params] = useSearchParams();
  const asked = params.get("role");
  const [role, setRole] = useState<AdminRole>(asked === "door" ? "door" : "organiser");
  const emailField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (asked !== "door") return;
    setRole("door");
    emailField.current?.focus();
  }, [asked]);

  useEffect(() => {
    void callAdmin(accounts.listOrganisers).then((res) => (res.ok ? setData(res.data) : fail(res.status, res.error)));
  }, [fail, version]);
  useEffect(() => {
    if (notice?.focus) noticeText.current?.focus();
  }, [notice]);

  async function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const email = String(fields.get("email") ?? "").trim();
    const name = String(fields.get("name") ?? "").trim();
    setError(null);
    setNotice(null);
    const res = await callAdmin(accounts.inviteOrganiser, { body: name ? { email, name, role } : { email, role } });
    if (!res.ok) return res.status === 401 ? fail(res.status, res.error) : setError(res.error);
    // The address and the name are cleared; the role stays as chosen (the next one is often a door volunteer too).
    form.reset();
    setNotice({
      text: `${res.data.mailed ? "Invitation sent to" : "Invitation made for"} ${res.data.email}. The link works once, for 48 hours${res.data.mailed ? "; you can also pass it on yourself:" : ". No e-mail is sent from this server: pass this link on yourself:"}`,
      link: res.data.link,
    });
    setVersion((v) => v + 1);
  }

  async function withdraw(id: string) {
    setError(null);
    const res = await callAdmin(accounts.withdrawInvite, { params: { id } });
    if (!res.ok) return res.status === 401 ? fail(res.status, res.error) : setError(res.error);
    setNotice({ text: `The invitation for ${res.data.withdrawn} is withdrawn: its link works no more.`, focus: true });
    setVersion((v) => v + 1);
  }

  async function remove(id: number) {
    setConfirm(null);
    const res = await callAdmin(accounts.removeOrganiser, { params: { id } });
    if (!res.ok) return res.status === 401 ? fail(res.status, res.error) : setError(res.error);
    if (res.data.you) return onSignedOut("You removed your own access.");
    const gone = data?.organisers.find((o) => o.id === id);
    setNotice({ text: `${gone ? nameOf(gone) : res.data.removed} no longer has access (signed out at once).` });
    setVersion((v) => v + 1);
  }

  return (
    <section aria-labelledby="organisers-title" className="mt-8 max-w-3xl">
      <h2 id="organisers-title" className="text-2xl font-semibold">
        Organisers
      </h2>
      <ul className="mt-4 divide-y divide-ink/10 rounded-[var(--radius-card)] bg-paper" aria-label="Who has access">
        {data?.organisers.map((o) => (
          <li key={o.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <span className="break-words">
              <strong>{nameOf(o)}</strong>
              {o.id === data.you ? " (you)" : ""}
              {o.role === "door" ? ", door volunteer" : o.role === "volunteer" ? ", volunteer" : ""}
              {/* The address they sign in with: the one place it is the point (issue 62). */}
              <span className="block" data-address>
                <Address email={o.email} />
              </span>
              <span className="block text-muted">
                {o.lastSignInAt ? `last signed in ${when(o.lastSignInAt)}` : "has not signed in yet"}
              </span>
            </span>
            <button type="button" className="btn btn-outline" onClick={() => setConfirm(o)}>
              Remove<span className="sr-only"> {nameOf(o)}</span>
            </button>
          </li>
        ))}
      </ul>
      {confirm ? (
        <ConfirmStep
          confirm={`Remove ${nameOf(confirm)}`}
          onConfirm={() => void remove(confirm.id)}
          onCancel={() => setConfirm(null)}
        >
          Remove {nameOf(confirm)}? They are signed out at once and can no longer sign in.
        </ConfirmStep>
      ) : null}
      {data?.invites.length ? (
        <>
          <h3 className="mt-6 text-xl font-semibold">Invitations waiting</h3>
          <ul className="mt-2 grid gap-2">
            {data.invites.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center justify-between gap-3">
                <span>
                  {i.name ? `${i.name}, ` : ""}
                  <span data-address>
                    <Address email={i.email} />
                  </span>
                  {i.role === "door" ? " (door volunteer)" : i.role === "volunteer" ? " (volunteer)" : ""}, until{" "}
                  {when(i.expiresAt)}
                </span>
                <button type="button" className="btn btn-outline" onClick={() => void withdraw(i.id)}>
                  Withdraw<span className="sr-only"> the invitation for {i.email}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <form
        id="invite"
        onSubmit={invite}
        className="mt-6 grid max-w-xl scroll-mt-4 gap-4"
        aria-labelledby="invite-title"
      >
        <h3 id="invite-title" className="text-xl font-semibold">
          Invite an organiser or a volunteer
        </h3>
        <Field ref={emailField} label="Their e-mail address" name="email" type="email" required autoComplete="off" />
        <Field label="Their name (optional)" name="name" maxLength={MAX_NAME_LENGTH} autoComplete="off" />
        <fieldset className="grid gap-2">
          <legend className="font-semibold">Their role</legend>
          {ADMIN_ROLES.map((r) => (
            <label key={r} className="flex min-h-11 items-center gap-3">
              <input
                type="radio"
                name="role"
                value={r}
                checked={role === r}
                onChange={() => setRole(r)}
                className="size-5"
              />
              <span>
                {roleLabel[r]}
                <span className="block text-sm text-muted">
                  {r === "door"
                    ? `checks tickets in at the door on the check-in page of their phone, and signs up for shifts; signed in for ${SESSION_HOURS.door} hours`
                    : r === "volunteer"
                      ? `signs up for volunteer shifts on their phone (/volunteer), nothing else; signed in for ${SESSION_HOURS.volunteer} hours`
                      : `everything here: inbox, editor, publishing, attendees, organisers; signed in for ${SESSION_HOURS.organiser} hours at most`}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <div>
          <button type="submit" className="btn btn-primary">
            Send the invitation
          </button>
        </div>
      </form>
      <p role="alert" className="mt-4 font-semibold text-rose empty:hidden">
        {error}
      </p>
      <div role="status" className="mt-4 empty:hidden">
        {notice ? (
          <p ref={noticeText} tabIndex={-1} className="font-semibold">
            {notice.text}
          </p>
        ) : null}
      </div>
      {notice?.link ? <InviteLink key={notice.link} link={notice.link} focusOnShow /> : null}
    </section>
  );
}
