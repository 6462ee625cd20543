import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { COMMENT_MAX, FEEDBACK_WORDS, RatingSchema, STAR_WORDS } from "~/lib/feedback/rating";
import { StarsField } from "./stars-field";
import { feedbackState, followRatings, rate, ratingRecord, raterKey, type RatingRecord } from "~/lib/feedback/send";
import { opensText, ratingWindow, type RatedSession } from "~/lib/feedback/window";
import { useNow } from "~/lib/schedule/now";

export interface RatingFormProps {
  session: RatedSession & { number: number; title: string };
  /** When ratings close (site.yaml feedbackDays, app/lib/feedback/window.ts). */
  closesAt: string;
  /** The event's time zone: the form says when it opens on the event's clock, never the device's. */
  timeZone: string;
  /** In /agenda's list: a smaller heading. */
  compact?: boolean;
}

const control = "w-full rounded-xl border border-ink/15 bg-paper px-4 py-2.5 text-ink focus:border-gold";

/**
 * "Rate this session" (issue 63): 1–5 and an optional comment, from 10 minutes before the session ends until
 * the days after the event. An island on a pre-rendered page: it reads the clock only in the browser. The
 * rating is kept on this phone and sent from there (app/lib/feedback/send.ts), so offline it waits.
 */
export function RatingForm({ session, closesAt, timeZone, compact = false }: RatingFormProps) {
  const now = useNow();
  const headingId = useId();
  const [record, setRecord] = useState<RatingRecord | undefined>();
  const [editing, setEditing] = useState(false);
  const [off, setOff] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<{ field: "stars" | "comment"; message: string } | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const window_ = now === null ? null : ratingWindow(session, closesAt, now);
  const open = window_?.state === "open";

  useEffect(() => {
    const read = () => setRecord(ratingRecord(session.number));
    read();
    return followRatings(read);
  }, [session.number]);
  useEffect(() => {
    if (open) void feedbackState(session.number).then((state) => setOff(state === "off"));
  }, [open, session.number]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = RatingSchema.safeParse({
      rater: raterKey(),
      stars: Number(data.get("stars") ?? 0),
      comment: String(data.get("comment") ?? ""),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path[0] === "comment" ? "comment" : "stars";
      setError({ field, message: issue.message });
      formRef.current?.querySelector<HTMLElement>(field === "comment" ? "textarea" : "input")?.focus();
      return;
    }
    setError(null);
    setEditing(false);
    setSending(true);
    void rate(session.number, parsed.data.stars, parsed.data.comment || undefined).then(() => {
      setSending(false);
      statusRef.current?.focus();
    });
  };
  // "Change my rating" opens the form on the stars given.
  useEffect(() => {
    const form = formRef.current;
    if (editing) (form?.querySelector<HTMLInputElement>("input:checked") ?? form?.querySelector("input"))?.focus();
  }, [editing]);

  const Heading = compact ? "h3" : "h2";
  const showForm = open && !off && (editing || !record || record.status === "refused");
  return (
    <section aria-labelledby={headingId} className="print-hide" data-rating={session.number}>
      <Heading id={headingId} className={compact ? "text-lg font-semibold" : "text-2xl font-semibold"}>
        Rate this session
        {/* In /agenda's list each session has its form: each region's name says whose (landmarks are unique). */}
        {compact && <span className="sr-only">: {session.title}</span>}
      </Heading>
      {window_?.state === "before" && <p className="mt-2">Rating opens {opensText(window_.opensAt, timeZone)}.</p>}
      {window_?.state === "closed" && <p className="mt-2">{FEEDBACK_WORDS.closed}</p>}
      {open && off && <p className="mt-2">{FEEDBACK_WORDS.off}</p>}
      {showForm && (
        <form ref={formRef} onSubmit={submit} noValidate className="mt-3 space-y-4">
          <StarsField
            title={session.title}
            given={record?.rating.stars}
            describedBy={error?.field === "stars" ? `${headingId}-error` : undefined}
          />
          <div>
            <label htmlFor={`${headingId}-comment`} className="mb-1.5 block font-semibold">
              Comment (optional)
            </label>
            <textarea
              id={`${headingId}-comment`}
              name="comment"
              rows={3}
              maxLength={COMMENT_MAX}
              defaultValue={record?.rating.comment ?? ""}
              aria-invalid={error?.field === "comment" || undefined}
              aria-describedby={error?.field === "comment" ? `${headingId}-error` : undefined}
              className={`${control} resize-y`}
            />
          </div>
          {error && (
            <p id={`${headingId}-error`} className="font-semibold text-rose">
              {error.message}
            </p>
          )}
          <button type="submit" className="btn btn-primary">
            Send
          </button>
        </form>
      )}
      <p ref={statusRef} tabIndex={-1} role="status" className="mt-2 outline-offset-4">
        {sending ? "Sending…" : open && !editing && record && statusText(record)}
      </p>
      {open && !off && !editing && record?.status === "sent" && (
        <button type="button" className="btn btn-outline mt-2" onClick={() => setEditing(true)}>
          Change my rating
        </button>
      )}
    </section>
  );
}

function statusText(record: RatingRecord): string {
  const given = `You gave it ${record.rating.stars} of 5 (${STAR_WORDS[record.rating.stars]}).`;
  if (record.status === "waiting")
    return record.rating.busy
      ? `${given} Saved on this phone; the site is busy, so it will be sent again in a moment.`
      : `${given} Saved on this phone; it will be sent when you are back online.`;
  if (record.status === "sent") return `${given} Sent. Thank you!`;
  return record.message;
}
