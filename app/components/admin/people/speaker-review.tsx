import { useEffect, useRef, useState } from "react";
import * as api from "~/api/admin/speakers";
import type { SpeakerReviewAnswer } from "~/api/admin/speakers";
import { callAdmin } from "~/lib/admin/api";
import { when } from "~/lib/admin/when";

/**
 * A speaker's edit beside the live text (issue 63): each field it changes, "Live now" and "Sent by <name>", the
 * photos side by side; "Accept" saves it into the content as the speaker's own change (it goes live with the
 * next publish), "Decline" leaves the live text as it is.
 */
export function SpeakerReview({
  id,
  fail,
  onDone,
}: {
  id: number;
  fail: (status: number, message: string) => void;
  onDone: (message: string) => void;
}) {
  const [review, setReview] = useState<SpeakerReviewAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const said = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    void callAdmin(api.speakerEdit, { params: { id } }).then((res) => {
      if (!res.ok) return fail(res.status, res.error);
      setReview(res.data);
    });
  }, [id, fail]);
  useEffect(() => heading.current?.focus(), [review?.id]);
  useEffect(() => {
    if (error) said.current?.focus();
  }, [error]);

  async function decide(what: "accept" | "decline") {
    setBusy(true);
    setError(null);
    const res = await callAdmin(what === "accept" ? api.acceptSpeakerEdit : api.declineSpeakerEdit, { params: { id } });
    setBusy(false);
    if (!res.ok) return res.status === 401 ? fail(res.status, res.error) : setError(res.error);
    onDone(res.data.message);
  }

  if (!review) return <p className="mt-6">Loading the change…</p>;
  return (
    <section aria-labelledby="review-title" className="mt-6 rounded-[var(--radius-card)] bg-paper p-4">
      <h3 id="review-title" ref={heading} tabIndex={-1} className="text-xl font-semibold">
        {review.name}'s change, sent {when(review.sentAt)}
      </h3>
      {review.lines.length === 0 && !review.photo ? <p className="mt-2">Nothing differs from the live text.</p> : null}
      {review.lines.map((line) => (
        <div key={line.label} className="mt-4">
          <h4 className="font-semibold">{line.label}</h4>
          <div className="mt-1 grid gap-3 sm:grid-cols-2">
            <div>
              <p className="text-sm text-muted">Live now</p>
              <p className="whitespace-pre-wrap break-words">{line.live || "(empty)"}</p>
            </div>
            <div>
              <p className="text-sm text-muted">Sent by {review.name}</p>
              <p className="whitespace-pre-wrap break-words">{line.proposed || "(empty)"}</p>
            </div>
          </div>
        </div>
      ))}
      {review.photo ? (
        <div className="mt-4">
          <h4 className="font-semibold">Photo</h4>
          <div className="mt-1 grid grid-cols-2 gap-3">
            <figure>
              <img src={review.photo.live} alt={`Portrait of ${review.name}, live now`} className="max-h-48 w-auto" />
              <figcaption className="text-sm text-muted">Live now</figcaption>
            </figure>
            <figure>
              <img
                src={review.photo.proposed}
                alt={`Portrait of ${review.name}, as sent`}
                className="max-h-48 w-auto"
              />
              <figcaption className="text-sm text-muted">Sent by {review.name}</figcaption>
            </figure>
          </div>
        </div>
      ) : null}
      <p ref={said} tabIndex={-1} role="alert" className="mt-4 font-semibold text-rose empty:hidden">
        {error}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void decide("accept")}>
          Accept
        </button>
        <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void decide("decline")}>
          Decline
        </button>
      </div>
    </section>
  );
}
