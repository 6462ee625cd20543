import { useEffect, useRef } from "react";
import { prefersReducedMotion } from "../motion";

/**
 * Entrance animation (fade-in-up, CSS in app.css under `[data-reveal]`). The pre-rendered HTML never
 * hides anything: only after hydration, and only for an element that is then below the viewport, is it
 * marked `data-reveal="waiting"` (transparent); when it scrolls into view it becomes "shown" and
 * animates with opacity and transform only, so nothing moves in the layout. Under reduced motion
 * nothing is marked (and the CSS applies only to `prefers-reduced-motion: no-preference`).
 */

/** An element being watched: first where it starts ("probe"), then, if below the viewport, for its entrance. */
interface Watch {
  delayMs: number;
  state: "probe" | "waiting";
}

const watched = new Map<HTMLElement, Watch>();
let observer: IntersectionObserver | undefined;

function stop(element: HTMLElement) {
  watched.delete(element);
  observer?.unobserve(element);
}

function sharedObserver(): IntersectionObserver {
  if (!observer) {
    observer = new IntersectionObserver(
      (entries) => {
        // Read once, before the loop writes: reading innerHeight after a write forces a layout each time.
        const viewportHeight = window.innerHeight;
        for (const entry of entries) {
          const element = entry.target as HTMLElement;
          const watch = watched.get(element);
          if (!watch) continue;
          if (watch.state === "probe") {
            // The observer's first report says where the element starts, measured with the next frame's
            // layout: asking getBoundingClientRect() here for each element would force a layout per element.
            if (!isBelowViewport(entry.boundingClientRect, viewportHeight)) {
              stop(element);
              continue;
            }
            watch.state = "waiting";
            element.style.setProperty("--reveal-delay", `${watch.delayMs}ms`);
            element.dataset.reveal = "waiting";
          } else if (entry.isIntersecting) {
            element.dataset.reveal = "shown";
            stop(element);
          }
        }
      },
      // Reveal a little after the top edge enters, so the motion is seen.
      { rootMargin: "0px 0px -40px 0px" },
    );
    // Printing shows everything, scrolled to or not, without animating.
    window.addEventListener("beforeprint", () => {
      for (const element of [...watched.keys()]) {
        delete element.dataset.reveal;
        stop(element);
      }
    });
  }
  return observer;
}

/** Whether an element starts below the visible part of the page (so it may wait for its entrance). */
export function isBelowViewport(rect: Pick<DOMRect, "top" | "height">, viewportHeight: number): boolean {
  return rect.height > 0 && rect.top >= viewportHeight;
}

/**
 * Gives `element` the entrance animation, `delayMs` after it comes into view, if it starts below the
 * viewport and motion is allowed. Returns the cleanup. Used by `useReveal` and, for pre-rendered HTML
 * that is not hydrated (`StaticIsland`), on every element carrying `data-reveal-delay`.
 */
export function attachReveal(element: HTMLElement, delayMs = 0): () => void {
  if (typeof IntersectionObserver === "undefined") return () => {};
  if (prefersReducedMotion()) return () => {};
  watched.set(element, { delayMs, state: "probe" });
  sharedObserver().observe(element);
  return () => {
    stop(element);
    delete element.dataset.reveal;
    element.style.removeProperty("--reveal-delay");
  };
}

/**
 * Attach the returned props to an element to give it the entrance animation, `delayMs` after it comes into
 * view: `<li {...useReveal(150)}>`. The attribute lets `StaticIsland` do the same without hydrating.
 */
export function useReveal<T extends HTMLElement>(delayMs = 0) {
  const ref = useRef<T>(null);

  useEffect(() => {
    const element = ref.current;
    return element ? attachReveal(element, delayMs) : undefined;
  }, [delayMs]);

  return { ref, "data-reveal-delay": delayMs };
}
