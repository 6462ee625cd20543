import { lazy, Suspense, useEffect, useRef } from "react";
import { when } from "~/lib/admin/when";
import { announcementMail } from "~/lib/announcements";
import type { AudienceChoice } from "~/api/admin/announcements";
import type { Draft } from "./draft";

/**
 * The site's own banner, imported on demand as the site does (app/components/layout/announcement-slot.tsx): a
 * module imported by the organisers' pages and by the site's would join the visitors' first download.
 */
const AnnouncementBox = lazy(() =>
  import("../../layout/announcement-banner").then((m) => ({ default: m.AnnouncementBox })),
);

/**
 * The announcement as the site's banner shows it (one line, opened to read the rest) and, when it is mailed, as
 * its mail reads (the server's own text). `audience` null: on the site only (issue 51).
 */
export function AnnouncementPreview({
  draft,
  audience,
  who,
}: {
  draft: Draft;
  audience: AudienceChoice | null;
  who: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [draft]);
  const mail = audience
    ? announcementMail(draft, {
        siteUrl: location.origin,
        reason: audience.reason,
        unsubscribeUrl: audience.unsubscribe ? "(each recipient's own unsubscribe link)" : null,
      })
    : null;
  const until = when(draft.showsUntil);
  return (
    <section aria-labelledby="announcement-preview" className="grid gap-3 rounded-[var(--radius-card)] bg-paper p-4">
      <h3 id="announcement-preview" ref={heading} tabIndex={-1} className="text-xl font-semibold">
        Preview
      </h3>
      <p>
        At the top of the site's pages until <strong>{until}</strong> (or until you withdraw it), on one line that
        visitors open to read the rest:
      </p>
      <Suspense fallback={<p>Loading the banner…</p>}>
        <AnnouncementBox
          title={draft.title}
          body={draft.body}
          heading="h4"
          className="rounded-[var(--radius-card)] px-3 py-1"
        />
      </Suspense>
      {audience && mail ? (
        <>
          <p>
            The mail to {audience.label.toLowerCase()} (a test goes to {who}):
          </p>
          <div className="rounded-xl border border-ink/15 p-3">
            <p className="font-semibold break-words">Subject: {mail.subject}</p>
            <pre className="mt-2 font-sans break-words whitespace-pre-wrap">{mail.body}</pre>
          </div>
        </>
      ) : (
        <p>Shown on the site only: nobody is e-mailed.</p>
      )}
    </section>
  );
}
