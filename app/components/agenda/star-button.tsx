import { Star } from "lucide-react";
import { useAgenda } from "~/lib/agenda/store";

export interface StarButtonProps {
  /** The session's stable number. */
  number: number;
  title: string;
  className?: string;
  /** Shows "In my agenda" / "Add to my agenda" next to the star. */
  withText?: boolean;
}

/** A toggle button that keeps a session in "My agenda". Its name stays the same; aria-pressed says the state. */
export function StarButton({ number, title, className = "", withText = false }: StarButtonProps) {
  const { starred, toggle } = useAgenda();
  const on = starred.has(number);
  return (
    <button
      type="button"
      data-print-hide
      data-needs-js
      aria-pressed={on}
      aria-label={withText ? undefined : `My agenda: ${title}`}
      onClick={() => toggle(number)}
      className={`relative z-10 inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full ${className}`}
    >
      <Star aria-hidden="true" className={`size-6 ${on ? "fill-gold text-gold" : ""}`} />
      {withText && (
        <span>
          My agenda<span className="sr-only">: {title}</span>
        </span>
      )}
    </button>
  );
}
