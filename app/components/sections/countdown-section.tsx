import { Countdown } from "../ui/countdown";

export interface CountdownSectionProps {
  /** ISO instant with the event's offset: the first day's opening. */
  target: string;
  /** "Thursday, 24 October 2024, 09:00" */
  startText: string;
}

/** Right under the banner: the time left until the conference opens. */
export function CountdownSection({ target, startText }: CountdownSectionProps) {
  return (
    <section
      aria-labelledby="countdown-title"
      className="on-dark border-t border-white/10 bg-night pt-10 pb-14 text-paper sm:pt-12 sm:pb-16"
    >
      <div className="container-page grid items-center gap-6 lg:grid-cols-[1fr_2fr] lg:gap-12">
        <div>
          <h2 id="countdown-title" className="text-2xl font-semibold sm:text-3xl">
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
    </section>
  );
}
