import { useEffect, useState } from "react";
import { Link } from "react-router";
import { countdownParts, msUntilNextTick, parseInstant, type CountdownParts } from "~/lib/schedule/countdown";
import { compactRange } from "~/lib/schedule/now";

export interface CountdownProps {
  /** The moment counted down to: ISO 8601 with the event's offset ("2024-10-24T09:00:00-05:00"). */
  target: string;
  /** Accessible name of the timer, e.g. "Time left until the conference opens". */
  label: string;
  /** Logged once per page load (console.info) when the countdown is at zero. */
  expiredMessage: string;
  className?: string;
  /**
   * Once both the target and `after.at` (the conference's end) have passed, the timer gives way to
   * "Took place 24–27 October 2024" with links to the gallery and the blog.
   */
  after?: EventOver;
}

export interface EventOver {
  /** ISO instant with offset: the end of the conference's last day. */
  at: string;
  /** "24 - 27 October 2024" */
  dateText: string;
}

const UNITS = [
  ["days", "Days"],
  ["hours", "Hours"],
  ["minutes", "Minutes"],
  ["seconds", "Seconds"],
] as const satisfies readonly (readonly [keyof CountdownParts, string])[];

/** Targets whose expiry has been logged in this page load (survives remounts and Strict Mode). */
const loggedExpiry = new Set<string>();

/**
 * Days, hours, minutes and seconds to `target` as large tabular numerals, ticking each second.
 * The pre-rendered HTML and the first client render show "--" (the build's clock is not the
 * visitor's); the values appear after hydration. No live region: screen readers read the time
 * when they reach it instead of hearing every second.
 */
export function Countdown({ target, label, expiredMessage, className = "", after }: CountdownProps) {
  const [parts, setParts] = useState<CountdownParts | null>(null);
  const [over, setOver] = useState(false);
  const afterAt = after?.at;

  useEffect(() => {
    let timer: number | undefined;
    const tick = () => {
      const now = Date.now();
      const next = countdownParts(target, now);
      setParts(next);
      if (afterAt && next.expired && now >= parseInstant(afterAt)) {
        setOver(true);
        return;
      }
      if (next.expired) {
        if (!loggedExpiry.has(target)) {
          loggedExpiry.add(target);
          console.info(expiredMessage);
        }
        return;
      }
      timer = window.setTimeout(tick, msUntilNextTick(target, now));
    };
    tick();
    return () => window.clearTimeout(timer);
  }, [target, expiredMessage, afterAt]);

  if (over && after) return <TookPlace dateText={after.dateText} className={className} />;

  return (
    <div role="timer" aria-label={label} className={`grid grid-cols-4 gap-2 sm:gap-4 ${className}`}>
      {UNITS.map(([key, name]) => (
        <div
          key={key}
          data-unit={key}
          className="flex flex-col items-center rounded-[var(--radius-card)] bg-white/6 px-1 py-3 ring-1 ring-white/12 sm:py-5"
        >
          <span className="font-sans text-4xl leading-none font-semibold text-gold tabular-nums sm:text-5xl lg:text-6xl">
            {parts ? parts[key] : "--"}
          </span>
          <span className="mt-2 text-[0.6875rem] font-semibold tracking-[0.06em] text-lilac uppercase sm:text-sm sm:tracking-[0.12em]">
            {name}
          </span>
        </div>
      ))}
    </div>
  );
}

/** What replaces a countdown once the conference is over. */
export function TookPlace({
  dateText,
  className = "",
  headingId,
}: {
  dateText: string;
  className?: string;
  headingId?: string;
}) {
  const Text = headingId ? "h2" : "p";
  return (
    <div data-event-over className={`text-center ${className}`}>
      <Text id={headingId} className="font-serif text-2xl font-semibold text-paper sm:text-3xl">
        Took place {compactRange(dateText)}
      </Text>
      <p className="mt-4 flex flex-wrap justify-center gap-x-6 gap-y-2 text-lilac">
        <Link to="/gallery" className="font-semibold text-gold underline underline-offset-4 hover:no-underline">
          See the photos in the gallery
        </Link>
        <Link to="/blog-grid" className="font-semibold text-gold underline underline-offset-4 hover:no-underline">
          Read the blog
        </Link>
      </p>
    </div>
  );
}
