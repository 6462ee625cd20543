import { useRef, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { callAdmin } from "~/lib/admin/api";
import { MAX_BODY, MAX_SHOW_MS, MAX_TITLE } from "~/lib/announcements";
import { sendAnnouncement, testAnnouncement, type AudienceChoice } from "~/api/admin/announcements";
import { AnnouncementPreview } from "./announcement-preview";
import { ConfirmStep } from "../confirm-step";
import type { Draft } from "./draft";

const control = "min-h-11 w-full rounded-xl border border-ink/15 bg-paper px-3 py-2";
const two = (n: number) => String(n).padStart(2, "0");
/** A moment as the date and time picker holds it: the organiser's local time, to the minute. */
const pickerValue = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
};
const addresses = (n: number) => (n === 1 ? "1 address" : `${n} addresses`);
/** "Ticket holders" as the middle of a sentence: "e-mail ticket holders". */
const lower = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);
/** The choice that mails nobody (issue 51), the first and the one chosen at first. */
const SITE_ONLY = "site-only";

/**
 * Writing an announcement: title, text and until when it shows (a date and time picker, the end of the event's
 * day at first: issue 62), where it goes (on the site only, or on the site and by e-mail to one audience: issue
 * 51; each audience with a line saying who they are), the preview (banner, and mail when mailed), a test to
 * oneself, then the confirm step.
 */
export function AnnouncementForm({
  audiences,
  defaultUntil,
  defaultUntilText,
  who,
  fail,
  onSent,
}: {
  audiences: AudienceChoice[];
  /** Until when it shows at first (the server's: the end of the event's day), and that in words. */
  defaultUntil: string;
  defaultUntilText: string | null;
  who: string;
  fail: (status: number, message: string) => void;
  onSent: (message: string) => void;
}) {
  const [now] = useState(() => Date.now());
  const [draft, setDraft] = useState<Draft | null>(null);
  // Issue 66: the Rota links here with an audience chosen (`?audience=shift:12`).
  const [params] = useSearchParams();
  const [choice, setChoice] = useState(() => {
    const asked = params.get("audience");
    return audiences.some((a) => a.id === asked) ? asked! : SITE_ONLY;
  });
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  /** The form's announcement, or null (the browser then says what is missing). */
  function read(): Draft | null {
    const el = form.current;
    if (!el?.reportValidity()) return null;
    const data = new FormData(el);
    const until = new Date(String(data.get("until")));
    return {
      title: String(data.get("title")).trim(),
      body: String(data.get("body")).trim(),
      showsUntil: until.toISOString(),
    };
  }

  async function test() {
    const next = read();
    if (!next) return;
    setMessage(null);
    const res = await callAdmin(testAnnouncement, { body: next });
    if (!res.ok) return fail(res.status, res.error);
    setMessage(`A test is on its way to ${res.data.to}.`);
  }

  /** The audience chosen, or null: on the site only. */
  const audience = audiences.find((a) => a.id === choice) ?? null;

  function ask(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = read();
    if (!next) return;
    setDraft(next);
    setConfirming(true);
  }

  async function send() {
    setConfirming(false);
    if (!draft) return;
    const res = await callAdmin(sendAnnouncement, {
      body: audience ? { ...draft, audience: audience.id } : { ...draft, siteOnly: true },
    });
    if (!res.ok) return fail(res.status, res.error);
    form.current?.reset();
    setChoice(SITE_ONLY);
    setDraft(null);
    onSent(
      audience
        ? `Sent to ${audience.label} (${addresses(res.data.recipients)})${audience.mailOnly ? ", by e-mail only." : ": it shows on the site's pages now."}`
        : `“${draft.title}” shows on the site's pages now. Nobody was e-mailed.`,
    );
  }

  return (
    <form ref={form} onSubmit={ask} className="mt-6 grid max-w-2xl gap-4" aria-labelledby="announcement-new">
      <h3 id="announcement-new" className="text-xl font-semibold">
        New announcement
      </h3>
      <label className="grid gap-1 font-semibold">
        Title
        <input name="title" required maxLength={MAX_TITLE} className={`${control} font-normal`} />
      </label>
      <label className="grid gap-1 font-semibold">
        Text
        <textarea name="body" required maxLength={MAX_BODY} rows={4} className={`${control} font-normal`} />
      </label>
      <div className="grid gap-1">
        <label htmlFor="announcement-until" className="font-semibold">
          Shows on the site until
        </label>
        {defaultUntilText ? (
          <span id="announcement-until-hint" className="text-muted">
            At first the end of the event's day: {defaultUntilText}.
          </span>
        ) : null}
        <input
          id="announcement-until"
          name="until"
          type="datetime-local"
          required
          aria-describedby={defaultUntilText ? "announcement-until-hint" : undefined}
          defaultValue={pickerValue(Date.parse(defaultUntil))}
          min={pickerValue(now)}
          max={pickerValue(now + MAX_SHOW_MS)}
          className={control}
        />
      </div>
      <fieldset className="grid gap-2">
        <legend className="font-semibold">Where it goes</legend>
        {[
          { id: SITE_ONLY, text: "Show on the site only (nobody is e-mailed)", about: null },
          ...audiences.map((a) => ({
            id: a.id,
            text: a.mailOnly
              ? `E-mail ${lower(a.label)} (${addresses(a.count)}), not shown on the site`
              : `Show on the site and e-mail ${lower(a.label)} (${addresses(a.count)})`,
            about: a.about,
          })),
        ].map((c) => (
          <div key={c.id}>
            <label className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="audience"
                value={c.id}
                checked={choice === c.id}
                onChange={() => setChoice(c.id)}
                aria-describedby={c.about ? `audience-about-${c.id}` : undefined}
                className="size-5 shrink-0"
              />
              {c.text}
            </label>
            {c.about ? (
              <p id={`audience-about-${c.id}`} className="ps-7 text-sm text-muted">
                {c.about}
              </p>
            ) : null}
          </div>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn btn-outline" onClick={() => setDraft(read())}>
          Preview
        </button>
        {audience ? (
          <button type="button" className="btn btn-outline" onClick={() => void test()}>
            Send a test to me
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary">
          {audience ? "Send…" : "Show on the site…"}
        </button>
      </div>
      <p role="status" className="empty:hidden">
        {message}
      </p>
      {draft && !confirming ? <AnnouncementPreview draft={draft} audience={audience} who={who} /> : null}
      {confirming && audience ? (
        <ConfirmStep confirm="Yes, send it" onConfirm={() => void send()} onCancel={() => setConfirming(false)}>
          Send “{draft?.title}” to {audience.label} ({addresses(audience.count)})?{" "}
          {audience.mailOnly ? "By e-mail only: it is not shown on the site." : "It shows on the site's pages at once."}
        </ConfirmStep>
      ) : null}
      {confirming && !audience ? (
        <ConfirmStep confirm="Yes, show it" onConfirm={() => void send()} onCancel={() => setConfirming(false)}>
          Show “{draft?.title}” on the site's pages now? Nobody is e-mailed.
        </ConfirmStep>
      ) : null}
    </form>
  );
}
