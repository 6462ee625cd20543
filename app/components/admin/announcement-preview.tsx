import { useEffect, useRef } from "react";
import { announcementMail, type AudienceChoice } from "~/lib/announcements";
import { AnnouncementBox } from "../layout/announcement-banner";
import type { Draft } from "./announcement-form";

/** The announcement as the site's banner shows it and as its mail reads (the server's own text). */
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
  const mail = announcementMail(draft, {
    siteUrl: location.origin,
    reason: audience?.reason ?? "you are among its audience",
    unsubscribeUrl: audience?.unsubscribe ? "(each recipient's own unsubscribe link)" : null,
  });
  const until = new Date(draft.showsUntil).toLocaleString(undefined, { dateStyle: "full", timeStyle: "short" });
  return (
    <section aria-labelledby="announcement-preview" className="grid gap-3 rounded-[var(--radius-card)] bg-paper p-4">
      <h3 id="announcement-preview" ref={heading} tabIndex={-1} className="text-xl font-semibold">
        Preview
      </h3>
      <p>
        On the site's pages until <strong>{until}</strong> (or until you withdraw it):
      </p>
      <AnnouncementBox title={draft.title} body={draft.body} heading="h4" />
      <p>
        The mail{audience ? ` to ${audience.label.toLowerCase()}` : ""} (a test goes to {who}):
      </p>
      <div className="rounded-xl border border-ink/15 p-3">
        <p className="font-semibold break-words">Subject: {mail.subject}</p>
        <pre className="mt-2 font-sans break-words whitespace-pre-wrap">{mail.body}</pre>
      </div>
    </section>
  );
}
