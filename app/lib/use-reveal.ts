import { useEffect, useRef } from "react";
import { prefersReducedMotion } from "./motion";

/**
 * Entrance animation (fade-in-up, CSS in app.css under `[data-reveal]`). The pre-rendered HTML never
 * hides anything: only after hydration, and only for an element that is then below the viewport, is it
 * marked `data-reveal="waiting"` (transparent); when it scrolls into view it becomes "shown" and
 * animates with opacity and transform only, so nothing moves in the layout. Under reduced motion
 * nothing is marked (and the CSS applies only to `prefers-reduced-motion: no-preference`).
 */

type Reveal = () => void;

const pending = new Map<Element, Reveal>();
let observer: IntersectionObserver | undefined;

function sharedObserver(): IntersectionObserver {
  if (!observer) {
    observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          pending.get(entry.target)?.();
        }
      },
      // Reveal a little after the top edge enters, so the motion is seen.
      { rootMargin: "0px 0px -40px 0px" },
    );
    // Printing shows everything, scrolled to or not, without animating.
    window.addEventListener("beforeprint", () => {
      for (const element of [...pending.keys()]) {
        if (element instanceof HTMLElement) delete element.dataset.reveal;
        pending.delete(element);
        observer?.unobserve(element);
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
  if (!isBelowViewport(element.getBoundingClientRect(), window.innerHeight)) return () => {};

  const io = sharedObserver();
  const done = () => {
    pending.delete(element);
    io.unobserve(element);
  };
  element.style.setProperty("--reveal-delay", `${delayMs}ms`);
  element.dataset.reveal = "waiting";
  pending.set(element, () => {
    element.dataset.reveal = "shown";
    done();
  });
  io.observe(element);

  return () => {
    done();
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
