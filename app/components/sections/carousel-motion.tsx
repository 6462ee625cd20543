// Loaded after hydration, only when a carousel is about to be seen: embla and its autoplay plugin stay out
// of every page's initial JavaScript. The banner (banner-motion.tsx) and the rows (auto-carousel.tsx) use it.
import useEmblaCarousel from "embla-carousel-react";
import Autoplay from "embla-carousel-autoplay";
import { useEffect, useState } from "react";
import type { CarouselControls } from "../ui/carousel-playback";

type EmblaOptions = NonNullable<Parameters<typeof useEmblaCarousel>[0]>;
type EmblaPlugins = NonNullable<Parameters<typeof useEmblaCarousel>[1]>;

export interface CarouselMotionProps {
  viewport: HTMLElement;
  /** ms between slides. */
  delayMs: number;
  /** Embla options beside the endless loop and the page's direction. */
  options?: EmblaOptions;
  /** More embla plugins (the banner's fade); created once. */
  extraPlugins?: () => EmblaPlugins;
  onReady: (controls: CarouselControls | null) => void;
  /** The selected slide's index, after each move. */
  onSelect?: (index: number) => void;
  /** Indexes of the slides in view, after each move. */
  onInView?: (indexes: number[]) => void;
}

/** Turns pre-rendered slides into an infinite, autoplaying embla carousel. Renders nothing itself. */
export default function CarouselMotion({
  viewport,
  delayMs,
  options,
  extraPlugins,
  onReady,
  onSelect,
  onInView,
}: CarouselMotionProps) {
  const [plugins] = useState(() => [
    ...(extraPlugins?.() ?? []),
    // The carousel decides when to play (hover, focus, reduced motion, its pause button): the plugin's own stops are off.
    Autoplay({
      delay: delayMs,
      playOnInit: false,
      stopOnInteraction: false,
      stopOnMouseEnter: false,
      stopOnFocusIn: false,
    }),
  ]);
  const [setViewport, api] = useEmblaCarousel(
    // Right-to-left pages scroll the other way round (embla needs to be told).
    { ...options, loop: true, direction: getComputedStyle(viewport).direction === "rtl" ? "rtl" : "ltr" },
    plugins,
  );

  useEffect(() => setViewport(viewport), [setViewport, viewport]);

  useEffect(() => {
    if (!api) return;
    const select = () => onSelect?.(api.selectedScrollSnap());
    // Embla reports the slides in view from an IntersectionObserver, which may have answered before this
    // effect listened: ask once now too (an empty list only means it has not answered yet).
    const report = () => {
      const inView = api.slidesInView();
      if (inView.length > 0) onInView?.(inView);
    };
    api.on("select", select);
    api.on("slidesInView", report);
    report();
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
      api.off("select", select);
      api.off("slidesInView", report);
      onReady(null);
    };
  }, [api, onReady, onSelect, onInView]);

  return null;
}
