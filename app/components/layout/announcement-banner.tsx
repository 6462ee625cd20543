import { ChevronDown, Megaphone, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useLocation } from "react-router";
import { ANNOUNCEMENT_PATH, dismissedIds, DISMISSED_KEY, POLL_MS, withDismissed } from "~/lib/announcement-banner";
import type { CurrentAnnouncement, ShownAnnouncement } from "~/lib/announcements";

export interface AnnouncementBoxProps {
  title: string;
  body: string;
  /** Without it, no dismiss button (the organisers' preview). */
  onDismiss?: () => void;
  /** The heading's level where it stands (the organisers' preview is under their own headings). */
  heading?: "h2" | "h4";
  className?: string;
}

/**
 * The announcement as the site shows it (issue 51): one line, its title, which opens to the text (a disclosure
 * button inside the heading, as in an accordion; Escape closes it), and Dismiss. A region named by its title;
 * text on night (AA: 10.5:1 and more), the focus ring gold on night (9.1:1).
 */
export function AnnouncementBox({
  title,
  body,
  onDismiss,
  heading: Heading = "h2",
  className = "",
}: AnnouncementBoxProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const onToggleKey = (event: KeyboardEvent) => {
    if (event.key === "Escape" && open) setOpen(false);
  };
  // Escape as well as Enter and Space on the dismiss button.
  const onDismissKey = (event: KeyboardEvent) => {
    if (event.key === "Escape" && onDismiss) onDismiss();
  };
  return (
    <section aria-labelledby={`${id}-title`} className={`bg-night text-paper ${className}`} data-announcement>
      <div className="flex items-center gap-1">
        <Heading id={`${id}-title`} className="min-w-0 flex-1 font-sans text-base leading-snug font-semibold">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={`${id}-text`}
            onClick={() => setOpen(!open)}
            onKeyDown={onToggleKey}
            className="flex min-h-11 w-full items-center gap-2 rounded-lg px-1 text-start hover:text-gold"
          >
            <Megaphone aria-hidden="true" className="size-5 shrink-0 text-gold" />
            <span className={`min-w-0 ${open ? "break-words" : "truncate"}`}>
              <span className="sr-only">Announcement:</span> {title}
            </span>
            <ChevronDown
              aria-hidden="true"
              className={`ms-auto size-5 shrink-0 text-gold motion-safe:transition-transform motion-safe:duration-200 ${open ? "rotate-180" : ""}`}
            />
          </button>
        </Heading>
        {onDismiss ? (
          <button
            type="button"
            onClick={onDismiss}
            onKeyDown={onDismissKey}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-paper hover:bg-paper/10"
          >
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">Dismiss the announcement</span>
          </button>
        ) : null}
      </div>
      <div id={`${id}-text`} hidden={!open} className="ps-8 pe-1 pb-3">
        <p className="break-words whitespace-pre-line text-lilac">{body}</p>
      </div>
    </section>
  );
}

type Shown = ShownAnnouncement[];

/** The announcements this browser should show: not expired, not dismissed here. */
function showable(answer: CurrentAnnouncement): Shown {
  // A server from before issue 62 says only its newest.
  const all = answer.announcements ?? (answer.announcement ? [answer.announcement] : []);
  let dismissed: number[] = [];
  try {
    dismissed = dismissedIds(localStorage.getItem(DISMISSED_KEY));
  } catch {
    // Storage refused (private mode): nothing dismissed.
  }
  return all.filter((a) => Date.parse(a.until) > Date.now() && !dismissed.includes(a.id));
}

/**
 * The announcements showing now (several can be live at once: issue 62), asked on each page and again every
 * POLL_MS while the tab is visible (issue 51: a page left open shows a new one within 30 s); the asking stops
 * while the tab is hidden and starts again, at once, when it shows. An unchanged answer is a bodiless 304
 * (If-None-Match).
 */
export function useCurrentAnnouncements(enabled: boolean, pathname: string): [Shown, (a: Shown) => void] {
  const [shown, setShown] = useState<Shown>([]);
  const etag = useRef<string | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asking: AbortController | undefined;
    let turn = 0;

    async function ask() {
      const mine = ++turn;
      clearTimeout(timer);
      asking?.abort();
      if (navigator.onLine) {
        asking = new AbortController();
        try {
          const res = await fetch(ANNOUNCEMENT_PATH, {
            cache: "no-store",
            headers: { Accept: "application/json", ...(etag.current ? { "If-None-Match": etag.current } : {}) },
            signal: asking.signal,
          });
          if (res.status === 200) {
            const data = (await res.json()) as CurrentAnnouncement;
            if (live && mine === turn) {
              etag.current = res.headers.get("ETag");
              setShown(showable(data));
            }
          }
          // 304: as it was. Anything else: try again at the next turn.
        } catch {
          // Offline, asked again, or no server behind the pages (a static preview): no change.
        }
      }
      if (live && mine === turn && document.visibilityState === "visible")
        timer = setTimeout(() => void ask(), POLL_MS);
    }
    const onVisibility = () => {
      if (document.visibilityState === "visible") void ask();
      else {
        turn++;
        clearTimeout(timer);
      }
    };
    const onOnline = () => void ask();
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("online", onOnline);
    void ask();
    return () => {
      live = false;
      clearTimeout(timer);
      asking?.abort();
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("online", onOnline);
    };
  }, [enabled, pathname]);

  return [shown, setShown];
}

/**
 * The organisers' announcements at the top of every page (issue 44; issue 51): one-line strips in the page's
 * flow above the header, so they cover nothing, read from a small JSON after the page is idle (the pre-rendered
 * pages need no rebuild); each shown until it expires or is withdrawn, or until this browser dismisses it
 * (remembered per announcement), the newest first: a new one never hides another (issue 62). Not on the
 * organisers' own area, whose tab previews them.
 */
export function AnnouncementBanner() {
  const { pathname } = useLocation();
  const organisers = pathname.startsWith("/admin");
  const [shown, setShown] = useCurrentAnnouncements(!organisers, pathname);

  function dismiss(id: number) {
    try {
      localStorage.setItem(DISMISSED_KEY, withDismissed(dismissedIds(localStorage.getItem(DISMISSED_KEY)), id));
    } catch {
      // Storage refused (private mode): dismissed for this page only.
    }
    setShown(shown.filter((a) => a.id !== id));
    // The button is gone: the keyboard goes on from the page's content, where it stands.
    document.getElementById("main")?.focus({ preventScroll: true });
  }

  if (!shown.length || organisers) return null;
  return (
    <div className="border-b border-gold/40 bg-night print:hidden">
      {shown.map((a, i) => (
        <AnnouncementBox
          key={a.id}
          title={a.title}
          body={a.body}
          onDismiss={() => dismiss(a.id)}
          className={`container-page py-1 ${i > 0 ? "border-t border-paper/15" : ""}`}
        />
      ))}
    </div>
  );
}
