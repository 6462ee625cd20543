import { Pause, Play } from "lucide-react";
import { startTransition, useCallback, useEffect, useRef, useState, type FocusEvent, type PointerEvent } from "react";
import { prefersReducedMotion } from "~/lib/motion";

/** What the lazily loaded carousel motion (sections/carousel-motion.tsx) hands back once it runs. */
export interface CarouselControls {
  previous: () => void;
  next: () => void;
  play: () => void;
  stop: () => void;
}

/**
 * When an autoplaying carousel plays: never while a mouse is over it or focus is in it, nor after the
 * visitor pressed pause (WCAG 2.2.2); under reduced motion it starts paused (call `startPausedIfReducedMotion`
 * from an effect). Spread `rootProps` on the carousel's root and pass `onReady` to the motion.
 */
export function useCarouselPlayback(active = true) {
  const [controls, setControls] = useState<CarouselControls | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [pausedByUser, setPausedByUser] = useState(false);
  const playing = active && !pausedByUser && !hovered && !focused;

  useEffect(() => {
    if (!controls) return;
    if (playing) controls.play();
    else controls.stop();
  }, [controls, playing]);

  const onReady = useCallback((next: CarouselControls | null) => setControls(next), []);
  const startPausedIfReducedMotion = useCallback(() => {
    if (prefersReducedMotion()) setPausedByUser(true);
  }, []);

  return {
    controls,
    onReady,
    playing,
    pausedByUser,
    togglePause: () => setPausedByUser((paused) => !paused),
    startPausedIfReducedMotion,
    rootProps: {
      // A mouse over the carousel pauses it (a tap on a touch screen does not, or it would never resume).
      onPointerEnter: (event: PointerEvent) => setHovered(event.pointerType === "mouse"),
      onPointerLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: (event: FocusEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      },
    },
  };
}

/**
 * The carousel's viewport for its lazily loaded motion: put `viewportRef` on the element and call `start` from an
 * effect (after hydration, or once the carousel comes near); `viewport` is null until then. The element goes
 * into state in a transition: a callback ref setting state re-rendered the carousel synchronously inside the
 * hydration's commit, one long task (issue 19).
 */
export function useCarouselViewport() {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const start = useCallback(() => startTransition(() => setViewport(viewportRef.current)), []);
  return { viewportRef, viewport, start };
}

/** The carousel's pause / play button's icon and name. */
export function PlayPauseLabel({ paused }: { paused: boolean }) {
  return (
    <>
      {paused ? (
        <Play aria-hidden="true" size={20} strokeWidth={1.5} />
      ) : (
        <Pause aria-hidden="true" size={20} strokeWidth={1.5} />
      )}
      <span className="sr-only">{paused ? "Play slideshow" : "Pause slideshow"}</span>
    </>
  );
}
