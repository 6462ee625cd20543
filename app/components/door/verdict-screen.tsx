import { Check, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { detail, headline } from "~/lib/door/words";
import type { Shown } from "./use-door";

export interface VerdictScreenProps {
  shown: Shown;
  onNext: () => void;
  /** The event's time zone: the times said (issue 53). */
  timeZone?: string;
}

/** How long a verdict fills the screen unless tapped away (the page is ready for the next before that). */
const SHOW_MS = 2500;

/**
 * The verdict over the whole screen (issue 43): green to admit, red to stop, readable at arm's length. A tap
 * anywhere, or SHOW_MS, makes the page ready for the next ticket. `data-verdict` says which it is.
 */
export function VerdictScreen({ shown, onNext, timeZone }: VerdictScreenProps) {
  const { verdict } = shown;
  const good = verdict.kind === "admitted";
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    button.current?.focus();
    const timer = setTimeout(onNext, SHOW_MS);
    return () => clearTimeout(timer);
  }, [shown.id, onNext]);
  const Icon = good ? Check : X;
  return (
    <div
      role="alert"
      data-verdict={verdict.kind}
      className={`fixed inset-0 z-50 flex flex-col items-center justify-center gap-6 p-6 text-center text-white ${good ? "bg-[#14532d]" : "bg-[#991b1b]"}`}
    >
      <Icon aria-hidden="true" className="size-28 shrink-0" strokeWidth={2.5} />
      <p className="font-serif text-4xl leading-tight font-bold text-balance">{headline(verdict, timeZone)}</p>
      {detail(verdict) && <p className="text-xl font-semibold">{detail(verdict)}</p>}
      {/* The whole screen is the button: one thumb anywhere goes on. */}
      <button
        ref={button}
        type="button"
        onClick={onNext}
        className="absolute inset-0 flex items-end justify-center pb-10 text-lg font-semibold underline focus-visible:outline-offset-[-8px]"
      >
        Tap for the next ticket
      </button>
    </div>
  );
}
