import { useEffect, useRef, useState } from "react";
import type { FunFact } from "~/content/schemas";
import { prefersReducedMotion } from "~/lib/motion";
import { isBelowViewport } from "~/lib/hooks/use-reveal";
import { ContentIcon } from "../ui/content-icon";

export interface FunFactsProps {
  facts: Pick<FunFact, "id" | "icon" | "end" | "title">[];
  /** How long each counter runs (spec: 5 s). */
  durationMs: number;
  /** Accessible name of the section (it has no visible heading in the template). */
  label?: string;
}

/**
 * Animated participant counters. The pre-rendered HTML shows the final values, and so does a page
 * where the counters are already on screen at hydration or the visitor prefers reduced motion. Only
 * counters that start below the viewport drop to 0 after hydration and count up (ease-out, `durationMs`)
 * once scrolled into view. Screen readers get the final number, never the ticking one.
 */
export function FunFacts({ facts, durationMs, label = "The conference in numbers" }: FunFactsProps) {
  return (
    <section aria-label={label} className="on-dark bg-night py-16 text-paper sm:py-20">
      <ul className="container-page grid grid-cols-2 gap-8 lg:grid-cols-4">
        {facts.map((fact) => (
          <li key={fact.id} className="flex flex-col items-center text-center">
            <span className="inline-flex size-16 items-center justify-center rounded-full bg-white/8 text-gold ring-1 ring-white/15">
              <ContentIcon name={fact.icon} size={30} />
            </span>
            <Counter end={fact.end} durationMs={durationMs} />
            <span className="mt-1 text-sm font-semibold tracking-[0.12em] text-lilac uppercase">{fact.title}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Counter({ end, durationMs }: { end: number; durationMs: number }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [value, setValue] = useState(end);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    if (prefersReducedMotion()) return;
    if (!isBelowViewport(element.getBoundingClientRect(), window.innerHeight)) return;

    let frame = 0;
    setValue(0);
    const observer = new IntersectionObserver(([entry]) => {
      if (!entry?.isIntersecting) return;
      observer.disconnect();
      const start = performance.now();
      const step = (now: number) => {
        const progress = Math.min(1, (now - start) / durationMs);
        setValue(Math.round(end * (1 - (1 - progress) ** 3)));
        if (progress < 1) frame = requestAnimationFrame(step);
      };
      frame = requestAnimationFrame(step);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      setValue(end);
    };
  }, [end, durationMs]);

  return (
    <span className="mt-4 font-serif text-5xl font-semibold text-gold tabular-nums">
      <span ref={ref} data-counter={end} aria-hidden="true">
        {value}
      </span>
      <span className="sr-only">{end}</span>
    </span>
  );
}
