// Loaded after hydration, only when a carousel comes near the viewport: embla and its autoplay plugin
// stay out of every page's initial JavaScript.
import useEmblaCarousel from "embla-carousel-react";
import Autoplay from "embla-carousel-autoplay";
import { useEffect, useState } from "react";

export interface CarouselControls {
  previous: () => void;
  next: () => void;
  play: () => void;
  stop: () => void;
}

export interface CarouselMotionProps {
  viewport: HTMLElement;
  /** ms between slides. */
  delayMs: number;
  onReady: (controls: CarouselControls | null) => void;
  /** Indexes of the slides in view, after each move. */
  onInView: (indexes: number[]) => void;
}

/** Turns pre-rendered slides into an infinite, autoplaying embla carousel. Renders nothing itself. */
export default function CarouselMotion({ viewport, delayMs, onReady, onInView }: CarouselMotionProps) {
  const [plugins] = useState(() => [
    // The carousel decides when to play (hover, focus, reduced motion, its pause button).
    Autoplay({
      delay: delayMs,
      playOnInit: false,
      stopOnInteraction: false,
      stopOnMouseEnter: false,
      stopOnFocusIn: false,
    }),
  ]);
  const [setViewport, api] = useEmblaCarousel(
    { loop: true, align: "start", direction: getComputedStyle(viewport).direction === "rtl" ? "rtl" : "ltr" },
    plugins,
  );

  useEffect(() => setViewport(viewport), [setViewport, viewport]);

  useEffect(() => {
    if (!api) return;
    const report = () => onInView(api.slidesInView());
    api.on("slidesInView", report);
    const autoplay = api.plugins().autoplay;
    onReady({
      previous: () => {
        api.scrollPrev();
        autoplay?.reset();
      },
      next: () => {
        api.scrollNext();
        autoplay?.reset();
      },
      play: () => autoplay?.play(),
      stop: () => autoplay?.stop(),
    });
    return () => {
      api.off("slidesInView", report);
      onReady(null);
    };
  }, [api, onReady, onInView]);

  return null;
}
