import { ChevronLeft, ChevronRight } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { PlayPauseLabel, useCarouselPlayback, useCarouselViewport } from "../ui/carousel-playback";

const CarouselMotion = lazy(() => import("./carousel-motion"));

export interface AutoCarouselProps {
  /** Accessible name, e.g. "Our partners". */
  label: string;
  slides: { key: string | number; content: ReactNode }[];
  /** Width of one slide at each breakpoint (Tailwind `basis-*` classes): how many are visible. */
  slideClass: string;
  /** ms between slides (spec: 5000). */
  delayMs: number;
}

const controlClass =
  "inline-flex size-11 items-center justify-center rounded-full bg-paper text-ink shadow-soft ring-1 ring-ink/10 hover:bg-gold";

/**
 * A row of slides that moves by one every `delayMs`, in an endless loop. The pre-rendered HTML is the
 * plain row (the first slides visible; without JavaScript it scrolls sideways). Embla is loaded once the
 * carousel comes near the viewport. It pauses while the pointer is over it or focus is in it, has a
 * pause button (WCAG 2.2.2), and starts paused under reduced motion.
 */
export function AutoCarousel({ label, slides, slideClass, delayMs }: AutoCarouselProps) {
  const rootRef = useRef<HTMLElement>(null);
  // The motion starts once the carousel comes near.
  const { viewportRef, viewport, start: startMotion } = useCarouselViewport();
  const [inView, setInView] = useState<number[] | null>(null);
  const { controls, onReady, pausedByUser, togglePause, startPausedIfReducedMotion, rootProps } = useCarouselPlayback();

  useEffect(() => {
    const root = rootRef.current;
    if (!root || typeof IntersectionObserver === "undefined") return;
    startPausedIfReducedMotion();
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return;
        startMotion();
        observer.disconnect();
      },
      { rootMargin: "300px" },
    );
    observer.observe(root);
    return () => observer.disconnect();
  }, [startPausedIfReducedMotion, startMotion]);

  return (
    <section ref={rootRef} aria-label={label} aria-roledescription="carousel" {...rootProps}>
      <div ref={viewportRef} className="overflow-hidden noscript:overflow-x-auto">
        <div className="flex">
          {slides.map((slide, index) => (
            <div
              key={slide.key}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              inert={inView ? !inView.includes(index) : undefined}
              className={`min-w-0 shrink-0 grow-0 px-3 ${slideClass}`}
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
      <div data-needs-js className="mt-6 flex justify-center gap-2">
        <button type="button" className={controlClass} onClick={() => controls?.previous()}>
          <ChevronLeft aria-hidden="true" size={22} strokeWidth={1.5} className="rtl:-scale-x-100" />
          <span className="sr-only">Previous slide</span>
        </button>
        <button type="button" className={controlClass} onClick={togglePause}>
          <PlayPauseLabel paused={pausedByUser} />
        </button>
        <button type="button" className={controlClass} onClick={() => controls?.next()}>
          <ChevronRight aria-hidden="true" size={22} strokeWidth={1.5} className="rtl:-scale-x-100" />
          <span className="sr-only">Next slide</span>
        </button>
      </div>
      {viewport && (
        <Suspense fallback={null}>
          <CarouselMotion viewport={viewport} delayMs={delayMs} onReady={onReady} onInView={setInView} />
        </Suspense>
      )}
    </section>
  );
}
