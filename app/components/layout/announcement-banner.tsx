import { Megaphone, X } from "lucide-react";
import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { useLocation } from "react-router";
import {
  ANNOUNCEMENT_PATH,
  dismissedIds,
  DISMISSED_KEY,
  withDismissed,
  type CurrentAnnouncement,
} from "~/lib/announcements";

export interface AnnouncementBoxProps {
  title: string;
  body: string;
  /** Without it, no dismiss button (the organisers' preview). */
  onDismiss?: () => void;
  /** The heading's level where it stands (the organisers' preview is under their own headings). */
  heading?: "h2" | "h4";
}

/** The announcement as the site shows it: a region named by its title, text on night (AA: 10.5:1 and more). */
export function AnnouncementBox({ title, body, onDismiss, heading: Heading = "h2" }: AnnouncementBoxProps) {
  const id = useId();
  // Escape as well as Enter and Space on the button (the one thing to focus inside).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && onDismiss) onDismiss();
  };
  return (
    <section
      aria-labelledby={id}
      className="pointer-events-auto flex items-start gap-3 rounded-[var(--radius-card)] bg-night p-4 text-paper shadow-soft"
      data-announcement
    >
      <Megaphone aria-hidden="true" className="mt-1 size-5 shrink-0 text-gold" />
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold tracking-[0.12em] text-gold uppercase">Announcement</p>
        <Heading id={id} className="mt-1 font-serif text-lg leading-snug font-semibold break-words text-paper">
          {title}
        </Heading>
        <p className="mt-1 break-words whitespace-pre-line text-lilac">{body}</p>
      </div>
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          onKeyDown={onKeyDown}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-paper hover:bg-paper/10"
        >
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">Dismiss the announcement</span>
        </button>
      ) : null}
    </section>
  );
}

/**
 * The organisers' announcement on every page (issue 44): read after hydration from a small JSON, so the
 * pre-rendered pages need no rebuild; shown until it expires or is withdrawn, or until this browser dismisses
 * it (remembered per announcement). Not on the organisers' own area, whose tab previews it.
 */
export function AnnouncementBanner() {
  const { pathname } = useLocation();
  const [shown, setShown] = useState<CurrentAnnouncement["announcement"]>(null);
  const organisers = pathname.startsWith("/admin");

  useEffect(() => {
    if (organisers || !navigator.onLine) return;
    let live = true;
    void fetch(ANNOUNCEMENT_PATH, { cache: "no-cache", headers: { Accept: "application/json" } })
      .then((res) => (res.ok ? (res.json() as Promise<CurrentAnnouncement>) : null))
      .then((data) => {
        const a = data?.announcement;
        if (!live) return;
        const gone = !a || Date.parse(a.until) <= Date.now();
        setShown(gone || dismissedIds(localStorage.getItem(DISMISSED_KEY)).includes(a.id) ? null : a);
      })
      .catch(() => {
        // Offline or no server behind the pages (a static preview): no banner.
      });
    return () => {
      live = false;
    };
  }, [pathname, organisers]);

  function dismiss() {
    if (!shown) return;
    try {
      localStorage.setItem(DISMISSED_KEY, withDismissed(dismissedIds(localStorage.getItem(DISMISSED_KEY)), shown.id));
    } catch {
      // Storage refused (private mode): dismissed for this page only.
    }
    setShown(null);
    // The button is gone: the keyboard goes on from the page's content, where it stands.
    document.getElementById("main")?.focus({ preventScroll: true });
  }

  return (
    <div role="status" className="pointer-events-none fixed inset-x-3 bottom-3 z-40 mx-auto max-w-xl">
      {shown && !organisers ? <AnnouncementBox title={shown.title} body={shown.body} onDismiss={dismiss} /> : null}
    </div>
  );
}
