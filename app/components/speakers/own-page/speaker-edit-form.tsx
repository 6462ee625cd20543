import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Field } from "~/components/forms/field";
import { FieldError, FormErrorsContext, useFieldError } from "~/components/forms/form-context";
import {
  MAX_BIO,
  MAX_LINKS,
  MAX_NAME,
  MAX_SESSION_TEXT,
  MAX_URL,
  type SpeakerEdit,
  type SpeakerEditError,
  type SpeakerPageAnswer,
} from "~/forms/speaker-page";
import { TextArea } from "./text-area";

const select = "min-h-12 w-full rounded-xl border border-ink/15 bg-paper px-4";

function Choice({
  label,
  name,
  value,
  options,
}: {
  label: string;
  name: string;
  value: string;
  options: readonly string[];
}) {
  const id = useId();
  const { error, errorId } = useFieldError(name);
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block font-semibold">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        className={select}
        {...(error ? { "aria-invalid": true, "aria-describedby": errorId } : {})}
      >
        {options.map((o) => (
          <option key={o}>{o}</option>
        ))}
      </select>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/**
 * The speaker's profile and sessions' texts, as they are (or as last sent), and "Send for review" (issue 63). A
 * refusal is shown at its field, which takes the focus; the text typed stays.
 */
export function SpeakerEditForm({ token, page }: { token: string; page: SpeakerPageAnswer }) {
  const start: SpeakerEdit = page.waiting?.edit ?? {
    profile: {
      name: page.speaker.name,
      designation: page.speaker.designation,
      bio: page.speaker.bio,
      social: page.speaker.social,
    },
    sessions: page.sessions.map((s) => ({ number: s.number, text: s.text })),
  };
  const [links, setLinks] = useState(() => start.profile.social.map((s, i) => ({ key: i, ...s })));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [said, setSaid] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const [focusAt, setFocusAt] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const message = useRef<HTMLParagraphElement>(null);
  const textOf = (s: number) => start.sessions.find((e) => e.number === s)?.text ?? "";

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const get = (name: string) => String(fields.get(name) ?? "");
    const edit: SpeakerEdit = {
      profile: {
        name: get("name"),
        designation: get("designation"),
        bio: get("bio"),
        social: links.map((l) => ({ network: get(`social.${l.key}.network`), url: get(`social.${l.key}.url`) })),
      },
      sessions: page.sessions.map((s) => ({ number: s.number, text: get(`sessions.${s.number}.text`) })),
    };
    const body = new FormData();
    body.set("edit", JSON.stringify(edit));
    body.set("bases", JSON.stringify(page.bases));
    const photo = fields.get("photo");
    if (photo instanceof File && photo.size > 0) body.set("photo", photo);
    setBusy(true);
    setErrors({});
    setSaid(null);
    let answer: { ok: boolean; data: (SpeakerEditError & { message?: string }) | null };
    try {
      const res = await fetch(`/api/speakers/page/${token}/edits`, { method: "POST", body });
      answer = { ok: res.ok, data: (await res.json().catch(() => null)) as SpeakerEditError | null };
    } catch {
      answer = {
        ok: false,
        data: { error: "Nothing was sent: the network did not answer. Check the connection and send again." },
      };
    }
    setBusy(false);
    const error = answer.data?.error ?? "Nothing was sent: please try again.";
    if (answer.ok) return show({ text: answer.data?.message ?? "Sent for review.", ok: true });
    // A link's social rows are named by their place in the form.
    const field = answer.data?.field?.replace(
      /^social\.(\d+)/,
      (_, i: string) => `social.${links[Number(i)]?.key ?? i}`,
    );
    if (!field) return show({ text: error, ok: false });
    setErrors({ [field]: error });
    setFocusAt(field);
    setSaid({ text: `Nothing was sent: ${error}`, ok: false });
  }
  const show = (next: { text: string; ok: boolean }) => {
    setFocusAt(null);
    setSaid(next);
  };
  // The message, or the field it concerns, takes the focus once it is shown.
  useEffect(() => {
    if (!said) return;
    const field = focusAt ? form.current?.querySelector<HTMLElement>(`[name="${focusAt}"]`) : null;
    (field ?? message.current)?.focus();
  }, [said, focusAt]);

  return (
    <FormErrorsContext.Provider value={{ errors, formId: "own-page" }}>
      <form ref={form} onSubmit={(e) => void send(e)} className="grid gap-5" aria-labelledby="profile-title" noValidate>
        <h2 id="profile-title" className="text-2xl font-semibold">
          Your profile and texts
        </h2>
        <p className="text-muted">Plain text only. The organisers review what you send before it goes on the site.</p>
        <Field label="Your name" name="name" defaultValue={start.profile.name} maxLength={MAX_NAME} required />
        <Choice label="Your role" name="designation" value={start.profile.designation} options={page.roles} />
        <TextArea label="Your bio" name="bio" defaultValue={start.profile.bio} maxLength={MAX_BIO} rows={8} />
        <div>
          <p className="font-semibold">Your photo</p>
          <img
            src={preview ?? page.speaker.photo}
            alt="You, as the site will show you"
            className="mt-2 max-h-48 w-auto rounded"
          />
          <Field
            className="mt-2"
            label="Choose a new photo (JPEG, PNG or WebP, at most 10 MB)"
            name="photo"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              setPreview(file ? URL.createObjectURL(file) : null);
            }}
          />
        </div>
        <fieldset className="grid gap-3">
          <legend className="font-semibold">Your links</legend>
          {links.map((l, i) => (
            <div key={l.key} className="grid gap-2 rounded-xl border border-ink/10 p-3">
              <Choice
                label={`Link ${i + 1}: network`}
                name={`social.${l.key}.network`}
                value={l.network}
                options={page.networks}
              />
              <Field
                label={`Link ${i + 1}: address`}
                name={`social.${l.key}.url`}
                type="url"
                defaultValue={l.url}
                maxLength={MAX_URL}
              />
              <button
                type="button"
                className="btn btn-outline justify-self-start"
                onClick={() => setLinks(links.filter((x) => x.key !== l.key))}
              >
                Remove link {i + 1}
              </button>
            </div>
          ))}
          {links.length < MAX_LINKS ? (
            <button
              type="button"
              className="btn btn-outline justify-self-start"
              onClick={() =>
                setLinks([
                  ...links,
                  { key: Math.max(-1, ...links.map((l) => l.key)) + 1, network: page.networks[0] ?? "", url: "" },
                ])
              }
            >
              Add a link
            </button>
          ) : null}
        </fieldset>
        {page.sessions.map((s) => (
          <TextArea
            key={s.number}
            label={`Text of “${s.title}”`}
            name={`sessions.${s.number}.text`}
            defaultValue={textOf(s.number)}
            maxLength={MAX_SESSION_TEXT}
          />
        ))}
        <p
          ref={message}
          tabIndex={-1}
          role={said?.ok ? "status" : "alert"}
          className={`font-semibold empty:hidden ${said?.ok ? "" : "text-rose"}`}
        >
          {said?.text}
        </p>
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? "Sending…" : "Send for review"}
          </button>
        </div>
      </form>
    </FormErrorsContext.Provider>
  );
}
