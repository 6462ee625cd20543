import { useEffect, useRef, useState, type FormEvent } from "react";
import * as api from "~/api/admin/speakers";
import type { SpeakersAnswer } from "~/api/admin/speakers";
import { callAdmin, type ApiResult } from "~/lib/admin/api";
import { when } from "~/lib/admin/when";
import { Field } from "../../forms/field";
import { InviteLink } from "./invite-link";
import { SpeakerReview } from "./speaker-review";

/**
 * People, Speakers (issue 63): the content's speakers by name, each with their address and whether their link
 * works, "Send the link again" and "Revoke", and a change they sent waiting for review; an invitation form
 * (the speaker chosen by name, their address).
 */
export function SpeakersPanel({ fail }: { fail: (status: number, message: string) => void }) {
  const [data, setData] = useState<SpeakersAnswer | null>(null);
  const [notice, setNotice] = useState<{ text: string; link?: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState<number | null>(null);
  const [version, setVersion] = useState(0);
  const said = useRef<HTMLParagraphElement>(null);
  const wrong = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    void callAdmin(api.listSpeakers).then((res) => (res.ok ? setData(res.data) : fail(res.status, res.error)));
  }, [fail, version]);
  useEffect(() => {
    if (notice) said.current?.focus();
  }, [notice]);
  useEffect(() => {
    if (error) wrong.current?.focus();
  }, [error]);

  async function act(call: Promise<ApiResult<{ message: string; link?: string }>>) {
    setError(null);
    setNotice(null);
    const res = await call;
    if (!res.ok) {
      if (res.status === 401) fail(res.status, res.error);
      else setError(res.error);
      return false;
    }
    setNotice({ text: res.data.message, link: res.data.link });
    setVersion((v) => v + 1);
    return true;
  }

  async function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const id = String(fields.get("speaker") ?? "");
    if (!id) return setError("Choose the speaker to invite.");
    const email = String(fields.get("email") ?? "").trim();
    if (await act(callAdmin(api.inviteSpeaker, { params: { id }, body: { email } }))) form.reset();
  }

  return (
    <section aria-labelledby="speakers-title" className="mt-8 max-w-3xl">
      <h2 id="speakers-title" className="text-2xl font-semibold">
        Speakers
      </h2>
      <p className="mt-2 text-muted">
        Each speaker invited gets a private link to their own page: their sessions, and their profile and texts to
        correct. What they send waits here for you to accept, then goes live with the next publish.
      </p>
      <ul className="mt-4 divide-y divide-ink/10 rounded-[var(--radius-card)] bg-paper" aria-label="The speakers">
        {data?.speakers.map((s) => (
          <li key={s.id} className="grid gap-2 p-4">
            <span className="break-words">
              <strong>{s.name}</strong>
              <span className="block text-muted">
                {!s.email
                  ? "not invited yet"
                  : `${s.email}: ${s.live ? `invited ${when(s.invitedAt!)}, link works` : "link revoked"}`}
              </span>
            </span>
            <span className="flex flex-wrap gap-2">
              {s.waiting ? (
                <button type="button" className="btn btn-primary" onClick={() => setReviewing(s.waiting!.id)}>
                  Review the change sent {when(s.waiting.sentAt)}
                  <span className="sr-only"> by {s.name}</span>
                </button>
              ) : null}
              {s.email ? (
                <button
                  type="button"
                  className="btn btn-outline"
                  onClick={() => void act(callAdmin(api.resendSpeakerLink, { params: { id: s.id } }))}
                >
                  Send the link again<span className="sr-only"> to {s.name}</span>
                </button>
              ) : null}
              {s.live ? (
                <button
                  type="button"
                  className="btn btn-outline"
                  onClick={() => void act(callAdmin(api.revokeSpeakerLink, { params: { id: s.id } }))}
                >
                  Revoke<span className="sr-only"> {s.name}'s link</span>
                </button>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      {reviewing !== null ? (
        <SpeakerReview
          key={reviewing}
          id={reviewing}
          fail={fail}
          onDone={(message) => {
            setReviewing(null);
            setNotice({ text: message });
            setVersion((v) => v + 1);
          }}
        />
      ) : null}
      <form onSubmit={invite} className="mt-6 grid max-w-xl gap-4" aria-labelledby="speaker-invite-title">
        <h3 id="speaker-invite-title" className="text-xl font-semibold">
          Invite a speaker
        </h3>
        <div>
          <label htmlFor="speaker-choice" className="mb-1.5 block font-semibold">
            Which speaker
          </label>
          <select
            id="speaker-choice"
            name="speaker"
            required
            className="min-h-12 w-full rounded-xl border border-ink/15 bg-paper px-4"
          >
            <option value="">Choose…</option>
            {data?.speakers.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <Field label="Their e-mail address" name="email" type="email" required autoComplete="off" />
        <div>
          <button type="submit" className="btn btn-primary">
            Send the link
          </button>
        </div>
      </form>
      <p ref={wrong} tabIndex={-1} role="alert" className="mt-4 font-semibold text-rose empty:hidden">
        {error}
      </p>
      <div role="status" className="mt-4 empty:hidden">
        {notice ? (
          <p ref={said} tabIndex={-1} className="font-semibold">
            {notice.text}
          </p>
        ) : null}
      </div>
      {notice?.link ? <InviteLink key={notice.link} link={notice.link} focusOnShow /> : null}
    </section>
  );
}
