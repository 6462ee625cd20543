import { Link } from "react-router";
import { eventPhase, nowAndNext, useNow } from "~/lib/schedule/now";
import { eventClock } from "~/lib/schedule/time";
import { Countdown, TookPlace } from "../ui/countdown";
import { pageUrl } from "~/lib/urls";

export interface NowSession {
  dayId: number;
  id: number;
  title: string;
  startsAt: string;
  endsAt?: string;
}

export interface CountdownSectionProps {
  /** ISO instant with the event's offset: the first day's opening. */
  target: string;
  /** "Thursday, 24 October 2024, 09:00" */
  startText: string;
  /** ISO instant: the end of the last day. */
  endsAt?: string;
  /** "24 - 27 October 2024" */
  dateText?: string;
  /** Every session, to say what is on now during the event. */
  sessions?: NowSession[];
  timeZone?: string;
}

/**
 * Right under the banner: before the conference, the time left until it opens; while it runs, what is
 * on now and next (in the event's zone); afterwards, "Took place …" with links to the gallery and blog.
 * The pre-rendered HTML is the "before" form; the phase is worked out after hydration.
 */
export function CountdownSection({ target, startText, endsAt, dateText, sessions, timeZone }: CountdownSectionProps) {
  const now = useNow();
  const phase = now !== null && endsAt ? eventPhase(now, target, endsAt) : "before";
  const onNow = phase === "during" && now !== null && sessions && timeZone ? nowAndNext(sessions, now, timeZone) : null;
  const after = phase === "after" && Boolean(dateText);
  const counting = !after && !onNow;

  return (
    <section
      aria-labelledby="countdown-title"
      className="on-dark border-t border-white/10 bg-night pt-10 pb-14 text-paper sm:pt-12 sm:pb-16"
    >
      {/* One grid cell for every phase: the countdown keeps its room (hidden) once it gives way, so the page
          does not move after hydration, e.g. under a visitor who followed a link to #schedule. */}
      <div className="grid *:[grid-area:1/1]">
        <div
          className={`container-page grid items-center gap-6 lg:grid-cols-[1fr_2fr] lg:gap-12 ${counting ? "" : "invisible"}`}
          aria-hidden={counting ? undefined : true}
          inert={!counting}
        >
          <div>
            <h2 id={counting ? "countdown-title" : undefined} className="text-2xl font-semibold sm:text-3xl">
              The conference opens in
            </h2>
            <p className="mt-2 text-lilac">{startText}</p>
          </div>
          <Countdown
            target={target}
            label="Time left until the conference opens"
            expiredMessage="Countdown finished: the Wrapped in Grace Conference has begun."
          />
        </div>
        {after && dateText && (
          <div className="container-page self-center">
            <TookPlace dateText={dateText} headingId="countdown-title" />
          </div>
        )}
        {!after && onNow && (
          <div className="container-page" data-now-banner>
            <h2 id="countdown-title" className="text-2xl font-semibold sm:text-3xl">
              {onNow.current ? "On now" : "The conference is under way"}
            </h2>
            {onNow.current && (
              <p className="mt-2 font-serif text-xl text-gold">
                <Link to={pageUrl.session(onNow.current.dayId, onNow.current.id)} className="underline">
                  {onNow.current.title}
                </Link>
              </p>
            )}
            {onNow.next && timeZone && (
              <p className="mt-2 text-lilac">
                Next, at {eventClock(onNow.next.startsAt)}:{" "}
                <Link to={pageUrl.session(onNow.next.dayId, onNow.next.id)} className="text-paper underline">
                  {onNow.next.title}
                </Link>
              </p>
            )}
            <p className="mt-4">
              <Link to="/schedule" className="font-semibold text-gold underline underline-offset-4 hover:no-underline">
                Today&rsquo;s schedule
              </Link>
            </p>
          </div>
        )}
      </div>
    </section>
  );
}
